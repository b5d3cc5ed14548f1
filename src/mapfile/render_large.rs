//! `hexdeep map render --large`: the level in the large projection, where every side between
//! tiles and every corner has its own cell (ARCHITECTURE.md, "Tile sides and corners").
//!
//! The drawing is what a large-form `.hexmap` body of the level holds (tiles, thin walls, doors,
//! pillars and the joins between walls, moved as the writer moves them), with the tiles
//! showing what the game shows and the overlays of the compact drawing. Sides stay drawn where
//! the field of view blanks tiles.

use super::large::{self, Drawn};
use super::render::{Computed, MAX_TEXT_CELLS, TileMark, glyphs, overlay_marks, summary};
use crate::map::Level;
use ratatui::crossterm::style::Stylize;
use std::fmt::Write as _;

/// What one cell of the drawing holds.
enum Mark {
    /// A tile, by storage index.
    Tile(usize),
    /// A side, corner or join glyph.
    Edge(char),
}

/// The cells of the drawing, moved to the writer's place, as `(row, col, mark)`.
fn cells(level: &Level) -> Vec<(i32, i32, Mark)> {
    let grid = &level.terrain;
    let tiling = grid.tiling();
    let (edges, shift): (Vec<Drawn>, _) = match large::drawing(level) {
        Some(d) => (d.edges, d.shift),
        None => (Vec::new(), large::offset(level, &[])),
    };
    let (dc, dr) = large::shift_cells(tiling, shift);
    let mut out: Vec<(i32, i32, Mark)> = grid
        .indices()
        .filter_map(|i| {
            let (c, r) = large::tile_cell(tiling, grid.cell(i))?;
            Some((r + dr, c + dc, Mark::Tile(i)))
        })
        .collect();
    out.extend(
        edges
            .into_iter()
            .map(|(r, c, g)| (r + dr, c + dc, Mark::Edge(g))),
    );
    out.sort_unstable_by_key(|&(r, c, _)| (r, c));
    out
}

/// Refuses a drawing larger than [`MAX_TEXT_CELLS`] (its width × height), from the tiles'
/// extent alone, before anything is drawn; triangles have no large projection.
pub fn check_large_area(level: &Level) -> Result<(), String> {
    let grid = &level.terrain;
    let tiling = grid.tiling();
    if !tiling.has_sides() {
        return Err(format!(
            "a {tiling} map has no large projection (no sides between its tiles): draw it \
             without --large"
        ));
    }
    let places: Vec<(i32, i32)> = grid
        .indices()
        .filter_map(|i| large::tile_cell(tiling, grid.cell(i)))
        .collect();
    let span = |f: fn(&(i32, i32)) -> i32| {
        let lo = places.iter().map(f).min().unwrap_or(0);
        let hi = places.iter().map(f).max().unwrap_or(0);
        // Sides and corners reach two columns and one row past the tiles.
        u64::from(hi.abs_diff(lo))
    };
    let (width, height) = (span(|p| p.0) + 8, span(|p| p.1) + 4);
    let area = width * height;
    if area > MAX_TEXT_CELLS {
        return Err(format!(
            "the map would be drawn about {width} columns wide and {height} rows high ({area} \
             cells): expected at most {MAX_TEXT_CELLS} cells; use --json for the overlays"
        ));
    }
    Ok(())
}

/// The level in the large projection with the overlays, then one line per overlay; coloured
/// with ANSI codes when `colour` (walls white, doors yellow, joins dim).
pub fn to_text_large(level: &Level, c: &Computed, colour: bool) -> Result<String, String> {
    check_large_area(level)?;
    let marks = overlay_marks(level, c);
    let shown = glyphs(level);
    let grid = &level.terrain;
    let mut out = String::new();
    let (mut row, mut col, mut line) = (0, 0, String::new());
    for (r, c, mark) in cells(level) {
        while row < r {
            out.push_str(line.trim_end());
            out.push('\n');
            (row, col, line) = (row + 1, 0, String::new());
        }
        for _ in col..c {
            line.push(' ');
        }
        col = c + 1;
        match mark {
            Mark::Tile(i) => {
                let terrain = grid[i].glyph_on(grid.tiling(), grid.class(i));
                TileMark::at(&marks, i, shown[i], terrain).draw(colour, &mut line);
            }
            Mark::Edge(g) if !colour => line.push(g),
            Mark::Edge(g) => {
                let s = match g {
                    '+' | '\'' if !is_join(level, r, c) => g.stylize().yellow(),
                    _ if is_join(level, r, c) => g.stylize().dark_grey(),
                    _ => g.stylize().white(),
                };
                let _ = write!(line, "{s}");
            }
        }
    }
    out.push_str(line.trim_end());
    out.push('\n');
    summary(&mut out, c);
    Ok(out)
}

/// Whether the drawn cell `(r, c)` (moved) is a corner or gap rather than a side: its
/// parity says, the translation being by whole tiles.
fn is_join(level: &Level, r: i32, c: i32) -> bool {
    !matches!(
        level.terrain.tiling().large_cell_at(c, r),
        crate::geom::LargeCell::Side(_)
    )
}
