//! Standing orders in a game's task, with tokio's clock paused.

use super::Game;
use super::seat::{ConnId, Link};
use super::task::{self, ToGame};
use super::tests::view_where;
use crate::geom::Cell;
use crate::net::message::ServerMessage;
use crate::net::view::View;
use crate::sim::orders::{Doing, Order};
use std::time::Duration;

fn game() -> Game {
    super::tests::game(1, None)
}

fn order(view: &View, order: Order) -> ToGame {
    ToGame::Order {
        conn: ConnId(1),
        at: (view.turn, view.segment),
        creature: 0,
        order,
    }
}

fn segments(view: &View) -> u64 {
    view.turn * 100 + u64::from(view.segment)
}

#[tokio::test(start_paused = true)]
async fn an_order_to_explore_plays_segment_after_segment_until_a_key_halts_it() {
    let game = task::spawn(game());
    let (link, mut ann) = Link::new(ConnId(1));
    let join = ToGame::Join {
        name: "Ann".to_string(),
        link,
    };
    game.inbox.send(join).await.unwrap();
    let first = view_where(&mut ann, |v| v.seats[0].present).await;
    game.inbox
        .send(order(&first, Order::Explore))
        .await
        .unwrap();
    // No directive more: the game goes on by the order, the roster says so.
    let later = view_where(&mut ann, |v| segments(v) >= segments(&first) + 10).await;
    assert_eq!(
        later.seats[0].standing,
        Some(Doing::Explores),
        "{:?}",
        later.seats
    );
    assert!(!later.seats[0].waiting);
    let halt = ToGame::Halt {
        conn: ConnId(1),
        creature: 0,
    };
    game.inbox.send(halt).await.unwrap();
    let halted = view_where(&mut ann, |v| {
        v.seats[0].standing.is_none() && v.seats[0].waiting
    })
    .await;
    // An hour of the paused clock: the game waits for Ann's directive.
    tokio::time::sleep(Duration::from_secs(3600)).await;
    let newest = ann.views.borrow_and_update().clone().unwrap();
    assert_eq!(segments(&newest), segments(&halted));
}

#[tokio::test(start_paused = true)]
async fn an_order_that_ends_by_itself_is_told_and_the_game_waits_again() {
    let mut game = game();
    let hero = game.world().creatures()[0].pos;
    let level = game.world().level();
    let next = level
        .terrain
        .neighbours(hero)
        .find(|&c| level.passable(c) && game.world().creature_on(1, c).is_none())
        .unwrap();
    let (link, mut ann) = Link::new(ConnId(1));
    game.join("Ann", link);
    game.settle();
    let game = task::spawn(game);
    let first = view_where(&mut ann, |v| v.seats[0].present).await;
    game.inbox
        .send(order(&first, Order::Travel(next)))
        .await
        .unwrap();
    let arrived = view_where(&mut ann, |v| v.log.iter().any(|l| l == "You arrive.")).await;
    assert!(arrived.seats[0].waiting, "{:?}", arrived.seats);
    assert!(arrived.seats[0].standing.is_none());
}

#[test]
fn an_order_to_travel_off_the_level_is_refused() {
    let mut game = game();
    let (link, mut ends) = Link::new(ConnId(1));
    game.join("Ann", link);
    let at = (game.world().turn(), game.world().segment());
    for to in [Cell::new(9999, 9999), Cell::new(i32::MIN, i32::MAX)] {
        game.order(ConnId(1), at, 0, Order::Travel(to));
    }
    game.order(ConnId(1), at, u32::MAX, Order::Explore);
    let mut denied = Vec::new();
    while let Ok(message) = ends.replies.try_recv() {
        if let ServerMessage::Denied(why) = message {
            denied.push(why);
        }
    }
    assert_eq!(denied.len(), 3, "{denied:?}");
    assert!(denied[0].contains("not on your hero's level"), "{denied:?}");
    assert!(game.control.standing_order(0).is_none());
}

#[test]
fn an_order_that_ends_as_it_is_given_is_refused_saying_why() {
    let mut game = game();
    let (link, mut ends) = Link::new(ConnId(1));
    game.join("Ann", link);
    let at = (game.world().turn(), game.world().segment());
    // Unhurt: a rest ends at once, and the game still waits for Ann's directive.
    game.order(ConnId(1), at, 0, Order::Rest);
    game.settle();
    let mut denied = Vec::new();
    while let Ok(message) = ends.replies.try_recv() {
        if let ServerMessage::Denied(why) = message {
            denied.push(why);
        }
    }
    assert_eq!(denied, ["You are rested."]);
    assert_eq!(game.waiting(), [0]);
    assert_eq!((game.world().turn(), game.world().segment()), at);
}
