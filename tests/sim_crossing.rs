//! Standing orders whose ways cross (issue 31): two heroes walking a corridor from its two
//! ends get past each other, a hero gets past another's ally and past its own, and an order
//! that cannot get on ends with its reason instead of stepping into a wall of bodies for
//! ever (found in `play --players 2 --seed 7`: "Ann bounces off you. (x84)").
#![allow(clippy::unwrap_used)]

#[path = "support/room.rs"]
mod room;
use hexdeep::content::Content;
use hexdeep::geom::Cell;
use hexdeep::map::{Level, Placement, PlacementKind, Terrain};
use hexdeep::sim::control::{Control, PlayerId};
use hexdeep::sim::orders::{End, Order};
use hexdeep::sim::{Command, CreatureId, Event, World};

const ANN: PlayerId = PlayerId(1);
const BOB: PlayerId = PlayerId(2);

/// One row of floor (y = 2, x = 0..12) between walls: no way round anyone; with closed
/// doors at (1, 2) and (10, 2) when `doors`.
fn row(doors: bool) -> Level {
    let mut level = room::level(&[]);
    for (cell, _) in level.terrain.clone().iter() {
        let terrain = match (cell.x, cell.y) {
            (1 | 10, 2) if doors => Terrain::DoorClosed,
            (_, 2) => Terrain::Floor,
            _ => Terrain::Wall,
        };
        level.terrain.set(cell, terrain);
    }
    level
}

/// A party of two on `level`: Ann's hero at `ann`, Bob's at `bob`, each knowing the whole
/// level when `known` (else only what they see), after a segment in which they look.
fn party_in(mut level: Level, ann: Cell, bob: Cell, known: bool) -> World {
    let content: std::sync::Arc<Content> = Content::bundled().unwrap().into();
    level.start = Some(ann);
    let world = World::party_on_levels(content.clone(), vec![level], 5, 2).unwrap();
    let mut parts = world.to_parts();
    parts.creatures[0].pos = ann;
    parts.creatures[1].pos = bob;
    for memory in parts.depths[0].memory.iter_mut().filter(|_| known) {
        memory.seen.fill(true);
    }
    let mut world = World::from_parts(parts, content).unwrap();
    world.apply_all(&[]).unwrap();
    world
}

/// The [`row`] without doors. Ann's hero at `ann`, Bob's at `bob`, and a rat at `rat` (if
/// any) tamed by Bob's hero. Each hero knows the whole corridor (each remembers only what
/// they saw, and neither sees it all from where they stand).
fn corridor(ann: Cell, bob: Cell, rat: Option<Cell>) -> (World, Control) {
    let mut level = row(false);
    if let Some(at) = rat {
        level.placements.push(Placement {
            at,
            kind: PlacementKind::Monster("rat".into()),
        });
    }
    let mut world = party_in(level, ann, bob, true);
    if rat.is_some() {
        let letter = world.creatures()[1]
            .inventory
            .iter()
            .find(|s| s.item == "scroll of taming")
            .unwrap()
            .letter;
        let events = world.apply_all(&[(1, Command::Read(letter))]).unwrap();
        assert!(
            events.iter().any(|e| matches!(
                e,
                Event::Tamed {
                    who: 1,
                    ally: Some(_)
                }
            )),
            "{events:?}"
        );
    }
    let control = Control::of_party(&world, &["Ann".into(), "Bob".into()]);
    (world, control)
}

/// A standing order's end: the hero, the order, why.
type Ended = (CreatureId, Order, End);

/// Resolves up to `limit` segments: each hero with a standing order goes on with it, one
/// without waits. Returns the orders that ended, in order, once no hero has one left, and
/// the heroes' steps that bounced.
fn run(world: &mut World, control: &mut Control, limit: usize) -> (Vec<Ended>, Vec<Event>) {
    let mut ended = Vec::new();
    let mut bounced = Vec::new();
    for _ in 0..limit {
        let waiting = control.waiting_for(world);
        ended.extend(control.ended());
        if control.standing_order(0).is_none() && control.standing_order(1).is_none() {
            return (ended, bounced);
        }
        for (player, hero) in [(ANN, 0), (BOB, 1)] {
            if waiting.contains(&player) {
                control.give(world, player, hero, Command::Wait).unwrap();
            }
        }
        let resolved = control.resolve(world, |_| false).unwrap();
        bounced.extend(
            (resolved.events.into_iter())
                .filter(|e| matches!(e, Event::Bounced { who: 0 | 1, .. })),
        );
    }
    panic!(
        "the orders still run after {limit} segments: {:?} at {}, {:?} at {}",
        control.standing_order(0),
        world.creatures()[0].pos,
        control.standing_order(1),
        world.creatures()[1].pos,
    );
}

#[test]
fn two_heroes_walking_a_corridor_from_its_two_ends_get_past_each_other() {
    let (ann_goal, bob_goal) = (Cell::new(11, 2), Cell::new(0, 2));
    let (mut world, mut control) = corridor(Cell::new(1, 2), Cell::new(10, 2), None);
    control
        .order(&world, ANN, 0, Order::Travel(ann_goal))
        .unwrap();
    control
        .order(&world, BOB, 1, Order::Travel(bob_goal))
        .unwrap();
    let (ended, bounced) = run(&mut world, &mut control, 120);
    assert!(ended.iter().all(|e| e.2 == End::Done), "{ended:?}");
    assert_eq!(bounced, [], "they change places");
    assert_eq!(world.creatures()[0].pos, ann_goal);
    assert_eq!(world.creatures()[1].pos, bob_goal);
}

#[test]
fn a_hero_walking_a_corridor_gets_past_another_heros_ally() {
    // Bob's hero at (6, 2) with the rat it tames behind it at (7, 2); Ann's hero walks from
    // the west end to the east end, past both, while Bob's walks west.
    let (ann_goal, bob_goal) = (Cell::new(11, 2), Cell::new(0, 2));
    let (mut world, mut control) =
        corridor(Cell::new(1, 2), Cell::new(6, 2), Some(Cell::new(7, 2)));
    control
        .order(&world, ANN, 0, Order::Travel(ann_goal))
        .unwrap();
    control
        .order(&world, BOB, 1, Order::Travel(bob_goal))
        .unwrap();
    let (ended, bounced) = run(&mut world, &mut control, 200);
    assert!(ended.iter().all(|e| e.2 == End::Done), "{ended:?}");
    assert_eq!(bounced, [], "the rat changes places with Ann's hero");
    assert_eq!(world.creatures()[0].pos, ann_goal);
    assert_eq!(world.creatures()[1].pos, bob_goal);
}

#[test]
fn a_hero_walking_a_corridor_gets_past_its_own_ally_standing_in_the_way() {
    // Bob's hero at (6, 2), the rat it tames west of it at (5, 2); Bob's hero walks west
    // past it. Ann's hero stands at the east end.
    let bob_goal = Cell::new(0, 2);
    let (mut world, mut control) =
        corridor(Cell::new(11, 2), Cell::new(6, 2), Some(Cell::new(5, 2)));
    control
        .order(&world, BOB, 1, Order::Travel(bob_goal))
        .unwrap();
    let (ended, bounced) = run(&mut world, &mut control, 120);
    assert_eq!(ended, [(1, Order::Travel(bob_goal), End::Done)]);
    assert_eq!(bounced, []);
    assert_eq!(world.creatures()[1].pos, bob_goal);
}

#[test]
fn an_order_waiting_for_someone_who_never_moves_ends_blocked() {
    // Bob's hero stands in the corridor between Ann's and her goal, and its person only
    // ever waits: Ann's order waits a while, then ends with its reason.
    let goal = Cell::new(9, 2);
    let (mut world, mut control) = corridor(Cell::new(1, 2), Cell::new(5, 2), None);
    control.order(&world, ANN, 0, Order::Travel(goal)).unwrap();
    let (ended, _) = run(&mut world, &mut control, 120);
    assert_eq!(ended, [(0, Order::Travel(goal), End::Blocked)]);
    let me = world.creatures()[0].pos;
    assert!(
        world.dist(me, Cell::new(5, 2)) == 1,
        "{me} stopped beside Bob's hero"
    );
}

#[test]
fn a_hero_walking_behind_one_that_changes_places_with_its_ally_waits_instead_of_bouncing() {
    // Ann's hero at (3, 2) right behind Bob's at (4, 2), the rat Bob's hero tames ahead of
    // it at (5, 2); both walk east, Bob's hero by the first order given. Bob's hero changes
    // places with the rat, which takes Bob's tile: Ann's hero steps after it only once it is
    // free, instead of contesting the tile with the rat (and, winning it, leaving all three
    // where they stand, segment after segment).
    let (ann_goal, bob_goal) = (Cell::new(10, 2), Cell::new(11, 2));
    let (mut world, mut control) =
        corridor(Cell::new(3, 2), Cell::new(4, 2), Some(Cell::new(5, 2)));
    control
        .order(&world, BOB, 1, Order::Travel(bob_goal))
        .unwrap();
    control
        .order(&world, ANN, 0, Order::Travel(ann_goal))
        .unwrap();
    let (ended, bounced) = run(&mut world, &mut control, 200);
    assert!(ended.iter().all(|e| e.2 == End::Done), "{ended:?}");
    assert_eq!(bounced, []);
    assert_eq!(world.creatures()[0].pos, ann_goal);
    assert_eq!(world.creatures()[1].pos, bob_goal);
}

/// The [`row`] with its doors and nothing known beyond them: a place to explore at each
/// end. Ann's hero at `ann`, Bob's at `bob`, and a potion on each tile of `potions`.
fn corridor_between_doors(ann: Cell, bob: Cell, potions: &[Cell]) -> (World, Control) {
    let mut level = row(true);
    for &at in potions {
        level.placements.push(Placement {
            at,
            kind: PlacementKind::Item("potion of healing".into()),
        });
    }
    let world = party_in(level, ann, bob, false);
    assert!(!world.is_seen_by(0, Cell::new(0, 2)) && !world.is_seen_by(0, Cell::new(11, 2)));
    let control = Control::of_party(&world, &["Ann".into(), "Bob".into()]);
    (world, control)
}

#[test]
fn an_explorer_goes_to_what_nobody_stands_in_the_way_of_before_waiting_for_someone() {
    // The west door is nearer Ann's hero, but Bob's stands between them and its person only
    // ever waits: Ann's hero explores past the east door first (found over the network: two
    // heroes each waiting for the other, their orders ending as blocked again and again).
    let (mut world, mut control) = corridor_between_doors(Cell::new(5, 2), Cell::new(4, 2), &[]);
    control.order(&world, ANN, 0, Order::Explore).unwrap();
    let (ended, _) = run(&mut world, &mut control, 120);
    assert!(
        world.is_seen_by(0, Cell::new(11, 2)),
        "Ann's hero went east"
    );
    assert_eq!(
        ended,
        [(0, Order::Explore, End::Blocked)],
        "what is left lies past Bob's hero, who never moves"
    );
    assert!(!world.is_seen_by(0, Cell::new(0, 2)));
}

#[test]
fn an_explorer_leaves_an_item_someone_stands_on_and_explores_elsewhere() {
    // A potion under Bob's hero, the nearest thing to find for Ann's: her order does not end
    // at once as blocked, it goes to find what lies past the east door.
    let bob = Cell::new(5, 2);
    let (mut world, mut control) = corridor_between_doors(Cell::new(6, 2), bob, &[bob]);
    control.order(&world, ANN, 0, Order::Explore).unwrap();
    let (ended, _) = run(&mut world, &mut control, 120);
    assert!(
        world.is_seen_by(0, Cell::new(11, 2)),
        "Ann's hero went east"
    );
    assert!(ended.iter().all(|e| e.0 == 0), "{ended:?}");
}
