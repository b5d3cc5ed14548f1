//! What a whole file may make once built, checked before any world of it is built: each level
//! is bounded by its tiles ([`check_span`]), and here the file as a whole, since a file may
//! hold many worlds (the current one, the record's start and one per later release that took
//! the game over), each of up to [`MAX_DEPTH`] levels.

use super::level::{check_span, tiling_of};
use super::{SchemaError, v1, v5};
use crate::sim::MAX_DEPTH;

/// The most storage cells the levels of every world in one file may span together: some
/// hundreds of megabytes once built. A game on generated levels uses a small part of it.
pub const MAX_FILE_CELLS: i64 = 1 << 26;

/// The most releases with other rules that may have taken one game over.
pub const MAX_UPGRADES: usize = 64;

/// Adds up the cells of the levels of one file, refusing the file once they pass the limit.
#[derive(Debug, Default)]
struct Budget {
    cells: i64,
}

impl Budget {
    fn add(&mut self, cells: i64) -> Result<(), SchemaError> {
        self.cells = self.cells.saturating_add(cells);
        if self.cells > MAX_FILE_CELLS {
            return Err(SchemaError::new(format!(
                "its levels span more than {MAX_FILE_CELLS} cells together, the most a file may"
            )));
        }
        Ok(())
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
pub fn check_game(g: &v5::SavedGame) -> Result<(), SchemaError> {
    check_upgrade_count(g.record.upgrades.len())?;
    let mut budget = Budget::default();
    let worlds = [&g.current, &g.record.start]
        .into_iter()
        .chain(g.record.upgrades.iter().map(|u| &u.state));
    for world in worlds {
        check_depth_count(world.depths.len())?;
        for depth in &world.depths {
            budget.add(check_span(
                tiling_of(depth.level.tiling)?,
                &depth.level.runs,
            )?)?;
        }
    }
    Ok(())
}

/// The cells a 0.1.0 level's grid spans: its bounding box and a border.
fn v1_cells(level: &v1::Level) -> i64 {
    let xs = level.tiles.iter().map(|(h, _)| i64::from(h.x));
    let ys = level.tiles.iter().map(|(h, _)| i64::from(h.y));
    match (xs.clone().min(), xs.max(), ys.clone().min(), ys.max()) {
        (Some(lx), Some(hx), Some(ly), Some(hy)) => (hx - lx + 3).saturating_mul(hy - ly + 3),
        _ => 0,
    }
}

/// Checks a 0.1.0 game the same way before it is migrated.
pub fn check_v1_game(g: &v1::SavedGame) -> Result<(), SchemaError> {
    let mut budget = Budget::default();
    for world in [&g.current, &g.record.start] {
        check_depth_count(world.depths.len())?;
        for depth in &world.depths {
            budget.add(v1_cells(&depth.level))?;
        }
    }
    Ok(())
}
