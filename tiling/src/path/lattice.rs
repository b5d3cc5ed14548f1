//! A* and Dijkstra on any tiling and any map: the moves of each tile class from the grid's
//! topology, the extra cost of a triangle's move through a corner, no squeezing past wall
//! corners, no crossing a thin wall, and an action to open a closed door on a side.
//!
//! A move's cost is the cost of the tile entered plus what its kind adds
//! ([`Move::extra_cost`](crate::geom::Move)) plus the opening of a door on its side; what may
//! be crossed is the map's [`Passage`], the one description every search reads. The hex
//! searches (`astar.rs`, `dijkstra.rs`) are the fast form for hexes without features on
//! sides, where no move passes between tiles; there this one finds the same costs.

use super::dijkstra::Flow;
use super::passage::Passage;
use super::scratch::State;
use super::{PathScratch, UNREACHED};
use crate::geom::Tiling;
use crate::grid::Grid;

/// One move as storage offsets: the tile entered, what the move adds to its cost, and the
/// tiles it passes between.
#[derive(Copy, Clone, Debug)]
struct IndexMove {
    to: isize,
    extra: u32,
    between: [isize; 4],
    count: u8,
}

impl IndexMove {
    /// Whether this move from tile `i` squeezes between two tiles that pinch on `way` (wall
    /// corners no walker passes between).
    fn pinched<T>(&self, way: &Passage<'_, T>, i: usize) -> bool {
        self.between[..usize::from(self.count)]
            .iter()
            .any(|&b| way.pinches(i.wrapping_add_signed(b)))
    }
}

/// The moves of every tile class of a grid, as storage offsets.
struct MoveTable {
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
struct Reach<'a> {
    /// The tiles it starts from, at cost 0.
    sources: &'a [usize],
    /// The tile it looks for (A*), or `None` to settle everything within the limit.
    goal: Option<usize>,
    /// The largest cost it settles.
    limit: u32,
}

/// What a lattice search holds fixed while it expands tiles: the passage and its moves, the
/// cost of entering a tile, the heuristic, the largest cost settled and the stamp of settled
/// tiles.
struct Expansion<'w, 'g, T, C, H> {
    way: &'w Passage<'g, T>,
    table: MoveTable,
    mask: &'g [bool],
    door: u32,
    cost: C,
    h: H,
    limit: u32,
    shut: u32,
}

impl PathScratch {
    /// Runs a best-first search over `way` from `reach`'s sources: Dijkstra when it has no
    /// goal (settling every tile within its limit, calling `visit` as each is settled, which
    /// may stop it), A* toward the goal otherwise, with the tiling's distance as heuristic.
    /// A move costs the tile entered (`cost`, below 1 counted as 1), what its kind adds, and
    /// the opening of a closed door on its side ([`Passage`]). Returns the goal's cost when it
    /// was reached.
    fn search_lattice<T>(
        &mut self,
        way: &Passage<'_, T>,
        cost: impl Fn(usize) -> Option<u32>,
        reach: Reach,
        mut visit: impl FnMut(usize, u32) -> Flow,
    ) -> Option<u32> {
        let Reach {
            sources,
            goal,
            limit,
        } = reach;
        let grid = way.grid();
        let len = grid.storage_len();
        self.begin(len);
        let tiling = grid.tiling();
        let target = goal.map(|g| grid.cell(g));
        let h = |i: usize| target.map_or(0, |t| tiling.distance(grid.cell(i), t).unsigned_abs());
        self.seed_lattice(grid, sources, h);
        let run = Expansion {
            way,
            table: MoveTable::of(grid),
            mask: grid.tile_mask(),
            door: way.door_cost(),
            cost,
            h,
            limit,
            shut: self.generation + 1,
        };
        let mut found = None;
        while let Some((_, i)) = self.queue.pop() {
            let i = i as usize;
            let state = self.states[i];
            if State::stamp(state) == run.shut {
                continue;
            }
            let d = State::dist(state);
            self.states[i] = State::pack(run.shut, d);
            if goal == Some(i) {
                found = Some(d);
                break;
            }
            if visit(i, d) == Flow::Stop {
                break;
            }
            self.expand_lattice(&run, i, d);
        }
        self.clear_spare(len);
        found
    }

    /// Opens a lattice search at `sources` (the tiles among them), each at cost 0, with the
    /// queue keyed from the first one's heuristic `h`.
    fn seed_lattice<T>(&mut self, grid: &Grid<T>, sources: &[usize], h: impl Fn(usize) -> u32) {
        let first = sources.first().map_or(0, |&s| h(s));
        self.queue.reset(first);
        for &s in sources {
            if grid.is_tile(s) && self.relax(s, 0, s) {
                self.queue.push(h(s), s as u32);
            }
        }
    }

    /// Relaxes every move out of tile `i`, settled at cost `d`: a move enters an unsettled
    /// tile its side lets it reach, squeezing past no pinching corner, and queues the tile
    /// when the move improves its cost within the limit.
    fn expand_lattice<T, C, H>(&mut self, run: &Expansion<'_, '_, T, C, H>, i: usize, d: u32)
    where
        C: Fn(usize) -> Option<u32>,
        H: Fn(usize) -> u32,
    {
        let grid = run.way.grid();
        let (pass, opens) = run.way.masks(i);
        for (k, m) in run.table.from(grid, i).iter().enumerate() {
            let j = i.wrapping_add_signed(m.to);
            if !run.mask[j] || State::stamp(self.states[j]) == run.shut || pass >> k & 1 == 0 {
                continue;
            }
            let Some(c) = (run.cost)(j) else { continue };
            if m.pinched(run.way, i) {
                continue;
            }
            let opening = if opens >> k & 1 == 1 { run.door } else { 0 };
            let nd = d
                .saturating_add(c.max(1))
                .saturating_add(m.extra)
                .saturating_add(opening);
            if nd <= run.limit && self.relax(j, nd, i) {
                self.queue.push(nd.saturating_add((run.h)(j)), j as u32);
            }
        }
    }

    /// The cost of the cheapest way from `start` to `goal` over `way`, or `None` when there is
    /// none (either end no tile, the goal not enterable, or no way through); the path is then
    /// [`PathScratch::index_path`]`(goal)`. On plain hexes this is the fast hex A*.
    ///
    /// ```
    /// use hexdeep_tiling::{geom::Cell, grid::{Grid, Shape, Sides}, path::{Passage, PathScratch}};
    /// let open = Grid::new(&Shape::Hexagon { radius: 3 }, ()).unwrap();
    /// let sides = Sides::default();
    /// let way = Passage::new(&open, &sides, |_| false);
    /// let (a, b) = (open.index(Cell::new(-3, 0)).unwrap(), open.index(Cell::new(3, 0)).unwrap());
    /// let mut scratch = PathScratch::new();
    /// assert_eq!(scratch.astar_on(&way, |_| Some(1), a, b), Some(6));
    /// assert_eq!(scratch.index_path(b).len(), 7);
    /// ```
    pub fn astar_on<T>(
        &mut self,
        way: &Passage<'_, T>,
        cost: impl Fn(usize) -> Option<u32>,
        start: usize,
        goal: usize,
    ) -> Option<u32> {
        let grid = way.grid();
        if way.plain_hexes() {
            return self.astar_with(grid, cost, start, goal);
        }
        if !grid.is_tile(start) || !grid.is_tile(goal) {
            return None;
        }
        cost(goal)?;
        let reach = Reach {
            sources: &[start],
            goal: Some(goal),
            limit: UNREACHED,
        };
        self.search_lattice(way, cost, reach, |_, _| Flow::Continue)
    }

    /// Dijkstra over `way` from `sources` (cost 0 each, whatever their terrain), never beyond
    /// `limit`, calling `visit(index, cost)` as each tile is settled, in ascending cost order,
    /// which may stop the search. Afterwards [`PathScratch::distance`] and
    /// [`PathScratch::index_path`] answer for every tile reached. On plain hexes this is the
    /// fast hex Dijkstra.
    ///
    /// ```
    /// use hexdeep_tiling::{geom::Cell, grid::{Grid, Shape, Sides}, path::*};
    /// let open = Grid::new(&Shape::Hexagon { radius: 3 }, ()).unwrap();
    /// let sides = Sides::default();
    /// let way = Passage::new(&open, &sides, |_| false);
    /// let centre = open.index(Cell::ORIGIN).unwrap();
    /// let mut settled = 0;
    /// let mut scratch = PathScratch::new();
    /// scratch.dijkstra_on(&way, |_| Some(1), &[centre], 2, |_, _| {
    ///     settled += 1;
    ///     Flow::Continue
    /// });
    /// // The centre and the two rings around it.
    /// assert_eq!(settled, 1 + 6 + 12);
    /// ```
    pub fn dijkstra_on<T>(
        &mut self,
        way: &Passage<'_, T>,
        cost: impl Fn(usize) -> Option<u32>,
        sources: &[usize],
        limit: u32,
        visit: impl FnMut(usize, u32) -> Flow,
    ) {
        if way.plain_hexes() {
            return self.dijkstra_with(way.grid(), cost, sources, limit, visit);
        }
        let reach = Reach {
            sources,
            goal: None,
            limit,
        };
        self.search_lattice(way, cost, reach, visit);
    }

    /// The action at which a walker that was ready on every tile of the last search at its
    /// distance arrives on each of `tiles` of `way`: one action after being ready on a tile
    /// it may step from (two across a closed door on a side, which it opens first). `None`
    /// for a tile no reached tile steps onto.
    pub(super) fn arrivals_at<T>(
        &self,
        way: &Passage<'_, T>,
        cost: impl Fn(usize) -> Option<u32>,
        tiles: &[usize],
    ) -> Vec<Option<u32>> {
        let grid = way.grid();
        let table = MoveTable::of(grid);
        let arrival = |i: usize| {
            cost(i)?;
            let (pass, _) = way.masks(i);
            // Moves are their own way back: the step from `p` to `i` is allowed exactly when
            // the one from `i` to `p` crosses and squeezes past nothing, and opens the same
            // door.
            table
                .from(grid, i)
                .iter()
                .enumerate()
                .filter(|&(k, m)| pass >> k & 1 == 1 && !m.pinched(way, i))
                .filter_map(|(k, m)| {
                    let p = i.wrapping_add_signed(m.to);
                    let ready = self.distance(p).filter(|_| grid.is_tile(p))?;
                    Some(ready.saturating_add(1).saturating_add(way.opening(i, k)))
                })
                .min()
        };
        tiles.iter().map(|&i| arrival(i)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::super::reference::{costs, map};
    use super::*;
    use crate::grid::Sides;

    #[test]
    fn on_plain_hexes_the_general_search_finds_the_hex_searches_costs() {
        for seed in 0..12 {
            let grid = &map(seed);
            let cost = costs(grid);
            let tiles: Vec<usize> = grid.indices().collect();
            let from = tiles[tiles.len() / 3];
            let sides = Sides::default();
            let way = Passage::new(grid, &sides, |&c| c == 0);
            let mut fast = PathScratch::new();
            fast.dijkstra_on(&way, &cost, &[from], UNREACHED, |_, _| Flow::Continue);
            let mut general = PathScratch::new();
            let reach = Reach {
                sources: &[from],
                goal: None,
                limit: UNREACHED,
            };
            general.search_lattice(&way, &cost, reach, |_, _| Flow::Continue);
            for &i in &tiles {
                assert_eq!(general.distance(i), fast.distance(i), "seed {seed} to {i}");
            }
        }
    }
}
