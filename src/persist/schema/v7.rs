//! Format 7, written by hexdeep 0.7.0: heroes on different depths, each with their own memory
//! of each level (issue 31). The world is format 6's, whose levels hold the first hero's
//! memory (what they have seen, whether they have been there), with the memory of each other
//! hero of each level beside it. Steps, creatures, levels and the hall of fame are format
//! 6's, unchanged; nothing here changes once released.

use serde::{Deserialize, Serialize};

pub use super::v6::{HallOfFame, Step};

/// One hero's memory of one level.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Memory {
    /// One bit a tile, in the order of the level's runs (least significant bit first): seen
    /// by the hero.
    pub seen: Vec<u8>,
    /// Whether the hero has been on the level.
    pub visited: bool,
}

/// The whole state of a game: format 6's world (its levels with the first hero's memory)
/// and the other heroes' memories.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct World {
    /// Format 6's world.
    pub party: super::v6::World,
    /// Per level made, depth 1 first: the memory of each hero but the first, in the heroes'
    /// order.
    pub memories: Vec<Vec<Memory>>,
}

/// A save or a finished game: the envelope around this format's world and format 6's steps.
pub type SavedGame = super::envelope::SavedGame<World, Step>;
