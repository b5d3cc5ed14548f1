//! A grid's description without its data: which cells of a tiling are its tiles, and the
//! storage that numbers them. [`Grid`](super::Grid) is a layout and a `Vec` of values; the
//! geometry (index and coordinate, moves, distances, lines, rings, where the tiles fall on
//! screen) belongs to the layout, so a chess board's 8 by 8 squares are described once and
//! any number of grids of data share it.

use super::Shape;
use crate::geom::{COORD_LIMIT, Cell, Direction, Hex, Screen, Tiling};
use thiserror::Error;

/// The most storage cells a grid may have (bounding box plus border), to bound memory.
///
/// ```
/// use hexdeep_tiling::grid::{GridError, Layout, MAX_STORAGE, Shape};
/// let huge = Layout::of_shape(&Shape::Parallelogram { width: 5000, height: 5000 });
/// assert!(matches!(huge, Err(GridError::TooLarge(n)) if n > MAX_STORAGE));
/// ```
pub const MAX_STORAGE: usize = 1 << 24;

/// Why a grid could not be made.
///
/// ```
/// use hexdeep_tiling::geom::{COORD_LIMIT, Cell, Hex, Tiling};
/// use hexdeep_tiling::grid::{GridError, Layout};
/// assert_eq!(Layout::new(Tiling::Hex, &[]).unwrap_err(), GridError::Empty);
/// let far = Cell::new(COORD_LIMIT + 1, 0);
/// assert_eq!(Layout::new(Tiling::Square, &[far]).unwrap_err(), GridError::OutOfRange(far));
/// let far = Hex::new(0, -COORD_LIMIT - 1);
/// assert_eq!(Layout::of_hexes(&[far]).unwrap_err(), GridError::OutOfRange(far.into()));
/// assert_eq!(GridError::Empty.to_string(), "the map has no tiles");
/// ```
#[derive(Debug, Error, PartialEq, Eq)]
pub enum GridError {
    /// The shape holds no tile.
    #[error("the map has no tiles")]
    Empty,
    /// A cell lies beyond the coordinate limit.
    #[error("tile {0} is outside the coordinate limit of ±{COORD_LIMIT}")]
    OutOfRange(Cell),
    /// The bounding box is too large to store.
    #[error("the map spans {0} cells, more than the limit of {MAX_STORAGE}")]
    TooLarge(usize),
}

/// Which cells of a tiling are tiles, stored densely over their bounding box.
///
/// Indices are positions in that storage; only some are tiles ([`Layout::is_tile`]). Storage
/// is laid out by [`Cell`]s (on hexes a cell is the tile's [`Hex`]); a border of cells that are
/// no tiles surrounds the bounding box, wide enough that every move and every tile touching a
/// tile lies inside storage: one cell, two columns on triangles.
///
/// ```
/// use hexdeep_tiling::{geom::{Cell, Tiling}, grid::Layout};
///
/// let cells: Vec<Cell> = (0..8)
///     .flat_map(|y| (0..8).map(move |x| Cell::new(x, y)))
///     .collect();
/// let board = Layout::new(Tiling::Square, &cells).unwrap();
/// assert_eq!(board.len(), 64);
/// let corner = board.index(Cell::new(0, 0)).unwrap();
/// assert_eq!(board.cell(corner), Cell::new(0, 0));
/// ```
///
/// A layout serves every tiling, so it takes cells, never one tiling's coordinates: a hex is
/// converted first (`Cell::from(hex)`).
///
/// ```compile_fail
/// use hexdeep_tiling::{geom::Hex, grid::{Layout, Shape}};
/// let layout = Layout::of_shape(&Shape::Hexagon { radius: 1 }).unwrap();
/// let _ = layout.contains(Hex::new(1, 0));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    /// The tiling the cells are tiles of.
    tiling: Tiling,
    /// The cell at storage index 0 (above and left of the bounding box, past the border).
    origin: Cell,
    stride: usize,
    rows: usize,
    present: Vec<bool>,
    count: usize,
    /// Where the tiles fall on screen, found once when the layout is built.
    columns: Columns,
}

/// The first and last screen columns of a grid's tiles (with `H = 0`), in the compact drawing
/// and in the large projection (`None` on a tiling without sides). Found once when the grid is
/// built, so that a frame, which needs them to place the map, costs nothing by the level's
/// size on a level of millions of tiles.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct Columns {
    compact: (i32, i32),
    large: Option<(i32, i32)>,
}

impl Columns {
    /// The columns of `tiles` (at least one) on `tiling`.
    fn of(tiling: Tiling, tiles: &[Cell]) -> Columns {
        let span = |cols: &mut dyn Iterator<Item = i32>| {
            cols.fold(None, |span: Option<(i32, i32)>, c| {
                Some(span.map_or((c, c), |(lo, hi)| (lo.min(c), hi.max(c))))
            })
        };
        let screen = Screen::new(tiling, 0);
        let compact = span(&mut tiles.iter().map(|&t| screen.to_screen(t).0));
        let large = span(
            &mut tiles
                .iter()
                .filter_map(|&t| tiling.large_cell(t).map(|(c, _)| c)),
        );
        Columns {
            compact: compact.unwrap_or((0, 0)),
            large,
        }
    }
}

impl Layout {
    /// The layout of a hex shape.
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Cell, Tiling};
    /// use hexdeep_tiling::grid::{Layout, Shape};
    /// let layout = Layout::of_shape(&Shape::Hexagon { radius: 2 }).unwrap();
    /// assert_eq!((layout.len(), layout.tiling()), (19, Tiling::Hex));
    /// assert!(layout.contains(Cell::new(-2, 0)) && !layout.contains(Cell::new(-2, 1)));
    /// ```
    pub fn of_shape(shape: &Shape) -> Result<Layout, GridError> {
        Layout::of_hexes(&shape.hexes())
    }

    /// The layout of `tiling` whose tiles are exactly `cells`.
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Cell, Tiling};
    /// use hexdeep_tiling::grid::Layout;
    /// // A down triangle and the up triangle right of it.
    /// let pair = Layout::new(Tiling::Triangle, &[Cell::new(0, 0), Cell::new(1, 0)]).unwrap();
    /// assert_eq!(pair.len(), 2);
    /// let [a, b] = [Cell::new(0, 0), Cell::new(1, 0)].map(|c| pair.cell(pair.index(c).unwrap()));
    /// assert_eq!(pair.distance(a, b), 1);
    /// ```
    pub fn new(tiling: Tiling, cells: &[Cell]) -> Result<Layout, GridError> {
        let first = *cells.first().ok_or(GridError::Empty)?;
        let (mut lo, mut hi) = (first, first);
        for &c in cells {
            if !c.in_limits() {
                return Err(GridError::OutOfRange(c));
            }
            lo = Cell::new(lo.x.min(c.x), lo.y.min(c.y));
            hi = Cell::new(hi.x.max(c.x), hi.y.max(c.y));
        }
        let border = Layout::border(tiling);
        let stride = (hi.x - lo.x) as usize + 1 + 2 * border.x as usize;
        let rows = (hi.y - lo.y) as usize + 3;
        let size = stride.saturating_mul(rows);
        if size > MAX_STORAGE {
            return Err(GridError::TooLarge(size));
        }
        let mut layout = Layout {
            tiling,
            origin: lo.offset(-border.x, -border.y),
            stride,
            rows,
            present: vec![false; size],
            count: 0,
            columns: Columns::of(tiling, cells),
        };
        for &c in cells {
            let i = layout.storage_index(c).ok_or(GridError::OutOfRange(c))?;
            if !layout.present[i] {
                layout.present[i] = true;
                layout.count += 1;
            }
        }
        Ok(layout)
    }

    /// The layout of hexes whose tiles are exactly `hexes`.
    ///
    /// ```
    /// use hexdeep_tiling::geom::Hex;
    /// use hexdeep_tiling::grid::Layout;
    /// let layout = Layout::of_hexes(&[Hex::new(0, 0), Hex::new(1, 0), Hex::new(1, 0)]).unwrap();
    /// assert_eq!(layout.len(), 2);
    /// ```
    pub fn of_hexes(hexes: &[Hex]) -> Result<Layout, GridError> {
        let cells: Vec<Cell> = hexes.iter().map(|&h| Cell::from(h)).collect();
        Layout::new(Tiling::Hex, &cells)
    }

    /// The size of the index space: every index is below this.
    ///
    /// ```
    /// use hexdeep_tiling::grid::{Layout, Shape};
    /// let layout = Layout::of_shape(&Shape::Parallelogram { width: 3, height: 2 }).unwrap();
    /// // The 3 × 2 bounding box with a border of one cell all around.
    /// assert_eq!(layout.storage_len(), 5 * 4);
    /// ```
    #[inline]
    pub fn storage_len(&self) -> usize {
        self.present.len()
    }

    /// How many cells of border lie left and right (`x`) and above and below (`y`) of the
    /// tiles' bounding box.
    fn border(tiling: Tiling) -> Cell {
        match tiling {
            Tiling::Triangle => Cell::new(2, 1),
            Tiling::Hex | Tiling::Square => Cell::new(1, 1),
        }
    }
    /// The tiling of this grid's tiles.
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Cell, Tiling};
    /// use hexdeep_tiling::grid::Layout;
    /// assert_eq!(Layout::new(Tiling::Square, &[Cell::new(0, 0)]).unwrap().tiling(), Tiling::Square);
    /// ```
    #[inline]
    pub fn tiling(&self) -> Tiling {
        self.tiling
    }
    /// The cell at a storage index.
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Cell, Tiling};
    /// use hexdeep_tiling::grid::Layout;
    /// let layout = Layout::new(Tiling::Square, &[Cell::new(3, 4)]).unwrap();
    /// let i = layout.indices().next().unwrap();
    /// assert_eq!(layout.cell(i), Cell::new(3, 4));
    /// ```
    #[inline]
    pub fn cell(&self, index: usize) -> Cell {
        let (row, col) = (index / self.stride, index % self.stride);
        self.origin.offset(col as i32, row as i32)
    }
    /// The class of the tile at storage index `index` ([`Tiling::class`]).
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Cell, Tiling};
    /// use hexdeep_tiling::grid::Layout;
    /// let layout = Layout::new(Tiling::Triangle, &[Cell::new(0, 0), Cell::new(1, 0)]).unwrap();
    /// assert_eq!(layout.class(layout.index(Cell::new(0, 0)).unwrap()), 0);
    /// assert_eq!(layout.class(layout.index(Cell::new(1, 0)).unwrap()), 1);
    /// ```
    #[inline]
    pub fn class(&self, index: usize) -> usize {
        match self.tiling {
            Tiling::Hex | Tiling::Square => 0,
            Tiling::Triangle => self.tiling.class(self.cell(index)),
        }
    }
    /// The class of the tile at `cell` ([`Tiling::class`]), tile or not.
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Cell, Tiling};
    /// use hexdeep_tiling::grid::Layout;
    /// let layout = Layout::new(Tiling::Triangle, &[Cell::new(0, 0)]).unwrap();
    /// // Not a tile of this map, but a cell has a class all the same.
    /// assert_eq!(layout.class_of(Cell::new(1, 0)), 1);
    /// ```
    #[inline]
    pub fn class_of(&self, cell: Cell) -> usize {
        self.tiling.class(cell)
    }
    /// The storage index offsets of the moves from a tile of class `class`, in the order of
    /// [`Tiling::moves`]. For any tile index `i` of that class, `i + offset` is a valid
    /// storage index (possibly not a tile).
    ///
    /// ```
    /// use hexdeep_tiling::grid::{Layout, Shape};
    /// let layout = Layout::of_shape(&Shape::Hexagon { radius: 1 }).unwrap();
    /// assert_eq!(layout.move_offsets(0), layout.neighbor_offsets().to_vec());
    /// ```
    #[inline]
    pub fn move_offsets(&self, class: usize) -> Vec<isize> {
        self.tiling
            .moves(class)
            .as_slice()
            .iter()
            .map(|m| self.offset_of(m.dx, m.dy))
            .collect()
    }
    /// The storage index offsets of the moves across a side ([`crate::geom::StepKind::Side`])
    /// from a tile of class `class`, in the order of [`Tiling::moves`]: the moves never
    /// refused for squeezing past a corner, and the tiles always seen from a tile.
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Cell, Tiling};
    /// use hexdeep_tiling::grid::Layout;
    /// let layout = Layout::new(Tiling::Square, &[Cell::new(0, 0)]).unwrap();
    /// assert_eq!(layout.move_offsets(0).len(), 8);
    /// assert_eq!(layout.side_offsets(0).len(), 4);
    /// ```
    #[inline]
    pub fn side_offsets(&self, class: usize) -> Vec<isize> {
        self.tiling
            .moves(class)
            .as_slice()
            .iter()
            .filter(|m| m.kind == crate::geom::StepKind::Side)
            .map(|m| self.offset_of(m.dx, m.dy))
            .collect()
    }
    /// The storage index offset of a cell offset `(dx, dy)`.
    ///
    /// ```
    /// use hexdeep_tiling::geom::Cell;
    /// use hexdeep_tiling::grid::{Layout, Shape};
    /// let layout = Layout::of_shape(&Shape::Parallelogram { width: 3, height: 2 }).unwrap();
    /// let a = layout.index(Cell::new(0, 0)).unwrap();
    /// let b = layout.index(Cell::new(2, 1)).unwrap();
    /// assert_eq!(a.checked_add_signed(layout.offset_of(2, 1)), Some(b));
    /// ```
    #[inline]
    pub fn offset_of(&self, dx: i32, dy: i32) -> isize {
        dy as isize * self.stride as isize + dx as isize
    }
    /// The storage index of a cell within storage (tile or not): the tiles and the border
    /// around them.
    ///
    /// ```
    /// use hexdeep_tiling::geom::Cell;
    /// use hexdeep_tiling::grid::{Layout, Shape};
    /// let layout = Layout::of_shape(&Shape::Parallelogram { width: 3, height: 2 }).unwrap();
    /// // The border is in storage but holds no tile; beyond it is nothing.
    /// assert!(layout.storage_index(Cell::new(-1, -1)).is_some());
    /// assert_eq!(layout.index(Cell::new(-1, -1)), None);
    /// assert_eq!(layout.storage_index(Cell::new(-2, 0)), None);
    /// ```
    #[inline]
    pub fn storage_index(&self, cell: Cell) -> Option<usize> {
        let dx = i64::from(cell.x) - i64::from(self.origin.x);
        let dy = i64::from(cell.y) - i64::from(self.origin.y);
        if dx < 0 || dy < 0 || dx >= self.stride as i64 || dy >= self.rows as i64 {
            return None;
        }
        Some(dy as usize * self.stride + dx as usize)
    }
    /// The number of tiles.
    ///
    /// ```
    /// use hexdeep_tiling::grid::{Layout, Shape};
    /// let layout = Layout::of_shape(&Shape::Rectangle { width: 4, height: 3 }).unwrap();
    /// assert_eq!(layout.len(), 12);
    /// ```
    #[inline]
    pub fn len(&self) -> usize {
        self.count
    }
    /// Whether there is no tile (never true for a grid made by [`Layout::new`]).
    ///
    /// ```
    /// use hexdeep_tiling::grid::{Layout, Shape};
    /// assert!(!Layout::of_shape(&Shape::Hexagon { radius: 0 }).unwrap().is_empty());
    /// ```
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.count == 0
    }
    /// The index of the tile at `cell`, or `None` where no tile of this map is.
    ///
    /// ```
    /// use hexdeep_tiling::geom::Cell;
    /// use hexdeep_tiling::grid::{Layout, Shape};
    /// let layout = Layout::of_shape(&Shape::Hexagon { radius: 1 }).unwrap();
    /// assert!(layout.index(Cell::new(1, 1)).is_some());
    /// assert_eq!(layout.index(Cell::new(2, 0)), None);
    /// ```
    #[inline]
    pub fn index(&self, cell: Cell) -> Option<usize> {
        self.storage_index(cell).filter(|&i| self.present[i])
    }
    /// Whether a storage index holds a tile.
    ///
    /// ```
    /// use hexdeep_tiling::geom::Cell;
    /// use hexdeep_tiling::grid::{Layout, Shape};
    /// let layout = Layout::of_shape(&Shape::Hexagon { radius: 1 }).unwrap();
    /// assert!(layout.is_tile(layout.index(Cell::ORIGIN).unwrap()));
    /// assert!(!layout.is_tile(layout.storage_index(Cell::new(1, -1)).unwrap()));
    /// ```
    #[inline]
    pub fn is_tile(&self, index: usize) -> bool {
        self.present.get(index).copied().unwrap_or(false)
    }
    /// Whether a cell is a tile of this map.
    ///
    /// ```
    /// use hexdeep_tiling::geom::Cell;
    /// use hexdeep_tiling::grid::{Layout, Shape};
    /// let layout = Layout::of_shape(&Shape::Parallelogram { width: 3, height: 2 }).unwrap();
    /// assert!(layout.contains(Cell::new(2, 1)));
    /// assert!(!layout.contains(Cell::new(3, 1)));
    /// ```
    #[inline]
    pub fn contains(&self, cell: Cell) -> bool {
        self.index(cell).is_some()
    }
    /// Which storage indices are tiles.
    ///
    /// ```
    /// use hexdeep_tiling::grid::{Layout, Shape};
    /// let layout = Layout::of_shape(&Shape::Hexagon { radius: 3 }).unwrap();
    /// assert_eq!(layout.tile_mask().len(), layout.storage_len());
    /// assert_eq!(layout.tile_mask().iter().filter(|t| **t).count(), layout.len());
    /// ```
    #[inline]
    pub fn tile_mask(&self) -> &[bool] {
        &self.present
    }
    /// Index offsets to the six neighbours of a hex grid, in the order of [`Direction::ALL`].
    /// For any tile index `i`, `i + offset` is a valid storage index (possibly not a tile).
    /// Hexes only (checked in debug builds): on the other tilings a tile's neighbours depend
    /// on its class, [`Layout::move_offsets`].
    ///
    /// ```
    /// use hexdeep_tiling::grid::{Layout, Shape};
    /// let layout = Layout::of_shape(&Shape::Parallelogram { width: 3, height: 2 }).unwrap();
    /// // Rows of storage are 5 cells long: E, NE, NW, W, SW, SE.
    /// assert_eq!(layout.neighbor_offsets(), [1, -5, -6, -1, 5, 6]);
    /// ```
    #[inline]
    pub fn neighbor_offsets(&self) -> [isize; 6] {
        debug_assert_eq!(self.tiling, Tiling::Hex, "hex neighbours of another tiling");
        let s = self.stride as isize;
        Direction::ALL.map(|d| {
            let o = d.offset();
            o.y as isize * s + o.x as isize
        })
    }
    /// The storage index next to tile index `index` of a hex grid in direction `dir` (hexes
    /// only, as [`Layout::neighbor_offsets`]).
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Cell, Direction};
    /// use hexdeep_tiling::grid::{Layout, Shape};
    /// let layout = Layout::of_shape(&Shape::Hexagon { radius: 1 }).unwrap();
    /// let centre = layout.index(Cell::ORIGIN).unwrap();
    /// assert_eq!(layout.cell(layout.neighbor_index(centre, Direction::SW)), Cell::new(0, 1));
    /// ```
    #[inline]
    pub fn neighbor_index(&self, index: usize, dir: Direction) -> usize {
        index.wrapping_add_signed(self.neighbor_offsets()[dir.index()])
    }
    /// The tile indices, in storage (reading) order.
    ///
    /// ```
    /// use hexdeep_tiling::geom::Cell;
    /// use hexdeep_tiling::grid::{Layout, Shape};
    /// let layout = Layout::of_shape(&Shape::Parallelogram { width: 2, height: 2 }).unwrap();
    /// let cells: Vec<Cell> = layout.indices().map(|i| layout.cell(i)).collect();
    /// assert_eq!(cells, [Cell::new(0, 0), Cell::new(1, 0), Cell::new(0, 1), Cell::new(1, 1)]);
    /// ```
    #[inline]
    pub fn indices(&self) -> impl Iterator<Item = usize> + '_ {
        self.present
            .iter()
            .enumerate()
            .filter_map(|(i, &p)| p.then_some(i))
    }
    /// The smallest and largest `x` and `y` of the tiles' bounding box.
    ///
    /// ```
    /// use hexdeep_tiling::geom::Cell;
    /// use hexdeep_tiling::grid::{Layout, Shape};
    /// let layout = Layout::of_shape(&Shape::Hexagon { radius: 2 }).unwrap();
    /// assert_eq!(layout.bounds(), (Cell::new(-2, -2), Cell::new(2, 2)));
    /// ```
    #[inline]
    pub fn bounds(&self) -> (Cell, Cell) {
        let border = Layout::border(self.tiling);
        let lo = self.origin.offset(border.x, border.y);
        let far = (
            self.stride as i32 - 1 - border.x,
            self.rows as i32 - 1 - border.y,
        );
        (lo, self.origin.offset(far.0, far.1))
    }
    /// The projection this map is drawn with (the cabinet projection on hexes): its leftmost
    /// tile at column 0.
    ///
    /// ```
    /// use hexdeep_tiling::geom::Cell;
    /// use hexdeep_tiling::grid::{Layout, Shape};
    /// let layout = Layout::of_shape(&Shape::Parallelogram { width: 3, height: 2 }).unwrap();
    /// // Cell (0, 1) is the leftmost tile on screen (column 2x − y = −1): it is drawn at column 0.
    /// assert_eq!(layout.projection().to_screen(Cell::new(0, 1)), (0, 1));
    /// ```
    #[inline]
    pub fn projection(&self) -> Screen {
        Screen::new(self.tiling, -self.columns.compact.0)
    }
    /// The width and height, in terminal cells, of the whole map drawn with
    /// [`Layout::projection`].
    ///
    /// ```
    /// use hexdeep_tiling::grid::{Layout, Shape};
    /// let layout = Layout::of_shape(&Shape::Parallelogram { width: 3, height: 2 }).unwrap();
    /// // Columns −1 to 4 of the tiles' centres, shifted to 0 to 5; two rows.
    /// assert_eq!(layout.screen_size(), (6, 2));
    /// ```
    #[inline]
    pub fn screen_size(&self) -> (i32, i32) {
        let (lo, hi) = self.bounds();
        let (first, last) = self.columns.compact;
        (last - first + 1, hi.y - lo.y + 1)
    }
    /// The first and last columns of the tiles' centres in the large projection with `H = 0`
    /// (`None` on a tiling without sides).
    ///
    /// ```
    /// use hexdeep_tiling::grid::{Layout, Shape};
    /// let layout = Layout::of_shape(&Shape::Parallelogram { width: 3, height: 2 }).unwrap();
    /// let (first, last) = layout.large_columns().unwrap();
    /// assert!(first < last);
    /// ```
    #[inline]
    pub fn large_columns(&self) -> Option<(i32, i32)> {
        self.columns.large
    }
}
