//! The game's migrations are a list of values run by one loop: a next format slots in as one
//! more value, and every release's save runs through it (ARCHITECTURE.md "Files").

use super::migrations::{Migration, upgrade};
use super::{envelope, game_migrations, read_game, v6, v7};
use crate::persist::container::{self, Kind};

/// A toy format 8: format 7's world and one field more.
#[derive(Debug, PartialEq)]
struct Toy {
    world: v7::World,
    lanterns: u32,
}

/// The payload and header of a release's save in progress (`tests/data/<version>/`).
fn release_save(version: &str) -> (container::Header, Vec<u8>) {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join(format!("tests/data/{version}/in-progress.hdsave"));
    let bytes = std::fs::read(path).unwrap();
    let (header, payload) = container::open(Kind::Save, &bytes).unwrap();
    (header, payload.to_vec())
}

/// The game of a release's save in format 7, through the game's own migrations followed by
/// `more`.
fn migrated<T: 'static>(version: &str, more: Vec<Migration>) -> T {
    let (header, payload) = release_save(version);
    let read = read_game(
        header.format,
        &payload,
        &header.game_version,
        header.hash_version,
    )
    .unwrap();
    let mut list = game_migrations();
    list.extend(more);
    upgrade::<T>(header.format, read, &list).unwrap()
}

#[test]
fn a_next_format_is_one_more_migration_and_every_release_runs_through_it() {
    for version in ["0.1.0", "0.2.0", "0.3.0", "0.4.0"] {
        let now: v7::SavedGame = migrated(version, Vec::new());
        let toy = Migration::new(7, |g: v7::SavedGame| {
            Ok(g.map_worlds(|world| Toy { world, lanterns: 3 }))
        });
        let next: envelope::SavedGame<Toy, v6::Step> = migrated(version, vec![toy]);
        assert_eq!(next.current.world, now.current, "{version}");
        assert_eq!(next.record.start.world, now.record.start, "{version}");
        assert_eq!(
            (next.current.lanterns, next.record.start.lanterns),
            (3, 3),
            "{version}"
        );
        assert_eq!(
            (&next.name, &next.record.steps, &next.log),
            (&now.name, &now.record.steps, &now.log),
            "{version}"
        );
    }
}

#[test]
fn a_release_save_does_not_stop_short_of_the_current_format() {
    // Without the last migration, no save of an earlier format reaches format 7.
    for version in ["0.1.0", "0.2.0", "0.3.0", "0.4.0"] {
        let (header, payload) = release_save(version);
        let read = read_game(header.format, &payload, &header.game_version, 0).unwrap();
        let mut list = game_migrations();
        list.pop();
        assert!(upgrade::<v7::SavedGame>(header.format, read, &list).is_err());
    }
}
