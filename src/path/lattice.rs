//! A* and Dijkstra on any tiling: the moves of each tile class from the grid's topology, the
//! extra cost of a triangle's move through a corner, and no squeezing past wall corners.
//!
//! A move's cost is the cost of the tile entered plus what its kind adds
//! ([`Move::extra_cost`](crate::geom::Move)); a move through a corner (a square's diagonal, a
//! triangle's shortcut) is refused when a tile it passes between pinches (`pinch(i)`: a wall
//! or a closed door by ARCHITECTURE.md). The hex searches (`astar.rs`, `dijkstra.rs`) are the fast
//! form for hexes, where no move passes between tiles; on hexes this one finds the same costs.

use super::dijkstra::Flow;
use super::scratch::State;
use super::{PathScratch, UNREACHED};
use crate::geom::Tiling;
use crate::map::{Grid, Level, Sides};

/// One move as storage offsets: the tile entered, what the move adds to its cost, and the
/// tiles it passes between.
#[derive(Copy, Clone, Debug)]
struct IndexMove {
    to: isize,
    extra: u32,
    between: [isize; 4],
    count: u8,
}

/// The moves of every tile class of a grid, as storage offsets.
pub(super) struct MoveTable {
    tiling: Tiling,
    classes: Vec<Vec<IndexMove>>,
}

impl MoveTable {
    /// The table for `grid`'s tiling and stride.
    pub fn of<T>(grid: &Grid<T>) -> MoveTable {
        let tiling = grid.tiling();
        let classes = (0..tiling.classes())
            .map(|class| {
                tiling
                    .moves(class)
                    .as_slice()
                    .iter()
                    .map(|m| {
                        let mut between = [0; 4];
                        for (slot, &(dx, dy)) in between.iter_mut().zip(m.squeezes()) {
                            *slot = grid.offset_of(dx, dy);
                        }
                        IndexMove {
                            to: grid.offset_of(m.dx, m.dy),
                            extra: m.extra_cost,
                            between,
                            count: m.squeezes().len() as u8,
                        }
                    })
                    .collect()
            })
            .collect();
        MoveTable { tiling, classes }
    }

    /// The moves from tile `i` of `grid`.
    fn from<T>(&self, grid: &Grid<T>, i: usize) -> &[IndexMove] {
        let class = if self.tiling.classes() == 1 {
            0
        } else {
            grid.class(i)
        };
        &self.classes[class]
    }
}

/// Where a search starts, where it goes and how far it may.
#[derive(Copy, Clone, Debug)]
pub(super) struct Reach<'a> {
    /// The tiles it starts from, at cost 0.
    pub sources: &'a [usize],
    /// The tile it looks for (A*), or `None` to settle everything within the limit.
    pub goal: Option<usize>,
    /// The largest cost it settles.
    pub limit: u32,
}

impl PathScratch {
    /// Runs a best-first search over `grid` of any tiling from `reach`'s sources (a move `k`
    /// from tile `i` only where `crosses(i, k)`: the sides of a level): Dijkstra
    /// when it has no goal (settling every tile within its limit, calling `visit` as each is
    /// settled, which may stop it), A* toward the goal otherwise, with the tiling's distance as
    /// heuristic. Returns the goal's cost when it was reached. Costs below 1 count as 1.
    pub(super) fn search_lattice<T>(
        &mut self,
        grid: &Grid<T>,
        cost: impl Fn(usize) -> Option<u32>,
        pinch: impl Fn(usize) -> bool,
        crosses: impl Fn(usize, usize) -> bool,
        reach: Reach,
        mut visit: impl FnMut(usize, u32) -> Flow,
    ) -> Option<u32> {
        let Reach {
            sources,
            goal,
            limit,
        } = reach;
        let len = grid.storage_len();
        self.begin(len);
        let table = MoveTable::of(grid);
        let tiling = grid.tiling();
        let target = goal.map(|g| grid.cell(g));
        let h = |i: usize| target.map_or(0, |t| tiling.distance(grid.cell(i), t).unsigned_abs());
        let first = sources.first().map_or(0, |&s| h(s));
        self.queue.reset(first);
        for &s in sources {
            if grid.is_tile(s) && self.relax(s, 0, s) {
                self.queue.push(h(s), s as u32);
            }
        }
        let shut = self.generation + 1;
        let mask = grid.tile_mask();
        let mut found = None;
        while let Some((_, i)) = self.queue.pop() {
            let i = i as usize;
            let state = self.states[i];
            if State::stamp(state) == shut {
                continue;
            }
            let d = State::dist(state);
            self.states[i] = State::pack(shut, d);
            if goal == Some(i) {
                found = Some(d);
                break;
            }
            if visit(i, d) == Flow::Stop {
                break;
            }
            for (k, m) in table.from(grid, i).iter().enumerate() {
                let j = i.wrapping_add_signed(m.to);
                if !mask[j] || State::stamp(self.states[j]) == shut || !crosses(i, k) {
                    continue;
                }
                let Some(c) = cost(j) else { continue };
                let between = &m.between[..usize::from(m.count)];
                if between.iter().any(|&b| pinch(i.wrapping_add_signed(b))) {
                    continue;
                }
                let nd = d.saturating_add(c.max(1)).saturating_add(m.extra);
                if nd <= limit && self.relax(j, nd, i) {
                    self.queue.push(nd.saturating_add(h(j)), j as u32);
                }
            }
        }
        self.clear_spare(len);
        found
    }

    /// A* on any tiling (`PathScratch::search_lattice`): the cost of the cheapest path from
    /// `start` to `goal`, the path then in [`PathScratch::index_path`].
    pub fn astar_lattice<T>(
        &mut self,
        grid: &Grid<T>,
        cost: impl Fn(usize) -> Option<u32>,
        pinch: impl Fn(usize) -> bool,
        start: usize,
        goal: usize,
    ) -> Option<u32> {
        if !grid.is_tile(start) || !grid.is_tile(goal) {
            return None;
        }
        cost(goal)?;
        let never = |_, _| Flow::Continue;
        let reach = Reach {
            sources: &[start],
            goal: Some(goal),
            limit: UNREACHED,
        };
        self.search_lattice(grid, cost, pinch, |_, _| true, reach, never)
    }

    /// Dijkstra on any tiling (`PathScratch::search_lattice`) from `sources`, within
    /// `limit`, calling `visit` as each tile is settled.
    pub fn dijkstra_lattice<T>(
        &mut self,
        grid: &Grid<T>,
        cost: impl Fn(usize) -> Option<u32>,
        pinch: impl Fn(usize) -> bool,
        sources: &[usize],
        limit: u32,
        visit: impl FnMut(usize, u32) -> Flow,
    ) {
        let reach = Reach {
            sources,
            goal: None,
            limit,
        };
        self.search_lattice(grid, cost, pinch, |_, _| true, reach, visit);
    }
}

impl PathScratch {
    /// [`PathScratch::astar_with`] on a level: off hexes a move through a corner never
    /// squeezes past a wall or a closed door ([`super::terrain_pinch`]), as the rules say.
    pub fn astar_level(
        &mut self,
        level: &Level,
        cost: impl Fn(usize) -> Option<u32>,
        start: usize,
        goal: usize,
    ) -> Option<u32> {
        let grid = &level.terrain;
        if level.has_sides() {
            if !grid.is_tile(start) || !grid.is_tile(goal) {
                return None;
            }
            cost(goal)?;
            let reach = Reach {
                sources: &[start],
                goal: Some(goal),
                limit: UNREACHED,
            };
            let never = |_, _| Flow::Continue;
            return self.search_across(level, cost, reach, never);
        }
        if grid.tiling() == Tiling::Hex {
            return self.astar_with(grid, cost, start, goal);
        }
        self.astar_lattice(grid, cost, super::terrain_pinch(level), start, goal)
    }

    /// [`PathScratch::search_lattice`] on a level with sides: no move crosses a thin wall or
    /// squeezes past a corner ([`crate::map::Sides::pass_mask`]).
    fn search_across(
        &mut self,
        level: &Level,
        cost: impl Fn(usize) -> Option<u32>,
        reach: Reach,
        visit: impl FnMut(usize, u32) -> Flow,
    ) -> Option<u32> {
        let pinch = super::terrain_pinch(level);
        let sides = level.sides();
        let crosses = |i: usize, k: usize| sides.passes(i, k);
        self.search_lattice(&level.terrain, cost, pinch, crosses, reach, visit)
    }

    /// [`PathScratch::dijkstra_lattice`] where no move crosses a thin wall of `sides`
    /// ([`Sides::passes`]).
    #[allow(clippy::too_many_arguments)]
    pub fn dijkstra_across<T>(
        &mut self,
        grid: &Grid<T>,
        cost: impl Fn(usize) -> Option<u32>,
        pinch: impl Fn(usize) -> bool,
        sides: &Sides,
        sources: &[usize],
        limit: u32,
        visit: impl FnMut(usize, u32) -> Flow,
    ) {
        let reach = Reach {
            sources,
            goal: None,
            limit,
        };
        let crosses = |i: usize, k: usize| sides.passes(i, k);
        self.search_lattice(grid, cost, pinch, crosses, reach, visit);
    }

    /// [`PathScratch::dijkstra_with`] on a level, squeezing as [`PathScratch::astar_level`].
    pub fn dijkstra_level(
        &mut self,
        level: &Level,
        cost: impl Fn(usize) -> Option<u32>,
        sources: &[usize],
        limit: u32,
        visit: impl FnMut(usize, u32) -> Flow,
    ) {
        let grid = &level.terrain;
        if level.has_sides() {
            let reach = Reach {
                sources,
                goal: None,
                limit,
            };
            self.search_across(level, cost, reach, visit);
            return;
        }
        if grid.tiling() == Tiling::Hex {
            return self.dijkstra_with(grid, cost, sources, limit, visit);
        }
        let pinch = super::terrain_pinch(level);
        self.dijkstra_lattice(grid, cost, pinch, sources, limit, visit);
    }
}

#[cfg(test)]
mod tests;
