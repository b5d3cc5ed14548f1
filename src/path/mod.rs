//! Paths on a level: A*, Dijkstra maps, movement range, arrivals, travel and exploration.
//!
//! Every search works on storage indices of a level's grid and reads one description of how
//! a walker crosses it, the level's [`Passage`] (the rules of [`Level::move_allowed`]: no
//! squeezing past a wall or a closed door at a corner, no crossing a thin wall, an action to
//! open a closed door on a side); a cost function says what entering a tile costs (`None`:
//! it cannot be entered). Costs are small positive integers; a cost of 0 counts as 1. A
//! search may ask the cost of any storage index next to a tile, tile or not, settled or not
//! (asking costs less than deciding whether to ask), and ignores the answer for non-tiles.
//! Searches use a bucket queue and generation-stamped buffers ([`PathScratch`]); the
//! `*_with` forms reuse one across calls.

mod astar;
mod bucket;
mod dijkstra;
mod explore;
mod lattice;
mod passage;
mod range;
mod reach;
mod scratch;

#[cfg(test)]
mod reference;

pub use bucket::BucketQueue;
pub use dijkstra::Flow;
pub use explore::{explore_step, explore_step_with, travel_path, travel_path_with};
pub use passage::Passage;
pub use range::movement_range_level;
pub use reach::{arrivals_in, turn_of_action};
pub use scratch::PathScratch;

use crate::geom::Hex;
use crate::map::{Grid, Level, Terrain};

/// The cost meaning "not reached".
pub const UNREACHED: u32 = u32::MAX;

/// [`Terrain::move_cost`] by discriminant, 0 where the terrain cannot be entered: a table
/// lookup is cheaper in a search's inner loop than the `match` it comes from.
const COST_TABLE: [u32; Terrain::ALL.len()] = {
    let mut table = [0; Terrain::ALL.len()];
    let mut k = 0;
    while k < table.len() {
        let t = Terrain::ALL[k];
        table[t as usize] = match t.move_cost() {
            Some(c) => c,
            None => 0,
        };
        k += 1;
    }
    table
};

/// The movement cost of entering each tile of a level by its terrain.
pub fn terrain_cost(level: &Level) -> impl Fn(usize) -> Option<u32> + '_ {
    let grid: &Grid<Terrain> = &level.terrain;
    let (cells, mask) = (grid.cells(), grid.tile_mask());
    move |i| {
        let c = cells.get(i).map_or(0, |&t| COST_TABLE[t as usize]);
        (c > 0 && mask.get(i).copied().unwrap_or(false)).then_some(c)
    }
}

/// The cheapest cost on a level by the rules ([`Passage::of`]) from any of `sources` to every
/// tile, by storage index ([`UNREACHED`] where no path costs at most `limit`). Sources cost 0
/// whatever their terrain.
pub fn dijkstra_map_in(
    level: &Level,
    cost: impl Fn(usize) -> Option<u32>,
    sources: &[usize],
    limit: u32,
) -> Vec<u32> {
    let grid = &level.terrain;
    let mut scratch = PathScratch::new();
    scratch.dijkstra_level(level, cost, sources, limit, |_, _| Flow::Continue);
    let mut out = vec![UNREACHED; grid.storage_len()];
    for &i in scratch.reached() {
        out[i as usize] = scratch.dist(i as usize);
    }
    out
}

/// The cheapest path on a level by the rules ([`Passage::of`]) from `start` to `goal` (both
/// included) and its cost: the sum of the costs of the tiles entered, with what each move
/// adds (a triangle's corner, a door opened on a side). `None` when the goal cannot be
/// reached or either end is no tile.
pub fn astar_in(
    level: &Level,
    cost: impl Fn(usize) -> Option<u32>,
    start: Hex,
    goal: Hex,
) -> Option<(Vec<Hex>, u32)> {
    let grid = &level.terrain;
    let (s, g) = (grid.index(start)?, grid.index(goal)?);
    let mut scratch = PathScratch::new();
    let total = scratch.astar_level(level, cost, s, g)?;
    Some((scratch.hex_path(grid, g), total))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::map::Shape;

    fn open(w: u32, h: u32) -> Level {
        let g = Grid::new(
            &Shape::Parallelogram {
                width: w,
                height: h,
            },
            Terrain::Floor,
        )
        .unwrap();
        Level::new("t", 1, g)
    }

    #[test]
    fn astar_on_open_ground_costs_the_distance() {
        let level = open(10, 10);
        let (path, cost) =
            astar_in(&level, terrain_cost(&level), Hex::new(0, 0), Hex::new(7, 3)).unwrap();
        assert_eq!(cost, 7);
        assert_eq!(path.len(), 8);
        assert!(path.windows(2).all(|w| w[0].is_adjacent(w[1])));
    }

    #[test]
    fn water_costs_two_and_walls_block() {
        let mut level = open(5, 1);
        level.terrain.set(Hex::new(2, 0), Terrain::ShallowWater);
        let (_, cost) =
            astar_in(&level, terrain_cost(&level), Hex::new(0, 0), Hex::new(4, 0)).unwrap();
        assert_eq!(cost, 5);
        level.terrain.set(Hex::new(2, 0), Terrain::Wall);
        assert_eq!(
            astar_in(&level, terrain_cost(&level), Hex::new(0, 0), Hex::new(4, 0)),
            None
        );
    }

    #[test]
    fn terrain_costs_come_from_the_terrain() {
        let mut level = open(3, 3);
        let tiles: Vec<usize> = level.terrain.indices().collect();
        for (t, &i) in Terrain::ALL.iter().zip(tiles.iter().cycle()) {
            level.terrain.set_index(i, *t);
            assert_eq!(terrain_cost(&level)(i), t.move_cost(), "{t:?}");
        }
        let cost = terrain_cost(&level);
        assert_eq!(cost(0), None, "a border cell is no tile");
        assert_eq!(cost(usize::MAX), None);
    }

    #[test]
    fn range_counts_the_start() {
        let level = open(9, 9);
        let mut r = Vec::new();
        let start = level.terrain.index(Hex::new(4, 4)).unwrap();
        let cost = terrain_cost(&level);
        movement_range_level(&mut PathScratch::new(), &level, cost, start, 1, &mut r);
        assert_eq!(r.len(), 7);
    }

    #[test]
    fn a_walled_in_goal_is_refused_by_the_pocket_check() {
        let mut level = open(12, 12);
        let goal = Hex::new(8, 8);
        for n in goal.neighbors() {
            level.terrain.set(n, Terrain::Wall);
        }
        let cost = terrain_cost(&level);
        assert_eq!(astar_in(&level, &cost, Hex::new(0, 0), goal), None);
        // Next to the pocket but outside it, and inside it from its own tile.
        assert!(astar_in(&level, &cost, Hex::new(0, 0), Hex::new(10, 10)).is_some());
        assert_eq!(astar_in(&level, &cost, goal, goal).map(|p| p.1), Some(0));
    }

    #[test]
    fn a_scratch_gives_the_same_answers_when_reused() {
        let level = open(8, 8);
        let cost = terrain_cost(&level);
        let grid = &level.terrain;
        let mut scratch = PathScratch::new();
        let (a, b) = (
            grid.index(Hex::new(0, 0)).unwrap(),
            grid.index(Hex::new(7, 2)).unwrap(),
        );
        for _ in 0..3 {
            assert_eq!(scratch.astar_with(grid, &cost, a, b), Some(7));
            assert_eq!(scratch.index_path(b).len(), 8);
            let mut out = Vec::new();
            movement_range_level(&mut scratch, &level, &cost, a, 2, &mut out);
            // (0, 0) is a 120° corner of the parallelogram: ring k holds 2k + 1 of its tiles.
            assert_eq!(out.len(), 1 + 3 + 5);
        }
    }
}
