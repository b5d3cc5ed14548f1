//! Writing a level as canonical `.hexmap` text.
//!
//! The writer puts the top row at text row 0 and the leftmost tile at column 0 or 1
//! ([`canonical_offset`]), writes plain spaces between tiles (never joining wall glyphs), `@`
//! for a start on floor, and front matter only when the name differs from the default, the
//! depth is not 1, or a legend is needed for placements or a start on other terrain. Legend
//! glyphs are chosen in reading order: a monster's first letter, an item's glyph, else a
//! free letter or digit. A tile keeps at most one monster and one item; extra placements on
//! the same tile are dropped.

use crate::geom::Hex;
use crate::map::{Level, PlacementKind, Terrain};
use crate::mapfile::names::item_glyph;
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// The translation the writer applies: the top row goes to `y = 0` and the leftmost screen
/// column to 0 or 1 (a translation keeps the parity of `c + y`, so 1 is sometimes needed).
pub fn canonical_offset(level: &Level) -> Hex {
    let grid = &level.terrain;
    let min_y = grid.iter().map(|(h, _)| h.y).min().unwrap_or(0);
    let min_col = grid
        .iter()
        .map(|(h, _)| 2 * h.x - (h.y - min_y))
        .min()
        .unwrap_or(0);
    Hex::new(-min_col.div_euclid(2), -min_y)
}

/// What one tile holds, as a legend entry would say it.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Cell {
    terrain: Terrain,
    monster: Option<String>,
    item: Option<String>,
    start: bool,
}

/// The canonical text of a level; `default_name` is the name a reader will assume (the file
/// stem), so `name` is written only when it differs.
pub fn write_hexmap(level: &Level, default_name: &str) -> String {
    let shift = canonical_offset(level);
    let mut extras: BTreeMap<Hex, (Option<String>, Option<String>)> = BTreeMap::new();
    for p in &level.placements {
        let slot = extras.entry(p.at).or_default();
        match &p.kind {
            PlacementKind::Monster(m) => {
                slot.0.get_or_insert_with(|| m.clone());
            }
            PlacementKind::Item(i) => {
                slot.1.get_or_insert_with(|| i.clone());
            }
        }
    }
    let mut legend: BTreeMap<Cell, char> = BTreeMap::new();
    let mut used: Vec<char> = Vec::new();
    let mut rows: BTreeMap<i32, Vec<char>> = BTreeMap::new();
    for (hex, &terrain) in level.terrain.iter() {
        let (monster, item) = extras.get(&hex).cloned().unwrap_or_default();
        let cell = Cell {
            terrain,
            monster,
            item,
            start: level.start == Some(hex),
        };
        let glyph = if cell.monster.is_none() && cell.item.is_none() {
            match (cell.start, terrain) {
                (false, t) => Some(t.glyph()),
                (true, Terrain::Floor) => Some('@'),
                (true, _) => None,
            }
        } else {
            None
        };
        let glyph = glyph.unwrap_or_else(|| {
            if let Some(&g) = legend.get(&cell) {
                return g;
            }
            let g = pick_glyph(&cell, &used);
            used.push(g);
            legend.insert(cell, g);
            g
        });
        let t = hex + shift;
        let col = (2 * t.x - t.y) as usize;
        let row = rows.entry(t.y).or_default();
        if row.len() <= col {
            row.resize(col + 1, ' ');
        }
        row[col] = glyph;
    }
    let mut out = front_matter(level, default_name, &legend);
    let last = rows.keys().next_back().copied().unwrap_or(-1);
    for y in 0..=last {
        let line: String = rows.get(&y).map(|r| r.iter().collect()).unwrap_or_default();
        out.push_str(&line);
        out.push('\n');
    }
    out
}

/// A legend glyph for a cell that is not yet in `used`.
fn pick_glyph(cell: &Cell, used: &[char]) -> char {
    let taken =
        |g: char| used.contains(&g) || g == '@' || g == ' ' || Terrain::from_glyph(g).is_some();
    let preferred = cell
        .monster
        .as_deref()
        .and_then(|m| m.chars().next())
        .or_else(|| cell.item.as_deref().map(item_glyph));
    let pool = ('a'..='z')
        .chain('A'..='Z')
        .chain('0'..='9')
        .chain((0x100..0x2000).filter_map(char::from_u32));
    preferred
        .into_iter()
        .chain(pool)
        .find(|&g| !taken(g))
        .unwrap_or('?')
}

fn front_matter(level: &Level, default_name: &str, legend: &BTreeMap<Cell, char>) -> String {
    let mut out = String::new();
    if level.name != default_name {
        let _ = writeln!(out, "name = {}", toml_string(&level.name));
    }
    if level.depth != 1 {
        let _ = writeln!(out, "depth = {}", level.depth);
    }
    if !legend.is_empty() {
        out.push_str("[legend]\n");
        let mut entries: Vec<(&Cell, &char)> = legend.iter().collect();
        entries.sort_by_key(|(_, g)| **g);
        for (cell, g) in entries {
            let mut fields = vec![format!("terrain = \"{}\"", cell.terrain.name())];
            if let Some(m) = &cell.monster {
                fields.push(format!("monster = {}", toml_string(m)));
            }
            if let Some(i) = &cell.item {
                fields.push(format!("item = {}", toml_string(i)));
            }
            if cell.start {
                fields.push("start = true".to_owned());
            }
            let _ = writeln!(
                out,
                "{} = {{ {} }}",
                toml_string(&g.to_string()),
                fields.join(", ")
            );
        }
    }
    if out.is_empty() {
        out
    } else {
        format!("+++\n{out}+++\n")
    }
}

/// A TOML basic string with escapes.
fn toml_string(s: &str) -> String {
    toml::Value::String(s.to_owned()).to_string()
}
