//! Saves on disk: a saved game loads back equal to what was saved, damaged files are refused
//! cleanly, a failed write keeps the old save, and the committed save keeps loading.
#![allow(clippy::unwrap_used)]

#[path = "support/cli.rs"]
mod cli;
use cli::scratch;
use hexdeep::geom::Compass;
use hexdeep::persist::{self, Kind, SaveDir, SavedGame};
use hexdeep::sim::{Command, GameRecord, Origin, World};
use proptest::prelude::*;
use std::path::PathBuf;

fn play(seed: u64, moves: &[u8]) -> SavedGame {
    let mut world = World::new_game(
        hexdeep::content::Content::bundled().unwrap().into(),
        hexdeep::mapgen::dungeon(),
        seed,
        Vec::new(),
    )
    .unwrap();
    let mut record = GameRecord::new(world.clone(), Origin::Fresh);
    for &n in moves {
        let command = match n % 8 {
            0..=5 => Command::Move(Compass::HEX[usize::from(n % 6)]),
            6 => Command::Wait,
            _ => Command::Rest,
        };
        if world.apply(command).is_ok() {
            record.push(command, &world);
        }
        if world.is_over() {
            break;
        }
    }
    SavedGame {
        name: format!("game-{seed}"),
        record,
        current: world,
        log: vec!["Welcome.".to_string()],
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(8))]
    #[test]
    fn a_saved_game_loads_back_as_it_was(seed in 0u64..10_000, moves in proptest::collection::vec(any::<u8>(), 0..80)) {
        let dir = SaveDir(scratch(&format!("round-{seed}")));
        let game = play(seed, &moves);
        let path = persist::save_game(&dir, &game).unwrap();
        let back = persist::load_game(&path).unwrap();
        prop_assert_eq!(back.current.turn_hash(), game.current.turn_hash());
        prop_assert!(back.current.differences(&game.current).is_empty());
        prop_assert_eq!(back.record.steps.len(), game.record.steps.len());
        prop_assert!(back.record.verify(Some(&back.current)).is_ok());
        // The loaded game plays on exactly as the original would.
        let (mut a, mut b) = (back.current.clone(), game.current.clone());
        for _ in 0..5 {
            let (ra, rb) = (a.apply(Command::Wait), b.apply(Command::Wait));
            prop_assert_eq!(ra.is_ok(), rb.is_ok());
        }
        prop_assert_eq!(a.turn_hash(), b.turn_hash());
    }
}

#[test]
fn every_truncation_and_a_thousand_bit_flips_are_refused_cleanly() {
    let dir = scratch("damage");
    let game = play(3, &[0, 1, 2, 6, 6]);
    let bytes = hexdeep::persist::game::game_bytes(Kind::Save, &game).unwrap();
    assert!(bytes.len() < 1 << 20, "a save is {} bytes", bytes.len());
    let path = dir.join("cut.hdsave");
    let step = (bytes.len() / 400).max(1);
    for n in (0..bytes.len()).step_by(step) {
        std::fs::write(&path, &bytes[..n]).unwrap();
        let err = persist::load_game(&path).unwrap_err();
        assert!(err.to_string().contains("cut.hdsave"), "{err}");
    }
    let mut rng = 0x1234_5678_u64;
    for _ in 0..1000 {
        rng = hexdeep::rng::splitmix64(rng);
        let bit = (rng % (bytes.len() as u64 * 8)) as usize;
        let mut flipped = bytes.clone();
        flipped[bit / 8] ^= 1 << (bit % 8);
        std::fs::write(&path, &flipped).unwrap();
        assert!(persist::load_game(&path).is_err(), "bit {bit}");
    }
}

#[test]
fn a_failed_save_keeps_the_previous_one_and_a_damaged_save_leaves_its_backup() {
    let dir = SaveDir(scratch("keep"));
    let first = play(5, &[0, 0]);
    let path = persist::save_game(&dir, &first).unwrap();
    let second = play(5, &[0, 0, 1, 1]);
    persist::save_game(&dir, &second).unwrap();
    // Damage the main save: the backup still holds the first game.
    let mut bytes = std::fs::read(&path).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 0xff;
    std::fs::write(&path, &bytes).unwrap();
    let err = persist::load_game(&path).unwrap_err();
    assert!(
        err.is_damage() && err.to_string().contains("damaged"),
        "{err}"
    );
    let bak = hexdeep::persist::store::backup_of(&path);
    let back = persist::load_game(&bak).unwrap();
    assert_eq!(back.current.turn_hash(), first.current.turn_hash());
    // A save into a folder that cannot be written fails and writes nothing.
    let blocked = SaveDir(dir.0.join("file-not-folder"));
    std::fs::write(&blocked.0, b"x").unwrap();
    assert!(persist::save_game(&blocked, &first).is_err());
}

#[test]
fn finishing_a_game_moves_it_to_the_replays() {
    let dir = SaveDir(scratch("finish"));
    let game = play(9, &[1, 2, 3]);
    let save = persist::save_game(&dir, &game).unwrap();
    let replay = persist::finish_game(&dir, &game, &save).unwrap();
    assert!(!save.exists());
    assert!(replay.starts_with(dir.finished()));
    let back = persist::load_game(&replay).unwrap();
    assert!(back.record.verify(Some(&back.current)).is_ok());
    let save = persist::save_game(&dir, &game).unwrap();
    let again = persist::finish_game(&dir, &game, &save).unwrap();
    assert_ne!(
        again, replay,
        "a second replay of the same name gets its own file"
    );
}

/// The save committed with the sources (format 1, hexdeep 0.1.0): it must keep loading,
/// through the migration, with its record and a valid world.
#[test]
fn the_committed_save_keeps_loading() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/v1.hdsave");
    let game = persist::load_game(&path).unwrap();
    assert!(!game.record.steps.is_empty());
    assert_eq!(game.current.validate(), Ok(()));
    assert_eq!(game.record.made_by.version, "0.1.0");
}

/// A new game's save holds only the levels made so far: the deeper ones are a pure function
/// of the seed. A save at turn 5 stays small.
#[test]
fn a_new_game_saves_small() {
    let game = play(3, &[6, 6, 6, 6, 6, 6, 6, 6, 6, 6]);
    assert!(game.current.turn() >= 4, "turn {}", game.current.turn());
    let bytes = hexdeep::persist::game::game_bytes(Kind::Save, &game).unwrap();
    assert!(
        bytes.len() < 25_000,
        "a save at turn 5 is {} bytes",
        bytes.len()
    );
}

/// A loaded game is given its level source again: going down makes the next level as a game
/// that was never saved would.
#[test]
fn a_loaded_game_makes_its_deeper_levels_as_the_unsaved_one_would() {
    let dir = SaveDir(scratch("deeper"));
    let game = play(12, &[]);
    let path = persist::save_game(&dir, &game).unwrap();
    let loaded = persist::load_game(&path).unwrap();
    let (a, b) = (
        hexdeep::bot::play_world(loaded.current, 3000, false),
        hexdeep::bot::play_world(game.current, 3000, false),
    );
    let deepest = a.world.story().deepest;
    assert!(deepest >= 2, "the bot went down to depth {deepest}");
    assert_eq!(
        a.world.turn_hash(),
        b.world.turn_hash(),
        "both played the same"
    );
    assert_eq!(a.world.depths().len(), b.world.depths().len());
    for (x, y) in a.world.depths().iter().zip(b.world.depths()) {
        assert!(x.level() == y.level(), "depth {} differs", x.level().depth);
    }
}

/// The header's turn-hash version is checked against the record's: a file whose header says
/// another is refused, naming the file.
#[test]
fn a_header_with_another_turn_hash_version_is_refused() {
    let dir = scratch("hash-version");
    let game = play(3, &[0, 1]);
    let mut bytes = hexdeep::persist::game::game_bytes(Kind::Save, &game).unwrap();
    // magic, format, kind, then the version and generator texts, then the hash version.
    let game_len = usize::from(bytes[13]);
    let rng_len = usize::from(bytes[14 + game_len]);
    let at = 14 + game_len + 1 + rng_len;
    let hash = u32::from_le_bytes(bytes[at..at + 4].try_into().unwrap());
    assert_eq!(hash, hexdeep::sim::TURN_HASH_VERSION);
    bytes[at..at + 4].copy_from_slice(&(hash + 1).to_le_bytes());
    // The checksum follows the rules version, the content hash and the length.
    let crc_at = at + 4 + 4 + 8 + 8;
    let mut crc = crc32fast::Hasher::new();
    crc.update(&bytes[..crc_at]);
    crc.update(&bytes[crc_at + 4..]);
    bytes[crc_at..crc_at + 4].copy_from_slice(&crc.finalize().to_le_bytes());
    let path = dir.join("hash.hdsave");
    std::fs::write(&path, &bytes).unwrap();
    let err = persist::load_game(&path).unwrap_err().to_string();
    assert!(
        err.contains("hash.hdsave") && err.contains("turn hash"),
        "{err}"
    );
}

/// A room with a mace and a sword on the floor east of the player.
fn armoury() -> World {
    use hexdeep::geom::Cell;
    use hexdeep::map::{Grid, Level, Placement, PlacementKind, Shape, Terrain};
    let shape = Shape::Parallelogram {
        width: 12,
        height: 3,
    };
    let mut level = Level::new("room", 1, Grid::new(&shape, Terrain::Floor).unwrap());
    level.start = Some(Cell::new(0, 1));
    for (name, x) in [("mace", 1), ("sword", 2)] {
        level.placements.push(Placement {
            at: Cell::new(x, 1),
            kind: PlacementKind::Item(name.to_string()),
        });
    }
    World::new(
        hexdeep::content::Content::bundled().unwrap().into(),
        level,
        1,
    )
    .unwrap()
}

/// The game of [`armoury`] after a step east (onto the mace) and every dart thrown away.
fn darts_thrown() -> SavedGame {
    let mut world = armoury();
    let mut record = GameRecord::new(world.clone(), Origin::Fresh);
    let mut commands = vec![Command::Move(Compass::E)];
    let darts = world.player().count_of("dart");
    for _ in 0..darts {
        commands.push(Command::Throw {
            item: 'a',
            at: hexdeep::geom::Cell::new(6, 1),
        });
    }
    for command in commands {
        world.apply(command).unwrap();
        record.push(command, &world);
    }
    assert!(world.player().stack('a').is_none(), "the darts are gone");
    SavedGame {
        name: "letters".to_string(),
        record,
        current: world,
        log: Vec::new(),
    }
}

/// The letters the player carries and remembers survive a save: darts thrown away come back
/// under their old letter after loading, and a new kind does not take it.
#[test]
fn inventory_letters_are_the_same_after_save_and_load() {
    let game = darts_thrown();
    let dir = SaveDir(scratch("letters"));
    let path = persist::save_game(&dir, &game).unwrap();
    let back = persist::load_game(&path).unwrap();
    assert_eq!(
        back.current.player().inventory,
        game.current.player().inventory
    );
    assert_eq!(back.current.player().letters, [("dart".to_string(), 'a')]);
    assert!(back.record.verify(Some(&back.current)).is_ok());
    let mut world = back.current;
    for _ in 0..5 {
        world.apply(Command::Move(Compass::E)).unwrap();
    }
    let letters: Vec<(char, &str)> = world
        .player()
        .inventory
        .iter()
        .map(|s| (s.letter, s.item.as_str()))
        .collect();
    assert_eq!(
        letters,
        [
            ('a', "dart"),
            ('b', "potion of healing"),
            ('c', "scroll of taming"),
            ('d', "mace"),
            ('e', "sword")
        ]
    );
}
