//! The `hexdeep` command line: parse arguments, run one shell, report errors.

use clap::{Parser, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;

/// A roguelike on a hex grid where everyone acts at once.
#[derive(Parser)]
#[command(name = "hexdeep", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Option<Cmd>,
}

#[derive(Subcommand)]
enum Cmd {
    /// Play a game (the default when no command is given).
    Play(hexdeep::ui::PlayArgs),
    /// Resolve one turn of a JSON scenario and print where every unit ends up.
    Sim {
        /// The scenario file.
        file: PathBuf,
    },
    /// Check, render and convert map files.
    #[command(subcommand)]
    Map(hexdeep::mapfile::cli::MapCommand),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli
        .command
        .unwrap_or(Cmd::Play(hexdeep::ui::PlayArgs::default()))
    {
        Cmd::Play(args) => match hexdeep::ui::run(&args) {
            Ok(()) => ExitCode::SUCCESS,
            Err(err) => {
                eprintln!("hexdeep: {err}");
                ExitCode::FAILURE
            }
        },
        Cmd::Sim { file } => run_sim(&file),
        Cmd::Map(command) => hexdeep::mapfile::cli::run(&command),
    }
}

/// `hexdeep sim`: exit 2 on any problem with the scenario.
/// The file must be a regular file of at most [`hexdeep::sim::scenario::MAX_SCENARIO_BYTES`].
fn run_sim(file: &std::path::Path) -> ExitCode {
    let limit = hexdeep::sim::scenario::MAX_SCENARIO_BYTES;
    let text = match hexdeep::files::read_text_limited(file, limit) {
        Ok(text) => text,
        Err(err) => {
            eprintln!("hexdeep: cannot read the scenario: {err}");
            return ExitCode::from(2);
        }
    };
    match hexdeep::sim::scenario::run_json(&text) {
        Ok(output) => {
            hexdeep::output::emit_line(&output);
            ExitCode::SUCCESS
        }
        Err(err) => {
            eprintln!("hexdeep: {}: {err}", file.display());
            ExitCode::from(2)
        }
    }
}
