//! The game screen of `hexdeep join` against a real server: the keys give the hero's
//! directives, a key acts once however late the server answers (a second key before the
//! segment resolves sends nothing), the sidebar shows every player, who is still to give a
//! directive and each clock, and `Q` leaves the game.

#![allow(clippy::unwrap_used)]

#[path = "support/server.rs"]
mod server;

use hexdeep::geom::Tiling;
use hexdeep::net::join::screen::GameScreen;
use hexdeep::net::server::Hosting;
use hexdeep::net::{Client, ClientMessage, GameId, Limits, View};
use hexdeep::sim::Command;
use hexdeep::sim::orders::Order;
use hexdeep::ui::clock::{Clock, FakeClock};
use hexdeep::ui::keymap::Keymap;
use hexdeep::ui::palette::Palette;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use std::sync::Arc;
use std::time::Duration;

fn key(c: char) -> KeyEvent {
    KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE)
}

fn client(addr: std::net::SocketAddr, name: &str) -> Client {
    let client = Client::connect(addr, name).unwrap();
    client
        .set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    client
}

fn screen_on(view: View, clock: FakeClock) -> GameScreen {
    let content = Arc::new(hexdeep::content::Content::bundled().unwrap());
    let clock: Arc<dyn Clock> = Arc::new(clock);
    GameScreen::new(
        view,
        Keymap::default_keys(),
        Palette::detect(),
        content,
        clock,
    )
    .unwrap()
}

fn screen(view: View) -> GameScreen {
    screen_on(view, FakeClock::default())
}

/// Ann's client on `running`, the game of `players` on seed 21 she made, and her hero in it.
fn ann_in_new_game(running: &server::Running, players: u8) -> (Client, GameId, u32) {
    let mut ann = client(running.addr, "Ann");
    let (game, a) = server::create_and_join(&mut ann, players, Tiling::Hex, 21);
    (ann, game, a)
}

/// A server with clocks of 300+15 and a game of two on it, Ann and Bob seated: the server,
/// their clients and heroes, and Ann's view once both are there.
fn two_seated() -> (server::Running, (Client, u32), (Client, u32), View) {
    let running = server::serve(
        Limits::default(),
        Hosting {
            clock: Some((Duration::from_secs(300), Duration::from_secs(15))),
            ..Hosting::default()
        },
    );
    let (mut ann, game, a) = ann_in_new_game(&running, 2);
    let mut bob = client(running.addr, "Bob");
    let b = bob.join(game).unwrap();
    let view = ann.view_where(|v| v.seats[b as usize].present).unwrap();
    (running, (ann, a), (bob, b), view)
}

#[test]
fn a_key_gives_one_directive_and_the_next_waits_for_the_segment() {
    let (_running, (mut ann, a), (mut bob, b), view) = two_seated();
    let at = (view.turn, view.segment);
    let mut screen = screen(view);
    let party = screen.session.ui.party.clone().unwrap();
    assert_eq!(party.heroes[0].name, "Ann");
    assert_eq!(party.heroes[1].name, "Bob");
    assert!(party.heroes.iter().all(|m| m.to_play && m.clock.is_some()));
    let sent = screen.key(key('.'));
    assert_eq!(
        sent,
        vec![ClientMessage::Direct {
            turn: at.0,
            segment: at.1,
            creature: a,
            command: Command::Wait
        }]
    );
    assert!(!screen.ready());
    // Lag: the server has not answered; another key sends nothing.
    assert!(screen.key(key('.')).is_empty(), "a key acts once");
    for message in &sent {
        ann.tell(message).unwrap();
    }
    // The roster changes (Ann has answered), the segment does not: the keys still wait.
    let answered = ann.view_where(|v| !v.seats[a as usize].waiting).unwrap();
    screen.update(answered).unwrap();
    assert!(!screen.ready());
    assert!(!screen.session.ui.party.as_ref().unwrap().heroes[0].to_play);
    let bob_view = bob.view_where(|_| true).unwrap();
    bob.direct(&bob_view, b as usize, Command::Wait).unwrap();
    let next = ann.view_where(|v| (v.turn, v.segment) > at).unwrap();
    let next_at = (next.turn, next.segment);
    screen.update(next).unwrap();
    assert!(screen.ready(), "the segment resolved: the keys act again");
    let sent = screen.key(key('.'));
    assert!(
        matches!(sent.as_slice(), [ClientMessage::Direct { turn, segment, .. }] if (*turn, *segment) == next_at),
        "{sent:?}"
    );
    assert_eq!(screen.key(key('Q')), vec![ClientMessage::Leave]);
    assert!(screen.left);
}

#[test]
fn the_sidebar_clocks_of_those_still_to_play_run_down_between_views() {
    let (_running, (mut ann, a), _bob, view) = two_seated();
    let clock = FakeClock::default();
    let mut screen = screen_on(view.clone(), clock.clone());
    let two = Duration::from_secs(2);
    let party = screen.session.ui.party.clone().unwrap();
    clock.advance(two);
    screen.tick();
    let ticked = screen.session.ui.party.clone().unwrap();
    for (before, now) in party.heroes.iter().zip(&ticked.heroes) {
        assert_eq!(now.clock, before.clock.and_then(|c| c.checked_sub(two)));
    }
    // Once Ann has answered, her clock stands while the segment waits on Bob.
    ann.direct(&view, a as usize, Command::Wait).unwrap();
    let answered = ann.view_where(|v| !v.seats[a as usize].waiting).unwrap();
    screen.update(answered).unwrap();
    let party = screen.session.ui.party.clone().unwrap();
    clock.advance(two);
    screen.tick();
    let ticked = screen.session.ui.party.clone().unwrap();
    assert_eq!(ticked.heroes[0].clock, party.heroes[0].clock);
    assert!(ticked.heroes[1].clock < party.heroes[1].clock);
}

#[test]
fn a_refused_directive_is_told_and_frees_the_keys() {
    let running = server::serve(
        Limits::default(),
        Hosting {
            clock: None,
            ..Hosting::default()
        },
    );
    let mut ann = client(running.addr, "Ann");
    server::create_and_join(&mut ann, 1, Tiling::Square, 2);
    let view = ann.view_where(|_| true).unwrap();
    let mut screen = screen(view.clone());
    // A directive the server refuses (here one for a segment it is not at, as a stale
    // screen would send): the refusal comes back.
    let mut stale = screen.key(key('.'));
    if let [ClientMessage::Direct { segment, .. }] = stale.as_mut_slice() {
        *segment += 1;
    }
    for message in &stale {
        ann.tell(message).unwrap();
    }
    let why = ann.answer().unwrap_err().to_string();
    screen.denied(&why);
    assert!(screen.ready());
    let told: Vec<String> = screen.session.ui.log.lines().collect();
    assert!(
        told.iter().any(|l| l.contains("directive was for turn")),
        "{told:?}"
    );
}

/// The game screen drawn at 120 x 40, as text.
fn drawn(screen: &mut GameScreen) -> String {
    let backend = ratatui::backend::TestBackend::new(120, 40);
    let mut terminal = ratatui::Terminal::new(backend).unwrap();
    terminal
        .draw(|frame| {
            screen.session.draw(frame);
        })
        .unwrap();
    let buffer = terminal.backend().buffer();
    (buffer.content().iter())
        .map(ratatui::buffer::Cell::symbol)
        .collect()
}

#[test]
fn exploring_is_a_standing_order_the_server_carries_on_until_a_key_halts_it() {
    let running = server::serve(Limits::default(), Hosting::default());
    let (mut ann, _game, a) = ann_in_new_game(&running, 1);
    let view = ann.view_where(|v| v.seats[0].present).unwrap();
    let at = (view.turn, view.segment);
    let mut screen = screen(view);
    let sent = screen.key(key('o'));
    assert_eq!(
        sent,
        vec![ClientMessage::Order {
            turn: at.0,
            segment: at.1,
            creature: a,
            order: Order::Explore,
        }]
    );
    assert!(screen.key(key('.')).is_empty(), "a key acts once");
    for message in &sent {
        ann.tell(message).unwrap();
    }
    // The server plays the segments by the order: no directive more is sent.
    let later = ann
        .view_where(|v| v.turn >= at.0 + 2 && v.seats[0].standing.is_some())
        .unwrap();
    screen.update(later).unwrap();
    assert!(screen.ready() && screen.standing());
    // The sidebar's roster says what the order does.
    let drawn = drawn(&mut screen);
    assert!(
        drawn.contains("explores") && !drawn.contains("ready"),
        "{drawn}"
    );
    assert!(screen.key(key('o')).is_empty(), "a held o explores on");
    let sent = screen.key(key('.'));
    assert_eq!(sent, vec![ClientMessage::Halt { creature: a }]);
    let told = screen
        .session
        .ui
        .log
        .lines()
        .any(|l| l.contains("You stop: you pressed a key."));
    assert!(told);
    for message in &sent {
        ann.tell(message).unwrap();
    }
    let halted = ann
        .view_where(|v| v.seats[0].standing.is_none() && v.seats[0].waiting)
        .unwrap();
    screen.update(halted).unwrap();
    assert!(!screen.standing());
    assert!(matches!(
        screen.key(key('.')).as_slice(),
        [ClientMessage::Direct { .. }]
    ));
}
