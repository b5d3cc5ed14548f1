//! Saved games, records and the hall of fame between the shells' types and the schema's.

use super::level::{tiling_code, tiling_of};
use super::world::{
    directive_from_schema, directive_to_schema, ending_from_schema, ending_to_schema,
    world_from_schema, world_to_schema,
};
use super::{SchemaError, check_text, envelope, v5, v6, v7};
use crate::content::Content;
use crate::persist::game::{HallOfFame, SavedGame, Score};
use crate::sim::{GameRecord, Given, Maker, Origin, Step, Upgrade};
use hexdeep_tiling::turn::PlayerId;
use std::sync::Arc;

/// The most lines of the message log a save keeps.
pub const MAX_LOG_LINES: usize = 1000;

fn maker_to_schema(m: &Maker) -> v5::Maker {
    v5::Maker {
        version: m.version.clone(),
        rules: m.rules,
        hash: m.hash,
    }
}

fn maker_from_schema(m: &v5::Maker) -> Result<Maker, SchemaError> {
    check_text("a version", &m.version)?;
    Ok(Maker {
        version: m.version.clone(),
        rules: m.rules,
        hash: m.hash,
    })
}

fn given_to_schema(g: &Given) -> v6::Given {
    v6::Given {
        hero: u32::try_from(g.hero).unwrap_or(u32::MAX),
        player: g.player.0,
        directive: directive_to_schema(g.command),
    }
}

/// A directive from the schema. Whether its hero is one and acts is the replay's to check,
/// as for every command.
fn given_from_schema(g: &v6::Given) -> Result<Given, SchemaError> {
    Ok(Given {
        hero: usize::try_from(g.hero).unwrap_or(usize::MAX),
        player: PlayerId(g.player),
        command: directive_from_schema(g.directive)?,
    })
}

fn step_from_schema(s: &v6::Step) -> Result<Step, SchemaError> {
    Ok(Step {
        given: s
            .given
            .iter()
            .map(given_from_schema)
            .collect::<Result<_, _>>()?,
        hash: s.hash,
        turn: s.turn,
        depth: s.depth,
    })
}

/// A saved game as the schema writes it.
pub fn game_to_schema(game: &SavedGame) -> v7::SavedGame {
    let r = &game.record;
    v7::SavedGame {
        name: game.name.clone(),
        record: envelope::Record {
            start: world_to_schema(&r.start),
            steps: r
                .steps
                .iter()
                .map(|s| v6::Step {
                    given: s.given.iter().map(given_to_schema).collect(),
                    hash: s.hash,
                    turn: s.turn,
                    depth: s.depth,
                })
                .collect(),
            origin: match r.origin {
                Origin::Fresh => v5::Origin::Fresh,
                Origin::TakenOver { seed, after } => v5::Origin::TakenOver {
                    seed,
                    after: after as u64,
                },
            },
            made_by: maker_to_schema(&r.made_by),
            upgrades: r
                .upgrades
                .iter()
                .map(|u| envelope::Upgrade {
                    at_step: u.at_step as u64,
                    by: maker_to_schema(&u.by),
                    state: world_to_schema(&u.state),
                })
                .collect(),
        },
        current: world_to_schema(&game.current),
        log: game.log.clone(),
    }
}

/// A saved game from the schema, every world checked.
pub fn game_from_schema(
    g: &v7::SavedGame,
    content: &Arc<Content>,
) -> Result<SavedGame, SchemaError> {
    check_text("the game's name", &g.name)?;
    if g.log.len() > MAX_LOG_LINES {
        return Err(SchemaError::new(format!(
            "{} lines of messages, more than the {MAX_LOG_LINES} a save keeps",
            g.log.len()
        )));
    }
    for line in &g.log {
        check_text("a message", line)?;
    }
    let steps = g
        .record
        .steps
        .iter()
        .map(step_from_schema)
        .collect::<Result<Vec<_>, SchemaError>>()?;
    let mut at = 0;
    let mut upgrades = Vec::new();
    for u in &g.record.upgrades {
        let at_step = usize::try_from(u.at_step).unwrap_or(usize::MAX);
        if at_step < at || at_step > steps.len() {
            return Err(SchemaError::new(format!(
                "an upgrade at step {at_step} is out of order or past the record's {} steps",
                steps.len()
            )));
        }
        at = at_step;
        upgrades.push(Upgrade {
            at_step,
            by: maker_from_schema(&u.by)?,
            state: world_from_schema(&u.state, content)?,
        });
    }
    let origin = match g.record.origin {
        v5::Origin::Fresh => Origin::Fresh,
        v5::Origin::TakenOver { seed, after } => Origin::TakenOver {
            seed,
            after: usize::try_from(after).unwrap_or(usize::MAX),
        },
    };
    let record = GameRecord {
        start: world_from_schema(&g.record.start, content)?,
        steps,
        origin,
        made_by: maker_from_schema(&g.record.made_by)?,
        upgrades,
    };
    Ok(SavedGame {
        name: g.name.clone(),
        record,
        current: world_from_schema(&g.current, content)?,
        log: g.log.clone(),
    })
}

/// The hall of fame as the schema writes it.
pub fn scores_to_schema(hall: &HallOfFame) -> v5::HallOfFame {
    v5::HallOfFame {
        entries: hall
            .entries
            .iter()
            .map(|s| v5::Score {
                name: s.name.clone(),
                seed: s.seed,
                tiling: tiling_code(s.tiling),
                ending: ending_to_schema(&s.ending),
                deepest: s.deepest,
                turns: s.turns,
                kills: s.kills,
                taken_over: s.taken_over,
            })
            .collect(),
    }
}

/// The hall of fame from the schema.
pub fn scores_from_schema(hall: &v5::HallOfFame) -> Result<HallOfFame, SchemaError> {
    let entries = hall
        .entries
        .iter()
        .map(|s| {
            check_text("a name in the hall of fame", &s.name)?;
            Ok(Score {
                name: s.name.clone(),
                seed: s.seed,
                tiling: tiling_of(s.tiling)?,
                ending: ending_from_schema(&s.ending)?,
                deepest: s.deepest,
                turns: s.turns,
                kills: s.kills,
                taken_over: s.taken_over,
            })
        })
        .collect::<Result<_, SchemaError>>()?;
    Ok(HallOfFame { entries })
}
