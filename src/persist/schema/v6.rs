//! Format 6, written by hexdeep 0.6.0: a game of several heroes (issue 31). The world holds
//! how many of its first creatures are heroes, and each step of the record holds the
//! directives that counted in one segment, each with the hero it directed and the player who
//! gave it. Levels, creatures and the hall of fame are format 5's, unchanged; nothing here
//! changes once released.

use serde::{Deserialize, Serialize};

pub use super::v5::{Command, HallOfFame};

/// The whole state of a game: format 5's world and its party.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct World {
    pub world: super::v5::World,
    /// How many heroes the game has: creatures `0..heroes`.
    pub heroes: u32,
}

/// One directive that counted in a segment.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Given {
    /// The hero's creature id.
    pub hero: u32,
    /// The player's number (0 the AI, 1 on the people).
    pub player: u16,
    pub command: Command,
}

/// One resolved segment of the record: its directives and the world's hash, turn and lead
/// hero's depth after them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Step {
    pub given: Vec<Given>,
    pub hash: u64,
    pub turn: u64,
    pub depth: u32,
}

/// A save or a finished game: the envelope around this format's world and steps.
pub type SavedGame = super::envelope::SavedGame<World, Step>;
