//! The world: a level, its creatures and the clock.

use super::{Command, Creature, CreatureId, Event, Rejection};
use crate::geom::Hex;
use crate::map::{Level, Terrain};
use crate::rng::{self, GameRng, Stream};

/// Everything the rules know about one game in progress.
#[derive(Clone, Debug)]
pub struct World {
    seed: u64,
    level: Level,
    creatures: Vec<Creature>,
    turn: u64,
    rng: GameRng,
}

impl World {
    /// A world on `level` with the player at its start; `None` if the level has no passable
    /// tile to start on.
    pub fn new(level: Level, seed: u64) -> Option<World> {
        let start = level.start_or_default()?;
        Some(World {
            seed,
            creatures: vec![Creature::player(start)],
            level,
            turn: 0,
            rng: rng::stream(seed, Stream::Rules, 0),
        })
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

    /// The rules' random stream.
    pub fn rng(&mut self) -> &mut GameRng {
        &mut self.rng
    }

    /// Whether the player sees the hex now.
    pub fn is_visible(&self, hex: Hex) -> bool {
        self.player().pos.distance(hex) <= 8 && self.level.terrain.contains(hex)
    }

    /// Whether the player has ever seen the hex.
    pub fn is_seen(&self, hex: Hex) -> bool {
        self.is_visible(hex)
    }

    /// Temp.
    pub fn player_sight(&self) -> u32 {
        8
    }

    /// Whether the game has ended.
    pub fn is_over(&self) -> bool {
        !self.player().alive
    }

    /// What every monster will do next.
    pub fn planned(&self) -> Vec<Plan> {
        Vec::new()
    }

    /// Carries out one player command; a refused command changes nothing.
    pub fn apply(&mut self, command: Command) -> Result<Vec<Event>, Rejection> {
        if !self.player().alive {
            return Err(Rejection::Dead);
        }
        let mut events = Vec::new();
        match command {
            Command::Move(dir) => {
                let from = self.player().pos;
                let to = from.neighbor(dir);
                let terrain = self.level.terrain_at(to).ok_or(Rejection::OffMap)?;
                if terrain.blocks_movement() {
                    return Err(Rejection::Blocked(terrain));
                }
                if terrain == Terrain::DoorClosed {
                    self.level.terrain.set(to, Terrain::DoorOpen);
                    events.push(Event::DoorOpened { who: 0, at: to });
                }
                self.creatures[0].pos = to;
                events.push(Event::Moved { who: 0, from, to });
            }
            Command::Attack(_) | Command::Throw(_) | Command::Wait => {
                events.push(Event::Waited { who: 0 })
            }
        }
        self.turn += 1;
        Ok(events)
    }
}

/// A telegraphed intention.
#[derive(Clone, Copy, Debug)]
pub struct Plan {
    /// Who.
    pub who: CreatureId,
    /// What.
    pub kind: PlanKind,
    /// Where.
    pub target: Hex,
}

/// The kind of a plan.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlanKind {
    /// Step.
    Move,
    /// Strike.
    Attack,
    /// Nothing.
    Stay,
}

/// Messages for events.
pub fn describe_events(_world: &World, events: &[Event]) -> Vec<String> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::DoorOpened { .. } => Some("You open the door.".to_string()),
            _ => None,
        })
        .collect()
}
