//! `hexdeep serve` as a user runs it: it says where it listens, hosts a game a client plays,
//! saves it after each segment as `play` saves its games (a save `continue` reads), and stops
//! on SIGTERM. Bounded by `timeout` and by read timeouts, never by a wall-clock assertion.

#![allow(clippy::unwrap_used)]

#[path = "support/cli.rs"]
mod cli;

use hexdeep::geom::Tiling;
use hexdeep::net::{Client, NewGame};
use hexdeep::sim::Command;
use std::io::{BufRead, BufReader};
use std::process::{Command as Process, Stdio};
use std::time::Duration;

#[test]
fn serve_says_where_it_listens_saves_each_segment_and_stops_on_sigterm() {
    let saves = cli::scratch("serve");
    let mut server = Process::new("timeout")
        .arg("120")
        .arg(env!("CARGO_BIN_EXE_hexdeep"))
        .args(["serve", "--port", "0", "--saves"])
        .arg(&saves)
        .stdout(Stdio::piped())
        .stdin(Stdio::null())
        .spawn()
        .unwrap();
    let mut out = BufReader::new(server.stdout.take().unwrap());
    let mut first = String::new();
    out.read_line(&mut first).unwrap();
    let addr = first
        .trim()
        .strip_prefix("listening on 127.0.0.1:")
        .unwrap_or_else(|| panic!("{first:?}"));
    let mut ann = Client::connect(format!("127.0.0.1:{addr}"), "Ann").unwrap();
    ann.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
    let game = ann
        .create(NewGame {
            players: 1,
            tiling: Tiling::Square,
            seed: Some(5),
        })
        .unwrap();
    let hero = ann.join(game).unwrap() as usize;
    let mut view = ann.view_where(|_| true).unwrap();
    for _ in 0..3 {
        let at = (view.turn, view.segment);
        ann.direct(&view, hero, Command::Wait).unwrap();
        view = ann.view_where(|v| (v.turn, v.segment) > at).unwrap();
    }
    let save = saves.join("game-5.hdsave");
    let saved = hexdeep::persist::load_game(&save).unwrap();
    assert_eq!(
        (saved.current.turn(), saved.current.segment()),
        (view.turn, view.segment),
        "saved after the last segment"
    );
    assert_eq!(saved.record.steps.len(), 3, "one step a segment");
    // SIGTERM: the server stops cleanly.
    let killed = Process::new("kill")
        .args(["-TERM", &server.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let status = server.wait().unwrap();
    let mut rest = String::new();
    std::io::Read::read_to_string(&mut out, &mut rest).unwrap();
    assert!(status.success(), "{status:?} {rest}");
    assert!(rest.contains("stopped"), "{rest}");
}
