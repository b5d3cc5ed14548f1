//! The `hexdeep` command line: parse arguments, run one shell, report errors.

use clap::{Parser, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;

/// A roguelike on a hex grid where everyone acts at once.
#[derive(Parser)]
#[command(name = "hexdeep", version, about)]
#[command(after_help = hexdeep::persist::FILES_HELP)]
struct Cli {
    /// Where saves, finished games, character dumps and the hall of fame go.
    #[arg(long, global = true, value_name = "DIR")]
    saves: Option<PathBuf>,
    #[command(subcommand)]
    command: Option<Cmd>,
}

#[derive(Subcommand)]
enum Cmd {
    /// Play a game (the default when no command is given).
    Play(hexdeep::ui::PlayArgs),
    /// Resolve the turns of a JSON scenario and print where every unit ends up.
    Sim {
        /// The scenario file.
        file: PathBuf,
    },
    /// Check, render and convert map files.
    #[command(subcommand)]
    Map(hexdeep::mapfile::cli::MapCommand),
    /// Watch a saved or finished game from its first turn, verify it, or export it.
    Replay(hexdeep::ui::watch::ReplayArgs),
    /// Show the hall of fame: the ten best runs.
    Scores,
    /// Let the bot play many games headless and summarise them.
    Bot(hexdeep::botcli::BotArgs),
    /// Host games for players on the network until SIGINT or SIGTERM.
    Serve(hexdeep::net::serve::ServeArgs),
    /// Play on a server: a lobby of its games, then the game.
    Join(hexdeep::net::join::JoinArgs),
    /// Watch a game on a server as a spectator: a lobby of its games, then the game.
    Watch(hexdeep::net::watch::WatchArgs),
    /// Go on with a saved game: FILE, or the newest save.
    Continue {
        /// A `.hdsave` file (or its `.bak`).
        file: Option<PathBuf>,
    },
}

fn main() -> ExitCode {
    survive_file_size_limits();
    let cli = Cli::parse();
    let saves = cli.saves.clone();
    let Some(command) = cli.command else {
        // Bare `hexdeep`: the menu when a save is present, else a new game.
        let start = hexdeep::ui::start::start(&hexdeep::ui::PlayArgs::default(), saves);
        return report(start.map(|()| true).map_err(|e| e.to_string()));
    };
    match command {
        Cmd::Play(args) => report(
            hexdeep::ui::run(&args, saves)
                .map(|()| true)
                .map_err(|e| e.to_string()),
        ),
        Cmd::Sim { file } => run_sim(&file),
        Cmd::Map(command) => hexdeep::mapfile::cli::run(&command),
        Cmd::Replay(args) => report(hexdeep::ui::start::replay_command(&args, saves)),
        Cmd::Bot(args) => report(hexdeep::botcli::run_bot(&args).map(|summary| {
            hexdeep::output::emit(&summary);
            true
        })),
        Cmd::Serve(args) => report(hexdeep::net::serve::run(&args, saves).map(|()| true)),
        Cmd::Join(args) => report(hexdeep::net::join::run(&args).map(|()| true)),
        Cmd::Watch(args) => report(hexdeep::net::watch::run(&args).map(|()| true)),
        Cmd::Scores => report(hexdeep::ui::start::scores_command(saves)),
        Cmd::Continue { file } => {
            let places = hexdeep::persist::Places::from_environment(saves);
            report(
                hexdeep::ui::start::continue_game(file, &places)
                    .map(|()| true)
                    .map_err(|e| e.to_string()),
            )
        }
    }
}

/// Past a file-size limit (`ulimit -f`) a write fails with an error instead of SIGXFSZ ending
/// the process, for every file written (a save, a cast, a converted map): the temporary file
/// of the write is removed and the error told.
fn survive_file_size_limits() {
    #[cfg(unix)]
    let _ = signal_hook::flag::register(
        signal_hook::consts::SIGXFSZ,
        std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false)),
    );
}

/// Exit 0 on success, 1 with the message otherwise.
fn report(result: Result<bool, String>) -> ExitCode {
    match result {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(err) => {
            hexdeep::output::warn_line(&format!("hexdeep: {err}"));
            ExitCode::FAILURE
        }
    }
}

/// `hexdeep sim`: exit 2 on any problem with the scenario.
/// The file must be a regular file of at most [`hexdeep::sim::scenario::MAX_SCENARIO_BYTES`].
fn run_sim(file: &std::path::Path) -> ExitCode {
    let limit = hexdeep::sim::scenario::MAX_SCENARIO_BYTES;
    let text = match hexdeep::files::read_text_limited(file, limit) {
        Ok(text) => text,
        Err(err) => {
            hexdeep::output::warn_line(&format!("hexdeep: cannot read the scenario: {err}"));
            return ExitCode::from(2);
        }
    };
    match hexdeep::sim::scenario::run_json(&text) {
        Ok(output) => {
            hexdeep::output::emit_line(&output);
            ExitCode::SUCCESS
        }
        Err(err) => {
            hexdeep::output::warn_line(&format!("hexdeep: {}: {err}", file.display()));
            ExitCode::from(2)
        }
    }
}
