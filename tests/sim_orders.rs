//! Standing orders a hotseat game gives for travel and exploring (issue 31): exploring goes on
//! across segments until nothing is left to find, and any order that walks ends when a
//! creature its hero sees stands in the way, instead of bumping into it every segment.
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
fn an_order_that_walks_ends_when_someone_stands_in_the_way() {
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
