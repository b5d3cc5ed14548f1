//! `hexdeep sim`: turns of a JSON scenario, resolved headlessly by the game's own segment
//! code: the scenario is staged as a world ([`crate::sim::Stage`], ARCHITECTURE.md "Staged
//! worlds") and every segment runs through `World`'s gathering, resolver and distribution.
//!
//! Input (every field but `units` optional): `comment` (free text, ignored), `segments`
//! (a turn's segments, default 1), `turns` (default 1), `walls` (a list of
//! `[x, y]`; every other tile is open floor) and `units`, each with `id`, `pos`, `faction`
//! (default `"neutral"`), `hp` (10), `damage` (3), `strength` (1), `speed` (the number of
//! segments), `initiative` (0) and `intentions`, used in order over the turns: `"stay"`,
//! `{"move": [x, y]}` or `{"attack": [x, y]}`, optionally with `"from": [x, y]`. A unit may
//! instead be a `monster` of `data/monsters.toml` (by name): its mind looks and chooses in
//! every segment, as in the game, and the choice it made from the state at the start of a
//! segment it acts in is what it does, hunting the first living unit of the `"player"`
//! faction; its faction defaults to `"monsters"`, its numbers to its kind's, and `hp` is
//! what it has left (a spear of reach 2 strikes two tiles along a straight line, R0). The
//! map is the box of every tile named with a margin one tile wider than the monsters see
//! ([`MAX_MAP_TILES`]). Output, units in input order:
//! `{"units":[{"id":"A","pos":[1,1],"hp":10,"alive":true}, ...]}`. Ties in contests that
//! strength, speed and initiative leave go to the unit listed first.

mod input;
mod staging;

use crate::geom::Cell;
use crate::sim::Event;
use input::{RawScenario, Scenario};
use serde::Serialize;
use thiserror::Error;

pub use input::{MAX_SCENARIO_BYTES, MAX_SEGMENTS, MAX_UNIT_SEGMENTS, MAX_UNITS};
pub use staging::MAX_MAP_TILES;

/// Why a scenario could not be run.
#[derive(Debug, Error)]
pub enum ScenarioError {
    /// Not JSON, or not the scenario format: `line L, column C: what is wrong`.
    #[error("{0}")]
    Json(String),
    /// Well-formed, but breaking a rule of the format.
    #[error("{0}")]
    Invalid(String),
    /// The world's rules refused a segment (a bug: validation should catch everything
    /// first).
    #[error("internal error: {0}")]
    Rules(String),
}

#[derive(Serialize)]
struct UnitOut<'a> {
    id: &'a str,
    pos: [i32; 2],
    hp: i32,
    alive: bool,
}

#[derive(Serialize)]
struct Output<'a> {
    units: Vec<UnitOut<'a>>,
}

/// A JSON error as `line L, column C: message`, with serde's names of Rust types replaced
/// by what the file should hold, and never column 0 (serde's column after a line break).
fn json_error(err: &serde_json::Error) -> ScenarioError {
    let full = err.to_string();
    let suffix = format!(" at line {} column {}", err.line(), err.column());
    let message = full.strip_suffix(&suffix).unwrap_or(&full);
    let message = plain_types(message);
    if err.line() == 0 {
        return ScenarioError::Json(message);
    }
    ScenarioError::Json(format!(
        "line {}, column {}: {message}",
        err.line(),
        err.column().max(1)
    ))
}

/// Replaces the Rust number types serde names (`expected u32`) by plain words.
pub(crate) fn plain_types(message: &str) -> String {
    let mut out = message.to_owned();
    for (rust, plain) in [
        (
            "expected u32",
            "expected a whole number from 0 to 4294967295",
        ),
        ("expected u16", "expected a whole number from 0 to 65535"),
        (
            "expected i32",
            "expected a whole number from -2147483648 to 2147483647",
        ),
        ("expected i64", "expected a whole number"),
        ("expected u64", "expected a whole number of 0 or more"),
        ("expected a string", "expected text in quotes"),
    ] {
        out = out.replace(rust, plain);
    }
    out
}

/// Runs a scenario given as JSON text (a leading byte-order mark is ignored) and returns the
/// output JSON.
pub fn run_json(text: &str) -> Result<String, ScenarioError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let raw: RawScenario = serde_json::from_str(text).map_err(|e| json_error(&e))?;
    let scenario = raw.validate()?;
    let ids: Vec<String> = scenario.units.iter().map(|u| u.id.clone()).collect();
    let (pos, hp) = run(scenario)?;
    let units = ids
        .iter()
        .zip(pos.iter().zip(&hp))
        .map(|(id, (p, &hp))| UnitOut {
            id,
            pos: [p.x, p.y],
            hp,
            alive: hp > 0,
        })
        .collect();
    serde_json::to_string(&Output { units }).map_err(|e| json_error(&e))
}

/// Runs every segment of every turn of `s` in its staged world; returns each unit's final
/// position and hit points, in the units' order.
fn run(s: Scenario) -> Result<(Vec<Cell>, Vec<i32>), ScenarioError> {
    let (segments, turns) = (s.segments, s.turns);
    let start: Vec<(Cell, i32)> = s.units.iter().map(|u| (u.pos, u.hp)).collect();
    let Some(mut world) = staging::world_of(s)? else {
        return Ok(start.into_iter().unzip());
    };
    for _ in 0..u64::from(turns) * u64::from(segments) {
        let events = world.run_staged_segment();
        // The acts are built from checked intentions on the level's own tiles: a refusal
        // is a bug, reported.
        if let Some(Event::RulesError { message }) = events
            .iter()
            .find(|e| matches!(e, Event::RulesError { .. }))
        {
            return Err(ScenarioError::Rules(message.clone()));
        }
    }
    Ok(world.creatures().iter().map(|c| (c.pos, c.hp)).unzip())
}

#[cfg(test)]
mod tests;
