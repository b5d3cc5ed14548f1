//! A wraparound grid: a rectangle of cells whose opposite edges are glued by seams, so that
//! walking off one edge comes back on the other (a torus). Neighbours, distances, lines, field
//! of view and searches go through the seams: they are those of the repeating plane, each
//! plane cell read as its copy in the rectangle (ARCHITECTURE.md, "Grid systems").

use crate::fov::visible_by_lines;
use crate::geom::{Cell, Move, Tiling};
use crate::grid::Grid;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// Why a wraparound grid could not be made.
///
/// ```
/// use hexdeep_tiling::geom::Tiling;
/// use hexdeep_tiling::system::{Wrap, WrapError};
/// assert_eq!(Wrap::new(Tiling::Square, 0, 5).unwrap_err(), WrapError::Size(0, 5));
/// assert_eq!(Wrap::new(Tiling::Triangle, 5, 4).unwrap_err(), WrapError::OddTriangles(5, 4));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum WrapError {
    /// A side of the rectangle is empty or too long.
    #[error("a wraparound grid is 1 to 4096 cells a side, not {0} by {1}")]
    Size(i32, i32),
    /// On triangles the periods must be even, or a seam would glue a tile to one pointing the
    /// other way.
    #[error("a wraparound triangle grid needs an even width and height, not {0} by {1}")]
    OddTriangles(i32, i32),
}

/// The cells `0..width` by `0..height` of a tiling with opposite edges glued.
///
/// ```
/// use hexdeep_tiling::geom::{Cell, Tiling};
/// use hexdeep_tiling::system::Wrap;
///
/// let torus = Wrap::new(Tiling::Square, 10, 6).unwrap();
/// // West of the first column is the last one; the far corner is a diagonal step away.
/// assert_eq!(torus.canonical(Cell::new(-1, 0)), Cell::new(9, 0));
/// assert_eq!(torus.distance(Cell::new(0, 0), Cell::new(9, 5)), 1);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Wrap {
    tiling: Tiling,
    width: i32,
    height: i32,
}

impl Wrap {
    /// The wraparound grid of `tiling`, `width` by `height` cells.
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Cell, Tiling};
    /// use hexdeep_tiling::system::Wrap;
    /// let hexes = Wrap::new(Tiling::Hex, 8, 8).unwrap();
    /// assert_eq!(hexes.canonical(Cell::new(8, -1)), Cell::new(0, 7));
    /// assert!(Wrap::new(Tiling::Hex, 5000, 8).is_err());
    /// ```
    pub fn new(tiling: Tiling, width: i32, height: i32) -> Result<Wrap, WrapError> {
        if !(1..=4096).contains(&width) || !(1..=4096).contains(&height) {
            return Err(WrapError::Size(width, height));
        }
        if tiling == Tiling::Triangle && (width % 2 != 0 || height % 2 != 0) {
            return Err(WrapError::OddTriangles(width, height));
        }
        Ok(Wrap {
            tiling,
            width,
            height,
        })
    }

    /// The tiling of its cells.
    ///
    /// ```
    /// use hexdeep_tiling::geom::Tiling;
    /// use hexdeep_tiling::system::Wrap;
    /// assert_eq!(Wrap::new(Tiling::Triangle, 4, 2).unwrap().tiling(), Tiling::Triangle);
    /// ```
    pub fn tiling(&self) -> Tiling {
        self.tiling
    }

    /// Its periods: how many columns and rows before the plane repeats.
    ///
    /// ```
    /// use hexdeep_tiling::geom::Tiling;
    /// use hexdeep_tiling::system::Wrap;
    /// assert_eq!(Wrap::new(Tiling::Square, 10, 6).unwrap().periods(), (10, 6));
    /// ```
    pub fn periods(&self) -> (i32, i32) {
        (self.width, self.height)
    }

    /// How many cells it has.
    ///
    /// ```
    /// use hexdeep_tiling::geom::Tiling;
    /// use hexdeep_tiling::system::Wrap;
    /// assert_eq!(Wrap::new(Tiling::Square, 10, 6).unwrap().len(), 60);
    /// ```
    pub fn len(&self) -> usize {
        (self.width * self.height) as usize
    }

    /// Whether it has no cell (never: a wraparound grid has at least one).
    ///
    /// ```
    /// use hexdeep_tiling::geom::Tiling;
    /// use hexdeep_tiling::system::Wrap;
    /// assert!(!Wrap::new(Tiling::Square, 1, 1).unwrap().is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The copy in the rectangle of a cell of the plane.
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Cell, Tiling};
    /// use hexdeep_tiling::system::Wrap;
    /// let torus = Wrap::new(Tiling::Square, 10, 6).unwrap();
    /// assert_eq!(torus.canonical(Cell::new(12, -1)), Cell::new(2, 5));
    /// assert_eq!(torus.canonical(Cell::new(3, 4)), Cell::new(3, 4));
    /// ```
    pub fn canonical(&self, c: Cell) -> Cell {
        Cell::new(c.x.rem_euclid(self.width), c.y.rem_euclid(self.height))
    }

    /// The index of a cell (of the plane, read as its copy), row by row.
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Cell, Tiling};
    /// use hexdeep_tiling::system::Wrap;
    /// let torus = Wrap::new(Tiling::Square, 10, 6).unwrap();
    /// assert_eq!(torus.index(Cell::new(3, 1)), 13);
    /// assert_eq!(torus.index(Cell::new(13, 7)), 13);
    /// ```
    pub fn index(&self, c: Cell) -> usize {
        let c = self.canonical(c);
        (c.y * self.width + c.x) as usize
    }

    /// The cell at an index (taken modulo the number of cells).
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Cell, Tiling};
    /// use hexdeep_tiling::system::Wrap;
    /// let torus = Wrap::new(Tiling::Square, 10, 6).unwrap();
    /// assert_eq!(torus.cell(13), Cell::new(3, 1));
    /// assert_eq!(torus.cell(73), Cell::new(3, 1));
    /// ```
    pub fn cell(&self, i: usize) -> Cell {
        let i = (i % self.len()) as i32;
        Cell::new(i % self.width, i / self.width)
    }

    /// Every cell, row by row.
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Cell, Tiling};
    /// use hexdeep_tiling::system::Wrap;
    /// let torus = Wrap::new(Tiling::Square, 3, 2).unwrap();
    /// let cells: Vec<Cell> = torus.cells().collect();
    /// assert_eq!(cells.len(), 6);
    /// assert_eq!((cells[0], cells[3]), (Cell::new(0, 0), Cell::new(0, 1)));
    /// ```
    pub fn cells(&self) -> impl Iterator<Item = Cell> + '_ {
        (0..self.len()).map(|i| self.cell(i))
    }

    /// The moves from `c` with the cells they lead to, across the seams.
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Cell, Tiling};
    /// use hexdeep_tiling::system::Wrap;
    /// let torus = Wrap::new(Tiling::Square, 10, 6).unwrap();
    /// let around: Vec<Cell> = torus.neighbours(Cell::new(0, 0)).into_iter().map(|(c, _)| c).collect();
    /// assert_eq!(around.len(), 8);
    /// assert!(around.contains(&Cell::new(9, 5)));
    /// ```
    pub fn neighbours(&self, c: Cell) -> Vec<(Cell, Move)> {
        let c = self.canonical(c);
        let moves = self.tiling.moves(self.tiling.class(c));
        moves
            .as_slice()
            .iter()
            .map(|m| (self.canonical(c.offset(m.dx, m.dy)), *m))
            .collect()
    }

    /// The copy of `to` nearest to `from` in the plane (by the tiling's distance; the first
    /// in row order among equals).
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Cell, Tiling};
    /// use hexdeep_tiling::system::Wrap;
    /// let torus = Wrap::new(Tiling::Square, 10, 6).unwrap();
    /// assert_eq!(torus.nearest_copy(Cell::new(0, 0), Cell::new(9, 0)), Cell::new(-1, 0));
    /// assert_eq!(torus.nearest_copy(Cell::new(0, 0), Cell::new(3, 2)), Cell::new(3, 2));
    /// ```
    pub fn nearest_copy(&self, from: Cell, to: Cell) -> Cell {
        let to = self.canonical(to);
        let (w, h) = (self.width, self.height);
        let base = Cell::new(
            from.x.div_euclid(w) * w + to.x,
            from.y.div_euclid(h) * h + to.y,
        );
        let mut best = base;
        for ky in -1..=1 {
            for kx in -1..=1 {
                let copy = base.offset(kx * w, ky * h);
                let d = self.tiling.distance(from, copy);
                if d < self.tiling.distance(from, best) {
                    best = copy;
                }
            }
        }
        best
    }

    /// The fewest steps from `a` to `b` on open ground, across the seams.
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Cell, Tiling};
    /// use hexdeep_tiling::system::Wrap;
    /// let ring = Wrap::new(Tiling::Hex, 10, 10).unwrap();
    /// assert_eq!(ring.distance(Cell::new(0, 0), Cell::new(9, 0)), 1);
    /// assert_eq!(ring.distance(Cell::new(0, 0), Cell::new(5, 0)), 5);
    /// ```
    pub fn distance(&self, a: Cell, b: Cell) -> i32 {
        self.tiling.distance(a, self.nearest_copy(a, b))
    }

    /// The line from `a` to the nearest copy of `b`, each tile read as its copy.
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Cell, Tiling};
    /// use hexdeep_tiling::system::Wrap;
    /// let torus = Wrap::new(Tiling::Square, 10, 6).unwrap();
    /// // The short way round: west across the seam.
    /// assert_eq!(torus.line(Cell::new(0, 0), Cell::new(8, 0)), [Cell::new(0, 0), Cell::new(9, 0), Cell::new(8, 0)]);
    /// ```
    pub fn line(&self, a: Cell, b: Cell) -> Vec<Cell> {
        let far = self.nearest_copy(a, b);
        self.tiling
            .line(a, far)
            .into_iter()
            .map(|c| self.canonical(c))
            .collect()
    }

    /// The cells visible from `origin` within `radius` by both rules of field of view, where
    /// `blocks(c)` says whether cell `c` (in the rectangle) blocks sight: field of view on the
    /// repeating plane, each plane cell read as its copy. Sorted by index, each once.
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Cell, Tiling};
    /// use hexdeep_tiling::system::Wrap;
    /// let torus = Wrap::new(Tiling::Square, 10, 6).unwrap();
    /// let seen = torus.field_of_view(|_| false, Cell::new(0, 0), 1);
    /// assert_eq!(seen.len(), 9);
    /// assert!(seen.contains(&Cell::new(9, 5)));
    /// ```
    pub fn field_of_view(
        &self,
        blocks: impl Fn(Cell) -> bool,
        origin: Cell,
        radius: u32,
    ) -> Vec<Cell> {
        let origin = self.canonical(origin);
        let r = radius.min(4096) as i32;
        // The window of the plane around the origin that holds every cell within the radius.
        let cells: Vec<Cell> = (-r - 1..=r + 1)
            .flat_map(|dy| (-2 * r - 3..=2 * r + 3).map(move |dx| origin.offset(dx, dy)))
            .collect();
        let Ok(mut window) = Grid::from_cells(self.tiling, &cells, false) else {
            return Vec::new();
        };
        for i in window.indices().collect::<Vec<_>>() {
            window[i] = blocks(self.canonical(window.cell(i)));
        }
        let plane = visible_by_lines(&window, |i| window[i], origin, radius);
        let mut seen: Vec<Cell> = plane
            .into_iter()
            .map(|i| self.canonical(window.cell(i)))
            .collect();
        seen.sort_by_key(|&c| self.index(c));
        seen.dedup();
        seen
    }

    /// The cheapest cost from any of `sources` to every cell, by index (`None` where no path
    /// costs at most `limit`), where `cost(c)` is the cost of entering cell `c` (`None`: it
    /// cannot be entered; below 1 counts as 1) plus what a move's kind adds (a triangle's step
    /// through a corner), and a move through a corner may not pass beside a cell that
    /// `pinches`. Sources cost 0.
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Cell, Tiling};
    /// use hexdeep_tiling::system::Wrap;
    /// let torus = Wrap::new(Tiling::Square, 10, 6).unwrap();
    /// let costs = torus.costs(|_| Some(1), |_| false, &[Cell::new(0, 0)], 100);
    /// assert_eq!(costs[torus.index(Cell::new(9, 5))], Some(1));
    /// assert_eq!(costs[torus.index(Cell::new(5, 3))], Some(5));
    /// ```
    pub fn costs(
        &self,
        cost: impl Fn(Cell) -> Option<u32>,
        pinches: impl Fn(Cell) -> bool,
        sources: &[Cell],
        limit: u32,
    ) -> Vec<Option<u32>> {
        let mut best: Vec<Option<u32>> = vec![None; self.len()];
        let mut queue = BinaryHeap::new();
        for &s in sources {
            let i = self.index(s);
            if best[i].is_none() {
                best[i] = Some(0);
                queue.push(Reverse((0u32, i)));
            }
        }
        while let Some(Reverse((d, i))) = queue.pop() {
            if best[i] != Some(d) {
                continue;
            }
            let here = self.cell(i);
            for (to, m) in self.neighbours(here) {
                if m.squeezes()
                    .iter()
                    .any(|&(dx, dy)| pinches(self.canonical(here.offset(dx, dy))))
                {
                    continue;
                }
                let Some(c) = cost(to) else { continue };
                let nd = d.saturating_add(c.max(1)).saturating_add(m.extra_cost);
                let j = self.index(to);
                if nd <= limit && best[j].is_none_or(|b| nd < b) {
                    best[j] = Some(nd);
                    queue.push(Reverse((nd, j)));
                }
            }
        }
        best
    }
}

#[cfg(test)]
#[path = "wrap_tests.rs"]
mod tests;
