//! Allies (ARCHITECTURE.md, "Allies"): a monster a hero tamed follows that hero, fights the
//! hero's foes, and carries out what the hero's player tells it; untold, its own mind goes
//! on with the last thing it was told (following, at first).

use super::CreatureId;
use crate::geom::Cell;
use serde::{Deserialize, Serialize};

/// What a hero's player may tell an ally: its directive, carried in
/// [`Command::Lead`](super::Command::Lead) for the ally in the segment it is given.
#[derive(Copy, Clone, Eq, PartialEq, Debug, Serialize, Deserialize)]
pub enum Tell {
    /// Keep near the hero and fight what comes near.
    Follow,
    /// Hold this tile; strike only what stands next to it.
    Stay,
    /// Keep this tile as a post: fight what comes within [`GUARD_RADIUS`] of it, then
    /// return.
    Guard,
    /// Fight the creature standing on that tile until it falls.
    Attack(Cell),
}

/// What an ally is doing, as told (or, untold, following).
#[derive(Copy, Clone, Eq, PartialEq, Debug, Serialize, Deserialize)]
pub enum Task {
    /// Keeping near its hero.
    Follow,
    /// Holding a tile.
    Stay(Cell),
    /// Guarding a post.
    Guard(Cell),
    /// Fighting one creature.
    Attack(CreatureId),
}

/// An ally: the creature, the hero it follows, and its task.
#[derive(Copy, Clone, Eq, PartialEq, Debug, Serialize, Deserialize)]
pub struct Ally {
    /// The tamed creature.
    pub id: CreatureId,
    /// The hero it follows.
    pub leader: CreatureId,
    /// What it is doing.
    pub task: Task,
}

/// How far from its hero a following ally goes after a foe.
pub const FOLLOW_RADIUS: u32 = 4;
/// How far from its post a guarding ally goes after a foe.
pub const GUARD_RADIUS: u32 = 3;
/// How close to its hero a following ally keeps when there is nothing to fight.
pub const KEEP_CLOSE: u32 = 2;

impl Task {
    /// The task in words, for the sidebar: "follows", "stays", "guards", "attacks".
    pub fn words(self) -> &'static str {
        match self {
            Task::Follow => "follows",
            Task::Stay(_) => "stays",
            Task::Guard(_) => "guards",
            Task::Attack(_) => "attacks",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_task_has_its_own_words() {
        let all = [
            Task::Follow,
            Task::Stay(Cell::new(0, 0)),
            Task::Guard(Cell::new(0, 0)),
            Task::Attack(3),
        ];
        let mut words: Vec<&str> = all.iter().map(|t| t.words()).collect();
        words.dedup();
        assert_eq!(words.len(), all.len());
    }
}
