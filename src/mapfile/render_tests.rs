//! `map render` text against the plain per-screen-cell drawing it replaced, and its limits.

use super::*;
use crate::geom::{Cell, Tiling};
use crate::map::{Grid, Level, Shape, Terrain};
use crate::mapfile::load_map;
use crate::mapfile::render_sides::{cut_margins, draw_between, draw_blank};

/// The tile drawn at screen `(col, row)` with offset `h`, by the tiling's rule written out
/// backwards (ARCHITECTURE.md, "Tilings"): `None` between tiles.
fn tile_at(tiling: Tiling, col: i32, row: i32, h: i32) -> Option<Cell> {
    let c = col - h;
    match tiling {
        Tiling::Hex => crate::geom::Cabinet::new(h)
            .tile_at(col, row)
            .map(Cell::from),
        Tiling::Square => (c.rem_euclid(2) == 0).then(|| Cell::new(c.div_euclid(2), row)),
        Tiling::Triangle => Some(Cell::new(c, row)),
    }
}

/// The drawing as first written: every screen cell of every row, each overlay searched as a
/// list. Quadratic, so only for small maps; kept as the oracle.
fn reference(level: &Level, c: &Computed, colour: bool) -> String {
    let grid = &level.terrain;
    let (tiling, margin) = (grid.tiling(), 2);
    let h = screen_offset(grid) + margin;
    let (lo, hi) = grid.bounds();
    let (width, _) = screen_size(grid);
    let path: &[Cell] = c.path.as_ref().map_or(&[], |(p, _)| p);
    let mut lines = Vec::new();
    for y in lo.y - 1..=hi.y {
        let mut line = String::new();
        for col in 0..width + 2 * margin {
            // Every place a tile could stand, on the map or beside it.
            let place = |col| tile_at(tiling, col, y, h);
            let Some(t) = place(col).filter(|&t| grid.contains(t)) else {
                match (place(col), place(col - 1), place(col + 1)) {
                    (None, Some(l), Some(r)) if tiling.has_sides() => {
                        draw_between(render_sides::between(level, l, r), colour, &mut line);
                    }
                    (Some(t), _, _) if tiling.has_sides() => {
                        draw_blank(render_sides::under_tile(level, t), colour, &mut line);
                    }
                    _ => line.push(' '),
                }
                continue;
            };
            let glyph = if level.start == Some(t) {
                '@'
            } else {
                let here = || level.placements.iter().filter(|p| p.at == t);
                let monster = here().find_map(|p| match &p.kind {
                    PlacementKind::Monster(m) => Some(monster_glyph(m)),
                    PlacementKind::Item(_) => None,
                });
                let item = here().find_map(|p| match &p.kind {
                    PlacementKind::Item(i) => Some(item_glyph(i)),
                    PlacementKind::Monster(_) => None,
                });
                monster.or(item).unwrap_or_else(|| {
                    let i = grid.index(t).unwrap();
                    grid[i].glyph_on(grid.tiling(), grid.class(i))
                })
            };
            let i = grid.index(t).unwrap();
            let cell = super::Cell {
                glyph,
                terrain_glyph: grid[i].glyph_on(tiling, grid.class(i)),
                under: render_sides::under_tile(level, t),
                seen: c.fov.as_ref().is_none_or(|f| f.contains(&t)),
                in_range: c.range.as_ref().is_some_and(|r| r.contains(&t)),
                on_path: path.contains(&t),
            };
            cell.draw(colour, &mut line);
        }
        lines.push(line.trim_end().to_string());
    }
    let mut out = String::new();
    for line in cut_margins(lines) {
        out.push_str(&line);
        out.push('\n');
    }
    summary(&mut out, c);
    out
}

fn bundled() -> Vec<Level> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("data/maps");
    [
        "arena",
        "flooded_cave",
        "fortress",
        "square_keep",
        "thin_keep",
        "triangle_hall",
    ]
    .iter()
    .map(|n| load_map(&dir.join(format!("{n}.hexmap"))).unwrap().level)
    .collect()
}

#[test]
fn the_text_matches_the_plain_drawing() {
    for level in bundled() {
        let tiles: Vec<Cell> = level
            .terrain
            .iter()
            .filter(|(_, t)| !t.blocks_movement())
            .map(|(h, _)| h)
            .collect();
        let from = level.start_or_default().unwrap();
        let far = tiles[tiles.len() / 2];
        let overlays = [
            Overlays::default(),
            Overlays {
                fov: Some((from, 6)),
                path: Some((from, far)),
                range: Some((from, 5)),
            },
            Overlays {
                range: Some((far, 9)),
                ..Overlays::default()
            },
        ];
        for o in &overlays {
            let c = compute(&level, o).unwrap();
            for colour in [false, true] {
                assert_eq!(
                    to_text(&level, &c, colour).unwrap(),
                    reference(&level, &c, colour),
                    "{} {o:?} {colour}",
                    level.name
                );
            }
        }
    }
}

#[test]
fn drawing_visits_each_cell_once_and_marks_each_overlay_tile_once() {
    // A 400 × 400 rectangle with the whole map in range, on the path and in view: the old
    // drawing compared every screen cell with every marked tile (10^10 steps).
    let grid = Grid::new(
        &Shape::Rectangle {
            width: 400,
            height: 400,
        },
        Terrain::Floor,
    )
    .unwrap();
    let level = Level::new("big", 1, grid);
    let from = level.start_or_default().unwrap();
    let c = compute(
        &level,
        &Overlays {
            fov: Some((from, 64)),
            path: Some((
                from,
                level.terrain.cell(level.terrain.indices().last().unwrap()),
            )),
            range: Some((from, 10_000)),
        },
    )
    .unwrap();
    let (_, work) = to_text_counted(&level, &c, false).unwrap();
    let storage = level.terrain.storage_len() as u64;
    assert!(work.cells_visited <= storage, "{work:?} > {storage}");
    let marked = c.fov.as_ref().unwrap().len()
        + c.range.as_ref().unwrap().len()
        + c.path.as_ref().unwrap().0.len();
    assert_eq!(work.marks_set, marked as u64);
}

#[test]
fn a_thin_diagonal_map_is_refused_before_drawing() {
    // Two tiles a million rows apart: 3 million storage cells, but 10^12 cells of text.
    let grid = Grid::from_cells(
        Tiling::Hex,
        &[Cell::new(0, 0), Cell::new(0, 1_000_000)],
        Terrain::Floor,
    )
    .unwrap();
    let level = Level::new("thin", 1, grid);
    assert!(text_area(&level.terrain) > MAX_TEXT_CELLS);
    let err = to_text(&level, &Computed::default(), false).unwrap_err();
    assert!(err.contains("expected at most 16777216 cells"), "{err}");
    assert!(err.contains("1000001 rows high"), "{err}");
}

#[test]
fn a_fov_radius_beyond_the_tree_is_refused_unless_the_map_is_smaller() {
    let grid = Grid::new(
        &Shape::Rectangle {
            width: 200,
            height: 100,
        },
        Terrain::Floor,
    )
    .unwrap();
    let level = Level::new("wide", 1, grid);
    let from = level.start_or_default().unwrap();
    let ask = |r| {
        compute(
            &level,
            &Overlays {
                fov: Some((from, r)),
                ..Overlays::default()
            },
        )
    };
    let err = ask(1000).unwrap_err();
    assert!(err.contains("limit of 64"), "{err}");
    assert!(ask(MAX_TREE_RADIUS).is_ok());
    // A small map cuts any radius to its span.
    let small = &bundled()[0];
    let from = small.start_or_default().unwrap();
    let o = Overlays {
        fov: Some((from, u32::MAX)),
        ..Overlays::default()
    };
    assert!(compute(small, &o).is_ok());
}
