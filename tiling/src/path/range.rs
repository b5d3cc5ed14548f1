//! Movement range: a Dijkstra bounded by the movement points.

use super::dijkstra::Flow;
use super::scratch::State;
use super::{Passage, PathScratch};
use crate::grid::Grid;

/// Every tile reachable over `way` from storage index `start` spending at most `points`, with
/// its cheapest cost, written to `out` (cleared first) in ascending index order; the start
/// (cost 0) included. Nothing when `start` is no tile. Step costs below 1 count as 1.
///
/// ```
/// use hexdeep_tiling::{geom::Cell, grid::{Grid, Shape, Sides}};
/// use hexdeep_tiling::path::{Passage, PathScratch, movement_range};
/// let (grid, sides) = (Grid::new(&Shape::Hexagon { radius: 4 }, ()).unwrap(), Sides::default());
/// let (way, mut out) = (Passage::new(&grid, &sides, |_| false), Vec::new());
/// movement_range(&mut PathScratch::new(), &way, |_| Some(1), grid.index(Cell::ORIGIN).unwrap(), 2, &mut out);
/// assert_eq!(out.len(), 19); // the hexes within two steps, each with its cost:
/// assert!(out.iter().all(|&(i, cost)| cost == grid.distance(Cell::ORIGIN, grid.cell(i)) as u32));
/// ```
pub fn movement_range<T>(
    scratch: &mut PathScratch,
    way: &Passage<'_, T>,
    cost: impl Fn(usize) -> Option<u32>,
    start: usize,
    points: u32,
    out: &mut Vec<(usize, u32)>,
) {
    out.clear();
    let grid = way.grid();
    if !grid.is_tile(start) {
        return;
    }
    scratch.dijkstra_on(way, cost, &[start], points, |_, _| Flow::Continue);
    collect(scratch, grid, start, points, out);
}

/// The tiles the last search from `start` reached within `points`, in ascending index order.
fn collect<T>(
    scratch: &PathScratch,
    grid: &Grid<T>,
    start: usize,
    points: u32,
    out: &mut Vec<(usize, u32)>,
) {
    // A step moves at most one row and one column and costs at least 1, so every tile
    // reached lies within `points` rows and columns of the start. When that window is not
    // much larger than what was reached, reading it row by row lists the tiles in index
    // order; otherwise they are sorted.
    let stride = grid.offset_of(0, 1).unsigned_abs();
    let reach = points as usize;
    let window = reach
        .checked_mul(2)
        .and_then(|w| (w + 1).checked_mul(w + 1));
    if window.is_some_and(|w| w <= 4 * scratch.reached_count() + 64) {
        let (row, col) = (start / stride, start % stride);
        let rows = grid.storage_len() / stride;
        let (first, last) = (col.saturating_sub(reach), (col + reach).min(stride - 1));
        for r in row.saturating_sub(reach)..=(row + reach).min(rows - 1) {
            // The row's words in one slice: a test each, no bounds check, no second read.
            let from = r * stride + first;
            for (i, &word) in (from..).zip(&scratch.states[from..=r * stride + last]) {
                if State::stamp(word) >= scratch.generation {
                    out.push((i, State::dist(word)));
                }
            }
        }
    } else {
        out.extend(
            scratch
                .reached()
                .iter()
                .map(|&i| (i as usize, scratch.dist(i as usize))),
        );
        out.sort_unstable_by_key(|&(i, _)| i);
    }
}
