//! What the three tilings share: their names, the two kinds of step, the eight screen
//! directions a step can take, and a step as a value.
//!
//! Each tiling's maths lives beside this in its own module ([`Hex`](super::Hex),
//! [`Square`](super::Square), [`Tri`](super::Tri)); this module knows none of it.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// One of the three tilings (ARCHITECTURE.md, "Tilings").
///
/// ```
/// use hexdeep_tiling::geom::Tiling;
/// let t: Tiling = "square".parse().unwrap();
/// assert_eq!(t, Tiling::Square);
/// assert_eq!(t.degree(), 8);
/// assert_eq!(Tiling::default(), Tiling::Hex);
/// ```
#[derive(
    Copy, Clone, Eq, PartialEq, Ord, PartialOrd, Hash, Debug, Default, Serialize, Deserialize,
)]
pub enum Tiling {
    /// Hexes in the cabinet projection: six moves, all across a side.
    #[default]
    Hex,
    /// Squares: four moves across a side and four diagonal ones.
    Square,
    /// Triangles: three moves across a side and three through a corner.
    Triangle,
}

impl Tiling {
    /// All three, in the order of the enum.
    ///
    /// ```
    /// use hexdeep_tiling::geom::Tiling;
    /// assert_eq!(Tiling::ALL, [Tiling::Hex, Tiling::Square, Tiling::Triangle]);
    /// ```
    pub const ALL: [Tiling; 3] = [Tiling::Hex, Tiling::Square, Tiling::Triangle];

    /// The name used by `--grid` and `grid = "…"`: `"hex"`, `"square"` or `"triangle"`.
    ///
    /// ```
    /// use hexdeep_tiling::geom::Tiling;
    /// assert_eq!(Tiling::Triangle.name(), "triangle");
    /// assert_eq!(Tiling::Triangle.to_string(), "triangle");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Tiling::Hex => "hex",
            Tiling::Square => "square",
            Tiling::Triangle => "triangle",
        }
    }
}

impl fmt::Display for Tiling {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A tiling name that is none of `"hex"`, `"square"`, `"triangle"`.
///
/// ```
/// use hexdeep_tiling::geom::{Tiling, UnknownTiling};
/// let err = "hexes".parse::<Tiling>().unwrap_err();
/// assert_eq!(err, UnknownTiling("hexes".into()));
/// assert_eq!(err.to_string(), "unknown grid \"hexes\": expected hex, square or triangle");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown grid \"{0}\": expected hex, square or triangle")]
pub struct UnknownTiling(pub String);

impl FromStr for Tiling {
    type Err = UnknownTiling;

    /// Reads a name exactly as [`Tiling::name`] writes it.
    fn from_str(s: &str) -> Result<Tiling, UnknownTiling> {
        Tiling::ALL
            .into_iter()
            .find(|t| t.name() == s)
            .ok_or_else(|| UnknownTiling(s.to_owned()))
    }
}

/// How a step leaves its tile: across a side, or through a corner (a square's diagonal, a
/// triangle's "diagonal shortcut"). The rules decide what each kind costs and what may block it.
///
/// ```
/// use hexdeep_tiling::geom::{StepKind, Tiling};
/// let moves = Tiling::Square.moves(0);
/// let corners = moves.as_slice().iter().filter(|m| m.kind == StepKind::Corner).count();
/// assert_eq!(corners, 4);
/// assert!(Tiling::Hex.moves(0).as_slice().iter().all(|m| m.kind == StepKind::Side));
/// ```
#[derive(Copy, Clone, Eq, PartialEq, Ord, PartialOrd, Hash, Debug, Serialize, Deserialize)]
pub enum StepKind {
    /// Across a side shared by the two tiles.
    Side,
    /// Through a corner the two tiles share, between other tiles around that corner.
    Corner,
}

/// The eight directions of a step as seen on screen (north is up). Squares use all eight;
/// a triangle uses six of them, which six depending on which way it points.
///
/// ```
/// use hexdeep_tiling::geom::{Compass, Square};
/// assert_eq!(Square::ORIGIN.neighbor(Compass::N), Square::new(0, -1));
/// assert_eq!(Compass::NE.signs(), (1, -1));
/// ```
#[derive(Copy, Clone, Eq, PartialEq, Ord, PartialOrd, Hash, Debug, Serialize, Deserialize)]
pub enum Compass {
    /// Right.
    E,
    /// Up and right.
    NE,
    /// Up.
    N,
    /// Up and left.
    NW,
    /// Left.
    W,
    /// Down and left.
    SW,
    /// Down.
    S,
    /// Down and right.
    SE,
}

impl Compass {
    /// All eight, counter-clockwise on screen starting from east.
    ///
    /// ```
    /// use hexdeep_tiling::geom::Compass;
    /// assert_eq!(Compass::ALL.len(), 8);
    /// assert_eq!(Compass::ALL.iter().filter(|d| d.is_diagonal()).count(), 4);
    /// ```
    pub const ALL: [Compass; 8] = [
        Compass::E,
        Compass::NE,
        Compass::N,
        Compass::NW,
        Compass::W,
        Compass::SW,
        Compass::S,
        Compass::SE,
    ];

    /// The six a hex steps, in the order of [`Direction::ALL`](super::Direction::ALL): E, NE,
    /// NW, W, SW, SE.
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Compass, Direction, hex_compass};
    /// assert_eq!(Compass::HEX, Direction::ALL.map(hex_compass));
    /// assert!(!Compass::HEX.contains(&Compass::N));
    /// ```
    pub const HEX: [Compass; 6] = [
        Compass::E,
        Compass::NE,
        Compass::NW,
        Compass::W,
        Compass::SW,
        Compass::SE,
    ];

    /// The position of this direction in [`Compass::ALL`].
    ///
    /// ```
    /// use hexdeep_tiling::geom::Compass;
    /// assert_eq!(Compass::N.index(), 2);
    /// assert_eq!(Compass::ALL[Compass::SW.index()], Compass::SW);
    /// ```
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The opposite direction.
    ///
    /// ```
    /// use hexdeep_tiling::geom::Compass;
    /// assert_eq!(Compass::NE.opposite(), Compass::SW);
    /// assert_eq!(Compass::N.opposite(), Compass::S);
    /// ```
    pub const fn opposite(self) -> Compass {
        Compass::ALL[(self as usize + 4) % 8]
    }

    /// Whether this is one of the four diagonal directions.
    ///
    /// ```
    /// use hexdeep_tiling::geom::Compass;
    /// assert!(Compass::NE.is_diagonal());
    /// assert!(!Compass::N.is_diagonal());
    /// ```
    pub const fn is_diagonal(self) -> bool {
        self as usize % 2 == 1
    }

    /// The signs of its screen offset `(column, row)`: each −1, 0 or 1.
    ///
    /// ```
    /// use hexdeep_tiling::geom::Compass;
    /// assert_eq!(Compass::N.signs(), (0, -1));
    /// assert_eq!(Compass::SE.signs(), (1, 1));
    /// ```
    pub const fn signs(self) -> (i32, i32) {
        match self {
            Compass::E => (1, 0),
            Compass::NE => (1, -1),
            Compass::N => (0, -1),
            Compass::NW => (-1, -1),
            Compass::W => (-1, 0),
            Compass::SW => (-1, 1),
            Compass::S => (0, 1),
            Compass::SE => (1, 1),
        }
    }

    /// A short name for messages, such as `"NE"`.
    ///
    /// ```
    /// use hexdeep_tiling::geom::Compass;
    /// assert_eq!(Compass::NW.name(), "NW");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Compass::E => "E",
            Compass::NE => "NE",
            Compass::N => "N",
            Compass::NW => "NW",
            Compass::W => "W",
            Compass::SW => "SW",
            Compass::S => "S",
            Compass::SE => "SE",
        }
    }
}

/// One move from a tile: where it leads, which way it looks on screen, and its kind.
///
/// ```
/// use hexdeep_tiling::geom::{Compass, Square, StepKind};
/// let steps = Square::new(2, 2).steps();
/// let north = steps.iter().find(|s| s.dir == Compass::N).unwrap();
/// assert_eq!(north.to, Square::new(2, 1));
/// assert_eq!(north.kind, StepKind::Side);
/// ```
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug)]
pub struct Step<T> {
    /// The tile entered.
    pub to: T,
    /// Its direction on screen.
    pub dir: Compass,
    /// Across a side or through a corner.
    pub kind: StepKind,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_back() {
        for t in Tiling::ALL {
            assert_eq!(t.name().parse::<Tiling>(), Ok(t));
            assert_eq!(t.to_string(), t.name());
        }
        assert_eq!(
            "hexes".parse::<Tiling>(),
            Err(UnknownTiling("hexes".into()))
        );
        assert_eq!("Square".parse::<Tiling>().ok(), None);
    }

    #[test]
    fn compass_opposites_and_diagonals() {
        for d in Compass::ALL {
            assert_eq!(d.opposite().opposite(), d);
            let (c, r) = d.signs();
            assert_eq!(d.opposite().signs(), (-c, -r));
            assert_eq!(d.is_diagonal(), c != 0 && r != 0);
            assert_eq!(Compass::ALL[d.index()], d);
        }
    }
}
