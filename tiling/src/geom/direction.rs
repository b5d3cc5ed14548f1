//! The six hex directions, named as they look on the terminal.

use super::Hex;
use serde::{Deserialize, Serialize};

/// One of the six directions from a hex to its neighbours, named as seen on screen.
///
/// ```
/// use hexdeep_tiling::geom::{Direction, Hex};
/// let mut at = Hex::ORIGIN;
/// for d in [Direction::E, Direction::E, Direction::NW] {
///     at = at.neighbor(d);
/// }
/// assert_eq!(at, Hex::new(1, -1));
/// ```
#[derive(Copy, Clone, Eq, PartialEq, Ord, PartialOrd, Hash, Debug, Serialize, Deserialize)]
pub enum Direction {
    /// `(x + 1, y)`: two columns right.
    E,
    /// `(x, y − 1)`: one row up, one column right.
    NE,
    /// `(x − 1, y − 1)`: one row up, one column left.
    NW,
    /// `(x − 1, y)`: two columns left.
    W,
    /// `(x, y + 1)`: one row down, one column left.
    SW,
    /// `(x + 1, y + 1)`: one row down, one column right.
    SE,
}

impl Direction {
    /// All six, counter-clockwise on screen starting from east.
    ///
    /// ```
    /// use hexdeep_tiling::geom::Direction;
    /// assert_eq!(Direction::ALL.len(), 6);
    /// assert_eq!(Direction::ALL[1], Direction::E.counter_clockwise());
    /// ```
    pub const ALL: [Direction; 6] = [
        Direction::E,
        Direction::NE,
        Direction::NW,
        Direction::W,
        Direction::SW,
        Direction::SE,
    ];

    /// The axial offset of a step in this direction.
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Direction, Hex};
    /// assert_eq!(Direction::E.offset(), Hex::new(1, 0));
    /// assert_eq!(Direction::NW.offset(), Hex::new(-1, -1));
    /// ```
    pub const fn offset(self) -> Hex {
        match self {
            Direction::E => Hex::new(1, 0),
            Direction::NE => Hex::new(0, -1),
            Direction::NW => Hex::new(-1, -1),
            Direction::W => Hex::new(-1, 0),
            Direction::SW => Hex::new(0, 1),
            Direction::SE => Hex::new(1, 1),
        }
    }

    /// The position of this direction in [`Direction::ALL`].
    ///
    /// ```
    /// use hexdeep_tiling::geom::Direction;
    /// assert_eq!(Direction::W.index(), 3);
    /// assert!(Direction::ALL.iter().all(|d| Direction::ALL[d.index()] == *d));
    /// ```
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The direction whose offset is `offset`, if it is a unit step.
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Direction, Hex};
    /// assert_eq!(Direction::from_offset(Hex::new(1, 1)), Some(Direction::SE));
    /// assert_eq!(Direction::from_offset(Hex::new(2, 0)), None);
    /// ```
    pub fn from_offset(offset: Hex) -> Option<Direction> {
        Direction::ALL.into_iter().find(|d| d.offset() == offset)
    }

    /// The opposite direction.
    ///
    /// ```
    /// use hexdeep_tiling::geom::Direction;
    /// assert_eq!(Direction::E.opposite(), Direction::W);
    /// assert_eq!(Direction::NE.opposite(), Direction::SW);
    /// ```
    pub const fn opposite(self) -> Direction {
        Direction::ALL[(self as usize + 3) % 6]
    }

    /// The next direction clockwise on screen (60 degrees).
    ///
    /// ```
    /// use hexdeep_tiling::geom::Direction;
    /// assert_eq!(Direction::E.clockwise(), Direction::SE);
    /// assert_eq!(Direction::NE.clockwise(), Direction::E);
    /// ```
    pub const fn clockwise(self) -> Direction {
        Direction::ALL[(self as usize + 5) % 6]
    }

    /// The next direction counter-clockwise on screen (60 degrees).
    ///
    /// ```
    /// use hexdeep_tiling::geom::Direction;
    /// assert_eq!(Direction::E.counter_clockwise(), Direction::NE);
    /// assert_eq!(Direction::SE.counter_clockwise(), Direction::E);
    /// ```
    pub const fn counter_clockwise(self) -> Direction {
        Direction::ALL[(self as usize + 1) % 6]
    }

    /// A short name for messages, such as `"NE"`.
    ///
    /// ```
    /// use hexdeep_tiling::geom::Direction;
    /// assert_eq!(Direction::NE.name(), "NE");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Direction::E => "E",
            Direction::NE => "NE",
            Direction::NW => "NW",
            Direction::W => "W",
            Direction::SW => "SW",
            Direction::SE => "SE",
        }
    }
}
