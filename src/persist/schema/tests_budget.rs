//! The file's budget counts every cell a file can make exist with what it costs once built:
//! the maps still to come as well as the levels made, and the sides of a level that has a
//! thin wall. Each file is crafted here, a few megabytes that would take gigabytes built.

use super::tests::{depth, game_of, refused, scratch, world_of, write_file};
use super::v5;
use crate::persist::codec;

/// A hex level of 64 rows of 4,094 floor tiles, 64 rows apart: 262,016 tiles spanning
/// 16,519,000 cells, just within what its tiles allow, with one thin wall (between the first
/// two tiles) when `walled`.
fn striped(name: &str, d: u32, walled: bool) -> v5::Level {
    v5::Level {
        name: name.into(),
        depth: d,
        tiling: 0,
        runs: (0..64)
            .map(|row| v5::Run {
                y: row * 64,
                x: 0,
                terrain: vec![0; 4094],
            })
            .collect(),
        start: Some(v5::Tile { x: 0, y: 0 }),
        placements: Vec::new(),
        // Tile (x, y) is at column 4x - 2y, row 2y of the large projection: the side between
        // (0, 0) and (1, 0) is the cell (2, 0).
        sides: if walled {
            vec![v5::SideMark {
                c: 2,
                r: 0,
                feature: 1,
            }]
        } else {
            Vec::new()
        },
        corners: Vec::new(),
    }
}

#[test]
fn a_striped_level_spans_what_its_tiles_allow() {
    let cells = super::level::check_span(crate::geom::Tiling::Hex, &striped("s", 1, true).runs);
    assert_eq!(cells, Ok(4096 * 4035));
}

#[test]
fn maps_still_to_come_count_in_the_files_budget() {
    let dir = scratch("pending");
    // Nine maps to come in the world now and in the record's start, one thin wall each:
    // some 4.7 MB on disk, gigabytes once built.
    let with_maps = || {
        let mut world = world_of(vec![depth(super::tests::level("a", 1, &[(0, 0), (1, 0)]))]);
        world.pending_maps = (2..=10).map(|d| striped("to come", d, true)).collect();
        world
    };
    let mut game = game_of(with_maps());
    game.record.start = with_maps();
    let payload = codec::encode(&game).unwrap();
    assert!(payload.len() < 5 << 20, "{}", payload.len());
    let err = super::budget::check_game(&super::tests::to_current(game))
        .unwrap_err()
        .to_string();
    assert!(err.contains("maps still to come"), "{err}");
    let path = write_file(&dir, "pending.hdsave", &payload);
    let err = refused(&path);
    assert!(err.contains("once built"), "{err}");
}

#[test]
fn a_level_with_thin_walls_counts_what_its_sides_cost() {
    let dir = scratch("sided");
    // Four striped levels: 66 million cells, within 67,108,864 cells counted bare, but
    // more than three times that once each has its sides.
    let sided = |walled| world_of((1..=4).map(|d| depth(striped("s", d, walled))).collect());
    let err = super::budget::check_game(&super::tests::to_current(game_of(sided(true))))
        .unwrap_err()
        .to_string();
    assert!(err.contains("once built"), "{err}");
    let path = write_file(
        &dir,
        "sided.hdsave",
        &codec::encode(&game_of(sided(true))).unwrap(),
    );
    refused(&path);
    // Bare, they cost a third as much a cell: within the budget.
    assert_eq!(
        super::budget::check_game(&super::tests::to_current(game_of(sided(false)))),
        Ok(())
    );
}
