//! A game's record: the world before the first command, every accepted command with the
//! world's hash after it, and where the game came from. From it any game can be replayed from
//! its first turn, checked turn by turn, and taken over at any moment. Pure data: the
//! `persist` module writes it to files.

use super::{Command, World};
use serde::{Deserialize, Serialize};

/// Where a game came from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Origin {
    /// A new game.
    Fresh,
    /// Taken over from a replay at the moment after `after` commands of the game with
    /// `seed`: not a fresh run.
    TakenOver {
        /// The replayed game's seed.
        seed: u64,
        /// How many of its commands had been played.
        after: usize,
    },
}

/// One step of a record: a command and the world's hash once it was carried out.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Step {
    /// The accepted command.
    pub command: Command,
    /// [`World::turn_hash`] after it.
    pub hash: u64,
    /// The turn the world was in after it.
    pub turn: u64,
    /// The depth the player was on after it.
    pub depth: u32,
}

/// Everything needed to replay and verify a game.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct GameRecord {
    /// The world before the first command: the seed and every starting level.
    pub start: World,
    /// Every accepted command, in order, with the hash after it.
    pub steps: Vec<Step>,
    /// Where the game came from.
    pub origin: Origin,
}

/// Where a replay first differs from its record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Divergence {
    /// The step (from 1) whose hash differs, or that the rules refused.
    pub step: usize,
    /// The game turn of that step in the record.
    pub turn: u64,
    /// What differs, as far as can be told.
    pub what: String,
}

impl GameRecord {
    /// A record starting from `start`.
    pub fn new(start: World, origin: Origin) -> GameRecord {
        GameRecord {
            start,
            steps: Vec::new(),
            origin,
        }
    }

    /// Appends a command accepted by `world` (which has already carried it out).
    pub fn push(&mut self, command: Command, world: &World) {
        self.steps.push(Step {
            command,
            hash: world.turn_hash(),
            turn: world.turn(),
            depth: world.depth(),
        });
    }

    /// The commands, in order.
    pub fn commands(&self) -> impl Iterator<Item = Command> + '_ {
        self.steps.iter().map(|s| s.command)
    }

    /// The world after the first `n` commands, replayed from the start.
    pub fn world_after(&self, n: usize) -> World {
        let mut world = self.start.clone();
        for step in self.steps.iter().take(n) {
            let _ = world.apply(step.command);
        }
        world
    }

    /// Replays every command and compares the world's hash after each with the record's:
    /// the world at the end, or the first step that differs with what differs (told by
    /// comparing the replay's final world with `recorded_end`, the state the save kept).
    pub fn verify(&self, recorded_end: Option<&World>) -> Result<World, Divergence> {
        let mut world = self.start.clone();
        let mut first: Option<(usize, u64, String)> = None;
        let mut refused = false;
        for (i, step) in self.steps.iter().enumerate() {
            if let Err(why) = world.apply(step.command) {
                let what = format!("the rules refused {:?}: {why}", step.command);
                refused = first.is_none();
                first.get_or_insert((i + 1, step.turn, what));
                break;
            }
            if first.is_none() {
                let hash = world.turn_hash();
                if hash != step.hash {
                    let what = format!(
                        "after {:?} the world's hash is {hash:016x}, the record says {:016x}",
                        step.command, step.hash
                    );
                    first = Some((i + 1, step.turn, what));
                }
            }
        }
        let end_differs = recorded_end.map(|end| end.differences(&world));
        match (first, end_differs) {
            (None, Some(d)) if !d.is_empty() => Err(Divergence {
                step: self.steps.len(),
                turn: world.turn(),
                what: format!(
                    "the final state differs (saved against replayed): {}",
                    few(&d)
                ),
            }),
            (None, _) => Ok(world),
            (Some((step, turn, what)), end) => {
                let told = match end {
                    _ if refused => what,
                    Some(d) if !d.is_empty() => {
                        format!("{what}; by the end (saved against replayed): {}", few(&d))
                    }
                    Some(_) => format!("{what}; the final states agree, so the record was altered"),
                    None => what,
                };
                Err(Divergence {
                    step,
                    turn,
                    what: told,
                })
            }
        }
    }
}

/// The first few differences, and how many more there are.
fn few(differences: &[String]) -> String {
    const SHOWN: usize = 3;
    let text = differences[..differences.len().min(SHOWN)].join("; ");
    match differences.len().checked_sub(SHOWN) {
        Some(more) if more > 0 => format!("{text}; and {more} more"),
        _ => text,
    }
}
