//! `map render --fov --json` follows the two-line rule of field of view (ARCHITECTURE.md,
//! "Field of view") on every tiling, with and without sides: a zigzag corridor and its mirror
//! image are seen whole, and every bundled map's overlay is the plain definition's.
#![allow(clippy::unwrap_used)]

#[path = "support/cli.rs"]
mod cli;
use cli::{run, scratch};
use hexdeep::fov::visible_by_lines_across;
use hexdeep::geom::{Cell, Tiling};
use hexdeep::mapfile::load_map;
use std::collections::BTreeSet;
use std::path::Path;

/// The fov overlay `map render FILE --fov AT --json` prints, as cells.
fn rendered_fov(file: &Path, at: &str) -> BTreeSet<Vec<i64>> {
    let out = run(&[
        "map",
        "render",
        file.to_str().unwrap(),
        "--fov",
        at,
        "--json",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", cli::stderr(&out));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    v["fov"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            t.as_array()
                .unwrap()
                .iter()
                .map(|n| n.as_i64().unwrap())
                .collect()
        })
        .collect()
}

/// A hex map, as its text, of walls around a corridor that zigzags straight up the screen
/// from its bottom row: NE, NW, NE, … (`first_ne`) or the other way. Also its floor tiles.
fn zigzag_map(first_ne: bool) -> (String, Vec<Cell>) {
    let (rows, width) = (18, 41);
    let mut at = Cell::new(14, 17);
    let mut floor = vec![at];
    for k in 0..16 {
        let ne = (k % 2 == 0) == first_ne;
        at = if ne {
            at.offset(0, -1)
        } else {
            at.offset(-1, -1)
        };
        floor.push(at);
    }
    let mut text = String::new();
    for y in 0..rows {
        let line: String = (0..width)
            .map(|c: i32| {
                if (c + y) % 2 != 0 {
                    ' '
                } else if floor.contains(&Cell::new(i32::midpoint(c, y), y)) {
                    '.'
                } else {
                    '#'
                }
            })
            .collect();
        text.push_str(&line);
        text.push('\n');
    }
    (text, floor)
}

/// A map text mirrored left to right (every line reversed; the width is odd, so tiles stay on
/// tile columns).
fn mirrored(text: &str) -> String {
    text.lines()
        .map(|l| l.chars().rev().collect::<String>() + "\n")
        .collect()
}

/// The tile of a hex map text at row `y`, column `c`.
fn tile(c: i32, y: i32) -> Cell {
    Cell::new(i32::midpoint(c, y), y)
}

#[test]
fn a_zigzag_corridor_and_its_mirror_image_are_seen_whole() {
    let dir = scratch("zigzag");
    for first_ne in [true, false] {
        let (text, floor) = zigzag_map(first_ne);
        let width = text.lines().next().unwrap().len() as i32;
        for (name, text, floor) in [
            ("plain", text.clone(), floor.clone()),
            (
                "mirror",
                mirrored(&text),
                // Tile (x, y) at column 2x − y goes to column width − 1 − (2x − y).
                floor
                    .iter()
                    .map(|h| tile(width - 1 - (2 * h.x - h.y), h.y))
                    .collect(),
            ),
        ] {
            let file = dir.join(format!("{name}-{first_ne}.hexmap"));
            std::fs::write(&file, &text).unwrap();
            let bottom = floor[0];
            let seen = rendered_fov(&file, &format!("{},{},16", bottom.x, bottom.y));
            for h in &floor {
                let cell = vec![i64::from(h.x), i64::from(h.y)];
                assert!(
                    seen.contains(&cell),
                    "{name}, first step {}: {h} not seen from {bottom}\n{text}",
                    if first_ne { "NE" } else { "NW" }
                );
            }
        }
    }
}

/// A tile as `map render` writes it in JSON: `[x, y]`, or `[x, y, s]` on triangles.
fn json_tile(tiling: Tiling, cell: Cell) -> Vec<i64> {
    match tiling {
        Tiling::Triangle => {
            let t = hexdeep::geom::Tri::from(cell);
            vec![i64::from(t.x), i64::from(t.y), i64::from(t.s)]
        }
        _ => vec![i64::from(cell.x), i64::from(cell.y)],
    }
}

#[test]
fn every_bundled_maps_fov_overlay_is_the_two_line_definition() {
    let maps = Path::new(env!("CARGO_MANIFEST_DIR")).join("data/maps");
    let mut tilings = BTreeSet::new();
    let mut with_sides = false;
    for entry in std::fs::read_dir(&maps).unwrap() {
        let file = entry.unwrap().path();
        let level = load_map(&file).unwrap().level;
        let grid = &level.terrain;
        let tiling = grid.tiling();
        tilings.insert(tiling.to_string());
        with_sides |= level.has_sides();
        let open: Vec<usize> = grid
            .indices()
            .filter(|&i| !grid[i].blocks_sight() && grid[i].move_cost().is_some())
            .collect();
        for &from in open.iter().step_by(open.len() / 6 + 1) {
            let cell = grid.cell(from);
            let want: BTreeSet<Vec<i64>> = visible_by_lines_across(
                grid,
                |i| grid[i].blocks_sight(),
                |i, j| level.sight_crosses(grid.cell(i), grid.cell(j)),
                grid.cell(from),
                8,
            )
            .into_iter()
            .map(|i| json_tile(tiling, grid.cell(i)))
            .collect();
            let at = json_tile(tiling, cell);
            let at: Vec<String> = at.iter().map(ToString::to_string).collect();
            let seen = rendered_fov(&file, &format!("{},8", at.join(",")));
            assert_eq!(seen, want, "{} from {cell:?}", file.display());
        }
    }
    assert_eq!(tilings.len(), 3, "{tilings:?}");
    assert!(with_sides, "a bundled map has thin walls");
}
