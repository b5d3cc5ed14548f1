//! A party's game played by the bot: one [`Bot`] for each hero, each a player of kind
//! [`PlayerKind::Script`] through the players' control ([`Control`]). Each segment every
//! acting hero's bot in turn gives its directive from what its hero knows and what the bots
//! before it chose, then the segment resolves; the game ends when the party wins, its last
//! hero dies, or the turn limit passes. A party of one plays exactly the game
//! [`play_world`](super::play_world) plays.

use super::game::Played;
use super::{Bot, Chosen};
use crate::content::Content;
use crate::geom::Tiling;
use crate::sim::control::{Control, PlayerKind, Resolved};
use crate::sim::{Command, Ending, GameRecord, Origin, World};
use std::sync::Arc;

/// Plays a fresh game of `seed` on a dungeon of `tiling` for a party of `heroes` heroes, as
/// [`play_party`] does. `None` when the seed's first level has no room for the party.
pub fn play_party_on(
    content: &Arc<Content>,
    tiling: Tiling,
    seed: u64,
    heroes: usize,
    (turns, keep_record): (u64, bool),
) -> Option<Played> {
    let world = World::new_party(
        Arc::clone(content),
        crate::mapgen::dungeon_on(tiling),
        seed,
        Vec::new(),
        heroes,
    )?;
    Some(play_party(world, turns, keep_record))
}

/// Plays `world` (a party of any size) until it ends or `turns` turns have passed (then it
/// ends as out of time); keeps the record of every segment's directives when `keep_record`.
pub fn play_party(mut world: World, turns: u64, keep_record: bool) -> Played {
    let mut record = keep_record.then(|| GameRecord::new(world.clone(), Origin::Fresh));
    let mut party = Party::new(&world);
    while !world.is_over() {
        if world.turn() >= turns {
            world.abandon(Ending::OutOfTime);
            break;
        }
        // Every directive was checked as it was given: a refusal now is a bug in the rules,
        // never a reason to stall.
        let Some(resolved) = party.play_segment(&mut world) else {
            break;
        };
        if let Some(record) = &mut record {
            record.push_segment(&resolved.given, &world);
        }
    }
    Played {
        seed: world.seed(),
        world,
        record,
    }
}

/// The bots of a party, one for each hero, and their players' control.
#[derive(Clone, Debug)]
pub struct Party {
    control: Control,
    bots: Vec<Bot>,
}

impl Party {
    /// A bot for each hero of `world`, each hero's person a script.
    pub fn new(world: &World) -> Party {
        Party {
            control: Control::of_party(world, &[]).played_by(PlayerKind::Script),
            bots: world.heroes().iter().map(|&h| Bot::for_hero(h)).collect(),
        }
    }

    /// Plays the coming segment of `world` (a game not over): each acting hero's bot gives
    /// its directive, the segment resolves, and every bot is told what happened. Returns the
    /// directives that counted and the events; `None` when the rules refused them (then
    /// nothing changed).
    pub fn play_segment(&mut self, world: &mut World) -> Option<Resolved> {
        give_all(&mut self.control, world, &mut self.bots);
        world.set_viewer(World::PLAYER);
        let resolved = self.control.resolve(world, |_| false).ok()?;
        for bot in &mut self.bots {
            world.set_viewer(bot.hero());
            bot.observe(world, &resolved.events);
        }
        world.set_viewer(World::PLAYER);
        Some(resolved)
    }
}

/// Each acting hero's bot in turn chooses its command through its hero's eyes (the world's
/// viewer, so the level and memory it reads are the hero's own), told what the bots before it
/// on its level chose, and gives it as its player's directive (a command the rules refuse, a
/// bug in the bot, becomes a wait).
fn give_all(control: &mut Control, world: &mut World, bots: &mut [Bot]) {
    let mut chosen: Vec<Chosen> = Vec::new();
    for hero in world.acting_heroes() {
        let Some(bot) = bots.iter_mut().find(|b| b.hero() == hero) else {
            continue;
        };
        let Some(&player) = control.hierarchy(hero).and_then(|h| h.ranks().first()) else {
            continue;
        };
        world.set_viewer(hero);
        let depth = world.creatures()[hero].depth;
        let here: Vec<Chosen> = chosen
            .iter()
            .filter(|c| world.creatures()[c.hero].depth == depth)
            .cloned()
            .collect();
        let mut command = bot.choose_after(world, &here);
        if control.give(world, player, hero, command).is_err() {
            command = Command::Wait;
            let _ = control.give(world, player, hero, command);
        }
        chosen.push(Chosen::of(world, hero, command));
    }
}
