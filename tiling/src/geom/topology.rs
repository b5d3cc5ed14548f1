//! The one topology every algorithm goes through, whatever the tiling: tiles as [`Cell`]s of a
//! plane of rows and columns, and for each tiling its moves (by tile class), distances, sight
//! measure, lines and ranges on those cells.
//!
//! A cell is where a tile sits in dense storage:
//! - on hexes, the tile's axial `(x, y)` ([`Hex`]);
//! - on squares, the tile's `(x, y)` ([`Square`]);
//! - on triangles, the tile's place on screen with `H = 0`: column `2x + y + s`, row `y`
//!   ([`Tri`]). Every cell is then a tile, and its class (which way it points) is the parity
//!   of `column + row`.
//!
//! The methods dispatch on the [`Tiling`] once per call; the searches ask for a tiling's move
//! table once per search ([`Tiling::moves`]) and loop over it.

use super::tiling::{Compass, StepKind, Tiling};
use super::{Direction, Hex, Square, Tri, TriMeasure};
use serde::{Deserialize, Serialize};

/// A tile's place in dense storage (see the module docs for what it is on each tiling).
///
/// ```
/// use hexdeep_tiling::geom::{Cell, Hex, Tri};
/// assert_eq!(Cell::from(Hex::new(2, 1)), Cell::new(2, 1));
/// // A triangle's cell is its place on screen: column 2x + y + s, row y.
/// assert_eq!(Cell::from(Tri::new(1, 2, 1)), Cell::new(5, 2));
/// assert_eq!(Tri::from(Cell::new(5, 2)), Tri::new(1, 2, 1));
/// ```
///
/// A cell has no geometry of its own: distances, neighbours and lines are the tiling's
/// ([`Tiling::distance`]), so that no tiling's answer is given for another's tiles.
///
/// ```compile_fail
/// use hexdeep_tiling::geom::Cell;
/// let _ = Cell::new(0, 0).distance(Cell::new(1, 0));
/// ```
#[derive(
    Copy, Clone, Eq, PartialEq, Ord, PartialOrd, Hash, Debug, Default, Serialize, Deserialize,
)]
pub struct Cell {
    /// Column of storage.
    pub x: i32,
    /// Row of storage, which is the tile's row on screen on every tiling.
    pub y: i32,
}

impl Cell {
    /// The cell `(0, 0)`: on every tiling the tile at the origin of storage.
    ///
    /// ```
    /// use hexdeep_tiling::geom::Cell;
    /// assert_eq!(Cell::ORIGIN, Cell::new(0, 0));
    /// assert_eq!(Cell::ORIGIN, Cell::default());
    /// ```
    pub const ORIGIN: Cell = Cell { x: 0, y: 0 };

    /// A cell from its column and row.
    ///
    /// ```
    /// use hexdeep_tiling::geom::Cell;
    /// let c = Cell::new(4, -1);
    /// assert_eq!((c.x, c.y), (4, -1));
    /// ```
    #[inline]
    pub const fn new(x: i32, y: i32) -> Cell {
        Cell { x, y }
    }

    /// This cell moved by `(dx, dy)`.
    ///
    /// ```
    /// use hexdeep_tiling::geom::Cell;
    /// assert_eq!(Cell::new(1, 2).offset(-1, 3), Cell::new(0, 5));
    /// ```
    #[inline]
    pub const fn offset(self, dx: i32, dy: i32) -> Cell {
        Cell::new(self.x + dx, self.y + dy)
    }

    /// Whether both coordinates are within [`COORD_LIMIT`](super::COORD_LIMIT).
    ///
    /// ```
    /// use hexdeep_tiling::geom::{COORD_LIMIT, Cell};
    /// assert!(Cell::new(-5, 7).in_limits());
    /// assert!(!Cell::new(0, COORD_LIMIT + 1).in_limits());
    /// ```
    #[inline]
    pub const fn in_limits(self) -> bool {
        self.x.abs() <= super::COORD_LIMIT && self.y.abs() <= super::COORD_LIMIT
    }
}

impl std::fmt::Display for Cell {
    /// `(x, y)`, as a [`Hex`] is written.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "({}, {})", self.x, self.y)
    }
}

impl From<Hex> for Cell {
    #[inline]
    fn from(h: Hex) -> Cell {
        Cell::new(h.x, h.y)
    }
}

impl From<Cell> for Hex {
    #[inline]
    fn from(c: Cell) -> Hex {
        Hex::new(c.x, c.y)
    }
}

impl From<Square> for Cell {
    #[inline]
    fn from(s: Square) -> Cell {
        Cell::new(s.x, s.y)
    }
}

impl From<Cell> for Square {
    #[inline]
    fn from(c: Cell) -> Square {
        Square::new(c.x, c.y)
    }
}

impl From<Tri> for Cell {
    /// Column `2x + y + s`, row `y`.
    #[inline]
    fn from(t: Tri) -> Cell {
        Cell::new(2 * t.x + t.y + i32::from(t.s), t.y)
    }
}

impl From<Cell> for Tri {
    /// `s = (column + row) mod 2`, `x = (column − row − s) / 2`.
    #[inline]
    fn from(c: Cell) -> Tri {
        let s = (c.x + c.y).rem_euclid(2);
        Tri::new((c.x - c.y - s).div_euclid(2), c.y, s as u8)
    }
}

/// One move from a tile of some class: the cell offset it leads to, its direction on screen,
/// its kind, and the cells it passes between (offsets from the tile left, none for a step
/// across a side): the tiles that must not be walls or closed doors for it to be allowed.
///
/// ```
/// use hexdeep_tiling::geom::{Compass, StepKind, Tiling};
/// let moves = Tiling::Square.moves(0);
/// let ne = moves.as_slice().iter().find(|m| m.dir == Compass::NE).unwrap();
/// assert_eq!((ne.dx, ne.dy, ne.kind), (1, -1, StepKind::Corner));
/// assert_eq!(ne.extra_cost, 0);
/// ```
#[derive(Copy, Clone, Eq, PartialEq, Debug)]
pub struct Move {
    /// Column offset of the tile entered.
    pub dx: i32,
    /// Row offset of the tile entered.
    pub dy: i32,
    /// The direction on screen.
    pub dir: Compass,
    /// Across a side or through a corner.
    pub kind: StepKind,
    /// What the move adds to the cost of the tile entered: 1 for a triangle's move through
    /// a corner, 0 otherwise (ARCHITECTURE.md, "Tilings").
    pub extra_cost: u32,
    /// The tiles this move squeezes between (the first `squeeze_len`).
    squeeze: [(i32, i32); 4],
    squeeze_len: u8,
}

impl Move {
    /// The offsets of the tiles this move passes between: two for a square's diagonal, four
    /// for a triangle's move through a corner, none otherwise.
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Compass, Tiling};
    /// let moves = Tiling::Square.moves(0);
    /// let ne = moves.as_slice().iter().find(|m| m.dir == Compass::NE).unwrap();
    /// assert_eq!(ne.squeezes(), [(1, 0), (0, -1)]);
    /// assert!(Tiling::Hex.moves(0).as_slice().iter().all(|m| m.squeezes().is_empty()));
    /// ```
    pub fn squeezes(&self) -> &[(i32, i32)] {
        &self.squeeze[..usize::from(self.squeeze_len)]
    }

    fn new(dx: i32, dy: i32, dir: Compass, kind: StepKind, between: &[Cell]) -> Move {
        // Only a triangle's corner moves pass four tiles, and only they cost more.
        let extra_cost = u32::from(between.len() == 4);
        let mut squeeze = [(0, 0); 4];
        for (slot, c) in squeeze.iter_mut().zip(between) {
            *slot = (c.x, c.y);
        }
        Move {
            dx,
            dy,
            dir,
            kind,
            extra_cost,
            squeeze,
            squeeze_len: between.len().min(4) as u8,
        }
    }
}

/// The moves of one tile class, in the tiling's own order (at most eight).
///
/// ```
/// use hexdeep_tiling::geom::Tiling;
/// let moves = Tiling::Hex.moves(0);
/// assert_eq!(moves.as_slice().len(), 6);
/// ```
#[derive(Copy, Clone, Eq, PartialEq, Debug)]
pub struct Moves {
    list: [Move; 8],
    len: u8,
}

impl Moves {
    /// The moves as a slice.
    ///
    /// ```
    /// use hexdeep_tiling::geom::Tiling;
    /// assert_eq!(Tiling::Square.moves(0).as_slice().len(), 8);
    /// assert_eq!(Tiling::Triangle.moves(1).as_slice().len(), 6);
    /// ```
    pub fn as_slice(&self) -> &[Move] {
        &self.list[..usize::from(self.len)]
    }

    /// No moves yet.
    const EMPTY: Moves = Moves {
        list: [Move {
            dx: 0,
            dy: 0,
            dir: Compass::E,
            kind: StepKind::Side,
            extra_cost: 0,
            squeeze: [(0, 0); 4],
            squeeze_len: 0,
        }; 8],
        len: 0,
    };

    /// Adds a move (at most eight are kept).
    fn push(&mut self, m: Move) {
        if let Some(slot) = self.list.get_mut(usize::from(self.len)) {
            *slot = m;
            self.len += 1;
        }
    }
}

/// The compass direction of a hex direction on screen.
///
/// ```
/// use hexdeep_tiling::geom::{Compass, Direction, hex_compass};
/// assert_eq!(hex_compass(Direction::SW), Compass::SW);
/// ```
pub const fn hex_compass(d: Direction) -> Compass {
    match d {
        Direction::E => Compass::E,
        Direction::NE => Compass::NE,
        Direction::NW => Compass::NW,
        Direction::W => Compass::W,
        Direction::SW => Compass::SW,
        Direction::SE => Compass::SE,
    }
}

impl Tiling {
    /// How many classes of tile the tiling has: two on triangles (pointing down, pointing
    /// up), one otherwise.
    ///
    /// ```
    /// use hexdeep_tiling::geom::Tiling;
    /// assert_eq!(Tiling::Triangle.classes(), 2);
    /// assert_eq!(Tiling::Hex.classes(), 1);
    /// ```
    pub const fn classes(self) -> usize {
        match self {
            Tiling::Triangle => 2,
            Tiling::Hex | Tiling::Square => 1,
        }
    }

    /// The class of the tile at `cell`: on triangles its `s` (0 points down, 1 up); 0
    /// otherwise.
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Cell, Tiling};
    /// assert_eq!(Tiling::Triangle.class(Cell::new(5, 2)), 1);
    /// assert_eq!(Tiling::Triangle.class(Cell::new(4, 2)), 0);
    /// assert_eq!(Tiling::Square.class(Cell::new(5, 2)), 0);
    /// ```
    pub const fn class(self, cell: Cell) -> usize {
        match self {
            Tiling::Triangle => (cell.x + cell.y).rem_euclid(2) as usize,
            Tiling::Hex | Tiling::Square => 0,
        }
    }

    /// The most moves a tile has: 6 on hexes and triangles, 8 on squares.
    ///
    /// ```
    /// use hexdeep_tiling::geom::Tiling;
    /// assert_eq!(Tiling::ALL.map(Tiling::degree), [6, 8, 6]);
    /// ```
    pub const fn degree(self) -> usize {
        match self {
            Tiling::Square => 8,
            Tiling::Hex | Tiling::Triangle => 6,
        }
    }

    /// The moves from a tile of class `class` (see [`Tiling::class`]): on hexes the six of
    /// [`Direction::ALL`], on squares the eight of [`Compass::ALL`], on triangles the six of
    /// [`Tri::steps`].
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Direction, Tiling};
    /// let moves = Tiling::Hex.moves(0);
    /// for (m, d) in moves.as_slice().iter().zip(Direction::ALL) {
    ///     assert_eq!((m.dx, m.dy), (d.offset().x, d.offset().y));
    /// }
    /// ```
    pub fn moves(self, class: usize) -> Moves {
        // Filled in place, no allocation: the rules ask for a tile's moves at every step.
        let mut out = Moves::EMPTY;
        match self {
            Tiling::Hex => {
                for d in Direction::ALL {
                    let o = d.offset();
                    out.push(Move::new(o.x, o.y, hex_compass(d), StepKind::Side, &[]));
                }
            }
            Tiling::Square => {
                let here = Square::new(0, 0);
                for s in here.steps() {
                    let between = here.passes_between(s.dir).map(|p| p.map(Cell::from));
                    let between = between.as_ref().map_or(&[][..], |b| &b[..]);
                    out.push(Move::new(s.to.x, s.to.y, s.dir, s.kind, between));
                }
            }
            Tiling::Triangle => {
                let here = Cell::new(class as i32 & 1, 0);
                let tri = Tri::from(here);
                let rel = |t: Tri| {
                    let c = Cell::from(t);
                    Cell::new(c.x - here.x, c.y - here.y)
                };
                for s in tri.steps() {
                    let to = rel(s.to);
                    let between = tri.beside_corner_move(s.dir).map(|p| p.map(rel));
                    let between = between.as_ref().map_or(&[][..], |b| &b[..]);
                    out.push(Move::new(to.x, to.y, s.dir, s.kind, between));
                }
            }
        }
        out
    }

    /// The offsets of the tiles that share a side or a corner with a tile of class `class`:
    /// the neighbours of the second rule of field of view (6 on hexes, 8 on squares, 12 on
    /// triangles).
    ///
    /// ```
    /// use hexdeep_tiling::geom::Tiling;
    /// assert_eq!(Tiling::Hex.touching(0).len(), 6);
    /// assert_eq!(Tiling::Square.touching(0).len(), 8);
    /// assert_eq!(Tiling::Triangle.touching(0).len(), 12);
    /// ```
    pub fn touching(self, class: usize) -> Vec<(i32, i32)> {
        match self {
            Tiling::Hex | Tiling::Square => self
                .moves(class)
                .as_slice()
                .iter()
                .map(|m| (m.dx, m.dy))
                .collect(),
            Tiling::Triangle => {
                let here = Cell::new(class as i32 & 1, 0);
                Tri::from(here)
                    .corner_sharing()
                    .iter()
                    .map(|&t| {
                        let c = Cell::from(t);
                        (c.x - here.x, c.y - here.y)
                    })
                    .collect()
            }
        }
    }

    /// The cost of the cheapest path from `a` to `b` on open floor, where entering a tile
    /// costs 1 and a triangle's move through a corner 1 more: the hex distance,
    /// `max(|dx|, |dy|)` on squares, the shortcut measure on triangles. Terrain only adds to a
    /// path's cost, so this is the admissible heuristic of A*; two tiles are a move apart when
    /// it is 1 (and on triangles, 2 through a corner).
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Cell, Tiling};
    /// assert_eq!(Tiling::Square.distance(Cell::new(0, 0), Cell::new(3, -2)), 3);
    /// assert_eq!(Tiling::Hex.distance(Cell::new(0, 0), Cell::new(3, -1)), 4);
    /// ```
    pub fn distance(self, a: Cell, b: Cell) -> i32 {
        match self {
            Tiling::Hex => Hex::from(a).distance(Hex::from(b)),
            Tiling::Square => Square::from(a).distance(Square::from(b)),
            Tiling::Triangle => Tri::from(a).distance(Tri::from(b), TriMeasure::Shortcuts),
        }
    }

    /// How far `b` is from `a` for sight: the hex distance, `dx² + dy²` on squares, the
    /// corner measure on triangles. "No farther" in the second rule of field of view compares
    /// these.
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Cell, Tiling};
    /// assert_eq!(Tiling::Square.sight_measure(Cell::new(0, 0), Cell::new(3, 4)), 25);
    /// assert_eq!(Tiling::Hex.sight_measure(Cell::new(0, 0), Cell::new(3, -1)), 4);
    /// ```
    pub fn sight_measure(self, a: Cell, b: Cell) -> i64 {
        match self {
            Tiling::Hex => i64::from(Hex::from(a).distance(Hex::from(b))),
            Tiling::Square => {
                let (dx, dy) = (i64::from(b.x - a.x), i64::from(b.y - a.y));
                dx * dx + dy * dy
            }
            Tiling::Triangle => i64::from(Tri::from(a).distance(Tri::from(b), TriMeasure::Corners)),
        }
    }

    /// Whether `b` is within sight radius `radius` of `a` (ARCHITECTURE.md, "Tilings").
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Cell, Tiling};
    /// // On squares dx² + dy² ≤ R² + R: 25 ≤ 30, but not 25 ≤ 20.
    /// assert!(Tiling::Square.within_sight(Cell::new(0, 0), Cell::new(3, 4), 5));
    /// assert!(!Tiling::Square.within_sight(Cell::new(0, 0), Cell::new(3, 4), 4));
    /// ```
    pub fn within_sight(self, a: Cell, b: Cell, radius: u32) -> bool {
        match self {
            Tiling::Hex => Hex::from(a).distance(Hex::from(b)).unsigned_abs() <= radius,
            Tiling::Square => Square::from(a).within_sight(Square::from(b), radius),
            Tiling::Triangle => Tri::from(a).within_sight(Tri::from(b), radius),
        }
    }

    /// The tiles on the line from `a` to `b`, both ends included, by the tiling's rule: the
    /// line with both ends nudged by `+ε`, `line⁺` (ARCHITECTURE.md, "Field of view").
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Cell, Tiling};
    /// let line = Tiling::Square.line(Cell::new(0, 0), Cell::new(3, 0));
    /// assert_eq!(line, [Cell::new(0, 0), Cell::new(1, 0), Cell::new(2, 0), Cell::new(3, 0)]);
    /// ```
    pub fn line(self, a: Cell, b: Cell) -> Vec<Cell> {
        match self {
            Tiling::Hex => cells(Hex::from(a).line_to(Hex::from(b))),
            Tiling::Square => cells(Square::from(a).line_to(Square::from(b))),
            Tiling::Triangle => cells(Tri::from(a).line_to(Tri::from(b))),
        }
    }

    /// The other line of sight from `a` to `b`, `line⁻`: the tiling's line with both ends
    /// nudged by `−ε` instead of `+ε` (ARCHITECTURE.md, "Field of view"). It is `line⁺` of
    /// the two ends' reflections through the origin, reflected back: rounding to a tile is
    /// odd away from ties, and the nudge keeps every point off a tie. It differs from
    /// [`Tiling::line`] only where the segment runs along a boundary between tiles.
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Cell, Tiling};
    /// // Straight up the screen on hexes runs along sides: the two lines part.
    /// let (a, b) = (Cell::new(0, 0), Cell::new(-1, -2));
    /// assert_ne!(Tiling::Hex.line(a, b), Tiling::Hex.line_minus(a, b));
    /// // Along a row of squares no boundary is touched: they agree.
    /// assert_eq!(Tiling::Square.line(a, Cell::new(4, 0)), Tiling::Square.line_minus(a, Cell::new(4, 0)));
    /// ```
    pub fn line_minus(self, a: Cell, b: Cell) -> Vec<Cell> {
        let mut line = self.line(self.reflect(a), self.reflect(b));
        for c in &mut line {
            *c = self.reflect(*c);
        }
        line
    }

    /// The tile at the reflection through the origin of the plane of `c`'s tile: `(−x, −y)`
    /// on hexes and squares; on triangles the reflected triangle `(−x − 1, −y − 1, 1 − s)`,
    /// which points the other way. Reflecting twice gives `c` back.
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Cell, Tiling};
    /// assert_eq!(Tiling::Hex.reflect(Cell::new(2, -1)), Cell::new(-2, 1));
    /// let c = Cell::new(5, 2);
    /// assert_ne!(Tiling::Triangle.class(Tiling::Triangle.reflect(c)), Tiling::Triangle.class(c));
    /// assert_eq!(Tiling::Triangle.reflect(Tiling::Triangle.reflect(c)), c);
    /// ```
    pub fn reflect(self, c: Cell) -> Cell {
        match self {
            Tiling::Hex | Tiling::Square => Cell::new(-c.x, -c.y),
            Tiling::Triangle => Cell::new(-c.x - 2, -c.y - 1),
        }
    }

    /// Every tile within sight radius `radius` of `centre`, in row order.
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Cell, Tiling};
    /// assert_eq!(Tiling::Hex.sight_range(Cell::new(0, 0), 1).len(), 7);
    /// // dx² + dy² ≤ 2: the eight around and the centre.
    /// assert_eq!(Tiling::Square.sight_range(Cell::new(0, 0), 1).len(), 9);
    /// ```
    pub fn sight_range(self, centre: Cell, radius: u32) -> Vec<Cell> {
        let r = radius.min(1 << 16) as i32;
        // Wide enough for every tiling: a triangle's corner measure r spans 2r + 2 columns.
        let (wx, wy) = (2 * r + 2, r);
        let mut out = Vec::new();
        for dy in -wy..=wy {
            for dx in -wx..=wx {
                let c = centre.offset(dx, dy);
                if self.within_sight(centre, c, radius) {
                    out.push(c);
                }
            }
        }
        out
    }

    /// The screen column and row of a cell's tile in a projection whose offset is `h`
    /// (ARCHITECTURE.md: `2x − y + H` on hexes, `2x` on squares, the cell's column on triangles).
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Cell, Tiling};
    /// assert_eq!(Tiling::Hex.screen(Cell::new(2, 1), 0), (3, 1));
    /// assert_eq!(Tiling::Square.screen(Cell::new(2, 1), 1), (5, 1));
    /// ```
    pub fn screen(self, cell: Cell, h: i32) -> (i32, i32) {
        match self {
            Tiling::Hex => (2 * cell.x - cell.y + h, cell.y),
            Tiling::Square => (2 * cell.x + h, cell.y),
            Tiling::Triangle => (cell.x + h, cell.y),
        }
    }
}

/// Tiles of any tiling as cells.
fn cells<T: Into<Cell>>(tiles: Vec<T>) -> Vec<Cell> {
    tiles.into_iter().map(Into::into).collect()
}

#[cfg(test)]
mod tests;
