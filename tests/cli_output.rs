//! Command output to a reader that goes away (`hexdeep map render x | head`) ends quietly.
#![allow(clippy::unwrap_used)]

use std::process::{Command, Stdio};

#[test]
fn a_closed_pipe_is_not_a_panic() {
    for args in [
        &["map", "render", "data/maps/arena.hexmap"][..],
        &[
            "map",
            "render",
            "data/maps/arena.hexmap",
            "--json",
            "--range",
            "10,9,40",
        ][..],
    ] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_hexdeep"))
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        drop(child.stdout.take());
        let out = child.wait_with_output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!stderr.contains("panicked"), "{stderr}");
        assert!(out.status.success(), "{args:?}: {stderr}");
    }
}

#[test]
fn play_without_a_terminal_says_so_and_fails() {
    let out = Command::new(env!("CARGO_BIN_EXE_hexdeep"))
        .args(["play", "--seed", "3"])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("needs a terminal"), "{stderr}");
}

#[test]
fn play_with_a_missing_map_names_the_file() {
    let out = Command::new(env!("CARGO_BIN_EXE_hexdeep"))
        .args(["play", "--map", "no/such/map.hexmap"])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("no/such/map.hexmap"), "{stderr}");
}
