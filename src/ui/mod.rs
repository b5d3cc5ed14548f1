//! The terminal shell: input to intent to command, and widgets that draw the world.
//!
//! A key press goes through the [`keymap`] to an [`Intent`](keymap::Intent); the pure
//! [`update`](update::update) turns it into a [`Command`](crate::sim::Command) (or only moves
//! a cursor); the [`Session`](app::Session) applies and records it; [`view`] draws.

pub mod app;
pub mod auto;
pub mod describe;
pub mod keymap;
pub mod palette;
pub mod state;
pub mod terminal;
pub mod update;
pub mod view;

use crate::map::Level;
use crate::sim::World;
use keymap::Keymap;
use std::path::{Path, PathBuf};
use thiserror::Error;

/// Options of `hexdeep play`.
#[derive(clap::Args, Debug, Default, Clone)]
pub struct PlayArgs {
    /// The seed of the dungeon; drawn at random when not given.
    #[arg(long)]
    pub seed: Option<u64>,
    /// A map file (`.hexmap`, `.tmx`, `.tmj`) to play as the next depth; give it several
    /// times for depths 1, 2, …; generated levels fill the rest down to depth 10.
    #[arg(long)]
    pub map: Vec<PathBuf>,
    /// A keymap file to use instead of `data/keymap.toml`.
    #[arg(long)]
    pub keymap: Option<PathBuf>,
}

/// Why a game could not start.
#[derive(Debug, Error)]
pub enum PlayError {
    /// The map file could not be used.
    #[error("{0}")]
    Map(String),
    /// Standard output is not a terminal, so there is nowhere to draw.
    #[error("play needs a terminal to draw in (standard output is redirected)")]
    NotATerminal,
    /// The terminal failed.
    #[error("terminal: {0}")]
    Terminal(#[from] std::io::Error),
}

/// Runs the game in the terminal until the player quits.
pub fn run(args: &PlayArgs) -> Result<(), PlayError> {
    use std::io::IsTerminal;
    let seed = args
        .seed
        .unwrap_or_else(|| rand::random_range(0..1_000_000_000));
    crate::sim::check_bundled().map_err(|e| PlayError::Map(e.to_string()))?;
    let (levels, warnings) = load_levels(args)?;
    let world = World::new_game(seed, levels)
        .ok_or_else(|| PlayError::Map("the first map has no tile to stand on".to_string()))?;
    if !std::io::stdout().is_terminal() {
        return Err(PlayError::NotATerminal);
    }
    let (keymap, keymap_note) = load_keymap(args.keymap.as_deref());
    let mut session = app::Session {
        world,
        ui: state::UiState::default(),
        keymap,
        palette: palette::Palette::detect(),
        record: Vec::new(),
    };
    for note in warnings.into_iter().chain(keymap_note) {
        session.ui.log.push(note);
    }
    session.ui.log.push(format!(
        "Welcome to hexdeep. {}. Press ? for help.",
        session.world.level().name
    ));
    app::play(session)?;
    Ok(())
}

/// The maps given with `--map`, in order, and any warnings about them.
fn load_levels(args: &PlayArgs) -> Result<(Vec<Level>, Vec<String>), PlayError> {
    let mut levels = Vec::new();
    let mut warnings = Vec::new();
    for path in &args.map {
        let loaded = crate::mapfile::load_map(path).map_err(|e| PlayError::Map(e.to_string()))?;
        warnings.extend(loaded.warnings.iter().map(ToString::to_string));
        levels.push(loaded.level);
    }
    Ok((levels, warnings))
}

/// The keymap to use and, when the player's file was broken, a note saying so.
pub fn load_keymap(explicit: Option<&Path>) -> (Keymap, Option<String>) {
    let default_path = Path::new("data/keymap.toml");
    let path = explicit.unwrap_or(default_path);
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(err) if explicit.is_some() => {
            let note = format!(
                "Cannot read {}: {err}; using the default keys.",
                path.display()
            );
            return (Keymap::default_keys(), Some(note));
        }
        Err(_) => return (Keymap::default_keys(), None),
    };
    match Keymap::parse(&text) {
        Ok(map) => (map, None),
        Err(err) => {
            let note = format!("{}:{err}; using the default keys.", path.display());
            (Keymap::default_keys(), Some(note))
        }
    }
}
