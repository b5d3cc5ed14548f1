//! Conversions between axial, cube, offset and doubled coordinates.
//!
//! The offset and doubled kinds are the guide's, applied to the cube coordinates
//! `q = x − y, r = y, s = −x`.

use super::Hex;

/// The four offset layouts of the guide; `(col, row)` pairs.
///
/// ```
/// use hexdeep_tiling::geom::{Hex, Offset};
/// let h = Hex::new(2, 1);
/// assert_eq!(h.to_offset(Offset::OddR), (1, 1));
/// assert_eq!(h.to_offset(Offset::EvenR), (2, 1));
/// ```
#[derive(Copy, Clone, Eq, PartialEq, Debug)]
pub enum Offset {
    /// Pointy rows, odd rows shoved right.
    OddR,
    /// Pointy rows, even rows shoved right.
    EvenR,
    /// Flat columns, odd columns shoved down.
    OddQ,
    /// Flat columns, even columns shoved down.
    EvenQ,
}

/// The two doubled layouts of the guide; `(col, row)` pairs.
///
/// ```
/// use hexdeep_tiling::geom::{Doubled, Hex};
/// assert_eq!(Hex::new(2, 1).to_doubled(Doubled::R), (3, 1));
/// assert_eq!(Hex::new(2, 1).to_doubled(Doubled::Q), (1, 3));
/// ```
#[derive(Copy, Clone, Eq, PartialEq, Debug)]
pub enum Doubled {
    /// Double height: `(q, 2r + q)`.
    Q,
    /// Double width: `(2q + r, r)` — hexdeep's screen column with `H = 0`.
    R,
}

impl Hex {
    /// Cube coordinates `(q, r, s) = (x − y, y, −x)`; `q + r + s = 0`.
    ///
    /// ```
    /// use hexdeep_tiling::geom::Hex;
    /// let (q, r, s) = Hex::new(2, 1).to_cube();
    /// assert_eq!((q, r, s), (1, 1, -2));
    /// assert_eq!(q + r + s, 0);
    /// ```
    pub const fn to_cube(self) -> (i32, i32, i32) {
        (self.x - self.y, self.y, -self.x)
    }

    /// The hex with cube coordinates `(q, r, s)`; `s` decides `x`, `r` decides `y` (`q` is
    /// implied by `q + r + s = 0`).
    ///
    /// ```
    /// use hexdeep_tiling::geom::Hex;
    /// assert_eq!(Hex::from_cube(1, 1, -2), Hex::new(2, 1));
    /// ```
    pub const fn from_cube(q: i32, r: i32, s: i32) -> Hex {
        debug_assert!(q + r + s == 0, "cube coordinates must sum to zero");
        Hex::new(-s, r)
    }

    /// Offset coordinates `(col, row)` of the given layout.
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Hex, Offset};
    /// assert_eq!(Hex::new(2, 1).to_offset(Offset::OddR), (1, 1));
    /// ```
    pub const fn to_offset(self, kind: Offset) -> (i32, i32) {
        let (q, r, _) = self.to_cube();
        match kind {
            Offset::OddR => (q + (r - (r & 1)) / 2, r),
            Offset::EvenR => (q + (r + (r & 1)) / 2, r),
            Offset::OddQ => (q, r + (q - (q & 1)) / 2),
            Offset::EvenQ => (q, r + (q + (q & 1)) / 2),
        }
    }

    /// The hex at offset coordinates `(col, row)` of the given layout.
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Hex, Offset};
    /// for kind in [Offset::OddR, Offset::EvenR, Offset::OddQ, Offset::EvenQ] {
    ///     let (col, row) = Hex::new(-3, 4).to_offset(kind);
    ///     assert_eq!(Hex::from_offset(kind, col, row), Hex::new(-3, 4));
    /// }
    /// ```
    pub const fn from_offset(kind: Offset, col: i32, row: i32) -> Hex {
        let (q, r) = match kind {
            Offset::OddR => (col - (row - (row & 1)) / 2, row),
            Offset::EvenR => (col - (row + (row & 1)) / 2, row),
            Offset::OddQ => (col, row - (col - (col & 1)) / 2),
            Offset::EvenQ => (col, row - (col + (col & 1)) / 2),
        };
        Hex::from_cube(q, r, -q - r)
    }

    /// Doubled coordinates `(col, row)` of the given layout.
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Doubled, Hex};
    /// assert_eq!(Hex::new(2, 1).to_doubled(Doubled::R), (3, 1));
    /// ```
    pub const fn to_doubled(self, kind: Doubled) -> (i32, i32) {
        let (q, r, _) = self.to_cube();
        match kind {
            Doubled::Q => (q, 2 * r + q),
            Doubled::R => (2 * q + r, r),
        }
    }

    /// The hex at doubled coordinates; positions whose parity is off round down to a hex.
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Doubled, Hex};
    /// assert_eq!(Hex::from_doubled(Doubled::R, 3, 1), Hex::new(2, 1));
    /// assert_eq!(Hex::from_doubled(Doubled::Q, 1, 3), Hex::new(2, 1));
    /// ```
    pub const fn from_doubled(kind: Doubled, col: i32, row: i32) -> Hex {
        let (q, r) = match kind {
            Doubled::Q => (col, (row - col).div_euclid(2)),
            Doubled::R => ((col - row).div_euclid(2), row),
        };
        Hex::from_cube(q, r, -q - r)
    }
}
