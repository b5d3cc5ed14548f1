//! `.hexmap` files in the large projection: sides and corners read from their cells, every
//! error at its place, round trips of levels with sides on both tilings with sides, and
//! garbage that must not panic.
#![allow(clippy::unwrap_used)]

use hexdeep::geom::{Cell, Corner, LargeCell, Side, Tiling};
use hexdeep::map::{CornerFeature, Grid, Level, Placement, PlacementKind, SideFeature, Terrain};
use hexdeep::mapfile::hexmap::canonical_offset;
use hexdeep::mapfile::{MapFileErrors, parse_hexmap, write_hexmap};
use proptest::prelude::*;

const FRONT: &str = "+++\nprojection = \"large\"\n+++\n";

/// Two rooms of hexes: a thin wall between them with a closed door, an open door to the
/// stairs, a pillar, and the outline walls on the map's edge.
const HEX: &str =
    "\n / \\ / \\ / \\\n| @ | .   . |\n \\ / \\ + \\ / \\\n  | .   . ' > |\n   \\ / \\ /o\\ /\n";

fn read(body: &str) -> Level {
    let text = format!("{FRONT}{body}");
    match parse_hexmap("l.hexmap", text.as_bytes()) {
        Ok(l) => l.level,
        Err(e) => panic!("{e}"),
    }
}

fn errors(text: &str) -> MapFileErrors {
    parse_hexmap("l.hexmap", text.as_bytes()).unwrap_err()
}

/// The first error as `line:col: message`.
fn first_error(body: &str) -> String {
    let e = errors(&format!("{FRONT}{body}"));
    let p = e.errors().next().unwrap();
    let (l, c) = p.at.unwrap();
    format!("{l}:{c}: {}", p.message)
}

fn side(level: &Level, a: (i32, i32), b: (i32, i32)) -> SideFeature {
    let s = level
        .side_of(Cell::new(a.0, a.1), Cell::new(b.0, b.1))
        .unwrap();
    level.side_at(s)
}

#[test]
fn a_hex_map_reads_its_tiles_sides_and_corners() {
    let level = read(HEX);
    // Row 2, column 2 is tile ((2 + 2) / 4, 2 / 2).
    assert_eq!(level.start, Some(Cell::new(1, 1)));
    assert_eq!(level.terrain_at(Cell::new(4, 2)), Some(Terrain::StairsDown));
    assert_eq!(level.terrain.len(), 6);
    assert_eq!(side(&level, (1, 1), (2, 1)), SideFeature::Wall);
    assert_eq!(side(&level, (2, 1), (3, 1)), SideFeature::Open);
    assert_eq!(side(&level, (2, 1), (2, 2)), SideFeature::Wall);
    assert_eq!(side(&level, (2, 1), (3, 2)), SideFeature::DoorClosed);
    assert_eq!(side(&level, (3, 2), (4, 2)), SideFeature::DoorOpen);
    assert_eq!(side(&level, (1, 1), (2, 2)), SideFeature::Wall);
    // The outline on the map's edge is kept: a wall between a tile and no tile.
    assert_eq!(level.side_at(Side::new(1, 1)), SideFeature::Wall);
    assert_eq!(
        level.corner_features(),
        vec![(Corner::new(10, 5), CornerFeature::Pillar)]
    );
    assert!(level.has_sides());
}

#[test]
fn a_square_map_reads_long_sides_and_their_joins() {
    // Tiles on columns 4x, rows 2y: the left wall on column 2 moves them one tile right.
    let body = "
  +---+---+---+
  | @   .   . |
  +---+-+-+   +
  | .   . ' > |
  +---o---+---+
";
    let text = format!("+++\ngrid = \"square\"\nprojection = \"large\"\n+++\n{body}");
    let level = parse_hexmap("s.hexmap", text.as_bytes()).unwrap().level;
    assert_eq!(level.terrain.tiling(), Tiling::Square);
    assert_eq!(level.terrain.len(), 6);
    assert_eq!(level.start, Some(Cell::new(1, 1)));
    assert_eq!(side(&level, (1, 1), (2, 1)), SideFeature::Open);
    assert_eq!(side(&level, (1, 1), (1, 2)), SideFeature::Wall);
    assert_eq!(side(&level, (2, 1), (2, 2)), SideFeature::DoorClosed);
    assert_eq!(side(&level, (3, 1), (3, 2)), SideFeature::Open);
    assert_eq!(side(&level, (2, 2), (3, 2)), SideFeature::DoorOpen);
    assert_eq!(
        level.corner_features(),
        vec![(Corner::new(6, 5), CornerFeature::Pillar)]
    );
    // Written back, corners join only walls: `-` along a level run, `|` along an upright one.
    let written = write_hexmap(&level, "s").unwrap();
    let joined = "
  +-----------+
  | @   .   . |
  +---- +     |
  | .   . ' > |
  +---o-------+
";
    assert!(written.ends_with(joined), "{written}");
    let back = parse_hexmap("s.hexmap", written.as_bytes()).unwrap().level;
    assert_eq!(back, level);
}

#[test]
fn a_side_glyph_that_does_not_fit_its_cell_is_named() {
    // Row 2 (line 6), column 4 is the side between (1, 1) and (2, 1): drawn '|'.
    let bad = HEX.replacen("| @ |", "| @ /", 1);
    assert_eq!(
        first_error(&bad),
        "6:5: '/' cannot stand on this side; a thin wall here is drawn '|'"
    );
    let bad = HEX.replacen(" / \\", " | \\", 1);
    assert_eq!(
        first_error(&bad),
        "5:2: '|' cannot stand on this side; a thin wall here is drawn '/'"
    );
    let bad = HEX.replacen("\\ + \\", "\\ # \\", 1);
    assert!(
        first_error(&bad).starts_with("7:8: '#' on a side between tiles: expected a space"),
        "{}",
        first_error(&bad)
    );
}

#[test]
fn corners_and_gaps_hold_only_what_they_may() {
    let bad = HEX.replacen("/o\\", "/x\\", 1);
    assert!(
        first_error(&bad).starts_with("9:11: 'x' on a corner: expected a space, 'o'"),
        "{}",
        first_error(&bad)
    );
    // Joins on corners are drawing only.
    let joined = HEX.replacen(" / \\ / \\", " /+\\-/|\\", 1);
    assert_eq!(read(&joined), read(HEX));
    let bad = HEX.replacen("| @ |", "|#@ |", 1);
    assert_eq!(
        first_error(&bad),
        "6:2: '#' beside a tile's centre: expected a space (a tile's sides are two columns \
         away; tiles stand on even rows, column + row a multiple of 4, counted from 0)"
    );
    // On squares a '-' continues only a side that holds something.
    let text = "+++\ngrid = \"square\"\nprojection = \"large\"\n+++\n\n\n  | . |\n   -\n  | . |\n";
    let e = errors(text);
    let p = e.errors().next().unwrap();
    assert_eq!(p.at, Some((8, 4)), "{e}");
    assert!(p.message.contains("'-' continuing a wall or door"), "{e}");
}

#[test]
fn a_side_needs_a_tile_of_the_map_beside_it() {
    // A wall between two empty cells, far from the one tile.
    let e = errors(&format!("{FRONT}.\n\n        |\n"));
    let p = e.errors().next().unwrap();
    assert_eq!(p.at, Some((6, 9)));
    assert!(
        p.message
            .starts_with("a thin wall between two places that are not tiles of the map"),
        "{e}"
    );
    let e = errors(&format!("{FRONT}.\n\n\n          o\n"));
    assert!(
        e.to_string().contains("a pillar on a corner of no tile"),
        "{e}"
    );
    // A wall on the map's edge is kept.
    let level = read("\n /\n  .\n");
    assert_eq!(level.side_at(Side::new(1, 1)), SideFeature::Wall);
}

#[test]
fn the_projection_is_checked_against_the_grid() {
    let e = errors("+++\ngrid = \"triangle\"\nprojection = \"large\"\n+++\n. .\n");
    let p = e.errors().next().unwrap();
    assert_eq!(p.at, Some((3, 14)));
    assert!(p.message.contains("a triangle map has none"), "{e}");
    assert_eq!(e.errors().count(), 1, "the body is not read: {e}");
    let e = errors("+++\nprojection = \"huge\"\n+++\n.\n");
    assert!(e.to_string().contains("unknown projection \"huge\""), "{e}");
    // `compact` is the default, said out loud.
    let level = parse_hexmap("c.hexmap", b"+++\nprojection = \"compact\"\n+++\n. .\n").unwrap();
    assert_eq!(level.level.terrain.len(), 2);
}

#[test]
fn an_outline_on_the_first_row_says_to_leave_a_blank_line() {
    let e = errors(&format!("{FRONT} / \\\n| . |\n"));
    assert_eq!(e.errors().count(), 1, "{e}");
    let p = e.errors().next().unwrap();
    assert_eq!(p.at, Some((4, 2)));
    assert!(p.message.contains("need a blank line above them"), "{e}");
}

#[test]
fn a_level_without_sides_is_written_compact_and_one_with_sides_large() {
    let level = read(HEX);
    let text = write_hexmap(&level, "l").unwrap();
    assert!(text.contains("projection = \"large\""), "{text}");
    // Read from a canonical place, written back exactly.
    assert!(text.ends_with(HEX), "{text}");
    let plain = parse_hexmap("p.hexmap", b"# # #\n # @ #\n").unwrap().level;
    let text = write_hexmap(&plain, "p").unwrap();
    assert!(!text.contains("projection"), "{text}");
}

/// A random level on `tiling` with random terrain, placements, a start, side features and
/// pillars on the sides and corners of its tiles.
fn arb_level(tiling: Tiling) -> impl Strategy<Value = Level> {
    let tile = (0i32..10, 0i32..7, 0usize..9);
    (
        proptest::collection::vec(tile, 1..40),
        proptest::collection::vec((0usize..40, 0usize..6, 1usize..4), 0..30),
        proptest::collection::vec((0usize..40, 0usize..6), 0..4),
        proptest::collection::vec((0usize..40, 0usize..2), 0..4),
        any::<bool>(),
    )
        .prop_map(move |(tiles, sides, pillars, extras, with_start)| {
            let cells: Vec<Cell> = tiles
                .iter()
                .map(|&(x, y, _)| Cell::new(x - 3, y - 2))
                .collect();
            let mut grid = Grid::from_cells(tiling, &cells, Terrain::Floor).unwrap();
            for (c, &(_, _, t)) in cells.iter().zip(&tiles) {
                grid.set(*c, Terrain::ALL[t]);
            }
            grid.set(cells[0], Terrain::Floor);
            let mut level = Level::new("lvl", 2, grid);
            for (i, k, f) in sides {
                let all = tiling.tile_sides(cells[i % cells.len()]);
                assert!(level.set_side(all[k % all.len()], SideFeature::ALL[f]));
            }
            for (i, k) in pillars {
                let all = tiling.tile_corners(cells[i % cells.len()]);
                assert!(level.set_corner(all[k % all.len()], CornerFeature::Pillar));
            }
            for (i, n) in extras {
                let at = cells[i % cells.len()];
                let kind = if n == 0 {
                    PlacementKind::Monster("goblin".into())
                } else {
                    PlacementKind::Item("dart".into())
                };
                if !level.placements.iter().any(|p| p.at == at) {
                    level.placements.push(Placement { at, kind });
                }
            }
            if with_start {
                level.start = Some(cells[0]);
            }
            level
        })
}

/// The level moved by whole tiles `shift`, sides and corners with it.
fn moved(level: &Level, shift: Cell) -> Level {
    let tiling = level.terrain.tiling();
    let (dc, dr) = tiling.large_cell(shift).unwrap();
    let cells: Vec<Cell> = level
        .terrain
        .iter()
        .map(|(h, _)| h.offset(shift.x, shift.y))
        .collect();
    let mut grid = Grid::from_cells(tiling, &cells, Terrain::Floor).unwrap();
    for (h, t) in level.terrain.iter() {
        grid.set(h.offset(shift.x, shift.y), *t);
    }
    let mut out = Level::new(&level.name, level.depth, grid);
    out.start = level.start.map(|s| s.offset(shift.x, shift.y));
    for (s, f) in level.side_features() {
        out.set_side(Side::new(s.c + dc, s.r + dr), f);
    }
    for (c, f) in level.corner_features() {
        out.set_corner(Corner::new(c.c + dc, c.r + dr), f);
    }
    out
}

fn round_trip(level: &Level) -> Result<(), TestCaseError> {
    let text = write_hexmap(level, "lvl").unwrap();
    prop_assert_eq!(
        text.contains("projection = \"large\""),
        !level.side_features().is_empty() || !level.corner_features().is_empty()
    );
    let back = match parse_hexmap("lvl.hexmap", text.as_bytes()) {
        Ok(b) => b.level,
        Err(e) => return Err(TestCaseError::fail(format!("{e}\n{text}"))),
    };
    let want = moved(level, canonical_offset(level));
    prop_assert_eq!(&back.terrain, &want.terrain, "{}", text);
    prop_assert_eq!(back.start, want.start);
    prop_assert_eq!(back.side_features(), want.side_features(), "{}", text);
    prop_assert_eq!(back.corner_features(), want.corner_features(), "{}", text);
    prop_assert_eq!(back.placements.len(), level.placements.len());
    // Writing again gives the same text: the form is canonical.
    prop_assert_eq!(write_hexmap(&back, "lvl").unwrap(), text);
    Ok(())
}

proptest! {
    #[test]
    fn hex_levels_with_sides_read_back_the_same(level in arb_level(Tiling::Hex)) {
        round_trip(&level)?;
    }

    #[test]
    fn square_levels_with_sides_read_back_the_same(level in arb_level(Tiling::Square)) {
        round_trip(&level)?;
    }

    #[test]
    fn random_bytes_in_the_large_form_never_panic(
        bytes in proptest::collection::vec(
            prop_oneof![Just(b' '), Just(b'|'), Just(b'/'), Just(b'\\'), Just(b'-'), Just(b'+'),
                        Just(b'\''), Just(b'o'), Just(b'.'), Just(b'#'), Just(b'\n'), any::<u8>()],
            0..400),
        square in any::<bool>(),
    ) {
        let grid = if square { "grid = \"square\"\n" } else { "" };
        let mut text = format!("+++\n{grid}projection = \"large\"\n+++\n").into_bytes();
        text.extend(bytes);
        if let Err(e) = parse_hexmap("r.hexmap", &text) {
            prop_assert!(e.errors().count() > 0);
            for p in e.errors() {
                prop_assert!(p.to_string().starts_with("r.hexmap:"), "{}", p);
            }
        }
    }

    #[test]
    fn a_side_glyph_in_any_cell_is_read_or_refused_at_its_place(
        row in 0usize..9, col in 0usize..16, glyph in prop::sample::select(vec!['|', '/', '\\', '-', '+', '\'', 'o']),
    ) {
        let mut lines: Vec<Vec<char>> = HEX.split('\n').map(|l| l.chars().collect()).collect();
        let line = &mut lines[row.min(6)];
        while line.len() <= col {
            line.push(' ');
        }
        line[col] = glyph;
        let body: Vec<String> = lines.iter().map(|l| l.iter().collect()).collect();
        let text = format!("{FRONT}{}", body.join("\n"));
        let (r, c) = (row.min(6) as i32, col as i32);
        match parse_hexmap("g.hexmap", text.as_bytes()) {
            Ok(_) => prop_assert!(!matches!(Tiling::Hex.large_cell_at(c, r), LargeCell::Gap)),
            Err(e) => {
                let first = e.errors().next().unwrap();
                prop_assert_eq!(first.at, Some((row.min(6) + 4, col + 1)), "{}", e);
            }
        }
    }
}

/// The tiles reachable from `from` by steps `may` allows.
fn reachable(level: &Level, from: Cell, may: impl Fn(Cell, Cell) -> bool) -> Vec<Cell> {
    let mut seen = vec![from];
    let mut todo = vec![from];
    while let Some(a) = todo.pop() {
        for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1)] {
            let b = a.offset(dx, dy);
            if !seen.contains(&b) && level.passable(b) && may(a, b) {
                seen.push(b);
                todo.push(b);
            }
        }
    }
    seen
}

#[test]
fn the_bundled_thin_walled_keep_is_reached_through_its_doors() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("data/maps/thin_keep.hexmap");
    let loaded = hexdeep::mapfile::load_map(&path).unwrap();
    assert!(loaded.warnings.is_empty(), "{:?}", loaded.warnings);
    let level = &loaded.level;
    assert_eq!(level.terrain.tiling(), Tiling::Hex);
    let doors = |f| level.side_features().iter().filter(|s| s.1 == f).count();
    assert!(doors(SideFeature::Wall) > 100);
    assert!(doors(SideFeature::DoorClosed) >= 5 && doors(SideFeature::DoorOpen) >= 3);
    let stairs = level
        .terrain
        .iter()
        .find(|(_, t)| **t == Terrain::StairsDown)
        .map(|(h, _)| h)
        .unwrap();
    let start = level.start.unwrap();
    // Every passable tile is reached across open sides and doors, none across a thin wall...
    let all = reachable(level, start, |a, b| level.move_allowed(a, b));
    let passable = level
        .terrain
        .iter()
        .filter(|(h, _)| level.passable(*h))
        .count();
    assert_eq!(all.len(), passable);
    // ...and the stairs only by opening a door.
    let shut = reachable(level, start, |a, b| level.sight_crosses(a, b));
    assert!(all.contains(&stairs) && !shut.contains(&stairs));
    // Written back, the keep is the same level.
    let text = write_hexmap(level, "thin_keep").unwrap();
    let back = parse_hexmap("thin_keep.hexmap", text.as_bytes())
        .unwrap()
        .level;
    assert_eq!(&back, level);
}

#[path = "support/cli.rs"]
mod cli;

#[test]
fn map_render_draws_the_large_form_and_lists_sides_in_json() {
    let dir = cli::scratch("large");
    let file = dir.join("l.hexmap");
    std::fs::write(&file, format!("{FRONT}{HEX}")).unwrap();
    let f = file.to_str().unwrap();
    let out = cli::run(&["map", "render", f, "--large"]);
    assert_eq!(out.status.code(), Some(0), "{}", cli::stderr(&out));
    // Without colour (not a terminal) the drawing is the file's body.
    assert_eq!(cli::stdout(&out), HEX);
    let out = cli::run(&["map", "render", f, "--large", "--path", "2,1:3,1"]);
    assert!(
        cli::stdout(&out).contains("| @ | *   * |"),
        "{}",
        cli::stdout(&out)
    );

    let out = cli::run(&["map", "render", f, "--json"]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["tiles"], 6);
    let sides = v["sides"].as_array().unwrap();
    assert!(sides.contains(&serde_json::json!({"at": [4, 2], "feature": "wall"})));
    assert!(sides.contains(&serde_json::json!({"at": [7, 3], "feature": "closed_door"})));
    assert!(sides.contains(&serde_json::json!({"at": [10, 4], "feature": "open_door"})));
    assert_eq!(
        v["corners"],
        serde_json::json!([{"at": [10, 5], "feature": "pillar"}])
    );

    // A compact map draws large too; a triangle map cannot.
    let plain = dir.join("p.hexmap");
    std::fs::write(&plain, "# # #\n # @ #\n").unwrap();
    let out = cli::run(&["map", "render", plain.to_str().unwrap(), "--large"]);
    assert_eq!(cli::stdout(&out), "#   #   #\n\n  #   @   #\n");
    let tri = dir.join("t.hexmap");
    std::fs::write(&tri, "+++\ngrid = \"triangle\"\n+++\n#.#\n").unwrap();
    let out = cli::run(&["map", "render", tri.to_str().unwrap(), "--large"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        cli::stderr(&out).contains("no sides"),
        "{}",
        cli::stderr(&out)
    );
}

#[test]
fn long_lines_are_reported_at_most_as_often_as_any_error() {
    let line = "|".repeat(5000);
    let text = format!("{FRONT}{}", vec![line; 400].join("\n"));
    let e = errors(&text);
    assert!(e.problems.len() <= 201, "{}", e.problems.len());
    assert!(
        e.to_string()
            .starts_with("l.hexmap:4:4097: error: the line is 5000 characters long")
    );
}

#[test]
fn the_large_drawing_in_colour_marks_walls_and_doors() {
    use hexdeep::mapfile::render::Computed;
    use hexdeep::mapfile::render_large::to_text_large;
    let level = read(HEX);
    let plain = to_text_large(&level, &Computed::default(), false).unwrap();
    assert_eq!(plain, HEX);
    let colour = to_text_large(&level, &Computed::default(), true).unwrap();
    assert!(colour.contains('\u{1b}'), "{colour}");
    // Without the escapes it is the same drawing.
    let mut bare = String::new();
    let mut chars = colour.chars();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' {
            chars.by_ref().find(|&c| c == 'm');
        } else {
            bare.push(c);
        }
    }
    assert_eq!(bare, plain);
}
