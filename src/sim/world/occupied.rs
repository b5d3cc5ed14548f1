//! Where the heroes are: the lead hero, the levels with heroes on them (the ones a segment
//! runs) and the level of any creature (ARCHITECTURE.md, "Heroes on different depths").

use super::World;
use crate::geom::Cell;
use crate::map::Level;
use crate::sim::{Creature, CreatureId};

impl World {
    /// The depth of the lead hero, the first living one (the player's hero while they live,
    /// the player's when none lives): what the record notes with each step and the hash
    /// starts from, whoever is viewed.
    pub fn lead_depth(&self) -> u32 {
        self.creatures[self.lead()].depth
    }

    /// The first living hero (the player's hero while they live), or the player's when none
    /// lives.
    pub(super) fn lead(&self) -> CreatureId {
        self.heroes
            .iter()
            .copied()
            .find(|&h| self.creatures[h].alive)
            .unwrap_or(World::PLAYER)
    }

    /// The depths with a living hero on them, shallowest first: the levels a segment runs
    /// (ARCHITECTURE.md, "Heroes on different depths").
    pub fn occupied_depths(&self) -> Vec<u32> {
        let mut depths: Vec<u32> = self
            .heroes
            .iter()
            .map(|&h| &self.creatures[h])
            .filter(|c| c.alive)
            .map(|c| c.depth)
            .collect();
        depths.sort_unstable();
        depths.dedup();
        depths
    }

    /// The level hero (or any creature) `who` is on.
    pub fn level_of(&self, who: CreatureId) -> &Level {
        let d = self.creatures.get(who).map_or(1, |c| c.depth) as usize;
        &self.depths[d.saturating_sub(1).min(self.depths.len() - 1)].level
    }

    /// The living creature standing on `cell` of depth `depth`, if any.
    pub fn creature_on(&self, depth: u32, cell: Cell) -> Option<&Creature> {
        self.creatures
            .iter()
            .find(|c| c.alive && c.depth == depth && c.pos == cell)
    }
}
