//! Spectators on a real server on 127.0.0.1:0 with real clients (`net::Client`, the one
//! `join` and `watch` use): a spectator sees the segments resolve and switches heroes; its
//! directives are refused; an outsider gets no hero's field of view while the game runs (one
//! of the game's players watching does); and a spectator that never reads does not stall
//! the game. No clock: the games wait for every connected player (reads time out only as a
//! guard against a hang).

#![allow(clippy::unwrap_used)]

#[path = "support/server.rs"]
mod server;

use hexdeep::geom::Tiling;
use hexdeep::net::game::{Game, Setup};
use hexdeep::net::join::screen::GameScreen;
use hexdeep::net::server::Hosting;
use hexdeep::net::watch::screen::WatchScreen;
use hexdeep::net::{Client, ClientMessage, GameId, Limits, View};
use hexdeep::sim::Command;
use hexdeep::ui::clock::{Clock, FakeClock};
use hexdeep::ui::keymap::Keymap;
use hexdeep::ui::palette::Palette;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use server::{Running, serve};
use std::sync::Arc;
use std::time::Duration;

fn hosting() -> Hosting {
    Hosting {
        clock: None,
        ..Hosting::default()
    }
}

/// A client of `running` logged in as `name`, unclaimed.
fn client(running: &Running, name: &str) -> Client {
    login(running, name, "")
}

/// A client of `running` logged in as `name` with `password` (empty: an unclaimed name).
fn login(running: &Running, name: &str, password: &str) -> Client {
    let client = Client::login(running.addr, name, password).unwrap();
    client
        .set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    client
}

/// A game of two on hexes with `seed`, Ann (her name claimed with the password "tulip") and
/// Bob (his name unclaimed) seated in it: their clients, with a view in which both are
/// present.
fn two_players(running: &Running, seed: u64) -> (GameId, [Client; 2]) {
    let mut ann = login(running, "Ann", "tulip");
    let (game, _) = server::create_and_join(&mut ann, 2, Tiling::Hex, seed);
    let mut bob = client(running, "Bob");
    bob.join(game).unwrap();
    for c in [&mut ann, &mut bob] {
        c.view_where(|v| v.seats.iter().all(|s| s.present)).unwrap();
    }
    (game, [ann, bob])
}

/// Both players wait once: the view of the next segment each gets.
fn both_wait(players: &mut [Client; 2]) -> (u64, u32) {
    let view = players[0]
        .view_where(|v| v.seats.iter().all(|s| s.present))
        .unwrap();
    let at = (view.turn, view.segment);
    for c in players.iter_mut() {
        let view = c.view_where(|v| (v.turn, v.segment) == at).unwrap();
        let hero = view.hero as usize;
        c.direct(&view, hero, Command::Wait).unwrap();
    }
    for c in players.iter_mut() {
        c.view_where(|v| (v.turn, v.segment) > at).unwrap();
    }
    at
}

/// The creatures of `view`'s world that are no heroes.
fn monsters(view: &View) -> usize {
    let content = Arc::new(hexdeep::content::Content::bundled().unwrap());
    let world = view.world(&content).unwrap();
    world
        .creatures()
        .iter()
        .filter(|c| !world.is_hero(c.id))
        .count()
}

/// The first seed whose game of two starts a hero in sight of a monster, and that hero's
/// seat.
fn seed_with_a_monster_in_sight() -> (u64, u8) {
    for seed in 0..500 {
        let setup = Setup {
            players: 2,
            tiling: Tiling::Hex,
            seed,
            clock: None,
            saves: None,
            db: None,
        };
        let game = Game::new(GameId(1), setup).unwrap();
        let world = game.world();
        for (seat, &hero) in world.heroes().iter().enumerate() {
            let sees = world
                .creatures()
                .iter()
                .any(|c| c.alive && !world.is_hero(c.id) && world.hero_sees(hero, c.pos));
            if sees {
                return (seed, seat as u8);
            }
        }
    }
    panic!("no seed of 500 starts a hero in sight of a monster");
}

#[test]
fn a_spectator_sees_the_segments_resolve_and_switches_heroes() {
    let running = serve(Limits::default(), hosting());
    let (game, mut players) = two_players(&running, 11);
    let mut cy = client(&running, "Cy");
    assert_eq!(
        cy.watch(game).unwrap(),
        0,
        "the first hero is followed first"
    );
    let first = cy.view_where(|_| true).unwrap();
    assert_eq!(first.hero, 0);
    let at = both_wait(&mut players);
    let next = cy.view_where(|v| (v.turn, v.segment) > at).unwrap();
    assert_eq!(next.hero, 0);
    cy.follow(1).unwrap();
    let other = cy.view_where(|v| v.hero == 1).unwrap();
    assert_eq!((other.turn, other.segment), (next.turn, next.segment));
    let at = both_wait(&mut players);
    let later = cy.view_where(|v| (v.turn, v.segment) > at).unwrap();
    assert_eq!(
        later.hero, 1,
        "the spectator goes on following the hero chosen"
    );
    cy.follow(5).unwrap();
    let why = cy.answer().unwrap_err().to_string();
    assert!(why.contains("has 2 heroes"), "{why}");
    cy.leave().unwrap();
    assert_eq!(cy.list().unwrap().len(), 1, "back in the lobby");
}

#[test]
fn a_spectators_directive_is_refused_and_the_game_goes_on() {
    let running = serve(Limits::default(), hosting());
    let (game, mut players) = two_players(&running, 11);
    let mut cy = client(&running, "Cy");
    cy.watch(game).unwrap();
    let view = cy.view_where(|_| true).unwrap();
    cy.direct_server_id(&view, 0, Command::Wait).unwrap();
    let why = cy.answer().unwrap_err().to_string();
    assert!(why.contains("spectator gives no directives"), "{why}");
    let why = cy.join(game).unwrap_err().to_string();
    assert!(why.contains("you watch game"), "{why}");
    let at = both_wait(&mut players);
    cy.view_where(|v| (v.turn, v.segment) > at).unwrap();
}

#[test]
fn an_outsider_gets_no_heros_field_of_view_while_the_game_runs_and_a_player_does() {
    let (seed, seat) = seed_with_a_monster_in_sight();
    let running = serve(Limits::default(), hosting());
    let (game, mut players) = two_players(&running, seed);
    let seen = players[usize::from(seat)].view.clone().unwrap();
    assert!(
        monsters(&seen) > 0,
        "the hero's own player sees the monster"
    );
    let mut cy = client(&running, "Cy");
    let mut ann = login(&running, "Ann", "tulip");
    for c in [&mut cy, &mut ann] {
        c.watch(game).unwrap();
        c.follow(seat).unwrap();
    }
    let hero = u32::from(seat);
    let outsider = cy.view_where(|v| v.hero == hero).unwrap();
    assert_eq!(
        monsters(&outsider),
        0,
        "the outsider does not see the monster"
    );
    assert_eq!(outsider.ids.len(), 2, "the roster's heroes only");
    let content = Arc::new(hexdeep::content::Content::bundled().unwrap());
    let world = outsider.world(&content).unwrap();
    let at = world.creatures()[hero as usize].pos;
    assert!(
        !world.is_seen_by(hero as usize, at),
        "no tile seen, not even the hero's own"
    );
    let player = ann.view_where(|v| v.hero == hero).unwrap();
    assert!(
        monsters(&player) > 0,
        "one of the game's players watching sees it"
    );
    let world = player.world(&content).unwrap();
    assert!(world.is_seen_by(hero as usize, at));
    both_wait(&mut players);
}

#[test]
fn a_spectator_that_never_reads_does_not_stall_the_game() {
    let running = serve(Limits::default(), hosting());
    let (game, mut players) = two_players(&running, 11);
    let mut slow = client(&running, "Slow");
    // It asks to watch, then reads nothing more: the views pile up on its side.
    slow.tell(&ClientMessage::Watch(game)).unwrap();
    let mut last = (0, 0);
    for _ in 0..60 {
        last = both_wait(&mut players);
    }
    let view = players[0].view.clone().unwrap();
    assert!((view.turn, view.segment) > last, "sixty segments resolved");
    drop(slow);
}

fn key(code: KeyCode) -> KeyEvent {
    KeyEvent::new(code, KeyModifiers::NONE)
}

#[test]
fn the_spectators_keys_switch_heroes_give_no_directive_and_q_leaves() {
    let running = serve(Limits::default(), hosting());
    let (game, _players) = two_players(&running, 11);
    let mut cy = client(&running, "Cy");
    let seat = cy.watch(game).unwrap();
    let view = cy.view_where(|_| true).unwrap();
    let content = Arc::new(hexdeep::content::Content::bundled().unwrap());
    let clock: Arc<dyn Clock> = Arc::new(FakeClock::default());
    let shown = GameScreen::new(
        view,
        Keymap::default_keys(),
        Palette::detect(),
        content,
        clock,
    )
    .unwrap();
    let mut screen = WatchScreen::new(shown, usize::from(seat));
    for code in [KeyCode::Char('h'), KeyCode::Char('.'), KeyCode::Enter] {
        assert!(
            screen.key(key(code)).is_empty(),
            "{code:?} gives no directive"
        );
    }
    let tab = screen.key(key(KeyCode::Tab));
    assert_eq!(tab, vec![ClientMessage::Follow(1)]);
    for message in &tab {
        cy.tell(message).unwrap();
    }
    let other = cy.view_where(|v| v.hero == 1).unwrap();
    assert_eq!(other.hero, 1, "the server follows the hero Tab chose");
    assert_eq!(
        screen.key(key(KeyCode::Tab)),
        vec![ClientMessage::Follow(0)]
    );
    assert_eq!(
        screen.key(key(KeyCode::Char('2'))),
        vec![ClientMessage::Follow(1)]
    );
    assert!(
        screen.key(key(KeyCode::Char('3'))).is_empty(),
        "no third hero"
    );
    assert!(!screen.left);
    assert_eq!(
        screen.key(key(KeyCode::Char('q'))),
        vec![ClientMessage::Leave]
    );
    assert!(screen.left);
}

/// Whether `view` shows its hero's own tile as seen: a player's view does, the roster an
/// outsider gets does not.
fn sees_own_tile(view: &View) -> bool {
    let content = Arc::new(hexdeep::content::Content::bundled().unwrap());
    let world = view.world(&content).unwrap();
    let hero = view.hero as usize;
    world.is_seen_by(hero, world.creatures()[hero].pos)
}

#[test]
fn only_the_account_of_a_player_watches_as_that_player_not_the_bare_name() {
    let running = serve(Limits::default(), hosting());
    let (game, mut players) = two_players(&running, 11);
    for (password, why) in [("", "give its password"), ("rose", "wrong password")] {
        let refused = Client::login(running.addr, "Ann", password).map(|_| ());
        let refused = refused.unwrap_err().to_string();
        assert!(refused.contains(why), "{refused}");
    }
    // Bob plays unclaimed: anyone may use his name, and so it opens no hero's view.
    let mut bare = client(&running, "Bob");
    let mut ann = login(&running, "Ann", "tulip");
    for c in [&mut bare, &mut ann] {
        c.watch(game).unwrap();
    }
    for seat in [0, 1] {
        for c in [&mut bare, &mut ann] {
            c.follow(seat).unwrap();
        }
        let hero = u32::from(seat);
        let outsider = bare.view_where(|v| v.hero == hero).unwrap();
        assert!(
            !sees_own_tile(&outsider),
            "an unclaimed player's name is an outsider's"
        );
        let player = ann.view_where(|v| v.hero == hero).unwrap();
        assert!(
            sees_own_tile(&player),
            "Ann's account sees hero {hero}'s view"
        );
    }
    both_wait(&mut players);
}
