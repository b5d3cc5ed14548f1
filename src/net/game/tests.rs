//! A game's task driven through its queue, with tokio's clock paused: deadlines pass without
//! waiting, and nothing here reads the machine's clock.

use super::seat::{ConnId, Link, LinkEnds};
use super::task::{self, GameHandle, ToGame};
use super::{Game, Setup};
use crate::geom::Tiling;
use crate::net::message::{GameId, ServerMessage};
use crate::net::view::View;
use crate::sim::Command;
use std::sync::Arc;
use std::time::Duration;

/// A game of `players` on hexes (seed 11) with `clock`, kept in memory.
pub(super) fn game(players: usize, clock: Option<(Duration, Duration)>) -> Game {
    let setup = Setup {
        players,
        tiling: Tiling::Hex,
        seed: 11,
        clock,
        saves: None,
        db: None,
    };
    Game::new(GameId(1), setup).unwrap()
}

async fn join(game: &GameHandle, conn: u64, name: &str) -> LinkEnds {
    let (link, ends) = Link::new(ConnId(conn));
    let join = ToGame::Join {
        name: name.to_string(),
        link,
    };
    game.inbox.send(join).await.unwrap();
    ends
}

async fn direct(game: &GameHandle, conn: u64, view: &View, hero: u32) {
    let direct = ToGame::Direct {
        conn: ConnId(conn),
        at: (view.turn, view.segment),
        creature: hero,
        command: Command::Wait,
    };
    game.inbox.send(direct).await.unwrap();
}

/// The newest view once one satisfies `wanted`. With the clock paused, a view that never
/// comes fails at once (the guard's hour passes as soon as nothing else can happen).
pub(super) async fn view_where(ends: &mut LinkEnds, wanted: impl Fn(&View) -> bool) -> Arc<View> {
    let wait = async {
        loop {
            if let Some(view) = ends.views.borrow_and_update().clone()
                && wanted(&view)
            {
                return view;
            }
            ends.views.changed().await.unwrap();
        }
    };
    tokio::time::timeout(Duration::from_secs(3600), wait)
        .await
        .expect("no such view came")
}

#[tokio::test(start_paused = true)]
async fn a_player_whose_time_runs_out_leaves_the_segment_to_the_ai_and_takes_over_again() {
    let clock = (Duration::from_secs(10), Duration::from_secs(2));
    let game = task::spawn(game(2, Some(clock)));
    let mut ann = join(&game, 1, "Ann").await;
    let mut bob = join(&game, 2, "Bob").await;
    let first = view_where(&mut ann, |v| v.seats[1].present).await;
    let at = (first.turn, first.segment);
    direct(&game, 1, &first, 0).await;
    // Bob never answers: ten seconds of tokio's paused clock later the segment resolves.
    let next = view_where(&mut ann, |v| (v.turn, v.segment) > at).await;
    assert!(
        next.log.iter().any(|l| l.contains("Bob's time ran out")),
        "{:?}",
        next.log
    );
    assert_eq!(
        next.seats[1].clock_ms,
        Some(2000),
        "his bank is his increment"
    );
    assert!(next.seats[1].waiting, "Bob is waited for again");
    // Bob answers in time now: his directive counts, and the segment waits for Ann only.
    let bob_view = view_where(&mut bob, |v| {
        (v.turn, v.segment) == (next.turn, next.segment)
    })
    .await;
    direct(&game, 2, &bob_view, 1).await;
    let after = view_where(&mut ann, |v| !v.seats[1].waiting).await;
    assert_eq!((after.turn, after.segment), (next.turn, next.segment));
    assert!(after.seats[0].waiting);
}

#[tokio::test(start_paused = true)]
async fn a_connection_that_leaves_its_answers_unread_is_dropped_and_the_game_goes_on() {
    let game = task::spawn(game(2, None));
    let mut ann = join(&game, 1, "Ann").await;
    // Bob's connection reads nothing at all.
    let _bob = join(&game, 2, "Bob").await;
    let first = view_where(&mut ann, |v| v.seats[1].present).await;
    // Directives for Ann's hero: each refused to Bob, and his answers pile up.
    for _ in 0..=super::seat::REPLIES {
        direct(&game, 2, &first, 0).await;
    }
    let dropped = view_where(&mut ann, |v| !v.seats[1].present).await;
    assert!(
        dropped
            .log
            .iter()
            .any(|l| l.contains("Bob was disconnected")),
        "{:?}",
        dropped.log
    );
    let at = (dropped.turn, dropped.segment);
    direct(&game, 1, &dropped, 0).await;
    view_where(&mut ann, |v| (v.turn, v.segment) > at).await;
}

#[tokio::test(start_paused = true)]
async fn a_reader_that_falls_behind_gets_the_newest_view_with_the_lines_it_missed() {
    let clock = (Duration::from_secs(1), Duration::ZERO);
    let game = task::spawn(game(2, Some(clock)));
    let mut ann = join(&game, 1, "Ann").await;
    // Bob reads nothing while Ann plays five segments: his time runs out in each.
    let mut bob = join(&game, 2, "Bob").await;
    let mut view = view_where(&mut ann, |v| v.seats[1].present).await;
    for _ in 0..5 {
        let at = (view.turn, view.segment);
        direct(&game, 1, &view, 0).await;
        view = view_where(&mut ann, |v| (v.turn, v.segment) > at && v.seats[0].waiting).await;
    }
    let newest = bob.views.borrow_and_update().clone().unwrap();
    assert_eq!((newest.turn, newest.segment), (view.turn, view.segment));
    let missed = newest
        .log
        .iter()
        .filter(|l| l.contains("Bob's time ran out"))
        .count();
    // One more when his empty bank runs out at once in the segment open now.
    assert!(missed >= 5, "{:?}", newest.log);
    assert!(
        !bob.views.has_changed().unwrap(),
        "one view waited, the newest"
    );
}

#[test]
fn the_servers_world_holds_monsters_no_view_shows() {
    let mut game = game(1, None);
    let (link, _ends) = Link::new(ConnId(1));
    game.join("Ann", link);
    let seats = game.roster();
    let view = game.view_for(0, seats).unwrap();
    let update = ServerMessage::Update(Box::new(view.clone()));
    let size = crate::net::frame::encode(&update).unwrap().len();
    assert!(
        size < crate::net::frame::MAX_FRAME / 8,
        "a view of {size} bytes"
    );
    let world = view.world(&game.world().content_handle()).unwrap();
    let monsters =
        |w: &crate::sim::World| w.creatures().iter().filter(|c| !w.is_hero(c.id)).count();
    assert!(monsters(game.world()) > monsters(&world));
    for c in world.creatures().iter().filter(|c| !world.is_hero(c.id)) {
        assert!(world.is_visible(c.pos));
    }
}

#[test]
fn hostile_directives_are_refused_or_played_and_never_break_the_game() {
    use crate::geom::{Cell, Compass};
    use crate::sim::ally::Tell;
    let mut game = game(1, None);
    let (link, mut ends) = Link::new(ConnId(1));
    game.join("Ann", link);
    let far = Cell::new(i32::MAX, i32::MIN);
    let commands = [
        Command::Throw { item: 'a', at: far },
        Command::Throw {
            item: '\u{0}',
            at: Cell::new(0, 0),
        },
        Command::Drink('\u{10ffff}'),
        Command::Lead(Tell::Attack(far)),
        Command::Attack(Compass::N),
        Command::Move(Compass::S),
        Command::Descend,
        Command::Ascend,
    ];
    for creature in [0, 1, u32::MAX] {
        for command in commands {
            let at = (game.world().turn(), game.world().segment());
            game.direct(ConnId(1), at, creature, command);
            game.settle();
        }
    }
    game.world().validate().unwrap();
    let mut denied = 0;
    while let Ok(message) = ends.replies.try_recv() {
        denied += usize::from(matches!(message, ServerMessage::Denied(_)));
    }
    assert!(denied > 0);
}
