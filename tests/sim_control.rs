//! Players directing heroes (issue 31): a directive for a hero a player does not control is
//! refused, the hierarchy picks the highest controller with a directive in time, and a hero
//! whose person is late is the AI's for that segment until the person directs it again.
#![allow(clippy::unwrap_used)]

#[path = "support/room.rs"]
mod room;
use hexdeep::content::Content;
use hexdeep::geom::Cell;
use hexdeep::sim::control::{Control, DirectiveError, PlayerId, Refusal};
use hexdeep::sim::orders::{End, Order};
use hexdeep::sim::{Command, Rejection, World};

const ANN: PlayerId = PlayerId(1);
const BOB: PlayerId = PlayerId(2);

/// Ann plays hero 0 at the start, Bob hero 1 beside her, in the open test room.
fn table() -> (World, Control) {
    let content = Content::bundled().unwrap().into();
    let world = World::party_on_levels(content, vec![room::level(&[])], 5, 2).unwrap();
    let control = Control::of_party(&world, &["Ann".into(), "Bob".into()]);
    (world, control)
}

/// A step for `hero` to a free tile away from the other hero, and where it leads.
fn a_step(world: &World, hero: usize) -> (Command, Cell) {
    let other = world.creatures()[1 - hero].pos;
    let here = world.creatures()[hero].pos;
    let grid = &world.level().terrain;
    let to = grid
        .neighbours(here)
        .find(|&t| t != other && world.level().passable(t) && !grid.adjacent(t, other))
        .unwrap();
    (Command::Move(grid.direction(here, to).unwrap()), to)
}

#[test]
fn a_party_has_a_person_for_each_hero_and_the_ai_last() {
    let (_, control) = table();
    let names: Vec<&str> = control.players().iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["the AI", "Ann", "Bob"]);
    assert_eq!(control.hierarchy(0).unwrap().ranks(), [ANN, Control::AI]);
    assert_eq!(control.hierarchy(1).unwrap().ranks(), [BOB, Control::AI]);
}

#[test]
fn a_directive_for_a_hero_the_player_does_not_control_is_refused() {
    let (world, mut control) = table();
    assert_eq!(
        control.give(&world, BOB, 0, Command::Wait),
        Err(DirectiveError::Control(Refusal::NotInControl(BOB, 0)))
    );
    // A command the rules refuse is refused when it is given, not when the segment runs.
    assert_eq!(
        control.give(&world, ANN, 0, Command::Drink('z')),
        Err(DirectiveError::Rules(Rejection::NoItem('z')))
    );
    // Neither counted: the segment still waits for both people.
    assert_eq!(control.waiting_for(&world), [ANN, BOB]);
}

#[test]
fn the_segment_waits_for_every_person_and_then_resolves_their_directives() {
    let (mut world, mut control) = table();
    let (step, to) = a_step(&world, 0);
    control.give(&world, ANN, 0, step).unwrap();
    assert_eq!(control.waiting_for(&world), [BOB]);
    control.give(&world, BOB, 1, Command::Wait).unwrap();
    assert!(control.waiting_for(&world).is_empty());
    let before = world.creatures()[1].pos;
    control.resolve(&mut world, |_| false).unwrap();
    assert_eq!(world.creatures()[0].pos, to);
    assert_eq!(world.creatures()[1].pos, before);
}

#[test]
fn the_highest_controller_with_a_directive_in_time_decides() {
    let (mut world, mut control) = table();
    // Ann lets Bob direct her hero too, below her.
    assert!(control.delegate(0, ANN, BOB));
    assert_eq!(
        control.hierarchy(0).unwrap().ranks(),
        [ANN, BOB, Control::AI]
    );
    assert!(!control.delegate(0, BOB, ANN), "Ann is already there");
    let (ann_step, ann_to) = a_step(&world, 0);
    let start = world.creatures()[0].pos;
    // Both direct hero 0: Ann outranks Bob.
    control.give(&world, BOB, 0, Command::Wait).unwrap();
    control.give(&world, ANN, 0, ann_step).unwrap();
    control.give(&world, BOB, 1, Command::Wait).unwrap();
    control.resolve(&mut world, |_| false).unwrap();
    assert_eq!(world.creatures()[0].pos, ann_to, "Ann's step counted");
    // Next, Ann is late: Bob's directive, in time, is the one that counts.
    let (bob_step, bob_to) = a_step(&world, 0);
    control.give(&world, ANN, 0, Command::Wait).unwrap();
    control.give(&world, BOB, 0, bob_step).unwrap();
    control.give(&world, BOB, 1, Command::Wait).unwrap();
    let resolved = control.resolve(&mut world, |p| p == ANN).unwrap();
    assert_eq!(world.creatures()[0].pos, bob_to, "Bob's step counted");
    // The record is told whose directive counted for each hero.
    let given: Vec<(usize, PlayerId, Command)> = resolved
        .given
        .iter()
        .map(|g| (g.hero, g.player, g.command))
        .collect();
    assert_eq!(given, [(0, BOB, bob_step), (1, BOB, Command::Wait)]);
    assert_ne!(bob_to, start);
}

#[test]
fn a_late_person_s_hero_is_the_ai_s_until_they_direct_it_again() {
    let (mut world, mut control) = table();
    // Bob's deadline passes without a directive: his hero waits under the AI.
    let (ann_step, _) = a_step(&world, 0);
    control.give(&world, ANN, 0, ann_step).unwrap();
    let bob_was = world.creatures()[1].pos;
    let resolved = control.resolve(&mut world, |p| p == BOB).unwrap();
    assert_eq!(world.creatures()[1].pos, bob_was, "the AI held Bob's hero");
    let heroes: Vec<usize> = resolved.given.iter().map(|g| g.hero).collect();
    assert_eq!(heroes, [0], "no directive counted for Bob's hero");
    // Bob gives a directive in the next segment his hero acts in: it is his again.
    let (bob_step, bob_to) = a_step(&world, 1);
    control.give(&world, BOB, 1, bob_step).unwrap();
    control.give(&world, ANN, 0, Command::Wait).unwrap();
    control.resolve(&mut world, |_| false).unwrap();
    assert_eq!(world.creatures()[1].pos, bob_to);
    assert_ne!(bob_to, bob_was);
}

/// Resolves segments, Bob's hero waiting, until Ann's hero has no standing order or `limit`
/// segments have run; every segment Ann is not waited for.
fn run_orders(world: &mut World, control: &mut Control, limit: usize) {
    for _ in 0..limit {
        // Asking whom the segment waits for opens it, which carries the order on or ends it.
        let waiting = control.waiting_for(world);
        if control.standing_order(0).is_none() {
            return;
        }
        assert!(
            !waiting.contains(&ANN),
            "an order answers for Ann: {waiting:?}"
        );
        if world.acting_heroes().contains(&1) {
            control.give(world, BOB, 1, Command::Wait).unwrap();
        }
        control.resolve(world, |_| false).unwrap();
    }
}

#[test]
fn a_standing_order_to_travel_goes_on_across_segments_and_ends_on_arrival() {
    let (mut world, mut control) = table();
    let goal = Cell::new(8, 2);
    assert_eq!(
        control.order(&world, BOB, 0, Order::Travel(goal)),
        Err(DirectiveError::Control(Refusal::NotInControl(BOB, 0)))
    );
    control.order(&world, ANN, 0, Order::Travel(goal)).unwrap();
    run_orders(&mut world, &mut control, 40);
    assert_eq!(world.creatures()[0].pos, goal);
    assert_eq!(control.ended(), [(0, Order::Travel(goal), End::Done)]);
    assert_eq!(control.standing_order(0), None);
    // Done, the segment waits for Ann again.
    assert!(control.waiting_for(&world).contains(&ANN));
}

#[test]
fn a_monster_in_view_interrupts_a_standing_order_and_a_directive_replaces_one() {
    let content = Content::bundled().unwrap().into();
    let level = room::level(&[("rat", Cell::new(6, 2))]);
    let mut world = World::party_on_levels(content, vec![level], 5, 2).unwrap();
    let mut control = Control::of_party(&world, &["Ann".into(), "Bob".into()]);
    control.order(&world, ANN, 0, Order::Rest).unwrap();
    assert_eq!(control.standing_order(0), None);
    assert_eq!(control.ended(), [(0, Order::Rest, End::MonsterInView)]);
    assert!(control.waiting_for(&world).contains(&ANN));
    // Holding is not interrupted by what comes; a directive of Ann's replaces it.
    control.order(&world, ANN, 0, Order::Hold).unwrap();
    assert!(!control.waiting_for(&world).contains(&ANN));
    control.give(&world, ANN, 0, Command::Wait).unwrap();
    assert_eq!(control.standing_order(0), None);
    control.resolve(&mut world, |_| false).unwrap();
}

#[test]
fn a_hurt_hero_told_to_rest_heals_and_the_order_ends_when_healed() {
    let (world, _) = table();
    let mut parts = world.to_parts();
    parts.creatures[0].hp = parts.creatures[0].max_hp - 2;
    let mut world = World::from_parts(parts, Content::bundled().unwrap().into()).unwrap();
    let mut control = Control::of_party(&world, &["Ann".into(), "Bob".into()]);
    control.order(&world, ANN, 0, Order::Rest).unwrap();
    run_orders(&mut world, &mut control, 400);
    let me = &world.creatures()[0];
    assert_eq!(me.hp, me.max_hp);
    assert_eq!(control.ended(), [(0, Order::Rest, End::Done)]);
}

#[test]
fn an_order_given_after_another_person_s_directive_keeps_that_directive() {
    let (mut world, mut control) = table();
    let (bob_step, bob_to) = a_step(&world, 1);
    control.give(&world, BOB, 1, bob_step).unwrap();
    control.order(&world, ANN, 0, Order::Hold).unwrap();
    let waiting = control.waiting_for(&world);
    assert!(
        waiting.is_empty(),
        "{waiting:?} {:?}",
        control.standing_order(0)
    );
    control.resolve(&mut world, |_| false).unwrap();
    assert_eq!(world.creatures()[1].pos, bob_to, "Bob's step still counted");
}
