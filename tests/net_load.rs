//! A smoke run of the network load test (`benches/net_load`): the real `hexdeep serve`, two
//! games of two, four scripted clients giving a few directives each as fast as the server
//! takes them. Every directive has an outcome (its segment resolved, or refused with a
//! reason), every game advances, and each update's latency is measured. The full run (50
//! games, 100 clients, a minute) is by hand: BENCHMARKS.md.

#![allow(clippy::unwrap_used)]

#[path = "../benches/net_load/load.rs"]
mod load;

use std::time::Duration;

#[test]
fn two_games_of_scripted_clients_lose_no_directive_and_every_game_advances() {
    let options = load::Options {
        server: env!("CARGO_BIN_EXE_hexdeep").into(),
        saves_in: env!("CARGO_TARGET_TMPDIR").into(),
        games: 2,
        // A bound, not a measure: the clients stop after their directives.
        duration: Duration::from_secs(600),
        directives: Some(12),
        stall_after: Duration::from_secs(30),
    };
    let report = load::run(&options).unwrap();
    assert_eq!(report.tallies.len(), 2);
    for (g, tallies) in report.tallies.iter().enumerate() {
        for t in tallies {
            assert_eq!(t.error, None, "game {g}");
            assert_eq!(t.lost, 0, "game {g}");
            assert_eq!(
                t.sent,
                t.counted + t.refused + t.late,
                "game {g}: every directive has an outcome"
            );
            assert!(t.counted > 0 || t.over, "game {g}: {t:?}");
        }
    }
    assert!(report.stalled().is_empty(), "{:?}", report.stalled());
    assert!(report.segments().iter().all(|&s| s > 0));
    assert!(!report.latencies().is_empty());
    assert!(
        report.rss_kb.iter().all(|&kb| kb > 0),
        "{:?}",
        report.rss_kb
    );
}
