//! A* on the dense map with a bucket queue and a closed set.
//!
//! The heuristic is the hex distance to the goal times the cheapest step cost (1): admissible
//! and consistent, so the first time the goal is settled its cost is optimal. Ties in `f` pop
//! the most recently reached tile first, which is deterministic.

use super::PathScratch;
use super::scratch::State;
use crate::geom::{Direction, Hex, Tiling};
use crate::grid::Grid;

/// How many tiles the goal-side check may look at before giving up and leaving the answer to
/// the search itself.
const POCKET_LIMIT: usize = 96;

impl PathScratch {
    /// The cost of the cheapest path between two storage indices of a hex grid with nothing
    /// on its sides, or `None` when there is none (either end no tile, the goal not
    /// enterable, or no way through). The path itself is then
    /// [`PathScratch::index_path`]`(goal)`. Step costs below 1 count as 1. The fast form of
    /// [`PathScratch::astar_on`] where no move passes between tiles.
    pub(super) fn astar_with<T>(
        &mut self,
        grid: &Grid<T>,
        cost: impl Fn(usize) -> Option<u32>,
        start: usize,
        goal: usize,
    ) -> Option<u32> {
        debug_assert_eq!(grid.tiling(), Tiling::Hex);
        if !grid.is_tile(start) || !grid.is_tile(goal) {
            return None;
        }
        cost(goal)?;
        if start != goal && self.goal_in_closed_pocket(grid, &cost, start, goal) {
            return None;
        }
        let len = grid.storage_len();
        self.begin(len);
        let found = self.search(grid, cost, start, goal);
        self.clear_spare(len);
        found
    }

    /// The search of [`PathScratch::astar_with`] after its checks, on fresh buffers.
    ///
    /// Each neighbour is judged without branching on what it holds (wall, settled, improved),
    /// which a processor cannot predict in a cave: a neighbour that does not improve writes
    /// its state to the spare cell instead of its own, and is not queued.
    #[allow(clippy::needless_bitwise_bool)] // `&` on purpose: no branches
    fn search<T>(
        &mut self,
        grid: &Grid<T>,
        cost: impl Fn(usize) -> Option<u32>,
        start: usize,
        goal: usize,
    ) -> Option<u32> {
        let target = Hex::from(grid.cell(goal));
        // `Hex::distance`, written out so that it surely inlines into the loop.
        let h = |hex: Hex| {
            let (dx, dy) = (hex.x - target.x, hex.y - target.y);
            dx.abs().max(dy.abs()).max((dx - dy).abs()) as u32
        };
        let steps = Direction::ALL.map(Direction::offset);
        let offsets = grid.neighbor_offsets();
        let (open, shut) = (self.generation, self.generation + 1);
        let spare = Self::spare(grid.storage_len());
        let PathScratch {
            states,
            parents,
            queue,
            count: reached,
            ..
        } = self;
        // Every index met below is a tile or next to one, so inside these slices.
        let states = &mut states[..=spare];
        let parents = &mut parents[..=spare];
        let mask = &grid.tile_mask()[..spare];
        states[start] = State::pack(open, 0);
        parents[start] = start as u32;
        let mut count = 1;
        queue.reset(h(Hex::from(grid.cell(start))));
        queue.push(h(Hex::from(grid.cell(start))), start as u32);
        while let Some((_, i)) = queue.pop() {
            let i = i as usize;
            let state = states[i];
            if State::stamp(state) == shut {
                continue;
            }
            let g = State::dist(state);
            states[i] = State::pack(shut, g);
            if i == goal {
                *reached = count;
                return Some(g);
            }
            let here = Hex::from(grid.cell(i));
            let mut next = [(0u32, 0u32, Hex::ORIGIN); 6];
            let mut n = 0;
            for (&off, &step) in offsets.iter().zip(&steps) {
                let j = i.wrapping_add_signed(off);
                let old = states[j];
                let c = cost(j).map_or(0, |c| c.max(1));
                let ng = g.saturating_add(c);
                let new = State::pack(open, ng);
                let better = mask[j] & (c > 0) & (new > old);
                count += usize::from(better & (State::stamp(old) != open));
                let at = if better { j } else { spare };
                states[at] = new;
                parents[at] = i as u32;
                next[n] = (ng, j as u32, step);
                n += usize::from(better);
            }
            for &(ng, j, step) in &next[..n] {
                queue.push(ng.saturating_add(h(here + step)), j);
            }
        }
        *reached = count;
        None
    }

    /// Whether the goal lies in a small pocket of enterable tiles that touches no neighbour of
    /// the start: a flood from the goal that runs out within [`POCKET_LIMIT`] tiles proves the
    /// start cannot reach it, without searching the start's whole side of the map.
    fn goal_in_closed_pocket<T>(
        &mut self,
        grid: &Grid<T>,
        cost: &impl Fn(usize) -> Option<u32>,
        start: usize,
        goal: usize,
    ) -> bool {
        self.begin(grid.storage_len());
        let mask = grid.tile_mask();
        let offsets = grid.neighbor_offsets();
        self.relax(goal, 0, goal);
        let mut next = 0;
        while next < self.count {
            if self.count > POCKET_LIMIT {
                return false;
            }
            let i = self.reached()[next] as usize;
            next += 1;
            for off in offsets {
                let j = i.wrapping_add_signed(off);
                if j == start {
                    return false;
                }
                if mask[j] && !self.seen(j) && cost(j).is_some() {
                    self.relax(j, 0, i);
                }
            }
        }
        true
    }
}
