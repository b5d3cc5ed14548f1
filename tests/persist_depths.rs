//! Heroes on different depths on disk (issue 31, format 7): each hero's own memory of each
//! level is saved and loaded back; the committed format 7 fixture (a party of two on two
//! depths) keeps loading, continues and verifies; and every earlier format's fixture still
//! loads, continues and verifies with each hero given the party's shared memory.
#![allow(clippy::unwrap_used)]

#[path = "support/cli.rs"]
mod cli;
use cli::scratch;
use hexdeep::content::Content;
use hexdeep::geom::{Cell, Compass};
use hexdeep::map::{Grid, Level, Placement, PlacementKind, Shape, Terrain};
use hexdeep::persist::{self, SaveDir, SavedGame};
use hexdeep::sim::control::{Control, PlayerId};
use hexdeep::sim::{Command, GameRecord, Origin, World};
use std::path::PathBuf;

/// Three rooms of 12 by 5 tiles, one a depth, stairs down at (3, 1) and up at (3, 0) (none
/// up on the first), a rat at (10, 3) of the second; Ann and Bob start on the first at (1, 2)
/// and (0, 1).
fn rooms() -> World {
    let shape = Shape::Parallelogram {
        width: 12,
        height: 5,
    };
    let levels = (1..=3)
        .map(|depth| {
            let mut grid = Grid::new(&shape, Terrain::Floor).unwrap();
            grid.set(Cell::new(3, 1), Terrain::StairsDown);
            if depth > 1 {
                grid.set(Cell::new(3, 0), Terrain::StairsUp);
            }
            let mut level = Level::new("room", depth, grid);
            level.start = Some(Cell::new(1, 2));
            if depth == 2 {
                level.placements.push(Placement {
                    at: Cell::new(10, 3),
                    kind: PlacementKind::Monster("rat".into()),
                });
            }
            level
        })
        .collect();
    let content = Content::bundled().unwrap().into();
    let mut world = World::party_on_levels(content, levels, 2026, 2).unwrap();
    world.name_heroes(&["Ann".to_string(), "Bob".to_string()]);
    world
}

/// The people's directives for one segment, `bob`'s for Bob and a wait for Ann.
fn segment(control: &mut Control, world: &mut World, record: &mut GameRecord, bob: Command) {
    for hero in world.acting_heroes() {
        let person = PlayerId(u16::try_from(hero + 1).unwrap());
        let command = if hero == 1 { bob } else { Command::Wait };
        control.give(world, person, hero, command).unwrap();
    }
    let resolved = control.resolve(world, |_| false).unwrap();
    record.push_segment(&resolved.given, world);
}

/// Bob walks east to the stairs, goes down alone and walks on; Ann waits above: the game of
/// the format 7 fixture (tests/data/format-7/README.md).
fn two_depths_game() -> SavedGame {
    let mut world = rooms();
    let names = ["Ann".to_string(), "Bob".to_string()];
    let mut control = Control::of_party(&world, &names);
    let mut record = GameRecord::new(world.clone(), Origin::Fresh);
    let east = Command::Move(Compass::E);
    let plan = [
        east,
        east,
        east,
        Command::Descend,
        east,
        east,
        Command::Wait,
    ];
    for bob in plan {
        segment(&mut control, &mut world, &mut record, bob);
    }
    SavedGame {
        name: "two-depths".into(),
        record,
        current: world,
        log: vec!["Welcome.".to_string()],
    }
}

fn saved_and_loaded(game: &SavedGame, name: &str) -> SavedGame {
    let dir = SaveDir(scratch(name));
    let path = persist::save_game(&dir, game).unwrap();
    persist::load_game(&path).unwrap()
}

/// What each hero remembers of depth `depth`: the tiles they have seen, in the grid's order.
fn memory(world: &World, hero: usize, depth: usize) -> Vec<Cell> {
    let d = &world.depths()[depth - 1];
    let grid = &d.level().terrain;
    grid.indices()
        .map(|i| grid.cell(i))
        .filter(|&c| d.is_seen_by(hero, c))
        .collect()
}

#[test]
fn each_heros_memory_is_saved_and_loaded_back() {
    let game = two_depths_game();
    let w = &game.current;
    assert_eq!((w.creatures()[0].depth, w.creatures()[1].depth), (1, 2));
    assert!(memory(w, 0, 2).is_empty() && !memory(w, 1, 2).is_empty());
    let back = saved_and_loaded(&game, "depths-round-trip");
    assert!(back.current.differences(w).is_empty());
    for (hero, depth) in [(0, 1), (0, 2), (1, 1), (1, 2)] {
        assert_eq!(memory(&back.current, hero, depth), memory(w, hero, depth));
    }
    assert!(back.current.depths()[1].visited_by(1) && !back.current.depths()[1].visited_by(0));
    assert!(back.record.verify(Some(&back.current)).is_ok());
}

/// The format 7 fixture: a party of two on two depths made by this release.
fn fixture() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/format-7/two-depths.hdsave")
}

#[test]
fn the_format_7_fixture_loads_continues_and_verifies() {
    let mut game = persist::load_game(&fixture()).unwrap();
    let w = &game.current;
    assert_eq!((w.creatures()[0].depth, w.creatures()[1].depth), (1, 2));
    assert!(memory(w, 0, 2).is_empty(), "Ann never saw depth 2");
    assert!(!memory(w, 1, 2).is_empty());
    let end = game.record.verify(Some(&game.current)).unwrap();
    assert!(end.differences(&game.current).is_empty());
    let names = ["Ann".to_string(), "Bob".to_string()];
    let mut control = Control::of_party(&game.current, &names);
    let turn = game.current.turn();
    for _ in 0..6 {
        let east = Command::Move(Compass::E);
        segment(&mut control, &mut game.current, &mut game.record, east);
    }
    assert!(game.current.turn() > turn);
    let back = saved_and_loaded(&game, "depths-fixture-continued");
    assert!(back.record.verify(Some(&back.current)).is_ok());
}

#[test]
fn a_format_6_party_gives_every_hero_the_shared_memory() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/format-6/party.hdsave");
    let mut game = persist::load_game(&path).unwrap();
    let w = &game.current;
    assert!(!memory(w, 0, 1).is_empty());
    assert_eq!(
        memory(w, 1, 1),
        memory(w, 0, 1),
        "Bob remembers what the party did"
    );
    assert!(w.depths()[0].visited_by(1));
    // Recorded by 0.6.0 under rules 6: this release goes on from here, and checks its own
    // stretch.
    game.record.continue_here(&game.current);
    let end = game.record.verify(Some(&game.current)).unwrap();
    assert!(end.differences(&game.current).is_empty());
}
