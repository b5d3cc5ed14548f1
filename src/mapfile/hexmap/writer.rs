//! Writing a level as canonical `.hexmap` text.
//!
//! The writer puts the top row at text row 0 and the leftmost tile at column 0 (or 1 where a
//! translation by whole tiles cannot reach 0: hexes and triangles, [`canonical_offset`]),
//! draws each tile where its tiling puts it ([`Tiling::screen`] with `H = 0`), writes plain
//! spaces between tiles (never joining wall glyphs), `@` for a start on floor, and front
//! matter only when the tiling is not hex, the form is large, the name differs from the default, the depth is
//! not 1 (or the file read gave it), or a legend is needed for placements or a start on other terrain. Legend
//! glyphs are chosen in reading order: a monster's first letter, an item's glyph, else a
//! free letter or digit. A tile keeps at most one monster and one item; extra placements on
//! the same tile are dropped.
//!
//! A level whose sides or corners hold features is written in the large projection
//! (`projection = "large"`, drawn by [`crate::mapfile::large`]); any other in the compact one.

use super::{MAX_FILE_BYTES, MAX_LINE_CHARS};
use crate::geom::{self, Cabinet, Tiling};
use crate::map::{Level, PlacementKind, Terrain};
use crate::mapfile::names::item_glyph;
use crate::mapfile::{edges, large};
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// The translation of storage cells the writer applies: the top row goes to `y = 0` and the
/// leftmost screen column to 0 or 1. On hexes see [`Cabinet::file_shift`]; squares go to
/// column 0; a triangle translation moves a cell by `(dx, dy)` with `dx + dy` even (a whole
/// tile keeps which way it points), so column 1 is sometimes the nearest.
///
/// A level written in the large form ([`large::writes_large`]) moves by [`large::offset`].
pub fn canonical_offset(level: &Level) -> geom::Cell {
    shift_of(level, large::drawing(level).as_ref())
}

/// [`canonical_offset`], given the level's large drawing when it is written large.
fn shift_of(level: &Level, drawing: Option<&large::Drawing>) -> geom::Cell {
    if let Some(d) = drawing {
        return d.shift;
    }
    let cells = || level.terrain.iter().map(|(h, _)| h);
    let least = |f: fn(geom::Cell) -> i32| cells().map(f).min().unwrap_or(0);
    match level.terrain.tiling() {
        Tiling::Hex => Cabinet::file_shift(cells().map(geom::Hex::from)).into(),
        Tiling::Square => geom::Cell::new(-least(|h| h.x), -least(|h| h.y)),
        Tiling::Triangle => {
            let (left, top) = (least(|h| h.x), least(|h| h.y));
            let dy = -top;
            geom::Cell::new(-left + (left + dy).rem_euclid(2), dy)
        }
    }
}

/// The text column and row of the tile at storage cell `at`, moved by `shift`.
fn place(tiling: Tiling, at: geom::Cell, shift: geom::Cell) -> (i32, i32) {
    tiling.screen(at.offset(shift.x, shift.y), 0)
}

/// What one tile holds, as a legend entry would say it.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Cell {
    terrain: Terrain,
    monster: Option<String>,
    item: Option<String>,
    start: bool,
}

/// The longest line and the characters of the map rows of `level`'s text, from each row's last
/// column alone: the text is not built.
fn text_extent(level: &Level, drawing: Option<&large::Drawing>) -> (u64, u64) {
    let shift = shift_of(level, drawing);
    let mut last_col: BTreeMap<i32, u64> = BTreeMap::new();
    let mut mark = |col: i32, row: i32| {
        let end = last_col.entry(row).or_default();
        *end = (*end).max(u64::from(col.unsigned_abs()) + 1);
    };
    if let Some(d) = drawing {
        for (col, row) in large_cells(level, d) {
            mark(col, row);
        }
    } else {
        for (hex, _) in level.terrain.iter() {
            let (col, row) = place(level.terrain.tiling(), hex, shift);
            mark(col, row);
        }
    }
    let rows = last_col
        .keys()
        .next_back()
        .map_or(0, |&y| u64::from(y.unsigned_abs()) + 1);
    let longest = last_col.values().copied().max().unwrap_or(0);
    (longest, last_col.values().sum::<u64>() + rows)
}

/// Every cell the large form of `level` writes, moved by `shift`: tiles, sides and corners.
fn large_cells<'a>(
    level: &'a Level,
    drawing: &'a large::Drawing,
) -> impl Iterator<Item = (i32, i32)> + 'a {
    let (tiling, shift) = (level.terrain.tiling(), drawing.shift);
    let (dc, dr) = large::shift_cells(tiling, shift);
    let tiles = level
        .terrain
        .iter()
        .filter_map(move |(h, _)| large::tile_cell(tiling, h.offset(shift.x, shift.y)));
    let edges = drawing.edges.iter().map(move |&(r, c, _)| (c + dc, r + dr));
    tiles.chain(edges)
}

/// Refuses a level whose text the reader would reject for its size, before it is built: a line
/// longer than [`MAX_LINE_CHARS`] or a file larger than [`MAX_FILE_BYTES`] (a thin diagonal
/// map is small in tiles but its text grows with the square of its length).
pub fn check_writable(level: &Level) -> Result<(), String> {
    check_extent(level, large::drawing(level).as_ref())
}

/// [`check_writable`], given the level's large drawing when it is written large.
fn check_extent(level: &Level, drawing: Option<&large::Drawing>) -> Result<(), String> {
    let (longest, total) = text_extent(level, drawing);
    if longest > MAX_LINE_CHARS as u64 {
        return Err(format!(
            "the map would be written with lines of {longest} characters: a .hexmap line holds at most {MAX_LINE_CHARS}"
        ));
    }
    if total > MAX_FILE_BYTES as u64 {
        return Err(format!(
            "the map would be written as at least {total} bytes: a .hexmap file holds at most {MAX_FILE_BYTES}"
        ));
    }
    Ok(())
}

/// The canonical text of a level; `default_name` is the name a reader will assume (the file
/// stem), so `name` is written only when it differs. A level too large for the format is
/// refused ([`check_writable`]) before its text is built.
pub fn write_hexmap(level: &Level, default_name: &str) -> Result<String, String> {
    write_hexmap_at(level, None, default_name)
}

/// [`write_hexmap`] of a level read from a file that gave its depth (`given`): the depth is
/// written whenever the file gave one, 1 included, so the converted map is played where the
/// original is. Without one, only a depth other than 1 is written.
pub fn write_hexmap_at(
    level: &Level,
    given: Option<u32>,
    default_name: &str,
) -> Result<String, String> {
    let drawing = large::drawing(level);
    check_extent(level, drawing.as_ref())?;
    let shift = shift_of(level, drawing.as_ref());
    let large = drawing.is_some();
    let extras = tile_extras(level);
    let mut legend = Legend::new(large);
    let tiling = level.terrain.tiling();
    let mut cells: Vec<(i32, i32, char)> = Vec::with_capacity(level.terrain.len());
    for (hex, &terrain) in level.terrain.iter() {
        let (monster, item) = extras.get(&hex).cloned().unwrap_or_default();
        let cell = Cell {
            terrain,
            monster,
            item,
            start: level.start == Some(hex),
        };
        let glyph = legend.glyph(level, hex, cell);
        let (col, row) = match large::tile_cell(tiling, hex.offset(shift.x, shift.y)) {
            Some(at) if large => at,
            _ => place(tiling, hex, shift),
        };
        cells.push((row, col, glyph));
    }
    if let Some(d) = drawing {
        let (dc, dr) = large::shift_cells(tiling, shift);
        let edges = d.edges.into_iter();
        cells.extend(edges.map(|(r, c, g)| (r + dr, c + dc, g)));
    }
    cells.sort_unstable_by_key(|&(y, col, _)| (y, col));
    let depth = given.or((level.depth != 1).then_some(level.depth));
    let mut out = front_matter(level, default_name, depth, &legend.glyphs, large);
    draw_rows(&mut out, cells);
    Ok(out)
}

/// The first monster and the first item placed on each tile (a tile keeps at most one of
/// each; later ones are dropped).
fn tile_extras(level: &Level) -> BTreeMap<geom::Cell, (Option<String>, Option<String>)> {
    let mut extras: BTreeMap<geom::Cell, (Option<String>, Option<String>)> = BTreeMap::new();
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
    extras
}

/// The legend as it is built in reading order: the glyph of each kind of cell that needs
/// one, and every glyph already taken.
struct Legend {
    glyphs: BTreeMap<Cell, char>,
    used: Vec<char>,
}

impl Legend {
    /// An empty legend; in the large form `o` is a pillar on a corner, so it is taken.
    fn new(large: bool) -> Legend {
        let used = if large {
            vec![edges::PILLAR]
        } else {
            Vec::new()
        };
        Legend {
            glyphs: BTreeMap::new(),
            used,
        }
    }

    /// The glyph drawing `cell` at `hex`: its terrain's own glyph when it holds nothing, `@`
    /// for a bare start on floor, else its legend glyph (chosen now when it is the first such
    /// cell).
    fn glyph(&mut self, level: &Level, hex: geom::Cell, cell: Cell) -> char {
        if cell.monster.is_none() && cell.item.is_none() {
            match (cell.start, cell.terrain) {
                (false, t) => {
                    return t.glyph_on(level.terrain.tiling(), level.terrain.class_of(hex));
                }
                (true, Terrain::Floor) => return '@',
                (true, _) => {}
            }
        }
        if let Some(&g) = self.glyphs.get(&cell) {
            return g;
        }
        let g = pick_glyph(&cell, &self.used);
        self.used.push(g);
        self.glyphs.insert(cell, g);
        g
    }
}

/// Appends the map rows to `out`: `cells` as (row, column, glyph) in reading order, spaces
/// between them, and a final newline.
fn draw_rows(out: &mut String, cells: Vec<(i32, i32, char)>) {
    let (mut y, mut col) = (0, 0);
    for (row, c, glyph) in cells {
        while y < row {
            out.push('\n');
            (y, col) = (y + 1, 0);
        }
        for _ in col..c {
            out.push(' ');
        }
        out.push(glyph);
        col = c + 1;
    }
    out.push('\n');
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

fn front_matter(
    level: &Level,
    default_name: &str,
    depth: Option<u32>,
    legend: &BTreeMap<Cell, char>,
    large: bool,
) -> String {
    let mut out = String::new();
    let tiling = level.terrain.tiling();
    if tiling != Tiling::Hex {
        let _ = writeln!(out, "grid = \"{}\"", tiling.name());
    }
    if large {
        out.push_str("projection = \"large\"\n");
    }
    if level.name != default_name {
        let _ = writeln!(out, "name = {}", toml_string(&level.name));
    }
    if let Some(depth) = depth {
        let _ = writeln!(out, "depth = {depth}");
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::map::Grid;
    use proptest::prelude::*;

    fn level() -> impl Strategy<Value = Level> {
        proptest::collection::vec((-30i32..30, -30i32..30, any::<bool>()), 1..60).prop_map(|v| {
            let hexes: Vec<geom::Hex> = v.iter().map(|&(x, y, _)| geom::Hex::new(x, y)).collect();
            let mut grid = Grid::from_hexes(&hexes, Terrain::Floor).unwrap();
            for &(x, y, wall) in &v {
                if wall {
                    grid.set(geom::Cell::new(x, y), Terrain::Wall);
                }
            }
            Level::new("walls", 1, grid)
        })
    }

    proptest! {
        #[test]
        fn each_tile_is_written_at_its_cell_of_the_projection(level in level()) {
            let text = write_hexmap(&level, "walls").unwrap();
            let lines: Vec<Vec<char>> = text.lines().map(|l| l.chars().collect()).collect();
            let shift = canonical_offset(&level);
            let mut tiles = 0;
            for (hex, terrain) in level.terrain.iter() {
                let (col, row) = Cabinet::MAP_FILE.to_screen(hex.offset(shift.x, shift.y).into());
                let at = lines[row as usize].get(col as usize).copied();
                prop_assert_eq!(at, Some(terrain.glyph()), "{} at {:?}", hex, (col, row));
                tiles += 1;
            }
            // Nothing else is written: every other character is a space.
            let glyphs = lines.iter().flatten().filter(|&&c| c != ' ').count();
            prop_assert_eq!(glyphs, tiles);
        }
    }
}
