//! Movement range: a Dijkstra bounded by the movement points.

use super::PathScratch;
use super::dijkstra::Flow;
use crate::map::Grid;

/// Every tile reachable from storage index `start` spending at most `points`, with its cheapest
/// cost, written to `out` (cleared first) in ascending index order; the start (cost 0)
/// included. Nothing when `start` is no tile. Step costs below 1 count as 1.
pub fn movement_range_with<T>(
    scratch: &mut PathScratch,
    grid: &Grid<T>,
    cost: impl Fn(usize) -> Option<u32>,
    start: usize,
    points: u32,
    out: &mut Vec<(usize, u32)>,
) {
    out.clear();
    if !grid.is_tile(start) {
        return;
    }
    scratch.dijkstra_with(grid, cost, &[start], points, |_, _| Flow::Continue);
    out.extend(
        scratch
            .reached
            .iter()
            .map(|&i| (i as usize, scratch.dist(i as usize))),
    );
    out.sort_unstable_by_key(|&(i, _)| i);
}
