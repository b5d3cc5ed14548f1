//! Reusable search buffers: generation-stamped arrays that never need clearing.

use super::bucket::BucketQueue;
use crate::geom::Cell;
use crate::grid::Grid;

/// Buffers for repeated searches on maps of any size. Keep one and reuse it for every search
/// ([`PathScratch::astar_on`], [`PathScratch::dijkstra_on`],
/// [`movement_range`](super::movement_range)) to avoid allocating and clearing per search.
///
/// A tile's distance and parent are valid in the current search when its stamp is the current
/// generation (open) or the generation plus one (closed); older stamps mean "not seen".
///
/// ```
/// use hexdeep_tiling::{geom::Cell, grid::{Grid, Shape, Sides}, path::{Passage, PathScratch}};
/// let (grid, sides) = (Grid::new(&Shape::Hexagon { radius: 3 }, ()).unwrap(), Sides::default());
/// let way = Passage::new(&grid, &sides, |_| false);
/// let mut scratch = PathScratch::new(); // kept and reused by every search
/// for goal in [Cell::new(3, 0), Cell::new(-3, -3)] {
///     let (a, b) = (grid.index(Cell::ORIGIN).unwrap(), grid.index(goal).unwrap());
///     assert_eq!(scratch.astar_on(&way, |_| Some(1), a, b), Some(3));
/// }
/// ```
#[derive(Clone, Debug, Default)]
pub struct PathScratch {
    /// Per storage index, plus one spare: its [`State`].
    pub(super) states: Vec<u64>,
    /// Per storage index, plus one spare: where it was reached from (itself for a source).
    pub(super) parents: Vec<u32>,
    pub(super) generation: u32,
    pub(super) queue: BucketQueue,
    /// The first [`Self::count`] entries: every index first seen in the current search, in
    /// the order seen (Dijkstra only: A* just counts them). Kept as long as the storage plus
    /// one, so that branch-free code may write past the count.
    pub(super) reached: Vec<u32>,
    /// How many indices the current search has seen.
    pub(super) count: usize,
}

/// A tile's stamp and distance packed into one word, `stamp << 32 | !dist`, so that one read
/// answers every question a search asks, and one comparison decides whether a new distance
/// improves on it: for `new = State::pack(generation, d)`, `new > old` exactly when the tile
/// is unseen in this search (older stamp) or open with a larger distance, and never when it
/// is closed (stamp `generation + 1`).
pub(super) struct State;

impl State {
    /// The word for `stamp` and `dist`.
    #[inline]
    pub(super) fn pack(stamp: u32, dist: u32) -> u64 {
        (u64::from(stamp) << 32) | u64::from(!dist)
    }

    /// The stamp of a word.
    #[inline]
    pub(super) fn stamp(word: u64) -> u32 {
        (word >> 32) as u32
    }

    /// The distance of a word.
    #[inline]
    pub(super) fn dist(word: u64) -> u32 {
        !(word as u32)
    }
}

impl PathScratch {
    /// Empty buffers; they grow to the largest map searched.
    ///
    /// ```
    /// use hexdeep_tiling::path::PathScratch;
    /// let scratch = PathScratch::new();
    /// assert_eq!(scratch.reached_count(), 0);
    /// assert_eq!(scratch.distance(0), None);
    /// ```
    pub fn new() -> PathScratch {
        PathScratch::default()
    }

    /// Starts a new search over `len` storage indices. One cell more than that is kept: a
    /// place where branch-free code may write what it throws away (see [`Self::spare`]).
    pub(super) fn begin(&mut self, len: usize) {
        if self.states.len() <= len {
            self.states.resize(len + 1, 0);
            self.parents.resize(len + 1, 0);
            self.reached.resize(len + 1, 0);
        }
        if self.generation >= u32::MAX - 2 {
            self.states.fill(0);
            self.generation = 0;
        }
        self.generation += 2;
        self.count = 0;
        self.queue.reset(0);
    }

    /// The index of the spare cell for a search over `len` storage indices; whatever is written
    /// there must be undone with [`Self::clear_spare`] before the search returns.
    #[inline]
    pub(super) fn spare(len: usize) -> usize {
        len
    }

    /// Forgets what was written to the spare cell.
    pub(super) fn clear_spare(&mut self, len: usize) {
        self.states[Self::spare(len)] = 0;
    }

    /// Whether `i` has a distance in the current search.
    #[inline]
    pub(super) fn seen(&self, i: usize) -> bool {
        State::stamp(self.states[i]) >= self.generation
    }

    /// The distance recorded for `i` (meaningful only when [`Self::seen`]).
    #[inline]
    pub(super) fn dist(&self, i: usize) -> u32 {
        State::dist(self.states[i])
    }

    /// Records a (better) distance for `i` reached from `from`; returns whether it improved.
    #[inline]
    pub(super) fn relax(&mut self, i: usize, d: u32, from: usize) -> bool {
        let old = self.states[i];
        let new = State::pack(self.generation, d);
        if new <= old {
            return false;
        }
        if State::stamp(old) < self.generation {
            self.reached[self.count] = i as u32;
            self.count += 1;
        }
        self.states[i] = new;
        self.parents[i] = from as u32;
        true
    }

    /// The indices the last Dijkstra search reached, in the order first seen.
    ///
    /// ```
    /// use hexdeep_tiling::{geom::Cell, grid::{Grid, Shape, Sides}};
    /// use hexdeep_tiling::path::{Flow, Passage, PathScratch};
    /// let (grid, sides) = (Grid::new(&Shape::Hexagon { radius: 3 }, ()).unwrap(), Sides::default());
    /// let (mut scratch, centre) = (PathScratch::new(), grid.index(Cell::ORIGIN).unwrap());
    /// let way = Passage::new(&grid, &sides, |_| false);
    /// scratch.dijkstra_on(&way, |_| Some(1), &[centre], 1, |_, _| Flow::Continue);
    /// assert_eq!(scratch.reached()[0] as usize, centre);
    /// assert!(scratch.reached().iter().all(|&i| grid.distance(Cell::ORIGIN, grid.cell(i as usize)) <= 1));
    /// ```
    #[inline]
    pub fn reached(&self) -> &[u32] {
        &self.reached[..self.count]
    }

    /// How many storage indices the last search reached (a measure of its work).
    ///
    /// ```
    /// use hexdeep_tiling::{geom::Cell, grid::{Grid, Shape, Sides}, path::{Passage, PathScratch}};
    /// let grid = Grid::new(&Shape::Hexagon { radius: 5 }, ()).unwrap();
    /// let sides = Sides::default();
    /// let mut scratch = PathScratch::new();
    /// let (a, b) = (grid.index(Cell::ORIGIN).unwrap(), grid.index(Cell::new(1, 0)).unwrap());
    /// scratch.astar_on(&Passage::new(&grid, &sides, |_| false), |_| Some(1), a, b);
    /// // A* straight to a neighbour looks at far fewer tiles than the map holds.
    /// assert!(scratch.reached_count() < grid.len());
    /// ```
    #[inline]
    pub fn reached_count(&self) -> usize {
        self.count
    }

    /// The distance of `i` in the last search, if it was reached.
    ///
    /// ```
    /// use hexdeep_tiling::{geom::Cell, grid::{Grid, Shape, Sides}, path::{Passage, PathScratch}};
    /// let grid = Grid::new(&Shape::Hexagon { radius: 3 }, ()).unwrap();
    /// let sides = Sides::default();
    /// let mut scratch = PathScratch::new();
    /// let (a, b) = (grid.index(Cell::ORIGIN).unwrap(), grid.index(Cell::new(2, -1)).unwrap());
    /// scratch.astar_on(&Passage::new(&grid, &sides, |_| false), |_| Some(2), a, b);
    /// assert_eq!(scratch.distance(b), Some(6));
    /// ```
    #[inline]
    pub fn distance(&self, i: usize) -> Option<u32> {
        (i < self.states.len() && self.seen(i)).then(|| self.dist(i))
    }

    /// The path of the last search from its source to `target`, both included, as storage
    /// indices; empty when `target` was not reached.
    ///
    /// ```
    /// use hexdeep_tiling::{geom::Cell, grid::{Grid, Shape, Sides}, path::{Passage, PathScratch}};
    /// let grid = Grid::new(&Shape::Hexagon { radius: 3 }, ()).unwrap();
    /// let sides = Sides::default();
    /// let mut scratch = PathScratch::new();
    /// let (a, b) = (grid.index(Cell::ORIGIN).unwrap(), grid.index(Cell::new(3, 0)).unwrap());
    /// scratch.astar_on(&Passage::new(&grid, &sides, |_| false), |_| Some(1), a, b);
    /// let path = scratch.index_path(b);
    /// assert_eq!((path.len(), path[0], path[3]), (4, a, b));
    /// ```
    pub fn index_path(&self, target: usize) -> Vec<usize> {
        if self.distance(target).is_none() {
            return Vec::new();
        }
        let mut path = vec![target];
        let mut at = target;
        // Parents form a tree rooted at sources (their own parents); the bound guards bad use.
        while self.parents[at] as usize != at && path.len() <= self.count {
            at = self.parents[at] as usize;
            path.push(at);
        }
        path.reverse();
        path
    }

    /// [`PathScratch::index_path`] as cells of `grid`.
    ///
    /// ```
    /// use hexdeep_tiling::{geom::Cell, grid::{Grid, Shape, Sides}, path::{Passage, PathScratch}};
    /// let grid = Grid::new(&Shape::Hexagon { radius: 3 }, ()).unwrap();
    /// let sides = Sides::default();
    /// let mut scratch = PathScratch::new();
    /// let (a, b) = (grid.index(Cell::ORIGIN).unwrap(), grid.index(Cell::new(0, 2)).unwrap());
    /// scratch.astar_on(&Passage::new(&grid, &sides, |_| false), |_| Some(1), a, b);
    /// assert_eq!(scratch.cell_path(&grid, b), [Cell::new(0, 0), Cell::new(0, 1), Cell::new(0, 2)]);
    /// ```
    pub fn cell_path<T>(&self, grid: &Grid<T>, target: usize) -> Vec<Cell> {
        self.index_path(target)
            .into_iter()
            .map(|i| grid.cell(i))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packed_states_order_as_the_search_needs() {
        let g = 10;
        for d in [0, 1, 5, u32::MAX - 1] {
            let new = State::pack(g, d);
            assert_eq!((State::stamp(new), State::dist(new)), (g, d));
            // Unseen (older stamps, any distance): improves.
            for old in [
                0,
                State::pack(g - 1, 0),
                State::pack(g - 2, d),
                State::pack(1, 0),
            ] {
                assert!(new > old);
            }
            // Open: improves exactly on a larger distance.
            assert!(new > State::pack(g, d + 1));
            assert!(new <= State::pack(g, d));
            assert!(d == 0 || new <= State::pack(g, d - 1));
            // Closed: never.
            assert!(new <= State::pack(g + 1, u32::MAX));
            assert!(new <= State::pack(g + 1, 0));
        }
    }
}
