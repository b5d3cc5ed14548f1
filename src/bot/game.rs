//! One whole game played by the bot, headless, from a seed to its end: death, victory, or the
//! turn limit.

use super::Bot;
use crate::content::Content;
use crate::geom::Tiling;
use crate::sim::{Command, Ending, GameRecord, Origin, World};
use std::sync::Arc;

/// A game the bot has played.
#[derive(Clone, Debug)]
pub struct Played {
    /// The game's seed.
    pub seed: u64,
    /// The world at the end (its story tells how it ended).
    pub world: World,
    /// The record of every command, when asked for.
    pub record: Option<GameRecord>,
}

impl Played {
    /// How the game ended.
    pub fn ending(&self) -> Ending {
        self.world.ending().cloned().unwrap_or(Ending::OutOfTime)
    }

    /// What the summary needs of it.
    pub fn outcome(&self) -> Outcome {
        Outcome {
            seed: self.seed,
            ending: self.ending(),
            deepest: self.world.story().deepest,
            turns: self.world.turn(),
        }
    }
}

/// The result of one game, for summaries.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The game's seed.
    pub seed: u64,
    /// How it ended.
    pub ending: Ending,
    /// The deepest depth reached.
    pub deepest: u32,
    /// Turns played.
    pub turns: u64,
}

/// Plays a fresh game of `seed` until it ends or `turns` turns have passed (then it ends as
/// out of time); keeps the record of every command when `keep_record`. `None` when the seed's
/// first level has no tile to start on.
pub fn play(content: &Arc<Content>, seed: u64, turns: u64, keep_record: bool) -> Option<Played> {
    play_on(content, Tiling::Hex, seed, turns, keep_record)
}

/// [`play`] on a dungeon of `tiling`.
pub fn play_on(
    content: &Arc<Content>,
    tiling: Tiling,
    seed: u64,
    turns: u64,
    keep_record: bool,
) -> Option<Played> {
    let world = World::new_game(
        Arc::clone(content),
        crate::mapgen::dungeon_on(tiling),
        seed,
        Vec::new(),
    )?;
    Some(play_world(world, turns, keep_record))
}

/// Plays `world` on, as [`play`] does.
pub fn play_world(mut world: World, turns: u64, keep_record: bool) -> Played {
    let mut record = keep_record.then(|| GameRecord::new(world.clone(), Origin::Fresh));
    let mut bot = Bot::new();
    while !world.is_over() {
        if world.turn() >= turns {
            world.abandon(Ending::OutOfTime);
            break;
        }
        let mut command = bot.choose(&world);
        let events = if let Ok(events) = world.apply(command) {
            events
        } else {
            // The bot asked for something the rules refuse: a bug in the bot, never a stall.
            command = Command::Wait;
            let Ok(events) = world.apply(command) else {
                break;
            };
            events
        };
        bot.observe(&world, &events);
        if let Some(record) = &mut record {
            record.push(command, &world);
        }
    }
    Played {
        seed: world.seed(),
        world,
        record,
    }
}
