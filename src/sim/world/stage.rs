//! Staged worlds: the rules a world runs by when it is a stage for `hexdeep sim` rather
//! than a game (ARCHITECTURE.md, "Staged worlds"). A game's world has the default stage,
//! the game's own rules; a scenario's world has its own turn length, keeps the initiative
//! it was given, heals nobody between turns, runs its level with no hero on it, has its
//! monsters hunt the first living creature of one faction, gives its scripted creatures
//! their intentions in order, and skips the views and the story nobody reads. Never saved.

use super::change::{Change, Effect};
use super::depths::Depth;
use super::{SEGMENTS, World, regen};
use crate::content::Content;
use crate::map::Level;
use crate::rng::{self, Stream};
use crate::sim::intention::Planned;
use crate::sim::{Creature, CreatureId, Event, Faction, Intention};
use std::sync::Arc;

/// The rules a world is run by: [`Stage::default`] is the game's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stage {
    /// The segments of a turn (the game's [`SEGMENTS`]).
    pub segments: u32,
    /// Whether each creature's initiative is rolled at the start of every turn, or kept
    /// as it was given.
    pub initiative: Initiative,
    /// Whether the heroes heal between turns.
    pub regeneration: bool,
    /// Whether every level runs, whether a hero is on it or not (the game runs only the
    /// levels with a living hero on them).
    pub every_level: bool,
    /// Whom the monsters hunt instead of the heroes: the first living creature of this
    /// faction on their level.
    pub prey: Option<Faction>,
    /// Whether the world keeps the heroes' views and the story of the run.
    pub views_and_story: bool,
    /// Per creature, by id: the intentions it is given in order, one for each segment it
    /// acts in, instead of a hero's action or a monster's choice; `None` for the others.
    scripts: Vec<Option<Script>>,
}

/// Where the creatures' initiative comes from.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Initiative {
    /// A roll of the rules' stream for each creature at the start of every turn: the game's.
    Rolled,
    /// The initiative each creature was given, for ever.
    Given,
}

/// A scripted creature's intentions, each with the tile it was planned from, and how many
/// it has acted on.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Script {
    intentions: Vec<Planned>,
    next: usize,
}

impl Default for Stage {
    fn default() -> Stage {
        Stage {
            segments: SEGMENTS,
            initiative: Initiative::Rolled,
            regeneration: true,
            every_level: false,
            prey: None,
            views_and_story: true,
            scripts: Vec::new(),
        }
    }
}

impl Stage {
    /// The stage of a scenario: `segments` a turn, the initiative given, no healing, every
    /// level running, the monsters hunting the first living creature of faction `prey`, no
    /// views or story, and no scripts yet ([`Stage::script`]).
    pub fn scenario(segments: u32, prey: Faction) -> Stage {
        Stage {
            segments,
            initiative: Initiative::Given,
            regeneration: false,
            every_level: true,
            prey: Some(prey),
            views_and_story: false,
            scripts: Vec::new(),
        }
    }

    /// Gives creature `who` its `intentions`, each with the tile it was planned from, to
    /// act on in order, one in each segment it acts in; after the last it stays.
    pub fn script(&mut self, who: CreatureId, intentions: Vec<(Intention, crate::geom::Cell)>) {
        if self.scripts.len() <= who {
            self.scripts.resize(who + 1, None);
        }
        let intentions = intentions
            .into_iter()
            .map(|(intention, from)| Planned { from, intention })
            .collect();
        self.scripts[who] = Some(Script {
            intentions,
            next: 0,
        });
    }

    /// Whether creature `who` acts by a script.
    pub fn is_scripted(&self, who: CreatureId) -> bool {
        matches!(self.scripts.get(who), Some(Some(_)))
    }

    /// A scripted creature's plan: its next intention, or staying where it stands
    /// (`here`) once they are all used; `None` for a creature without a script.
    pub(super) fn plan(&self, who: CreatureId, here: crate::geom::Cell) -> Option<Planned> {
        let script = self.scripts.get(who)?.as_ref()?;
        Some(
            script
                .intentions
                .get(script.next)
                .copied()
                .unwrap_or(Planned {
                    from: here,
                    intention: Intention::Stay,
                }),
        )
    }

    /// Whom the monsters of level `depth` hunt on a stage with prey: the first living
    /// creature of the prey's faction there among `creatures`. `None` when the heroes are
    /// hunted.
    pub(super) fn prey<'a>(
        &self,
        creatures: &'a [Creature],
        depth: u32,
    ) -> Option<Vec<&'a Creature>> {
        let faction = self.prey?;
        Some(
            creatures
                .iter()
                .find(|c| c.alive && c.depth == depth && c.faction == faction)
                .into_iter()
                .collect(),
        )
    }

    /// Creature `who` acted on its script's next intention.
    fn acted(&mut self, who: CreatureId) {
        if let Some(Some(script)) = self.scripts.get_mut(who) {
            script.next += 1;
        }
    }
}

impl World {
    /// A world staged on one `level` with `creatures` (their ids their places in the list,
    /// none of them a hero) run by `stage`: what `hexdeep sim` resolves a scenario in. The
    /// monsters' choices draw from the stream of seed 0. `None` without creatures.
    pub fn staged(
        content: Arc<Content>,
        mut level: Level,
        creatures: Vec<Creature>,
        stage: Stage,
    ) -> Option<World> {
        if creatures.is_empty() {
            return None;
        }
        level.depth = 1;
        let mut world = World {
            content,
            levels: None,
            seed: 0,
            depths: vec![Depth::new(level, 0)],
            depth_count: 1,
            pending_maps: Vec::new(),
            creatures,
            heroes: Vec::new(),
            allies: Vec::new(),
            turn: 0,
            segment: 1,
            rng: rng::stream(0, Stream::Rules, 0),
            ai_rng: rng::stream(0, Stream::Ai, 0),
            plans: Vec::new(),
            story: super::Story::default(),
            terrain_digest: 0,
            caches: super::Caches::default(),
            viewer: World::PLAYER,
            focus: None,
            running: Vec::new(),
            regen: regen::Regen::default(),
            stage,
        };
        world.replan();
        Some(world)
    }

    /// Runs the coming segment with no hero's action (a staged world has no heroes) and
    /// returns its events.
    pub fn run_staged_segment(&mut self) -> Vec<Event> {
        let mut events = Vec::new();
        self.run_segment(&[], &mut events);
        events
    }

    /// The rules this world runs by.
    pub fn stage(&self) -> &Stage {
        &self.stage
    }

    /// The segments of a turn by the world's stage.
    pub(super) fn segments(&self) -> u32 {
        self.stage.segments
    }

    /// The levels the coming segment runs, shallowest first: those with a living hero on
    /// them, or on a stage that runs every level, every level made.
    pub(super) fn levels_to_run(&self) -> Vec<u32> {
        if self.stage.every_level {
            (1..=self.depths.len() as u32).collect()
        } else {
            self.occupied_depths()
        }
    }

    /// The change that spends a scripted creature's next intention, when `who` acts by a
    /// script and acts this segment.
    pub(super) fn script_spent(&self, who: CreatureId, acting: bool) -> Option<Change> {
        (acting && self.stage.is_scripted(who)).then_some(Change::Quiet(Effect::Scripted { who }))
    }

    /// Makes [`Effect::Scripted`]: the script of `who` moves on to its next intention.
    pub(super) fn spend_script(&mut self, who: CreatureId) {
        self.stage.acted(who);
    }
}

#[cfg(test)]
mod tests;
