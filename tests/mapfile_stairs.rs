//! A map without stairs down is played with stairs where the generator would put them: the
//! tile farthest from the start by steps. Checked against the generator itself, on every
//! tiling, and through `map check` and `play`'s reading of map files.
#![allow(clippy::unwrap_used)]

#[path = "support/cli.rs"]
mod cli;
use hexdeep::content::Content;
use hexdeep::geom::{Cell, Tiling};
use hexdeep::map::{Level, Terrain};
use hexdeep::mapfile::{Loaded, load_map, with_stairs_down};
use hexdeep::mapgen::LAIR_DEPTH;

fn stairs_down(level: &Level) -> Vec<Cell> {
    level
        .terrain
        .iter()
        .filter(|(_, t)| **t == Terrain::StairsDown)
        .map(|(h, _)| h)
        .collect()
}

#[test]
fn the_stairs_go_where_the_generator_puts_them() {
    let content = Content::bundled().unwrap();
    for tiling in Tiling::ALL {
        for (seed, depth) in [(3, 1), (4, 2), (5, 3), (6, 6), (7, 9)] {
            let made = hexdeep::mapgen::generate_on(&content, tiling, seed, depth, 60, 24);
            let want = stairs_down(&made);
            assert_eq!(want.len(), 1, "{tiling} {seed} {depth}");
            // The same level as a map file without them, starting on the up stairs.
            let mut drawn = made.clone();
            drawn.terrain.set(want[0], Terrain::Floor);
            let loaded = Loaded {
                level: drawn,
                depth: Some(depth),
                warnings: Vec::new(),
            };
            let played = with_stairs_down("m.hexmap", loaded);
            assert_eq!(stairs_down(&played.level), want, "{tiling} {seed} {depth}");
            assert_eq!(played.warnings.len(), 1);
            let said = played.warnings[0].to_string();
            assert!(
                said.contains("the map has no stairs down: they are put at"),
                "{said}"
            );
        }
    }
}

#[test]
fn a_map_with_stairs_or_at_the_lairs_depth_is_left_as_drawn() {
    let content = Content::bundled().unwrap();
    let made = hexdeep::mapgen::generate_on(&content, Tiling::Hex, 3, 2, 60, 24);
    let loaded = Loaded {
        level: made.clone(),
        depth: None,
        warnings: Vec::new(),
    };
    let played = with_stairs_down("m.hexmap", loaded);
    assert_eq!(played.level, made);
    assert!(played.warnings.is_empty());
    let mut lair = made.clone();
    for h in stairs_down(&made) {
        lair.terrain.set(h, Terrain::Floor);
    }
    let loaded = Loaded {
        level: lair.clone(),
        depth: Some(LAIR_DEPTH),
        warnings: Vec::new(),
    };
    assert_eq!(with_stairs_down("m.hexmap", loaded).level, lair);
}

#[test]
fn check_and_play_read_a_map_without_stairs_with_them() {
    let dir = cli::scratch("no-stairs");
    let file = dir.join("hall.hexmap");
    // A corridor: the start at its west end, the farthest tile its east end (6, 1).
    std::fs::write(&file, "# # # # # # #\n # @ . . . . #\n# # # # # # #\n").unwrap();
    let level = load_map(&file).unwrap().level;
    assert_eq!(stairs_down(&level), vec![Cell::new(6, 1)]);
    let out = cli::run(&["map", "check", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0));
    let text = cli::stdout(&out);
    assert!(
        text.contains("warning: the map has no stairs down: they are put at (6, 1), the tile farthest from the start (2, 1)"),
        "{text}"
    );
    let out = cli::run(&["map", "render", file.to_str().unwrap()]);
    assert!(
        cli::stdout(&out).contains("@ . . . >"),
        "{}",
        cli::stdout(&out)
    );
    // As drawn, converted: no stairs invented in the file.
    let copy = dir.join("copy.hexmap");
    let out = cli::run(&[
        "map",
        "convert",
        file.to_str().unwrap(),
        copy.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0));
    assert!(!std::fs::read_to_string(&copy).unwrap().contains('>'));
}
