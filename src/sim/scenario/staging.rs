//! A scenario staged as a world (ARCHITECTURE.md, "Staged worlds"): its level is the box of
//! every tile it names with a margin as far as its monsters see, open floor but for the
//! walls; its creatures are its units, in order, with their numbers and factions; its
//! monster units choose with their kind's mind, hunting the first living unit of the
//! `player` faction, and its other units are given their intentions in order.

use super::ScenarioError;
use super::input::{Scenario, UnitSpec};
use crate::content::Content;
use crate::geom::{Cell, Tiling};
use crate::map::{Grid, Level, Terrain};
use crate::sim::{Creature, Faction, Stage, World};
use std::sync::Arc;

/// The most tiles the map of a scenario may have.
pub const MAX_MAP_TILES: u64 = 1_000_000;

/// The world that runs scenario `s`; `None` when it has no units.
pub(super) fn world_of(s: Scenario) -> Result<Option<World>, ScenarioError> {
    if s.units.is_empty() {
        return Ok(None);
    }
    let content = Content::bundled().map_err(|e| ScenarioError::Invalid(e.to_string()))?;
    let level = level_of(&s)?;
    let template = Creature::player(&content, Cell::ORIGIN);
    let creatures = s
        .units
        .iter()
        .enumerate()
        .map(|(id, u)| creature(&template, u, id))
        .collect();
    let mut stage = Stage::scenario(s.segments, Faction::PLAYER);
    for (id, u) in s.units.into_iter().enumerate() {
        if u.monster.is_none() {
            stage.script(id, u.intentions);
        }
    }
    World::staged(Arc::new(content), level, creatures, stage)
        .map(Some)
        .ok_or_else(|| ScenarioError::Rules("no world staged".into()))
}

/// The scenario's level: every tile within its monsters' sight (plus one) of the box of
/// all it names (the units' places, their intentions' targets, the walls), or within one
/// without monsters; at most [`MAX_MAP_TILES`].
fn level_of(s: &Scenario) -> Result<Level, ScenarioError> {
    let sight = s
        .units
        .iter()
        .filter_map(|u| u.monster.as_ref())
        .map(|k| k.sight)
        .max()
        .unwrap_or(0);
    let named = s
        .units
        .iter()
        .flat_map(|u| {
            let targets = u.intentions.iter().filter_map(|(i, _)| i.target());
            std::iter::once(u.pos).chain(targets)
        })
        .chain(s.walls.iter().copied());
    let (mut lo, mut hi) = (Cell::new(i32::MAX, i32::MAX), Cell::new(i32::MIN, i32::MIN));
    for h in named {
        lo = Cell::new(lo.x.min(h.x), lo.y.min(h.y));
        hi = Cell::new(hi.x.max(h.x), hi.y.max(h.y));
    }
    let reach = i64::from(sight) + 1;
    let span = |a: i32, b: i32| i64::from(b) - i64::from(a) + 1 + 2 * reach;
    let (width, height) = (span(lo.x, hi.x), span(lo.y, hi.y));
    if width.saturating_mul(height) > MAX_MAP_TILES as i64 {
        return Err(ScenarioError::Invalid(format!(
            "the scenario's map would span {width} × {height} tiles (everything it names, with a margin one tile wider than its monsters see): expected at most {MAX_MAP_TILES}"
        )));
    }
    let reach = reach as i32;
    let cells: Vec<Cell> = (lo.y - reach..=hi.y + reach)
        .flat_map(|y| (lo.x - reach..=hi.x + reach).map(move |x| Cell::new(x, y)))
        .collect();
    let mut grid = Grid::from_cells(Tiling::Hex, &cells, Terrain::Floor)
        .map_err(|e| ScenarioError::Invalid(e.to_string()))?;
    for &w in &s.walls {
        grid.set(w, Terrain::Wall);
    }
    Ok(Level::new("scenario", 1, grid))
}

/// Unit `u` as creature `id`: a monster of its kind, or a creature made from `template`
/// (the player's numbers), with the unit's own numbers, faction and initiative.
fn creature(template: &Creature, u: &UnitSpec, id: usize) -> Creature {
    let mut c = match &u.monster {
        Some(kind) => Creature::monster(id, kind, u.pos),
        None => template.clone(),
    };
    c.id = id;
    c.pos = u.pos;
    c.hp = u.hp;
    c.max_hp = u.max_hp;
    c.armour = u.armour;
    c.speed = u.speed;
    c.strength = u.strength;
    c.damage = u.damage;
    c.faction = Faction(u.faction);
    c.initiative = u.initiative;
    c
}
