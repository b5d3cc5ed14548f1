//! The world taken apart into plain pieces and put back together: how the save schema
//! (`persist`) reads and builds a world without knowing its private fields. The pieces are
//! the rules' own types; `persist` turns them into its schema's.

use super::depths::Memory;
use super::regen::Regen;
use super::{Depth, FloorItem, MAX_HEROES, Story, World};
use crate::content::Content;
use crate::map::Level;
use crate::rng::GameRng;
use crate::sim::{Creature, InvalidWorld, Planned};
use std::sync::Arc;

/// One level's state.
#[derive(Clone, Debug)]
pub struct DepthParts {
    /// Its map as it is now.
    pub level: Level,
    /// Per hero, by id: what they remember of it (per storage index of `level`'s grid,
    /// seen by them; whether they have been there).
    pub memory: Vec<Memory>,
    /// The items lying on it.
    pub floor: Vec<FloorItem>,
}

/// Every piece of a world's state; its caches are left out.
#[derive(Clone, Debug)]
pub struct WorldParts {
    /// The game's seed.
    pub seed: u64,
    /// The levels made so far.
    pub depths: Vec<DepthParts>,
    /// How many depths the game has.
    pub depth_count: u32,
    /// The map files given for depths not made yet.
    pub pending_maps: Vec<Level>,
    /// Every creature by id, the heroes first.
    pub creatures: Vec<Creature>,
    /// How many heroes the game has (creatures `0..heroes`).
    pub heroes: usize,
    /// The allies, by id ([`World::allies`]).
    pub allies: Vec<crate::sim::ally::Ally>,
    /// Whole turns done.
    pub turn: u64,
    /// The segment about to run.
    pub segment: u32,
    /// The rules' generator.
    pub rng: GameRng,
    /// The monsters' generator.
    pub ai_rng: GameRng,
    /// Per creature id: its plan and where it was made.
    pub plans: Vec<Option<Planned>>,
    /// The run's story.
    pub story: Story,
    /// The digest of terrain changes.
    pub terrain_digest: u64,
    /// The player's healing under way: progress and whether the turn was busy.
    pub regen: (u64, bool),
}

impl World {
    /// The world's state in pieces.
    pub fn to_parts(&self) -> WorldParts {
        WorldParts {
            seed: self.seed,
            depths: self
                .depths
                .iter()
                .map(|d| DepthParts {
                    level: d.level.clone(),
                    memory: d.memory.clone(),
                    floor: d.floor.clone(),
                })
                .collect(),
            depth_count: self.depth_count,
            pending_maps: self.pending_maps.clone(),
            creatures: self.creatures.clone(),
            heroes: self.heroes.len(),
            allies: self.allies.clone(),
            turn: self.turn,
            segment: self.segment,
            rng: self.rng.clone(),
            ai_rng: self.ai_rng.clone(),
            plans: self.plans.clone(),
            story: self.story.clone(),
            terrain_digest: self.terrain_digest,
            regen: self.regen.parts(),
        }
    }

    /// A world from its pieces, played with `content`, checked ([`World::validate`]), with
    /// its view computed.
    pub fn from_parts(parts: WorldParts, content: Arc<Content>) -> Result<World, InvalidWorld> {
        if !(1..=MAX_HEROES.min(parts.creatures.len())).contains(&parts.heroes) {
            return Err(InvalidWorld::Inconsistent(format!(
                "a party of {} heroes among {} creatures; a game has 1 to {MAX_HEROES}",
                parts.heroes,
                parts.creatures.len()
            )));
        }
        let mut world = World {
            content,
            levels: None,
            seed: parts.seed,
            depths: parts
                .depths
                .into_iter()
                .map(|d| Depth {
                    level: d.level,
                    memory: d.memory,
                    floor: d.floor,
                })
                .collect(),
            depth_count: parts.depth_count,
            pending_maps: parts.pending_maps,
            heroes: (0..parts.heroes).collect(),
            allies: parts.allies,
            creatures: parts.creatures,
            turn: parts.turn,
            segment: parts.segment,
            rng: parts.rng,
            ai_rng: parts.ai_rng,
            plans: parts.plans,
            story: parts.story,
            terrain_digest: parts.terrain_digest,
            caches: super::Caches::default(),
            viewer: World::PLAYER,
            focus: None,
            running: Vec::new(),
            regen: Regen::from_parts(parts.regen),
            stage: super::Stage::default(),
        };
        world.validate()?;
        // What the player sees now; the memory stays the file's until the next action.
        world.show_view();
        Ok(world)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::Command;

    #[test]
    fn a_world_taken_apart_and_put_together_is_the_same_and_plays_on_the_same() {
        let mut world = World::new_game(
            Content::bundled().unwrap().into(),
            crate::mapgen::dungeon(),
            4,
            Vec::new(),
        )
        .unwrap();
        for _ in 0..6 {
            let _ = world.apply(Command::Rest);
        }
        let mut back = World::from_parts(world.to_parts(), world.content_handle()).unwrap();
        assert!(back.differences(&world).is_empty());
        assert_eq!(back.turn_hash(), world.turn_hash());
        for _ in 0..6 {
            assert_eq!(
                back.apply(Command::Wait).is_ok(),
                world.apply(Command::Wait).is_ok()
            );
        }
        assert_eq!(back.turn_hash(), world.turn_hash());
    }

    #[test]
    fn broken_pieces_are_refused() {
        let world = World::new_game(
            Content::bundled().unwrap().into(),
            crate::mapgen::dungeon(),
            4,
            Vec::new(),
        )
        .unwrap();
        let mut parts = world.to_parts();
        parts.segment = 9;
        assert!(World::from_parts(parts, world.content_handle()).is_err());
        let mut parts = world.to_parts();
        parts.depths[0].memory[0].seen.pop();
        assert!(World::from_parts(parts, world.content_handle()).is_err());
    }
}
