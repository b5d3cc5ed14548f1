//! How soon a walker arrives on each tile under the rules' cost of terrain.
//!
//! Entering a tile of cost `c` (the search's cost function) takes one action to arrive and leaves the walker busy for `c − 1` more. So the actions spent
//! until the walker stands on a tile ready to act again is the Dijkstra distance `d` with
//! `c` per entry, and it arrives on a tile one action after being ready on the tile before:
//! at `d − c + 1`. A triangle's move through a corner arrives at once too, and leaves the
//! walker busy for its extra action; a step into a closed door on a side opens it, and the
//! next goes through, so crossing one arrives an action later. (In hexdeep the range overlay,
//! travel, `map render --range` and the monsters all use this one cost.)

use super::range::movement_range;
use super::{Passage, PathScratch};

/// Every tile the walker from storage index `start` arrives on within `actions` actions over
/// `way`, with the action it arrives at (the start: 0), in ascending index order. `cost` is
/// the cost of entering a tile, at most `max_cost` anywhere.
///
/// ```
/// use hexdeep_tiling::{geom::Cell, grid::{Grid, Shape, Sides}, path::{Passage, arrivals}};
/// let grid = Grid::new(&Shape::Parallelogram { width: 6, height: 1 }, ()).unwrap();
/// let sides = Sides::default();
/// let way = Passage::new(&grid, &sides, |_| false);
/// let reached = arrivals(&way, |_| Some(1), grid.index(Cell::new(0, 0)).unwrap(), 3, 1);
/// let by_x: Vec<(i32, u32)> = reached.iter().map(|&(i, a)| (grid.cell(i).x, a)).collect();
/// assert_eq!(by_x, [(0, 0), (1, 1), (2, 2), (3, 3)]);
/// ```
pub fn arrivals<T>(
    way: &Passage<'_, T>,
    cost: impl Fn(usize) -> Option<u32>,
    start: usize,
    actions: u32,
    max_cost: u32,
) -> Vec<(usize, u32)> {
    let mut ready = Vec::new();
    // Ready within `actions − 1` on a neighbour, plus the step that arrives: the largest
    // step (the costliest tile, a triangle's corner, a door to open) needs no more than
    // `actions − 1 + max_cost + 2` as the search's bound.
    let bound = actions
        .saturating_sub(1)
        .saturating_add(max_cost.saturating_add(2));
    let mut scratch = PathScratch::new();
    movement_range(&mut scratch, way, &cost, start, bound, &mut ready);
    let tiles: Vec<usize> = ready.iter().map(|&(i, _)| i).collect();
    let arrive = scratch.arrivals_at(way, &cost, &tiles);
    tiles
        .into_iter()
        .zip(arrive)
        .filter_map(|(i, a)| {
            let a = if i == start { 0 } else { a? };
            (a <= actions).then_some((i, a))
        })
        .collect()
}

/// The turn (from 1) in which a walker with `speed` actions a turn makes its `action`-th
/// action; 0 for the start.
///
/// ```
/// use hexdeep_tiling::path::turn_of_action;
/// // Two actions a turn: actions 1 and 2 in turn 1, action 3 in turn 2.
/// assert_eq!([0, 1, 2, 3].map(|a| turn_of_action(a, 2)), [0, 1, 1, 2]);
/// ```
pub fn turn_of_action(action: u32, speed: u32) -> u32 {
    action.div_ceil(speed.max(1))
}
