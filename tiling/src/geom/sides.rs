//! The sides between tiles and the corners where sides meet, each with its own two integer
//! coordinates (the tiling-module seed): the character cell it falls on in the large
//! projection with `H = 0` (ARCHITECTURE.md, "Tile sides and corners").
//!
//! - Hexes: tile `(x, y)` on column `4x − 2y`, row `2y`. A side is the cell half way between
//!   its two tiles: `|` between east–west neighbours (an even row), `\` or `/` on an odd row.
//!   A corner is a cell of an odd row with `c + r` odd.
//! - Squares: tile `(x, y)` on column `4x`, row `2y`; a side half way between its two tiles, a
//!   corner half way between four.
//!
//! Triangles have no sides or corners here: [`Tiling::has_sides`] is false for them and every
//! function of this module answers `None` or nothing for them.

use super::{Cell, Tiling};
use serde::{Deserialize, Serialize};

/// A side between two tiles, by its cell in the large projection.
///
/// ```
/// use hexdeep_tiling::geom::{Cell, Side, SideShape, Tiling};
/// // Squares (0, 0) and (1, 0) have their centres at large cells (0, 0) and (4, 0).
/// let side = Tiling::Square.side_between(Cell::new(0, 0), Cell::new(1, 0)).unwrap();
/// assert_eq!(side, Side::new(2, 0));
/// assert_eq!(Tiling::Square.side_shape(side), Some(SideShape::Upright));
/// ```
#[derive(
    Copy, Clone, Eq, PartialEq, Ord, PartialOrd, Hash, Debug, Default, Serialize, Deserialize,
)]
pub struct Side {
    /// Column in the large projection.
    pub c: i32,
    /// Row in the large projection.
    pub r: i32,
}

/// A corner where sides meet, by its cell in the large projection.
///
/// ```
/// use hexdeep_tiling::geom::{Cell, Corner, Tiling};
/// // The lower right corner of square (0, 0), shared by four squares.
/// let corner = Tiling::Square.tile_corners(Cell::new(0, 0))[1];
/// assert_eq!(corner, Corner::new(2, 1));
/// assert_eq!(Tiling::Square.corner_tiles(corner).len(), 4);
/// ```
#[derive(
    Copy, Clone, Eq, PartialEq, Ord, PartialOrd, Hash, Debug, Default, Serialize, Deserialize,
)]
pub struct Corner {
    /// Column in the large projection.
    pub c: i32,
    /// Row in the large projection.
    pub r: i32,
}

/// What one character cell of the large projection is.
///
/// ```
/// use hexdeep_tiling::geom::{Cell, Corner, LargeCell, Side, Tiling};
/// assert_eq!(Tiling::Square.large_cell_at(4, 2), LargeCell::Tile(Cell::new(1, 1)));
/// assert_eq!(Tiling::Square.large_cell_at(2, 0), LargeCell::Side(Side::new(2, 0)));
/// assert_eq!(Tiling::Square.large_cell_at(2, 1), LargeCell::Corner(Corner::new(2, 1)));
/// assert_eq!(Tiling::Square.large_cell_at(1, 0), LargeCell::Gap);
/// ```
#[derive(Copy, Clone, Eq, PartialEq, Debug)]
pub enum LargeCell {
    /// The centre of a tile.
    Tile(Cell),
    /// A side between two tiles.
    Side(Side),
    /// A corner.
    Corner(Corner),
    /// Neither: a cell beside a tile's centre, or under a long side (always drawn blank or as
    /// the side's continuation).
    Gap,
}

/// Which way a side is drawn in its tiling's outline.
///
/// ```
/// use hexdeep_tiling::geom::{Cell, SideShape, Tiling};
/// let sw = Tiling::Hex.side_between(Cell::new(0, 0), Cell::new(0, 1)).unwrap();
/// assert_eq!(Tiling::Hex.side_shape(sw), Some(SideShape::Falling));
/// assert_eq!(SideShape::Falling.glyph(), '\\');
/// ```
#[derive(Copy, Clone, Eq, PartialEq, Debug)]
pub enum SideShape {
    /// Between east–west neighbours: `|`.
    Upright,
    /// Between a tile and its south-west or north-east neighbour on hexes: `\`.
    Falling,
    /// Between a tile and its south-east or north-west neighbour on hexes: `/`.
    Rising,
    /// Between north–south neighbours on squares: `-`.
    Level,
}

impl SideShape {
    /// The outline glyph: a thin wall is drawn with it.
    ///
    /// ```
    /// use hexdeep_tiling::geom::SideShape;
    /// assert_eq!(SideShape::Upright.glyph(), '|');
    /// assert_eq!(SideShape::Level.glyph(), '-');
    /// ```
    pub const fn glyph(self) -> char {
        match self {
            SideShape::Upright => '|',
            SideShape::Falling => '\\',
            SideShape::Rising => '/',
            SideShape::Level => '-',
        }
    }
}

impl Side {
    /// The side at large-projection cell `(c, r)`.
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Cell, Side, Tiling};
    /// assert_eq!(Tiling::Square.side_tiles(Side::new(0, 1)), Some((Cell::new(0, 0), Cell::new(0, 1))));
    /// ```
    pub const fn new(c: i32, r: i32) -> Side {
        Side { c, r }
    }
}

impl Corner {
    /// The corner at large-projection cell `(c, r)`.
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Corner, Tiling};
    /// assert_eq!(Tiling::Hex.corner_tiles(Corner::new(2, 1)).len(), 3);
    /// ```
    pub const fn new(c: i32, r: i32) -> Corner {
        Corner { c, r }
    }
}

impl Tiling {
    /// Whether the tiling has sides and corners of their own (hexes and squares).
    ///
    /// ```
    /// use hexdeep_tiling::geom::Tiling;
    /// assert!(Tiling::Hex.has_sides() && Tiling::Square.has_sides());
    /// assert!(!Tiling::Triangle.has_sides());
    /// ```
    pub const fn has_sides(self) -> bool {
        matches!(self, Tiling::Hex | Tiling::Square)
    }

    /// The large-projection cell of a tile's centre (`H = 0`), on tilings with sides.
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Cell, Tiling};
    /// assert_eq!(Tiling::Hex.large_cell(Cell::new(1, 1)), Some((2, 2)));
    /// assert_eq!(Tiling::Square.large_cell(Cell::new(1, 1)), Some((4, 2)));
    /// assert_eq!(Tiling::Triangle.large_cell(Cell::new(1, 1)), None);
    /// ```
    pub const fn large_cell(self, tile: Cell) -> Option<(i32, i32)> {
        match self {
            Tiling::Hex => Some((4 * tile.x - 2 * tile.y, 2 * tile.y)),
            Tiling::Square => Some((4 * tile.x, 2 * tile.y)),
            Tiling::Triangle => None,
        }
    }

    /// What the large-projection cell `(c, r)` is.
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Cell, LargeCell, Tiling};
    /// let (c, r) = Tiling::Hex.large_cell(Cell::new(3, -2)).unwrap();
    /// assert_eq!(Tiling::Hex.large_cell_at(c, r), LargeCell::Tile(Cell::new(3, -2)));
    /// ```
    pub fn large_cell_at(self, c: i32, r: i32) -> LargeCell {
        let (odd_row, m) = (r.rem_euclid(2) == 1, (c + r).rem_euclid(4));
        match self {
            Tiling::Hex => match (odd_row, m) {
                (false, 0) => LargeCell::Tile(Cell::new((c + r).div_euclid(4), r / 2)),
                (false, 2) | (true, 0 | 2) => LargeCell::Side(Side::new(c, r)),
                (true, _) => LargeCell::Corner(Corner::new(c, r)),
                (false, _) => LargeCell::Gap,
            },
            Tiling::Square => match (odd_row, c.rem_euclid(4)) {
                (false, 0) => LargeCell::Tile(Cell::new(c.div_euclid(4), r.div_euclid(2))),
                (false, 2) | (true, 0) => LargeCell::Side(Side::new(c, r)),
                (true, 2) => LargeCell::Corner(Corner::new(c, r)),
                _ => LargeCell::Gap,
            },
            Tiling::Triangle => LargeCell::Gap,
        }
    }

    /// The side between two tiles that share one, or `None`.
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Cell, Side, Tiling};
    /// assert_eq!(Tiling::Hex.side_between(Cell::new(0, 0), Cell::new(1, 0)), Some(Side::new(2, 0)));
    /// // Diagonal squares share a corner, not a side.
    /// assert_eq!(Tiling::Square.side_between(Cell::new(0, 0), Cell::new(1, 1)), None);
    /// ```
    pub fn side_between(self, a: Cell, b: Cell) -> Option<Side> {
        let (ac, ar) = self.large_cell(a)?;
        let (bc, br) = self.large_cell(b)?;
        let side = Side::new((ac + bc).div_euclid(2), (ar + br).div_euclid(2));
        let shares = (ac - bc).abs() + (ar - br).abs() <= 4 && self.side_tiles(side).is_some();
        (shares && a != b).then_some(side)
    }

    /// The two tiles of a side (the upper or left one first), or `None` when `side` is no
    /// side's cell.
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Cell, Side, Tiling};
    /// let (a, b) = (Cell::new(0, 0), Cell::new(0, 1));
    /// let side = Tiling::Hex.side_between(a, b).unwrap();
    /// assert_eq!(Tiling::Hex.side_tiles(side), Some((a, b)));
    /// assert_eq!(Tiling::Hex.side_tiles(Side::new(0, 0)), None);
    /// ```
    pub fn side_tiles(self, side: Side) -> Option<(Cell, Cell)> {
        let (c, r) = (side.c, side.r);
        let at = |c: i32, r: i32| match self.large_cell_at(c, r) {
            LargeCell::Tile(t) => Some(t),
            _ => None,
        };
        let (a, b) = match (self.large_cell_at(c, r), self.side_shape(side)?) {
            (LargeCell::Side(_), SideShape::Upright) => ((c - 2, r), (c + 2, r)),
            (LargeCell::Side(_), SideShape::Falling) => ((c + 1, r - 1), (c - 1, r + 1)),
            (LargeCell::Side(_), SideShape::Rising) => ((c - 1, r - 1), (c + 1, r + 1)),
            (LargeCell::Side(_), SideShape::Level) => ((c, r - 1), (c, r + 1)),
            _ => return None,
        };
        Some((at(a.0, a.1)?, at(b.0, b.1)?))
    }

    /// How a side is drawn, or `None` when `side` is no side's cell.
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Side, SideShape, Tiling};
    /// assert_eq!(Tiling::Square.side_shape(Side::new(0, 1)), Some(SideShape::Level));
    /// assert_eq!(Tiling::Square.side_shape(Side::new(0, 0)), None);
    /// ```
    pub fn side_shape(self, side: Side) -> Option<SideShape> {
        if !matches!(self.large_cell_at(side.c, side.r), LargeCell::Side(_)) {
            return None;
        }
        let odd_row = side.r.rem_euclid(2) == 1;
        Some(match (self, odd_row) {
            (_, false) => SideShape::Upright,
            (Tiling::Hex, true) if (side.c + side.r).rem_euclid(4) == 0 => SideShape::Falling,
            (Tiling::Hex, true) => SideShape::Rising,
            _ => SideShape::Level,
        })
    }

    /// The offsets, in large-projection cells, from a tile's centre to its sides, in the order
    /// of the tile's moves across a side ([`Tiling::moves`]).
    fn side_offsets_large(self) -> &'static [(i32, i32)] {
        match self {
            // E, NE, NW, W, SW, SE.
            Tiling::Hex => &[(2, 0), (1, -1), (-1, -1), (-2, 0), (-1, 1), (1, 1)],
            // E, N, W, S.
            Tiling::Square => &[(2, 0), (0, -1), (-2, 0), (0, 1)],
            Tiling::Triangle => &[],
        }
    }

    /// The sides of a tile (six on hexes, four on squares), in the order of its moves across
    /// a side.
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Cell, Tiling};
    /// let sides = Tiling::Hex.tile_sides(Cell::new(0, 0));
    /// assert_eq!(sides.len(), 6);
    /// assert_eq!(Tiling::Hex.side_tiles(sides[0]), Some((Cell::new(0, 0), Cell::new(1, 0))));
    /// ```
    pub fn tile_sides(self, tile: Cell) -> Vec<Side> {
        let Some((c, r)) = self.large_cell(tile) else {
            return Vec::new();
        };
        self.side_offsets_large()
            .iter()
            .map(|&(dc, dr)| Side::new(c + dc, r + dr))
            .collect()
    }

    /// The corners of a tile (six on hexes, four on squares), clockwise on screen from the
    /// upper right.
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Cell, Tiling};
    /// assert_eq!(Tiling::Hex.tile_corners(Cell::new(0, 0)).len(), 6);
    /// assert_eq!(Tiling::Square.tile_corners(Cell::new(0, 0)).len(), 4);
    /// ```
    pub fn tile_corners(self, tile: Cell) -> Vec<Corner> {
        let Some((c, r)) = self.large_cell(tile) else {
            return Vec::new();
        };
        let offsets: &[(i32, i32)] = match self {
            Tiling::Hex => &[(2, -1), (2, 1), (0, 1), (-2, 1), (-2, -1), (0, -1)],
            Tiling::Square => &[(2, -1), (2, 1), (-2, 1), (-2, -1)],
            Tiling::Triangle => &[],
        };
        offsets
            .iter()
            .map(|&(dc, dr)| Corner::new(c + dc, r + dr))
            .collect()
    }

    /// The two corners at the ends of a side, or `None` when `side` is no side's cell.
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Cell, Tiling};
    /// let side = Tiling::Square.side_between(Cell::new(0, 0), Cell::new(1, 0)).unwrap();
    /// let [top, bottom] = Tiling::Square.side_corners(side).unwrap();
    /// assert!(Tiling::Square.tile_corners(Cell::new(0, 0)).contains(&top));
    /// assert!(Tiling::Square.tile_corners(Cell::new(1, 0)).contains(&bottom));
    /// ```
    pub fn side_corners(self, side: Side) -> Option<[Corner; 2]> {
        let (c, r) = (side.c, side.r);
        Some(match self.side_shape(side)? {
            SideShape::Upright => [Corner::new(c, r - 1), Corner::new(c, r + 1)],
            SideShape::Falling | SideShape::Rising => {
                [Corner::new(c - 1, r), Corner::new(c + 1, r)]
            }
            SideShape::Level => [Corner::new(c - 2, r), Corner::new(c + 2, r)],
        })
    }

    /// The tiles around a corner (three on hexes, four on squares), or nothing when `corner`
    /// is no corner's cell.
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Cell, Corner, Tiling};
    /// let tiles = Tiling::Square.corner_tiles(Corner::new(2, 1));
    /// assert_eq!(tiles, [Cell::new(0, 0), Cell::new(1, 0), Cell::new(0, 1), Cell::new(1, 1)]);
    /// assert!(Tiling::Square.corner_tiles(Corner::new(0, 0)).is_empty());
    /// ```
    pub fn corner_tiles(self, corner: Corner) -> Vec<Cell> {
        if !matches!(self.large_cell_at(corner.c, corner.r), LargeCell::Corner(_)) {
            return Vec::new();
        }
        let (c, r) = (corner.c, corner.r);
        let around: Vec<(i32, i32)> = match self {
            // The bottom corner of the tile above, or the top corner of the tile below.
            Tiling::Hex if (c + r).rem_euclid(4) == 1 => {
                vec![(c, r - 1), (c - 2, r + 1), (c + 2, r + 1)]
            }
            Tiling::Hex => vec![(c - 2, r - 1), (c + 2, r - 1), (c, r + 1)],
            _ => vec![
                (c - 2, r - 1),
                (c + 2, r - 1),
                (c - 2, r + 1),
                (c + 2, r + 1),
            ],
        };
        around
            .into_iter()
            .filter_map(|(c, r)| match self.large_cell_at(c, r) {
                LargeCell::Tile(t) => Some(t),
                _ => None,
            })
            .collect()
    }

    /// The sides that meet at a corner (three on hexes, four on squares).
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Corner, Tiling};
    /// assert_eq!(Tiling::Square.corner_sides(Corner::new(2, 1)).len(), 4);
    /// assert_eq!(Tiling::Hex.corner_sides(Corner::new(2, 1)).len(), 3);
    /// ```
    pub fn corner_sides(self, corner: Corner) -> Vec<Side> {
        let tiles = self.corner_tiles(corner);
        let mut sides = Vec::new();
        for (i, &a) in tiles.iter().enumerate() {
            for &b in &tiles[i + 1..] {
                if let Some(s) = self.side_between(a, b) {
                    sides.push(s);
                }
            }
        }
        sides
    }
}

#[cfg(test)]
#[path = "sides/tests.rs"]
mod tests;
