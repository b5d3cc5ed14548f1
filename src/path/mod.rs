//! Paths on the dense map: A*, Dijkstra maps, movement range, travel and exploration.
//!
//! Everything works on storage indices of a [`Grid`]; a cost function says what entering a
//! tile costs (`None`: it cannot be entered). Costs are small positive integers.

use crate::geom::Hex;
use crate::map::{Grid, Level, Terrain};
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// The cost meaning "not reached".
pub const UNREACHED: u32 = u32::MAX;

/// The movement cost of entering each tile of a level by its terrain.
pub fn terrain_cost(level: &Level) -> impl Fn(usize) -> Option<u32> + '_ {
    let grid: &Grid<Terrain> = &level.terrain;
    move |i| {
        if grid.is_tile(i) {
            grid[i].move_cost()
        } else {
            None
        }
    }
}

/// The cheapest cost from any of `sources` to every tile, by storage index ([`UNREACHED`]
/// where no path costs at most `limit`). Sources cost 0 whatever their terrain.
pub fn dijkstra_map<T>(
    grid: &Grid<T>,
    cost: impl Fn(usize) -> Option<u32>,
    sources: &[usize],
    limit: u32,
) -> Vec<u32> {
    let mut dist = vec![UNREACHED; grid.storage_len()];
    let mut heap = BinaryHeap::new();
    for &s in sources {
        if grid.is_tile(s) && dist[s] != 0 {
            dist[s] = 0;
            heap.push(Reverse((0u32, s)));
        }
    }
    let offsets = grid.neighbor_offsets();
    while let Some(Reverse((d, i))) = heap.pop() {
        if d > dist[i] {
            continue;
        }
        for off in offsets {
            let j = i.wrapping_add_signed(off);
            let Some(c) = cost(j) else { continue };
            let nd = d.saturating_add(c);
            if nd <= limit && nd < dist[j] {
                dist[j] = nd;
                heap.push(Reverse((nd, j)));
            }
        }
    }
    dist
}

/// The cheapest path from `start` to `goal` (both included) and its cost: the sum of the costs
/// of the tiles entered. `None` when the goal cannot be reached or either end is no tile.
pub fn astar<T>(
    grid: &Grid<T>,
    cost: impl Fn(usize) -> Option<u32>,
    start: Hex,
    goal: Hex,
) -> Option<(Vec<Hex>, u32)> {
    let (s, g) = (grid.index(start)?, grid.index(goal)?);
    cost(g)?;
    let dist = dijkstra_map(grid, &cost, &[s], UNREACHED - 1);
    if dist[g] == UNREACHED {
        return None;
    }
    // Walk back from the goal along tiles whose distance plus entry cost matches.
    let offsets = grid.neighbor_offsets();
    let mut path = vec![g];
    let mut at = g;
    while at != s {
        let here = dist[at];
        let entry = cost(at).unwrap_or(0);
        at = offsets
            .iter()
            .map(|&o| at.wrapping_add_signed(o))
            .filter(|&j| grid.is_tile(j) && dist[j] != UNREACHED)
            .find(|&j| dist[j] + entry == here)?;
        path.push(at);
    }
    path.reverse();
    Some((path.into_iter().map(|i| grid.hex(i)).collect(), dist[g]))
}

/// Every tile reachable from `start` spending at most `points` movement, with its cheapest
/// cost, in ascending index order; the start (cost 0) included.
pub fn movement_range<T>(
    grid: &Grid<T>,
    cost: impl Fn(usize) -> Option<u32>,
    start: Hex,
    points: u32,
) -> Vec<(usize, u32)> {
    let Some(s) = grid.index(start) else {
        return Vec::new();
    };
    let dist = dijkstra_map(grid, cost, &[s], points);
    dist.iter()
        .enumerate()
        .filter(|&(_, &d)| d != UNREACHED)
        .map(|(i, &d)| (i, d))
        .collect()
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
        let (path, cost) = astar(
            &level.terrain,
            terrain_cost(&level),
            Hex::new(0, 0),
            Hex::new(7, 3),
        )
        .unwrap();
        assert_eq!(cost, 7);
        assert_eq!(path.len(), 8);
        assert!(path.windows(2).all(|w| w[0].is_adjacent(w[1])));
    }

    #[test]
    fn water_costs_two_and_walls_block() {
        let mut level = open(5, 1);
        level.terrain.set(Hex::new(2, 0), Terrain::ShallowWater);
        let (_, cost) = astar(
            &level.terrain,
            terrain_cost(&level),
            Hex::new(0, 0),
            Hex::new(4, 0),
        )
        .unwrap();
        assert_eq!(cost, 5);
        level.terrain.set(Hex::new(2, 0), Terrain::Wall);
        assert_eq!(
            astar(
                &level.terrain,
                terrain_cost(&level),
                Hex::new(0, 0),
                Hex::new(4, 0)
            ),
            None
        );
    }

    #[test]
    fn range_counts_the_start() {
        let level = open(9, 9);
        let r = movement_range(&level.terrain, terrain_cost(&level), Hex::new(4, 4), 1);
        assert_eq!(r.len(), 7);
    }
}

/// Temp.
pub fn travel_path(
    level: &Level,
    known: impl Fn(usize) -> bool,
    from: Hex,
    to: Hex,
) -> Option<Vec<Hex>> {
    let c = terrain_cost(level);
    astar(
        &level.terrain,
        |i| if known(i) { c(i) } else { None },
        from,
        to,
    )
    .map(|p| p.0)
}

/// Temp.
pub fn explore_step(level: &Level, known: impl Fn(usize) -> bool, from: Hex) -> Option<Vec<Hex>> {
    let g = &level.terrain;
    let target = g
        .indices()
        .filter(|&i| !known(i))
        .min_by_key(|&i| from.distance(g.hex(i)))?;
    let c = terrain_cost(level);
    astar(g, |i| c(i), from, g.hex(target)).map(|p| p.0)
}
