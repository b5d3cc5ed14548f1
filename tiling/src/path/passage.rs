//! The one description of how a walker crosses a map that every search reads: which moves
//! squeeze past a corner, which cross a thin wall, and what a door on a side costs.
//!
//! A move through a corner is refused beside a tile that pinches it (for hexdeep: a wall, a
//! closed door) or beside no tile (never beside a tile that only cannot be entered, which is
//! the cost function's to say); a move across a side is refused at a thin wall; a step into a
//! closed door on a side opens it and the opener stays, so crossing one takes an action more
//! than the tile entered costs (ARCHITECTURE.md, "Tilings" and "Tile sides and corners").

use crate::grid::{Grid, Sides};

/// How a search may cross a map: its tiles (for squeezing past corners) and its sides (for
/// thin walls and doors). What entering a tile costs is the search's own cost function.
///
/// ```
/// use hexdeep_tiling::{geom::Cell, grid::{Grid, Shape, Sides}, path::{Passage, PathScratch}};
/// // Hexes 5 × 3 walled across the middle row but for (4, 1): the way round costs 9.
/// let mut wall = Grid::new(&Shape::Parallelogram { width: 5, height: 3 }, false).unwrap();
/// (0..4).for_each(|x| assert!(wall.set(Cell::new(x, 1), true)));
/// let sides = Sides::default();
/// let way = Passage::new(&wall, &sides, |&w| w);
/// let (a, b) = (wall.index(Cell::new(0, 0)).unwrap(), wall.index(Cell::new(0, 2)).unwrap());
/// assert_eq!(PathScratch::new().astar_on(&way, |i| (!wall[i]).then_some(1), a, b), Some(9));
/// ```
#[derive(Copy, Clone, Debug)]
pub struct Passage<'a, T> {
    grid: &'a Grid<T>,
    sides: &'a Sides,
    /// Whether a tile's value keeps a move through a corner from passing beside it.
    pinches: fn(&T) -> bool,
    /// The actions a step into a closed door on a side takes before the step through it.
    door: u32,
}

impl<'a, T> Passage<'a, T> {
    /// The passage over `grid` and the features on its sides, where a move through a corner
    /// may not pass beside a tile whose value `pinches`.
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Cell, Tiling};
    /// use hexdeep_tiling::grid::{Grid, Sides};
    /// use hexdeep_tiling::path::{Passage, PathScratch};
    ///
    /// // A chess board of squares; `true` is a wall a diagonal may not squeeze past.
    /// let cells: Vec<Cell> = (0..8).flat_map(|y| (0..8).map(move |x| Cell::new(x, y))).collect();
    /// let mut board = Grid::from_cells(Tiling::Square, &cells, false).unwrap();
    /// for wall in [Cell::new(1, 0), Cell::new(0, 1)] {
    ///     let i = board.index(wall).unwrap();
    ///     board[i] = true;
    /// }
    /// let sides = Sides::default();
    /// let way = Passage::new(&board, &sides, |&wall| wall);
    /// let cost = |i: usize| (!board[i]).then_some(1);
    /// let (a, b) = (board.index(Cell::new(0, 0)).unwrap(), board.index(Cell::new(1, 1)).unwrap());
    /// // The diagonal between the two walls is refused: no way out of the corner.
    /// assert_eq!(PathScratch::new().astar_on(&way, cost, a, b), None);
    /// ```
    pub fn new(grid: &'a Grid<T>, sides: &'a Sides, pinches: fn(&T) -> bool) -> Passage<'a, T> {
        Passage {
            grid,
            sides,
            pinches,
            door: 1,
        }
    }

    /// The same passage where a closed door on a side is crossed in one step, as if open:
    /// for counting steps (how far apart two places are) rather than actions.
    ///
    /// ```
    /// use hexdeep_tiling::{geom::{Cell, Tiling}, grid::{Grid, SideFeature, Sides}};
    /// use hexdeep_tiling::path::{Passage, PathScratch};
    /// let pair = [Cell::new(0, 0), Cell::new(1, 0)];
    /// let (grid, mut sides) = (Grid::from_cells(Tiling::Square, &pair, ()).unwrap(), Sides::default());
    /// sides.set_side(&grid, Tiling::Square.side_between(pair[0], pair[1]).unwrap(), SideFeature::DoorClosed);
    /// let [a, b] = pair.map(|c| grid.index(c).unwrap());
    /// let way = Passage::new(&grid, &sides, |_| false);
    /// // Opening the door takes an action, then the step through it another.
    /// assert_eq!(PathScratch::new().astar_on(&way, |_| Some(1), a, b), Some(2));
    /// assert_eq!(PathScratch::new().astar_on(&way.doors_as_steps(), |_| Some(1), a, b), Some(1));
    /// ```
    pub fn doors_as_steps(self) -> Passage<'a, T> {
        Passage { door: 0, ..self }
    }

    /// The map searched over.
    ///
    /// ```
    /// use hexdeep_tiling::grid::{Grid, Shape, Sides};
    /// use hexdeep_tiling::path::Passage;
    /// let grid = Grid::new(&Shape::Hexagon { radius: 2 }, 0u8).unwrap();
    /// let sides = Sides::default();
    /// assert_eq!(Passage::new(&grid, &sides, |_| false).grid().len(), 19);
    /// ```
    pub fn grid(&self) -> &'a Grid<T> {
        self.grid
    }

    /// Whether the plain hex searches answer for this passage: hexes (no move passes between
    /// tiles) and no feature on any side.
    pub(super) fn plain_hexes(&self) -> bool {
        self.grid.tiling() == crate::geom::Tiling::Hex && !self.sides.any()
    }

    /// Whether a move through a corner may not pass beside storage index `i`: a tile that
    /// pinches, or no tile.
    #[inline]
    pub(super) fn pinches(&self, i: usize) -> bool {
        !self.grid.is_tile(i) || self.grid.cells().get(i).is_none_or(self.pinches)
    }

    /// What moves from storage index `i` cost beyond the tile entered, one bit a move in the
    /// order of the tiling's moves: `(may cross, costs an opening)`. A move that may cross
    /// but that sight does not is a step into a closed door on a side (a move through a
    /// corner crosses exactly where sight does).
    #[inline]
    pub(super) fn masks(&self, i: usize) -> (u8, u8) {
        let pass = self.sides.pass_mask(i);
        let opens = if self.door > 0 {
            pass & !self.sides.see_mask(i)
        } else {
            0
        };
        (pass, opens)
    }

    /// The actions an opening takes (see [`Passage::masks`]).
    #[inline]
    pub(super) fn door_cost(&self) -> u32 {
        self.door
    }

    /// The actions move `k` from storage index `i` takes to open a door before it crosses.
    pub(super) fn opening(&self, i: usize, k: usize) -> u32 {
        let (_, opens) = self.masks(i);
        if opens >> k & 1 == 1 { self.door } else { 0 }
    }
}
