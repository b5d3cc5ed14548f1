//! The `hexdeep map` commands.

use std::process::ExitCode;

/// A `hexdeep map` subcommand.
#[derive(clap::Subcommand, Debug)]
pub enum MapCommand {
    /// Check a map file and report every problem.
    Check {
        /// The map file.
        file: std::path::PathBuf,
    },
}

/// Runs a map command and returns the process exit code.
pub fn run(_command: &MapCommand) -> ExitCode {
    eprintln!("hexdeep: map tools are not built yet");
    ExitCode::from(2)
}
