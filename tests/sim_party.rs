//! A party of heroes in one world (issue 31, first step): every hero's command counts in the
//! same segment, the resolver settles their contests as it settles everyone's, monsters hunt
//! the hero nearest them, and the party heals, takes the stairs and dies together.
#![allow(clippy::unwrap_used)]

#[path = "support/room.rs"]
mod room;
use hexdeep::content::Content;
use hexdeep::geom::{Cell, Compass};
use hexdeep::map::Terrain;
use hexdeep::sim::{Command, Event, Intention, Rejection, Stance, World, messages};
use std::sync::Arc;

fn content() -> Arc<Content> {
    Content::bundled().unwrap().into()
}

/// A party of `heroes` in the test room with `monsters`.
fn party(heroes: usize, monsters: &[(&str, Cell)]) -> World {
    World::party_on_levels(content(), vec![room::level(monsters)], 5, heroes).unwrap()
}

/// Hero `hero` does `command` in the coming segment while every other acting hero waits.
fn only(world: &mut World, hero: usize, command: Command) {
    let commands: Vec<(usize, Command)> = world
        .acting_heroes()
        .iter()
        .map(|&h| (h, if h == hero { command } else { Command::Wait }))
        .collect();
    world.apply_all(&commands).unwrap();
}

/// The id of the first creature named `name`.
fn id_of(world: &World, name: &str) -> usize {
    world
        .creatures()
        .iter()
        .find(|c| c.name == name)
        .unwrap()
        .id
}

#[test]
fn a_party_starts_on_the_start_and_the_free_tiles_nearest_it() {
    let world = party(3, &[]);
    assert_eq!(world.heroes(), [0, 1, 2]);
    let start = Cell::new(1, 2);
    let grid = &world.level().terrain;
    let places: Vec<Cell> = world
        .heroes()
        .iter()
        .map(|&h| world.creatures()[h].pos)
        .collect();
    assert_eq!(places[0], start);
    for &p in &places[1..] {
        assert!(grid.adjacent(start, p), "{p} is next to the start");
    }
    let mut distinct = places.clone();
    distinct.sort_unstable();
    distinct.dedup();
    assert_eq!(distinct.len(), 3, "{places:?}");
    // A party of one is the game of one player.
    let alone = party(1, &[]);
    let single = World::new(content(), room::level(&[]), 5).unwrap();
    assert_eq!(alone.turn_hash(), single.turn_hash());
}

#[test]
fn two_heroes_contesting_a_tile_one_takes_it_and_the_other_stays() {
    let mut world = party(2, &[]);
    let (a, b) = (world.creatures()[0].pos, world.creatures()[1].pos);
    // The tile both heroes border, other than each other's.
    let grid = world.level().terrain.clone();
    let contested = grid
        .neighbours(a)
        .find(|&t| t != b && grid.adjacent(t, b) && world.level().passable(t))
        .unwrap();
    let toward = |from: Cell| grid.direction(from, contested).unwrap();
    let events = world
        .apply_all(&[(0, Command::Move(toward(a))), (1, Command::Move(toward(b)))])
        .unwrap();
    let (now_a, now_b) = (world.creatures()[0].pos, world.creatures()[1].pos);
    assert!(
        (now_a == contested) != (now_b == contested),
        "exactly one takes it: {now_a} {now_b}"
    );
    let loser = usize::from(now_a == contested);
    assert_eq!(
        world.creatures()[loser].pos,
        [a, b][loser],
        "the loser stays"
    );
    assert!(
        events
            .iter()
            .any(|e| matches!(*e, Event::Bounced { who, toward, .. } if who == loser && toward == contested)),
        "{events:?}"
    );
}

#[test]
fn a_command_for_a_creature_that_is_not_an_acting_hero_is_refused_and_changes_nothing() {
    let mut world = party(2, &[("rat", Cell::new(9, 2))]);
    let before = world.turn_hash();
    let rat = id_of(&world, "rat");
    assert_eq!(
        world.apply_all(&[(rat, Command::Wait)]).unwrap_err(),
        (rat, Rejection::NotActing)
    );
    // One command a hero, not two.
    assert_eq!(
        world
            .apply_all(&[(1, Command::Wait), (1, Command::Rest)])
            .unwrap_err(),
        (1, Rejection::NotActing)
    );
    // A hero's command the rules refuse refuses the segment, the other hero's too.
    assert_eq!(
        world
            .apply_all(&[(0, Command::Wait), (1, Command::Drink('z'))])
            .unwrap_err(),
        (1, Rejection::NoItem('z'))
    );
    assert_eq!(world.turn_hash(), before);
    assert_eq!(world.turn(), 0);
}

#[test]
fn a_hero_without_a_command_waits_and_the_commanded_one_acts() {
    let mut world = party(2, &[]);
    let b = world.creatures()[1].pos;
    let a = world.creatures()[0].pos;
    let away = world
        .level()
        .terrain
        .neighbours(a)
        .find(|&t| t != b && !world.level().terrain.adjacent(t, b))
        .unwrap();
    let dir = world.level().terrain.direction(a, away).unwrap();
    world.apply_all(&[(0, Command::Move(dir))]).unwrap();
    assert_eq!(world.creatures()[0].pos, away);
    assert_eq!(world.creatures()[1].pos, b);
}

#[test]
fn each_hero_uses_their_own_pack() {
    let mut world = party(2, &[]);
    let potions = |w: &World, h: usize| w.creatures()[h].count_of("potion of healing");
    let count = potions(&world, 1);
    assert!(count > 0);
    let letter = world.creatures()[1]
        .inventory
        .iter()
        .find(|s| s.item == "potion of healing")
        .unwrap()
        .letter;
    world.apply_all(&[(1, Command::Drink(letter))]).unwrap();
    assert_eq!(potions(&world, 1), count - 1, "hero 2 drank");
    assert_eq!(potions(&world, 0), count, "hero 1 did not");
}

#[test]
fn a_monster_hunts_the_hero_nearest_it() {
    // A party at the room's west end; hero 2 is sent to its east end, where a rat waits.
    let mut world = party(2, &[("rat", Cell::new(10, 2))]);
    let rat = id_of(&world, "rat");
    let east = Compass::E;
    for _ in 0..6 {
        if world.creatures()[1].pos.x >= 7 {
            break;
        }
        only(&mut world, 1, Command::Move(east));
    }
    let hero2 = world.creatures()[1].pos;
    let hero1 = world.creatures()[0].pos;
    // Hero 1 is out of its sight; it sees hero 2 and hunts them.
    assert_eq!(world.stance(rat), Stance::Hunts);
    let plan = world.planned().into_iter().find(|p| p.who == rat).unwrap();
    let grid = &world.level().terrain;
    let target = match plan.intention {
        Intention::Move(t) | Intention::Attack(t) => t,
        other => panic!("the rat should close in: {other:?}"),
    };
    assert!(
        grid.distance(target, hero2) < grid.distance(plan.from, hero2),
        "the rat heads for hero 2 at {hero2}, not hero 1 at {hero1}: {plan:?}"
    );
}

#[test]
fn a_hero_takes_the_stairs_alone() {
    // Stairs down two tiles east of the start: the player steps there and goes down; the
    // other hero, elsewhere on the level, stays (ARCHITECTURE.md, "Heroes on different
    // depths").
    let mut level = room::level(&[]);
    level.terrain.set(Cell::new(3, 2), Terrain::StairsDown);
    let below = room::level(&[]);
    let mut world = World::party_on_levels(content(), vec![level, below], 5, 2).unwrap();
    for _ in 0..4 {
        if world.level().terrain_at(world.player().pos) == Some(Terrain::StairsDown) {
            break;
        }
        only(&mut world, 0, Command::Move(Compass::E));
    }
    assert_eq!(
        world.level().terrain_at(world.player().pos),
        Some(Terrain::StairsDown)
    );
    world.apply(Command::Descend).unwrap();
    assert_eq!(world.depth(), 2);
    let (a, b) = (&world.creatures()[0], &world.creatures()[1]);
    assert_eq!((a.depth, b.depth), (2, 1));
    assert_eq!(
        world.acting_heroes(),
        [0, 1],
        "both act, each on their level"
    );
}

/// The tiles from `from` to `to` by the fewest steps over passable tiles.
fn walk(world: &World, from: Cell, to: Cell) -> Vec<Cell> {
    let level = world.level();
    let mut came: std::collections::BTreeMap<Cell, Cell> = std::collections::BTreeMap::new();
    let mut frontier = vec![from];
    came.insert(from, from);
    while !came.contains_key(&to) && !frontier.is_empty() {
        let mut next = Vec::new();
        for &c in &frontier {
            for n in level.terrain.neighbours(c) {
                if level.passable(n) && !came.contains_key(&n) {
                    came.insert(n, c);
                    next.push(n);
                }
            }
        }
        frontier = next;
    }
    let mut path = vec![to];
    while *path.last().unwrap() != from {
        path.push(came[path.last().unwrap()]);
    }
    path.reverse();
    path
}

#[test]
fn each_hero_sees_by_their_own_sight_and_remembers_what_they_saw() {
    // A wall across the room at x = 6 with one gap at its south end: hero 2 goes through
    // the gap to the east half while hero 1 stays in the west.
    let mut level = room::level(&[]);
    for y in 0..4 {
        level.terrain.set(Cell::new(6, y), Terrain::Wall);
    }
    let mut world = World::party_on_levels(content(), vec![level], 5, 2).unwrap();
    let goal = Cell::new(9, 1);
    let route = walk(&world, world.creatures()[1].pos, goal);
    for pair in route.windows(2) {
        let dir = world.level().terrain.direction(pair[0], pair[1]).unwrap();
        while world.creatures()[1].pos == pair[0] {
            only(&mut world, 1, Command::Move(dir));
        }
    }
    assert_eq!(world.creatures()[1].pos, goal);
    let grid = &world.level().terrain;
    let (mut only_a, mut only_b) = (0, 0);
    for (cell, _) in grid.iter() {
        let (sees_a, sees_b) = (world.hero_sees(0, cell), world.hero_sees(1, cell));
        assert_eq!(
            sees_a,
            world.is_visible(cell),
            "the player's view is hero 1's"
        );
        only_a += usize::from(sees_a && !sees_b);
        only_b += usize::from(sees_b && !sees_a);
        if sees_b {
            assert!(
                world.is_seen_by(1, cell),
                "{cell}, seen by hero 2, is remembered"
            );
        }
    }
    assert!(
        only_a > 0 && only_b > 0,
        "{only_a} tiles only hero 1 sees, {only_b} only hero 2"
    );
    assert!(world.hero_sees(1, Cell::new(9, 0)) && !world.hero_sees(0, Cell::new(9, 0)));
    assert!(
        !world.is_seen(Cell::new(9, 0)),
        "hero 1's map holds only what they saw"
    );
    assert!(!world.hero_sees(5, goal), "not a hero");
}

#[test]
fn messages_name_the_other_heroes_and_say_you_to_the_player() {
    // A rat beside hero 2: hero 2 strikes it, and the player's messages name hero 2.
    let world = party(2, &[]);
    let b = world.creatures()[1].pos;
    let grid = world.level().terrain.clone();
    let a = world.creatures()[0].pos;
    let spot = grid
        .neighbours(b)
        .find(|&t| t != a && world.level().passable(t))
        .unwrap();
    let mut world = party(2, &[("rat", spot)]);
    let dir = grid.direction(b, spot).unwrap();
    let events = world
        .apply_all(&[(0, Command::Wait), (1, Command::Attack(dir))])
        .unwrap();
    let told = messages(&events, &world).join(" / ");
    assert!(told.contains("hero 2 hits the rat"), "{told}");
    assert!(!told.contains("the hero 2"), "{told}");
}
