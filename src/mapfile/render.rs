//! Drawing a level with overlays for `hexdeep map render`: as text (optionally coloured) or
//! as JSON.
//!
//! Plain text marks the path with `*`, the movement range with `:`, and blanks the tiles out
//! of view when a field of view is asked for; colour dims them instead.

use super::names::{item_glyph, monster_glyph};
use crate::fov::visible_tiles;
use crate::geom::Hex;
use crate::map::{Level, PlacementKind};
use crate::path::{astar, movement_range, terrain_cost};
use ratatui::crossterm::style::Stylize;
use serde::Serialize;
use std::fmt::Write as _;

/// The player's sight radius: the default radius of `--fov`.
pub const PLAYER_SIGHT: u32 = 8;

/// The overlays asked for.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Overlays {
    /// Field of view from a tile with a radius.
    pub fov: Option<(Hex, u32)>,
    /// The cheapest path between two tiles.
    pub path: Option<(Hex, Hex)>,
    /// The movement range from a tile with some points.
    pub range: Option<(Hex, u32)>,
}

/// The overlays, computed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Computed {
    /// The visible tiles, in reading order.
    pub fov: Option<Vec<Hex>>,
    /// Whether a path was asked for.
    pub path_asked: bool,
    /// The path and its cost, if asked for and found.
    pub path: Option<(Vec<Hex>, u32)>,
    /// The tiles in range, in reading order.
    pub range: Option<Vec<Hex>>,
}

/// Computes the overlays; a tile that is not on the map is an error message.
pub fn compute(level: &Level, overlays: &Overlays) -> Result<Computed, String> {
    let grid = &level.terrain;
    let on_map = |h: Hex, what: &str| {
        if grid.contains(h) {
            Ok(h)
        } else {
            Err(format!("{what}: {h} is not a tile of the map"))
        }
    };
    let mut out = Computed::default();
    if let Some((from, radius)) = overlays.fov {
        on_map(from, "--fov")?;
        out.fov = Some(
            visible_tiles(level, from, radius)
                .into_iter()
                .map(|i| grid.hex(i))
                .collect(),
        );
    }
    if let Some((a, b)) = overlays.path {
        on_map(a, "--path")?;
        on_map(b, "--path")?;
        out.path_asked = true;
        out.path = astar(grid, terrain_cost(level), a, b);
    }
    if let Some((from, points)) = overlays.range {
        on_map(from, "--range")?;
        let tiles = movement_range(grid, terrain_cost(level), from, points);
        out.range = Some(tiles.into_iter().map(|(i, _)| grid.hex(i)).collect());
    }
    Ok(out)
}

#[derive(Serialize)]
struct Json {
    tiles: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    fov: Option<Vec<[i32; 2]>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    path: Option<serde_json::Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    path_cost: Option<serde_json::Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    range: Option<Vec<[i32; 2]>>,
}

fn pairs(hexes: &[Hex]) -> Vec<[i32; 2]> {
    hexes.iter().map(|h| [h.x, h.y]).collect()
}

/// The JSON form: `{"tiles": N, "fov": [[x,y],...], "path": [...]|null, "path_cost": C,
/// "range": [...]}` with keys only for the overlays computed.
pub fn to_json(level: &Level, c: &Computed) -> String {
    let json = Json {
        tiles: level.terrain.len(),
        fov: c.fov.as_deref().map(pairs),
        path: c
            .path_asked
            .then(|| serde_json::json!(c.path.as_ref().map(|(h, _)| pairs(h)))),
        path_cost: c
            .path_asked
            .then(|| serde_json::json!(c.path.as_ref().map(|&(_, cost)| cost))),
        range: c.range.as_deref().map(pairs),
    };
    serde_json::to_string(&json).unwrap_or_default()
}

/// The map as the game draws it (`H` from [`crate::map::Grid::screen_offset`]), with
/// overlays, then one line per overlay; coloured with ANSI codes when `colour`.
pub fn to_text(level: &Level, c: &Computed, colour: bool) -> String {
    let grid = &level.terrain;
    let h = grid.screen_offset();
    let (lo, hi) = grid.bounds();
    let (width, _) = grid.screen_size();
    let path: &[Hex] = c.path.as_ref().map_or(&[], |(p, _)| p);
    let mut out = String::new();
    for y in lo.y..=hi.y {
        let mut line = String::new();
        for col in 0..width {
            let tile = crate::geom::cabinet::from_screen(col, y, h).filter(|&t| grid.contains(t));
            let Some(t) = tile else {
                line.push(' ');
                continue;
            };
            let seen = c
                .fov
                .as_ref()
                .is_none_or(|f| f.binary_search_by_key(&(t.y, t.x), |v| (v.y, v.x)).is_ok());
            let in_range = c.range.as_ref().is_some_and(|r| r.contains(&t));
            let on_path = path.contains(&t);
            let glyph = glyph_at(level, t);
            match (colour, seen) {
                (false, false) => line.push(' '),
                (false, true) if on_path => line.push('*'),
                (false, true) if in_range && Some(glyph) == grid.get(t).map(|g| g.glyph()) => {
                    line.push(':');
                }
                (false, true) => line.push(glyph),
                (true, _) => {
                    let shown = if on_path { '*' } else { glyph };
                    let mut s = shown.stylize();
                    s = if on_path {
                        s.yellow().bold()
                    } else if seen {
                        s.white()
                    } else {
                        s.dark_grey()
                    };
                    if in_range {
                        s = s.on_dark_blue();
                    }
                    let _ = write!(line, "{s}");
                }
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    summary(&mut out, c);
    out
}

fn summary(out: &mut String, c: &Computed) {
    if let Some(f) = &c.fov {
        let _ = writeln!(out, "fov: {} tiles in view", f.len());
    }
    match (c.path_asked, &c.path) {
        (_, Some((p, cost))) => {
            let _ = writeln!(
                out,
                "path: {} steps, cost {cost}",
                p.len().saturating_sub(1)
            );
        }
        (true, None) => out.push_str("path: none\n"),
        (false, None) => {}
    }
    if let Some(r) = &c.range {
        let _ = writeln!(out, "range: {} tiles", r.len());
    }
}

/// What the game shows on a tile: the start, a monster, an item, else the terrain.
fn glyph_at(level: &Level, t: Hex) -> char {
    if level.start == Some(t) {
        return '@';
    }
    let mut item = None;
    for p in level.placements.iter().filter(|p| p.at == t) {
        match &p.kind {
            PlacementKind::Monster(m) => return monster_glyph(m),
            PlacementKind::Item(i) => item = item.or(Some(item_glyph(i))),
        }
    }
    item.unwrap_or_else(|| level.terrain.get(t).map_or(' ', |t| t.glyph()))
}
