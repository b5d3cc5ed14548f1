//! `hexdeep serve` as a user runs it: it says where it listens, hosts a game a client plays,
//! saves it after each segment as `play` saves its games (a save `continue` reads), and stops
//! on SIGTERM or SIGHUP; started again on the same saves it resumes the game where it was.
//! Bounded by `timeout` and by read timeouts, never by a wall-clock assertion.

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

/// `hexdeep serve` on a free port with the saves in `saves`: the process, its output after
/// the first line, and the port it listens on.
fn start(
    saves: &std::path::Path,
) -> (
    std::process::Child,
    BufReader<std::process::ChildStdout>,
    String,
) {
    let mut server = Process::new("timeout")
        .arg("120")
        .arg(env!("CARGO_BIN_EXE_hexdeep"))
        .args(["serve", "--port", "0", "--clock", "off", "--saves"])
        .arg(saves)
        .stdout(Stdio::piped())
        .stdin(Stdio::null())
        .spawn()
        .unwrap();
    let mut out = BufReader::new(server.stdout.take().unwrap());
    let mut first = String::new();
    out.read_line(&mut first).unwrap();
    let port = first
        .trim()
        .strip_prefix("listening on 127.0.0.1:")
        .unwrap_or_else(|| panic!("{first:?}"))
        .to_string();
    (server, out, port)
}

/// Sends `signal` to `server` and checks it saved and stopped cleanly.
fn stop(
    mut server: std::process::Child,
    mut out: BufReader<std::process::ChildStdout>,
    signal: &str,
) {
    let killed = Process::new("kill")
        .args([signal, &server.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let status = server.wait().unwrap();
    let mut rest = String::new();
    std::io::Read::read_to_string(&mut out, &mut rest).unwrap();
    assert!(status.success(), "{status:?} {rest}");
    assert!(rest.contains("stopped: every game was saved"), "{rest}");
}

fn restarted_after(signal: &str) {
    let saves = cli::scratch(&format!("restart{signal}"));
    let (server, out, port) = start(&saves);
    let mut ann = Client::login(format!("127.0.0.1:{port}"), "Ann", "tulip").unwrap();
    ann.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
    let game = ann
        .create(NewGame {
            players: 1,
            tiling: Tiling::Triangle,
            seed: Some(8),
        })
        .unwrap();
    let hero = ann.join(game).unwrap() as usize;
    let mut view = ann.view_where(|_| true).unwrap();
    for _ in 0..2 {
        let at = (view.turn, view.segment);
        ann.direct(&view, hero, Command::Wait).unwrap();
        view = ann.view_where(|v| (v.turn, v.segment) > at).unwrap();
    }
    let at = (view.turn, view.segment);
    stop(server, out, signal);
    drop(ann);

    let (server, mut out, port) = start(&saves);
    let mut resumed = String::new();
    out.read_line(&mut resumed).unwrap();
    assert_eq!(
        resumed.trim(),
        format!("resumed game {game} at turn {} segment {}", at.0 + 1, at.1),
        "the turn as the sidebar shows it"
    );
    let addr = format!("127.0.0.1:{port}");
    let refused = Client::login(addr.as_str(), "Ann", "");
    assert!(refused.is_err(), "a claimed name without its password");
    let mut ann = Client::login(addr.as_str(), "Ann", "tulip").unwrap();
    ann.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
    assert_eq!(ann.join(game).unwrap() as usize, hero);
    let view = ann.view_where(|_| true).unwrap();
    assert_eq!((view.turn, view.segment), at);
    ann.direct(&view, hero, Command::Wait).unwrap();
    ann.view_where(|v| (v.turn, v.segment) > at).unwrap();
    stop(server, out, "-TERM");
}

#[test]
fn a_server_stopped_by_sigterm_resumes_its_game_when_started_again() {
    restarted_after("-TERM");
}

#[test]
fn a_server_stopped_by_sighup_resumes_its_game_when_started_again() {
    restarted_after("-HUP");
}

#[test]
fn a_broken_database_stops_serve_with_a_message_naming_it_and_is_left_as_it_was() {
    let saves = cli::scratch("broken-db");
    let file = saves.join("server.sqlite");
    let junk = b"not a database at all ".repeat(300);
    std::fs::write(&file, &junk).unwrap();
    let out = Process::new("timeout")
        .arg("60")
        .arg(env!("CARGO_BIN_EXE_hexdeep"))
        .args(["serve", "--port", "0", "--saves"])
        .arg(&saves)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains(&file.display().to_string()), "{err}");
    assert!(err.contains("not a hexdeep server database"), "{err}");
    assert!(out.stdout.is_empty(), "it never listened");
    assert_eq!(std::fs::read(&file).unwrap(), junk);
}
