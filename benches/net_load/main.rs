//! The network load test, run by hand (BENCHMARKS.md, "The network under load"):
//!
//! ```text
//! cargo build --release && cargo bench --bench net_load -- [--games 50] [--seconds 60]
//! ```
//!
//! It starts `hexdeep serve` (target/release/hexdeep unless `--server` says another) on
//! 127.0.0.1 with no clock, makes the games, and plays each with two scripted clients giving
//! directives as fast as the server takes them; then it prints the segments resolved per
//! second, the server's memory per game, the latency from a segment's last directive to each
//! client's update, and fails (exit 1) if a directive was lost or a game stalled.

#[path = "load.rs"]
mod load;

use clap::Parser;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

/// Options of the load test.
#[derive(Parser)]
struct Args {
    /// Games of two players (two clients each).
    #[arg(long, default_value_t = 50, value_parser = clap::value_parser!(u16).range(1..=60))]
    games: u16,
    /// How long the clients play, in seconds.
    #[arg(long, default_value_t = 60, value_parser = clap::value_parser!(u16).range(1..=600))]
    seconds: u16,
    /// The `hexdeep` binary to serve with.
    #[arg(long)]
    server: Option<PathBuf>,
    /// Given by `cargo bench` to every bench; nothing to this one.
    #[arg(long, hide = true)]
    bench: bool,
    /// Where the server's saves folder is made (target/bench-scratch unless given; it is
    /// removed at the end).
    #[arg(long)]
    saves_in: Option<PathBuf>,
}

fn main() -> ExitCode {
    let args = Args::parse();
    let server = args.server.unwrap_or_else(|| {
        let here = std::env::current_exe().unwrap_or_default();
        // target/release/deps/net_load-HASH -> target/release/hexdeep
        here.parent()
            .and_then(|p| p.parent())
            .map(|p| p.join("hexdeep"))
            .unwrap_or_default()
    });
    let options = load::Options {
        server,
        saves_in: args.saves_in.unwrap_or_else(|| {
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target/bench-scratch")
        }),
        games: usize::from(args.games),
        duration: Duration::from_secs(u64::from(args.seconds)),
        directives: None,
        stall_after: Duration::from_secs(10),
    };
    match load::run(&options) {
        Ok(report) => {
            print(&report);
            if report.stalled().is_empty() {
                ExitCode::SUCCESS
            } else {
                ExitCode::FAILURE
            }
        }
        Err(why) => {
            eprintln!("net_load: {why}");
            ExitCode::FAILURE
        }
    }
}

/// Prints what the run measured.
fn print(report: &load::Report) {
    let segments: u64 = report.segments().iter().sum();
    let seconds = report.elapsed.as_secs_f64();
    let sum = |f: fn(&load::Tally) -> u64| -> u64 {
        report.tallies.iter().flat_map(|t| t.iter().map(f)).sum()
    };
    let latencies = report.latencies();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    let [before, made, end] = report.rss_kb;
    let games = report.games as f64;
    println!(
        "games: {}, clients: {}, played {seconds:.1} s",
        report.games,
        report.games * 2
    );
    println!(
        "segments resolved: {segments} ({:.0} a second; fewest in a game {}, most {})",
        segments as f64 / seconds,
        report.segments().iter().min().unwrap_or(&0),
        report.segments().iter().max().unwrap_or(&0)
    );
    println!(
        "directives: {} sent, {} counted, {} refused by the rules, {} refused as late, {} lost",
        sum(|t| t.sent),
        sum(|t| t.counted),
        sum(|t| t.refused),
        sum(|t| t.late),
        sum(|t| t.lost)
    );
    let over = report
        .tallies
        .iter()
        .filter(|t| t.iter().any(|c| c.over))
        .count();
    println!(
        "games over (the party died): {over}; stalled: {:?}",
        report.stalled()
    );
    for (g, t) in report.tallies.iter().enumerate() {
        for c in t.iter().filter_map(|c| c.error.as_ref()) {
            println!("  game {g}: {c}");
        }
    }
    println!(
        "server RSS: {before} kB at the start, {made} kB with the games made ({:.0} kB a game), \
         {end} kB at the end with the clients ({:.0} kB a game)",
        (made.saturating_sub(before)) as f64 / games,
        (end.saturating_sub(before)) as f64 / games
    );
    println!(
        "latency, last directive to each client's update: median {:.2} ms, 99th {:.2} ms, \
         most {:.2} ms ({} updates)",
        ms(load::quantile(&latencies, 0.5)),
        ms(load::quantile(&latencies, 0.99)),
        ms(latencies.last().copied().unwrap_or_default()),
        latencies.len()
    );
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    println!("load average after: {}", load.trim());
}
