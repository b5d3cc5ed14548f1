//! Heroes on different depths (issue 31): a hero takes the stairs alone (with the allies
//! following them) and the others stay; every level with a living hero runs in each segment
//! and a level with none waits; each hero remembers only what they saw; the player's queries
//! follow the viewer's level; and which hero is viewed never changes the game.
#![allow(clippy::unwrap_used)]

use hexdeep::content::Content;
use hexdeep::geom::{Cell, Compass};
use hexdeep::map::{Grid, Level, Placement, PlacementKind, Shape, Terrain};
use hexdeep::sim::{Command, Event, Names, World, messages_seen_by};
use proptest::prelude::*;

/// Three rooms of 12 by 5 tiles of floor, one a depth, each with stairs up and down at
/// (3, 2) (none up on the first), a rat on each tile of `rats` (depth, tile), and a party of
/// two: hero 0 (Ann) on the first depth at (1, 2), hero 1 (Bob) at `bob` (depth, tile).
fn dungeon(rats: &[(u32, Cell)], bob: (u32, Cell)) -> World {
    let shape = Shape::Parallelogram {
        width: 12,
        height: 5,
    };
    let levels = (1..=3)
        .map(|depth| {
            let mut grid = Grid::new(&shape, Terrain::Floor).unwrap();
            grid.set(Cell::new(3, 2), Terrain::StairsDown);
            if depth > 1 {
                grid.set(Cell::new(3, 0), Terrain::StairsUp);
            }
            let mut level = Level::new("room", depth, grid);
            level.start = Some(Cell::new(1, 2));
            for &(_, at) in rats.iter().filter(|(d, _)| *d == depth) {
                level.placements.push(Placement {
                    at,
                    kind: PlacementKind::Monster("rat".into()),
                });
            }
            level
        })
        .collect();
    let content = Content::bundled().unwrap().into();
    let world = World::party_on_levels(content, levels, 11, 2).unwrap();
    let mut parts = world.to_parts();
    (parts.creatures[1].depth, parts.creatures[1].pos) = bob;
    World::from_parts(parts, world.content_handle()).unwrap()
}

/// The rat standing on depth `depth`.
fn rat_on(world: &World, depth: u32) -> usize {
    world
        .creatures()
        .iter()
        .position(|c| c.name == "rat" && c.depth == depth)
        .unwrap()
}

fn moved(events: &[Event], who: usize) -> bool {
    events
        .iter()
        .any(|e| matches!(e, Event::Moved { who: w, .. } if *w == who))
}

#[test]
fn heroes_on_two_depths_both_act_in_one_segment_and_a_level_without_heroes_waits() {
    let rats = [(2, Cell::new(10, 2)), (3, Cell::new(10, 2))];
    let mut world = dungeon(&rats, (2, Cell::new(1, 2)));
    let (below, empty) = (rat_on(&world, 2), rat_on(&world, 3));
    let waiting = world.creatures()[empty].clone();
    let events = world
        .apply_all(&[
            (0, Command::Move(Compass::E)),
            (1, Command::Move(Compass::E)),
        ])
        .unwrap();
    assert!(moved(&events, 0) && moved(&events, 1), "{events:?}");
    assert_eq!(world.creatures()[0].pos, Cell::new(2, 2));
    assert_eq!(world.creatures()[1].pos, Cell::new(2, 2), "on depth 2");
    let start = world.creatures()[below].pos;
    for _ in 0..8 {
        world
            .apply_all(&[(0, Command::Wait), (1, Command::Wait)])
            .unwrap();
    }
    assert_ne!(
        world.creatures()[below].pos,
        start,
        "the rat of Bob's level hunts him"
    );
    let now = &world.creatures()[empty];
    assert_eq!(
        (now.pos, now.hp, now.initiative),
        (waiting.pos, waiting.hp, waiting.initiative),
        "the rat of depth 3, where no hero is, waits"
    );
}

#[test]
fn a_hero_takes_the_stairs_alone_with_the_ally_following_them() {
    let mut world = dungeon(&[(1, Cell::new(5, 2))], (1, Cell::new(0, 2)));
    let rat = rat_on(&world, 1);
    let mut parts = world.to_parts();
    parts.creatures[0].pos = Cell::new(3, 2);
    world = World::from_parts(parts, world.content_handle()).unwrap();
    let scroll = world.creatures()[0]
        .inventory
        .iter()
        .find(|s| s.item == "scroll of taming")
        .unwrap()
        .letter;
    world
        .apply_all(&[(0, Command::Read(scroll)), (1, Command::Wait)])
        .unwrap();
    assert!(world.ally(rat).is_some(), "the rat follows Ann");
    let events = world
        .apply_all(&[(0, Command::Descend), (1, Command::Wait)])
        .unwrap();
    assert!(
        events.iter().any(|e| matches!(
            e,
            Event::Stairs {
                depth: 2,
                down: true,
                ..
            }
        )),
        "{events:?}"
    );
    let depth = |who: usize| world.creatures()[who].depth;
    assert_eq!(depth(0), 2, "Ann went down");
    assert_eq!(depth(1), 1, "Bob stayed");
    assert_eq!(depth(rat), 2, "Ann's ally went with her");
    assert!(world.depths()[1].visited_by(0) && !world.depths()[1].visited_by(1));
}

#[test]
fn a_heros_map_shows_only_what_they_saw() {
    let mut world = dungeon(&[], (1, Cell::new(3, 2)));
    world
        .apply_all(&[(0, Command::Wait), (1, Command::Descend)])
        .unwrap();
    for _ in 0..3 {
        world
            .apply_all(&[(0, Command::Wait), (1, Command::Move(Compass::E))])
            .unwrap();
    }
    let second = &world.depths()[1];
    let bob = world.creatures()[1].pos;
    assert!(second.is_seen_by(1, bob) && second.seen_count_by(1) > 0);
    assert_eq!(second.seen_count_by(0), 0, "Ann's map of depth 2 is blank");
    assert!(!second.visited_by(0));
    world.set_viewer(0);
    assert_eq!(world.depth(), 1);
    assert!(world.is_seen(Cell::new(1, 2)));
    // Ann goes down: she remembers what she sees there.
    let mut parts = world.to_parts();
    parts.creatures[0].pos = Cell::new(3, 2);
    world = World::from_parts(parts, world.content_handle()).unwrap();
    world
        .apply_all(&[(0, Command::Descend), (1, Command::Wait)])
        .unwrap();
    let second = &world.depths()[1];
    assert!(second.visited_by(0));
    let seen = |hero: usize| {
        let grid = &second.level().terrain;
        grid.indices()
            .map(|i| grid.cell(i))
            .filter(|&c| second.is_seen_by(hero, c))
            .collect::<Vec<Cell>>()
    };
    let sees: Vec<Cell> = {
        let grid = &second.level().terrain;
        grid.indices()
            .map(|i| grid.cell(i))
            .filter(|&c| world.hero_sees(0, c))
            .collect()
    };
    assert!(!sees.is_empty());
    assert_eq!(
        seen(0),
        sees,
        "what she saw since she came, nothing of Bob's"
    );
}

#[test]
fn the_players_queries_follow_the_viewer_to_their_depth() {
    let rats = [(1, Cell::new(10, 0)), (2, Cell::new(9, 2))];
    let mut world = dungeon(&rats, (2, Cell::new(1, 2)));
    world
        .apply_all(&[(0, Command::Wait), (1, Command::Wait)])
        .unwrap();
    let (rat_above, rat_below) = (rat_on(&world, 1), rat_on(&world, 2));
    assert!(world.set_viewer(1));
    assert_eq!((world.depth(), world.level().depth), (2, 2));
    assert_eq!(world.player().id, 1);
    let bob = world.creatures()[1].pos;
    assert!(world.is_visible(bob) && world.is_seen(bob));
    let here: Vec<usize> = world.creatures_here().map(|c| c.id).collect();
    assert!(
        here.contains(&rat_below) && !here.contains(&rat_above),
        "{here:?}"
    );
    assert!(world.planned().iter().all(|p| p.who == rat_below));
    assert!(!world.planned().is_empty(), "the telegraph of Bob's level");
    assert_eq!(world.seen_count(), world.depths()[1].seen_count_by(1));
    assert!(world.set_viewer(0));
    assert_eq!((world.depth(), world.level().depth), (1, 1));
    assert!(world.planned().iter().all(|p| p.who == rat_above));
    assert_eq!(
        world.lead_depth(),
        1,
        "the record's depth is the lead hero's"
    );
}

#[test]
fn a_hero_is_told_only_what_happens_on_their_own_level() {
    // Ann and Bob on the same tile of two depths; a rat next to Bob below.
    let mut world = dungeon(&[(2, Cell::new(2, 2))], (2, Cell::new(1, 2)));
    let mut events = Vec::new();
    for _ in 0..4 {
        events.extend(
            world
                .apply_all(&[(0, Command::Wait), (1, Command::Wait)])
                .unwrap(),
        );
    }
    let names = Names::default();
    let to_bob = messages_seen_by(&events, &world, &names, 1).join(" / ");
    let to_ann = messages_seen_by(&events, &world, &names, 0).join(" / ");
    assert!(to_bob.contains("rat"), "{to_bob}");
    assert!(
        !to_ann.contains("rat"),
        "Ann sees nothing of depth 2: {to_ann}"
    );
}

#[test]
fn the_hero_who_takes_the_stairs_is_told_so_and_the_companion_left_behind_hears_who_went() {
    // Ann stands on the stairs down of the first depth, Bob beside her.
    let world = dungeon(&[], (1, Cell::new(4, 2)));
    let mut parts = world.to_parts();
    parts.creatures[0].pos = Cell::new(3, 2);
    let mut world = World::from_parts(parts, world.content_handle()).unwrap();
    world.name_heroes(&["Ann".to_string(), "Bob".to_string()]);
    let events = world
        .apply_all(&[(0, Command::Descend), (1, Command::Wait)])
        .unwrap();
    let names = Names::default();
    let to_ann = messages_seen_by(&events, &world, &names, 0).join(" / ");
    let to_bob = messages_seen_by(&events, &world, &names, 1).join(" / ");
    assert!(to_ann.contains("you go down to depth 2"), "{to_ann}");
    assert!(to_bob.contains("Ann goes down to depth 2"), "{to_bob}");
    assert!(!to_bob.contains("you go down"), "{to_bob}");
}

/// One of a few commands a hero may give: a wait, a rest or a step.
fn command() -> impl Strategy<Value = Command> {
    prop_oneof![
        Just(Command::Wait),
        Just(Command::Rest),
        proptest::sample::select(Compass::HEX.to_vec()).prop_map(Command::Move),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(16))]

    /// The same commands give the same world whichever hero is viewed.
    #[test]
    fn the_viewer_never_changes_the_game(
        steps in proptest::collection::vec((command(), command(), 0usize..2), 1..12)
    ) {
        let rats = [(1, Cell::new(9, 2)), (2, Cell::new(9, 2))];
        let mut a = dungeon(&rats, (2, Cell::new(1, 2)));
        let mut b = a.clone();
        for (ann, bob, viewer) in steps {
            b.set_viewer(viewer);
            let ea = a.apply_all(&[(0, ann), (1, bob)]);
            let eb = b.apply_all(&[(0, ann), (1, bob)]);
            prop_assert_eq!(ea, eb);
        }
        prop_assert_eq!(a.turn_hash(), b.turn_hash());
        prop_assert!(a.differences(&b).is_empty(), "{:?}", a.differences(&b));
    }
}
