//! Square tiles (ARCHITECTURE.md, "Tilings"): `(x, y)` drawn at column `2x + H`, row `y`; eight moves
//! of equal cost, four across a side and four diagonal; step distance `max(|dx|, |dy|)`.
//!
//! Pure maths like the rest of [`geom`](super): the rules layer decides what blocks a step
//! (Brogue's rule for diagonals uses [`Square::passes_between`]).

use super::COORD_LIMIT;
use super::projection::Projection;
use super::tiling::{Compass, Step, StepKind};
use serde::{Deserialize, Serialize};
use std::ops::{Add, Sub};

#[cfg(test)]
mod tests;

/// The nudge added to both ends of a line, in `(x, y)`, so that no point of the line lands
/// exactly half way between two tiles.
const NUDGE_MILLIONTHS: (i128, i128) = (3, 2);

/// A square tile.
///
/// ```
/// use hexdeep_tiling::geom::{Compass, Square, StepKind};
/// let a = Square::new(1, 1);
/// assert_eq!(a.neighbor(Compass::E), Square::new(2, 1));
/// assert_eq!(a.distance(Square::new(4, -1)), 3);
/// assert_eq!(a.step_kind(Square::new(2, 2)), Some(StepKind::Corner));
/// ```
#[derive(
    Copy, Clone, Eq, PartialEq, Ord, PartialOrd, Hash, Debug, Default, Serialize, Deserialize,
)]
pub struct Square {
    /// Column axis: `E` is `x + 1`.
    pub x: i32,
    /// Row axis: `S` is `y + 1`, and row `y` of the screen.
    pub y: i32,
}

impl Square {
    /// The origin, `(0, 0)`.
    ///
    /// ```
    /// use hexdeep_tiling::geom::Square;
    /// assert_eq!(Square::ORIGIN, Square::new(0, 0));
    /// ```
    pub const ORIGIN: Square = Square { x: 0, y: 0 };

    /// A square from its coordinates.
    ///
    /// ```
    /// use hexdeep_tiling::geom::Square;
    /// let s = Square::new(3, -2);
    /// assert_eq!((s.x, s.y), (3, -2));
    /// ```
    pub const fn new(x: i32, y: i32) -> Square {
        Square { x, y }
    }

    /// Whether both coordinates are within [`COORD_LIMIT`].
    ///
    /// ```
    /// use hexdeep_tiling::geom::{COORD_LIMIT, Square};
    /// assert!(Square::new(COORD_LIMIT, 0).in_limits());
    /// assert!(!Square::new(0, -COORD_LIMIT - 1).in_limits());
    /// ```
    pub const fn in_limits(self) -> bool {
        self.x.abs() <= COORD_LIMIT && self.y.abs() <= COORD_LIMIT
    }

    /// The offset of a step in a direction: `N` is `y − 1`, `E` is `x + 1`.
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Compass, Square};
    /// assert_eq!(Square::offset(Compass::N), Square::new(0, -1));
    /// assert_eq!(Square::offset(Compass::SE), Square::new(1, 1));
    /// ```
    pub const fn offset(dir: Compass) -> Square {
        let (dx, dy) = dir.signs();
        Square::new(dx, dy)
    }

    /// The adjacent square in a direction.
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Compass, Square};
    /// assert_eq!(Square::new(2, 2).neighbor(Compass::NW), Square::new(1, 1));
    /// ```
    pub fn neighbor(self, dir: Compass) -> Square {
        self + Square::offset(dir)
    }

    /// The eight moves, in the order of [`Compass::ALL`]: diagonal ones are
    /// [`StepKind::Corner`], the others [`StepKind::Side`].
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Compass, Square, StepKind};
    /// let steps = Square::ORIGIN.steps();
    /// assert_eq!(steps[1].dir, Compass::NE);
    /// assert_eq!(steps[1].kind, StepKind::Corner);
    /// assert_eq!(steps[2].kind, StepKind::Side);
    /// ```
    pub fn steps(self) -> [Step<Square>; 8] {
        Compass::ALL.map(|dir| Step {
            to: self.neighbor(dir),
            dir,
            kind: kind_of(dir),
        })
    }

    /// The eight adjacent squares (by side or corner), in the order of [`Compass::ALL`].
    ///
    /// ```
    /// use hexdeep_tiling::geom::Square;
    /// let n = Square::ORIGIN.neighbors();
    /// assert_eq!(n[2], Square::new(0, -1));
    /// assert!(n.iter().all(|s| Square::ORIGIN.distance(*s) == 1));
    /// ```
    pub fn neighbors(self) -> [Square; 8] {
        Compass::ALL.map(|d| self.neighbor(d))
    }

    /// The four squares across a side: E, N, W, S.
    ///
    /// ```
    /// use hexdeep_tiling::geom::Square;
    /// let expected = [Square::new(1, 0), Square::new(0, -1), Square::new(-1, 0), Square::new(0, 1)];
    /// assert_eq!(Square::ORIGIN.side_neighbors(), expected);
    /// ```
    pub fn side_neighbors(self) -> [Square; 4] {
        [Compass::E, Compass::N, Compass::W, Compass::S].map(|d| self.neighbor(d))
    }

    /// The direction to an adjacent square (of either kind), if `other` is one.
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Compass, Square};
    /// assert_eq!(Square::ORIGIN.direction_to(Square::new(1, 1)), Some(Compass::SE));
    /// assert_eq!(Square::ORIGIN.direction_to(Square::new(2, 0)), None);
    /// ```
    pub fn direction_to(self, other: Square) -> Option<Compass> {
        let (dx, dy) = (
            i64::from(other.x) - i64::from(self.x),
            i64::from(other.y) - i64::from(self.y),
        );
        Compass::ALL.into_iter().find(|d| {
            let (cx, cy) = d.signs();
            (i64::from(cx), i64::from(cy)) == (dx, dy)
        })
    }

    /// The kind of step from `self` to `other`, if they are adjacent.
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Square, StepKind};
    /// assert_eq!(Square::ORIGIN.step_kind(Square::new(0, 1)), Some(StepKind::Side));
    /// assert_eq!(Square::ORIGIN.step_kind(Square::new(-1, 1)), Some(StepKind::Corner));
    /// assert_eq!(Square::ORIGIN.step_kind(Square::new(2, 0)), None);
    /// ```
    pub fn step_kind(self, other: Square) -> Option<StepKind> {
        self.direction_to(other).map(kind_of)
    }

    /// For a diagonal step, the two squares it passes between (the horizontal neighbour, then
    /// the vertical one); `None` for a step across a side.
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Compass, Square};
    /// let between = Square::ORIGIN.passes_between(Compass::NE);
    /// assert_eq!(between, Some([Square::new(1, 0), Square::new(0, -1)]));
    /// assert_eq!(Square::ORIGIN.passes_between(Compass::N), None);
    /// ```
    pub fn passes_between(self, dir: Compass) -> Option<[Square; 2]> {
        if !dir.is_diagonal() {
            return None;
        }
        let (dx, dy) = dir.signs();
        Some([self + Square::new(dx, 0), self + Square::new(0, dy)])
    }

    /// The number of steps between two squares: `max(|dx|, |dy|)`.
    ///
    /// ```
    /// use hexdeep_tiling::geom::Square;
    /// assert_eq!(Square::new(0, 0).distance(Square::new(3, -5)), 5);
    /// ```
    pub fn distance(self, other: Square) -> i32 {
        (other.x - self.x).abs().max((other.y - self.y).abs())
    }

    /// Whether `other` is within sight radius `radius`: `dx² + dy² ≤ R² + R`.
    ///
    /// ```
    /// use hexdeep_tiling::geom::Square;
    /// assert!(Square::ORIGIN.within_sight(Square::new(3, 4), 5));
    /// assert!(!Square::ORIGIN.within_sight(Square::new(3, 4), 4));
    /// ```
    pub fn within_sight(self, other: Square, radius: u32) -> bool {
        let (dx, dy) = (
            i64::from(other.x) - i64::from(self.x),
            i64::from(other.y) - i64::from(self.y),
        );
        let r = i128::from(radius);
        i128::from(dx * dx + dy * dy) <= r * r + r
    }

    /// The squares on the line from `self` to `other`, both ends included: `distance + 1`
    /// squares, each adjacent to the next (by side or diagonal), `b.line_to(a)` is
    /// `a.line_to(b)` reversed.
    ///
    /// ```
    /// use hexdeep_tiling::geom::Square;
    /// let line = Square::new(0, 0).line_to(Square::new(3, 1));
    /// assert_eq!(line.len(), 4);
    /// assert_eq!((line[0], line[3]), (Square::new(0, 0), Square::new(3, 1)));
    /// assert!(line.windows(2).all(|w| w[0].distance(w[1]) == 1));
    /// ```
    pub fn line_to(self, other: Square) -> Vec<Square> {
        let mut out = Vec::with_capacity(self.distance(other) as usize + 1);
        self.line_points(other, |s| out.push(s));
        out
    }

    /// Calls `visit` with each square of [`Square::line_to`] in order, without allocating.
    ///
    /// ARCHITECTURE.md's rule, computed exactly: `N = max(|dx|, |dy|)`; point `i` is
    /// `a + d·i/N + (3e-6, 2e-6)`, rounded to the nearest square (halves would round up, but
    /// the nudge keeps points off them). Exact integer arithmetic makes the line the same on
    /// every machine, the same both ways, and the same wherever it is translated.
    ///
    /// ```
    /// use hexdeep_tiling::geom::Square;
    /// let mut seen = Vec::new();
    /// Square::new(1, 1).line_points(Square::new(-4, 3), |s| seen.push(s));
    /// assert_eq!(seen, Square::new(1, 1).line_to(Square::new(-4, 3)));
    /// ```
    pub fn line_points(self, other: Square, mut visit: impl FnMut(Square)) {
        let n = self.distance(other);
        if n == 0 {
            visit(self);
            return;
        }
        let (dx, dy) = (other.x - self.x, other.y - self.y);
        for i in 0..=n {
            visit(Square::new(
                self.x + round_fraction(dx, i, n, NUDGE_MILLIONTHS.0),
                self.y + round_fraction(dy, i, n, NUDGE_MILLIONTHS.1),
            ));
        }
    }

    /// Every square within `radius` steps, row by row: `(2r + 1)²` squares.
    ///
    /// ```
    /// use hexdeep_tiling::geom::Square;
    /// assert_eq!(Square::ORIGIN.range(2).count(), 25);
    /// assert!(Square::ORIGIN.range(2).all(|s| s.distance(Square::ORIGIN) <= 2));
    /// ```
    pub fn range(self, radius: u32) -> impl Iterator<Item = Square> {
        let r = clamp_radius(radius);
        let centre = self;
        (-r..=r).flat_map(move |dy| (-r..=r).map(move |dx| centre + Square::new(dx, dy)))
    }

    /// The squares at exactly `radius` steps, `8·radius` of them (the centre alone for 0),
    /// from the north-west corner clockwise, each sharing a side with the next.
    ///
    /// ```
    /// use hexdeep_tiling::geom::Square;
    /// let ring = Square::ORIGIN.ring(1);
    /// assert_eq!(ring.len(), 8);
    /// assert_eq!(ring[0], Square::new(-1, -1));
    /// ```
    pub fn ring(self, radius: u32) -> Vec<Square> {
        if radius == 0 {
            return vec![self];
        }
        let r = clamp_radius(radius);
        let mut out = Vec::with_capacity(8 * r as usize);
        let mut at = self + Square::new(-r, -r);
        for dir in [Compass::E, Compass::S, Compass::W, Compass::N] {
            for _ in 0..2 * r {
                out.push(at);
                at = at.neighbor(dir);
            }
        }
        out
    }
}

/// A diagonal step passes through a corner; the others cross a side.
const fn kind_of(dir: Compass) -> StepKind {
    if dir.is_diagonal() {
        StepKind::Corner
    } else {
        StepKind::Side
    }
}

/// The radius ranges and rings use: no more than `2·COORD_LIMIT`, the farthest two squares
/// in limits are apart, so that nothing overflows.
fn clamp_radius(radius: u32) -> i32 {
    radius.min(2 * COORD_LIMIT as u32) as i32
}

/// `round(d·i/n + nudge·1e-6)` with halves rounded up, exactly: `n > 0`.
fn round_fraction(d: i32, i: i32, n: i32, nudge_millionths: i128) -> i32 {
    const MILLION: i128 = 1_000_000;
    let n = i128::from(n);
    let num = i128::from(d) * i128::from(i) * MILLION + nudge_millionths * n + MILLION * n / 2;
    num.div_euclid(MILLION * n) as i32
}

impl Add for Square {
    type Output = Square;
    fn add(self, rhs: Square) -> Square {
        Square::new(self.x + rhs.x, self.y + rhs.y)
    }
}

impl Sub for Square {
    type Output = Square;
    fn sub(self, rhs: Square) -> Square {
        Square::new(self.x - rhs.x, self.y - rhs.y)
    }
}

impl std::fmt::Display for Square {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "({}, {})", self.x, self.y)
    }
}

/// The square projection with column offset `h`: square `(x, y)` at column `2x + h`, row `y`;
/// the column between two squares holds no tile. A map file is drawn with `h = 0`.
///
/// ```
/// use hexdeep_tiling::geom::{Projection, Square, SquareProjection};
/// let p = SquareProjection::new(1);
/// assert_eq!(p.to_screen(Square::new(2, 3)), (5, 3));
/// assert_eq!(p.tile_at(5, 3), Some(Square::new(2, 3)));
/// assert_eq!(p.tile_at(4, 3), None);
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct SquareProjection {
    /// The column offset `H` added to every tile's column.
    pub h: i32,
}

impl SquareProjection {
    /// The projection of a map file: `h = 0`.
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Projection, Square, SquareProjection};
    /// assert_eq!(SquareProjection::MAP_FILE.to_screen(Square::new(2, 0)), (4, 0));
    /// ```
    pub const MAP_FILE: SquareProjection = SquareProjection { h: 0 };

    /// The projection with column offset `h`.
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Projection, Square, SquareProjection};
    /// assert_eq!(SquareProjection::new(-3).to_screen(Square::ORIGIN), (-3, 0));
    /// ```
    pub const fn new(h: i32) -> SquareProjection {
        SquareProjection { h }
    }
}

impl Projection for SquareProjection {
    type Tile = Square;

    fn to_screen(self, tile: Square) -> (i32, i32) {
        (2 * tile.x + self.h, tile.y)
    }

    fn tile_at(self, col: i32, row: i32) -> Option<Square> {
        let c = i64::from(col) - i64::from(self.h);
        if c.rem_euclid(2) != 0 {
            return None;
        }
        Some(Square::new(i32::try_from(c.div_euclid(2)).ok()?, row))
    }

    fn fitting(tiles: impl IntoIterator<Item = Square>) -> SquareProjection {
        let leftmost = tiles.into_iter().map(|t| 2 * t.x).min();
        SquareProjection::new(leftmost.map_or(0, |col| -col))
    }
}
