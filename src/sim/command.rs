//! What the player can ask of the world, and why it may refuse.

use crate::geom::Direction;
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
    /// Throw at a tile.
    Throw(crate::geom::Hex),
}

/// Why a command was refused; a refused command takes no time and is not recorded.
#[derive(Copy, Clone, Eq, PartialEq, Debug, Error)]
pub enum Rejection {
    /// The tile in that direction cannot be entered.
    #[error("{} is in the way", .0.describe())]
    Blocked(Terrain),
    /// There is no tile in that direction.
    #[error("there is nothing there")]
    OffMap,
    /// The game is over.
    #[error("you are dead")]
    Dead,
}
