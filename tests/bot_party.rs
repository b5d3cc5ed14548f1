//! The bot plays a party (issue 31): one bot for each hero, each deciding from its own hero's
//! view, tile and pack; whole party games through the players' control, deterministic for a
//! seed, with records that replay and verify; `hexdeep bot --players N`.
#![allow(clippy::unwrap_used)]

#[path = "support/room.rs"]
mod room;
use hexdeep::bot::Bot;
use hexdeep::content::Content;
use hexdeep::geom::Cell;
use hexdeep::sim::{Command, World};

/// A party of `heroes` in the test room with `monsters`.
fn party(heroes: usize, monsters: &[(&str, Cell)]) -> World {
    World::party_on_levels(
        Content::bundled().unwrap().into(),
        vec![room::level(monsters)],
        5,
        heroes,
    )
    .unwrap()
}

#[test]
fn each_hero_s_bot_strikes_the_rat_next_to_its_own_hero() {
    // Where the heroes start, then a rat next to the second hero and two tiles from the
    // first.
    let empty = party(2, &[]);
    let (first, second) = (empty.creatures()[0].pos, empty.creatures()[1].pos);
    let grid = &empty.level().terrain;
    let rat = grid
        .neighbours(second)
        .filter(|&c| grid.contains(c) && grid.distance(c, first) == 2)
        .min()
        .unwrap();
    let world = party(2, &[("rat", rat)]);
    assert_eq!(world.acting_heroes(), [0, 1]);
    let toward = grid.direction(second, rat).unwrap();
    assert_eq!(
        Bot::for_hero(1).choose(&world),
        Command::Attack(toward),
        "the second hero's bot strikes from its own tile"
    );
    assert!(
        !matches!(Bot::new().choose(&world), Command::Attack(_)),
        "the first hero has nothing next to it to strike"
    );
}
