//! Crafted files, built here field by field as a hostile user would write them: each has a
//! valid checksum and decodes, and each must be refused with the file named, before it can
//! take memory or time out of proportion to its size.

use super::{envelope, v1, v3, v5};
use crate::files::scratch::Scratch;
use crate::geom::Hex;
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

/// Writes `payload` as a save named `name` in `dir` and returns its path.
pub(super) fn write_file(dir: &Path, name: &str, payload: &[u8]) -> PathBuf {
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
fn small_world() -> v5::World {
    let grid = Grid::new(&Shape::Hexagon { radius: 1 }, Terrain::Floor).unwrap();
    let mut level = Level::new("small", 1, grid);
    level.start = Some(Hex::new(0, 0));
    super::world::world_to_schema(
        &World::new(crate::content::Content::bundled().unwrap().into(), level, 1).unwrap(),
    )
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

/// A 0.1.0 level over `tiles`, with a memory of `seen` cells.
fn v1_depth(d: u32, tiles: &[(i32, i32)], seen: usize) -> v1::Depth {
    v1::Depth {
        level: v1::Level {
            name: "old".into(),
            depth: d,
            tiles: tiles
                .iter()
                .map(|&(x, y)| (v1::Hex { x, y }, v1::Terrain::Floor))
                .collect(),
            start: Some(v1::Hex { x: 0, y: 0 }),
            placements: Vec::new(),
        },
        seen: vec![false; seen],
        floor: Vec::new(),
        visited: true,
    }
}

/// A 0.1.0 world of `depths` with the player at (0, 0).
fn v1_world(depths: Vec<v1::Depth>) -> v1::World {
    let player = &small_world().creatures[0];
    v1::World {
        seed: 1,
        depths,
        creatures: vec![v1::Creature {
            id: 0,
            name: player.name.clone(),
            glyph: player.glyph,
            pos: v1::Hex { x: 0, y: 0 },
            hp: player.hp,
            max_hp: player.max_hp,
            damage: player.damage,
            strength: player.strength,
            speed: player.speed,
            sight: player.sight,
            faction: 0,
            alive: true,
            initiative: 0,
            behaviour: None,
            memory: None,
            inventory: Vec::new(),
            depth: 1,
            armour: 0,
            attack: v1::Attack::Blow,
            wielded: None,
            worn: None,
            busy: 0,
            home: None,
            charge: None,
        }],
        turn: 0,
        segment: 1,
        rng: v1::Rng { state: 1 },
        plans: Vec::new(),
        visible: Vec::new(),
        story: v1::Story {
            ending: None,
            deepest: 1,
            kills: std::collections::BTreeMap::default(),
            items_used: std::collections::BTreeMap::default(),
        },
        terrain_digest: 0,
        regen: v1::Regen {
            progress: 0,
            busy: false,
        },
    }
}

/// The bytes of a 0.1.0 file holding a game whose current world is `current`.
fn v1_file(dir: &Path, name: &str, current: v1::World) -> PathBuf {
    let game = v1::SavedGame {
        name: "old".into(),
        record: v1::GameRecord {
            start: v1_world(vec![v1_depth(1, &[(0, 0), (1, 0)], 12)]),
            steps: Vec::new(),
            origin: v1::Origin::Fresh,
        },
        current,
        log: Vec::new(),
    };
    let mut bytes = container::frame(Kind::Save, None, &codec::encode(&game).unwrap());
    // Format 1's header: the format number, and no rules version or content hash.
    bytes[8..12].copy_from_slice(&1u32.to_le_bytes());
    let texts = 14 + usize::from(bytes[13]);
    let texts = texts + 1 + usize::from(bytes[texts]) + 4;
    bytes.drain(texts..texts + 12);
    let crc_at = texts + 8;
    let mut crc = crc32fast::Hasher::new();
    crc.update(&bytes[..crc_at]);
    crc.update(&bytes[crc_at + 4..]);
    bytes[crc_at..crc_at + 4].copy_from_slice(&crc.finalize().to_le_bytes());
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    path
}

#[test]
fn a_format_1_file_is_bounded_as_a_current_one_is() {
    let dir = scratch("v1");
    // The shape checks hold for a sound 0.1.0 file of two tiles (a 4x3 grid).
    let sound = v1_file(
        &dir,
        "sound.hdsave",
        v1_world(vec![v1_depth(1, &[(0, 0), (1, 0)], 12)]),
    );
    load_game(&sound).unwrap();
    // Two hundred levels spread thin, whose memory would have to be 16 MB each.
    let thin = |d| v1_depth(d, &[(0, 0), (4093, 4093)], 0);
    let path = v1_file(&dir, "thin.hdsave", v1_world((1..=200).map(thin).collect()));
    assert!(std::fs::metadata(&path).unwrap().len() < 8 << 10);
    refused(&path);
    // One such level, its memory filled in: the span is refused before runs are built.
    let span = 4096 * 4096;
    let path = v1_file(
        &dir,
        "span.hdsave",
        v1_world(vec![v1_depth(1, &[(0, 0), (4093, 4093)], span)]),
    );
    let err = refused(&path);
    assert!(err.contains("spans"), "{err}");
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

/// A short game of generated levels in the schema, the player carrying two stacks.
pub(super) fn played_game() -> v5::SavedGame {
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

#[test]
fn a_world_no_rules_could_make_is_refused_by_loading_and_by_verifying() {
    type Alter = fn(&mut v5::SavedGame);
    let alterations: Vec<(&str, Alter)> = vec![
        ("strength", |g| g.current.creatures[0].strength = i32::MAX),
        ("armour", |g| g.current.creatures[0].armour = i32::MIN),
        ("speed", |g| g.current.creatures[0].speed = 0),
        ("sight", |g| g.current.creatures[0].sight = u32::MAX),
        ("stack", |g| {
            g.current.creatures[0].inventory[0].count = u32::MAX;
        }),
        ("letter", |g| {
            let inventory = &mut g.current.creatures[0].inventory;
            inventory[1].letter = inventory[0].letter;
        }),
        ("letter", |g| {
            g.current.creatures[0].inventory[0].letter = '\x1b';
        }),
        ("no item", |g| {
            g.current.creatures[0].inventory[0].item = "gold".into();
        }),
        ("remembered letter", |g| {
            let letter = g.current.creatures[0].inventory[0].letter;
            g.current.creatures[0].letters.push(("bomb".into(), letter));
        }),
        ("remembered twice", |g| {
            let item = g.current.creatures[0].inventory[0].item.clone();
            g.current.creatures[0].letters.push((item, 'x'));
        }),
        ("wields", |g| {
            let item = g.current.creatures[0].inventory[0].item.clone();
            g.current.creatures[0].wielded = Some(item);
        }),
        ("turn", |g| g.current.turn = u64::MAX),
        ("healing", |g| g.current.regen_progress = u64::MAX),
        ("levels", |g| {
            let last = g.current.depths[0].clone();
            for _ in 0..10 {
                g.current.depths.push(last.clone());
            }
        }),
        ("deepest", |g| g.current.story.deepest = 40),
        ("no monster", |g| {
            g.current.story.kills.push(("dragon".into(), 1));
        }),
        ("no monster", |g| {
            g.current.creatures[1].name = "dragon".into();
        }),
        ("plans", |g| g.current.plans.resize(100_000, None)),
        ("max", |g| g.record.start.creatures[0].max_hp = i32::MAX),
    ];
    let dir = scratch("impossible");
    let sound = write_file(
        &dir,
        "sound.hdsave",
        &codec::encode(&played_game()).unwrap(),
    );
    let (report, ok) = crate::persist::verify::verify_files(&[&sound]);
    assert!(ok, "{report}");
    for (i, (words, alter)) in alterations.into_iter().enumerate() {
        let mut game = played_game();
        alter(&mut game);
        let name = format!("altered-{i}.hdsave");
        let path = write_file(&dir, &name, &codec::encode(&game).unwrap());
        let err = refused(&path);
        assert!(err.contains(words), "{words}: {err}");
        let (report, ok) = crate::persist::verify::verify_files(&[&path]);
        assert!(!ok && report.contains(&name), "{words}: {report}");
    }
}

#[test]
fn a_sound_number_changed_in_the_saved_state_is_named_by_verifying() {
    let dir = scratch("altered-state");
    let mut game = played_game();
    game.current.creatures[0].strength += 1;
    game.current.creatures[0].inventory[0].count += 1;
    let path = write_file(&dir, "stronger.hdsave", &codec::encode(&game).unwrap());
    load_game(&path).unwrap();
    let (report, ok) = crate::persist::verify::verify_files(&[&path]);
    assert!(!ok, "{report}");
    assert!(
        report.contains("strength") && report.contains("pack"),
        "{report}"
    );
}

/// A format 5 level as format 3 wrote it (on hexes, with no tiling and no sides written).
fn v3_level(l: &v5::Level) -> v3::Level {
    assert_eq!(l.tiling, 0, "format 3 knew hexes only");
    assert!(l.sides.is_empty() && l.corners.is_empty(), "and no sides");
    v3::Level {
        name: l.name.clone(),
        depth: l.depth,
        runs: l.runs.clone(),
        start: l.start,
        placements: l.placements.clone(),
    }
}

/// A format 5 world of hexes without sides as format 3 wrote it.
fn v3_world(w: &v5::World) -> v3::World {
    v3::World {
        seed: w.seed,
        depths: w
            .depths
            .iter()
            .map(|d| v3::Depth {
                level: v3_level(&d.level),
                seen: d.seen.clone(),
                floor: d.floor.clone(),
                visited: d.visited,
            })
            .collect(),
        depth_count: w.depth_count,
        pending_maps: w.pending_maps.iter().map(v3_level).collect(),
        creatures: w.creatures.clone(),
        turn: w.turn,
        segment: w.segment,
        rng: w.rng,
        ai_rng: w.ai_rng,
        plans: w.plans.clone(),
        story: w.story.clone(),
        terrain_digest: w.terrain_digest,
        regen_progress: w.regen_progress,
        regen_busy: w.regen_busy,
    }
}

/// `payload` framed as a save of an older `format`, whose header is the current one's with
/// another number, written in `dir` as `name`.
pub(super) fn old_file(dir: &Path, format: u32, name: &str, payload: &[u8]) -> PathBuf {
    let content = crate::content::Content::bundled().unwrap();
    let mut bytes = container::frame(Kind::Save, Some(content.hash()), payload);
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

/// A format 3 world as format 2 wrote it (its creatures remember no letters).
fn v2_world(w: &v3::World) -> super::v2::World {
    use super::v2;
    v2::World {
        seed: w.seed,
        depths: w.depths.clone(),
        depth_count: w.depth_count,
        pending_maps: w.pending_maps.clone(),
        creatures: w
            .creatures
            .iter()
            .map(|c| v2::Creature {
                id: c.id,
                name: c.name.clone(),
                glyph: c.glyph,
                at: c.at,
                depth: c.depth,
                hp: c.hp,
                max_hp: c.max_hp,
                damage: c.damage,
                strength: c.strength,
                speed: c.speed,
                sight: c.sight,
                faction: c.faction,
                alive: c.alive,
                initiative: c.initiative,
                behaviour: c.behaviour,
                memory: c.memory,
                inventory: c.inventory.clone(),
                armour: c.armour,
                attack: c.attack,
                wielded: c.wielded.clone(),
                worn: c.worn.clone(),
                busy: c.busy,
                home: c.home,
                charge: c.charge,
            })
            .collect(),
        turn: w.turn,
        segment: w.segment,
        rng: w.rng,
        ai_rng: w.ai_rng,
        plans: w.plans.clone(),
        story: w.story.clone(),
        terrain_digest: w.terrain_digest,
        regen_progress: w.regen_progress,
        regen_busy: w.regen_busy,
    }
}

#[test]
fn a_format_2_file_loads_as_it_was_with_no_letters_remembered() {
    use super::v2;
    let game = played_game();
    assert!(game.current.creatures.iter().all(|c| c.letters.is_empty()));
    let old = v2::SavedGame {
        name: game.name.clone(),
        record: envelope::Record {
            start: v2_world(&v3_world(&game.record.start)),
            steps: game.record.steps.clone(),
            origin: game.record.origin.clone(),
            made_by: game.record.made_by.clone(),
            upgrades: Vec::new(),
        },
        current: v2_world(&v3_world(&game.current)),
        log: game.log.clone(),
    };
    let content = crate::content::Content::bundled().unwrap();
    let dir = scratch("format2");
    let path = old_file(&dir, 2, "format2.hdsave", &codec::encode(&old).unwrap());
    let loaded = load_game(&path).unwrap();
    let current = super::game::game_from_schema(&game, &content.into()).unwrap();
    assert!(loaded.current.differences(&current.current).is_empty());
    assert_eq!(loaded.record.steps.len(), game.record.steps.len());
    assert!(loaded.current.player().letters.is_empty());
}

#[test]
fn a_format_3_file_loads_as_a_game_on_hexes() {
    let game = played_game();
    let old = v3::SavedGame {
        name: game.name.clone(),
        record: envelope::Record {
            start: v3_world(&game.record.start),
            steps: game.record.steps.clone(),
            origin: game.record.origin.clone(),
            made_by: game.record.made_by.clone(),
            upgrades: Vec::new(),
        },
        current: v3_world(&game.current),
        log: game.log.clone(),
    };
    let dir = scratch("format3");
    let path = old_file(&dir, 3, "format3.hdsave", &codec::encode(&old).unwrap());
    let loaded = load_game(&path).unwrap();
    let content = crate::content::Content::bundled().unwrap();
    let current = super::game::game_from_schema(&game, &content.into()).unwrap();
    assert!(loaded.current.differences(&current.current).is_empty());
    for world in [&loaded.current, &loaded.record.start] {
        assert!(
            world
                .depths()
                .iter()
                .all(|d| d.level().terrain.tiling() == crate::geom::Tiling::Hex)
        );
    }
    assert_eq!(loaded.record.steps.len(), game.record.steps.len());
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
