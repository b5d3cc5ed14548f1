//! `.hexmap` files of square and triangle maps (ARCHITECTURE.md, "Tilings"): where each glyph
//! lands, errors with their line and column, the overlays of `map render` on small drawn
//! maps, and round trips through the writer.
#![allow(clippy::unwrap_used)]

use hexdeep::geom::{Cell, Tiling, Tri};
use hexdeep::map::{Grid, Level, Placement, PlacementKind, Terrain};
use hexdeep::mapfile::hexmap::canonical_offset;
use hexdeep::mapfile::render::{Overlays, compute, to_json};
use hexdeep::mapfile::{MapFileErrors, parse_hexmap, write_hexmap};
use proptest::prelude::*;

fn load(text: &str) -> Level {
    match parse_hexmap("t.hexmap", text.as_bytes()) {
        Ok(l) => l.level,
        Err(e) => panic!("{e}\n{text}"),
    }
}

fn errors(text: &str) -> MapFileErrors {
    parse_hexmap("t.hexmap", text.as_bytes()).unwrap_err()
}

fn square(body: &str) -> String {
    format!("+++\ngrid = \"square\"\n+++\n{body}")
}

fn triangle(body: &str) -> String {
    format!("+++\ngrid = \"triangle\"\n+++\n{body}")
}

/// The storage cell of triangle `(x, y, s)`.
fn tri(x: i32, y: i32, s: u8) -> Cell {
    Cell::from(Tri::new(x, y, s))
}

/// `map render --json` of `level` with `overlays`, as a JSON value.
fn json(level: &Level, overlays: &Overlays) -> serde_json::Value {
    let c = compute(level, overlays).unwrap();
    serde_json::from_str(&to_json(level, &c)).unwrap()
}

#[test]
fn square_glyphs_land_on_even_columns() {
    let level = load(&square("# # # #\n# @ . #\n# . ~ #\n# # # #\n"));
    assert_eq!(level.terrain.tiling(), Tiling::Square);
    assert_eq!(level.terrain.len(), 16);
    assert_eq!(level.start, Some(Cell::new(1, 1)));
    assert_eq!(
        level.terrain_at(Cell::new(2, 2)),
        Some(Terrain::ShallowWater)
    );
    assert_eq!(level.terrain_at(Cell::new(3, 0)), Some(Terrain::Wall));
}

#[test]
fn a_square_glyph_between_tiles_must_join_two_walls() {
    // Joining walls are read as nothing at all.
    let level = load(&square("#######\n# . @ #\n"));
    assert_eq!(level.terrain.len(), 8);
    // `.` on column 4 of the second body line (line 5 of the file) is between tiles.
    let e = errors(&square("# # # #\n# @. . #\n"));
    let p = e.errors().next().unwrap();
    assert_eq!(p.at, Some((5, 4)), "{e}");
    assert_eq!(
        p.message,
        "'.' between tiles (an odd column): expected a space, or a wall glyph joining two walls"
    );
    // A wall next to a floor does not join: column 6 (1-based) is between `.` and `#`.
    let e = errors(&square("# # # #\n# @ .## #\n"));
    assert_eq!(e.errors().next().unwrap().at, Some((5, 6)), "{e}");
}

#[test]
fn an_unknown_grid_names_its_place_and_the_three_tilings() {
    let e = errors("+++\nname = \"x\"\ngrid =  \"hexes\"\n+++\n# @ #\n");
    let p = e.errors().next().unwrap();
    assert_eq!(p.at, Some((3, 9)), "{e}");
    assert_eq!(
        p.message,
        "unknown grid \"hexes\": expected hex, square or triangle"
    );
    // Only that error: the body is not read with a guessed tiling.
    assert_eq!(e.problems.len(), 1, "{e}");
    let e = errors("+++\ngrid = 3\n+++\n# @ #\n");
    assert_eq!(e.errors().next().unwrap().at.map(|a| a.0), Some(2), "{e}");
}

#[test]
fn triangle_glyphs_are_one_tile_per_column() {
    let level = load(&triangle("#####\n#@..#\n#####\n"));
    assert_eq!(level.terrain.tiling(), Tiling::Triangle);
    assert_eq!(level.terrain.len(), 15);
    // Column 1, row 1: s = (1 + 1) mod 2 = 0, x = (1 − 1 − 0) / 2 = 0.
    assert_eq!(level.start, Some(tri(0, 1, 0)));
    assert_eq!(level.terrain_at(tri(0, 1, 1)), Some(Terrain::Floor));
    assert_eq!(level.terrain_at(tri(1, 1, 1)), Some(Terrain::Wall));
}

#[test]
fn triangle_messages_name_tiles_as_x_y_s() {
    let text = "+++\ngrid = \"triangle\"\n[legend]\n\"g\" = { monster = \"goblin\", terrain = \"wall\" }\n+++\n#####\n#@.g#\n#####\n";
    let loaded = parse_hexmap("t.hexmap", text.as_bytes()).unwrap();
    // `g` at column 3, row 1: s = 0, x = 1.
    let w = &loaded.warnings[0];
    assert_eq!(w.at, Some((7, 4)));
    assert_eq!(
        w.message,
        "the monster goblin at (1, 1, 0) stands on a wall"
    );
    // A start on a wall.
    let text = "+++\ngrid = \"triangle\"\n[legend]\n\"s\" = { start = true, terrain = \"wall\" }\n+++\n###\n#.s\n";
    let e = errors(text);
    let p = e.errors().next().unwrap();
    assert_eq!(p.at, Some((7, 3)), "{e}");
    assert!(
        p.message
            .starts_with("the player start (0, 1, 1) is on a wall"),
        "{e}"
    );
    // Unreachable stairs, named the same way.
    let loaded = parse_hexmap("t.hexmap", triangle("@.#>\n").as_bytes()).unwrap();
    let w = &loaded.warnings[0];
    assert_eq!(w.at, Some((4, 4)));
    assert!(
        w.message
            .starts_with("stairs down at (1, 0, 1) cannot be reached from the start (0, 0, 0)"),
        "{}",
        w.message
    );
}

#[test]
fn a_long_triangle_line_reads_and_a_longer_one_is_an_error() {
    let line = ".".repeat(4096);
    let level = load(&triangle(&format!("@{}\n", &line[1..])));
    assert_eq!(level.terrain.len(), 4096);
    let e = errors(&triangle(&format!("@{line}\n")));
    let p = e.errors().next().unwrap();
    assert_eq!(p.at, Some((4, 4097)), "{e}");
    let mut bytes = triangle("@.\n").into_bytes();
    bytes.insert(bytes.len() - 2, 0xFF);
    let e = parse_hexmap("t.hexmap", &bytes).unwrap_err();
    assert_eq!(e.errors().next().unwrap().at, Some((4, 2)), "{e}");
}

#[test]
fn square_overlays_follow_the_design() {
    // Two rooms joined by a corridor one tile wide; a diagonal gap between two walls.
    let level = load(&square(
        "# # # # # # # # #\n\
         # . . # # # # . #\n\
         # . . . . . . . #\n\
         # . . # # # # # #\n\
         # # # . # # # # #\n\
         # # # # # # # # #\n",
    ));
    let v = json(
        &level,
        &Overlays {
            path: Some((Cell::new(1, 1), Cell::new(7, 1))),
            ..Overlays::default()
        },
    );
    assert_eq!(v["grid"], "square");
    // A diagonal step into the corridor (between two floors), along it, and then not
    // diagonally up into the nook (7, 1): that step would pass the wall (6, 1).
    assert_eq!(
        v["path"],
        serde_json::json!([
            [1, 1],
            [2, 2],
            [3, 2],
            [4, 2],
            [5, 2],
            [6, 2],
            [7, 2],
            [7, 1]
        ])
    );
    assert_eq!(v["path_cost"], 7);
    // (3, 4) touches the room only diagonally, past the walls (3, 3) and (2, 4): refused.
    let v = json(
        &level,
        &Overlays {
            path: Some((Cell::new(2, 3), Cell::new(3, 4))),
            range: Some((Cell::new(2, 3), 5)),
            ..Overlays::default()
        },
    );
    assert!(v["path"].is_null() && v["path_cost"].is_null(), "{v}");
    assert!(
        !v["range"]
            .as_array()
            .unwrap()
            .contains(&serde_json::json!([3, 4])),
        "{v}"
    );
    // From the corridor the view runs its length and shows the walls on both sides of it.
    let v = json(
        &level,
        &Overlays {
            fov: Some((Cell::new(4, 2), 8)),
            ..Overlays::default()
        },
    );
    let seen = v["fov"].as_array().unwrap();
    for x in 3..=6 {
        assert!(seen.contains(&serde_json::json!([x, 1])), "wall ({x}, 1)");
        assert!(seen.contains(&serde_json::json!([x, 3])), "wall ({x}, 3)");
    }
    // Past the corridor's walls nothing: the tile below them is hidden.
    assert!(!seen.contains(&serde_json::json!([3, 4])), "{v}");
}

#[test]
fn triangle_overlays_follow_the_design() {
    // An open room: from (1, 2, 1) the tile above through its top corner is (2, 1, 0), one
    // step costing 1 + 1; across sides it is 3 steps.
    let room = "##########\n#........#\n#........#\n#........#\n##########\n";
    let level = load(&triangle(room));
    let from = tri(1, 2, 1);
    let v = json(
        &level,
        &Overlays {
            path: Some((from, tri(2, 1, 0))),
            ..Overlays::default()
        },
    );
    assert_eq!(v["grid"], "triangle");
    assert_eq!(v["path"], serde_json::json!([[1, 2, 1], [2, 1, 0]]));
    assert_eq!(v["path_cost"], 2);
    // A wall at one of the four other tiles around that corner refuses the corner move: the
    // path goes across sides, 3 steps.
    let mut walled = level.clone();
    let blocker = tri(1, 1, 1);
    walled.terrain.set(blocker, Terrain::Wall);
    let v = json(
        &walled,
        &Overlays {
            path: Some((from, tri(2, 1, 0))),
            ..Overlays::default()
        },
    );
    assert_eq!(v["path_cost"], 3, "{v}");
    assert_eq!(v["path"].as_array().unwrap().len(), 4, "{v}");
    // Inside the room every wall around it is seen, and nothing else is there to see.
    let v = json(
        &level,
        &Overlays {
            fov: Some((from, 8)),
            range: Some((from, 1)),
            ..Overlays::default()
        },
    );
    assert_eq!(
        v["fov"].as_array().unwrap().len(),
        level.terrain.len(),
        "{v}"
    );
    // Range 1 action: itself, its three side neighbours and the three beyond its corners (a
    // move through a corner arrives in one action and leaves the walker busy for one more).
    assert_eq!(
        v["range"],
        serde_json::json!([
            [2, 1, 0],
            [1, 2, 0],
            [1, 2, 1],
            [2, 2, 0],
            [0, 3, 0],
            [1, 3, 0],
            [2, 3, 0]
        ])
    );
}

/// A random level of square or triangle tiles (storage cells within a small box), with
/// terrain, some monsters and items, and maybe a start.
fn arb_level() -> impl Strategy<Value = Level> {
    let tile = (0i32..14, 0i32..7, 0usize..9);
    (
        prop_oneof![Just(Tiling::Square), Just(Tiling::Triangle)],
        proptest::collection::vec(tile, 1..60),
        proptest::collection::vec((0usize..60, 0usize..4), 0..5),
        any::<bool>(),
        1u32..4,
    )
        .prop_map(|(tiling, tiles, extras, with_start, depth)| {
            let cells: Vec<Cell> = tiles
                .iter()
                .map(|&(x, y, _)| Cell::new(x - 5, y - 2))
                .collect();
            let mut grid = Grid::from_cells(tiling, &cells, Terrain::Floor).unwrap();
            for (c, &(_, _, t)) in cells.iter().zip(&tiles) {
                grid.set(*c, Terrain::ALL[t]);
            }
            // A level with no passable tile is refused on reading; keep one.
            grid.set(cells[0], Terrain::Floor);
            let mut level = Level::new("lvl", depth, grid);
            let names = ["goblin", "kobold", "dart", "potion of healing"];
            let mut seen = Vec::new();
            for (i, n) in extras {
                let at = cells[i % cells.len()];
                let kind = if n < 2 {
                    PlacementKind::Monster(names[n].into())
                } else {
                    PlacementKind::Item(names[n].into())
                };
                if !seen.contains(&(at, n < 2)) {
                    seen.push((at, n < 2));
                    level.placements.push(Placement { at, kind });
                }
            }
            if with_start {
                level.start = level
                    .terrain
                    .iter()
                    .find(|(_, t)| !t.blocks_movement())
                    .map(|(h, _)| h);
            }
            level
        })
}

fn sorted(mut placements: Vec<Placement>) -> Vec<Placement> {
    placements.sort_by_key(|p| (p.at.y, p.at.x, format!("{:?}", p.kind)));
    placements
}

proptest! {
    #[test]
    fn square_and_triangle_levels_read_back_as_written(level in arb_level()) {
        let tiling = level.terrain.tiling();
        let text = write_hexmap(&level, "lvl").unwrap();
        let back = match parse_hexmap("lvl.hexmap", text.as_bytes()) {
            Ok(b) => b.level,
            Err(e) => return Err(TestCaseError::fail(format!("{e}\n{text}"))),
        };
        // The same tiles moved by whole tiles: on triangles each keeps which way it points.
        let shift = canonical_offset(&level);
        if tiling == Tiling::Triangle {
            prop_assert_eq!((shift.x + shift.y).rem_euclid(2), 0);
        }
        let cells: Vec<Cell> = level.terrain.iter().map(|(h, _)| h.offset(shift.x, shift.y)).collect();
        let mut grid = Grid::from_cells(tiling, &cells, Terrain::Floor).unwrap();
        for (h, t) in level.terrain.iter() {
            grid.set(h.offset(shift.x, shift.y), *t);
        }
        prop_assert_eq!(&back.terrain, &grid);
        prop_assert_eq!(back.start, level.start.map(|s| s.offset(shift.x, shift.y)));
        prop_assert_eq!(back.depth, level.depth);
        let moved: Vec<Placement> = level
            .placements
            .iter()
            .map(|p| Placement { at: p.at.offset(shift.x, shift.y), kind: p.kind.clone() })
            .collect();
        prop_assert_eq!(sorted(back.placements.clone()), sorted(moved));
        // The text starts at row 0 and column 0 or 1, and writing again gives it back.
        let body: Vec<&str> = text.lines().skip_while(|l| *l != "+++").skip(1).skip_while(|l| *l != "+++").skip(1).collect();
        prop_assert!(!body.is_empty() && !body[0].trim().is_empty(), "{}", text);
        let indent = body.iter().filter(|l| !l.trim().is_empty()).map(|l| l.len() - l.trim_start().len()).min();
        prop_assert!(indent.is_some_and(|i| i <= 1), "{}", text);
        prop_assert_eq!(write_hexmap(&back, "lvl").unwrap(), text);
    }
}

#[test]
fn a_triangle_corridor_is_seen_along_its_length_with_its_walls() {
    // A corridor one row of triangles high between two wall rows.
    let level = load(&triangle(&format!(
        "{}\n#@{}#\n{}\n",
        "#".repeat(30),
        ".".repeat(27),
        "#".repeat(30)
    )));
    let from = tri(0, 1, 0);
    let radius = 8;
    let v = json(
        &level,
        &Overlays {
            fov: Some((from, radius)),
            range: Some((from, 3)),
            ..Overlays::default()
        },
    );
    let seen: Vec<Cell> = v["fov"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            let n: Vec<i32> = t
                .as_array()
                .unwrap()
                .iter()
                .map(|n| n.as_i64().unwrap() as i32)
                .collect();
            tri(n[0], n[1], n[2] as u8)
        })
        .collect();
    let tiling = Tiling::Triangle;
    let within = |h: Cell| tiling.within_sight(from, h, radius);
    for (h, t) in level.terrain.iter() {
        if *t == Terrain::Floor || level.start == Some(h) {
            // Every floor tile within the radius is in view, and none beyond.
            assert_eq!(seen.contains(&h), within(h), "{h:?}");
        }
    }
    for &h in &seen {
        if level.terrain_at(h) != Some(Terrain::Floor) {
            continue;
        }
        // The wall across the flat side of each floor tile in view: above one pointing down
        // (s = 0), below one pointing up.
        let t = Tri::from(h);
        let across = if t.s == 0 {
            h.offset(0, -1)
        } else {
            h.offset(0, 1)
        };
        if within(across) {
            assert!(seen.contains(&across), "the wall {across:?} over {h:?}");
        }
    }
    // Walking costs 1 across a side: range 3 is the start and the next three along the row.
    assert_eq!(
        v["range"],
        serde_json::json!([[0, 1, 0], [0, 1, 1], [1, 1, 0], [1, 1, 1]])
    );
}

#[test]
fn the_bundled_square_and_triangle_maps_read_back_as_written() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("data/maps");
    for (name, tiling) in [
        ("square_keep", Tiling::Square),
        ("triangle_hall", Tiling::Triangle),
    ] {
        let loaded = hexdeep::mapfile::load_map(&dir.join(format!("{name}.hexmap"))).unwrap();
        let level = loaded.level;
        assert_eq!(level.terrain.tiling(), tiling);
        assert!(loaded.warnings.is_empty(), "{:?}", loaded.warnings);
        // Drawn from row 0, column 0: the writer moves nothing.
        assert_eq!(canonical_offset(&level), Cell::new(0, 0), "{name}");
        let text = write_hexmap(&level, name).unwrap();
        let back = parse_hexmap(&format!("{name}.hexmap"), text.as_bytes())
            .unwrap()
            .level;
        assert_eq!(back.terrain, level.terrain, "{name}");
        assert_eq!(back.start, level.start, "{name}");
        assert_eq!(back.name, level.name, "{name}");
        assert_eq!(sorted(back.placements), sorted(level.placements), "{name}");
    }
}
