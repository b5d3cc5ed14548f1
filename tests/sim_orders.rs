//! Standing orders a hotseat game gives for travel and exploring (issue 31): exploring goes on
//! across segments until nothing is left to find; an order that walks goes round someone
//! standing in its way (or waits for them in a corridor), follows a walking hero, and ends
//! when someone stands on the tile it walks to, instead of bumping into them every segment.
#![allow(clippy::unwrap_used)]

#[path = "support/room.rs"]
mod room;
use hexdeep::content::Content;
use hexdeep::geom::Cell;
use hexdeep::sim::control::{Control, PlayerId};
use hexdeep::sim::orders::{End, Order};
use hexdeep::sim::{Command, World};

const ANN: PlayerId = PlayerId(1);
const BOB: PlayerId = PlayerId(2);

/// Ann plays hero 0, Bob hero 1 (put at `bob` when given), in the open test room.
fn table(bob: Option<Cell>) -> (World, Control) {
    let content: std::sync::Arc<Content> = Content::bundled().unwrap().into();
    let world = World::party_on_levels(content.clone(), vec![room::level(&[])], 5, 2).unwrap();
    let mut parts = world.to_parts();
    if let Some(at) = bob {
        parts.creatures[1].pos = at;
    }
    let world = World::from_parts(parts, content).unwrap();
    let control = Control::of_party(&world, &["Ann".into(), "Bob".into()]);
    (world, control)
}

/// Resolves segments, Bob's hero waiting, while Ann's hero has a standing order (at most
/// `limit`); each segment the order answers for Ann.
fn run_orders(world: &mut World, control: &mut Control, limit: usize) {
    for _ in 0..limit {
        let waiting = control.waiting_for(world);
        if control.standing_order(0).is_none() {
            return;
        }
        assert!(!waiting.contains(&ANN), "{waiting:?}");
        if world.acting_heroes().contains(&1) {
            control.give(world, BOB, 1, Command::Wait).unwrap();
        }
        control.resolve(world, |_| false).unwrap();
    }
}

#[test]
fn an_order_to_explore_walks_until_nothing_is_left_to_find() {
    let (mut world, mut control) = table(None);
    let unseen = world
        .level()
        .terrain
        .iter()
        .filter(|(c, _)| !world.is_seen(*c));
    assert!(
        unseen.count() > 0,
        "the room's far end is unexplored at first"
    );
    control.order(&world, ANN, 0, Order::Explore).unwrap();
    run_orders(&mut world, &mut control, 200);
    assert_eq!(control.ended(), [(0, Order::Explore, End::Done)]);
    assert!(world.explore_path_for(0).is_none(), "nothing left to find");
    assert_ne!(
        world.creatures()[0].pos,
        Cell::new(1, 2),
        "Ann's hero walked"
    );
}

#[test]
fn an_order_that_walks_ends_when_someone_stands_where_it_goes() {
    let bob = Cell::new(3, 2);
    let (mut world, mut control) = table(Some(bob));
    control.order(&world, ANN, 0, Order::Travel(bob)).unwrap();
    run_orders(&mut world, &mut control, 20);
    assert_eq!(control.ended(), [(0, Order::Travel(bob), End::Blocked)]);
    let me = world.creatures()[0].pos;
    assert!(
        world.level().terrain.adjacent(me, bob),
        "{me} stopped beside Bob's hero"
    );
    assert_eq!(world.creatures()[1].pos, bob);
}

#[test]
fn an_order_that_walks_goes_round_someone_standing_in_the_way() {
    let (mut world, mut control) = table(Some(Cell::new(3, 2)));
    let goal = Cell::new(6, 2);
    control.order(&world, ANN, 0, Order::Travel(goal)).unwrap();
    run_orders(&mut world, &mut control, 40);
    assert_eq!(control.ended(), [(0, Order::Travel(goal), End::Done)]);
    assert_eq!(world.creatures()[0].pos, goal);
}

#[test]
fn a_hero_walking_behind_another_walking_one_follows_it_down_a_corridor() {
    // One row of floor: no way round. Ann's hero at (1, 2), Bob's behind it at (0, 2).
    let content: std::sync::Arc<Content> = Content::bundled().unwrap().into();
    let mut level = room::level(&[]);
    for (cell, _) in level.terrain.clone().iter() {
        if cell.y != 2 {
            level.terrain.set(cell, hexdeep::map::Terrain::Wall);
        }
    }
    let mut world = World::party_on_levels(content, vec![level], 5, 2).unwrap();
    let mut control = Control::of_party(&world, &["Ann".into(), "Bob".into()]);
    assert_eq!(world.creatures()[1].pos, Cell::new(0, 2));
    let (ann_goal, bob_goal) = (Cell::new(9, 2), Cell::new(8, 2));
    control
        .order(&world, ANN, 0, Order::Travel(ann_goal))
        .unwrap();
    control
        .order(&world, BOB, 1, Order::Travel(bob_goal))
        .unwrap();
    // Both walk by their orders, Bob on Ann's heels; Ann, arrived first, waits for Bob.
    let mut ended = Vec::new();
    for _ in 0..80 {
        let waiting = control.waiting_for(&world);
        ended.extend(control.ended());
        if control.standing_order(0).is_some() {
            let (a, b) = (world.creatures()[0].pos, world.creatures()[1].pos);
            assert_eq!(world.dist(a, b), 1, "Bob follows right behind Ann");
        }
        if waiting.contains(&BOB) {
            break;
        }
        if waiting.contains(&ANN) {
            control.give(&world, ANN, 0, Command::Wait).unwrap();
        }
        control.resolve(&mut world, |_| false).unwrap();
    }
    assert!(!ended.iter().any(|e| e.2 == End::Blocked), "{ended:?}");
    assert_eq!(world.creatures()[0].pos, ann_goal);
    assert_eq!(world.creatures()[1].pos, bob_goal);
}
