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

mod explore;

#[cfg(test)]
mod rules_tests;

pub use explore::{
    explore_step, explore_step_around, explore_step_with, travel_path, travel_path_with,
};
pub use hexdeep_tiling::path::{
    BucketQueue, Flow, Passage, PathScratch, UNREACHED, arrivals, movement_range, turn_of_action,
};

use crate::geom::Cell;
use crate::map::{Grid, Level, Terrain};

/// The one description of how a walker crosses a level that every search reads
/// ([`Passage`]): the rules of [`Level::move_allowed`] (no squeezing past a wall or a closed
/// door at a corner, no crossing a thin wall) and of stepping into a closed door on a side
/// (an action to open it).
pub fn passage(level: &Level) -> Passage<'_, Terrain> {
    passage_over(&level.terrain, level.sides())
}

/// [`passage`] over terrain and sides not yet made into a level (a level being generated).
pub fn passage_over<'a>(
    grid: &'a Grid<Terrain>,
    sides: &'a crate::map::Sides,
) -> Passage<'a, Terrain> {
    Passage::new(grid, sides, |t| t.pinches())
}

/// Every tile reachable on a level by the rules ([`passage`]) from storage index `start`
/// spending at most `points` ([`movement_range`]).
pub fn movement_range_level(
    scratch: &mut PathScratch,
    level: &Level,
    cost: impl Fn(usize) -> Option<u32>,
    start: usize,
    points: u32,
    out: &mut Vec<(usize, u32)>,
) {
    movement_range(scratch, &passage(level), cost, start, points, out);
}

/// Every tile the walker from storage index `start` arrives on within `actions` actions on a
/// level by the rules ([`passage`]), with the action it arrives at ([`arrivals`]). `cost` is
/// the cost of entering a tile ([`terrain_cost`]).
pub fn arrivals_in(
    level: &Level,
    cost: impl Fn(usize) -> Option<u32>,
    start: usize,
    actions: u32,
) -> Vec<(usize, u32)> {
    arrivals(&passage(level), cost, start, actions, MAX_COST)
}

/// The highest cost of entering any tile.
const MAX_COST: u32 = {
    let mut max = 0;
    let mut k = 0;
    while k < Terrain::ALL.len() {
        if let Some(c) = Terrain::ALL[k].move_cost()
            && c > max
        {
            max = c;
        }
        k += 1;
    }
    max
};

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

/// The cheapest cost on a level by the rules ([`passage`]) from any of `sources` to every
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
    scratch.dijkstra_on(&passage(level), cost, sources, limit, |_, _| Flow::Continue);
    let mut out = vec![UNREACHED; grid.storage_len()];
    for &i in scratch.reached() {
        out[i as usize] = scratch.distance(i as usize).unwrap_or(UNREACHED);
    }
    out
}

/// The cheapest path on a level by the rules ([`passage`]) from `start` to `goal` (both
/// included) and its cost: the sum of the costs of the tiles entered, with what each move
/// adds (a triangle's corner, a door opened on a side). `None` when the goal cannot be
/// reached or either end is no tile.
pub fn astar_in(
    level: &Level,
    cost: impl Fn(usize) -> Option<u32>,
    start: Cell,
    goal: Cell,
) -> Option<(Vec<Cell>, u32)> {
    let grid = &level.terrain;
    let (s, g) = (grid.index(start)?, grid.index(goal)?);
    let mut scratch = PathScratch::new();
    let total = scratch.astar_on(&passage(level), cost, s, g)?;
    Some((scratch.cell_path(grid, g), total))
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
        let (path, cost) = astar_in(
            &level,
            terrain_cost(&level),
            Cell::new(0, 0),
            Cell::new(7, 3),
        )
        .unwrap();
        assert_eq!(cost, 7);
        assert_eq!(path.len(), 8);
        assert!(path.windows(2).all(|w| level.terrain.adjacent(w[0], w[1])));
    }

    #[test]
    fn water_costs_two_and_walls_block() {
        let mut level = open(5, 1);
        level.terrain.set(Cell::new(2, 0), Terrain::ShallowWater);
        let (_, cost) = astar_in(
            &level,
            terrain_cost(&level),
            Cell::new(0, 0),
            Cell::new(4, 0),
        )
        .unwrap();
        assert_eq!(cost, 5);
        level.terrain.set(Cell::new(2, 0), Terrain::Wall);
        assert_eq!(
            astar_in(
                &level,
                terrain_cost(&level),
                Cell::new(0, 0),
                Cell::new(4, 0)
            ),
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
        let start = level.terrain.index(Cell::new(4, 4)).unwrap();
        let cost = terrain_cost(&level);
        movement_range_level(&mut PathScratch::new(), &level, cost, start, 1, &mut r);
        assert_eq!(r.len(), 7);
    }

    #[test]
    fn a_walled_in_goal_is_refused_by_the_pocket_check() {
        let mut level = open(12, 12);
        let goal = Cell::new(8, 8);
        let around: Vec<Cell> = level.terrain.neighbours(goal).collect();
        for n in around {
            level.terrain.set(n, Terrain::Wall);
        }
        let cost = terrain_cost(&level);
        assert_eq!(astar_in(&level, &cost, Cell::new(0, 0), goal), None);
        // Next to the pocket but outside it, and inside it from its own tile.
        assert!(astar_in(&level, &cost, Cell::new(0, 0), Cell::new(10, 10)).is_some());
        assert_eq!(astar_in(&level, &cost, goal, goal).map(|p| p.1), Some(0));
    }

    #[test]
    fn a_scratch_gives_the_same_answers_when_reused() {
        let level = open(8, 8);
        let cost = terrain_cost(&level);
        let grid = &level.terrain;
        let mut scratch = PathScratch::new();
        let (a, b) = (
            grid.index(Cell::new(0, 0)).unwrap(),
            grid.index(Cell::new(7, 2)).unwrap(),
        );
        for _ in 0..3 {
            assert_eq!(scratch.astar_on(&passage(&level), &cost, a, b), Some(7));
            assert_eq!(scratch.index_path(b).len(), 8);
            let mut out = Vec::new();
            movement_range_level(&mut scratch, &level, &cost, a, 2, &mut out);
            // (0, 0) is a 120° corner of the parallelogram: ring k holds 2k + 1 of its tiles.
            assert_eq!(out.len(), 1 + 3 + 5);
        }
    }

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
        g.set(Cell::new(1, 0), Terrain::ShallowWater);
        let level = Level::new("t", 1, g);
        let grid = &level.terrain;
        let at = |x| grid.index(Cell::new(x, 0)).unwrap();
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
