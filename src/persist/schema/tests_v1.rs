//! Files of format 1 (hexdeep 0.1.0), crafted field by field: bounded as a current file is
//! before they are migrated.

use super::tests::{refused, scratch, small_world};
use super::v1;
use crate::persist::container::{self, Kind};
use crate::persist::{codec, load_game};
use std::path::{Path, PathBuf};

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
