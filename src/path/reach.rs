//! How soon a walker arrives on each tile under the rules' cost of terrain.
//!
//! Entering a tile of cost `c` ([`Terrain::move_cost`](crate::map::Terrain::move_cost)) takes
//! one action to arrive and leaves the walker busy for `c − 1` more. So the actions spent
//! until the walker stands on a tile ready to act again is the Dijkstra distance `d` with
//! `c` per entry, and it arrives on a tile one action after being ready on the tile before:
//! at `d − c + 1`. A triangle's move through a corner arrives at once too, and leaves the
//! walker busy for its extra action; a step into a closed door on a side opens it, and the
//! next goes through, so crossing one arrives an action later. The range overlay, travel,
//! `map render --range` and the monsters all use this one cost.

use super::range::movement_range_level;
use super::{Passage, PathScratch};
use crate::map::Level;

/// Every tile the walker from storage index `start` arrives on within `actions` actions on a
/// level by the rules ([`Passage::of`]), with the action it arrives at (the start: 0), in
/// ascending index order. `cost` is the cost of entering a tile
/// ([`terrain_cost`](super::terrain_cost)).
pub fn arrivals_in(
    level: &Level,
    cost: impl Fn(usize) -> Option<u32>,
    start: usize,
    actions: u32,
) -> Vec<(usize, u32)> {
    let mut ready = Vec::new();
    // Ready within `actions − 1` on a neighbour, plus the step that arrives: the largest
    // step (the costliest tile, a triangle's corner, a door to open) needs no more than
    // `actions − 1 + MAX_COST + 2` as the search's bound.
    let bound = actions.saturating_sub(1).saturating_add(MAX_COST + 2);
    let mut scratch = PathScratch::new();
    movement_range_level(&mut scratch, level, &cost, start, bound, &mut ready);
    let way = Passage::of(level);
    let tiles: Vec<usize> = ready.iter().map(|&(i, _)| i).collect();
    let arrive = scratch.arrivals_at(&way, &cost, &tiles);
    tiles
        .into_iter()
        .zip(arrive)
        .filter_map(|(i, a)| {
            let a = if i == start { 0 } else { a? };
            (a <= actions).then_some((i, a))
        })
        .collect()
}

/// The highest cost of entering any tile.
const MAX_COST: u32 = 2;

/// The turn (from 1) in which a walker with `speed` actions a turn makes its `action`-th
/// action; 0 for the start.
pub fn turn_of_action(action: u32, speed: u32) -> u32 {
    action.div_ceil(speed.max(1))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::Hex;
    use crate::map::{Grid, Level, Shape, Terrain};
    use crate::path::terrain_cost;

    #[test]
    fn wading_costs_the_action_after_arriving() {
        // A row: start, water, floor, floor.
        let mut g = Grid::new(
            &Shape::Parallelogram {
                width: 4,
                height: 1,
            },
            Terrain::Floor,
        )
        .unwrap();
        g.set(Hex::new(1, 0), Terrain::ShallowWater);
        let level = Level::new("t", 1, g);
        let grid = &level.terrain;
        let at = |x| grid.index(Hex::new(x, 0)).unwrap();
        let got = arrivals_in(&level, terrain_cost(&level), at(0), 4);
        let arrive = |x| got.iter().find(|e| e.0 == at(x)).map(|e| e.1);
        assert_eq!(arrive(0), Some(0));
        assert_eq!(arrive(1), Some(1), "into the water with the first action");
        assert_eq!(arrive(2), Some(3), "the second action is spent wading");
        assert_eq!(arrive(3), Some(4));
        assert_eq!(turn_of_action(3, 2), 2);
        assert_eq!(turn_of_action(0, 2), 0);
    }
}
