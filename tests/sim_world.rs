//! The whole game's world: ten depths, stairs both ways, levels kept as left, stable ids,
//! records that replay and verify, and laws that hold after any commands.
#![allow(clippy::unwrap_used)]

use hexdeep::geom::{Cell, Compass};
use hexdeep::map::{Grid, Level, Placement, PlacementKind, Shape, Terrain};
use hexdeep::sim::{
    Command, Ending, Event, GameRecord, ItemUse, MAX_DEPTH, Origin, Rejection, World,
};
use proptest::prelude::*;

/// A corridor level with stairs up at the west end and down at the east end.
fn corridor(width: u32, items: &[(&str, i32)]) -> Level {
    let mut grid = Grid::new(&Shape::Parallelogram { width, height: 1 }, Terrain::Floor).unwrap();
    grid.set(Cell::new(0, 0), Terrain::StairsUp);
    grid.set(Cell::new(width as i32 - 1, 0), Terrain::StairsDown);
    let mut level = Level::new("corridor", 1, grid);
    level.start = Some(Cell::new(0, 0));
    for &(name, x) in items {
        level.placements.push(Placement {
            at: Cell::new(x, 0),
            kind: PlacementKind::Item(name.to_string()),
        });
    }
    level
}

fn walk(world: &mut World, dir: Compass, steps: usize) {
    for _ in 0..steps {
        world.apply(Command::Move(dir)).unwrap();
    }
}

fn artifact() -> String {
    hexdeep::content::Content::bundled()
        .unwrap()
        .items()
        .iter()
        .find(|k| matches!(k.use_, ItemUse::Artifact))
        .unwrap()
        .name
        .clone()
}

#[test]
fn a_new_game_has_ten_depths_and_starts_on_the_first() {
    let world = World::new_game(
        hexdeep::content::Content::bundled().unwrap().into(),
        hexdeep::mapgen::dungeon(),
        11,
        Vec::new(),
    )
    .unwrap();
    assert_eq!(world.depth_count(), MAX_DEPTH);
    assert_eq!(world.depth(), 1);
    assert_eq!(
        world.level().terrain_at(world.player().pos),
        Some(Terrain::StairsUp)
    );
    assert_eq!(
        world.depths().len(),
        1,
        "deeper levels are made when reached"
    );
    let deepest = hexdeep::mapgen::generate(
        &hexdeep::content::Content::bundled().unwrap(),
        11,
        MAX_DEPTH,
        hexdeep::mapgen::DEFAULT_WIDTH,
        hexdeep::mapgen::DEFAULT_HEIGHT,
    );
    let holds_artifact = deepest
        .placements
        .iter()
        .any(|p| p.kind == PlacementKind::Item(artifact()));
    assert!(holds_artifact, "the artifact lies on depth 10");
    let again = World::new_game(
        hexdeep::content::Content::bundled().unwrap().into(),
        hexdeep::mapgen::dungeon(),
        11,
        Vec::new(),
    )
    .unwrap();
    assert_eq!(again.turn_hash(), world.turn_hash());
}

#[test]
fn map_files_become_the_first_depths() {
    let mut world = World::new_game(
        hexdeep::content::Content::bundled().unwrap().into(),
        hexdeep::mapgen::dungeon(),
        3,
        vec![corridor(5, &[]), corridor(6, &[])],
    )
    .unwrap();
    assert_eq!(world.depths()[0].level().name, "corridor");
    assert_eq!(world.depth_count(), MAX_DEPTH);
    walk(&mut world, Compass::E, 4);
    world.apply(Command::Descend).unwrap();
    assert_eq!(world.depths()[1].level().terrain.len(), 6);
    assert_eq!(world.depths()[1].level().depth, 2);
    walk(&mut world, Compass::E, 5);
    world.apply(Command::Descend).unwrap();
    assert_eq!(world.depth(), 3);
    assert_eq!(
        world.depths()[2].level(),
        &hexdeep::sim::LevelSource::level(
            &hexdeep::mapgen::Dungeon::default(),
            world.content(),
            3,
            3
        )
    );
}

#[test]
fn stairs_lead_down_and_back_up_and_levels_stay_as_left() {
    let mut world = World::new_game(
        hexdeep::content::Content::bundled().unwrap().into(),
        hexdeep::mapgen::dungeon(),
        5,
        vec![corridor(5, &[("dart", 2)]), corridor(7, &[])],
    )
    .unwrap();
    assert_eq!(
        world.apply(Command::Descend),
        Err(Rejection::NoStairs(true)),
        "not on stairs"
    );
    walk(&mut world, Compass::E, 4);
    let darts = world.player().count_of("dart");
    world.apply(Command::Drop('a')).unwrap();
    assert_eq!(world.player().count_of("dart"), 0);
    let events = world.apply(Command::Descend).unwrap();
    assert!(events.iter().any(|e| matches!(
        e,
        Event::Stairs {
            depth: 2,
            down: true,
            ..
        }
    )));
    assert_eq!(world.depth(), 2);
    assert_eq!(
        world.player().pos,
        Cell::new(0, 0),
        "arrives on the stairs up"
    );
    assert!(world.floor_items().is_empty(), "depth 2 has its own floor");
    world.apply(Command::Ascend).unwrap();
    assert_eq!(world.depth(), 1);
    assert_eq!(
        world.player().pos,
        Cell::new(4, 0),
        "back on the stairs down"
    );
    assert_eq!(
        world.items_at(Cell::new(4, 0)).count(),
        darts as usize,
        "as left"
    );
    assert!(
        world.is_seen(Cell::new(1, 0)),
        "depth 1 is still remembered"
    );
}

#[test]
fn leaving_needs_the_artifact_and_carrying_it_out_wins() {
    let name = artifact();
    let mut world = World::new_game(
        hexdeep::content::Content::bundled().unwrap().into(),
        hexdeep::mapgen::dungeon(),
        5,
        vec![corridor(5, &[(&name, 1)])],
    )
    .unwrap();
    assert_eq!(
        world.apply(Command::Ascend),
        Err(Rejection::NeedArtifact(name.clone()))
    );
    walk(&mut world, Compass::E, 1);
    assert!(world.carries_artifact());
    walk(&mut world, Compass::W, 1);
    let events = world.apply(Command::Ascend).unwrap();
    assert!(events.contains(&Event::Escaped));
    assert_eq!(world.ending(), Some(&Ending::Won));
    assert!(world.is_over());
    assert_eq!(world.apply(Command::Wait), Err(Rejection::Over));
}

#[test]
fn creature_ids_stay_the_same_for_the_whole_game() {
    let mut deeper = corridor(6, &[]);
    deeper.placements.push(Placement {
        at: Cell::new(4, 0),
        kind: PlacementKind::Monster("rat".into()),
    });
    let mut world = World::new_game(
        hexdeep::content::Content::bundled().unwrap().into(),
        hexdeep::mapgen::dungeon(),
        8,
        vec![corridor(5, &[]), deeper],
    )
    .unwrap();
    let before: Vec<(usize, String, u32)> = world
        .creatures()
        .iter()
        .map(|c| (c.id, c.name.clone(), c.depth))
        .collect();
    for c in world.creatures() {
        assert_eq!(world.creatures()[c.id].id, c.id);
    }
    for _ in 0..20 {
        world.apply(Command::Wait).unwrap();
    }
    // A level made on the way down gives its monsters the next ids; no id changes.
    walk(&mut world, Compass::E, 4);
    world.apply(Command::Descend).unwrap();
    let after: Vec<(usize, String, u32)> = world
        .creatures()
        .iter()
        .map(|c| (c.id, c.name.clone(), c.depth))
        .collect();
    assert_eq!(after[0].2, 2, "the player went down");
    let mut generated = World::new_game(
        hexdeep::content::Content::bundled().unwrap().into(),
        hexdeep::mapgen::dungeon(),
        8,
        Vec::new(),
    )
    .unwrap();
    let ids = |w: &World| -> Vec<(usize, String)> {
        w.creatures()
            .iter()
            .map(|c| (c.id, c.name.clone()))
            .collect()
    };
    let first = ids(&generated);
    assert!(first.len() > 1, "depth 1 has monsters");
    for _ in 0..20 {
        generated.apply(Command::Wait).unwrap();
    }
    assert_eq!(ids(&generated), first);
    assert_eq!(after[1..before.len()], before[1..]);
    assert_eq!(after[before.len()..], [(before.len(), "rat".into(), 2)]);
}

#[test]
fn wading_into_water_costs_the_next_action() {
    let mut grid = Grid::new(
        &Shape::Parallelogram {
            width: 4,
            height: 1,
        },
        Terrain::Floor,
    )
    .unwrap();
    grid.set(Cell::new(1, 0), Terrain::ShallowWater);
    let mut level = Level::new("ford", 1, grid);
    level.start = Some(Cell::new(0, 0));
    let mut world = World::new(
        hexdeep::content::Content::bundled().unwrap().into(),
        level,
        1,
    )
    .unwrap();
    let turn = world.turn();
    world.apply(Command::Move(Compass::E)).unwrap();
    assert_eq!(world.turn(), turn + 1, "the wading action passed by itself");
    world.apply(Command::Move(Compass::E)).unwrap();
    assert_eq!(world.player().pos, Cell::new(2, 0));
}

fn command_from(n: u8) -> Command {
    match n % 10 {
        0..=5 => Command::Move(Compass::HEX[usize::from(n % 6)]),
        6 => Command::Wait,
        7 => Command::Rest,
        8 => Command::PickUp,
        _ => Command::Descend,
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(12))]
    #[test]
    fn any_commands_keep_the_world_valid_and_the_record_verifies(
        seed in 0u64..1000,
        moves in proptest::collection::vec(any::<u8>(), 1..120),
    ) {
        let mut world = World::new_game(hexdeep::content::Content::bundled().unwrap().into(), hexdeep::mapgen::dungeon(), seed, Vec::new()).unwrap();
        let mut record = GameRecord::new(world.clone(), Origin::Fresh);
        for n in moves {
            let command = command_from(n);
            if world.apply(command).is_ok() {
                record.push(command, &world);
            }
            prop_assert_eq!(world.validate(), Ok(()));
            if world.is_over() {
                break;
            }
        }
        let replayed = record.verify(Some(&world)).unwrap();
        prop_assert_eq!(replayed.turn_hash(), world.turn_hash());
        let back = World::from_parts(world.to_parts(), world.content_handle()).unwrap();
        prop_assert_eq!(back.turn_hash(), world.turn_hash());
        prop_assert!(back.differences(&world).is_empty());
    }
}

#[test]
fn a_changed_record_is_caught_at_its_first_different_step() {
    let mut world = World::new_game(
        hexdeep::content::Content::bundled().unwrap().into(),
        hexdeep::mapgen::dungeon(),
        21,
        Vec::new(),
    )
    .unwrap();
    let mut record = GameRecord::new(world.clone(), Origin::Fresh);
    for dir in [Compass::E, Compass::SE, Compass::E, Compass::W, Compass::NE] {
        let command = Command::Move(dir);
        if world.apply(command).is_ok() {
            record.push(command, &world);
        }
    }
    for _ in 0..5 {
        world.apply(Command::Wait).unwrap();
        record.push(Command::Wait, &world);
    }
    assert!(record.verify(Some(&world)).is_ok());
    let mut tampered = record.clone();
    let k = tampered.steps.len() - 3;
    tampered.steps[k].hash ^= 1;
    let err = tampered.verify(Some(&world)).unwrap_err();
    assert_eq!(err.step, k + 1);
    let mut moved = record.clone();
    moved.steps.truncate(moved.steps.len() - 1);
    let err = moved.verify(Some(&world)).unwrap_err();
    assert!(err.what.contains("final state differs"), "{}", err.what);
}

fn loaded(level: Level, depth: Option<u32>) -> (String, hexdeep::mapfile::Loaded) {
    let loaded = hexdeep::mapfile::Loaded {
        level,
        depth,
        warnings: Vec::new(),
    };
    ("test.hexmap".to_string(), loaded)
}

#[test]
fn a_map_file_s_depth_is_honoured_with_generated_depths_before_it() {
    let content = hexdeep::content::Content::bundled().unwrap();
    let arena = hexdeep::mapfile::load_map(std::path::Path::new("data/maps/arena.hexmap")).unwrap();
    assert_eq!(arena.depth, Some(2));
    let maps = vec![("data/maps/arena.hexmap".to_string(), arena)];
    let (levels, notes) =
        hexdeep::ui::levels_at_their_depths(maps, &content, 7, hexdeep::geom::Tiling::Hex).unwrap();
    assert_eq!(
        notes,
        ["The Arena is depth 2, as its map file says: depth 1 is generated."]
    );
    let world = World::new_game(content.into(), hexdeep::mapgen::dungeon(), 7, levels).unwrap();
    assert_eq!(world.depth(), 1);
    assert!(
        world.level().placements
            == hexdeep::sim::LevelSource::level(
                &hexdeep::mapgen::Dungeon::default(),
                world.content(),
                7,
                1
            )
            .placements
    );
    let parts = world.to_parts();
    assert_eq!(parts.pending_maps[0].name, "The Arena");
    assert_eq!(parts.pending_maps[0].depth, 2);

    // Going down: a map given second that says depth 3 comes after a generated depth 2.
    let content = hexdeep::content::Content::bundled().unwrap();
    let maps = vec![
        loaded(corridor(5, &[]), None),
        loaded(corridor(6, &[]), Some(3)),
    ];
    let (levels, _) =
        hexdeep::ui::levels_at_their_depths(maps, &content, 3, hexdeep::geom::Tiling::Hex).unwrap();
    assert_eq!(levels.len(), 3);
    let mut world = World::new_game(content.into(), hexdeep::mapgen::dungeon(), 3, levels).unwrap();
    walk(&mut world, Compass::E, 4);
    world.apply(Command::Descend).unwrap();
    assert_eq!(world.depth(), 2);
    let generated = hexdeep::sim::LevelSource::level(
        &hexdeep::mapgen::Dungeon::default(),
        world.content(),
        3,
        2,
    );
    // (Monsters may have opened doors since: the name and what was placed tell it.)
    assert_eq!(world.level().name, generated.name);
    assert!(world.level().placements == generated.placements);
    assert_eq!(world.to_parts().pending_maps[0].depth, 3);
}

#[test]
fn a_map_file_whose_depth_is_taken_or_outside_the_dungeon_is_refused() {
    let content = hexdeep::content::Content::bundled().unwrap();
    let maps = vec![
        loaded(corridor(5, &[]), Some(2)),
        loaded(corridor(6, &[]), Some(2)),
    ];
    let err = hexdeep::ui::levels_at_their_depths(maps, &content, 3, hexdeep::geom::Tiling::Hex)
        .unwrap_err();
    assert!(
        err.to_string().contains(
            "test.hexmap: its depth is 2, but the maps given before it already make depths 1 to 2"
        ),
        "{err}"
    );
    for depth in [0, MAX_DEPTH + 1] {
        let maps = vec![loaded(corridor(5, &[]), Some(depth))];
        let err =
            hexdeep::ui::levels_at_their_depths(maps, &content, 3, hexdeep::geom::Tiling::Hex)
                .unwrap_err();
        assert!(
            err.to_string().contains("the dungeon has depths 1 to 10"),
            "{err}"
        );
    }
}
