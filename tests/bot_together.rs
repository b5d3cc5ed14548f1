//! A party's bots choose in turn (issue 31): the second hero's bot knows what the first's
//! chose for the same segment, so the two never want one tile and neither throws through the
//! other.
#![allow(clippy::unwrap_used)]

#[path = "support/room.rs"]
mod room;
use hexdeep::bot::{Bot, Chosen, Party};
use hexdeep::content::Content;
use hexdeep::geom::Cell;
use hexdeep::map::{Placement, PlacementKind};
use hexdeep::sim::{Command, World};
use std::sync::Arc;

fn content() -> Arc<Content> {
    Content::bundled().unwrap().into()
}

/// A party of two in the test room with `monsters` and `items` placed on their tiles.
fn party(monsters: &[(&str, Cell)], items: &[(&str, Cell)]) -> World {
    let mut level = room::level(monsters);
    for (name, at) in items {
        level.placements.push(Placement {
            at: *at,
            kind: PlacementKind::Item((*name).to_string()),
        });
    }
    World::party_on_levels(content(), vec![level], 5, 2).unwrap()
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
fn two_heroes_bots_do_not_step_onto_the_same_tile() {
    // A potion on a tile next to both heroes: the nearest item for each of them.
    let empty = party(&[], &[]);
    let (first, second) = (empty.creatures()[0].pos, empty.creatures()[1].pos);
    let grid = &empty.level().terrain;
    let potion = grid
        .neighbours(first)
        .filter(|&c| c != second && grid.adjacent(c, second) && empty.level().passable(c))
        .min()
        .unwrap();
    let mut world = party(&[], &[("potion of healing", potion)]);
    assert_eq!(world.acting_heroes(), [0, 1]);
    // Alone, each hero's bot would step onto it.
    for hero in [0, 1] {
        let alone = Bot::for_hero(hero).choose(&world);
        assert_eq!(step_to(&world, hero, alone), Some(potion), "hero {hero}");
    }
    // Choosing in turn, only the first does.
    let before = world.clone();
    let resolved = Party::new(&world).play_segment(&mut world).unwrap();
    let steps: Vec<Option<Cell>> = resolved
        .given
        .iter()
        .map(|g| step_to(&before, g.hero, g.command))
        .collect();
    assert_eq!(steps[0], Some(potion));
    assert_ne!(steps[1], Some(potion), "{:?}", resolved.given);
    assert_eq!(
        world.creatures()[0].pos,
        potion,
        "no contest: the first hero took it"
    );
}

#[test]
fn a_hero_s_bot_throws_through_no_tile_a_companion_will_stand_on() {
    // A rat at the room's far end comes for the heroes: the second hero throws a dart.
    let world = party(&[("rat", Cell::new(6, 1))], &[]);
    let hero = 1;
    let from = world.creatures()[hero].pos;
    let Command::Throw { at, .. } = Bot::for_hero(hero).choose(&world) else {
        panic!(
            "the second hero throws at the rat: {:?} {from}",
            Bot::for_hero(hero).choose(&world)
        );
    };
    let flight = world.flight_path(from, at);
    // The first hero means to step onto the flight's first tile.
    let Some(&across) = flight.first().filter(|&&c| c != at) else {
        panic!("the dart flies over a tile before the rat: {flight:?}");
    };
    let chosen = Chosen {
        hero: 0,
        stands: across,
        struck: Vec::new(),
    };
    let command = Bot::for_hero(hero).choose_after(&world, &[chosen]);
    if let Command::Throw { at, .. } = command {
        assert!(
            !world.flight_path(from, at).contains(&across),
            "{command:?} flies through the companion"
        );
    }
    // Nor does it step onto the companion's tile.
    assert_ne!(step_to(&world, hero, command), Some(across));
}

#[test]
fn a_hero_s_bot_steps_into_no_blow_or_missile_a_companion_chose() {
    // With nothing in view each hero explores; the second hero's next step is struck by
    // what the first chose there (a blow at something unseen, say): it waits instead.
    let world = party(&[], &[]);
    let hero = 1;
    let alone = Bot::for_hero(hero).choose(&world);
    let to = step_to(&world, hero, alone).unwrap();
    let chosen = Chosen {
        hero: 0,
        stands: world.creatures()[0].pos,
        struck: vec![to],
    };
    let command = Bot::for_hero(hero).choose_after(&world, &[chosen]);
    assert_ne!(step_to(&world, hero, command), Some(to), "{command:?}");
}
