//! The map part of a `.hexmap`: glyphs drawn as on screen with `H = 0`, by the map's tiling
//! (ARCHITECTURE.md, "Tilings").

use super::MAX_PROBLEMS;
use super::front::{FrontMatter, LegendEntry};
use super::large_body;
use crate::geom::{Cabinet, Cell, Tiling};
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
fn tile_at(tiling: Tiling, c: i32, y: i32) -> Option<Cell> {
    match tiling {
        Tiling::Hex => Cabinet::MAP_FILE.tile_at(c, y).map(Cell::from),
        Tiling::Square => (c % 2 == 0).then(|| Cell::new(c / 2, y)),
        Tiling::Triangle => Some(Cell::new(c, y)),
    }
}

/// Reads the map lines from `first` on into `draft`: in the compact form, or in the large
/// one ([`super::large_body`]) when the front matter says so.
pub fn parse(
    file: &str,
    lines: &[&str],
    too_long: &[bool],
    front: &FrontMatter,
    draft: &mut Draft,
    problems: &mut Vec<Problem>,
) {
    let tiling = front.tiling;
    draft.tiling = tiling;
    if front.tiling_lost {
        return;
    }
    let first = lines.get(front.body_start).filter(|_| front.large);
    if let Some(p) =
        first.and_then(|row| large_body::misplaced_outline(file, front.body_start, row))
    {
        problems.push(p);
        return;
    }
    let mut tiles = Tiles {
        file,
        front,
        start_at: None,
    };
    let between = match tiling {
        Tiling::Square => "(an odd column)",
        Tiling::Hex | Tiling::Triangle => "(column + row is odd)",
    };
    for_each_glyph(
        file,
        lines,
        too_long,
        front.body_start,
        problems,
        |at, (c, y), row, problems| {
            let ch = row[c];
            if front.large {
                large_body::glyph(&mut tiles, at, (c, y), row, draft, problems);
                return;
            }
            // Lines hold at most `MAX_LINE_CHARS` and files `MAX_FILE_BYTES`: both fit in i32.
            let Some(hex) = tile_at(tiling, c as i32, y as i32) else {
                let legend = &front.legend;
                let joins = is_plain_wall(Some(ch), legend)
                    && c > 0
                    && is_plain_wall(row.get(c - 1).copied(), legend)
                    && is_plain_wall(row.get(c + 1).copied(), legend);
                if !joins {
                    problems.push(Problem::error(file, Some(at), format!(
                    "{ch:?} between tiles {between}: expected a space, or a wall glyph joining two walls"
                )));
                }
                return;
            };
            tiles.put(at, ch, hex, draft, problems);
        },
    );
}

/// Calls `each` with the place, the column and row in the body, and the row's characters of
/// every glyph other than a space in the body, until [`MAX_PROBLEMS`] are reported.
fn for_each_glyph(
    file: &str,
    lines: &[&str],
    too_long: &[bool],
    first: usize,
    problems: &mut Vec<Problem>,
    mut each: impl FnMut((usize, usize), (usize, usize), &[char], &mut Vec<Problem>),
) {
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
            each((line_no, c + 1), (c, y), &chars, problems);
        }
    }
}

/// Puts tiles into a draft: their terrain, the start and the placements.
pub struct Tiles<'a> {
    /// The file's name, for messages.
    pub file: &'a str,
    /// The front matter: its legend.
    pub front: &'a FrontMatter,
    /// Where the first start was found.
    start_at: Option<(usize, usize)>,
}

impl Tiles<'_> {
    /// Puts the tile drawn `ch` at storage cell `hex` (found at `at` in the file).
    pub fn put(
        &mut self,
        at: (usize, usize),
        ch: char,
        hex: Cell,
        draft: &mut Draft,
        problems: &mut Vec<Problem>,
    ) {
        let (file, front) = (self.file, self.front);
        let Some(entry) = resolve(ch, &front.legend) else {
            if !front.legend_lost && !front.bad_glyphs.contains(&ch) {
                problems.push(Problem::error(file, Some(at), format!(
                    "unknown glyph {ch:?}: expected one of {BUILT_IN}, a legend glyph, or a space"
                )));
            }
            return;
        };
        if !hex.in_limits() {
            problems.push(Problem::error(
                file,
                Some(at),
                format!(
                    "tile {} is beyond the coordinate limit of ±{}",
                    show(draft.tiling, hex),
                    crate::geom::COORD_LIMIT
                ),
            ));
            return;
        }
        draft.tiles.push((hex, entry.terrain));
        if entry.start {
            if let Some((l, col)) = self.start_at {
                problems.push(Problem::error(file, Some(at), format!(
                    "a second player start: expected only one (the first is at line {l}, column {col})"
                )));
            } else {
                self.start_at = Some(at);
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
