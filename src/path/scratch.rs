//! Reusable search buffers: generation-stamped arrays that never need clearing.

use super::bucket::BucketQueue;
use crate::geom::Hex;
use crate::map::Grid;

/// Buffers for repeated searches on maps of any size. Keep one and pass it to the `*_with`
/// functions to avoid allocating and clearing per search.
///
/// A tile's distance and parent are valid in the current search when its stamp is the current
/// generation (open) or the generation plus one (closed); older stamps mean "not seen".
#[derive(Clone, Debug, Default)]
pub struct PathScratch {
    /// Stamp, distance and parent side by side: one cache line per tile touched.
    cells: Vec<Cell>,
    generation: u32,
    pub(super) queue: BucketQueue,
    /// Every index first seen in the current search, in the order seen.
    pub(super) reached: Vec<u32>,
}

/// What a search knows of one storage index.
#[derive(Copy, Clone, Debug, Default)]
struct Cell {
    stamp: u32,
    dist: u32,
    parent: u32,
}

impl PathScratch {
    /// Empty buffers; they grow to the largest map searched.
    pub fn new() -> PathScratch {
        PathScratch::default()
    }

    /// Starts a new search over `len` storage indices.
    pub(super) fn begin(&mut self, len: usize) {
        if self.cells.len() < len {
            self.cells.resize(len, Cell::default());
        }
        if self.generation >= u32::MAX - 2 {
            self.cells.fill(Cell::default());
            self.generation = 0;
        }
        self.generation += 2;
        self.reached.clear();
        self.queue.reset(0);
    }

    /// Whether `i` has a distance in the current search.
    pub(super) fn seen(&self, i: usize) -> bool {
        self.cells[i].stamp >= self.generation
    }

    /// Whether `i` has been settled in the current search.
    pub(super) fn closed(&self, i: usize) -> bool {
        self.cells[i].stamp == self.generation + 1
    }

    /// Marks `i` settled.
    pub(super) fn close(&mut self, i: usize) {
        self.cells[i].stamp = self.generation + 1;
    }

    /// The distance recorded for `i` (meaningful only when [`Self::seen`]).
    pub(super) fn dist(&self, i: usize) -> u32 {
        self.cells[i].dist
    }

    /// Records a (better) distance for `i` reached from `from`; returns whether it improved.
    pub(super) fn relax(&mut self, i: usize, d: u32, from: usize) -> bool {
        let generation = self.generation;
        let cell = &mut self.cells[i];
        if cell.stamp >= generation {
            if d >= cell.dist || cell.stamp != generation {
                return false;
            }
        } else {
            self.reached.push(i as u32);
        }
        *cell = Cell {
            stamp: generation,
            dist: d,
            parent: from as u32,
        };
        true
    }

    /// How many storage indices the last search reached (a measure of its work).
    pub fn reached_count(&self) -> usize {
        self.reached.len()
    }

    /// The distance of `i` in the last search, if it was reached.
    pub fn distance(&self, i: usize) -> Option<u32> {
        (i < self.cells.len() && self.seen(i)).then(|| self.cells[i].dist)
    }

    /// The path of the last search from its source to `target`, both included, as storage
    /// indices; empty when `target` was not reached.
    pub fn index_path(&self, target: usize) -> Vec<usize> {
        if self.distance(target).is_none() {
            return Vec::new();
        }
        let mut path = vec![target];
        let mut at = target;
        // Parents form a tree rooted at sources (their own parents); the bound guards bad use.
        while self.cells[at].parent as usize != at && path.len() <= self.reached.len() {
            at = self.cells[at].parent as usize;
            path.push(at);
        }
        path.reverse();
        path
    }

    /// [`PathScratch::index_path`] as hexes of `grid`.
    pub fn hex_path<T>(&self, grid: &Grid<T>, target: usize) -> Vec<Hex> {
        self.index_path(target)
            .into_iter()
            .map(|i| grid.hex(i))
            .collect()
    }
}
