//! Format 6, written by hexdeep 0.6.0: a game of several heroes and their allies (issue 31).
//! The world holds how many of its first creatures are heroes and which creatures are
//! allies (each with its hero and task), and each step of the record holds the directives
//! that counted in one segment, each with the creature it directed and the player who gave
//! it: a hero's command (format 2's) or what an ally was told. Levels, creatures and the
//! hall of fame are format 5's, unchanged; nothing here changes once released.

use serde::{Deserialize, Serialize};

pub use super::v5::{Command, HallOfFame, Tile};

/// The whole state of a game: format 5's world and its party.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct World {
    /// Format 5's world.
    pub base: super::v5::World,
    /// How many heroes the game has: creatures `0..heroes`.
    pub heroes: u32,
    /// The allies, by id.
    pub allies: Vec<Ally>,
}

/// A tamed creature: its id, the hero it follows, its task.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ally {
    pub id: u32,
    pub leader: u32,
    pub task: Task,
}

/// What an ally is doing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Task {
    Follow,
    Stay(Tile),
    Guard(Tile),
    /// The creature it fights, by id.
    Attack(u32),
}

/// What an ally is told.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Tell {
    Follow,
    Stay,
    Guard,
    /// The tile of the foe to fight.
    Attack(Tile),
}

/// A directive: a hero's command or what an ally is told.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Directive {
    Act(Command),
    Lead(Tell),
}

/// One directive that counted in a segment.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Given {
    /// The creature directed: a hero or an ally.
    pub hero: u32,
    /// The player's number (0 the AI, 1 on the people).
    pub player: u16,
    pub directive: Directive,
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
