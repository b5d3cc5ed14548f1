//! The cabinet projection: how hexes map to terminal cells and to the characters of a map file.
//!
//! Tile `(x, y)` is drawn at column `2x − y + h`, row `y`. The columns between tiles (where
//! `col + row − h` is odd) hold no tile. A map file is drawn with `h = 0`
//! ([`Cabinet::MAP_FILE`]); the screen with the `h` that puts the map's leftmost tile at
//! column 0 ([`Cabinet::fitting`]). This is the one place the formula is written.

use super::Hex;
use super::projection::Projection;

/// The cabinet projection with column offset `h`.
///
/// ```
/// use hexdeep_tiling::geom::{Cabinet, Hex};
/// let screen = Cabinet::new(0);
/// assert_eq!(screen.to_screen(Hex::new(2, 1)), (3, 1));
/// assert_eq!(screen.tile_at(3, 1), Some(Hex::new(2, 1)));
/// // The column between two hexes of a row draws none.
/// assert_eq!(screen.tile_at(2, 1), None);
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Cabinet {
    /// The column offset `H` added to every tile's column.
    pub h: i32,
}

impl Cabinet {
    /// The projection of a map file: `h = 0`.
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Cabinet, Hex};
    /// assert_eq!(Cabinet::MAP_FILE.to_screen(Hex::new(1, 0)), (2, 0));
    /// ```
    pub const MAP_FILE: Cabinet = Cabinet { h: 0 };

    /// The projection with column offset `h`.
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Cabinet, Hex};
    /// assert_eq!(Cabinet::new(2).to_screen(Hex::ORIGIN), (2, 0));
    /// ```
    pub const fn new(h: i32) -> Cabinet {
        Cabinet { h }
    }

    /// The terminal `(column, row)` of a hex: `(2x − y + h, y)`. Exact for hexes within
    /// [`COORD_LIMIT`](super::COORD_LIMIT) and offsets of the same size.
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Cabinet, Hex};
    /// // A row down moves a hex one column left.
    /// assert_eq!(Cabinet::new(0).to_screen(Hex::new(0, 3)), (-3, 3));
    /// ```
    pub const fn to_screen(self, hex: Hex) -> (i32, i32) {
        (2 * hex.x - hex.y + self.h, hex.y)
    }

    /// The hex drawn at `(col, row)`, or `None` for an in-between column (or a cell so far out
    /// that no hex is drawn there). Never overflows, whatever the cell.
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Cabinet, Hex};
    /// assert_eq!(Cabinet::new(1).tile_at(1, 0), Some(Hex::ORIGIN));
    /// assert_eq!(Cabinet::new(1).tile_at(0, 0), None);
    /// ```
    pub fn tile_at(self, col: i32, row: i32) -> Option<Hex> {
        let sum = i64::from(col) - i64::from(self.h) + i64::from(row);
        if sum.rem_euclid(2) != 0 {
            return None;
        }
        let x = i32::try_from(sum.div_euclid(2)).ok()?;
        Some(Hex::new(x, row))
    }

    /// The hex drawn at `(col, row)`, or for an in-between column the hex just left of it.
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Cabinet, Hex};
    /// assert_eq!(Cabinet::new(0).at_or_left_of(3, 1), Hex::new(2, 1));
    /// assert_eq!(Cabinet::new(0).at_or_left_of(2, 1), Hex::new(1, 1));
    /// ```
    pub const fn at_or_left_of(self, col: i32, row: i32) -> Hex {
        Hex::new((col - self.h + row).div_euclid(2), row)
    }

    /// The projection that draws the leftmost of `tiles` at column 0 (`h = 0` for no tiles).
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Cabinet, Hex};
    /// let screen = Cabinet::fitting([Hex::new(0, 0), Hex::new(0, 2)]);
    /// assert_eq!(screen.to_screen(Hex::new(0, 2)), (0, 2));
    /// assert_eq!(Cabinet::fitting([]), Cabinet::new(0));
    /// ```
    pub fn fitting(tiles: impl IntoIterator<Item = Hex>) -> Cabinet {
        let leftmost = tiles
            .into_iter()
            .map(|t| Cabinet::MAP_FILE.to_screen(t).0)
            .min();
        Cabinet::new(leftmost.map_or(0, |col| -col))
    }

    /// The translation that moves `tiles` to the top left of a map file: the top row to row 0
    /// and the leftmost tile to column 0 or 1. A translation by whole hexes moves a tile two
    /// columns (a row down moves it one column left), so it keeps the parity of `col + row`
    /// and column 1 is sometimes the nearest.
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Cabinet, Hex};
    /// let tiles = [Hex::new(3, 2), Hex::new(4, 2)];
    /// let shift = Cabinet::file_shift(tiles);
    /// assert_eq!(tiles.map(|t| t + shift), [Hex::new(0, 0), Hex::new(1, 0)]);
    /// // Here column 0 would need half a hex: the leftmost tile lands on column 1.
    /// let shift = Cabinet::file_shift([Hex::new(0, 1), Hex::new(1, 0)]);
    /// assert_eq!(Cabinet::MAP_FILE.to_screen(Hex::new(0, 1) + shift), (1, 1));
    /// ```
    pub fn file_shift(tiles: impl IntoIterator<Item = Hex>) -> Hex {
        let (top, leftmost) = tiles
            .into_iter()
            .map(|t| (t.y, Cabinet::MAP_FILE.to_screen(t).0))
            .fold(None, |acc: Option<(i32, i32)>, (row, col)| {
                Some(acc.map_or((row, col), |(r, c)| (r.min(row), c.min(col))))
            })
            .unwrap_or((0, 0));
        // Moving every tile up by `top` rows moves its column right by `top`.
        let leftmost_after_lift = leftmost + top;
        Hex::new(-leftmost_after_lift.div_euclid(2), -top)
    }
}

impl Projection for Cabinet {
    type Tile = Hex;

    fn to_screen(self, tile: Hex) -> (i32, i32) {
        Cabinet::to_screen(self, tile)
    }

    fn tile_at(self, col: i32, row: i32) -> Option<Hex> {
        Cabinet::tile_at(self, col, row)
    }

    fn fitting(tiles: impl IntoIterator<Item = Hex>) -> Cabinet {
        Cabinet::fitting(tiles)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn hex() -> impl Strategy<Value = Hex> {
        (-5000i32..5000, -5000i32..5000).prop_map(|(x, y)| Hex::new(x, y))
    }

    fn hexes() -> impl Strategy<Value = Vec<Hex>> {
        proptest::collection::vec(hex(), 1..40)
    }

    /// The law of [`Projection`], for any projection and tile.
    fn keeps_the_law<P: Projection>(p: P, tile: P::Tile) -> Result<(), TestCaseError>
    where
        P::Tile: PartialEq + std::fmt::Debug,
    {
        let (col, row) = p.to_screen(tile);
        prop_assert_eq!(p.tile_at(col, row), Some(tile));
        Ok(())
    }

    #[test]
    fn the_map_file_projection_has_no_offset() {
        assert_eq!(Cabinet::MAP_FILE.to_screen(Hex::new(3, 1)), (5, 1));
        assert_eq!(Cabinet::fitting([]), Cabinet::MAP_FILE);
        assert_eq!(Cabinet::file_shift([]), Hex::ORIGIN);
    }

    #[test]
    fn far_cells_give_no_hex_and_never_overflow() {
        let corner = (i32::MAX, i32::MAX);
        assert_eq!(Cabinet::new(i32::MIN).tile_at(corner.0, corner.1), None);
        let last = Cabinet::MAP_FILE.tile_at(corner.0, corner.1);
        assert_eq!(last, Some(Hex::new(i32::MAX, i32::MAX)));
        // One hex further right than `i32` holds.
        assert_eq!(Cabinet::new(-2).tile_at(corner.0, corner.1), None);
    }

    proptest! {
        #[test]
        fn screen_cells_round_trip(tile in hex(), h in -10_000i32..10_000) {
            keeps_the_law(Cabinet::new(h), tile)?;
        }

        #[test]
        fn a_cell_that_gives_a_hex_is_its_cell(col in -20_000i32..20_000, row in -5000i32..5000, h in -100i32..100) {
            let p = Cabinet::new(h);
            if let Some(t) = p.tile_at(col, row) {
                prop_assert_eq!(p.to_screen(t), (col, row));
                prop_assert_eq!(p.at_or_left_of(col, row), t);
            } else {
                // Between two tiles: the cells on either side hold one each.
                let left = p.tile_at(col - 1, row);
                prop_assert!(left.is_some());
                prop_assert!(p.tile_at(col + 1, row).is_some());
                prop_assert_eq!(Some(p.at_or_left_of(col, row)), left);
            }
        }

        #[test]
        fn fitting_puts_the_leftmost_tile_at_column_zero(tiles in hexes()) {
            let p = Cabinet::fitting(tiles.iter().copied());
            let cols: Vec<i32> = tiles.iter().map(|&t| p.to_screen(t).0).collect();
            prop_assert_eq!(cols.iter().min(), Some(&0));
        }

        #[test]
        fn the_file_shift_puts_the_map_at_the_top_left(tiles in hexes()) {
            let shift = Cabinet::file_shift(tiles.iter().copied());
            let cells: Vec<(i32, i32)> =
                tiles.iter().map(|&t| Cabinet::MAP_FILE.to_screen(t + shift)).collect();
            prop_assert_eq!(cells.iter().map(|c| c.1).min(), Some(0));
            let leftmost = cells.iter().map(|c| c.0).min().unwrap();
            prop_assert!(leftmost == 0 || leftmost == 1, "leftmost column {}", leftmost);
            // Each tile reads back from its cell of the file.
            for (&t, &(col, row)) in tiles.iter().zip(&cells) {
                prop_assert_eq!(Cabinet::MAP_FILE.tile_at(col, row), Some(t + shift));
            }
        }
    }
}
