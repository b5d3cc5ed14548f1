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
    pub const ORIGIN: Square = Square { x: 0, y: 0 };

    /// A square from its coordinates.
    pub const fn new(x: i32, y: i32) -> Square {
        Square { x, y }
    }

    /// Whether both coordinates are within [`COORD_LIMIT`].
    pub const fn in_limits(self) -> bool {
        self.x.abs() <= COORD_LIMIT && self.y.abs() <= COORD_LIMIT
    }

    /// The offset of a step in a direction: `N` is `y − 1`, `E` is `x + 1`.
    pub const fn offset(dir: Compass) -> Square {
        let (dx, dy) = dir.signs();
        Square::new(dx, dy)
    }

    /// The adjacent square in a direction.
    pub fn neighbor(self, dir: Compass) -> Square {
        self + Square::offset(dir)
    }

    /// The eight moves, in the order of [`Compass::ALL`]: diagonal ones are
    /// [`StepKind::Corner`], the others [`StepKind::Side`].
    pub fn steps(self) -> [Step<Square>; 8] {
        Compass::ALL.map(|dir| Step {
            to: self.neighbor(dir),
            dir,
            kind: kind_of(dir),
        })
    }

    /// The eight adjacent squares (by side or corner), in the order of [`Compass::ALL`].
    pub fn neighbors(self) -> [Square; 8] {
        Compass::ALL.map(|d| self.neighbor(d))
    }

    /// The four squares across a side: E, N, W, S.
    pub fn side_neighbors(self) -> [Square; 4] {
        [Compass::E, Compass::N, Compass::W, Compass::S].map(|d| self.neighbor(d))
    }

    /// The direction to an adjacent square (of either kind), if `other` is one.
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
    pub fn step_kind(self, other: Square) -> Option<StepKind> {
        self.direction_to(other).map(kind_of)
    }

    /// For a diagonal step, the two squares it passes between (the horizontal neighbour, then
    /// the vertical one); `None` for a step across a side.
    pub fn passes_between(self, dir: Compass) -> Option<[Square; 2]> {
        if !dir.is_diagonal() {
            return None;
        }
        let (dx, dy) = dir.signs();
        Some([self + Square::new(dx, 0), self + Square::new(0, dy)])
    }

    /// The number of steps between two squares: `max(|dx|, |dy|)`.
    pub fn distance(self, other: Square) -> i32 {
        (other.x - self.x).abs().max((other.y - self.y).abs())
    }

    /// Whether `other` is within sight radius `radius`: `dx² + dy² ≤ R² + R`.
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
    pub fn range(self, radius: u32) -> impl Iterator<Item = Square> {
        let r = clamp_radius(radius);
        let centre = self;
        (-r..=r).flat_map(move |dy| (-r..=r).map(move |dx| centre + Square::new(dx, dy)))
    }

    /// The squares at exactly `radius` steps, `8·radius` of them (the centre alone for 0),
    /// from the north-west corner clockwise, each sharing a side with the next.
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
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct SquareProjection {
    /// The column offset `H` added to every tile's column.
    pub h: i32,
}

impl SquareProjection {
    /// The projection of a map file: `h = 0`.
    pub const MAP_FILE: SquareProjection = SquareProjection { h: 0 };

    /// The projection with column offset `h`.
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
