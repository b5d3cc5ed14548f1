//! Hex coordinates and the algorithms of the Red Blob Games hexagon guide, in hexdeep's axial
//! convention: the six neighbours of `(x, y)` are `(x±1, y)`, `(x, y±1)`, `(x+1, y+1)` and
//! `(x−1, y−1)`.
//!
//! Cube coordinates are `q = x − y, r = y, s = −x`. Pure maths: no game rules, no I/O.
//!
//! The other two tilings of ARCHITECTURE.md live beside the hexes, each with its moves, distances,
//! line, sight measure, range and projection: [`Square`] and [`Tri`]. What the three share (the
//! [`Tiling`] names, [`StepKind`], the screen directions [`Compass`]) is in `tiling.rs`.
//!
//! # Coordinate range
//! Every function here (on every tiling) is exact for coordinates within [`COORD_LIMIT`] of the
//! origin; map files and other outside data are checked against that limit where they come in,
//! so arithmetic never overflows.

mod cabinet;
mod convert;
mod direction;
mod drawing;
mod line;
mod projection;
mod rings;
mod screen;
mod sides;
mod square;
mod tiling;
mod topology;
mod transform;
mod triangle;

#[cfg(test)]
mod tests;

pub use cabinet::Cabinet;
pub use convert::{Doubled, Offset};
pub use direction::Direction;
pub use drawing::{Compact, Drawing, Large};
pub use projection::Projection;
pub use screen::Screen;
pub use sides::{Corner, LargeCell, Side, SideShape};
pub use square::{Square, SquareProjection};
pub use tiling::{Compass, Step, StepKind, Tiling, UnknownTiling};
pub use topology::{Cell, Move, Moves, hex_compass};
pub use triangle::{Pointing, Tri, TriMeasure, TriProjection};

use serde::{Deserialize, Serialize};
use std::ops::{Add, Mul, Neg, Sub};

/// The largest absolute coordinate outside data may use (map files, saves, scenarios).
///
/// Well inside `i32`, so that sums, differences, doubled and cube coordinates never overflow.
///
/// ```
/// use hexdeep_tiling::geom::{COORD_LIMIT, Hex};
/// assert!(Hex::new(COORD_LIMIT, -COORD_LIMIT).in_limits());
/// assert!(!Hex::new(COORD_LIMIT + 1, 0).in_limits());
/// ```
pub const COORD_LIMIT: i32 = 1 << 20;

/// A hex tile in axial coordinates.
///
/// ```
/// use hexdeep_tiling::geom::{Direction, Hex};
/// let a = Hex::new(2, 1);
/// assert_eq!(a.neighbor(Direction::E), Hex::new(3, 1));
/// assert_eq!(a - Hex::new(1, 1), Hex::new(1, 0));
/// assert_eq!(a.to_string(), "(2, 1)");
/// ```
#[derive(
    Copy, Clone, Eq, PartialEq, Ord, PartialOrd, Hash, Debug, Default, Serialize, Deserialize,
)]
pub struct Hex {
    /// Column axis: `E` is `x + 1`.
    pub x: i32,
    /// Row axis: `SW` is `y + 1`, and row `y` of the screen.
    pub y: i32,
}

impl Hex {
    /// The origin, `(0, 0)`.
    ///
    /// ```
    /// use hexdeep_tiling::geom::Hex;
    /// assert_eq!(Hex::ORIGIN, Hex::new(0, 0));
    /// assert_eq!(Hex::ORIGIN, Hex::default());
    /// ```
    pub const ORIGIN: Hex = Hex { x: 0, y: 0 };

    /// A hex from its axial coordinates.
    ///
    /// ```
    /// use hexdeep_tiling::geom::Hex;
    /// let h = Hex::new(3, -2);
    /// assert_eq!((h.x, h.y), (3, -2));
    /// ```
    pub const fn new(x: i32, y: i32) -> Hex {
        Hex { x, y }
    }

    /// Whether both coordinates are within [`COORD_LIMIT`].
    ///
    /// ```
    /// use hexdeep_tiling::geom::{COORD_LIMIT, Hex};
    /// assert!(Hex::new(-5, 7).in_limits());
    /// assert!(!Hex::new(0, COORD_LIMIT + 1).in_limits());
    /// ```
    pub const fn in_limits(self) -> bool {
        self.x.abs() <= COORD_LIMIT && self.y.abs() <= COORD_LIMIT
    }

    /// The number of steps between two hexes: `max(|dx|, |dy|, |dx − dy|)`.
    ///
    /// ```
    /// use hexdeep_tiling::geom::Hex;
    /// assert_eq!(Hex::new(0, 0).distance(Hex::new(3, -1)), 4);
    /// assert_eq!(Hex::new(0, 0).distance(Hex::new(2, 2)), 2);
    /// ```
    pub fn distance(self, other: Hex) -> i32 {
        (other - self).length()
    }

    /// The distance of this hex from the origin.
    ///
    /// ```
    /// use hexdeep_tiling::geom::Hex;
    /// assert_eq!(Hex::new(2, -3).length(), 5);
    /// assert_eq!(Hex::new(2, -3).length(), Hex::ORIGIN.distance(Hex::new(2, -3)));
    /// ```
    pub fn length(self) -> i32 {
        self.x.abs().max(self.y.abs()).max((self.x - self.y).abs())
    }

    /// The adjacent hex in a direction.
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Direction, Hex};
    /// assert_eq!(Hex::ORIGIN.neighbor(Direction::SE), Hex::new(1, 1));
    /// assert_eq!(Hex::ORIGIN.neighbor(Direction::NE), Hex::new(0, -1));
    /// ```
    pub fn neighbor(self, dir: Direction) -> Hex {
        self + dir.offset()
    }

    /// The six neighbours, in the order of [`Direction::ALL`].
    ///
    /// ```
    /// use hexdeep_tiling::geom::Hex;
    /// let around = Hex::new(4, 2).neighbors();
    /// assert!(around.iter().all(|n| n.distance(Hex::new(4, 2)) == 1));
    /// assert_eq!(around[0], Hex::new(5, 2));
    /// ```
    pub fn neighbors(self) -> [Hex; 6] {
        Direction::ALL.map(|d| self.neighbor(d))
    }

    /// The six diagonal hexes (distance 2, between two neighbours): entry `i` lies between
    /// the neighbours in directions `ALL[i]` and `ALL[i + 1]`.
    ///
    /// ```
    /// use hexdeep_tiling::geom::Hex;
    /// let d = Hex::ORIGIN.diagonals();
    /// // Between E (1, 0) and NE (0, −1).
    /// assert_eq!(d[0], Hex::new(1, -1));
    /// assert!(d.iter().all(|h| h.length() == 2));
    /// ```
    pub fn diagonals(self) -> [Hex; 6] {
        let mut out = [self; 6];
        for (i, slot) in out.iter_mut().enumerate() {
            let a = Direction::ALL[i].offset();
            let b = Direction::ALL[(i + 1) % 6].offset();
            *slot = self + a + b;
        }
        out
    }

    /// The direction to an adjacent hex, if `other` is one.
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Direction, Hex};
    /// assert_eq!(Hex::ORIGIN.direction_to(Hex::new(1, 1)), Some(Direction::SE));
    /// assert_eq!(Hex::ORIGIN.direction_to(Hex::new(2, 0)), None);
    /// ```
    pub fn direction_to(self, other: Hex) -> Option<Direction> {
        Direction::from_offset(other - self)
    }

    /// The screen direction to an adjacent hex, if `other` is one.
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Compass, Hex};
    /// assert_eq!(Hex::ORIGIN.compass_to(Hex::new(0, -1)), Some(Compass::NE));
    /// assert_eq!(Hex::ORIGIN.compass_to(Hex::ORIGIN), None);
    /// ```
    pub fn compass_to(self, other: Hex) -> Option<Compass> {
        self.direction_to(other).map(hex_compass)
    }

    /// Whether `other` is one of the six neighbours.
    ///
    /// ```
    /// use hexdeep_tiling::geom::Hex;
    /// assert!(Hex::new(1, 1).is_adjacent(Hex::new(0, 0)));
    /// assert!(!Hex::new(1, -1).is_adjacent(Hex::new(0, 0)));
    /// ```
    pub fn is_adjacent(self, other: Hex) -> bool {
        self.distance(other) == 1
    }
}

impl Add for Hex {
    type Output = Hex;
    fn add(self, rhs: Hex) -> Hex {
        Hex::new(self.x + rhs.x, self.y + rhs.y)
    }
}

impl Sub for Hex {
    type Output = Hex;
    fn sub(self, rhs: Hex) -> Hex {
        Hex::new(self.x - rhs.x, self.y - rhs.y)
    }
}

impl Mul<i32> for Hex {
    type Output = Hex;
    fn mul(self, k: i32) -> Hex {
        Hex::new(self.x * k, self.y * k)
    }
}

impl Neg for Hex {
    type Output = Hex;
    fn neg(self) -> Hex {
        Hex::new(-self.x, -self.y)
    }
}

impl std::fmt::Display for Hex {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "({}, {})", self.x, self.y)
    }
}
