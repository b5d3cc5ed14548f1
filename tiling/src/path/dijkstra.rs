//! Dijkstra's algorithm from many sources with a bucket queue, stopping on request.

use super::PathScratch;
use super::placement::InCostUnit;
use super::scratch::State;
use crate::geom::Tiling;
use crate::grid::Grid;

/// What a visitor of settled tiles wants next.
///
/// ```
/// use hexdeep_tiling::{geom::Cell, grid::{Grid, Shape, Sides}};
/// use hexdeep_tiling::path::{Flow, Passage, PathScratch};
/// let (grid, sides) = (Grid::new(&Shape::Hexagon { radius: 3 }, ()).unwrap(), Sides::default());
/// let (way, centre) = (Passage::new(&grid, &sides, |_| false), grid.index(Cell::ORIGIN).unwrap());
/// let mut settled = 0;
/// PathScratch::new().dijkstra_on(&way, |_| Some(1), &[centre], 10, |_, _| {
///     settled += 1;
///     if settled < 3 { Flow::Continue } else { Flow::Stop }
/// });
/// assert_eq!(settled, 3);
/// ```
#[derive(Copy, Clone, Eq, PartialEq, Debug)]
pub enum Flow {
    /// Keep searching.
    Continue,
    /// End the search now.
    Stop,
}

impl PathScratch {
    /// Runs Dijkstra on a hex grid with nothing on its sides from `sources` (cost 0 each,
    /// whatever their terrain) over tiles that `cost` lets us enter, never beyond `limit`.
    /// `visit(index, cost)` is called as each tile is settled, in ascending cost order (ties:
    /// last reached first), and may stop the search. Afterwards [`PathScratch::distance`] and
    /// [`PathScratch::index_path`] answer for every tile reached. Step costs below 1 count as
    /// 1. The fast form of [`PathScratch::dijkstra_on`] where no move passes between tiles.
    pub(super) fn dijkstra_with<T>(
        &mut self,
        grid: &Grid<T>,
        cost: impl Fn(usize) -> Option<u32>,
        sources: &[usize],
        limit: u32,
        mut visit: impl FnMut(usize, u32) -> Flow,
    ) {
        debug_assert_eq!(grid.tiling(), Tiling::Hex);
        let len = grid.storage_len();
        self.begin(len);
        for &s in sources {
            if grid.is_tile(s) && self.relax(s, 0, s) {
                self.queue.push(0, s as u32);
            }
        }
        cost.settle_in(self, grid, limit, &mut visit);
        self.clear_spare(len);
    }

    /// The loop of [`PathScratch::dijkstra_with`] once the sources are queued. Neighbours
    /// are judged without branching on what they hold, as in A* (`astar.rs`). Entered
    /// through [`InCostUnit::settle_in`] so that `cost` inlines into it (`placement.rs`).
    #[allow(clippy::needless_bitwise_bool)] // `&` on purpose: no branches
    #[inline]
    pub(super) fn settle<T>(
        &mut self,
        grid: &Grid<T>,
        cost: impl Fn(usize) -> Option<u32>,
        limit: u32,
        visit: &mut impl FnMut(usize, u32) -> Flow,
    ) {
        let offsets = grid.neighbor_offsets();
        let (open, shut) = (self.generation, self.generation + 1);
        let spare = Self::spare(grid.storage_len());
        let mut count = self.count;
        let PathScratch {
            states,
            parents,
            queue,
            reached,
            ..
        } = self;
        // Every index met below is a tile or next to one, so inside these slices; at most
        // every tile is counted in `reached`, so its entry `count` exists.
        let states = &mut states[..=spare];
        let parents = &mut parents[..=spare];
        let reached = &mut reached[..=spare];
        let mask = &grid.tile_mask()[..spare];
        while let Some((d, i)) = queue.pop() {
            let i = i as usize;
            let state = states[i];
            if State::stamp(state) == shut || d > State::dist(state) {
                continue;
            }
            states[i] = State::pack(shut, d);
            if visit(i, d) == Flow::Stop {
                break;
            }
            let mut next = [(0u32, 0u32); 6];
            let mut n = 0;
            // The six neighbours written out: with `cost` inlined (`placement.rs`), LLVM keeps
            // a loop over them, whose own work was 4% of the movement range's instructions.
            macro_rules! relax {
                ($off:expr) => {{
                    let j = i.wrapping_add_signed($off);
                    let old = states[j];
                    let c = cost(j).map_or(0, |c| c.max(1));
                    let nd = d.saturating_add(c);
                    let new = State::pack(open, nd);
                    let better = mask[j] & (c > 0) & (nd <= limit) & (new > old);
                    let at = if better { j } else { spare };
                    states[at] = new;
                    parents[at] = i as u32;
                    next[n] = (nd, j as u32);
                    n += usize::from(better);
                    // Branch-free append to `reached`: write, then count it only if new.
                    reached[count] = j as u32;
                    count += usize::from(better & (State::stamp(old) != open));
                }};
            }
            relax!(offsets[0]);
            relax!(offsets[1]);
            relax!(offsets[2]);
            relax!(offsets[3]);
            relax!(offsets[4]);
            relax!(offsets[5]);
            for &(nd, j) in &next[..n] {
                queue.push(nd, j);
            }
        }
        self.count = count;
    }
}
