//! Dense tile storage over a layout of any tiling: a [`Layout`] and a `Vec` of values.

use super::{GridError, Layout, Shape};
use crate::geom::{Cell, Hex, Tiling};
use std::ops::Deref;

/// Tiles of type `T` over a [`Layout`], one value a storage cell.
///
/// A grid is its layout (every geometric question: indices, moves, distances, lines, rings,
/// the screen; through [`Deref`]) and a `Vec` of values by storage index. The layout is held
/// by value, so the hot loops reach the tiles' mask as directly as the values.
///
/// ```
/// use hexdeep_tiling::geom::Cell;
/// use hexdeep_tiling::grid::{Grid, Shape};
/// let mut heights = Grid::new(&Shape::Hexagon { radius: 2 }, 0u8).unwrap();
/// assert!(heights.set(Cell::new(1, 0), 7));
/// assert_eq!(heights.get(Cell::new(1, 0)), Some(&7));
/// // The layout's questions through Deref.
/// assert_eq!(heights.distance(Cell::ORIGIN, Cell::new(2, 0)), 2);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grid<T> {
    layout: Layout,
    cells: Vec<T>,
}

impl<T: Clone> Grid<T> {
    /// A grid of the given shape with every tile set to `fill`.
    ///
    /// ```
    /// use hexdeep_tiling::grid::{Grid, Shape};
    /// let grid = Grid::new(&Shape::Rectangle { width: 8, height: 8 }, '.').unwrap();
    /// assert_eq!(grid.len(), 64);
    /// assert!(grid.iter().all(|(_, c)| *c == '.'));
    /// ```
    pub fn new(shape: &Shape, fill: T) -> Result<Grid<T>, GridError> {
        Ok(Grid::on(Layout::of_shape(shape)?, fill))
    }

    /// A grid of hexes holding exactly `hexes`, every tile set to `fill`.
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Cell, Hex};
    /// use hexdeep_tiling::grid::Grid;
    /// let grid = Grid::from_hexes(&[Hex::new(0, 0), Hex::new(5, 5)], false).unwrap();
    /// assert_eq!(grid.len(), 2);
    /// assert_eq!(grid.get(Cell::new(2, 2)), None);
    /// ```
    pub fn from_hexes(hexes: &[Hex], fill: T) -> Result<Grid<T>, GridError> {
        Ok(Grid::on(Layout::of_hexes(hexes)?, fill))
    }

    /// A grid of `tiling` holding exactly the tiles at `cells`, every tile set to `fill`.
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Cell, Tiling};
    /// use hexdeep_tiling::grid::Grid;
    /// let cells: Vec<Cell> = (0..8).flat_map(|y| (0..8).map(move |x| Cell::new(x, y))).collect();
    /// let board = Grid::from_cells(Tiling::Square, &cells, None::<char>).unwrap();
    /// assert_eq!((board.tiling(), board.len()), (Tiling::Square, 64));
    /// ```
    pub fn from_cells(tiling: Tiling, cells: &[Cell], fill: T) -> Result<Grid<T>, GridError> {
        Ok(Grid::on(Layout::new(tiling, cells)?, fill))
    }

    /// A grid over `layout` with every cell set to `fill`.
    ///
    /// ```
    /// use hexdeep_tiling::grid::{Grid, Layout, Shape};
    ///
    /// let board = Layout::of_shape(&Shape::Hexagon { radius: 2 }).unwrap();
    /// let (heights, names) = (Grid::on(board.clone(), 0u8), Grid::on(board, ""));
    /// assert_eq!((heights.len(), names.len()), (19, 19));
    /// ```
    pub fn on(layout: Layout, fill: T) -> Grid<T> {
        let cells = vec![fill; layout.storage_len()];
        Grid { layout, cells }
    }

    /// A grid over the same tiles as `self`, every tile set to `fill`.
    ///
    /// ```
    /// use hexdeep_tiling::grid::{Grid, Shape};
    /// let heights = Grid::new(&Shape::Hexagon { radius: 2 }, 0u8).unwrap();
    /// let seen = heights.same_shape(false);
    /// assert_eq!(seen.len(), heights.len());
    /// ```
    pub fn same_shape<U: Clone>(&self, fill: U) -> Grid<U> {
        Grid::on(self.layout.clone(), fill)
    }

    /// A grid over the same tiles with every cell mapped through `f`.
    ///
    /// ```
    /// use hexdeep_tiling::geom::Cell;
    /// use hexdeep_tiling::grid::{Grid, Shape};
    /// let mut heights = Grid::new(&Shape::Hexagon { radius: 1 }, 1u8).unwrap();
    /// heights.set(Cell::ORIGIN, 5);
    /// let high = heights.map(|h| *h > 3);
    /// assert_eq!(high.iter().filter(|(_, v)| **v).count(), 1);
    /// ```
    pub fn map<U: Clone>(&self, f: impl Fn(&T) -> U) -> Grid<U> {
        Grid {
            layout: self.layout.clone(),
            cells: self.cells.iter().map(f).collect(),
        }
    }

    /// Sets every cell, tiles and border alike, to `value`.
    ///
    /// ```
    /// use hexdeep_tiling::grid::{Grid, Shape};
    /// let mut grid = Grid::new(&Shape::Hexagon { radius: 1 }, 1u8).unwrap();
    /// grid.fill(9);
    /// assert!(grid.cells().iter().all(|v| *v == 9));
    /// ```
    pub fn fill(&mut self, value: T) {
        self.cells.fill(value);
    }
}

impl<T> Grid<T> {
    /// The layout the values lie on.
    ///
    /// ```
    /// use hexdeep_tiling::grid::{Grid, Shape};
    /// let grid = Grid::new(&Shape::Hexagon { radius: 1 }, 0u8).unwrap();
    /// assert_eq!(grid.layout().len(), 7);
    /// ```
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// The tile at a cell, or `None` outside the shape.
    ///
    /// ```
    /// use hexdeep_tiling::geom::Cell;
    /// use hexdeep_tiling::grid::{Grid, Shape};
    /// let grid = Grid::new(&Shape::Hexagon { radius: 1 }, 'x').unwrap();
    /// assert_eq!(grid.get(Cell::new(1, 1)), Some(&'x'));
    /// assert_eq!(grid.get(Cell::new(2, 0)), None);
    /// ```
    pub fn get(&self, cell: Cell) -> Option<&T> {
        self.index(cell).map(|i| &self.cells[i])
    }

    /// The tile at a cell, mutably, or `None` outside the shape.
    ///
    /// ```
    /// use hexdeep_tiling::geom::Cell;
    /// use hexdeep_tiling::grid::{Grid, Shape};
    /// let mut grid = Grid::new(&Shape::Hexagon { radius: 1 }, 0u32).unwrap();
    /// *grid.get_mut(Cell::ORIGIN).unwrap() += 3;
    /// assert_eq!(grid.get(Cell::ORIGIN), Some(&3));
    /// ```
    pub fn get_mut(&mut self, cell: Cell) -> Option<&mut T> {
        self.index(cell).map(|i| &mut self.cells[i])
    }

    /// Sets the tile at a cell; returns `false` (and changes nothing) outside the shape.
    ///
    /// ```
    /// use hexdeep_tiling::geom::Cell;
    /// use hexdeep_tiling::grid::{Grid, Shape};
    /// let mut grid = Grid::new(&Shape::Hexagon { radius: 1 }, 0u32).unwrap();
    /// assert!(grid.set(Cell::new(0, 1), 4));
    /// assert!(!grid.set(Cell::new(0, 2), 4));
    /// ```
    pub fn set(&mut self, cell: Cell, value: T) -> bool {
        match self.get_mut(cell) {
            Some(slot) => {
                *slot = value;
                true
            }
            None => false,
        }
    }

    /// Every cell by storage index, border included (border cells hold the fill value).
    ///
    /// ```
    /// use hexdeep_tiling::grid::{Grid, Shape};
    /// let grid = Grid::new(&Shape::Hexagon { radius: 1 }, 0u32).unwrap();
    /// assert_eq!(grid.cells().len(), grid.storage_len());
    /// ```
    pub fn cells(&self) -> &[T] {
        &self.cells
    }

    /// Every cell by storage index, mutably.
    ///
    /// ```
    /// use hexdeep_tiling::geom::Cell;
    /// use hexdeep_tiling::grid::{Grid, Shape};
    /// let mut grid = Grid::new(&Shape::Hexagon { radius: 1 }, 0u32).unwrap();
    /// let i = grid.index(Cell::ORIGIN).unwrap();
    /// grid.cells_mut()[i] = 8;
    /// assert_eq!(grid.get(Cell::ORIGIN), Some(&8));
    /// ```
    pub fn cells_mut(&mut self) -> &mut [T] {
        &mut self.cells
    }

    /// Every tile with its cell, in reading order.
    ///
    /// ```
    /// use hexdeep_tiling::geom::Cell;
    /// use hexdeep_tiling::grid::{Grid, Shape};
    /// let grid = Grid::new(&Shape::Parallelogram { width: 2, height: 1 }, 0u8).unwrap();
    /// let tiles: Vec<(Cell, &u8)> = grid.iter().collect();
    /// assert_eq!(tiles, [(Cell::new(0, 0), &0), (Cell::new(1, 0), &0)]);
    /// ```
    pub fn iter(&self) -> impl Iterator<Item = (Cell, &T)> + '_ {
        self.indices().map(|i| (self.cell(i), &self.cells[i]))
    }
}

impl<T> Deref for Grid<T> {
    type Target = Layout;
    fn deref(&self) -> &Layout {
        &self.layout
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
    use crate::geom::{COORD_LIMIT, Direction, Screen};
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
        assert!(g.contains(Cell::new(4, 2)));
        assert!(!g.contains(Cell::new(5, 2)));
        assert!(!g.contains(Cell::new(-1, 0)));
        assert_eq!(g.get(Cell::new(100, 100)), None);
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
            let (col, _) = crate::geom::Cabinet::MAP_FILE.to_screen(hex.into());
            assert!((0..8).contains(&col), "{hex} at column {col}");
        }
        assert_eq!(g.screen_size(), (8, 4));
    }

    #[test]
    fn hexagon_has_the_spiral_count() {
        let g = Grid::new(&Shape::Hexagon { radius: 3 }, ()).unwrap();
        assert_eq!(g.len(), 37);
        assert!(g.contains(Cell::new(-3, -3)));
        assert!(!g.contains(Cell::new(3, -3)));
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
        assert!(!g.set(Cell::new(5, 5), 1));
        assert!(g.set(Cell::new(1, 1), 7));
        assert_eq!(g.get(Cell::new(1, 1)), Some(&7));
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
                let i = g.index(h.into()).unwrap();
                prop_assert_eq!(g.cell(i), Cell::from(h));
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
                prop_assert_eq!(g.index(at), Some(i));
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
            let tiles: Vec<Cell> = g.indices().map(|i| g.cell(i)).collect();
            // The plain definitions: every tile looked at.
            let fit = Screen::fitting(tiling, tiles.iter().copied());
            prop_assert_eq!(g.projection(), fit);
            let right = tiles.iter().map(|&h| fit.to_screen(h).0).max().unwrap();
            prop_assert_eq!(g.screen_size().0, right + 1);
            let large: Vec<i32> = tiles
                .iter()
                .filter_map(|&h| tiling.large_cell(h).map(|(c, _)| c))
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
                    let next = Cell::from(Hex::from(g.cell(i)).neighbor(dir));
                    prop_assert_eq!(g.cell(j), next);
                    prop_assert_eq!(g.is_tile(j), g.contains(next));
                }
            }
        }
    }

    #[test]
    fn grids_made_from_one_another_keep_the_layout() {
        let heights = Grid::new(&Shape::Hexagon { radius: 3 }, 0u8).unwrap();
        let names = heights.same_shape("");
        let doubled = heights.map(|h| u16::from(*h) * 2);
        assert_eq!(heights.layout(), names.layout());
        assert_eq!(heights.layout(), doubled.layout());
        let other = Grid::new(&Shape::Hexagon { radius: 2 }, 0u8).unwrap();
        assert_ne!(heights.layout(), other.layout());
        assert_eq!(names.storage_len(), names.cells().len());
    }
}
