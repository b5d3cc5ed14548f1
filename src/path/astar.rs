//! A* on the dense map with a bucket queue and a closed set.
//!
//! The heuristic is the hex distance to the goal times the cheapest step cost (1): admissible
//! and consistent, so the first time the goal is settled its cost is optimal. Ties in `f` pop
//! the most recently reached tile first, which is deterministic.

use super::PathScratch;
use crate::geom::{Direction, Hex};
use crate::map::Grid;

/// How many tiles the goal-side check may look at before giving up and leaving the answer to
/// the search itself.
const POCKET_LIMIT: usize = 96;

impl PathScratch {
    /// The cost of the cheapest path between two storage indices, or `None` when there is none
    /// (either end no tile, the goal not enterable, or no way through). The path itself is
    /// then [`PathScratch::index_path`]`(goal)`. Step costs below 1 count as 1.
    pub fn astar_with<T>(
        &mut self,
        grid: &Grid<T>,
        cost: impl Fn(usize) -> Option<u32>,
        start: usize,
        goal: usize,
    ) -> Option<u32> {
        if !grid.is_tile(start) || !grid.is_tile(goal) {
            return None;
        }
        cost(goal)?;
        if start != goal && self.goal_in_closed_pocket(grid, &cost, start, goal) {
            return None;
        }
        self.begin(grid.storage_len());
        let mask = grid.tile_mask();
        let offsets = grid.neighbor_offsets();
        let target = grid.hex(goal);
        let h = |hex: Hex| hex.distance(target) as u32;
        let steps = Direction::ALL.map(Direction::offset);
        self.relax(start, 0, start);
        self.queue.reset(h(grid.hex(start)));
        self.queue.push(h(grid.hex(start)), start as u32);
        while let Some((_, i)) = self.queue.pop() {
            let i = i as usize;
            if self.closed(i) {
                continue;
            }
            self.close(i);
            let g = self.dist(i);
            if i == goal {
                return Some(g);
            }
            let here = grid.hex(i);
            for (off, step) in offsets.into_iter().zip(steps) {
                let j = i.wrapping_add_signed(off);
                if !mask[j] || self.closed(j) {
                    continue;
                }
                let Some(c) = cost(j) else { continue };
                let ng = g.saturating_add(c.max(1));
                if self.relax(j, ng, i) {
                    let f = ng.saturating_add(h(here + step));
                    self.queue.push(f, j as u32);
                }
            }
        }
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
        while next < self.reached.len() {
            if self.reached.len() > POCKET_LIMIT {
                return false;
            }
            let i = self.reached[next] as usize;
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
