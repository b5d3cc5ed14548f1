//! A party on two levels: each hero's directive is checked on that hero's own level, not on
//! the level of the seat the server last told its segment.

use super::Game;
use super::seat::{ConnId, Link, LinkEnds};
use crate::content::Content;
use crate::geom::{Cell, Tiling};
use crate::map::Terrain;
use crate::net::message::ServerMessage;
use crate::sim::{Command, CreatureId, World};

/// Puts hero `hero` on `at` of its level.
fn put(game: &mut Game, hero: CreatureId, at: Cell) {
    let mut parts = game.world.to_parts();
    parts.creatures[hero].pos = at;
    let content = Content::bundled().unwrap().into();
    let world = World::from_parts(parts, content).unwrap();
    game.world = world.with_levels(crate::mapgen::dungeon_on(Tiling::Hex));
}

/// Plays segments, each hero acting in it given `command(hero)` by its seat's connection
/// (Ann's hero 0 by connection 1, Bob's hero 1 by connection 2), until `done`.
fn play(game: &mut Game, command: impl Fn(CreatureId) -> Command, done: impl Fn(&World) -> bool) {
    for _ in 0..8 {
        if done(&game.world) {
            return;
        }
        let at = (game.world.turn(), game.world.segment());
        for hero in game.world.acting_heroes() {
            game.direct(ConnId(hero as u64 + 1), at, hero as u32, command(hero));
        }
        game.settle();
    }
    panic!("not done in 8 segments");
}

fn denials(ends: &mut LinkEnds) -> Vec<String> {
    let mut denied = Vec::new();
    while let Ok(message) = ends.replies.try_recv() {
        if let ServerMessage::Denied(why) = message {
            denied.push(why);
        }
    }
    denied
}

#[test]
fn a_hero_left_behind_takes_the_stairs_down_after_the_others() {
    let mut game = super::tests::game(2, None);
    let (ann, mut ann_ends) = Link::new(ConnId(1));
    let (bob, _bob_ends) = Link::new(ConnId(2));
    game.join("Ann", ann);
    game.join("Bob", bob);
    let level = game.world.level_of(0);
    let (stairs, _) = (level.terrain.iter())
        .find(|(_, t)| **t == Terrain::StairsDown)
        .unwrap();
    // Bob's hero goes down first.
    put(&mut game, 1, stairs);
    let down = |hero: CreatureId| move |w: &World| w.creatures()[hero].depth == 2;
    let bob_descends = |hero| match hero {
        1 => Command::Descend,
        _ => Command::Wait,
    };
    play(&mut game, bob_descends, down(1));
    // Ann's hero, on the stairs of depth 1, follows. The server's viewer is Bob's hero,
    // the last seat told the segment, on depth 2: the stairs are checked on Ann's level.
    put(&mut game, 0, stairs);
    game.world.set_viewer(1);
    denials(&mut ann_ends);
    let ann_descends = |hero| match hero {
        0 => Command::Descend,
        _ => Command::Wait,
    };
    play(&mut game, ann_descends, down(0));
    assert_eq!(denials(&mut ann_ends), Vec::<String>::new());
}
