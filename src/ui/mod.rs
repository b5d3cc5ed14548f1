//! The terminal shell: input to intent to command, and widgets that draw the world.

use std::path::PathBuf;

/// Options of `hexdeep play`.
#[derive(clap::Args, Debug, Default, Clone)]
pub struct PlayArgs {
    /// The seed of the dungeon; drawn at random when not given.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Play a map file (`.hexmap`, `.tmx`, `.tmj`) instead of a generated level.
    #[arg(long)]
    pub map: Option<PathBuf>,
}

/// Runs the game in the terminal until the player quits.
pub fn run(_args: &PlayArgs) -> std::io::Result<()> {
    Ok(())
}
