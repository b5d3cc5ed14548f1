//! Saves of the current format made by this release before its save schema was rewritten as
//! one envelope over frozen world formats (`tests/data/format-5/`): each still loads, reads
//! back to the very payload it holds, continues, and verifies what it played.
#![allow(clippy::unwrap_used)]

#[path = "support/cli.rs"]
mod cli;
use cli::scratch;
use hexdeep::persist::{self, Kind, SaveDir, SavedGame};
use hexdeep::sim::Command;
use std::path::PathBuf;

/// Each fixture, what it holds, and the number of steps its maker's `replay --verify` counted.
const FIXTURES: [(&str, Kind, usize); 2] = [
    ("in-progress-sides", Kind::Save, 12),
    ("finished", Kind::Finished, 1882),
];

fn bytes_of(name: &str) -> Vec<u8> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join(format!("tests/data/format-5/{name}.hdsave"));
    std::fs::read(path).unwrap()
}

fn load(name: &str) -> SavedGame {
    persist::load_game(
        &PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join(format!("tests/data/format-5/{name}.hdsave")),
    )
    .unwrap()
}

#[test]
fn a_format_5_save_reads_back_to_the_same_payload_and_header() {
    for (name, kind, steps) in FIXTURES {
        let bytes = bytes_of(name);
        let game = load(name);
        assert_eq!(game.record.steps.len(), steps, "{name}");
        let again = persist::game::game_bytes(kind, &game).unwrap();
        let (old_header, old_payload) = persist::container::open(kind, &bytes).unwrap();
        let (new_header, new_payload) = persist::container::open(kind, &again).unwrap();
        assert!(old_payload == new_payload, "{name}: the payload changed");
        // The fields that name this release and its rules follow the build; the rest are the
        // file's own.
        assert_eq!(
            (
                old_header.format,
                old_header.kind,
                &old_header.rng,
                old_header.hash_version,
                old_header.content_hash
            ),
            (
                new_header.format,
                new_header.kind,
                &new_header.rng,
                new_header.hash_version,
                new_header.content_hash
            ),
            "{name}"
        );
    }
}

#[test]
fn a_format_5_save_continues_and_what_it_played_verifies() {
    for (name, _, steps) in FIXTURES {
        let mut game = load(name);
        let end = game.current.clone();
        game.record.continue_here(&end);
        if game.current.is_over() {
            // A finished game plays no more; its record still verifies to its end.
            let last = game.record.last_stretch().verify(Some(&game.current));
            assert_eq!(last.unwrap().turn(), game.current.turn(), "{name}");
            continue;
        }
        // A goblin is beside the player: two waits, and the game goes on.
        let turn = game.current.turn();
        for _ in 0..2 {
            game.current.apply(Command::Wait).unwrap();
            let world = game.current.clone();
            game.record.push(Command::Wait, &world);
        }
        assert!(
            game.current.turn() > turn && !game.current.is_over(),
            "{name}"
        );
        let dir = SaveDir(scratch(&format!("continued-{name}")));
        let path = persist::save_game(&dir, &game).unwrap();
        let back = persist::load_game(&path).unwrap();
        assert!(back.current.differences(&game.current).is_empty(), "{name}");
        assert_eq!(back.record.steps.len(), steps + 2, "{name}");
        let end = back.record.verify(Some(&back.current)).unwrap();
        assert_eq!(end.turn(), game.current.turn(), "{name}");
    }
}
