//! What the player can ask of the world, and why it may refuse.

use crate::geom::{Direction, Hex};
use crate::map::Terrain;
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// One player decision, as recorded in a game's record. Keys never appear here, so a changed
/// keymap never breaks an old replay.
#[derive(Copy, Clone, Eq, PartialEq, Debug, Serialize, Deserialize)]
pub enum Command {
    /// Step to the neighbouring tile (an attack if a visible hostile stands there).
    Move(Direction),
    /// Strike the neighbouring tile, whoever is there after this segment's movement.
    Attack(Direction),
    /// Let one action pass.
    Wait,
    /// Let one action pass resting: the same as [`Command::Wait`] for the rules, and a turn
    /// spent resting heals faster (`rest_regen_every` in `data/player.toml`).
    Rest,
    /// Throw a dart toward a tile in range; it stops at the first creature or sight-blocking
    /// tile on the line.
    Throw(Hex),
    /// Drink a potion.
    Drink,
}

/// Why a command was refused; a refused command takes no time and is not recorded.
#[derive(Copy, Clone, Eq, PartialEq, Debug, Error, Serialize, Deserialize)]
pub enum Rejection {
    /// The tile in that direction cannot be entered.
    #[error("{} is in the way", .0.describe())]
    Blocked(Terrain),
    /// There is no tile in that direction.
    #[error("there is nothing there")]
    OffMap,
    /// Nothing of that kind is carried.
    #[error("you have no {0}")]
    NoItem(ItemName),
    /// The target is too far to throw to (or is your own tile).
    #[error("that is out of range")]
    OutOfRange,
    /// The game is over.
    #[error("you are dead")]
    Dead,
}

/// The items a command can need, for [`Rejection::NoItem`].
#[derive(Copy, Clone, Eq, PartialEq, Debug, Serialize, Deserialize)]
pub enum ItemName {
    /// Thrown by [`Command::Throw`].
    Dart,
    /// Drunk by [`Command::Drink`].
    Potion,
}

impl ItemName {
    /// The name in `data/items.toml`.
    pub const fn as_str(self) -> &'static str {
        match self {
            ItemName::Dart => "dart",
            ItemName::Potion => "potion",
        }
    }
}

impl std::fmt::Display for ItemName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}s", self.as_str())
    }
}
