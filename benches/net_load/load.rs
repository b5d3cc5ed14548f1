//! The network load test: a real `hexdeep serve` (the binary, started as a child on
//! 127.0.0.1 with a port of its own choosing and no clock), `games` games of two on it, and two
//! scripted clients a game (`net::Client`, a thread each), each giving its hero a directive
//! as soon as it sees a new segment, for `duration`. Shared by the `net_load` example (the
//! full run, by hand) and a smoke test.
//!
//! Every directive must have an outcome: the segment it was given for resolves (it counted:
//! without a clock a segment waits for every connected player), or the server refuses it with
//! a reason. A directive with neither within `stall_after` is lost, and its game stalled.
#![allow(dead_code)]

use hexdeep::geom::{Compass, Tiling};
use hexdeep::net::{Client, NewGame, ServerMessage, View};
use hexdeep::sim::Command;
use std::collections::BTreeMap;
use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::{Child, Command as Process, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// What to run.
#[derive(Clone, Debug)]
pub struct Options {
    /// The `hexdeep` binary to serve with.
    pub server: PathBuf,
    /// The folder the server's saves folder is made in (and removed from at the end): the
    /// server saves every game after each segment, syncing the file.
    pub saves_in: PathBuf,
    /// Games of two players.
    pub games: usize,
    /// How long the clients give directives.
    pub duration: Duration,
    /// Directives a client gives at most (`None`: as many as `duration` allows).
    pub directives: Option<u64>,
    /// How long a directive may go without an outcome before its game counts as stalled.
    pub stall_after: Duration,
}

/// What one client saw.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    /// Directives sent.
    pub sent: u64,
    /// Directives whose segment resolved.
    pub counted: u64,
    /// Directives the rules refused (a move into a wall...), with a reason.
    pub refused: u64,
    /// Directives refused as late (their segment had resolved without them), with a reason.
    pub late: u64,
    /// Directives with no outcome: lost.
    pub lost: u64,
    /// Each update's latency: from the last directive of its segment (either player's) to
    /// this client's view of the next one.
    pub latencies: Vec<Duration>,
    /// Whether the game ended (a hero died) while the client played.
    pub over: bool,
    /// The error that stopped the client early, if any.
    pub error: Option<String>,
}

/// What the run measured.
#[derive(Debug)]
pub struct Report {
    /// Games played.
    pub games: usize,
    /// Per game, its two clients' tallies.
    pub tallies: Vec<[Tally; 2]>,
    /// How long the clients played.
    pub elapsed: Duration,
    /// The server's resident memory (kB): started, with the games made, at the end.
    pub rss_kb: [u64; 3],
}

impl Report {
    /// Segments resolved, by game: the most either client saw.
    pub fn segments(&self) -> Vec<u64> {
        self.tallies
            .iter()
            .map(|t| t[0].counted.max(t[1].counted))
            .collect()
    }

    /// Every client's latencies, sorted.
    pub fn latencies(&self) -> Vec<Duration> {
        let mut all: Vec<Duration> = self
            .tallies
            .iter()
            .flat_map(|t| t.iter().flat_map(|c| c.latencies.iter().copied()))
            .collect();
        all.sort();
        all
    }

    /// The games that stalled: a directive lost, a client stopped by an error, or no
    /// segment resolved.
    pub fn stalled(&self) -> Vec<usize> {
        (0..self.games)
            .filter(|&g| {
                let t = &self.tallies[g];
                let broken = t.iter().any(|c| c.lost > 0 || c.error.is_some());
                broken || (t[0].counted == 0 && !t.iter().any(|c| c.over))
            })
            .collect()
    }
}

/// The `q`-quantile of sorted `all` (0 when empty).
pub fn quantile(all: &[Duration], q: f64) -> Duration {
    if all.is_empty() {
        return Duration::ZERO;
    }
    let at = ((all.len() - 1) as f64 * q).round() as usize;
    all[at.min(all.len() - 1)]
}

/// A `hexdeep serve` child, killed when dropped, and its saves folder, removed then.
struct Served {
    child: Child,
    addr: SocketAddr,
    saves: PathBuf,
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.saves);
    }
}

/// Starts `server` on 127.0.0.1 with no clock, saving into a fresh folder in `saves_in`;
/// waits for the line that says where it listens.
fn start(server: &Path, saves_in: &Path) -> Result<Served, String> {
    let saves = saves_in.join(format!("hexdeep-net-load-{}", std::process::id()));
    // A folder an interrupted run left under this process number would have its games and
    // accounts taken up again by the server (it resumes what its saves hold).
    let _ = std::fs::remove_dir_all(&saves);
    std::fs::create_dir_all(&saves).map_err(|e| e.to_string())?;
    let mut child = Process::new(server)
        .arg("--saves")
        .arg(&saves)
        .args(["serve", "--port", "0", "--clock", "off"])
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .map_err(|e| format!("cannot start {}: {e}", server.display()))?;
    let stdout = child.stdout.take().ok_or("no standard output")?;
    let mut first = String::new();
    let read = BufReader::new(stdout).read_line(&mut first);
    let served = |addr| Served {
        child,
        addr,
        saves: saves.clone(),
    };
    match read {
        Ok(_) => {
            let addr = first
                .trim()
                .strip_prefix("listening on ")
                .and_then(|a| a.parse().ok());
            match addr {
                Some(addr) => Ok(served(addr)),
                None => Err(format!("the server said {first:?}")),
            }
        }
        Err(e) => Err(format!("the server said nothing: {e}")),
    }
}

/// The resident memory of process `pid`, in kB (`VmRSS` of /proc/PID/status).
fn rss_kb(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or(0)
}

/// The latest directive sent for each segment of a game, by either of its clients.
type LastSent = Arc<Mutex<BTreeMap<(u64, u32), Instant>>>;

/// Runs the load test.
pub fn run(options: &Options) -> Result<Report, String> {
    let served = start(&options.server, &options.saves_in)?;
    let pid = served.child.id();
    std::thread::sleep(Duration::from_millis(200));
    let before = rss_kb(pid);
    let mut host = Client::connect(served.addr, "host").map_err(|e| e.to_string())?;
    let mut ids = Vec::new();
    for n in 0..options.games {
        let new = NewGame {
            players: 2,
            tiling: Tiling::Hex,
            seed: Some(1000 + n as u64),
        };
        ids.push(host.create(new).map_err(|e| e.to_string())?);
    }
    drop(host);
    std::thread::sleep(Duration::from_millis(200));
    let made = rss_kb(pid);
    let began = Instant::now();
    let deadline = began + options.duration;
    let mut threads = Vec::new();
    for (g, &id) in ids.iter().enumerate() {
        let last: LastSent = Arc::default();
        for seat in 0..2 {
            let last = Arc::clone(&last);
            let options = options.clone();
            let addr = served.addr;
            let name = format!("p{g}x{seat}");
            threads.push(std::thread::spawn(move || {
                let mut tally = Tally::default();
                let seed = (g * 2 + seat) as u64 + 1;
                if let Err(e) = play(addr, &name, id, seed, deadline, &options, &last, &mut tally) {
                    tally.error = Some(e);
                }
                tally
            }));
        }
    }
    let mut tallies: Vec<Tally> = Vec::new();
    for thread in threads {
        tallies.push(thread.join().map_err(|_| "a client panicked")?);
    }
    let elapsed = began.elapsed();
    let end = rss_kb(pid);
    let tallies = tallies
        .chunks(2)
        .map(|t| [t[0].clone(), t[1].clone()])
        .collect();
    Ok(Report {
        games: options.games,
        tallies,
        elapsed,
        rss_kb: [before, made, end],
    })
}

/// One scripted player: joins game `id` and, until `deadline` (or its directives are
/// given), answers every new segment with a directive at once, waiting for each one's
/// outcome. A quarter of the moves are steps in a direction drawn from `seed` (the rules
/// may refuse them: then it waits instead), the others waits.
#[allow(clippy::too_many_arguments)]
fn play(
    addr: SocketAddr,
    name: &str,
    id: hexdeep::net::GameId,
    seed: u64,
    deadline: Instant,
    options: &Options,
    last: &LastSent,
    tally: &mut Tally,
) -> Result<(), String> {
    let mut client = Client::connect(addr, name).map_err(|e| e.to_string())?;
    client
        .set_read_timeout(Some(options.stall_after))
        .map_err(|e| e.to_string())?;
    client.join(id).map_err(|e| e.to_string())?;
    let mut view = client.view_where(|_| true).map_err(|e| e.to_string())?;
    let mut dice = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    while Instant::now() < deadline && options.directives.is_none_or(|n| tally.sent < n) {
        if view.seats.iter().any(|s| !s.present) {
            if tally.sent > 0 {
                // The other player is done: so is this one.
                return Ok(());
            }
            // The other player has not joined yet: wait for a newer view.
            view = next_view(&mut client, &view)?;
            continue;
        }
        if view.seats.iter().all(|s| !s.waiting) && game_over(&view) {
            tally.over = true;
            return Ok(());
        }
        if !view
            .seats
            .get(view.hero as usize)
            .is_some_and(|s| s.waiting)
        {
            // The segment does not wait for this hero (it is busy, or dead): a directive
            // would be refused, and the segment resolves without it.
            view = next_view(&mut client, &view)?;
            continue;
        }
        dice ^= dice << 13;
        dice ^= dice >> 7;
        dice ^= dice << 17;
        let command = if dice.is_multiple_of(4) {
            Command::Move(Compass::ALL[(dice >> 8) as usize % Compass::ALL.len()])
        } else {
            Command::Wait
        };
        match direct(&mut client, &view, command, last, tally) {
            Ok(next) => view = next,
            Err(e) => {
                if e.starts_with("no outcome") {
                    tally.lost += 1;
                }
                return Err(e);
            }
        }
    }
    Ok(())
}

/// Gives the hero `command` for `view`'s segment and waits for its outcome: the view of a
/// later segment. A step the rules refuse becomes a wait; a wait they refuse (the hero is
/// dead, or busy) waits for the segment to resolve without it.
fn direct(
    client: &mut Client,
    view: &View,
    command: Command,
    last: &LastSent,
    tally: &mut Tally,
) -> Result<View, String> {
    let at = (view.turn, view.segment);
    let hero = view.hero as usize;
    let mut command = command;
    loop {
        if let Ok(mut last) = last.lock() {
            last.insert(at, Instant::now());
        }
        client
            .direct(view, hero, command)
            .map_err(|e| e.to_string())?;
        tally.sent += 1;
        match outcome(client, at, last, tally)? {
            Outcome::Resolved(next) => {
                tally.counted += 1;
                return Ok(next);
            }
            Outcome::Late => {
                tally.late += 1;
                return later(client, at);
            }
            Outcome::Refused if command == Command::Wait => {
                tally.refused += 1;
                return later(client, at);
            }
            Outcome::Refused => {
                tally.refused += 1;
                command = Command::Wait;
            }
        }
    }
}

/// What came of a directive.
enum Outcome {
    /// Its segment resolved: the next view.
    Resolved(View),
    /// The rules refused it.
    Refused,
    /// It came after its segment had resolved (or the game ended).
    Late,
}

/// Reads until the directive given for segment `at` has an outcome.
fn outcome(
    client: &mut Client,
    at: (u64, u32),
    last: &LastSent,
    tally: &mut Tally,
) -> Result<Outcome, String> {
    loop {
        let message = client
            .receive()
            .map_err(|e| format!("no outcome for the directive of {at:?}: {e}"))?;
        match message {
            ServerMessage::Update(next) if (next.turn, next.segment) > at => {
                let sent = last.lock().ok().and_then(|l| l.get(&at).copied());
                if let Some(sent) = sent {
                    tally.latencies.push(sent.elapsed());
                }
                return Ok(Outcome::Resolved(*next));
            }
            ServerMessage::Update(_) => {}
            ServerMessage::Denied(why) if why.trim().is_empty() => {
                return Err("refused without a reason".to_string());
            }
            ServerMessage::Denied(why) if why.contains("that directive was for") => {
                return Ok(Outcome::Late);
            }
            ServerMessage::Denied(_) => return Ok(Outcome::Refused),
            other => return Err(format!("unexpected {other:?}")),
        }
    }
}

/// The first view of a segment after `at` (the newest view kept, when it is one).
fn later(client: &mut Client, at: (u64, u32)) -> Result<View, String> {
    client
        .view_where(|v| (v.turn, v.segment) > at)
        .map_err(|e| format!("no segment after {at:?} came: {e}"))
}

/// Whether `view`'s game is over, as its world tells.
fn game_over(view: &View) -> bool {
    let content = Arc::new(hexdeep::content::Content::bundled().expect("bundled content"));
    view.world(&content).is_ok_and(|w| w.is_over())
}

/// The next view after `view`.
fn next_view(client: &mut Client, view: &View) -> Result<View, String> {
    let seen = (view.turn, view.segment, view.seats.clone());
    client
        .view_where(|v| (v.turn, v.segment, v.seats.clone()) != seen)
        .map_err(|e| e.to_string())
}
