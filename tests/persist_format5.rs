//! Saves of format 5 made by 0.5.0 before its save schema was rewritten as one envelope over
//! frozen world formats (`tests/data/format-5/`): each still loads, is written again in the
//! current format and reads back the same, continues, and verifies what it played, with the
//! content it was played with.
#![allow(clippy::unwrap_used)]

#[path = "support/cli.rs"]
mod cli;
use cli::scratch;
use hexdeep::content::Content;
use hexdeep::persist::{self, Kind, SaveDir, SavedGame};
use hexdeep::sim::Command;
use std::path::PathBuf;
use std::sync::Arc;

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

/// The content the fixtures were played with: the monster data of then (issue 33 added
/// kinds and tactics since, which change what a level places and a monster does), the items
/// of then (issue 31 added the scroll of taming to the kit) and the player of now.
fn content_of_then() -> Arc<Content> {
    let frozen = include_str!("data/monsters_before_issue_33.toml");
    // The frozen copy opens with three lines saying what it is; the text of then follows.
    let monsters = frozen.splitn(4, '\n').nth(3).unwrap();
    let items = include_str!("data/items_before_allies.toml");
    let items = items.splitn(4, '\n').nth(3).unwrap();
    let content =
        Content::from_texts(monsters, items, include_str!("../data/player.toml")).unwrap();
    Arc::new(content)
}

fn load(name: &str) -> SavedGame {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join(format!("tests/data/format-5/{name}.hdsave"));
    let content = content_of_then();
    assert_eq!(
        persist::game::played_with(&path),
        Some(content.hash()),
        "{name}"
    );
    persist::game::load_game_with(&path, &content).unwrap()
}

#[test]
fn a_format_5_save_is_written_again_in_the_current_format_and_reads_back_the_same() {
    for (name, kind, steps) in FIXTURES {
        let bytes = bytes_of(name);
        let game = load(name);
        assert_eq!(game.record.steps.len(), steps, "{name}");
        let again = persist::game::game_bytes(kind, &game).unwrap();
        let (old_header, _) = persist::container::open(kind, &bytes).unwrap();
        let (new_header, _) = persist::container::open(kind, &again).unwrap();
        assert_eq!(
            (old_header.format, new_header.format),
            (5, persist::FORMAT_VERSION),
            "{name}"
        );
        // The fields that name the game are the file's own.
        assert_eq!(
            (old_header.kind, &old_header.rng, old_header.content_hash),
            (new_header.kind, &new_header.rng, new_header.content_hash),
            "{name}"
        );
        let dir = SaveDir(scratch(&format!("again-{name}")));
        let path = dir.0.join(format!("{name}.hdsave"));
        std::fs::write(&path, &again).unwrap();
        let back = persist::game::load_game_with(&path, &content_of_then()).unwrap();
        assert!(back.current.differences(&game.current).is_empty(), "{name}");
        assert_eq!(back.record.steps, game.record.steps, "{name}");
        assert_eq!(back.log, game.log, "{name}");
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
        let back = persist::game::load_game_with(&path, &content_of_then()).unwrap();
        assert!(back.current.differences(&game.current).is_empty(), "{name}");
        assert_eq!(back.record.steps.len(), steps + 2, "{name}");
        let end = back.record.verify(Some(&back.current)).unwrap();
        assert_eq!(end.turn(), game.current.turn(), "{name}");
    }
}
