//! The geometry of the monsters' tactics (`Tactics` in `data/monsters.toml`), shared by their
//! minds, the rules that carry out their blows (R0) and the telegraph that shows them: where a
//! spear reaches, which tiles a wide swing covers, and which tiles a feinting approach may
//! take.

use crate::geom::Cell;
use crate::map::Level;

/// The tile between `from` and `to` when `to` lies two steps away from `from` along a
/// straight line (both steps the same way on screen) and a blow may cross both steps: the
/// tile between lets a blow through (no wall, no thin wall or closed door on a side, no
/// corner squeezed past). A spear's thrust passes over it, whoever stands there.
pub fn thrust_middle(level: &Level, from: Cell, to: Cell) -> Option<Cell> {
    let grid = &level.terrain;
    grid.moves_at(from).find_map(|(middle, m)| {
        let (end, _) = grid.step(middle, m.dir)?;
        let open = end == to
            && level.passable(middle)
            && level.blow_allowed(from, middle)
            && level.blow_allowed(middle, to);
        open.then_some(middle)
    })
}

/// Whether a blow of `reach` (1 or 2) from `from` may land on `to`: a neighbour a blow can
/// reach, or for a reach of 2 the end of a thrust ([`thrust_middle`]).
pub fn within_reach(level: &Level, reach: u32, from: Cell, to: Cell) -> bool {
    level.blow_allowed(from, to) || reach >= 2 && thrust_middle(level, from, to).is_some()
}

/// The tiles of the map a wide swing from `from` at `target` covers: the target, then the
/// tiles beside it that are next to the swinger too (in the grid's order of neighbours), where
/// no thin wall or closed door on a side stops the swing. The game and the `sim` scenarios
/// both strike these.
pub fn sweep_area(level: &Level, from: Cell, target: Cell) -> Vec<Cell> {
    let grid = &level.terrain;
    std::iter::once(target)
        .chain(grid.neighbours(target).filter(|&h| grid.adjacent(h, from)))
        .filter(|&h| h == target || !level.has_sides() || level.blow_allowed(from, h))
        .filter(|&h| grid.contains(h))
        .collect()
}

/// The tiles a feinting monster at `from` may step onto to stand next to `target`: the
/// neighbours it may step to that `free` accepts and from which a blow reaches `target`, in
/// coordinate order. It takes one of them at random; the telegraph marks them all.
pub fn feint_tiles(
    level: &Level,
    from: Cell,
    target: Cell,
    free: impl Fn(Cell) -> bool,
) -> Vec<Cell> {
    let grid = &level.terrain;
    let mut tiles: Vec<Cell> = grid
        .neighbours(from)
        .filter(|&h| h != target && level.passable(h) && level.move_allowed(from, h))
        .filter(|&h| level.blow_allowed(h, target) && free(h))
        .collect();
    tiles.sort_unstable();
    tiles
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::{Cell, Tiling};
    use crate::map::{Grid, Shape, Terrain};

    fn room() -> Level {
        let shape = Shape::Parallelogram {
            width: 9,
            height: 7,
        };
        Level::new("room", 1, Grid::new(&shape, Terrain::Floor).unwrap())
    }

    #[test]
    fn a_thrust_reaches_two_steps_along_a_straight_line_only() {
        let level = room();
        let at = Cell::new(4, 3);
        let mut ends = Vec::new();
        for y in 0..7 {
            for x in 0..9 {
                let to = Cell::new(x, y);
                if let Some(middle) = thrust_middle(&level, at, to) {
                    let g = &level.terrain;
                    assert!(g.adjacent(middle, at) && g.adjacent(middle, to));
                    ends.push(to);
                }
            }
        }
        ends.sort();
        let twice = |n: Cell| n.offset(n.x - at.x, n.y - at.y);
        let mut straight: Vec<Cell> = level.terrain.neighbours(at).map(twice).collect();
        straight.sort();
        assert_eq!(ends, straight, "the six tiles two steps straight away");
        // A bent tile two steps away is out of reach, and so is a neighbour by a thrust.
        assert!(!within_reach(&level, 2, at, Cell::new(5, 5)));
        assert!(within_reach(&level, 2, at, Cell::new(6, 3)));
        assert!(!within_reach(&level, 1, at, Cell::new(6, 3)));
        assert!(within_reach(&level, 1, at, Cell::new(5, 3)));
    }

    #[test]
    fn a_wall_between_stops_a_thrust() {
        let mut level = room();
        level.terrain.set(Cell::new(5, 3), Terrain::Wall);
        assert_eq!(
            thrust_middle(&level, Cell::new(4, 3), Cell::new(6, 3)),
            None
        );
        // Water between does not.
        level.terrain.set(Cell::new(5, 3), Terrain::ShallowWater);
        assert_eq!(
            thrust_middle(&level, Cell::new(4, 3), Cell::new(6, 3)),
            Some(Cell::new(5, 3))
        );
    }

    #[test]
    fn on_squares_a_thrust_runs_along_rows_columns_and_diagonals() {
        let cells: Vec<Cell> = (0..9)
            .flat_map(|y| (0..9).map(move |x| Cell::new(x, y)))
            .collect();
        let grid = Grid::from_cells(Tiling::Square, &cells, Terrain::Floor).unwrap();
        let level = Level::new("squares", 1, grid);
        let at = Cell::new(4, 4);
        assert!(thrust_middle(&level, at, Cell::new(6, 6)).is_some());
        assert!(thrust_middle(&level, at, Cell::new(4, 2)).is_some());
        assert!(thrust_middle(&level, at, Cell::new(6, 5)).is_none());
    }

    #[test]
    fn on_triangles_a_thrust_crosses_a_neighbour_to_a_tile_beyond_it() {
        let cells: Vec<Cell> = (0..9)
            .flat_map(|y| (0..12).map(move |x| Cell::new(x, y)))
            .collect();
        let grid = Grid::from_cells(Tiling::Triangle, &cells, Terrain::Floor).unwrap();
        let level = Level::new("triangles", 1, grid);
        let grid = &level.terrain;
        let mut thrusts = 0;
        for &a in &cells {
            let from = Cell::new(a.x, a.y);
            for &b in &cells {
                let to = Cell::new(b.x, b.y);
                if let Some(middle) = thrust_middle(&level, from, to) {
                    assert!(grid.adjacent(from, middle) && grid.adjacent(middle, to));
                    assert!(from != to && !grid.adjacent(from, to), "{from:?} {to:?}");
                    thrusts += 1;
                }
            }
        }
        assert!(thrusts > 0, "a spear thrusts on triangles too");
    }

    #[test]
    fn a_swing_covers_the_target_and_the_two_tiles_beside_it_next_to_the_swinger() {
        let mut level = room();
        let (me, target) = (Cell::new(4, 3), Cell::new(5, 3));
        let mut area = sweep_area(&level, me, target);
        area.sort();
        assert_eq!(area, [Cell::new(4, 2), Cell::new(5, 3), Cell::new(5, 4)]);
        // A thin wall between the swinger and a tile beside the target keeps the swing off it.
        let side = level.side_of(me, Cell::new(5, 4)).unwrap();
        assert!(level.set_side(side, crate::map::SideFeature::Wall));
        let mut area = sweep_area(&level, me, target);
        area.sort();
        assert_eq!(area, [Cell::new(4, 2), Cell::new(5, 3)]);
        // At the map's edge, only the tiles on the map.
        let corner = sweep_area(&room(), Cell::new(0, 1), Cell::new(0, 0));
        assert!(corner.iter().all(|&h| level.terrain.contains(h)));
        assert_eq!(corner[0], Cell::new(0, 0));
    }

    #[test]
    fn a_feint_may_take_every_free_tile_next_to_both() {
        let level = room();
        let (me, player) = (Cell::new(4, 3), Cell::new(5, 5));
        let all = feint_tiles(&level, me, player, |_| true);
        assert_eq!(all, [Cell::new(4, 4), Cell::new(5, 4)]);
        let one = feint_tiles(&level, me, player, |h| h != Cell::new(4, 4));
        assert_eq!(one, [Cell::new(5, 4)]);
        // Straight in line, only the tile between.
        assert_eq!(
            feint_tiles(&level, me, Cell::new(6, 3), |_| true),
            [Cell::new(5, 3)]
        );
    }
}
