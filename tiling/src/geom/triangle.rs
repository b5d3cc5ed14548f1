//! Triangle tiles (ARCHITECTURE.md, "Tilings"), in the triangle seed's `(x, y, s)`: the rhombus
//! `(x, y)` of a skewed square lattice split in two. `s = 0` has the lattice corners `(x, y)`,
//! `(x+1, y)`, `(x, y+1)` and points down; `s = 1` has `(x+1, y)`, `(x+1, y+1)`, `(x, y+1)`
//! and points up. Lattice `(1, 0)` is two columns right on screen, `(0, 1)` one row down and
//! one column right.
//!
//! Each tile has six moves: three across a side and three through a corner to the opposite
//! tile (the seed's "diagonal shortcut"), and shares a corner with twelve tiles.

use super::COORD_LIMIT;
use super::projection::Projection;
use super::tiling::{Compass, Step, StepKind};
use serde::{Deserialize, Serialize};

mod line;
#[cfg(test)]
mod tests;

/// A triangle tile.
///
/// ```
/// use hexdeep_tiling::geom::{Compass, StepKind, Tri, TriMeasure};
/// let down = Tri::new(0, 0, 0);
/// assert_eq!(down.step(Compass::E).map(|s| s.to), Some(Tri::new(0, 0, 1)));
/// // Through the bottom corner: three sides away, one shortcut (cost 2), one corner.
/// let below = Tri::new(-1, 1, 1);
/// assert_eq!(down.step_kind(below), Some(StepKind::Corner));
/// assert_eq!(down.distance(below, TriMeasure::Sides), 3);
/// ```
#[derive(
    Copy, Clone, Eq, PartialEq, Ord, PartialOrd, Hash, Debug, Default, Serialize, Deserialize,
)]
pub struct Tri {
    /// Lattice column: the tile two columns right of `(x, y, s)` is `(x + 1, y, s)`.
    pub x: i32,
    /// Lattice row, and row `y` of the screen.
    pub y: i32,
    /// Which half of the rhombus: 0 (points down) or 1 (points up).
    pub s: u8,
}

/// Which way a triangle points on screen.
///
/// ```
/// use hexdeep_tiling::geom::{Pointing, Tri};
/// assert_eq!(Tri::new(4, 1, 0).pointing(), Pointing::Down);
/// assert_eq!(Tri::new(4, 1, 1).pointing(), Pointing::Up);
/// ```
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug)]
pub enum Pointing {
    /// `s = 0`: flat side on top, tip at the bottom.
    Down,
    /// `s = 1`: flat side at the bottom, tip on top.
    Up,
}

/// The three ways to measure how far apart two triangles are. With `d = a − b`, the three
/// terms are `|dx|`, `|dy|` and `|dx + dy + ds|`.
///
/// ```
/// use hexdeep_tiling::geom::{Tri, TriMeasure};
/// let (a, b) = (Tri::ORIGIN, Tri::new(-1, 1, 1));
/// assert_eq!(a.distance(b, TriMeasure::Sides), 3);
/// assert_eq!(a.distance(b, TriMeasure::Shortcuts), 2);
/// assert_eq!(a.distance(b, TriMeasure::Corners), 1);
/// ```
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug)]
pub enum TriMeasure {
    /// Steps across sides only: the sum of the three terms.
    Sides,
    /// The cheapest cost on open floor when a step through a corner costs 2 and one across a
    /// side 1 (ARCHITECTURE.md's costs): the sum minus the smallest term.
    Shortcuts,
    /// Steps to any of the twelve tiles sharing a corner: the largest term. Sight uses it.
    Corners,
}

impl Tri {
    /// The origin, `(0, 0, 0)`.
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Pointing, Tri};
    /// assert_eq!(Tri::ORIGIN, Tri::new(0, 0, 0));
    /// assert_eq!(Tri::ORIGIN.pointing(), Pointing::Down);
    /// ```
    pub const ORIGIN: Tri = Tri { x: 0, y: 0, s: 0 };

    /// A triangle from its coordinates; `s` must be 0 or 1.
    ///
    /// ```
    /// use hexdeep_tiling::geom::Tri;
    /// let t = Tri::new(1, 2, 1);
    /// assert_eq!((t.x, t.y, t.s), (1, 2, 1));
    /// assert_eq!(t.to_string(), "(1, 2, 1)");
    /// ```
    pub const fn new(x: i32, y: i32, s: u8) -> Tri {
        debug_assert!(s <= 1, "a triangle's s is 0 or 1");
        Tri { x, y, s }
    }

    /// Whether `x` and `y` are within [`COORD_LIMIT`] and `s` is 0 or 1.
    ///
    /// ```
    /// use hexdeep_tiling::geom::{COORD_LIMIT, Tri};
    /// assert!(Tri::new(COORD_LIMIT, 0, 1).in_limits());
    /// assert!(!Tri { x: 0, y: 0, s: 2 }.in_limits());
    /// ```
    pub const fn in_limits(self) -> bool {
        self.x.abs() <= COORD_LIMIT && self.y.abs() <= COORD_LIMIT && self.s <= 1
    }

    /// This triangle moved by `dx` rhombi right and `dy` rows down (keeping `s`): lines,
    /// distances and moves all keep their shape under such a move.
    ///
    /// ```
    /// use hexdeep_tiling::geom::Tri;
    /// let (a, b) = (Tri::new(1, 2, 1), Tri::new(3, 0, 0));
    /// assert_eq!(a.shifted(3, -1), Tri::new(4, 1, 1));
    /// assert_eq!(a.shifted(3, -1).side_distance(b.shifted(3, -1)), a.side_distance(b));
    /// ```
    pub const fn shifted(self, dx: i32, dy: i32) -> Tri {
        Tri::new(self.x + dx, self.y + dy, self.s)
    }

    /// Which way this triangle points: `s = 0` down, `s = 1` up.
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Pointing, Tri};
    /// assert_eq!(Tri::new(0, 0, 1).pointing(), Pointing::Up);
    /// ```
    pub const fn pointing(self) -> Pointing {
        if self.s == 0 {
            Pointing::Down
        } else {
            Pointing::Up
        }
    }

    /// The six moves, in ARCHITECTURE.md's order: the three across a side, then the three through a
    /// corner. For `s = 0`: E, W, N, then S, NW, NE; for `s = 1`: W, E, S, then N, SW, SE.
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Compass, StepKind, Tri};
    /// let steps = Tri::ORIGIN.steps();
    /// assert!(steps[..3].iter().all(|s| s.kind == StepKind::Side));
    /// assert!(steps[3..].iter().all(|s| s.kind == StepKind::Corner));
    /// assert_eq!(steps[3].dir, Compass::S);
    /// ```
    pub fn steps(self) -> [Step<Tri>; 6] {
        let Tri { x, y, s } = self;
        let side = |to, dir| Step {
            to,
            dir,
            kind: StepKind::Side,
        };
        let corner = |to, dir| Step {
            to,
            dir,
            kind: StepKind::Corner,
        };
        if s == 0 {
            [
                side(Tri::new(x, y, 1), Compass::E),
                side(Tri::new(x - 1, y, 1), Compass::W),
                side(Tri::new(x, y - 1, 1), Compass::N),
                corner(Tri::new(x - 1, y + 1, 1), Compass::S),
                corner(Tri::new(x - 1, y - 1, 1), Compass::NW),
                corner(Tri::new(x + 1, y - 1, 1), Compass::NE),
            ]
        } else {
            [
                side(Tri::new(x, y, 0), Compass::W),
                side(Tri::new(x + 1, y, 0), Compass::E),
                side(Tri::new(x, y + 1, 0), Compass::S),
                corner(Tri::new(x + 1, y - 1, 0), Compass::N),
                corner(Tri::new(x - 1, y + 1, 0), Compass::SW),
                corner(Tri::new(x + 1, y + 1, 0), Compass::SE),
            ]
        }
    }

    /// The three tiles across a side, in the order of [`Tri::steps`].
    ///
    /// ```
    /// use hexdeep_tiling::geom::Tri;
    /// let n = Tri::ORIGIN.side_neighbors();
    /// assert_eq!(n, [Tri::new(0, 0, 1), Tri::new(-1, 0, 1), Tri::new(0, -1, 1)]);
    /// ```
    pub fn side_neighbors(self) -> [Tri; 3] {
        let steps = self.steps();
        [steps[0].to, steps[1].to, steps[2].to]
    }

    /// The move in a direction on screen, if this tile has one that way.
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Compass, Tri};
    /// assert_eq!(Tri::ORIGIN.step(Compass::N).map(|s| s.to), Some(Tri::new(0, -1, 1)));
    /// // A triangle pointing down has no move south-east.
    /// assert!(Tri::ORIGIN.step(Compass::SE).is_none());
    /// ```
    pub fn step(self, dir: Compass) -> Option<Step<Tri>> {
        self.steps().into_iter().find(|s| s.dir == dir)
    }

    /// The kind of move from `self` to `other`, if `other` is one of its six moves.
    ///
    /// ```
    /// use hexdeep_tiling::geom::{StepKind, Tri};
    /// assert_eq!(Tri::ORIGIN.step_kind(Tri::new(0, 0, 1)), Some(StepKind::Side));
    /// assert_eq!(Tri::ORIGIN.step_kind(Tri::new(1, -1, 1)), Some(StepKind::Corner));
    /// assert_eq!(Tri::ORIGIN.step_kind(Tri::new(5, 5, 0)), None);
    /// ```
    pub fn step_kind(self, other: Tri) -> Option<StepKind> {
        self.steps()
            .into_iter()
            .find(|s| s.to == other)
            .map(|s| s.kind)
    }

    /// The three lattice corners of this tile, as ARCHITECTURE.md lists them.
    ///
    /// ```
    /// use hexdeep_tiling::geom::Tri;
    /// assert_eq!(Tri::ORIGIN.corners(), [(0, 0), (1, 0), (0, 1)]);
    /// // The up triangle beside it shares the two corners of their common side.
    /// assert_eq!(Tri::new(0, 0, 1).corners(), [(1, 0), (1, 1), (0, 1)]);
    /// ```
    pub const fn corners(self) -> [(i32, i32); 3] {
        let Tri { x, y, s } = self;
        if s == 0 {
            [(x, y), (x + 1, y), (x, y + 1)]
        } else {
            [(x + 1, y), (x + 1, y + 1), (x, y + 1)]
        }
    }

    /// The six tiles around the lattice corner `(vx, vy)`, clockwise on screen from the one
    /// above it; each shares a side with the next (and the last with the first), and entry
    /// `i + 3` is the tile opposite entry `i` through the corner.
    ///
    /// ```
    /// use hexdeep_tiling::geom::Tri;
    /// let around = Tri::around_corner(1, 1);
    /// assert!(around.iter().all(|t| t.corners().contains(&(1, 1))));
    /// assert!((0..6).all(|i| around[i].side_distance(around[(i + 1) % 6]) == 1));
    /// ```
    pub const fn around_corner(vx: i32, vy: i32) -> [Tri; 6] {
        [
            Tri::new(vx, vy - 1, 0),
            Tri::new(vx, vy - 1, 1),
            Tri::new(vx, vy, 0),
            Tri::new(vx - 1, vy, 1),
            Tri::new(vx - 1, vy, 0),
            Tri::new(vx - 1, vy - 1, 1),
        ]
    }

    /// For the move through a corner in direction `dir`, the other four tiles around that
    /// corner (the rules refuse the move when any of them is a wall or a closed door): the two
    /// passed clockwise from this tile, then the two passed counter-clockwise. `None` when
    /// this tile has no move through a corner that way.
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Compass, Tri};
    /// // The move south goes through the bottom corner, (0, 1), past four other tiles.
    /// let beside = Tri::ORIGIN.beside_corner_move(Compass::S).unwrap();
    /// assert!(beside.iter().all(|t| t.corners().contains(&(0, 1))));
    /// assert!(Tri::ORIGIN.beside_corner_move(Compass::E).is_none());
    /// ```
    pub fn beside_corner_move(self, dir: Compass) -> Option<[Tri; 4]> {
        let step = self.step(dir).filter(|s| s.kind == StepKind::Corner)?;
        let corner = self
            .corners()
            .into_iter()
            .find(|c| step.to.corners().contains(c))?;
        let around = Tri::around_corner(corner.0, corner.1);
        let me = around.iter().position(|&t| t == self)?;
        let at = |k: usize| around[(me + k) % 6];
        Some([at(1), at(2), at(4), at(5)])
    }

    /// The twelve tiles that share at least a corner with this one, sorted.
    ///
    /// ```
    /// use hexdeep_tiling::geom::Tri;
    /// let around = Tri::ORIGIN.corner_sharing();
    /// assert!(around.iter().all(|&t| t != Tri::ORIGIN && Tri::ORIGIN.corner_distance(t) == 1));
    /// assert!(around.windows(2).all(|w| w[0] < w[1]));
    /// ```
    pub fn corner_sharing(self) -> [Tri; 12] {
        let mut all: Vec<Tri> = self
            .corners()
            .into_iter()
            .flat_map(|(vx, vy)| Tri::around_corner(vx, vy))
            .filter(|&t| t != self)
            .collect();
        all.sort_unstable();
        all.dedup();
        let mut out = [self; 12];
        for (slot, tile) in out.iter_mut().zip(all) {
            *slot = tile;
        }
        out
    }

    /// The three terms `|dx|`, `|dy|`, `|dx + dy + ds|` of `d = self − other`.
    ///
    /// ```
    /// use hexdeep_tiling::geom::Tri;
    /// assert_eq!(Tri::ORIGIN.terms(Tri::new(2, 0, 0)), [2, 0, 2]);
    /// ```
    pub fn terms(self, other: Tri) -> [i32; 3] {
        let dx = self.x - other.x;
        let dy = self.y - other.y;
        let ds = i32::from(self.s) - i32::from(other.s);
        [dx.abs(), dy.abs(), (dx + dy + ds).abs()]
    }

    /// Steps across sides only: `|dx| + |dy| + |dx + dy + ds|`.
    ///
    /// ```
    /// use hexdeep_tiling::geom::Tri;
    /// assert_eq!(Tri::ORIGIN.side_distance(Tri::new(2, 0, 0)), 4);
    /// ```
    pub fn side_distance(self, other: Tri) -> i32 {
        self.terms(other).iter().sum()
    }

    /// The cheapest cost on open floor with moves through corners costing 2: the side distance
    /// minus its smallest term.
    ///
    /// ```
    /// use hexdeep_tiling::geom::Tri;
    /// assert_eq!(Tri::ORIGIN.shortcut_distance(Tri::new(-1, 1, 1)), 2);
    /// assert_eq!(Tri::ORIGIN.shortcut_distance(Tri::new(2, 0, 0)), 4);
    /// ```
    pub fn shortcut_distance(self, other: Tri) -> i32 {
        let t = self.terms(other);
        t[0] + t[1] + t[2] - t[0].min(t[1]).min(t[2])
    }

    /// Steps to a tile sharing a corner: the largest term.
    ///
    /// ```
    /// use hexdeep_tiling::geom::Tri;
    /// assert_eq!(Tri::ORIGIN.corner_distance(Tri::new(2, 0, 0)), 2);
    /// ```
    pub fn corner_distance(self, other: Tri) -> i32 {
        let t = self.terms(other);
        t[0].max(t[1]).max(t[2])
    }

    /// The distance by the given measure.
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Tri, TriMeasure};
    /// let b = Tri::new(2, 0, 0);
    /// assert_eq!(Tri::ORIGIN.distance(b, TriMeasure::Sides), Tri::ORIGIN.side_distance(b));
    /// ```
    pub fn distance(self, other: Tri, measure: TriMeasure) -> i32 {
        match measure {
            TriMeasure::Sides => self.side_distance(other),
            TriMeasure::Shortcuts => self.shortcut_distance(other),
            TriMeasure::Corners => self.corner_distance(other),
        }
    }

    /// Whether `other` is within sight radius `radius`: by the corner distance.
    ///
    /// ```
    /// use hexdeep_tiling::geom::Tri;
    /// assert!(Tri::ORIGIN.within_sight(Tri::new(-1, 1, 1), 1));
    /// assert!(!Tri::ORIGIN.within_sight(Tri::new(2, 0, 0), 1));
    /// ```
    pub fn within_sight(self, other: Tri, radius: u32) -> bool {
        i64::from(self.corner_distance(other)) <= i64::from(radius)
    }

    /// The centre in lattice terms: `(x + 1/3, y + 1/3)` for `s = 0`, `(x + 2/3, y + 2/3)`
    /// for `s = 1`.
    ///
    /// ```
    /// use hexdeep_tiling::geom::Tri;
    /// let (x, y) = Tri::new(0, 0, 1).centre();
    /// assert!((x - 2.0 / 3.0).abs() < 1e-12 && (y - 2.0 / 3.0).abs() < 1e-12);
    /// ```
    pub fn centre(self) -> (f64, f64) {
        let c = f64::from(1 + self.s) / 3.0;
        (f64::from(self.x) + c, f64::from(self.y) + c)
    }

    /// Every tile within `radius` by the given measure, row by row and left to right on
    /// screen.
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Tri, TriMeasure};
    /// // Itself and the three across its sides; itself and the twelve sharing a corner.
    /// assert_eq!(Tri::ORIGIN.range(1, TriMeasure::Sides).count(), 4);
    /// assert_eq!(Tri::ORIGIN.range(1, TriMeasure::Corners).count(), 13);
    /// ```
    pub fn range(self, radius: u32, measure: TriMeasure) -> impl Iterator<Item = Tri> {
        // Every measure is at least the largest term, so |dx|, |dy| <= radius.
        let r = radius.min(2 * COORD_LIMIT as u32 + 1) as i32;
        let centre = self;
        (-r..=r).flat_map(move |dy| {
            (-r..=r).flat_map(move |dx| {
                [0, 1]
                    .map(|s| Tri::new(centre.x + dx, centre.y + dy, s))
                    .into_iter()
                    .filter(move |&t| centre.distance(t, measure) <= r)
            })
        })
    }

    /// The tiles at exactly `radius` by the given measure, in the order of [`Tri::range`].
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Tri, TriMeasure};
    /// let ring = Tri::ORIGIN.ring(1, TriMeasure::Corners);
    /// assert_eq!(ring.len(), 12);
    /// assert!(ring.iter().all(|t| Tri::ORIGIN.corner_distance(*t) == 1));
    /// ```
    pub fn ring(self, radius: u32, measure: TriMeasure) -> Vec<Tri> {
        let r = i64::from(radius);
        self.range(radius, measure)
            .filter(|&t| i64::from(self.distance(t, measure)) == r)
            .collect()
    }
}

impl std::fmt::Display for Tri {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "({}, {}, {})", self.x, self.y, self.s)
    }
}

/// The triangle projection with column offset `h`: tile `(x, y, s)` at column
/// `2x + y + s + h`, row `y`. Every cell holds a tile, pointing down and up in turn along a
/// row. A map file is drawn with `h = 0`.
///
/// ```
/// use hexdeep_tiling::geom::{Projection, Tri, TriProjection};
/// let p = TriProjection::MAP_FILE;
/// assert_eq!(p.to_screen(Tri::new(1, 2, 1)), (5, 2));
/// // Every cell holds a tile.
/// assert_eq!(p.tile_at(4, 2), Some(Tri::new(1, 2, 0)));
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct TriProjection {
    /// The column offset `H` added to every tile's column.
    pub h: i32,
}

impl TriProjection {
    /// The projection of a map file: `h = 0`.
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Projection, Tri, TriProjection};
    /// assert_eq!(TriProjection::MAP_FILE.to_screen(Tri::ORIGIN), (0, 0));
    /// ```
    pub const MAP_FILE: TriProjection = TriProjection { h: 0 };

    /// The projection with column offset `h`.
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Projection, Tri, TriProjection};
    /// assert_eq!(TriProjection::new(3).to_screen(Tri::new(0, 0, 1)), (4, 0));
    /// ```
    pub const fn new(h: i32) -> TriProjection {
        TriProjection { h }
    }
}

impl Projection for TriProjection {
    type Tile = Tri;

    fn to_screen(self, tile: Tri) -> (i32, i32) {
        (2 * tile.x + tile.y + i32::from(tile.s) + self.h, tile.y)
    }

    /// `s = (c + y) mod 2`, `x = (c − y − s) / 2` with `c = col − h`; `None` only for a cell
    /// so far out that its `x` does not fit an `i32`.
    fn tile_at(self, col: i32, row: i32) -> Option<Tri> {
        let c = i64::from(col) - i64::from(self.h);
        let y = i64::from(row);
        let s = (c + y).rem_euclid(2);
        let x = i32::try_from((c - y - s) / 2).ok()?;
        Some(Tri::new(x, row, s as u8))
    }

    fn fitting(tiles: impl IntoIterator<Item = Tri>) -> TriProjection {
        let leftmost = tiles
            .into_iter()
            .map(|t| TriProjection::MAP_FILE.to_screen(t).0)
            .min();
        TriProjection::new(leftmost.map_or(0, |col| -col))
    }
}
