//! Where a grid's tiles fall on the terminal, for every tiling: the cabinet projection on
//! hexes, two columns per square, one column per triangle (ARCHITECTURE.md, "Tilings"). Tiles are
//! [`Cell`]s, as the grids and the rules hold them.

use super::{Cabinet, Cell, Hex, Tiling};

/// A tiling's screen projection with column offset `h`.
///
/// ```
/// use hexdeep_tiling::geom::{Cell, Screen, Tiling};
/// let screen = Screen::new(Tiling::Hex, 0);
/// assert_eq!(screen.to_screen(Cell::new(2, 1)), (3, 1));
/// assert_eq!(screen.tile_at(3, 1), Some(Cell::new(2, 1)));
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Screen {
    /// The tiling drawn.
    pub tiling: Tiling,
    /// The column offset `H` added to every tile's column.
    pub h: i32,
}

impl Screen {
    /// The projection of `tiling` with column offset `h`.
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Cell, Screen, Tiling};
    /// assert_eq!(Screen::new(Tiling::Square, 1).to_screen(Cell::new(2, 1)), (5, 1));
    /// ```
    pub const fn new(tiling: Tiling, h: i32) -> Screen {
        Screen { tiling, h }
    }

    /// The terminal `(column, row)` of the tile at cell `tile`.
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Cell, Screen, Tiling};
    /// // Column 2x − y + H on hexes.
    /// assert_eq!(Screen::new(Tiling::Hex, 4).to_screen(Cell::new(1, 3)), (3, 3));
    /// ```
    pub const fn to_screen(self, tile: Cell) -> (i32, i32) {
        match self.tiling {
            Tiling::Hex => Cabinet::new(self.h).to_screen(Hex::new(tile.x, tile.y)),
            Tiling::Square => (2 * tile.x + self.h, tile.y),
            Tiling::Triangle => (tile.x + self.h, tile.y),
        }
    }

    /// The cell drawn at `(col, row)`, or `None` for a column between two tiles (hexes and
    /// squares). Never overflows, whatever the cell.
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Cell, Screen, Tiling};
    /// let screen = Screen::new(Tiling::Hex, 0);
    /// assert_eq!(screen.tile_at(2, 0), Some(Cell::new(1, 0)));
    /// assert_eq!(screen.tile_at(1, 0), None);
    /// ```
    pub fn tile_at(self, col: i32, row: i32) -> Option<Cell> {
        let from_left = i64::from(col) - i64::from(self.h);
        match self.tiling {
            Tiling::Hex => Cabinet::new(self.h).tile_at(col, row).map(Cell::from),
            Tiling::Square => (from_left.rem_euclid(2) == 0)
                .then(|| i32::try_from(from_left.div_euclid(2)).ok())
                .flatten()
                .map(|x| Cell::new(x, row)),
            Tiling::Triangle => i32::try_from(from_left).ok().map(|x| Cell::new(x, row)),
        }
    }

    /// The projection of `tiling` that draws the leftmost of `tiles` at column 0.
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Cell, Screen, Tiling};
    /// let screen = Screen::fitting(Tiling::Hex, [Cell::new(0, 0), Cell::new(0, 1)]);
    /// assert_eq!(screen.h, 1);
    /// assert_eq!(screen.to_screen(Cell::new(0, 1)), (0, 1));
    /// ```
    pub fn fitting(tiling: Tiling, tiles: impl IntoIterator<Item = Cell>) -> Screen {
        let leftmost = tiles
            .into_iter()
            .map(|t| Screen::new(tiling, 0).to_screen(t).0)
            .min();
        Screen::new(tiling, leftmost.map_or(0, |col| -col))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn tiles_round_trip_and_match_the_topology(x in -5000i32..5000, y in -5000i32..5000, h in -100i32..100, t in 0usize..3) {
            let tiling = Tiling::ALL[t];
            let s = Screen::new(tiling, h);
            let (col, row) = s.to_screen(Cell::new(x, y));
            prop_assert_eq!((col, row), tiling.screen(Cell::new(x, y), h));
            prop_assert_eq!(s.tile_at(col, row), Some(Cell::new(x, y)));
        }

        #[test]
        fn far_cells_never_overflow(col in any::<i32>(), row in any::<i32>(), h in any::<i32>(), t in 0usize..3) {
            let _ = Screen::new(Tiling::ALL[t], h).tile_at(col, row);
        }
    }

    #[test]
    fn squares_leave_a_column_between_tiles_and_triangles_none() {
        let sq = Screen::new(Tiling::Square, 0);
        assert_eq!(sq.tile_at(3, 0), None);
        assert_eq!(sq.tile_at(4, 1), Some(Cell::new(2, 1)));
        let tri = Screen::new(Tiling::Triangle, 0);
        assert_eq!(tri.tile_at(3, 1), Some(Cell::new(3, 1)));
        let fit = Screen::fitting(Tiling::Square, [Cell::new(3, 0), Cell::new(5, 2)]);
        assert_eq!(fit.to_screen(Cell::new(3, 0)).0, 0);
    }
}
