//! `hexdeep watch HOST:PORT [--game ID]`: the `join` client read-only. Without `--game`, the
//! lobby's list, where Enter watches the game chosen; then the game as one hero sees it, Tab
//! or 1 to 4 following another hero, q leaving. What a spectator sees while the game runs
//! is the server's to decide (ARCHITECTURE.md, "The network"): the roster and the public
//! lines, and the heroes' views only to the game's own players or once the game is over.

pub mod screen;

/// Options of `hexdeep watch`.
#[derive(clap::Args, Debug, Clone)]
pub struct WatchArgs {
    /// The server, as HOST:PORT.
    pub server: String,
    /// A game to watch at once, skipping the lobby.
    #[arg(long)]
    pub game: Option<u32>,
    /// The name to watch under: 1 to 12 letters, digits, - and _. A player of the game
    /// watching under their own name sees the heroes' views while it runs.
    #[arg(long, default_value = "spectator")]
    pub name: String,
}

/// Connects, watches until the spectator quits, and gives the terminal back.
pub fn run(args: &WatchArgs) -> Result<(), String> {
    super::join::connect_and_run(&args.server, &args.name, false, args.game, true)
}
