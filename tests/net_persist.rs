//! Games that survive the server (a real server on 127.0.0.1:0, real clients): a server
//! stopped in-process saves its games, and one started again on the same saves folder
//! resumes each at the same turn and segment, lists it, and gives each player who logs in
//! again with their password their own hero back to play on; the accounts survive too. A
//! saves folder whose database is broken is refused, the file untouched. Reads time out only
//! as a guard against a hang.

#![allow(clippy::unwrap_used)]

#[path = "support/cli.rs"]
mod cli;
#[path = "support/server.rs"]
mod server;

use hexdeep::geom::Tiling;
use hexdeep::net::client::ClientError;
use hexdeep::net::server::Hosting;
use hexdeep::net::{Client, GameId, Limits, NewGame};
use hexdeep::persist::SaveDir;
use hexdeep::sim::Command;
use std::path::Path;
use std::time::Duration;

fn serve(saves: &Path) -> server::Running {
    let hosting = Hosting {
        clock: None,
        ..Hosting::persistent(SaveDir(saves.to_path_buf())).unwrap()
    };
    server::serve(Limits::default(), hosting)
}

fn login(running: &server::Running, name: &str, password: &str) -> Client {
    let client = Client::login(running.addr, name, password).unwrap();
    client
        .set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    client
}

/// Ann and Bob play a game of two for three segments: the game, their heroes, and the
/// turn and segment it is at.
fn play_three(running: &server::Running) -> (GameId, u32, u32, (u64, u32)) {
    let mut ann = login(running, "Ann", "tulip");
    let (game, a) = server::create_and_join(&mut ann, 2, Tiling::Hex, 17);
    let mut bob = login(running, "Bob", "oak");
    let b = bob.join(game).unwrap();
    let mut view = ann.view_where(|v| v.seats[b as usize].present).unwrap();
    for _ in 0..3 {
        let at = (view.turn, view.segment);
        ann.direct(&view, a as usize, Command::Wait).unwrap();
        let bob_view = bob.view_where(|v| (v.turn, v.segment) == at).unwrap();
        bob.direct(&bob_view, b as usize, Command::Wait).unwrap();
        view = ann.view_where(|v| (v.turn, v.segment) > at).unwrap();
    }
    (game, a, b, (view.turn, view.segment))
}

#[test]
fn a_restarted_server_resumes_the_game_where_it_was_and_each_player_takes_their_hero_back() {
    let saves = cli::scratch("restart");
    let running = serve(&saves);
    let (game, a, b, at) = play_three(&running);
    drop(running);

    let running = serve(&saves);
    let mut ann = login(&running, "Ann", "tulip");
    let listed = ann.list().unwrap();
    assert_eq!(listed.len(), 1, "{listed:?}");
    assert_eq!(listed[0].id, game);
    let seats: Vec<_> = listed[0].seats.iter().map(|s| s.0.as_deref()).collect();
    assert_eq!(seats, [Some("Ann"), Some("Bob")]);
    assert!(
        listed[0].seats.iter().all(|s| !s.1),
        "nobody is connected yet"
    );
    assert_eq!(ann.join(game).unwrap(), a, "Ann takes her hero back");
    let view = ann.view_where(|_| true).unwrap();
    assert_eq!((view.turn, view.segment), at, "the same turn and segment");

    // Bob's name is still his: refused without his password, his seat stays his.
    let why = match Client::login(running.addr, "Bob", "pine") {
        Err(ClientError::Refused(why)) => why,
        other => panic!("{other:?}"),
    };
    assert!(why.contains("wrong password for Bob"), "{why}");
    let mut bob = login(&running, "Bob", "oak");
    assert_eq!(bob.join(game).unwrap(), b, "Bob takes his hero back");

    // And they play on.
    let view = ann.view_where(|v| v.seats[b as usize].present).unwrap();
    ann.direct(&view, a as usize, Command::Wait).unwrap();
    let bob_view = bob.view_where(|v| (v.turn, v.segment) == at).unwrap();
    bob.direct(&bob_view, b as usize, Command::Wait).unwrap();
    let next = ann.view_where(|v| (v.turn, v.segment) > at).unwrap();
    assert!((next.turn, next.segment) > at);

    // A new game gets a number of its own, after the resumed one's.
    let new = ann
        .create(NewGame {
            players: 1,
            tiling: Tiling::Square,
            seed: Some(2),
        })
        .unwrap();
    assert!(new > game, "{new:?} after {game:?}");
}

#[test]
fn a_resumed_game_can_be_watched_and_its_player_watches_through_their_heros_eyes() {
    let saves = cli::scratch("restart-watch");
    let running = serve(&saves);
    let (game, a, _, at) = play_three(&running);
    drop(running);

    let running = serve(&saves);
    let mut cy = login(&running, "spectator", "");
    let mut ann = login(&running, "Ann", "tulip");
    let content = std::sync::Arc::new(hexdeep::content::Content::bundled().unwrap());
    for (c, player) in [(&mut cy, false), (&mut ann, true)] {
        c.watch(game).unwrap();
        c.follow(a as u8).unwrap();
        let view = c.view_where(|v| v.hero == a).unwrap();
        assert_eq!((view.turn, view.segment), at, "the resumed game's segment");
        let world = view.world(&content).unwrap();
        let seen = world.is_seen_by(a as usize, world.creatures()[a as usize].pos);
        assert_eq!(
            seen, player,
            "only Ann's account sees through her hero's eyes"
        );
    }
}

#[test]
fn a_saves_folder_with_a_broken_database_is_refused_and_the_file_left_alone() {
    let saves = cli::scratch("broken");
    let file = saves.join(hexdeep::net::store::FILE);
    let junk = vec![0x5a_u8; 8192];
    std::fs::write(&file, &junk).unwrap();
    let why = Hosting::persistent(SaveDir(saves.clone())).unwrap_err();
    assert!(why.contains(&file.display().to_string()), "{why}");
    assert_eq!(std::fs::read(&file).unwrap(), junk);
}
