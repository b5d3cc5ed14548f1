//! Dijkstra's algorithm from many sources with a bucket queue, stopping on request.

use super::{PathScratch, UNREACHED};
use crate::map::Grid;

/// What a visitor of settled tiles wants next.
#[derive(Copy, Clone, Eq, PartialEq, Debug)]
pub enum Flow {
    /// Keep searching.
    Continue,
    /// End the search now.
    Stop,
}

impl PathScratch {
    /// Runs Dijkstra from `sources` (cost 0 each, whatever their terrain) over tiles that
    /// `cost` lets us enter, never beyond `limit`. `visit(index, cost)` is called as each tile
    /// is settled, in ascending cost order (ties: last reached first), and may stop the
    /// search. Afterwards [`PathScratch::distance`] and [`PathScratch::index_path`] answer for
    /// every tile reached. Step costs below 1 count as 1.
    pub fn dijkstra_with<T>(
        &mut self,
        grid: &Grid<T>,
        cost: impl Fn(usize) -> Option<u32>,
        sources: &[usize],
        limit: u32,
        mut visit: impl FnMut(usize, u32) -> Flow,
    ) {
        self.begin(grid.storage_len());
        let mask = grid.tile_mask();
        for &s in sources {
            if grid.is_tile(s) && self.relax(s, 0, s) {
                self.queue.push(0, s as u32);
            }
        }
        let offsets = grid.neighbor_offsets();
        while let Some((d, i)) = self.queue.pop() {
            let i = i as usize;
            if self.closed(i) || d > self.dist(i) {
                continue;
            }
            self.close(i);
            if visit(i, d) == Flow::Stop {
                return;
            }
            for off in offsets {
                let j = i.wrapping_add_signed(off);
                if !mask[j] {
                    continue;
                }
                let Some(c) = cost(j) else { continue };
                let nd = d.saturating_add(c.max(1));
                if nd <= limit && self.relax(j, nd, i) {
                    self.queue.push(nd, j as u32);
                }
            }
        }
    }
}

/// The cheapest cost from any of `sources` to every storage index, using `scratch`: like
/// [`super::dijkstra_map`] without its allocations beyond the result.
pub fn dijkstra_map_with<T>(
    scratch: &mut PathScratch,
    grid: &Grid<T>,
    cost: impl Fn(usize) -> Option<u32>,
    sources: &[usize],
    limit: u32,
) -> Vec<u32> {
    scratch.dijkstra_with(grid, cost, sources, limit, |_, _| Flow::Continue);
    let mut out = vec![UNREACHED; grid.storage_len()];
    for &i in &scratch.reached {
        out[i as usize] = scratch.dist(i as usize);
    }
    out
}
