//! `hexdeep watch HOST:PORT [--game ID] [--name NAME [--password]]`: the `join` client
//! read-only. Without `--game`, the lobby's list, where Enter watches the game chosen; then
//! the game as one hero sees it, Tab or 1 to 4 following another hero, q leaving. What a
//! spectator sees while the game runs is the server's to decide (ARCHITECTURE.md, "The
//! network"): the roster and the public lines, and the heroes' views only to the game's own
//! players (logged in to their accounts) or once the game is over.

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
    /// logged in to their claimed name (with `--password`) sees the heroes' views while it
    /// runs.
    #[arg(long, default_value = crate::net::hello::SPECTATOR)]
    pub name: String,
    /// Ask for the name's password, as `join --password` does (or take `HEXDEEP_PASSWORD`):
    /// needed for a claimed name.
    #[arg(long)]
    pub password: bool,
}

/// Connects, watches until the spectator quits, and gives the terminal back.
pub fn run(args: &WatchArgs) -> Result<(), String> {
    super::join::connect_and_run(&args.server, &args.name, args.password, args.game, true)
}
