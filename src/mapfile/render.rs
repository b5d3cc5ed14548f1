//! Drawing a level with overlays for `hexdeep map render`: as text (optionally coloured) or
//! as JSON.
//!
//! Plain text marks the path with `*`, the range with `:`, and blanks the tiles out of view
//! when a field of view is asked for; colour dims them instead. Thin walls and doors on sides
//! are drawn as the game's compact map draws them (`render_sides`).

use super::coords::{numbers, show};
use super::names::{item_glyph, monster_glyph};
use super::render_sides;
use crate::fov::{MAX_TREE_RADIUS, visible_tiles};
use crate::geom;
use crate::map::{CornerFeature, Grid, Level, PlacementKind, SideFeature, Terrain};
use crate::path::{arrivals_in, astar_in, terrain_cost};
use ratatui::crossterm::style::Stylize;
use serde::Serialize;
use std::fmt::Write as _;

/// The player's sight radius: the default radius of `--fov`.
pub const PLAYER_SIGHT: u32 = 8;

/// The overlays asked for, each tile by its storage cell (see [`super::coords`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Overlays {
    /// Field of view from a tile with a radius.
    pub fov: Option<(geom::Cell, u32)>,
    /// The cheapest path between two tiles.
    pub path: Option<(geom::Cell, geom::Cell)>,
    /// The tiles a walker from a tile arrives on within some actions.
    pub range: Option<(geom::Cell, u32)>,
}

/// The overlays, computed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Computed {
    /// The visible tiles, in reading order.
    pub fov: Option<Vec<geom::Cell>>,
    /// Whether a path was asked for.
    pub path_asked: bool,
    /// The path and its cost, if asked for and found.
    pub path: Option<(Vec<geom::Cell>, u32)>,
    /// The tiles in range, in reading order.
    pub range: Option<Vec<geom::Cell>>,
}

/// Computes the overlays with the game's own rules: the field of view a creature standing on
/// the tile has, the path travel would take (its cost in actions), the tiles a walker arrives
/// on within the actions given (the range overlay's rule, [`arrivals_in`]). A tile that is not
/// on the map, or an overlay that starts where no creature can stand, is an error message.
pub fn compute(level: &Level, overlays: &Overlays) -> Result<Computed, String> {
    let grid = &level.terrain;
    let mut out = Computed::default();
    if let Some((from, radius)) = overlays.fov {
        standing(level, from, "--fov")?;
        check_radius(level, radius)?;
        out.fov = Some(
            visible_tiles(level, from, radius)
                .into_iter()
                .map(|i| grid.cell(i))
                .collect(),
        );
    }
    if let Some((a, b)) = overlays.path {
        standing(level, a, "--path")?;
        on_map(level, b, "--path")?;
        out.path_asked = true;
        out.path = astar_in(level, terrain_cost(level), a, b);
    }
    if let Some((from, actions)) = overlays.range {
        let start = standing(level, from, "--range")?;
        let tiles = arrivals_in(level, terrain_cost(level), start, actions);
        out.range = Some(tiles.into_iter().map(|(i, _)| grid.cell(i)).collect());
    }
    Ok(out)
}

/// The storage index of `h`, or why it is not a tile of the map.
fn on_map(level: &Level, h: geom::Cell, what: &str) -> Result<usize, String> {
    let grid = &level.terrain;
    grid.index(h).ok_or_else(|| {
        format!(
            "{what}: {} is not a tile of the map",
            show(grid.tiling(), h)
        )
    })
}

/// The storage index of `h`, or why no creature can stand there to start an overlay.
fn standing(level: &Level, h: geom::Cell, what: &str) -> Result<usize, String> {
    let i = on_map(level, h, what)?;
    let t = level.terrain[i];
    if t.blocks_movement() {
        return Err(format!(
            "{what}: {} is {}: expected a tile a creature can stand on",
            show(level.terrain.tiling(), h),
            t.describe()
        ));
    }
    Ok(i)
}

/// Refuses a field-of-view radius that still exceeds [`MAX_TREE_RADIUS`] once cut to the
/// map's span: beyond it the view is computed one line per tile, which grows with the map's
/// area times the radius.
fn check_radius(level: &Level, radius: u32) -> Result<(), String> {
    let (lo, hi) = level.terrain.bounds();
    let span = (i64::from(hi.x) - i64::from(lo.x)) + (i64::from(hi.y) - i64::from(lo.y));
    if i64::from(radius).min(span) > i64::from(MAX_TREE_RADIUS) {
        return Err(format!(
            "--fov: radius {radius} is more than the limit of {MAX_TREE_RADIUS} (the map spans {span} tiles)"
        ));
    }
    Ok(())
}

#[derive(Serialize)]
struct Json {
    grid: &'static str,
    tiles: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    fov: Option<Vec<Vec<i32>>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    path: Option<serde_json::Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    path_cost: Option<serde_json::Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    range: Option<Vec<Vec<i32>>>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    sides: Vec<EdgeJson>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    corners: Vec<EdgeJson>,
}

/// A side or corner holding a feature: its large-projection cell `[c, r]` and the feature.
#[derive(Serialize)]
struct EdgeJson {
    at: [i32; 2],
    feature: &'static str,
}

/// The sides and corners of a level holding features, in storage order.
fn edges_json(level: &Level) -> (Vec<EdgeJson>, Vec<EdgeJson>) {
    let sides = level.side_features().into_iter().map(|(s, f)| EdgeJson {
        at: [s.c, s.r],
        feature: f.name(),
    });
    let corners = level.corner_features().into_iter().map(|(c, f)| EdgeJson {
        at: [c.c, c.r],
        feature: match f {
            CornerFeature::Open => "open",
            CornerFeature::Pillar => "pillar",
        },
    });
    (sides.collect(), corners.collect())
}

/// The JSON form: `{"grid": "hex", "tiles": N, "fov": [[x,y],...], "path": [...]|null,
/// "path_cost": C, "range": [...]}` with keys only for the overlays computed; a tile is
/// `[x, y]`, or `[x, y, s]` on triangle maps. A level with thin walls, doors on sides or
/// pillars adds `"sides": [{"at": [c, r], "feature": "wall"}, ...]` (features `wall`,
/// `closed_door`, `open_door`) and `"corners"` likewise (`pillar`): `[c, r]` is the cell in the
/// large projection with `H = 0`, the column and row of a large-form file's body.
pub fn to_json(level: &Level, c: &Computed) -> String {
    let (sides, corners) = edges_json(level);
    let tiling = level.terrain.tiling();
    let pairs = |tiles: &[geom::Cell]| -> Vec<Vec<i32>> {
        tiles.iter().map(|&h| numbers(tiling, h)).collect()
    };
    let json = Json {
        grid: tiling.name(),
        tiles: level.terrain.len(),
        fov: c.fov.as_deref().map(pairs),
        path: c
            .path_asked
            .then(|| serde_json::json!(c.path.as_ref().map(|(h, _)| pairs(h)))),
        path_cost: c
            .path_asked
            .then(|| serde_json::json!(c.path.as_ref().map(|&(_, cost)| cost))),
        range: c.range.as_deref().map(pairs),
        sides,
        corners,
    };
    serde_json::to_string(&json).unwrap_or_default()
}

/// The screen offset `H` that draws the leftmost tile of `grid` at column 0, by its tiling.
pub fn screen_offset<T>(grid: &Grid<T>) -> i32 {
    let tiling = grid.tiling();
    grid.indices()
        .map(|i| tiling.screen(grid.cell(i), 0).0)
        .min()
        .map_or(0, |col| -col)
}

/// The width and height, in terminal cells, of the whole map drawn with [`screen_offset`].
pub fn screen_size<T>(grid: &Grid<T>) -> (i32, i32) {
    let (tiling, h) = (grid.tiling(), screen_offset(grid));
    let (lo, hi) = grid.bounds();
    let width = grid
        .indices()
        .map(|i| tiling.screen(grid.cell(i), h).0)
        .max()
        .map_or(0, |m| m + 1);
    (width, hi.y - lo.y + 1)
}

/// The most terminal cells (width × height of the map as drawn) `map render` draws as
/// text: the text grows with the map's width plus height, so a thin diagonal map small on disk
/// could otherwise ask for terabytes.
pub const MAX_TEXT_CELLS: u64 = 1 << 24;

/// The terminal cells the text of `grid` covers: width × height of its drawing.
pub fn text_area<T: Clone>(grid: &Grid<T>) -> u64 {
    let (width, height) = screen_size(grid);
    u64::from(width.max(0).unsigned_abs()) * u64::from(height.max(0).unsigned_abs())
}

/// Refuses a map whose text would cover more than [`MAX_TEXT_CELLS`], before anything is drawn.
pub fn check_text_area<T: Clone>(grid: &Grid<T>) -> Result<(), String> {
    let (width, height) = screen_size(grid);
    let area = text_area(grid);
    if area > MAX_TEXT_CELLS {
        return Err(format!(
            "the map would be drawn {width} columns wide and {height} rows high ({area} cells): \
             expected at most {MAX_TEXT_CELLS} cells; use --json for the overlays"
        ));
    }
    Ok(())
}

/// How much work drawing took, for tests that catch a path growing with the square of the map.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct TextWork {
    /// Grid storage cells looked at while drawing (each once).
    pub cells_visited: u64,
    /// Overlay tiles marked (each once).
    pub marks_set: u64,
}

/// The map as the game draws it (each tile where its tiling puts it, [`screen_offset`]), with
/// overlays, then one line per overlay; coloured with ANSI codes when `colour`. A map whose
/// text would exceed [`MAX_TEXT_CELLS`] is refused.
pub fn to_text(level: &Level, c: &Computed, colour: bool) -> Result<String, String> {
    to_text_counted(level, c, colour).map(|(text, _)| text)
}

/// Dense marks over the grid's storage: whether each index is one of `hexes`.
fn marks(grid: &Grid<Terrain>, hexes: &[geom::Cell], work: &mut TextWork) -> Vec<bool> {
    let mut out = vec![false; grid.storage_len()];
    for &h in hexes {
        if let Some(i) = grid.index(h) {
            out[i] = true;
            work.marks_set += 1;
        }
    }
    out
}

/// [`to_text`], with a count of the work done.
pub fn to_text_counted(
    level: &Level,
    c: &Computed,
    colour: bool,
) -> Result<(String, TextWork), String> {
    let grid = &level.terrain;
    check_text_area(grid)?;
    let mut work = TextWork::default();
    let overlay = overlay_marks_counted(level, c, &mut work);
    let shown = glyphs(level);
    // Two columns and a row more than the tiles take: a thin wall or door on the map's edge
    // is drawn beside or above them, where the game draws it; blank margins are cut after.
    let (tiling, h) = (grid.tiling(), screen_offset(grid) + render_sides::MARGIN);
    let (lo, hi) = grid.bounds();
    let mut lines = Vec::new();
    for y in lo.y - 1..=hi.y {
        let mut line = String::new();
        let mut col = 0;
        let mut left: Option<(geom::Cell, i32)> = None;
        for x in lo.x - 1..=hi.x + 1 {
            work.cells_visited += 1;
            let t = geom::Cell::new(x, y);
            // Along a row a tile's column grows with its cell's x on every tiling.
            let (tile_col, _) = tiling.screen(t, h);
            let i = grid.index(t);
            let under = render_sides::under_tile(level, t);
            if tile_col < col || (i.is_none() && under.is_none() && !tiling.has_sides()) {
                continue;
            }
            for _ in col..tile_col {
                line.push(' ');
            }
            if let Some((l, _)) = left.filter(|&(_, c)| c + 2 == tile_col && tiling.has_sides()) {
                // The column between two tiles of a row: its side, a join, or a space.
                line.pop();
                render_sides::draw_between(render_sides::between(level, l, t), colour, &mut line);
            }
            col = tile_col + 1;
            match i {
                Some(i) => {
                    let terrain = grid[i].glyph_on(tiling, grid.class(i));
                    let mut cell = Cell::at(&overlay, i, shown[i], terrain);
                    cell.under = under;
                    cell.draw(colour, &mut line);
                }
                None => render_sides::draw_blank(under, colour, &mut line),
            }
            left = Some((t, tile_col));
        }
        lines.push(line.trim_end().to_string());
    }
    let mut out = String::new();
    for line in render_sides::cut_margins(lines) {
        out.push_str(&line);
        out.push('\n');
    }
    summary(&mut out, c);
    Ok((out, work))
}

/// The overlays as dense marks over the grid's storage.
pub(super) struct OverlayMarks {
    /// In view, when a field of view was asked for.
    seen: Option<Vec<bool>>,
    /// In the movement range.
    in_range: Vec<bool>,
    /// On the path.
    on_path: Vec<bool>,
}

/// The overlays of `c` as marks over `level`'s storage.
pub(super) fn overlay_marks(level: &Level, c: &Computed) -> OverlayMarks {
    overlay_marks_counted(level, c, &mut TextWork::default())
}

fn overlay_marks_counted(level: &Level, c: &Computed, work: &mut TextWork) -> OverlayMarks {
    let grid = &level.terrain;
    OverlayMarks {
        seen: c.fov.as_deref().map(|f| marks(grid, f, work)),
        in_range: marks(grid, c.range.as_deref().unwrap_or(&[]), work),
        on_path: marks(grid, c.path.as_ref().map_or(&[], |(p, _)| p), work),
    }
}

/// One tile with its overlays, ready to draw.
pub(super) struct Cell {
    glyph: char,
    terrain_glyph: char,
    seen: bool,
    in_range: bool,
    on_path: bool,
    /// The feature on a side below the tile that underlines it (compact drawing only).
    under: Option<SideFeature>,
}

/// The name `map render --large` knows a tile's drawing by.
pub(super) type TileMark = Cell;

impl Cell {
    /// The tile at storage index `i`, shown as `glyph` on terrain drawn `terrain_glyph` (as
    /// the game draws the terrain there: [`Terrain::glyph_on`]).
    pub(super) fn at(m: &OverlayMarks, i: usize, glyph: char, terrain_glyph: char) -> Cell {
        Cell {
            glyph,
            terrain_glyph,
            seen: m.seen.as_ref().is_none_or(|s| s[i]),
            in_range: m.in_range[i],
            on_path: m.on_path[i],
            under: None,
        }
    }

    /// Appends the tile's glyph with its overlays to `line`.
    pub(super) fn draw(&self, colour: bool, line: &mut String) {
        match (colour, self.seen) {
            (false, false) => line.push(' '),
            (false, true) if self.on_path => line.push('*'),
            (false, true) if self.in_range && self.glyph == self.terrain_glyph => line.push(':'),
            (false, true) => line.push(self.glyph),
            (true, _) => {
                let shown = if self.on_path { '*' } else { self.glyph };
                let mut s = shown.stylize();
                s = if self.on_path {
                    s.yellow().bold()
                } else if self.seen {
                    s.white()
                } else {
                    s.dark_grey()
                };
                if self.in_range {
                    s = s.on_dark_blue();
                }
                let _ = write!(line, "{}", render_sides::underlined(s, self.under));
            }
        }
        if !colour && self.under.is_some() {
            line.push(render_sides::UNDERLINE);
        }
    }
}

/// Appends one line per overlay computed.
pub(super) fn summary(out: &mut String, c: &Computed) {
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

/// What the game shows on each tile, by storage index: the start, else the first monster
/// placed there, else the first item, else the terrain. One pass over the placements.
pub(super) fn glyphs(level: &Level) -> Vec<char> {
    let grid = &level.terrain;
    // As the game draws them: a down-pointing triangle's floor is `.`'s high twin.
    let tiling = grid.tiling();
    let mut out: Vec<char> = (0..grid.storage_len())
        .map(|i| grid[i].glyph_on(tiling, grid.class(i)))
        .collect();
    let mut rank = vec![0u8; out.len()];
    let mut put = |h: geom::Cell, glyph: char, r: u8| {
        if let Some(i) = grid.index(h)
            && rank[i] < r
        {
            out[i] = glyph;
            rank[i] = r;
        }
    };
    for p in &level.placements {
        match &p.kind {
            PlacementKind::Monster(m) => put(p.at, monster_glyph(m), 2),
            PlacementKind::Item(i) => put(p.at, item_glyph(i), 1),
        }
    }
    if let Some(s) = level.start {
        put(s, '@', 3);
    }
    out
}

#[cfg(test)]
#[path = "render_tests.rs"]
mod tests;
