//! Dense tile storage over a shape of any tiling.

use super::Shape;
use crate::geom::{COORD_LIMIT, Cell, Direction, Hex, Screen, Tiling};
use thiserror::Error;

/// The most storage cells a grid may have (bounding box plus border), to bound memory.
pub const MAX_STORAGE: usize = 1 << 24;

/// Why a grid could not be made.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum GridError {
    /// The shape holds no tile.
    #[error("the map has no tiles")]
    Empty,
    /// A hex lies beyond the coordinate limit.
    #[error("tile {0} is outside the coordinate limit of ±{COORD_LIMIT}")]
    OutOfRange(Hex),
    /// The bounding box is too large to store.
    #[error("the map spans {0} cells, more than the limit of {MAX_STORAGE}")]
    TooLarge(usize),
}

/// Tiles of type `T` over a shape, stored densely over its bounding box.
///
/// Indices are positions in that storage; only some are tiles ([`Grid::is_tile`]). Storage is
/// laid out by [`Cell`]s (on hexes a cell is the tile's [`Hex`]); a border of cells that are no
/// tiles surrounds the bounding box, wide enough that every move and every tile touching a
/// tile lies inside storage: one cell, two columns on triangles.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grid<T> {
    /// The tiling the cells are tiles of.
    tiling: Tiling,
    /// The cell at storage index 0 (above and left of the bounding box, past the border).
    origin: Hex,
    stride: usize,
    rows: usize,
    present: Vec<bool>,
    cells: Vec<T>,
    count: usize,
    /// Where the tiles fall on screen, found once when the grid is built.
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
    fn of(tiling: Tiling, tiles: &[Hex]) -> Columns {
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
                .filter_map(|&t| tiling.large_cell(t.into()).map(|(c, _)| c)),
        );
        Columns {
            compact: compact.unwrap_or((0, 0)),
            large,
        }
    }
}

impl<T: Clone> Grid<T> {
    /// A grid of the given shape with every tile set to `fill`.
    pub fn new(shape: &Shape, fill: T) -> Result<Grid<T>, GridError> {
        Grid::from_hexes(&shape.hexes(), fill)
    }

    /// A grid of hexes holding exactly `hexes`, every tile set to `fill`.
    pub fn from_hexes(hexes: &[Hex], fill: T) -> Result<Grid<T>, GridError> {
        Grid::build(Tiling::Hex, hexes, fill)
    }

    /// A grid of `tiling` holding exactly the tiles at `cells`, every tile set to `fill`.
    pub fn from_cells(tiling: Tiling, cells: &[Cell], fill: T) -> Result<Grid<T>, GridError> {
        let hexes: Vec<Hex> = cells.iter().map(|&c| Hex::from(c)).collect();
        Grid::build(tiling, &hexes, fill)
    }

    /// The grid of [`Grid::from_cells`], with the cells written as hexes.
    fn build(tiling: Tiling, hexes: &[Hex], fill: T) -> Result<Grid<T>, GridError> {
        let first = *hexes.first().ok_or(GridError::Empty)?;
        let (mut lo, mut hi) = (first, first);
        for &h in hexes {
            if !h.in_limits() {
                return Err(GridError::OutOfRange(h));
            }
            lo = Hex::new(lo.x.min(h.x), lo.y.min(h.y));
            hi = Hex::new(hi.x.max(h.x), hi.y.max(h.y));
        }
        let border = Grid::<T>::border(tiling);
        let stride = (hi.x - lo.x) as usize + 1 + 2 * border.x as usize;
        let rows = (hi.y - lo.y) as usize + 3;
        let size = stride.saturating_mul(rows);
        if size > MAX_STORAGE {
            return Err(GridError::TooLarge(size));
        }
        let mut grid = Grid {
            tiling,
            origin: lo - border,
            stride,
            rows,
            present: vec![false; size],
            cells: vec![fill; size],
            count: 0,
            columns: Columns::of(tiling, hexes),
        };
        for &h in hexes {
            let i = grid.storage_index(h).ok_or(GridError::OutOfRange(h))?;
            if !grid.present[i] {
                grid.present[i] = true;
                grid.count += 1;
            }
        }
        Ok(grid)
    }

    /// A grid over the same tiles as `self`, every tile set to `fill`.
    pub fn same_shape<U: Clone>(&self, fill: U) -> Grid<U> {
        Grid {
            tiling: self.tiling,
            origin: self.origin,
            stride: self.stride,
            rows: self.rows,
            present: self.present.clone(),
            cells: vec![fill; self.cells.len()],
            count: self.count,
            columns: self.columns,
        }
    }

    /// A grid over the same tiles with each value mapped.
    pub fn map<U: Clone>(&self, f: impl Fn(&T) -> U) -> Grid<U> {
        Grid {
            tiling: self.tiling,
            origin: self.origin,
            stride: self.stride,
            rows: self.rows,
            present: self.present.clone(),
            cells: self.cells.iter().map(f).collect(),
            count: self.count,
            columns: self.columns,
        }
    }

    /// Sets every cell, tiles and border alike, to `value`.
    pub fn fill(&mut self, value: T) {
        self.cells.fill(value);
    }
}

impl<T> Grid<T> {
    /// How many cells of border lie left and right (`x`) and above and below (`y`) of the
    /// tiles' bounding box.
    fn border(tiling: Tiling) -> Hex {
        match tiling {
            Tiling::Triangle => Hex::new(2, 1),
            Tiling::Hex | Tiling::Square => Hex::new(1, 1),
        }
    }

    /// The tiling of this grid's tiles.
    pub fn tiling(&self) -> Tiling {
        self.tiling
    }

    /// The cell at a storage index.
    pub fn cell(&self, index: usize) -> Cell {
        Cell::from(self.hex(index))
    }

    /// The index of the tile at `cell`, or `None` where no tile of this map is.
    pub fn cell_index(&self, cell: Cell) -> Option<usize> {
        self.index(Hex::from(cell))
    }

    /// The class of the tile at storage index `index` ([`Tiling::class`]).
    pub fn class(&self, index: usize) -> usize {
        match self.tiling {
            Tiling::Hex | Tiling::Square => 0,
            Tiling::Triangle => self.tiling.class(self.cell(index)),
        }
    }

    /// The class of the tile at cell `hex` ([`Tiling::class`]), tile or not.
    pub fn class_of(&self, hex: Hex) -> usize {
        self.tiling.class(Cell::from(hex))
    }

    /// The storage index offsets of the moves from a tile of class `class`, in the order of
    /// [`Tiling::moves`]. For any tile index `i` of that class, `i + offset` is a valid
    /// storage index (possibly not a tile).
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
    pub fn offset_of(&self, dx: i32, dy: i32) -> isize {
        dy as isize * self.stride as isize + dx as isize
    }

    /// The storage index of a cell within storage (tile or not): the tiles and the border
    /// around them.
    pub fn storage_index(&self, hex: Hex) -> Option<usize> {
        let dx = i64::from(hex.x) - i64::from(self.origin.x);
        let dy = i64::from(hex.y) - i64::from(self.origin.y);
        if dx < 0 || dy < 0 || dx >= self.stride as i64 || dy >= self.rows as i64 {
            return None;
        }
        Some(dy as usize * self.stride + dx as usize)
    }

    /// The number of tiles.
    pub fn len(&self) -> usize {
        self.count
    }

    /// Whether there is no tile (never true for a grid made by [`Grid::new`]).
    pub fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// The size of the index space: every index is below this.
    pub fn storage_len(&self) -> usize {
        self.cells.len()
    }

    /// The index of a tile, or `None` where the hex is no tile of this map.
    pub fn index(&self, hex: Hex) -> Option<usize> {
        self.storage_index(hex).filter(|&i| self.present[i])
    }

    /// The hex at a storage index.
    pub fn hex(&self, index: usize) -> Hex {
        let (row, col) = (index / self.stride, index % self.stride);
        self.origin + Hex::new(col as i32, row as i32)
    }

    /// Whether a storage index holds a tile.
    pub fn is_tile(&self, index: usize) -> bool {
        self.present.get(index).copied().unwrap_or(false)
    }

    /// Whether a hex is a tile of this map.
    pub fn contains(&self, hex: Hex) -> bool {
        self.index(hex).is_some()
    }

    /// The tile at a hex, or `None` outside the shape.
    pub fn get(&self, hex: Hex) -> Option<&T> {
        self.index(hex).map(|i| &self.cells[i])
    }

    /// The tile at a hex, mutably, or `None` outside the shape.
    pub fn get_mut(&mut self, hex: Hex) -> Option<&mut T> {
        self.index(hex).map(|i| &mut self.cells[i])
    }

    /// Sets the tile at a hex; returns `false` (and changes nothing) outside the shape.
    pub fn set(&mut self, hex: Hex, value: T) -> bool {
        match self.get_mut(hex) {
            Some(cell) => {
                *cell = value;
                true
            }
            None => false,
        }
    }

    /// Every cell by storage index, border included (border cells hold the fill value).
    pub fn cells(&self) -> &[T] {
        &self.cells
    }

    /// Every cell by storage index, mutably.
    pub fn cells_mut(&mut self) -> &mut [T] {
        &mut self.cells
    }

    /// Which storage indices are tiles.
    pub fn tile_mask(&self) -> &[bool] {
        &self.present
    }

    /// Index offsets to the six neighbours of a hex grid, in the order of [`Direction::ALL`].
    /// For any tile index `i`, `i + offset` is a valid storage index (possibly not a tile). On
    /// the other tilings see [`Grid::move_offsets`].
    pub fn neighbor_offsets(&self) -> [isize; 6] {
        let s = self.stride as isize;
        Direction::ALL.map(|d| {
            let o = d.offset();
            o.y as isize * s + o.x as isize
        })
    }

    /// The storage index next to tile index `index` in direction `dir`.
    pub fn neighbor_index(&self, index: usize, dir: Direction) -> usize {
        index.wrapping_add_signed(self.neighbor_offsets()[dir.index()])
    }

    /// The tile indices, in storage (reading) order.
    pub fn indices(&self) -> impl Iterator<Item = usize> + '_ {
        self.present
            .iter()
            .enumerate()
            .filter_map(|(i, &p)| p.then_some(i))
    }

    /// Every tile with its hex, in reading order.
    pub fn iter(&self) -> impl Iterator<Item = (Hex, &T)> + '_ {
        self.indices().map(|i| (self.hex(i), &self.cells[i]))
    }

    /// The smallest and largest `x` and `y` of the tiles' bounding box.
    pub fn bounds(&self) -> (Hex, Hex) {
        let border = Grid::<T>::border(self.tiling);
        let lo = self.origin + border;
        let far = Hex::new(self.stride as i32 - 1, self.rows as i32 - 1) - border;
        (lo, self.origin + far)
    }

    /// The projection this map is drawn with (the cabinet projection on hexes): its leftmost
    /// tile at column 0.
    pub fn projection(&self) -> Screen {
        Screen::new(self.tiling, -self.columns.compact.0)
    }

    /// The width and height, in terminal cells, of the whole map drawn with
    /// [`Grid::projection`].
    pub fn screen_size(&self) -> (i32, i32) {
        let (lo, hi) = self.bounds();
        let (first, last) = self.columns.compact;
        (last - first + 1, hi.y - lo.y + 1)
    }

    /// The first and last columns of the tiles' centres in the large projection with `H = 0`
    /// (`None` on a tiling without sides).
    pub fn large_columns(&self) -> Option<(i32, i32)> {
        self.columns.large
    }
}

impl<T> std::ops::Index<usize> for Grid<T> {
    type Output = T;
    fn index(&self, index: usize) -> &T {
        &self.cells[index]
    }
}

impl<T> std::ops::IndexMut<usize> for Grid<T> {
    fn index_mut(&mut self, index: usize) -> &mut T {
        &mut self.cells[index]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn parallelogram_holds_its_tiles() {
        let g = Grid::new(
            &Shape::Parallelogram {
                width: 5,
                height: 3,
            },
            0u8,
        )
        .unwrap();
        assert_eq!(g.len(), 15);
        assert!(g.contains(Hex::new(4, 2)));
        assert!(!g.contains(Hex::new(5, 2)));
        assert!(!g.contains(Hex::new(-1, 0)));
        assert_eq!(g.get(Hex::new(100, 100)), None);
        assert_eq!(g.projection().h, 2);
    }

    #[test]
    fn rectangle_is_a_rectangle_on_screen() {
        let g = Grid::new(
            &Shape::Rectangle {
                width: 4,
                height: 4,
            },
            0u8,
        )
        .unwrap();
        assert_eq!(g.len(), 16);
        for (hex, _) in g.iter() {
            let (col, _) = crate::geom::Cabinet::MAP_FILE.to_screen(hex);
            assert!((0..8).contains(&col), "{hex} at column {col}");
        }
        assert_eq!(g.screen_size(), (8, 4));
    }

    #[test]
    fn hexagon_has_the_spiral_count() {
        let g = Grid::new(&Shape::Hexagon { radius: 3 }, ()).unwrap();
        assert_eq!(g.len(), 37);
        assert!(g.contains(Hex::new(-3, -3)));
        assert!(!g.contains(Hex::new(3, -3)));
    }

    #[test]
    fn empty_and_huge_shapes_are_refused() {
        assert_eq!(Grid::new(&Shape::Mask(vec![]), 0u8), Err(GridError::Empty));
        let far = Shape::Mask(vec![Hex::new(0, 0), Hex::new(COORD_LIMIT, COORD_LIMIT)]);
        assert!(matches!(Grid::new(&far, 0u8), Err(GridError::TooLarge(_))));
        let out = Shape::Mask(vec![Hex::new(COORD_LIMIT + 1, 0)]);
        assert!(matches!(
            Grid::new(&out, 0u8),
            Err(GridError::OutOfRange(_))
        ));
    }

    #[test]
    fn set_outside_changes_nothing() {
        let mut g = Grid::new(&Shape::Hexagon { radius: 1 }, 0u8).unwrap();
        assert!(!g.set(Hex::new(5, 5), 1));
        assert!(g.set(Hex::new(1, 1), 7));
        assert_eq!(g.get(Hex::new(1, 1)), Some(&7));
    }

    fn mask() -> impl Strategy<Value = Vec<Hex>> {
        proptest::collection::vec((-20i32..20, -20i32..20), 1..60)
            .prop_map(|v| v.into_iter().map(|(x, y)| Hex::new(x, y)).collect())
    }

    proptest! {
        #[test]
        fn index_and_hex_round_trip(hexes in mask()) {
            let g = Grid::from_hexes(&hexes, 0u8).unwrap();
            for &h in &hexes {
                let i = g.index(h).unwrap();
                prop_assert_eq!(g.hex(i), h);
                prop_assert!(g.is_tile(i));
            }
            let mut unique = hexes.clone();
            unique.sort();
            unique.dedup();
            prop_assert_eq!(g.len(), unique.len());
            prop_assert_eq!(g.indices().count(), unique.len());
        }

        #[test]
        fn move_offsets_agree_with_the_topology(cells in mask(), t in 0usize..3) {
            let tiling = Tiling::ALL[t];
            let cells: Vec<Cell> = cells.into_iter().map(Cell::from).collect();
            let g = Grid::from_cells(tiling, &cells, 0u8).unwrap();
            prop_assert_eq!(g.tiling(), tiling);
            for i in g.indices() {
                let at = g.cell(i);
                prop_assert_eq!(g.cell_index(at), Some(i));
                let class = tiling.class(at);
                prop_assert_eq!(g.class(i), class);
                let moves = tiling.moves(class);
                let near = tiling.touching(class).into_iter();
                let all = moves.as_slice().iter().map(|m| (m.dx, m.dy)).chain(near);
                for (dx, dy) in all {
                    let j = i.wrapping_add_signed(g.offset_of(dx, dy));
                    prop_assert!(j < g.storage_len());
                    prop_assert_eq!(g.cell(j), at.offset(dx, dy));
                }
                for (off, m) in g.move_offsets(class).iter().zip(moves.as_slice()) {
                    prop_assert_eq!(g.cell(i.wrapping_add_signed(*off)), at.offset(m.dx, m.dy));
                }
            }
        }

        #[test]
        fn the_screen_span_found_when_built_is_that_of_every_tile(cells in mask(), t in 0usize..3) {
            let tiling = Tiling::ALL[t];
            let cells: Vec<Cell> = cells.into_iter().map(Cell::from).collect();
            let g = Grid::from_cells(tiling, &cells, 0u8).unwrap();
            let tiles: Vec<Hex> = g.indices().map(|i| g.hex(i)).collect();
            // The plain definitions: every tile looked at.
            let fit = Screen::fitting(tiling, tiles.iter().copied());
            prop_assert_eq!(g.projection(), fit);
            let right = tiles.iter().map(|&h| fit.to_screen(h).0).max().unwrap();
            prop_assert_eq!(g.screen_size().0, right + 1);
            let large: Vec<i32> = tiles
                .iter()
                .filter_map(|&h| tiling.large_cell(h.into()).map(|(c, _)| c))
                .collect();
            let span = large.iter().min().zip(large.iter().max()).map(|(a, b)| (*a, *b));
            prop_assert_eq!(g.large_columns(), span);
            prop_assert_eq!(g.same_shape(()).large_columns(), span);
        }

        #[test]
        fn neighbour_offsets_agree_with_geometry(hexes in mask()) {
            let g = Grid::from_hexes(&hexes, 0u8).unwrap();
            for i in g.indices() {
                for dir in Direction::ALL {
                    let j = g.neighbor_index(i, dir);
                    prop_assert!(j < g.storage_len());
                    prop_assert_eq!(g.hex(j), g.hex(i).neighbor(dir));
                    prop_assert_eq!(g.is_tile(j), g.contains(g.hex(i).neighbor(dir)));
                }
            }
        }
    }
}
