//! Maps that make a game no save could hold: a level that spans far more cells than it has
//! tiles (a few kilobytes of map, millions of cells), or a name so long that the messages
//! quoting it pass what a save may hold. Such a game was played, saved, and then refused by
//! every load: lost. Now it is refused before it starts, and a save that its reader would
//! refuse is never written. Each map is made here, in the test.
#![allow(clippy::unwrap_used)]

#[path = "support/cli.rs"]
mod cli;
#[path = "support/room.rs"]
mod room;

use hexdeep::geom::{Cell, Tiling};
use hexdeep::map::{Grid, Level, Shape, SideFeature, Terrain};
use hexdeep::persist::{self, SavedGame};
use hexdeep::sim::{GameRecord, Origin, World};

/// A `.hexmap` of two tiles on its first row and one 999 rows below and 2,000 columns to the
/// right: some 4 KB spanning two million cells, where three tiles may span 65,728.
fn sparse_map() -> String {
    let mut text = String::from("@ .\n");
    text.push_str(&"\n".repeat(998));
    // Row 999, column 3,999: the tile (2499, 999).
    text.push_str(&" ".repeat(3999));
    text.push_str(".\n");
    text
}

#[test]
fn a_map_whose_level_no_save_could_hold_is_refused_before_the_game_starts() {
    let dir = cli::scratch("sparse");
    let map = dir.join("sparse.hexmap");
    std::fs::write(&map, sparse_map()).unwrap();
    let check = cli::run(&["map", "check", map.to_str().unwrap()]);
    assert_eq!(check.status.code(), Some(0), "{}", cli::stdout(&check));
    let saves = dir.join("saves");
    let out = cli::run_in(&saves, &["play", "--map", map.to_str().unwrap()]);
    let said = cli::stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{said}");
    assert!(
        said.contains("sparse.hexmap") && said.contains("spans"),
        "{said}"
    );
}

/// A game in progress on `level`, as `play` starts it.
fn game_on(level: Level, log: Vec<String>) -> SavedGame {
    let content = hexdeep::content::Content::bundled().unwrap();
    let world = World::new(content.into(), level, 5).unwrap();
    SavedGame {
        name: "g".into(),
        record: GameRecord::new(world.clone(), Origin::Fresh),
        current: world,
        log,
    }
}

#[test]
fn no_save_is_written_that_its_reader_would_refuse() {
    let dir = cli::scratch("unreadable");
    let path = dir.join("g.hdsave");
    let sound = game_on(room::level(&[]), Vec::new());
    persist::save_game_at(&path, &sound).unwrap();
    let before = std::fs::read(&path).unwrap();
    // A level far larger than its tiles: two tiles 2,000 rows and columns apart.
    let far = [Cell::new(0, 0), Cell::new(1, 0), Cell::new(2000, 2000)];
    let grid = Grid::from_cells(Tiling::Hex, &far, Terrain::Floor).unwrap();
    let mut sparse = Level::new("sparse", 1, grid);
    sparse.start = Some(Cell::new(0, 0));
    // A message quoting a name of 1,500 three-byte characters: 4,500 bytes, past 4,096.
    let long = format!("Welcome to {}.", "€".repeat(1500));
    for game in [
        game_on(sparse, Vec::new()),
        game_on(room::level(&[]), vec![long]),
    ] {
        let err = persist::save_game_at(&path, &game).unwrap_err().to_string();
        assert!(err.contains("g.hdsave"), "{err}");
        assert_eq!(std::fs::read(&path).unwrap(), before, "{err}");
        assert!(persist::game::game_bytes(persist::Kind::Save, &game).is_err());
    }
    assert!(persist::load_game(&path).is_ok());
}

#[test]
fn the_maps_of_a_new_game_are_held_to_what_a_save_may_hold_before_its_world_is_built() {
    // Three levels of 2,000 by 2,000 tiles with a thin wall: four million cells each, every
    // one within what its tiles allow, but with what their sides cost more than a file may
    // hold together once made.
    let big = || {
        let grid = Grid::new(
            &Shape::Parallelogram {
                width: 2000,
                height: 2000,
            },
            Terrain::Floor,
        )
        .unwrap();
        let mut level = Level::new("big", 1, grid);
        let side = Tiling::Hex.side_between(Cell::new(0, 0), Cell::new(1, 0));
        assert!(level.set_side(side.unwrap(), SideFeature::Wall));
        level
    };
    let one = big();
    assert_eq!(persist::check_new_game(&[&one]), Ok(()));
    let three = [big(), big(), big()];
    let err = persist::check_new_game(&three.iter().collect::<Vec<_>>()).unwrap_err();
    assert!(err.contains("MiB"), "{err}");
    // A sparse level is refused alone.
    let far = [Cell::new(0, 0), Cell::new(2000, 2000)];
    let grid = Grid::from_cells(Tiling::Hex, &far, Terrain::Floor).unwrap();
    let err = persist::check_new_game(&[&Level::new("far", 1, grid)]).unwrap_err();
    assert!(err.contains("spans"), "{err}");
}
