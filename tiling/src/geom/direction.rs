//! The six hex directions, named as they look on the terminal.

use super::Hex;
use serde::{Deserialize, Serialize};

/// One of the six directions from a hex to its neighbours, named as seen on screen.
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
    pub const ALL: [Direction; 6] = [
        Direction::E,
        Direction::NE,
        Direction::NW,
        Direction::W,
        Direction::SW,
        Direction::SE,
    ];

    /// The axial offset of a step in this direction.
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
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The direction whose offset is `offset`, if it is a unit step.
    pub fn from_offset(offset: Hex) -> Option<Direction> {
        Direction::ALL.into_iter().find(|d| d.offset() == offset)
    }

    /// The opposite direction.
    pub const fn opposite(self) -> Direction {
        Direction::ALL[(self as usize + 3) % 6]
    }

    /// The next direction clockwise on screen (60 degrees).
    pub const fn clockwise(self) -> Direction {
        Direction::ALL[(self as usize + 5) % 6]
    }

    /// The next direction counter-clockwise on screen (60 degrees).
    pub const fn counter_clockwise(self) -> Direction {
        Direction::ALL[(self as usize + 1) % 6]
    }

    /// A short name for messages, such as `"NE"`.
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
