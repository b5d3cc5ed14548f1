//! `hexdeep sim`: turns of a JSON scenario, resolved headlessly by the game's own resolver.
//!
//! Input (every field but `units` optional): `comment` (free text, ignored), `segments`
//! (a turn's segments, default 1), `turns` (default 1), `walls` (a list of
//! `[x, y]`; every other tile is open floor) and `units`, each with `id`, `pos`, `faction`
//! (default `"neutral"`), `hp` (10), `damage` (3), `strength` (1), `speed` (the number of
//! segments), `initiative` (0) and `intentions`, used in order over the turns: `"stay"`,
//! `{"move": [x, y]}` or `{"attack": [x, y]}`, optionally with `"from": [x, y]`. A unit may
//! instead be a `monster` of `data/monsters.toml` (by name): its mind chooses in each
//! segment it acts in, as in the game (see `minds`), hunting the first unit of the
//! `"player"` faction; its faction defaults to `"monsters"`, its numbers to its kind's, and
//! `hp` is what it has left (a spear of reach 2 strikes two tiles along a straight line, R0). Output, units in input order:
//! `{"units":[{"id":"A","pos":[1,1],"hp":10,"alive":true}, ...]}`. Ties in contests that
//! strength, speed and initiative leave go to the unit listed first.

mod input;
mod minds;

use crate::geom::{Cell, Hex};
use crate::sim::Faction;
use crate::sim::Intention;
use crate::sim::intention::acts_in;
use crate::sim::resolve::{Act, Resolver, Unit};
use input::{RawScenario, Scenario};
use serde::Serialize;
use thiserror::Error;

pub use input::{MAX_SCENARIO_BYTES, MAX_SEGMENTS, MAX_UNIT_SEGMENTS, MAX_UNITS};
pub use minds::MAX_MIND_TILES;

/// Why a scenario could not be run.
#[derive(Debug, Error)]
pub enum ScenarioError {
    /// Not JSON, or not the scenario format: `line L, column C: what is wrong`.
    #[error("{0}")]
    Json(String),
    /// Well-formed, but breaking a rule of the format.
    #[error("{0}")]
    Invalid(String),
    /// The resolver refused its input (a bug: validation should catch everything first).
    #[error("internal error: {0}")]
    Resolve(#[from] crate::sim::resolve::ResolveError),
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
    let (pos, hp) = run(&scenario)?;
    let units = scenario
        .units
        .iter()
        .zip(pos.iter().zip(&hp))
        .map(|(u, (p, &hp))| UnitOut {
            id: &u.id,
            pos: [p.x, p.y],
            hp,
            alive: hp > 0,
        })
        .collect();
    serde_json::to_string(&Output { units }).map_err(|e| json_error(&e))
}

/// Every hex the scenario can touch, sorted: the dense tile indices of the resolver.
fn tiles(s: &Scenario) -> Vec<Cell> {
    let mut hexes: Vec<Cell> = s
        .units
        .iter()
        .flat_map(|u| {
            let targets = u.intentions.iter().filter_map(|(i, _)| i.target());
            std::iter::once(u.pos).chain(targets)
        })
        .collect();
    hexes.sort_unstable();
    hexes.dedup();
    hexes
}

/// Resolves every segment of every turn; returns each unit's final position and hit points.
fn run(s: &Scenario) -> Result<(Vec<Cell>, Vec<i32>), ScenarioError> {
    let mut minds = minds::Minds::new(s)?;
    let hexes = minds.as_ref().map_or_else(|| tiles(s), minds::Minds::hexes);
    // Every position and target is in `hexes` by construction; a miss is a bug, reported.
    let index = |h: Cell| {
        hexes
            .binary_search(&h)
            .map_err(|_| ScenarioError::Invalid(format!("internal error: tile {h} not indexed")))
    };
    let mut resolver = Resolver::new(hexes.len());
    let mut pos: Vec<Cell> = s.units.iter().map(|u| u.pos).collect();
    let mut hp: Vec<i32> = s.units.iter().map(|u| u.hp).collect();
    let mut used = vec![0usize; s.units.len()];
    for k in (0..s.turns).flat_map(|_| 1..=s.segments) {
        let living: Vec<usize> = (0..s.units.len()).filter(|&i| hp[i] > 0).collect();
        let mut units = Vec::with_capacity(living.len());
        let mut acts = Vec::with_capacity(living.len());
        let mut lines = Vec::new();
        let chosen = choose_all(s, minds.as_mut(), k, (&pos, &hp), &living, &mut used);
        for (&i, &wanted) in living.iter().zip(&chosen) {
            let u = &s.units[i];
            let (act, damage) = act_of(s, minds.as_ref(), i, pos[i], wanted, &index, &mut lines)?;
            acts.push(act);
            units.push(Unit {
                tile: index(pos[i])?,
                faction: Faction(u.faction),
                strength: u.strength,
                speed: u.speed,
                initiative: u.initiative,
                damage,
                hp: hp[i],
                max_hp: u.max_hp,
                armour: u.armour,
            });
        }
        let outcome = resolver.resolve_with_lines(&units, &acts, &lines)?;
        for (n, &i) in living.iter().enumerate() {
            pos[i] = hexes[outcome.tiles[n]];
            hp[i] = outcome.hp[n];
        }
    }
    Ok((pos, hp))
}

/// Each `living` unit's intention in segment `k` and the tile it is planned from: its mind's
/// choice for a monster (every mind choosing from the state at the segment's start, `at`:
/// positions and hit points), a scripted unit's next intention (counted in `used`), or
/// staying when it does not act.
fn choose_all(
    s: &Scenario,
    minds: Option<&mut minds::Minds>,
    k: u32,
    at: (&[Cell], &[i32]),
    living: &[usize],
    used: &mut [usize],
) -> Vec<(Intention, Cell)> {
    let (pos, hp) = at;
    let acting = |i: &usize| acts_in(s.units[*i].speed, k, s.segments);
    let has_minds = minds.is_some();
    let mut minded = match minds {
        Some(m) => {
            let who: Vec<usize> = living
                .iter()
                .copied()
                .filter(|i| acting(i) && s.units[*i].monster.is_some())
                .collect();
            m.choose(s, pos, hp, &who)
        }
        None => Vec::new(),
    }
    .into_iter();
    let mut chosen = Vec::with_capacity(living.len());
    for &i in living {
        let u = &s.units[i];
        let mut intention = (Intention::Stay, pos[i]);
        if acting(&i) {
            if has_minds && u.monster.is_some() {
                intention = minded.next().unwrap_or(intention);
            } else if let Some(&planned) = u.intentions.get(used[i]) {
                intention = planned;
            }
            used[i] += 1;
        }
        chosen.push(intention);
    }
    chosen
}

/// Unit `i`'s act and blow damage for its intention `wanted` (with the tile it is planned
/// from), checked by R0 from `here`: a spear's thrust reaches two tiles away for a monster
/// whose reach is 2. Lines and areas a monster's act names go into `lines`.
fn act_of(
    s: &Scenario,
    minds: Option<&minds::Minds>,
    i: usize,
    here: Cell,
    wanted: (Intention, Cell),
    index: &dyn Fn(Cell) -> Result<usize, ScenarioError>,
    lines: &mut Vec<Vec<usize>>,
) -> Result<(Act, i32), ScenarioError> {
    let (wanted, from) = wanted;
    let u = &s.units[i];
    let passable = |h: Cell| s.walls.binary_search(&h).is_err();
    let blow = matches!(wanted, Intention::Attack(_));
    let intention = wanted.checked(here, from, |a: Cell, b: Cell| {
        let reaches = match minds {
            Some(m) if blow => m.reaches(u, a, b),
            _ => Hex::from(a).is_adjacent(Hex::from(b)),
        };
        reaches && passable(b)
    });
    let special = match minds {
        Some(m) => m.act(u, i, here, intention, index, lines)?,
        None => None,
    };
    Ok(match (special, intention) {
        (Some(special), _) => special,
        // Only monsters throw.
        (None, Intention::Stay | Intention::Throw(_)) => (Act::Stay, u.damage),
        (None, Intention::Move(t)) => (Act::Move(index(t)?), u.damage),
        (None, Intention::Attack(t)) => (Act::Attack(index(t)?), u.damage),
    })
}

#[cfg(test)]
mod tests;
