//! The two ways a map of any tiling is drawn on a grid of characters, behind one trait: the
//! compact projection (a character a tile, with a column between two tiles of a row on hexes
//! and squares) and the large one (every tile, side and corner on a cell of its own, on
//! tilings with sides).

use super::{Cabinet, Cell, Corner, Hex, LargeCell, Side, Tiling};

/// A drawing of a tiling's map: which tile, side or corner each character cell shows, and
/// where each is drawn.
///
/// The laws every drawing keeps: the cell of a tile, side or corner shows it back, and a cell
/// that shows one is its cell.
///
/// ```
/// use hexdeep_tiling::geom::{Cell, Compact, Drawing, Large, LargeCell, Tiling};
/// let compact = Compact { tiling: Tiling::Square, h: 0 };
/// let large = Large::new(Tiling::Square, 0).unwrap();
/// for drawing in [&compact as &dyn Drawing, &large] {
///     let (c, r) = drawing.tile_cell(Cell::new(2, 1));
///     assert_eq!(drawing.at(c, r), LargeCell::Tile(Cell::new(2, 1)));
/// }
/// ```
pub trait Drawing {
    /// The tiling drawn.
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Compact, Drawing, Tiling};
    /// assert_eq!(Compact { tiling: Tiling::Triangle, h: 0 }.tiling(), Tiling::Triangle);
    /// ```
    fn tiling(&self) -> Tiling;

    /// What the cell at `(column, row)` shows.
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Compact, Drawing, LargeCell, Side, Tiling};
    /// // Between squares (0, 0) and (1, 0) the compact drawing shows their side.
    /// let compact = Compact { tiling: Tiling::Square, h: 0 };
    /// assert_eq!(compact.at(1, 0), LargeCell::Side(Side::new(2, 0)));
    /// ```
    fn at(&self, col: i32, row: i32) -> LargeCell;

    /// The cell a tile is drawn at.
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Cell, Compact, Drawing, Large, Tiling};
    /// assert_eq!(Compact { tiling: Tiling::Hex, h: 0 }.tile_cell(Cell::new(2, 1)), (3, 1));
    /// assert_eq!(Large::new(Tiling::Hex, 0).unwrap().tile_cell(Cell::new(2, 1)), (6, 2));
    /// ```
    fn tile_cell(&self, tile: Cell) -> (i32, i32);

    /// The cell a side is drawn at, if this drawing gives sides a cell.
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Compact, Drawing, Large, Side, Tiling};
    /// let compact = Compact { tiling: Tiling::Square, h: 0 };
    /// assert_eq!(compact.side_cell(Side::new(2, 0)), Some((1, 0)));
    /// // A side between rows has no cell in the compact drawing, but one in the large.
    /// assert_eq!(compact.side_cell(Side::new(0, 1)), None);
    /// assert_eq!(Large::new(Tiling::Square, 0).unwrap().side_cell(Side::new(0, 1)), Some((0, 1)));
    /// ```
    fn side_cell(&self, side: Side) -> Option<(i32, i32)>;

    /// The cell a corner is drawn at, if this drawing gives corners a cell.
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Compact, Corner, Drawing, Large, Tiling};
    /// let corner = Corner::new(2, 1);
    /// assert_eq!(Compact { tiling: Tiling::Square, h: 0 }.corner_cell(corner), None);
    /// assert_eq!(Large::new(Tiling::Square, 5).unwrap().corner_cell(corner), Some((7, 1)));
    /// ```
    fn corner_cell(&self, corner: Corner) -> Option<(i32, i32)>;
}

/// The compact projection with column offset `h`: the cabinet projection on hexes
/// (`2x − y + h`), two columns a square (`2x + h`), a column a triangle (its cell's column
/// plus `h`). On hexes and squares the column between two tiles of a row shows the side
/// between them; no other side and no corner has a cell.
///
/// ```
/// use hexdeep_tiling::geom::{Cell, Compact, Drawing, LargeCell, Tiling};
/// // A column a triangle: every cell is a tile.
/// let compact = Compact { tiling: Tiling::Triangle, h: 0 };
/// assert_eq!(compact.at(5, 2), LargeCell::Tile(Cell::new(5, 2)));
/// assert_eq!(compact.tile_cell(Cell::new(5, 2)), (5, 2));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Compact {
    /// The tiling drawn.
    pub tiling: Tiling,
    /// The column offset.
    pub h: i32,
}

/// The large projection with column offset `h` (hexes at `4x − 2y + h`, squares at `4x + h`,
/// rows `2y`): every tile, side and corner on a cell of its own. Triangles have no large
/// projection: [`Large::new`] refuses them.
///
/// ```
/// use hexdeep_tiling::geom::{Cell, Drawing, Large, Tiling};
/// let large = Large::new(Tiling::Hex, 0).unwrap();
/// // Every side and corner of a hex has a cell of its own.
/// assert!(Tiling::Hex.tile_sides(Cell::new(0, 0)).into_iter().all(|s| large.side_cell(s).is_some()));
/// assert!(Tiling::Hex.tile_corners(Cell::new(0, 0)).into_iter().all(|c| large.corner_cell(c).is_some()));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Large {
    tiling: Tiling,
    h: i32,
}

impl Large {
    /// The large projection of `tiling`, or `None` on a tiling without sides.
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Large, Tiling};
    /// assert!(Large::new(Tiling::Square, 0).is_some());
    /// assert!(Large::new(Tiling::Triangle, 0).is_none());
    /// ```
    pub fn new(tiling: Tiling, h: i32) -> Option<Large> {
        tiling.has_sides().then_some(Large { tiling, h })
    }
}

impl Drawing for Compact {
    fn tiling(&self) -> Tiling {
        self.tiling
    }

    fn at(&self, col: i32, row: i32) -> LargeCell {
        let from_left = i64::from(col) - i64::from(self.h);
        let Ok(c) = i32::try_from(from_left) else {
            return LargeCell::Gap;
        };
        match self.tiling {
            Tiling::Triangle => LargeCell::Tile(Cell::new(c, row)),
            Tiling::Hex => match Cabinet::new(0).tile_at(c, row) {
                Some(h) => LargeCell::Tile(Cell::from(h)),
                None => self.between(Hex::new((c + row - 1).div_euclid(2), row).into()),
            },
            Tiling::Square if c.rem_euclid(2) == 0 => LargeCell::Tile(Cell::new(c / 2, row)),
            Tiling::Square => self.between(Cell::new(c.div_euclid(2), row)),
        }
    }

    fn tile_cell(&self, tile: Cell) -> (i32, i32) {
        let (c, r) = self.tiling.screen(tile, 0);
        (c + self.h, r)
    }

    fn side_cell(&self, side: Side) -> Option<(i32, i32)> {
        let (a, b) = self.tiling.side_tiles(side)?;
        let ((ca, ra), (cb, rb)) = (self.tile_cell(a), self.tile_cell(b));
        (ra == rb && (ca - cb).abs() == 2).then_some((ca.min(cb) + 1, ra))
    }

    fn corner_cell(&self, _: Corner) -> Option<(i32, i32)> {
        None
    }
}

impl Compact {
    /// The column right of `left`, between it and the next tile of its row: the side between
    /// them.
    fn between(self, left: Cell) -> LargeCell {
        let right = Cell::new(left.x + 1, left.y);
        match self.tiling.side_between(left, right) {
            Some(side) => LargeCell::Side(side),
            None => LargeCell::Gap,
        }
    }
}

impl Drawing for Large {
    fn tiling(&self) -> Tiling {
        self.tiling
    }

    fn at(&self, col: i32, row: i32) -> LargeCell {
        let from_left = i64::from(col) - i64::from(self.h);
        i32::try_from(from_left).map_or(LargeCell::Gap, |c| self.tiling.large_cell_at(c, row))
    }

    fn tile_cell(&self, tile: Cell) -> (i32, i32) {
        let (c, r) = self.tiling.large_cell(tile).unwrap_or((0, 0));
        (c + self.h, r)
    }

    fn side_cell(&self, side: Side) -> Option<(i32, i32)> {
        matches!(
            self.tiling.large_cell_at(side.c, side.r),
            LargeCell::Side(_)
        )
        .then_some((side.c + self.h, side.r))
    }

    fn corner_cell(&self, corner: Corner) -> Option<(i32, i32)> {
        matches!(
            self.tiling.large_cell_at(corner.c, corner.r),
            LargeCell::Corner(_)
        )
        .then_some((corner.c + self.h, corner.r))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Every drawing of every tiling, with offset `h`.
    fn drawings(h: i32) -> Vec<Box<dyn Drawing>> {
        let mut all: Vec<Box<dyn Drawing>> = Vec::new();
        for tiling in Tiling::ALL {
            all.push(Box::new(Compact { tiling, h }));
            if let Some(large) = Large::new(tiling, h) {
                all.push(Box::new(large));
            }
        }
        all
    }

    proptest! {
        #[test]
        fn each_cell_shows_what_is_drawn_there(col in -300i32..300, row in -100i32..100, h in -50i32..50) {
            for d in drawings(h) {
                match d.at(col, row) {
                    LargeCell::Tile(t) => prop_assert_eq!(d.tile_cell(t), (col, row)),
                    LargeCell::Side(s) => prop_assert_eq!(d.side_cell(s), Some((col, row))),
                    LargeCell::Corner(k) => prop_assert_eq!(d.corner_cell(k), Some((col, row))),
                    LargeCell::Gap => {}
                }
            }
        }

        #[test]
        fn each_tile_and_its_sides_are_drawn_where_they_are_shown(x in -100i32..100, y in -100i32..100, h in -50i32..50) {
            for d in drawings(h) {
                let tile = Cell::new(x, y);
                let (c, r) = d.tile_cell(tile);
                prop_assert_eq!(d.at(c, r), LargeCell::Tile(tile));
                for side in d.tiling().tile_sides(tile) {
                    if let Some((c, r)) = d.side_cell(side) {
                        prop_assert_eq!(d.at(c, r), LargeCell::Side(side));
                    }
                }
                for corner in d.tiling().tile_corners(tile) {
                    if let Some((c, r)) = d.corner_cell(corner) {
                        prop_assert_eq!(d.at(c, r), LargeCell::Corner(corner));
                    }
                }
            }
        }
    }

    #[test]
    fn the_compact_column_between_two_tiles_of_a_row_is_their_side() {
        for tiling in [Tiling::Hex, Tiling::Square] {
            let d = Compact { tiling, h: 0 };
            let (a, b) = (Cell::new(3, 2), Cell::new(4, 2));
            let (ca, ra) = d.tile_cell(a);
            let side = tiling.side_between(a, b).unwrap();
            assert_eq!(d.at(ca + 1, ra), LargeCell::Side(side), "{tiling}");
            assert_eq!(d.side_cell(side), Some((ca + 1, ra)));
        }
        assert!(Large::new(Tiling::Triangle, 0).is_none());
        assert_eq!(
            Compact {
                tiling: Tiling::Triangle,
                h: 0
            }
            .at(5, 1),
            LargeCell::Tile(Cell::new(5, 1))
        );
    }
}
