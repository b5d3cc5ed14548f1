//! The world: a level, its creatures, the clock, the player's view and the monsters' plans.

mod floor;
mod query;
mod regen;
mod segment;
mod view;

pub use floor::FloorItem;

use super::intention::{Intention, acts_in};
use super::items::{ItemUse, item_kind};
use super::monsters::monster_kind;
use super::{Command, Creature, CreatureId, Event, ItemName, Rejection};
use crate::geom::Hex;
use crate::map::{Level, PlacementKind};
use crate::rng::{self, GameRng, Stream};
use serde::{Deserialize, Serialize};

/// Segments in a turn: a creature of speed `s` acts `s` times per turn.
pub const SEGMENTS: u32 = 4;

/// A monster's intention for the next segment in which it acts: the intent telegraph.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Plan {
    /// Which monster.
    pub who: CreatureId,
    /// Where it stands (and planned from).
    pub from: Hex,
    /// What it will do: [`Intention::target`] is the tile to mark.
    pub intention: Intention,
    /// Whether it acts in the coming segment (the player's); otherwise the plan is what it
    /// would do now, and it will choose again from the state when its segment comes.
    pub acts_next: bool,
}

/// Everything the rules know about one game in progress.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct World {
    seed: u64,
    #[serde(with = "super::level_serde")]
    level: Level,
    creatures: Vec<Creature>,
    turn: u64,
    /// The segment about to run, `1..=SEGMENTS`.
    segment: u32,
    rng: GameRng,
    /// Per creature: its planned intention for its next action.
    plans: Vec<Option<Intention>>,
    /// Per storage index: in the player's view now.
    visible: Vec<bool>,
    /// Per storage index: ever seen by the player.
    seen: Vec<bool>,
    /// Items lying on the floor.
    #[serde(default)]
    floor: Vec<FloorItem>,
    /// The player's natural healing under way.
    #[serde(default)]
    regen: regen::Regen,
}

impl World {
    /// A world on `level` with the player at its start and a monster on every monster
    /// placement of a known kind; `None` if the level has no passable tile to start on.
    /// Segments before the player's first action run at once.
    pub fn new(level: Level, seed: u64) -> Option<World> {
        let start = level.start_or_default()?;
        let mut creatures = vec![Creature::player(start)];
        for p in &level.placements {
            let PlacementKind::Monster(name) = &p.kind else {
                continue;
            };
            let Some(kind) = monster_kind(name) else {
                continue;
            };
            let taken = creatures.iter().any(|c| c.pos == p.at);
            if level.passable(p.at) && !taken {
                creatures.push(Creature::monster(creatures.len(), kind, p.at));
            }
        }
        let storage = level.terrain.storage_len();
        let mut world = World {
            seed,
            creatures,
            level,
            turn: 0,
            segment: 1,
            rng: rng::stream(seed, Stream::Rules, 0),
            plans: Vec::new(),
            visible: vec![false; storage],
            seen: vec![false; storage],
            floor: Vec::new(),
            regen: regen::Regen::default(),
        };
        for p in &world.level.placements.clone() {
            if let PlacementKind::Item(name) = &p.kind {
                world.drop_item(p.at, name);
            }
        }
        world.update_view();
        world.replan();
        let mut prelude = Vec::new();
        world.run_until_player_acts(&mut prelude);
        Some(world)
    }

    /// The seed this game was started with.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The current level.
    pub fn level(&self) -> &Level {
        &self.level
    }

    /// Every creature, the dead included, by id.
    pub fn creatures(&self) -> &[Creature] {
        &self.creatures
    }

    /// The player's creature.
    pub fn player(&self) -> &Creature {
        &self.creatures[0]
    }

    /// The player's id.
    pub const PLAYER: CreatureId = 0;

    /// Whole turns completed.
    pub fn turn(&self) -> u64 {
        self.turn
    }

    /// The segment of the current turn about to run (`1..=SEGMENTS`): the player's next.
    pub fn segment(&self) -> u32 {
        self.segment
    }

    /// Whether the game has ended (the player is dead).
    pub fn is_over(&self) -> bool {
        !self.player().alive
    }

    /// The living creature standing on `hex`, if any.
    pub fn creature_at(&self, hex: Hex) -> Option<&Creature> {
        self.creatures.iter().find(|c| c.alive && c.pos == hex)
    }

    /// Every living monster's plan for its next action, in id order: the telegraph data. The
    /// shell should draw only those on tiles the player can see.
    pub fn planned(&self) -> Vec<Plan> {
        self.creatures
            .iter()
            .skip(1)
            .filter(|c| c.alive)
            .filter_map(|c| {
                let intention = (*self.plans.get(c.id)?)?;
                Some(Plan {
                    who: c.id,
                    from: c.pos,
                    intention,
                    acts_next: acts_in(c.speed, self.segment, SEGMENTS),
                })
            })
            .collect()
    }

    /// Carries out one player command, then runs segments until the player acts again and
    /// returns every event in order. A refused command changes nothing and takes no time.
    pub fn apply(&mut self, command: Command) -> Result<Vec<Event>, Rejection> {
        if self.is_over() {
            return Err(Rejection::Dead);
        }
        let intention = self.player_intention(command)?;
        let mut events = Vec::new();
        self.note_for_regen(command);
        self.use_item(command, &mut events);
        self.run_segment(Some(intention), &mut events);
        self.run_until_player_acts(&mut events);
        Ok(events)
    }

    /// The player's intention for a command, or why it is refused.
    fn player_intention(&self, command: Command) -> Result<Intention, Rejection> {
        let dir = match command {
            Command::Wait | Command::Rest => return Ok(Intention::Stay),
            Command::Drink => {
                return match (self.player().count_of("potion"), item_kind("potion")) {
                    (1.., Some(_)) => Ok(Intention::Stay),
                    _ => Err(Rejection::NoItem(ItemName::Potion)),
                };
            }
            Command::Throw(target) => return self.throw_intention(target),
            Command::Move(dir) | Command::Attack(dir) => dir,
        };
        let to = self.player().pos.neighbor(dir);
        let terrain = self.level.terrain_at(to).ok_or(Rejection::OffMap)?;
        if terrain.blocks_movement() {
            return Err(Rejection::Blocked(terrain));
        }
        let me = self.player();
        let bump = self
            .creature_at(to)
            .is_some_and(|c| c.faction.hostile_to(me.faction) && self.is_visible(to));
        Ok(match command {
            Command::Move(_) if !bump => Intention::Move(to),
            _ => Intention::Attack(to),
        })
    }

    /// The player's throw at `target`, or why it is refused.
    fn throw_intention(&self, target: Hex) -> Result<Intention, Rejection> {
        let range = match item_kind("dart").map(|k| k.use_) {
            Some(ItemUse::Thrown { range, .. }) if self.player().count_of("dart") > 0 => range,
            _ => return Err(Rejection::NoItem(ItemName::Dart)),
        };
        self.level.terrain_at(target).ok_or(Rejection::OffMap)?;
        let d = self.player().pos.distance(target);
        if d == 0 || d > range as i32 {
            return Err(Rejection::OutOfRange);
        }
        Ok(Intention::Throw(target))
    }

    /// Uses up what an accepted command consumes: a dart thrown, a potion drunk (which heals
    /// at once, before the segment's blows land).
    fn use_item(&mut self, command: Command, events: &mut Vec<Event>) {
        let player = &mut self.creatures[World::PLAYER];
        match command {
            Command::Throw(_) => {
                player.take_one("dart");
            }
            Command::Drink => {
                if let Some(ItemUse::Heal { heal }) = item_kind("potion").map(|k| k.use_) {
                    if player.take_one("potion") {
                        let before = player.hp;
                        player.hp = (player.hp.saturating_add(heal)).min(player.max_hp.max(before));
                        events.push(Event::Drank {
                            who: World::PLAYER,
                            healed: player.hp - before,
                        });
                    }
                }
            }
            Command::Move(_) | Command::Attack(_) | Command::Wait | Command::Rest => {}
        }
    }

    /// Runs monster-only segments until the coming segment is one where the player acts.
    fn run_until_player_acts(&mut self, events: &mut Vec<Event>) {
        for _ in 0..=SEGMENTS {
            if self.is_over() || acts_in(self.player().speed, self.segment, SEGMENTS) {
                return;
            }
            self.run_segment(None, events);
        }
    }
}
