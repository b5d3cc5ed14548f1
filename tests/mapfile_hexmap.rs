//! `.hexmap` reading and writing: the example, every error with its place, round trips, and
//! garbage that must not panic.
#![allow(clippy::unwrap_used)]

use hexdeep::geom::{Cell, Tiling};
use hexdeep::map::{Grid, Level, Placement, PlacementKind, Terrain};
use hexdeep::mapfile::hexmap::canonical_offset;
use hexdeep::mapfile::{MapFileErrors, parse_hexmap, write_hexmap};
use proptest::prelude::*;

fn errors(text: &str) -> MapFileErrors {
    parse_hexmap("t.hexmap", text.as_bytes()).unwrap_err()
}

/// The first error's place and message.
fn first_error(text: &str) -> ((usize, usize), String) {
    let e = errors(text);
    let p = e.errors().next().unwrap();
    (p.at.unwrap(), p.message.clone())
}

#[test]
fn crossroads_has_the_coordinates_its_readme_gives() {
    // The design's example map, kept in the repository so the test always runs.
    let bytes = include_bytes!("data/crossroads.hexmap");
    let loaded = parse_hexmap("crossroads.hexmap", bytes).unwrap();
    let level = &loaded.level;
    assert_eq!(level.name, "Crossroads");
    assert_eq!(level.start, Some(Cell::new(3, 2)));
    assert_eq!(level.terrain_at(Cell::new(7, 3)), Some(Terrain::DoorClosed));
    assert_eq!(level.terrain_at(Cell::new(10, 4)), Some(Terrain::Floor));
    assert_eq!(
        level.placements,
        vec![Placement {
            at: Cell::new(10, 4),
            kind: PlacementKind::Monster("goblin".into())
        }]
    );
    assert_eq!(
        level.terrain_at(Cell::new(13, 5)),
        Some(Terrain::StairsDown)
    );
}

#[test]
fn glyphs_land_on_the_design_example() {
    // ARCHITECTURE.md: `@` at row 1, column 5 is (3, 1).
    let text = "# # # # #\n # . @ . #\n# . . . #\n";
    let level = parse_hexmap("d.hexmap", text.as_bytes()).unwrap().level;
    assert_eq!(level.start, Some(Cell::new(3, 1)));
    assert_eq!(level.terrain_at(Cell::new(4, 0)), Some(Terrain::Wall));
    assert_eq!(level.terrain_at(Cell::new(1, 2)), Some(Terrain::Wall));
    assert_eq!(level.terrain.len(), 15);
    assert_eq!(level.name, "d");
}

#[test]
fn joining_walls_are_accepted_and_other_in_between_glyphs_are_not() {
    let level = parse_hexmap("j.hexmap", b"#######\n # . #\n")
        .unwrap()
        .level;
    assert_eq!(level.terrain.len(), 7);
    assert_eq!(first_error("# .#\n @\n").0, (1, 4));
    let (at, msg) = first_error("# . #\n @.\n");
    assert_eq!(at, (2, 3));
    assert!(msg.contains("expected a space"), "{msg}");
}

#[test]
fn every_error_names_its_line_and_column() {
    let front = "+++\nname = \"x\"\n[legend]\n\"g\" = { monster = \"balrog\" }\n+++\n. g\n";
    let (at, msg) = first_error(front);
    assert_eq!(at, (4, 19));
    assert!(
        msg.contains("unknown monster") && msg.contains("goblin"),
        "{msg}"
    );

    let (at, msg) = first_error("+++\n[legend]\n\"p\" = { item = \"lightsaber\" }\n+++\np\n");
    assert_eq!(at, (3, 16));
    assert!(msg.contains("unknown item"), "{msg}");

    let (at, msg) = first_error(". . X .\n");
    assert_eq!(at, (1, 5));
    assert!(msg.contains("unknown glyph 'X'"), "{msg}");

    let (at, msg) = first_error(". @ .\n . @\n");
    assert_eq!(at, (2, 4));
    assert!(msg.contains("line 1, column 3"), "{msg}");

    let (at, msg) =
        first_error("+++\n[legend]\n\"S\" = { terrain = \"wall\", start = true }\n+++\n. S\n");
    assert_eq!(at, (5, 3));
    assert!(msg.contains("expected passable"), "{msg}");

    let (at, msg) = first_error("+++\nname = \"x\"\n+++\n   \n");
    assert_eq!(at, (4, 1));
    assert!(msg.contains("no tiles"), "{msg}");

    let (at, msg) = first_error("+++\nname = \"x\"\ndepth = = 3\n+++\n.\n");
    assert_eq!(at.0, 3);
    assert!(msg.starts_with("bad front matter"), "{msg}");

    let (at, _) = first_error("+++\nname = \"x\"\n. .\n");
    assert_eq!(at, (1, 1));

    let e = parse_hexmap("t.hexmap", b". .\n. \xff\n").unwrap_err();
    assert_eq!(e.problems[0].at, Some((2, 3)));
    assert!(e.problems[0].message.contains("UTF-8"));

    let long = format!(". .\n{}\n", ". ".repeat(3000));
    let (at, msg) = first_error(&long);
    assert_eq!(at, (2, 4097));
    assert!(msg.contains("4096"), "{msg}");

    let huge = vec![b'.'; (4 << 20) + 10];
    let e = parse_hexmap("t.hexmap", &huge).unwrap_err();
    assert_eq!(e.problems[0].at, Some((1, (4 << 20) + 1)));
    assert!(e.problems[0].message.contains("4 MiB"));
}

#[test]
fn errors_are_all_reported_in_file_order() {
    let e = errors("X . Y\n");
    let places: Vec<_> = e.problems.iter().map(|p| p.at.unwrap()).collect();
    assert_eq!(places, vec![(1, 1), (1, 5)]);
    assert!(
        e.to_string()
            .starts_with("t.hexmap:1:1: error: unknown glyph")
    );
}

#[test]
fn warnings_for_no_start_and_unreachable_stairs() {
    let loaded = parse_hexmap("w.hexmap", b". < # > .\n").unwrap();
    let text: Vec<String> = loaded.warnings.iter().map(ToString::to_string).collect();
    assert!(
        text.iter()
            .any(|w| w.contains("no player start") && w.contains("(1, 0)")),
        "{text:?}"
    );
    assert!(
        text.iter()
            .any(|w| w.starts_with("w.hexmap:1:7: warning: stairs down")),
        "{text:?}"
    );
    assert!(
        text.iter().any(|w| w.contains("1 passable tile cannot")),
        "{text:?}"
    );
    assert_eq!(loaded.level.start_or_default(), Some(Cell::new(1, 0)));
}

fn arb_level() -> impl Strategy<Value = Level> {
    let tile = (0i32..12, 0i32..8, 0usize..9);
    (
        proptest::collection::vec(tile, 1..60),
        proptest::collection::vec((0usize..60, 0usize..7), 0..6),
        any::<bool>(),
        0u32..4,
    )
        .prop_map(|(tiles, extras, with_start, depth)| {
            let hexes: Vec<Cell> = tiles
                .iter()
                .map(|&(x, y, _)| Cell::new(x - 4, y - 3))
                .collect();
            let mut grid = Grid::from_cells(Tiling::Hex, &hexes, Terrain::Floor).unwrap();
            for (h, &(_, _, t)) in hexes.iter().zip(&tiles) {
                grid.set(*h, Terrain::ALL[t]);
            }
            // A level with no passable tile is refused on reading; keep one.
            grid.set(hexes[0], Terrain::Floor);
            let mut level = Level::new("lvl", depth, grid);
            let names = [
                "goblin",
                "kobold",
                "jackal",
                "ogre",
                "imp",
                "dart",
                "potion of healing",
            ];
            let mut seen = Vec::new();
            for (i, n) in extras {
                let at = hexes[i % hexes.len()];
                let kind = if n < 5 {
                    PlacementKind::Monster(names[n].into())
                } else {
                    PlacementKind::Item(names[n].into())
                };
                let slot = (at, n < 5);
                if !seen.contains(&slot) {
                    seen.push(slot);
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

fn canonical(mut placements: Vec<Placement>) -> Vec<Placement> {
    placements.sort_by(|a, b| {
        (a.at.y, a.at.x, format!("{:?}", a.kind)).cmp(&(b.at.y, b.at.x, format!("{:?}", b.kind)))
    });
    placements
}

proptest! {
    #[test]
    fn written_levels_read_back_the_same(level in arb_level()) {
        let text = write_hexmap(&level, "lvl").unwrap();
        let back = match parse_hexmap("lvl.hexmap", text.as_bytes()) {
            Ok(b) => b.level,
            Err(e) => return Err(TestCaseError::fail(format!("{e}\n{text}"))),
        };
        let shift = canonical_offset(&level);
        let hexes: Vec<Cell> = level.terrain.iter().map(|(h, _)| h.offset(shift.x, shift.y)).collect();
        let mut grid = Grid::from_cells(Tiling::Hex, &hexes, Terrain::Floor).unwrap();
        for (h, t) in level.terrain.iter() {
            grid.set(h.offset(shift.x, shift.y), *t);
        }
        prop_assert_eq!(&back.terrain, &grid);
        prop_assert_eq!(back.start, level.start.map(|s| s.offset(shift.x, shift.y)));
        prop_assert_eq!(back.depth, level.depth);
        prop_assert_eq!(&back.name, "lvl");
        let moved: Vec<Placement> = level.placements.iter().map(|p| Placement { at: p.at.offset(shift.x, shift.y), kind: p.kind.clone() }).collect();
        prop_assert_eq!(canonical(back.placements.clone()), canonical(moved));
        // Writing again gives the same text: the form is canonical.
        prop_assert_eq!(write_hexmap(&back, "lvl").unwrap(), text);
    }

    #[test]
    fn random_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        let _ = parse_hexmap("r.hexmap", &bytes);
    }

    #[test]
    fn mutated_maps_never_panic(edits in proptest::collection::vec((0usize..400, any::<u8>()), 1..8)) {
        let mut bytes = b"+++\nname = \"m\"\n[legend]\n\"g\" = { monster = \"goblin\" }\n+++\n# # # #\n # @ g #\n# . > #\n".to_vec();
        for (i, b) in edits {
            let i = i % (bytes.len() + 1);
            if b % 3 == 0 { bytes.insert(i, b); } else if i < bytes.len() { bytes[i] = b; }
        }
        if let Err(e) = parse_hexmap("m.hexmap", &bytes) {
            prop_assert!(e.errors().count() > 0);
        }
    }
}

#[test]
fn a_bad_legend_entry_is_reported_once_not_again_as_an_unknown_glyph() {
    for (text, says) in [
        (
            "+++\n[legend]\n\"g\" = { monster = \"dragon\" }\n+++\n# g @ g\n",
            "unknown monster \"dragon\"",
        ),
        (
            "+++\n[legend]\n\"g\" = \"goblin\"\n+++\n# g @ g\n",
            "expected a legend entry",
        ),
        (
            "+++\n[legend]\n\"g\" = { monster = \"goblin\", colour = 1 }\n+++\n# g @\n",
            "unknown field `colour`",
        ),
    ] {
        let errors = parse_hexmap("l.hexmap", text.as_bytes()).unwrap_err();
        let all = errors.to_string();
        assert_eq!(errors.problems.len(), 1, "{all}");
        assert!(all.contains(says), "{all}");
        assert!(!all.contains("Raw") && !all.contains("struct"), "{all}");
        assert!(all.starts_with("l.hexmap:3:"), "{all}");
    }
}
