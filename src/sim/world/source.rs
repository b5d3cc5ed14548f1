//! Where a game's deeper levels come from: the world is given a [`LevelSource`] and asks it
//! for each generated level when the player first goes down to it. The rules never know how
//! levels are made (`mapgen` implements the source); a test can hand in any other.

use crate::content::Content;
use crate::map::Level;

/// Makes the generated level of a depth: the same level for the same content, seed and
/// depth, whenever it is asked.
pub trait LevelSource: Send + Sync + std::fmt::Debug {
    /// The level at `depth` (from 1) of the game with `seed`.
    fn level(&self, content: &Content, seed: u64, depth: u32) -> Level;
}

impl super::World {
    /// The same world generating no levels: a network view's, whose seed is not the game's
    /// and whose deeper levels only the server makes.
    pub fn without_levels(mut self) -> super::World {
        self.levels = None;
        self
    }
}
