//! `hexdeep bot`: runs many bot games headless and prints their summary; the shell around
//! [`crate::bot`] (threads' count, the clock for speed, the progress bar, replay files).

use crate::bot::{Played, RunConfig, Summary, run};
use crate::content::Content;
use crate::geom::Tiling;
use crate::persist::{SavedGame, write_finished};
use clap::Args;
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// The turn limit of a bot game when none is given.
pub const DEFAULT_TURNS: u64 = 20_000;

/// The arguments of `hexdeep bot`.
#[derive(Args, Clone, Debug)]
pub struct BotArgs {
    /// How many games to play.
    #[arg(long, default_value_t = 100)]
    pub games: usize,
    /// The run's seed: game i plays a seed mixed from it and i.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// End a game that lasts longer than this many turns as out of time.
    #[arg(long, default_value_t = DEFAULT_TURNS)]
    pub turns: u64,
    /// Threads to play on (default: every core).
    #[arg(long)]
    pub jobs: Option<usize>,
    /// Write each finished game there as a replay (`hexdeep replay FILE`).
    #[arg(long, value_name = "DIR")]
    pub replays: Option<PathBuf>,
    /// Print the summary as one JSON object.
    #[arg(long)]
    pub json: bool,
    /// The tiling of the dungeons: hex, square or triangle.
    #[arg(long, default_value_t = Tiling::Hex)]
    pub grid: Tiling,
    /// How many heroes each game's party has (1 to 4), each played by the bot.
    #[arg(long, default_value_t = 1)]
    pub players: usize,
}

/// The most heroes a party of the bot's has.
pub const MAX_PLAYERS: usize = 4;

/// Runs the games and returns the summary to print, or why it could not.
pub fn run_bot(args: &BotArgs) -> Result<String, String> {
    let content = Arc::new(Content::bundled().map_err(|e| e.to_string())?);
    let config = config(args, content)?;
    if let Some(dir) = &args.replays {
        prepare_folder(dir)?;
    }
    let finished = AtomicUsize::new(0);
    let problem: Mutex<Option<String>> = Mutex::new(None);
    let progress = std::io::stderr().is_terminal();
    let done = |i: usize, played: &Played| {
        if let Some(dir) = &args.replays
            && let Err(e) = write_replay(dir, i, played)
        {
            let mut first = problem
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            first.get_or_insert(e);
        }
        let n = finished.fetch_add(1, Ordering::Relaxed) + 1;
        if progress {
            draw_progress(n, config.games);
        }
    };
    let start = Instant::now();
    let outcomes = run(&config, &done);
    let seconds = start.elapsed().as_secs_f64();
    if progress {
        eprint!("\r{:60}\r", "");
    }
    if let Some(e) = problem
        .into_inner()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
    {
        return Err(e);
    }
    let summary = Summary::of(config.players, &outcomes, seconds);
    Ok(if args.json {
        format!("{}\n", summary.to_json())
    } else {
        summary.to_text()
    })
}

/// The run's settings, or why the arguments make no sense.
fn config(args: &BotArgs, content: Arc<Content>) -> Result<RunConfig, String> {
    if args.games == 0 {
        return Err("--games must be at least 1".to_string());
    }
    if args.turns == 0 {
        return Err("--turns must be at least 1".to_string());
    }
    if !(1..=MAX_PLAYERS).contains(&args.players) {
        return Err(format!(
            "--players must be from 1 to {MAX_PLAYERS} (it was {})",
            args.players
        ));
    }
    let jobs = match args.jobs {
        Some(0) => return Err("--jobs must be at least 1".to_string()),
        Some(j) => j,
        None => std::thread::available_parallelism().map_or(1, std::num::NonZero::get),
    };
    Ok(RunConfig {
        tiling: args.grid,
        games: args.games,
        seed: args.seed,
        turns: args.turns,
        players: args.players,
        jobs,
        records: args.replays.is_some(),
        content,
    })
}

/// Makes sure `dir` is a folder that can take the replays.
fn prepare_folder(dir: &Path) -> Result<(), String> {
    if dir.exists() && !dir.is_dir() {
        return Err(format!(
            "{}: --replays needs a folder, and this is a file",
            dir.display()
        ));
    }
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))
}

/// Writes game `i` as a finished game in `dir`: `bot-0007-SEED.hdsave`.
fn write_replay(dir: &Path, i: usize, played: &Played) -> Result<(), String> {
    let Some(record) = &played.record else {
        return Ok(());
    };
    let name = format!("bot-{i:04}-{}", played.seed);
    let game = SavedGame {
        name: name.clone(),
        record: record.clone(),
        current: played.world.clone(),
        log: vec![played.ending().describe()],
    };
    let path = dir.join(format!("{name}.hdsave"));
    write_finished(&path, &game).map_err(|e| e.to_string())
}

/// A progress bar on stderr: `[#####     ] 37/200`.
fn draw_progress(done: usize, games: usize) {
    const WIDTH: usize = 30;
    let filled = done * WIDTH / games.max(1);
    let mut err = std::io::stderr().lock();
    let _ = write!(
        err,
        "\r[{}{}] {done}/{games}",
        "#".repeat(filled),
        " ".repeat(WIDTH - filled)
    );
    let _ = err.flush();
}
