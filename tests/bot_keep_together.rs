//! A party's bots keep together while they explore (issue 31): a following hero goes back
//! toward its leader (the first living hero on the level) and keeps near it, through what
//! either of them knows, and the leader waits a while, but not for ever, for a straggler.
#![allow(clippy::unwrap_used)]

use hexdeep::bot::Bot;
use hexdeep::content::Content;
use hexdeep::geom::{Cell, Compass};
use hexdeep::map::{Grid, Level, Shape, Terrain};
use hexdeep::sim::{Command, World};
use std::sync::Arc;

fn content() -> Arc<Content> {
    Content::bundled().unwrap().into()
}

/// A corridor from west to east along row 1, 61 tiles long, for a party of two that starts
/// at its middle, (30, 1); then the first hero walks to `leader` and the second to
/// `follower` along it, one after the other (each remembers what they saw on the way).
fn corridor(leader: Cell, follower: Cell) -> World {
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
    let mut world = World::party_on_levels(content(), vec![level], 5, 2).unwrap();
    for (hero, to) in [(0, leader), (1, follower)] {
        while world.creatures()[hero].pos != to {
            let from = world.creatures()[hero].pos;
            let dir = if to.x > from.x {
                Compass::E
            } else {
                Compass::W
            };
            world.apply_all(&[(hero, Command::Move(dir))]).unwrap();
        }
    }
    world
}

/// The tile hero `hero`'s `command` steps onto, if it is a step.
fn step_to(world: &World, hero: usize, command: Command) -> Option<Cell> {
    let Command::Move(dir) = command else {
        return None;
    };
    let from = world.creatures()[hero].pos;
    world.level().terrain.step(from, dir).map(|(to, _)| to)
}

#[test]
fn a_following_hero_goes_back_toward_its_leader_by_the_way_the_leader_knows() {
    let leader = Cell::new(40, 1);
    let world = corridor(leader, Cell::new(25, 1));
    // The second hero has never seen the leader's tile: the way there is the leader's.
    let far_east = Cell::new(40, 1);
    assert!(!world.depths()[0].is_seen_by(1, far_east));
    assert!(world.depths()[0].is_seen_by(0, far_east));
    // Its own nearest unknown tiles are to the west; it goes east, to its leader.
    let command = Bot::for_hero(1).choose(&world);
    assert_eq!(
        step_to(&world, 1, command),
        Some(Cell::new(26, 1)),
        "{command:?}"
    );
}

#[test]
fn a_following_hero_explores_within_two_tiles_of_its_leader_and_comes_back_from_three() {
    // Two tiles west of the leader, the follower explores westward as it would alone.
    let near = corridor(Cell::new(30, 1), Cell::new(28, 1));
    assert_eq!(near.explore_path_for(1).unwrap()[0], Cell::new(27, 1));
    let command = Bot::for_hero(1).choose(&near);
    assert_eq!(
        step_to(&near, 1, command),
        Some(Cell::new(27, 1)),
        "{command:?}"
    );
    // Three tiles away, its way to the unknown still westward, it steps back east.
    let away = corridor(Cell::new(30, 1), Cell::new(27, 1));
    assert_eq!(away.explore_path_for(1).unwrap()[0], Cell::new(26, 1));
    let command = Bot::for_hero(1).choose(&away);
    assert_eq!(
        step_to(&away, 1, command),
        Some(Cell::new(28, 1)),
        "{command:?}"
    );
}

#[test]
fn the_leader_waits_for_a_straggler_a_bounded_while_and_again_once_it_came_near() {
    let far = corridor(Cell::new(30, 1), Cell::new(20, 1));
    let mut bot = Bot::for_hero(0);
    let waits = (0..40)
        .take_while(|_| bot.choose(&far) == Command::Wait)
        .count();
    assert_eq!(waits, 8, "it waits, then explores on alone");
    assert!(matches!(bot.choose(&far), Command::Move(_)));
    // The straggler came near: the count starts again.
    let near = corridor(Cell::new(30, 1), Cell::new(29, 1));
    assert!(matches!(bot.choose(&near), Command::Move(_)));
    assert_eq!(bot.choose(&far), Command::Wait);
}

#[test]
fn a_following_hero_with_no_known_way_to_its_leader_waits_for_one() {
    // The leader went east to (50, 1), the follower west to (10, 1): neither knows the tiles
    // between, so neither knows a way from one to the other.
    let world = corridor(Cell::new(50, 1), Cell::new(10, 1));
    let (leader, follower) = (world.creatures()[0].pos, world.creatures()[1].pos);
    assert!(world.known_path_for(1, follower, leader).is_none());
    assert!(world.known_path_for(0, follower, leader).is_none());
    // Alone it would go on west, to the unknown end of the corridor.
    assert_eq!(world.explore_path_for(1).unwrap()[0], Cell::new(9, 1));
    // It waits for the leader's exploring to open a way instead of exploring apart.
    assert_eq!(Bot::for_hero(1).choose(&world), Command::Wait);
}
