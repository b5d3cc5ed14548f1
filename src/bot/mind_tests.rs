//! The bot's decisions, tested on small worlds: progress, being stuck, a stuck hero and its companion.

use super::*;
use crate::content::Content;
use crate::geom::Compass;
use crate::map::{Grid, Level, Shape};

/// A long hall (wider than the player sees) with stairs down at its west end, the player
/// near them, and a second level below.
fn hall() -> World {
    let shape = Shape::Parallelogram {
        width: 40,
        height: 5,
    };
    let mut grid = Grid::new(&shape, Terrain::Floor).unwrap();
    grid.set(Cell::new(1, 2), Terrain::StairsDown);
    let mut first = Level::new("hall", 1, grid.clone());
    first.start = Some(Cell::new(4, 2));
    let mut second = Level::new("below", 2, grid);
    second.start = Some(Cell::new(4, 2));
    let content = Content::bundled().unwrap().into();
    World::from_levels(content, vec![first, second], 5).unwrap()
}

#[test]
fn actions_without_progress_are_counted_and_progress_resets_them() {
    let mut world = hall();
    let mut bot = Bot::new();
    for n in 1..=3 {
        bot.watch_progress(&world, &Fight::new(Eye::new(&world, 0)));
        // The first look is progress itself: the level's tiles are newly seen.
        assert_eq!(bot.idle, n - 1);
    }
    // A step east shows tiles not seen before.
    world.apply(Command::Move(Compass::E)).unwrap();
    bot.watch_progress(&world, &Fight::new(Eye::new(&world, 0)));
    assert_eq!(bot.idle, 0);
    // Waiting shows nothing new.
    world.apply(Command::Wait).unwrap();
    bot.watch_progress(&world, &Fight::new(Eye::new(&world, 0)));
    assert_eq!(bot.idle, 1);
}

#[test]
fn a_stuck_bot_heads_for_the_stairs_down_instead_of_exploring() {
    let world = hall();
    let mut fresh = Bot::new();
    // It has stairs in view but the hall's far end unexplored: it explores, eastward.
    assert_eq!(fresh.choose(&world), Command::Move(Compass::E));
    let mut stuck = Bot::new();
    stuck.choose(&world);
    stuck.idle = NO_PROGRESS;
    stuck.route.clear();
    // Stuck, it leaves for the stairs down, westward, even though it has not explored.
    let command = stuck.choose(&world);
    assert!(
        matches!(
            command,
            Command::Move(Compass::W | Compass::NW | Compass::SW)
        ),
        "{command:?}"
    );
}

#[test]
fn a_stuck_hero_steps_onto_a_companions_tile_though_a_foe_is_in_view() {
    // A corridor along row 1; the first hero at (1, 1) sees a rat at (9, 1), the second
    // stands behind them at (0, 1).
    let shape = Shape::Parallelogram {
        width: 24,
        height: 3,
    };
    let mut grid = Grid::new(&shape, Terrain::Wall).unwrap();
    for x in 0..24 {
        grid.set(Cell::new(x, 1), Terrain::Floor);
    }
    let mut level = Level::new("corridor", 1, grid);
    level.start = Some(Cell::new(1, 1));
    level.placements.push(crate::map::Placement {
        at: Cell::new(9, 1),
        kind: crate::map::PlacementKind::Monster("rat".to_string()),
    });
    let content = Content::bundled().unwrap().into();
    let world = World::party_on_levels(content, vec![level], 5, 2).unwrap();
    let mut bot = Bot::for_hero(1);
    assert_eq!(bot.choose(&world), Command::Wait);
    // Stuck, it no longer waits for ever (nor does its companion, so they swap places).
    bot.idle = NO_PROGRESS;
    assert_eq!(bot.choose(&world), Command::Move(Compass::E));
}

/// A corridor along row 1, 61 tiles long, for a party of two starting at (30, 1); the first
/// hero walks east to (50, 1), the second west to (10, 1), so that neither knows a way to the
/// other.
fn parted() -> World {
    let shape = Shape::Parallelogram {
        width: 61,
        height: 3,
    };
    let mut grid = Grid::new(&shape, Terrain::Wall).unwrap();
    for x in 0..61 {
        grid.set(Cell::new(x, 1), Terrain::Floor);
    }
    let mut level = Level::new("corridor", 1, grid);
    level.start = Some(Cell::new(30, 1));
    let content = Content::bundled().unwrap().into();
    let mut world = World::party_on_levels(content, vec![level], 5, 2).unwrap();
    for (hero, x, dir) in [(0, 50, Compass::E), (1, 10, Compass::W)] {
        while world.creatures()[hero].pos.x != x {
            world.apply_all(&[(hero, Command::Move(dir))]).unwrap();
        }
    }
    world
}

#[test]
fn a_stuck_follower_with_no_way_to_its_leader_explores_alone() {
    let world = parted();
    let mut bot = Bot::for_hero(1);
    assert_eq!(bot.choose(&world), Command::Wait);
    bot.idle = NO_PROGRESS;
    assert_eq!(bot.choose(&world), Command::Move(Compass::W));
}
