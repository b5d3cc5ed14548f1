//! `hexdeep join HOST:PORT --name NAME [--game ID]`: the terminal client. A lobby screen
//! ([`lobby`]) lists the server's games; joining one shows the `play` screen on the views the
//! server sends ([`screen`]). A thread reads the server's messages, so the screen never
//! waits on the network; the terminal is given back on quit, on error and on panic.

pub mod lobby;
pub mod password;
pub mod play;
pub mod screen;

use super::client::{Client, ClientError};
use super::message::{ClientMessage, GameId, ServerMessage};
use crate::ui::events::{EventSource, TerminalEvents};
use crate::ui::terminal::TerminalGuard;
use lobby::LobbyScreen;
use play::send_all;
use ratatui::crossterm::event::{Event, KeyEvent, KeyEventKind};
use screen::GameScreen;
use std::sync::Arc;
use std::sync::mpsc::{self, Receiver};
use std::time::Duration;

/// Options of `hexdeep join`.
#[derive(clap::Args, Debug, Clone)]
pub struct JoinArgs {
    /// The server, as HOST:PORT.
    pub server: String,
    /// The name to play under: 1 to 12 letters, digits, - and _ (the same name takes its
    /// hero back after a lost connection).
    #[arg(long)]
    pub name: String,
    /// A game to join at once, skipping the lobby.
    #[arg(long)]
    pub game: Option<u32>,
    /// Ask for the name's password (not shown as it is typed; `HEXDEEP_PASSWORD` gives it
    /// instead): the first use of a name claims it with that password, later uses must give
    /// it. Without it the name is played unclaimed, and refused once somebody claimed it.
    #[arg(long)]
    pub password: bool,
}

/// Connects, plays until the player quits, and gives the terminal back.
pub fn run(args: &JoinArgs) -> Result<(), String> {
    connect_and_run(&args.server, &args.name, args.password, args.game, false)
}

/// Connects to `server` as `name` (with the password asked for when `ask_password`), shows
/// the lobby (or goes to game `game` at once) and plays, or watches as a spectator
/// (`spectator`: `hexdeep watch`), until the player quits; gives the terminal back.
pub fn connect_and_run(
    server: &str,
    name: &str,
    ask_password: bool,
    game: Option<u32>,
    spectator: bool,
) -> Result<(), String> {
    let command = if spectator { "watch" } else { "join" };
    if !std::io::IsTerminal::is_terminal(&std::io::stdout()) {
        return Err(format!(
            "{command} needs a terminal to draw in (standard output is redirected)"
        ));
    }
    let password = if ask_password {
        password::ask(name)?
    } else {
        String::new()
    };
    let mut client =
        Client::login(server, name, &password).map_err(|e| connect_error(command, server, &e))?;
    let content = Arc::new(crate::content::Content::bundled().map_err(|e| e.to_string())?);
    let places = crate::persist::Places::from_environment(None);
    let keymap = crate::ui::start::keymap_for(&places);
    let palette = crate::ui::palette::Palette::detect();
    let inbox = read_in_background(&client)?;
    let mut first = vec![ClientMessage::List];
    first.extend(game.map(|id| {
        if spectator {
            ClientMessage::Watch(GameId(id))
        } else {
            ClientMessage::Join(GameId(id))
        }
    }));
    send_all(&mut client, &first)?;
    let mut events = TerminalEvents::new().map_err(|e| e.to_string())?;
    let mut guard = TerminalGuard::enter().map_err(|e| e.to_string())?;
    let clock: Arc<dyn crate::ui::clock::Clock> = Arc::new(crate::ui::clock::SystemClock::new());
    let make = |view| {
        let clock = Arc::clone(&clock);
        GameScreen::new(view, keymap.clone(), palette, Arc::clone(&content), clock)
    };
    let lobby = LobbyScreen {
        spectator,
        ..LobbyScreen::default()
    };
    let mut local = Local {
        guard: &mut guard,
        events: &mut events,
    };
    let ended = play::play(&mut client, &inbox, &make, lobby, &mut local);
    drop(guard);
    client.close();
    ended
}

/// The local terminal: ratatui's on standard output, crossterm's keys, the stop signals.
struct Local<'a> {
    guard: &'a mut TerminalGuard,
    events: &'a mut TerminalEvents,
}

impl play::Terminal for Local<'_> {
    fn draw(&mut self, draw: &mut dyn FnMut(&mut ratatui::Frame)) -> Result<(), String> {
        self.guard
            .terminal()
            .draw(|frame| draw(frame))
            .map(|_| ())
            .map_err(|e| e.to_string())
    }

    fn next_key(&mut self, wait: Duration) -> Result<Option<KeyEvent>, String> {
        match self.events.next_event(wait).map_err(|e| e.to_string())? {
            Some(Event::Key(key)) if key.kind == KeyEventKind::Press => Ok(Some(key)),
            _ => Ok(None),
        }
    }

    fn stop_requested(&self) -> bool {
        self.events.stop_requested()
    }
}

/// Starts a thread reading the server's messages into a channel; an error ends it.
pub fn read_in_background(
    client: &Client,
) -> Result<Receiver<Result<ServerMessage, String>>, String> {
    let mut reader = client.try_clone().map_err(|e| e.to_string())?;
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        loop {
            let got = reader.receive().map_err(|e| e.to_string());
            let failed = got.is_err();
            if tx.send(got).is_err() || failed {
                return;
            }
        }
    });
    Ok(rx)
}

/// What a failed connection says: the server's refusal as it gave it, else where the client
/// tried to connect.
fn connect_error(command: &str, server: &str, error: &ClientError) -> String {
    match error {
        ClientError::Refused(_) => error.to_string(),
        _ => format!(
            "cannot {command} {}: {error}",
            crate::text::escape_controls(server)
        ),
    }
}
