//! Crafted files, built here field by field as a hostile user would write them: each has a
//! valid checksum and decodes, and each must be refused with the file named, before it can
//! take memory or time out of proportion to its size. The builders here serve the other
//! test files of the schema too: format 1 files (`tests_v1`), formats 2 and 3
//! (`tests_formats`), worlds no rules could make (`tests_verify`), sides (`tests_sides`),
//! the file's budget (`tests_budget`) and the migrations (`tests_envelope`).

/// A format 5 game in the current format.
pub(super) fn to_current(game: v5::SavedGame) -> super::v7::SavedGame {
    super::migrate_v6::game(super::migrate_v5::game(game))
}
use super::{envelope, v5};
use crate::files::scratch::Scratch;
use crate::geom::Cell;
use crate::map::{Grid, Level, Shape, Terrain};
use crate::persist::container::{self, Kind};
use crate::persist::{codec, load_game};
use crate::sim::World;
use std::path::{Path, PathBuf};

/// A fresh directory for one test's files, removed again when the test is done with it (the
/// crafted files run to tens of megabytes).
pub(super) fn scratch(name: &str) -> Scratch {
    crate::files::scratch::scratch(&format!("schema-{name}"))
}

/// Writes `payload` as a format 5 save named `name` in `dir` and returns its path: the
/// crafted games are built in format 5's types, and a load migrates them to the current
/// format before it checks them ([`write_current`] writes the current format's).
pub(super) fn write_file(dir: &Path, name: &str, payload: &[u8]) -> PathBuf {
    framed(dir, 5, name, payload, None)
}

/// Writes `payload` as a save of the current format named `name` in `dir`.
pub(super) fn write_current(dir: &Path, name: &str, payload: &[u8]) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, container::frame(Kind::Save, None, payload)).unwrap();
    path
}

/// Loads the file and returns its error, which must name it.
pub(super) fn refused(path: &Path) -> String {
    let err = load_game(path)
        .expect_err("the file is refused")
        .to_string();
    let name = path.file_name().unwrap().to_string_lossy();
    assert!(
        err.contains(name.as_ref()),
        "the error names the file: {err}"
    );
    err
}

/// A level of floor on `tiles`, runs of one tile each.
pub(super) fn level(name: &str, depth: u32, tiles: &[(i32, i32)]) -> v5::Level {
    v5::Level {
        name: name.into(),
        depth,
        tiling: 0,
        runs: tiles
            .iter()
            .map(|&(x, y)| v5::Run {
                y,
                x,
                terrain: vec![0],
            })
            .collect(),
        start: Some(v5::Tile { x: 0, y: 0 }),
        placements: Vec::new(),
        sides: Vec::new(),
        corners: Vec::new(),
    }
}

pub(super) fn depth(level: v5::Level) -> v5::Depth {
    let tiles: usize = level.runs.iter().map(|r| r.terrain.len()).sum();
    v5::Depth {
        level,
        seen: vec![0; tiles.div_ceil(8)],
        floor: Vec::new(),
        visited: true,
    }
}

/// A valid world of one small level with the player at (0, 0).
pub(super) fn small_world() -> v5::World {
    let grid = Grid::new(&Shape::Hexagon { radius: 1 }, Terrain::Floor).unwrap();
    let mut level = Level::new("small", 1, grid);
    level.start = Some(Cell::new(0, 0));
    super::world::world_to_schema(
        &World::new(crate::content::Content::bundled().unwrap().into(), level, 1).unwrap(),
    )
    .party
    .base
}

/// A valid world whose levels are `depths`; the player stands at (0, 0) of the first.
pub(super) fn world_of(depths: Vec<v5::Depth>) -> v5::World {
    v5::World {
        depths,
        ..small_world()
    }
}

pub(super) fn game_of(current: v5::World) -> v5::SavedGame {
    v5::SavedGame {
        name: "crafted".into(),
        record: envelope::Record {
            start: small_world(),
            steps: Vec::new(),
            origin: v5::Origin::Fresh,
            made_by: v5::Maker {
                version: env!("CARGO_PKG_VERSION").into(),
                rules: crate::sim::RULES_VERSION,
                hash: crate::sim::TURN_HASH_VERSION,
            },
            upgrades: Vec::new(),
        },
        current,
        log: Vec::new(),
    }
}

#[test]
fn the_crafted_worlds_are_sound_so_only_their_size_is_refused() {
    let dir = scratch("sound");
    let game = game_of(world_of(vec![depth(level("a", 1, &[(0, 0), (1, 0)]))]));
    let path = write_file(&dir, "sound.hdsave", &codec::encode(&game).unwrap());
    assert!(load_game(&path).is_ok());
}

#[test]
fn two_hundred_levels_spread_thin_are_refused_before_any_grid_is_made() {
    let dir = scratch("thin");
    let thin = |d| depth(level("thin", d, &[(0, 0), (4093, 4093)]));
    let current = world_of((1..=200).map(thin).collect());
    let payload = codec::encode(&game_of(current)).unwrap();
    assert!(payload.len() < 8 << 10, "a small file: {}", payload.len());
    let path = write_file(&dir, "thin.hdsave", &payload);
    refused(&path);
    // Ten such levels, each within the number a game has.
    let current = world_of((1..=10).map(thin).collect());
    let path = write_file(
        &dir,
        "ten.hdsave",
        &codec::encode(&game_of(current)).unwrap(),
    );
    let err = refused(&path);
    assert!(err.contains("spans"), "{err}");
}

/// Ten levels that each just pass the span check on their own: two tiles, 64,009 cells.
fn roomy_world() -> v5::World {
    world_of(
        (1..=10)
            .map(|d| depth(level("roomy", d, &[(0, 0), (250, 250)])))
            .collect(),
    )
}

#[test]
fn many_worlds_in_one_file_are_refused_before_they_are_built() {
    let dir = scratch("upgrades");
    let mut game = game_of(roomy_world());
    // Each world is some hundreds of bytes here and megabytes once built.
    let upgrade = envelope::Upgrade {
        at_step: 0,
        by: v5::Maker {
            version: "9.9.9".into(),
            rules: 99,
            hash: 99,
        },
        state: roomy_world(),
    };
    game.record.upgrades = vec![upgrade; 5000];
    let payload = codec::encode(&game).unwrap();
    assert!(payload.len() < 4 << 20, "{}", payload.len());
    let path = write_file(&dir, "upgrades.hdsave", &payload);
    refused(&path);
}

#[test]
fn a_long_name_or_message_is_refused_quickly() {
    let dir = scratch("texts");
    let mut game = game_of(small_world());
    game.current.depths[0].level.name = "n".repeat(10 << 20);
    let path = write_file(&dir, "name.hdsave", &codec::encode(&game).unwrap());
    let err = refused(&path);
    assert!(err.contains("name") && err.contains("4096"), "{err}");

    let mut game = game_of(small_world());
    game.log = vec!["m".repeat(60 << 20)];
    let path = write_file(&dir, "message.hdsave", &codec::encode(&game).unwrap());
    let err = refused(&path);
    assert!(err.contains("message"), "{err}");
}

#[test]
fn the_levels_of_all_the_worlds_of_a_file_are_bounded_together() {
    let dir = scratch("budget");
    // Ten levels of a thousand tiles in a row and one more 126 rows down: each spans
    // 129,258 cells, just within what a thousand tiles may.
    let mut tiles: Vec<(i32, i32)> = (0..1000).map(|x| (x, 0)).collect();
    tiles.push((0, 126));
    let wide = || world_of((1..=10).map(|d| depth(level("wide", d, &tiles))).collect());
    let mut game = game_of(wide());
    let upgrade = envelope::Upgrade {
        at_step: 0,
        by: v5::Maker {
            version: "9.9.9".into(),
            rules: 99,
            hash: 99,
        },
        state: wide(),
    };
    game.record.upgrades = vec![upgrade; super::budget::MAX_UPGRADES];
    let path = write_file(&dir, "wide.hdsave", &codec::encode(&game).unwrap());
    let err = refused(&path);
    assert!(err.contains("together once built"), "{err}");
}

/// A short game of generated levels in format 5's schema, the player carrying two stacks.
pub(super) fn played_game() -> v5::SavedGame {
    let game = played_game_now();
    game.map_worlds(|w| w.party.base)
        .map_steps(|s| super::v2::Step {
            command: match s.given[0].directive {
                super::v6::Directive::Act(c) => c,
                super::v6::Directive::Lead(_) => unreachable!("the played game leads no ally"),
            },
            hash: s.hash,
            turn: s.turn,
            depth: s.depth,
        })
}

/// [`played_game`] in the current format's schema.
pub(super) fn played_game_now() -> super::v7::SavedGame {
    let start = World::new_game(
        crate::content::Content::bundled().unwrap().into(),
        crate::mapgen::dungeon(),
        4,
        Vec::new(),
    )
    .unwrap();
    let mut record = crate::sim::GameRecord::new(start.clone(), crate::sim::Origin::Fresh);
    let mut world = start;
    for _ in 0..10 {
        world.apply(crate::sim::Command::Rest).unwrap();
        record.push(crate::sim::Command::Rest, &world);
    }
    let game = crate::persist::SavedGame {
        name: "played".into(),
        record,
        current: world,
        log: Vec::new(),
    };
    super::game::game_to_schema(&game)
}

/// `payload` framed as a save of an older `format`, whose header is the current one's with
/// another number, written in `dir` as `name`.
pub(super) fn old_file(dir: &Path, format: u32, name: &str, payload: &[u8]) -> PathBuf {
    let content = crate::content::Content::bundled().unwrap();
    framed(dir, format, name, payload, Some(content.hash()))
}

/// `payload` framed as a save of `format` played with the content of hash `content` (none
/// named: a load does not check the creatures against it), written in `dir` as `name`.
fn framed(dir: &Path, format: u32, name: &str, payload: &[u8], content: Option<u64>) -> PathBuf {
    let mut bytes = container::frame(Kind::Save, content, payload);
    bytes[8..12].copy_from_slice(&format.to_le_bytes());
    let crc_at = bytes.len() - payload.len() - 4;
    let mut crc = crc32fast::Hasher::new();
    crc.update(&bytes[..crc_at]);
    crc.update(payload);
    bytes[crc_at..crc_at + 4].copy_from_slice(&crc.finalize().to_le_bytes());
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    path
}

#[test]
fn an_unknown_tiling_or_a_level_on_another_tiling_is_refused_naming_the_file() {
    let dir = scratch("tilings");
    let mut game = played_game();
    game.current.tiling = 7;
    let path = write_file(&dir, "world.hdsave", &codec::encode(&game).unwrap());
    let err = refused(&path);
    assert!(err.contains("unknown tiling code 7"), "{err}");

    let mut game = played_game();
    game.record.start.depths[0].level.tiling = 200;
    let path = write_file(&dir, "level.hdsave", &codec::encode(&game).unwrap());
    let err = refused(&path);
    assert!(err.contains("unknown tiling code 200"), "{err}");

    let mut game = played_game();
    game.current.depths[0].level.tiling = 1;
    let path = write_file(&dir, "mixed.hdsave", &codec::encode(&game).unwrap());
    let err = refused(&path);
    assert!(err.contains("square") && err.contains("hex"), "{err}");
}

#[test]
fn levels_spread_thin_on_any_tiling_are_refused_before_any_grid_is_made() {
    let dir = scratch("thin-tilings");
    for code in [1, 2] {
        let thin = |d| {
            let mut level = level("thin", d, &[(0, 0), (4093, 4093)]);
            level.tiling = code;
            depth(level)
        };
        let mut current = world_of((1..=10).map(thin).collect());
        current.tiling = code;
        let name = format!("thin-{code}.hdsave");
        let path = write_file(&dir, &name, &codec::encode(&game_of(current)).unwrap());
        let err = refused(&path);
        assert!(err.contains("spans"), "{err}");
    }
}
