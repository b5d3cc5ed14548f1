//! Names over the network (a real server on 127.0.0.1:0, real clients): the first use of a
//! name with a password claims it; a wrong password, or none, is refused at the hello, and
//! the seat stays its owner's, who takes it back with the right one. Reads time out only as
//! a guard against a hang.

#![allow(clippy::unwrap_used)]

#[path = "support/server.rs"]
mod server;

use hexdeep::geom::Tiling;
use hexdeep::net::client::ClientError;
use hexdeep::net::server::Hosting;
use hexdeep::net::{Client, Limits};
use std::time::Duration;

fn login(running: &server::Running, name: &str, password: &str) -> Result<Client, ClientError> {
    let client = Client::login(running.addr, name, password)?;
    client
        .set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    Ok(client)
}

fn refusal(got: Result<Client, ClientError>) -> String {
    match got {
        Err(ClientError::Refused(why)) => why,
        other => panic!("not refused: {other:?}"),
    }
}

#[test]
fn a_claimed_name_is_refused_without_its_password_and_the_seat_stays_its_owners() {
    let hosting = Hosting {
        clock: None,
        ..Hosting::default()
    };
    let running = server::serve(Limits::default(), hosting);
    let mut ann = login(&running, "Ann", "tulip").unwrap();
    let (game, hero) = server::create_and_join(&mut ann, 2, Tiling::Square, 3);
    ann.leave().unwrap();

    let wrong = refusal(login(&running, "Ann", "rose"));
    assert!(wrong.contains("wrong password for Ann"), "{wrong}");
    let none = refusal(login(&running, "Ann", ""));
    assert!(none.contains("Ann is claimed"), "{none}");

    // Somebody else joining takes the other seat, never Ann's.
    let mut bob = login(&running, "Bob", "").unwrap();
    assert_ne!(bob.join(game).unwrap(), hero);
    let info = bob.list().unwrap();
    assert_eq!(info[0].seats[hero as usize].0.as_deref(), Some("Ann"));

    let mut back = login(&running, "Ann", "tulip").unwrap();
    assert_eq!(back.join(game).unwrap(), hero, "Ann takes her hero back");
}

#[test]
fn the_spectators_name_is_everyones_and_cannot_be_claimed() {
    let running = server::serve(Limits::default(), Hosting::default());
    let claimed = refusal(login(&running, "spectator", "mine"));
    assert!(claimed.contains("cannot be claimed"), "{claimed}");
    let mut watcher = login(&running, "spectator", "").unwrap();
    assert!(watcher.list().unwrap().is_empty(), "it still connects");
}
