//! What a whole file may make once built, checked before any world of it is built: each level
//! is bounded by its tiles ([`check_span`]), and here the file as a whole, since a file may
//! hold many worlds (the current one, the record's start and one per later release that took
//! the game over), each of up to [`MAX_DEPTH`] levels, made or still to come. Every cell is
//! counted with what it costs once built ([`crate::persist::cost`]): a level with features on
//! its sides costs more than three times as much a cell as one without.

use super::level::{check_cells, check_span, tiling_of};
use super::{SchemaError, v1, v5, v7};
use crate::map::Level;
use crate::persist::cost::level_bytes;
use crate::sim::MAX_DEPTH;

/// The most bytes the levels of every world in one file may take together once built, by
/// [`level_bytes`]: 67,108,864 cells of plain levels, fewer with sides. A game on generated
/// levels uses a small part of it.
pub const MAX_FILE_BYTES: usize = 3 << 26;

/// The most releases with other rules that may have taken one game over.
pub const MAX_UPGRADES: usize = 64;

/// Adds up what the levels of one file cost, refusing the file once they pass the limit.
#[derive(Debug, Default)]
struct Budget {
    bytes: usize,
}

impl Budget {
    fn add(&mut self, bytes: usize) -> Result<(), SchemaError> {
        self.bytes = self.bytes.saturating_add(bytes);
        if self.bytes > MAX_FILE_BYTES {
            return Err(SchemaError::new(format!(
                "its levels (the maps still to come included) would take more than {} MiB \
                 together once built, the most a file may",
                MAX_FILE_BYTES >> 20
            )));
        }
        Ok(())
    }

    /// Adds a level of the current schema: `made` for one of the world's levels, not a map
    /// still to come.
    fn add_level(&mut self, level: &v5::Level, made: bool) -> Result<(), SchemaError> {
        let cells = check_span(tiling_of(level.tiling)?, &level.runs)?;
        let sided = !level.sides.is_empty() || !level.corners.is_empty();
        self.add(level_bytes(
            usize::try_from(cells).unwrap_or(usize::MAX),
            sided,
            made,
        ))
    }
}

fn check_depth_count(n: usize) -> Result<(), SchemaError> {
    if n > MAX_DEPTH as usize {
        return Err(SchemaError::new(format!(
            "{n} levels, more than the {MAX_DEPTH} a game has"
        )));
    }
    Ok(())
}

fn check_upgrade_count(n: usize) -> Result<(), SchemaError> {
    if n > MAX_UPGRADES {
        return Err(SchemaError::new(format!(
            "{n} releases took the game over, more than the {MAX_UPGRADES} a record may name"
        )));
    }
    Ok(())
}

/// Checks that the worlds of a current-format game can be built within the limits.
pub fn check_game(g: &v7::SavedGame) -> Result<(), SchemaError> {
    check_upgrade_count(g.record.upgrades.len())?;
    let mut budget = Budget::default();
    let worlds = [&g.current.party.base, &g.record.start.party.base]
        .into_iter()
        .chain(g.record.upgrades.iter().map(|u| &u.state.party.base));
    for world in worlds {
        check_depth_count(world.depths.len().saturating_add(world.pending_maps.len()))?;
        for depth in &world.depths {
            budget.add_level(&depth.level, true)?;
        }
        for map in &world.pending_maps {
            budget.add_level(map, false)?;
        }
    }
    Ok(())
}

/// Checks that one current-format world (a network view's) can be built within the limits
/// of a file.
pub fn check_world(w: &v7::World) -> Result<(), SchemaError> {
    let world = &w.party.base;
    check_depth_count(world.depths.len().saturating_add(world.pending_maps.len()))?;
    let mut budget = Budget::default();
    for depth in &world.depths {
        budget.add_level(&depth.level, true)?;
    }
    for map in &world.pending_maps {
        budget.add_level(map, false)?;
    }
    Ok(())
}

/// Checks that a new game whose first depths are `levels` can be saved and read back however
/// far it is played, before its world is built: each level within the span its tiles allow,
/// and all of them counted as made, in both worlds a save holds (the record's start and the
/// world now), within the file's budget.
pub fn check_new_game(levels: &[&Level]) -> Result<(), SchemaError> {
    check_depth_count(levels.len())?;
    let mut budget = Budget::default();
    for level in levels {
        let cells = level.terrain.storage_len();
        check_cells(
            level.terrain.len(),
            i64::try_from(cells).unwrap_or(i64::MAX),
        )?;
        let bytes = level_bytes(cells, level.has_sides(), true);
        budget.add(bytes.saturating_mul(2))?;
    }
    Ok(())
}

/// The cells a 0.1.0 level's grid spans: its bounding box and a border.
fn v1_cells(level: &v1::Level) -> usize {
    let xs = level.tiles.iter().map(|(h, _)| i64::from(h.x));
    let ys = level.tiles.iter().map(|(h, _)| i64::from(h.y));
    let cells = match (xs.clone().min(), xs.max(), ys.clone().min(), ys.max()) {
        (Some(lx), Some(hx), Some(ly), Some(hy)) => (hx - lx + 3).saturating_mul(hy - ly + 3),
        _ => 0,
    };
    usize::try_from(cells).unwrap_or(usize::MAX)
}

/// Checks a 0.1.0 game the same way before it is migrated.
pub fn check_v1_game(g: &v1::SavedGame) -> Result<(), SchemaError> {
    let mut budget = Budget::default();
    for world in [&g.current, &g.record.start] {
        check_depth_count(world.depths.len())?;
        for depth in &world.depths {
            budget.add(level_bytes(v1_cells(&depth.level), false, true))?;
        }
    }
    Ok(())
}
