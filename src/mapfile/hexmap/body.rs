//! The map part of a `.hexmap`: glyphs drawn as on screen with `H = 0`, by the map's tiling
//! (DESIGN.md, "Tilings").

use super::MAX_PROBLEMS;
use super::front::{FrontMatter, LegendEntry};
use crate::geom::{Cabinet, Hex, Tiling};
use crate::map::{Placement, PlacementKind, Terrain};
use crate::mapfile::Problem;
use crate::mapfile::coords::show;
use crate::mapfile::finish::Draft;
use std::collections::BTreeMap;

/// The built-in glyphs, for messages.
const BUILT_IN: &str = ". # + ' ~ = \" > < @";

/// What a glyph means: a legend entry, `@`, or a built-in terrain glyph.
fn resolve(glyph: char, legend: &BTreeMap<char, LegendEntry>) -> Option<LegendEntry> {
    if let Some(e) = legend.get(&glyph) {
        return Some(e.clone());
    }
    let (terrain, start) = match glyph {
        '@' => (Terrain::Floor, true),
        g => (Terrain::from_glyph(g)?, false),
    };
    Some(LegendEntry {
        terrain,
        monster: None,
        item: None,
        start,
    })
}

/// Whether a glyph is a plain wall (no placement, no start).
fn is_plain_wall(glyph: Option<char>, legend: &BTreeMap<char, LegendEntry>) -> bool {
    glyph.and_then(|g| resolve(g, legend)).is_some_and(|e| {
        e.terrain == Terrain::Wall && e.monster.is_none() && e.item.is_none() && !e.start
    })
}

/// The storage cell of the tile drawn at text column `c`, row `y` (`None` between tiles):
/// on hexes the cabinet projection's tile; on squares `(c / 2, y)` for even `c`; on
/// triangles every character is a tile and its cell is `(c, y)`.
fn tile_at(tiling: Tiling, c: i32, y: i32) -> Option<Hex> {
    match tiling {
        Tiling::Hex => Cabinet::MAP_FILE.tile_at(c, y),
        Tiling::Square => (c % 2 == 0).then(|| Hex::new(c / 2, y)),
        Tiling::Triangle => Some(Hex::new(c, y)),
    }
}

/// Reads the map lines from `first` on into `draft`.
pub fn parse(
    file: &str,
    lines: &[&str],
    too_long: &[bool],
    front: &FrontMatter,
    draft: &mut Draft,
    problems: &mut Vec<Problem>,
) {
    let (first, legend) = (front.body_start, &front.legend);
    let tiling = front.tiling;
    draft.tiling = tiling;
    if front.tiling_lost {
        return;
    }
    let between = match tiling {
        Tiling::Square => "(an odd column)",
        Tiling::Hex | Tiling::Triangle => "(column + row is odd)",
    };
    let mut start_at: Option<(usize, usize)> = None;
    for (y, line) in lines
        .iter()
        .enumerate()
        .skip(first)
        .map(|(i, l)| (i - first, l))
    {
        let line_no = first + y + 1;
        if too_long[line_no - 1] {
            continue;
        }
        let chars: Vec<char> = line.chars().collect();
        for (c, &ch) in chars.iter().enumerate() {
            if ch == ' ' {
                continue;
            }
            if problems.len() >= MAX_PROBLEMS {
                problems.push(Problem::error(
                    file,
                    Some((line_no, c + 1)),
                    "too many errors; stopped reading",
                ));
                return;
            }
            let at = Some((line_no, c + 1));
            // Lines hold at most `MAX_LINE_CHARS` and files `MAX_FILE_BYTES`: both fit in i32.
            let cell = tile_at(tiling, c as i32, y as i32);
            let Some(hex) = cell else {
                let joins = is_plain_wall(Some(ch), legend)
                    && c > 0
                    && is_plain_wall(chars.get(c - 1).copied(), legend)
                    && is_plain_wall(chars.get(c + 1).copied(), legend);
                if !joins {
                    problems.push(Problem::error(file, at, format!(
                        "{ch:?} between tiles {between}: expected a space, or a wall glyph joining two walls"
                    )));
                }
                continue;
            };
            let Some(entry) = resolve(ch, legend) else {
                if front.legend_lost || front.bad_glyphs.contains(&ch) {
                    continue;
                }
                problems.push(Problem::error(file, at, format!(
                    "unknown glyph {ch:?}: expected one of {BUILT_IN}, a legend glyph, or a space"
                )));
                continue;
            };
            if !hex.in_limits() {
                problems.push(Problem::error(
                    file,
                    at,
                    format!(
                        "tile {} is beyond the coordinate limit of ±{}",
                        show(tiling, hex),
                        crate::geom::COORD_LIMIT
                    ),
                ));
                continue;
            }
            draft.tiles.push((hex, entry.terrain));
            if entry.start {
                if let Some((l, col)) = start_at {
                    problems.push(Problem::error(file, at, format!(
                        "a second player start: expected only one (the first is at line {l}, column {col})"
                    )));
                } else {
                    start_at = at;
                    draft.start = Some(hex);
                }
            }
            if let Some(m) = entry.monster {
                draft.placements.push(Placement {
                    at: hex,
                    kind: PlacementKind::Monster(m),
                });
            }
            if let Some(i) = entry.item {
                draft.placements.push(Placement {
                    at: hex,
                    kind: PlacementKind::Item(i),
                });
            }
        }
    }
}
