//! Games on a real server on 127.0.0.1:0 with real clients (`net::Client`, the one `join`
//! uses): both players see the same segment resolve, each through their own hero; a
//! directive for another player's hero is refused and the connection goes on; a player who
//! drops leaves their hero to the AI until they join again and take it back; a broken frame
//! closes only its own connection; and no view ever holds a creature its player cannot see.
//! No clock: the games wait for every connected player, so nothing here depends on time
//! (reads time out only as a guard against a hang).

#![allow(clippy::unwrap_used)]

#[path = "support/server.rs"]
mod server;

use hexdeep::geom::Tiling;
use hexdeep::net::client::ClientError;
use hexdeep::net::frame;
use hexdeep::net::server::Hosting;
use hexdeep::net::{Client, GameId, Limits, View};
use hexdeep::sim::Command;
use server::{Running, serve};
use std::io::Write;
use std::time::Duration;

fn hosting() -> Hosting {
    Hosting {
        clock: None,
        ..Hosting::default()
    }
}

fn client(running: &Running, name: &str) -> Client {
    let client = Client::connect(running.addr, name).unwrap();
    client
        .set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    client
}

/// A game of two on hexes, seed 11, and Ann and Bob seated in it: their clients, heroes and
/// first views.
fn two_players(running: &Running) -> (GameId, [(Client, u32); 2]) {
    let mut ann = client(running, "Ann");
    let (game, ann_hero) = server::create_and_join(&mut ann, 2, Tiling::Hex, 11);
    let mut bob = client(running, "Bob");
    let bob_hero = bob.join(game).unwrap();
    (game, [(ann, ann_hero), (bob, bob_hero)])
}

/// Waits for a view of a segment after `at`.
fn after(client: &mut Client, at: (u64, u32)) -> View {
    client.view_where(|v| (v.turn, v.segment) > at).unwrap()
}

/// The newest view in which the seat of `hero` is present (waits for it).
fn seated(client: &mut Client, hero: u32) -> View {
    client
        .view_where(|v| v.seats[hero as usize].present)
        .unwrap()
}

#[test]
fn both_players_see_the_same_segment_resolve_each_through_their_own_hero() {
    let running = serve(Limits::default(), hosting());
    let (_, [(mut ann, a), (mut bob, b)]) = two_players(&running);
    assert_ne!(a, b);
    let ann_view = seated(&mut ann, b);
    let bob_view = seated(&mut bob, b);
    let at = (ann_view.turn, ann_view.segment);
    assert_eq!(at, (bob_view.turn, bob_view.segment));
    ann.direct(&ann_view, a as usize, Command::Wait).unwrap();
    // Bob has not answered: the segment waits for him, and Ann's view says so.
    let waiting = ann
        .view_where(|v| !v.seats[a as usize].waiting && v.seats[b as usize].waiting)
        .unwrap();
    assert_eq!((waiting.turn, waiting.segment), at);
    bob.direct(&bob_view, b as usize, Command::Wait).unwrap();
    let ann_next = after(&mut ann, at);
    let bob_next = after(&mut bob, at);
    assert_eq!(
        (ann_next.turn, ann_next.segment),
        (bob_next.turn, bob_next.segment)
    );
    assert_eq!((ann_next.hero, bob_next.hero), (a, b));
    let content = std::sync::Arc::new(hexdeep::content::Content::bundled().unwrap());
    let ann_world = ann_next.world(&content).unwrap();
    let bob_world = bob_next.world(&content).unwrap();
    assert_eq!(ann_world.player().id, a as usize);
    assert_eq!(bob_world.player().id, b as usize);
}

#[test]
fn a_directive_for_the_other_players_hero_is_refused_and_the_connection_goes_on() {
    let running = serve(Limits::default(), hosting());
    let (_, [(mut ann, a), (_bob, b)]) = two_players(&running);
    let view = seated(&mut ann, b);
    ann.direct(&view, b as usize, Command::Wait).unwrap();
    let why = ann.answer().unwrap_err();
    assert!(
        matches!(&why, ClientError::Denied(w) if w.contains(&format!("do not control creature {b}"))),
        "{why}"
    );
    // A directive for a segment already gone is refused too.
    let mut old = view.clone();
    old.segment += 1;
    ann.direct(&old, a as usize, Command::Wait).unwrap();
    let why = ann.answer().unwrap_err().to_string();
    assert!(why.contains("that directive was for"), "{why}");
    // The connection goes on: the lobby answers, and her own directive counts.
    assert_eq!(ann.list().unwrap().len(), 1);
    ann.direct(&view, a as usize, Command::Wait).unwrap();
    ann.view_where(|v| !v.seats[a as usize].waiting).unwrap();
}

#[test]
fn a_player_who_drops_leaves_their_hero_to_the_ai_until_they_join_again() {
    let running = serve(Limits::default(), hosting());
    let (game, [(mut ann, a), (bob, b)]) = two_players(&running);
    seated(&mut ann, b);
    drop(bob);
    let mut view = ann.view_where(|v| !v.seats[b as usize].present).unwrap();
    // Ann plays on alone: every segment resolves on her directive.
    for _ in 0..3 {
        let at = (view.turn, view.segment);
        ann.direct(&view, a as usize, Command::Wait).unwrap();
        view = after(&mut ann, at);
        assert!(!view.seats[b as usize].present);
    }
    let mut bob = client(&running, "Bob");
    assert_eq!(bob.join(game).unwrap(), b, "Bob takes his own hero back");
    let view = seated(&mut ann, b);
    let at = (view.turn, view.segment);
    ann.direct(&view, a as usize, Command::Wait).unwrap();
    let waiting = ann.view_where(|v| v.seats[b as usize].waiting).unwrap();
    assert_eq!(
        (waiting.turn, waiting.segment),
        at,
        "the segment waits for Bob again"
    );
    let bob_view = bob.view_where(|v| (v.turn, v.segment) == at).unwrap();
    bob.direct(&bob_view, b as usize, Command::Wait).unwrap();
    after(&mut ann, at);
    // Someone else under Bob's name cannot take the seat while he plays it.
    let mut other = client(&running, "Bob");
    let why = other.join(game).unwrap_err().to_string();
    assert!(why.contains("already plays"), "{why}");
}

#[test]
fn a_broken_frame_in_a_game_closes_only_that_connection() {
    let running = serve(Limits::default(), hosting());
    let (_, [(mut ann, a), (_bob, b)]) = two_players(&running);
    seated(&mut ann, b);
    let mut raw = std::net::TcpStream::connect(running.addr).unwrap();
    raw.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    frame::write_frame(&mut raw, &hexdeep::net::Hello::new("Cy").encode().unwrap()).unwrap();
    frame::read_frame(&mut raw, frame::MAX_FRAME)
        .unwrap()
        .unwrap();
    raw.write_all(&(64u32 << 20).to_be_bytes()).unwrap();
    let refusal: hexdeep::net::ServerMessage = frame::decode(
        &frame::read_frame(&mut raw, frame::MAX_FRAME)
            .unwrap()
            .unwrap(),
    )
    .unwrap();
    assert!(
        matches!(&refusal, hexdeep::net::ServerMessage::Refused(w) if w.contains("longer than the limit")),
        "{refusal:?}"
    );
    let view = ann.view.clone().unwrap();
    ann.direct(&view, a as usize, Command::Wait).unwrap();
    assert_eq!(ann.list().unwrap().len(), 1, "Ann's connection goes on");
}

#[test]
fn no_view_holds_a_creature_its_player_does_not_see() {
    let running = serve(Limits::default(), hosting());
    let mut ann = client(&running, "Ann");
    let (_, hero) = server::create_and_join(&mut ann, 1, Tiling::Hex, 3);
    let hero = hero as usize;
    let content = std::sync::Arc::new(hexdeep::content::Content::bundled().unwrap());
    let mut view = ann.view_where(|_| true).unwrap();
    let moves = [Command::Wait, Command::Rest];
    for n in 0..40 {
        let world = view.world(&content).unwrap();
        assert_eq!(world.seed(), 0, "the seed would make the whole dungeon");
        for c in world.creatures().iter().filter(|c| !world.is_hero(c.id)) {
            assert!(
                world.is_visible(c.pos),
                "{} at {} is not in sight",
                c.name,
                c.pos
            );
        }
        let at = (view.turn, view.segment);
        ann.direct(&view, hero, moves[n % 2]).unwrap();
        view = after(&mut ann, at);
    }
}
