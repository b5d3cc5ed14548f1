//! The world as format 4 and every later one write it (ARCHITECTURE.md "Files"), generic over
//! the format's level and creature types: a format that changes only what a level or a
//! creature holds names its world as this one with its own types, and its migration is
//! [`World::map`] with a function on levels or creatures. Frozen with format 4: a format
//! that changes the world's own fields writes a world of its own.

use super::v4::{FloorItem, Plan, Story, TilingCode};
use serde::{Deserialize, Serialize};

/// One level as it is now.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Depth<L> {
    pub level: L,
    /// One bit a tile, in the order of the level's runs (least significant bit first): seen
    /// by the player.
    pub seen: Vec<u8>,
    pub floor: Vec<FloorItem>,
    pub visited: bool,
}

/// The whole state of a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct World<L, C> {
    pub seed: u64,
    /// The tiling the game is played on: every level's, and the one its deeper levels are
    /// generated on.
    pub tiling: TilingCode,
    /// The levels made so far, depth 1 first, as they are now (format 5 on: with their sides,
    /// a door opened in play staying open): a level is made when first reached, so the deeper
    /// ones are a pure function of the seed and the tiling and not stored.
    pub depths: Vec<Depth<L>>,
    /// How many depths the game has.
    pub depth_count: u32,
    /// Map files given for depths not made yet.
    pub pending_maps: Vec<L>,
    pub creatures: Vec<C>,
    pub turn: u64,
    pub segment: u32,
    /// The rules' generator (PCG-64 MCG state).
    pub rng: u128,
    /// The monsters' generator (PCG-64 MCG state).
    pub ai_rng: u128,
    /// Per creature id: its plan and the tile it planned it from.
    pub plans: Vec<Option<Plan>>,
    pub story: Story,
    pub terrain_digest: u64,
    pub regen_progress: u64,
    pub regen_busy: bool,
}

impl<L, C> World<L, C> {
    /// The same world with every level (made or still to come) turned by `level` and every
    /// creature by `creature`.
    pub fn map<M, D>(
        self,
        mut level: impl FnMut(L) -> M,
        creature: impl FnMut(C) -> D,
    ) -> World<M, D> {
        World {
            seed: self.seed,
            tiling: self.tiling,
            depths: self
                .depths
                .into_iter()
                .map(|d| Depth {
                    level: level(d.level),
                    seen: d.seen,
                    floor: d.floor,
                    visited: d.visited,
                })
                .collect(),
            depth_count: self.depth_count,
            pending_maps: self.pending_maps.into_iter().map(level).collect(),
            creatures: self.creatures.into_iter().map(creature).collect(),
            turn: self.turn,
            segment: self.segment,
            rng: self.rng,
            ai_rng: self.ai_rng,
            plans: self.plans,
            story: self.story,
            terrain_digest: self.terrain_digest,
            regen_progress: self.regen_progress,
            regen_busy: self.regen_busy,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn world() -> World<u8, char> {
        World {
            seed: 7,
            tiling: 1,
            depths: vec![Depth {
                level: 1,
                seen: vec![0b101],
                floor: Vec::new(),
                visited: true,
            }],
            depth_count: 3,
            pending_maps: vec![2],
            creatures: vec!['a', 'b'],
            turn: 9,
            segment: 2,
            rng: 11,
            ai_rng: 12,
            plans: vec![None, None],
            story: Story {
                ending: None,
                deepest: 1,
                kills: vec![("rat".into(), 2)],
                items_used: Vec::new(),
            },
            terrain_digest: 13,
            regen_progress: 14,
            regen_busy: true,
        }
    }

    #[test]
    fn mapping_turns_every_level_and_creature_and_keeps_the_rest() {
        let old = world();
        let new = old
            .clone()
            .map(|l| u32::from(l) * 10, |c| c.to_ascii_uppercase());
        assert_eq!(
            (new.depths[0].level, &new.pending_maps, &new.creatures),
            (10, &vec![20], &vec!['A', 'B'])
        );
        let back = new.map(|l| (l / 10) as u8, |c| c.to_ascii_lowercase());
        assert_eq!(back, old);
    }
}
