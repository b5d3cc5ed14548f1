//! Travel and auto-explore helpers: paths through what the player knows.
//!
//! Both plan only through tiles the player knows and can enter, with the terrain's costs;
//! unknown tiles are never planned through.

use super::{Flow, PathScratch, passage};
use crate::geom::Cell;
use crate::map::Level;

/// The cost of entering tile `i` as far as the player knows: its terrain's cost when known
/// and enterable, else `None`.
fn known_cost(level: &Level, known: impl Fn(usize) -> bool) -> impl Fn(usize) -> Option<u32> {
    let grid = &level.terrain;
    move |i| {
        if grid.is_tile(i) && known(i) {
            grid[i].move_cost()
        } else {
            None
        }
    }
}

/// The cheapest path from `from` to `to` (both included) through known, enterable tiles, or
/// `None` when `to` is unknown, cannot be entered or cannot be reached that way.
pub fn travel_path(
    level: &Level,
    known: impl Fn(usize) -> bool,
    from: Cell,
    to: Cell,
) -> Option<Vec<Cell>> {
    travel_path_with(&mut PathScratch::new(), level, known, from, to)
}

/// [`travel_path`] with reusable buffers.
pub fn travel_path_with(
    scratch: &mut PathScratch,
    level: &Level,
    known: impl Fn(usize) -> bool,
    from: Cell,
    to: Cell,
) -> Option<Vec<Cell>> {
    let grid = &level.terrain;
    let (s, g) = (grid.index(from)?, grid.index(to)?);
    scratch.astar_on(&passage(level), known_cost(level, known), s, g)?;
    Some(scratch.cell_path(grid, g))
}

/// The path from `from` (included) to the nearest frontier, or `None` when no frontier can be
/// reached: the level is explored as far as the player can walk.
///
/// A frontier is a known, enterable tile other than `from` with at least one unknown
/// neighbouring tile: standing on it reveals that neighbour (adjacent tiles are always in
/// view). `from` itself never counts, since the player already stands there. On a level with
/// sides, a neighbour behind a thin wall is no frontier (it is never seen from there), and one
/// behind a closed door on a side is reached by stepping into the door (which opens it): the
/// path then ends with that unknown tile, and `from` counts for it too. "Nearest" is by
/// movement cost through known, enterable tiles; among equally near frontiers the first in
/// reading order (lowest storage index) wins.
pub fn explore_step(level: &Level, known: impl Fn(usize) -> bool, from: Cell) -> Option<Vec<Cell>> {
    explore_step_with(&mut PathScratch::new(), level, known, from)
}

/// [`explore_step`] with reusable buffers.
pub fn explore_step_with(
    scratch: &mut PathScratch,
    level: &Level,
    known: impl Fn(usize) -> bool,
    from: Cell,
) -> Option<Vec<Cell>> {
    explore_step_around_with(scratch, level, known, |_| false, from)
}

/// [`explore_step`] round the tiles `avoided` names (by storage index; where someone
/// stands): the path neither crosses nor ends on one, and the tiles still count as known,
/// so what lies beside them is no frontier for it.
pub fn explore_step_around(
    level: &Level,
    known: impl Fn(usize) -> bool,
    avoided: impl Fn(usize) -> bool,
    from: Cell,
) -> Option<Vec<Cell>> {
    explore_step_around_with(&mut PathScratch::new(), level, known, avoided, from)
}

/// [`explore_step_around`] with reusable buffers.
fn explore_step_around_with(
    scratch: &mut PathScratch,
    level: &Level,
    known: impl Fn(usize) -> bool,
    avoided: impl Fn(usize) -> bool,
    from: Cell,
) -> Option<Vec<Cell>> {
    let grid = &level.terrain;
    let s = grid.index(from)?;
    // A frontier borders the unknown across a side: a tile across a side is always seen from
    // its neighbour (their line has no tile between), while one through a triangle's corner
    // may hide behind a wall beside the corner, and exploring would walk to it for ever. On a
    // level with sides, a thin wall hides what lies beyond it for ever, so it borders nothing;
    // beyond a closed door the way goes on through the door (the step into it opens it).
    let across = side_moves(grid);
    let sides = level.sides();
    let mask = grid.tile_mask();
    // The start borders nothing it does not already see, but may stand at a closed door.
    let beyond = |i: usize| -> Option<Option<usize>> {
        let mut behind_door = None;
        for &(o, k) in &across[grid.class(i)] {
            let j = i.wrapping_add_signed(o);
            if !mask[j] || known(j) || !sides.passes(i, k) {
                continue;
            }
            if sides.sees(i, k) {
                if i != s {
                    return Some(None);
                }
                continue;
            }
            behind_door.get_or_insert(j);
        }
        behind_door.map(Some)
    };
    let mut best: Option<(usize, u32, Option<usize>)> = None;
    let way = passage(level);
    let known_cost = known_cost(level, &known);
    let cost = |i: usize| known_cost(i).filter(|_| !avoided(i));
    scratch.dijkstra_on(&way, cost, &[s], u32::MAX, |i, d| {
        match best {
            Some((_, bd, _)) if d > bd => return Flow::Stop,
            Some((bi, _, _)) if bi < i => return Flow::Continue,
            _ => {}
        }
        if let Some(door) = beyond(i) {
            best = Some((i, d, door));
        }
        Flow::Continue
    });
    best.map(|(i, _, door)| {
        let mut path = scratch.cell_path(grid, i);
        path.extend(door.map(|j| grid.cell(j)));
        path
    })
}

/// The storage offset and move index of each move across a side, by tile class.
fn side_moves<T>(grid: &crate::map::Grid<T>) -> Vec<Vec<(isize, usize)>> {
    let tiling = grid.tiling();
    (0..tiling.classes())
        .map(|class| {
            let moves = tiling.moves(class);
            moves
                .as_slice()
                .iter()
                .enumerate()
                .filter(|(_, m)| m.kind == crate::geom::StepKind::Side)
                .map(|(k, m)| (grid.offset_of(m.dx, m.dy), k))
                .collect()
        })
        .collect()
}
