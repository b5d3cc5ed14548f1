//! `hexdeep join HOST:PORT --name NAME [--game ID]`: the terminal client. A lobby screen
//! ([`lobby`]) lists the server's games; joining one shows the `play` screen on the views the
//! server sends ([`screen`]). A thread reads the server's messages, so the screen never
//! waits on the network; the terminal is given back on quit, on error and on panic.

pub mod lobby;
pub mod password;
pub mod screen;

use super::client::{Client, ClientError};
use super::message::{ClientMessage, GameId, ServerMessage};
use super::watch::screen::WatchScreen;
use crate::ui::events::{EventSource, TerminalEvents};
use crate::ui::terminal::TerminalGuard;
use lobby::LobbyScreen;
use ratatui::crossterm::event::{Event, KeyEventKind};
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

/// How long the screen waits for a key before it looks at the server's messages again.
const POLL: Duration = Duration::from_millis(100);

/// How long the client stays silent at most: a player waiting on the others sends a ping
/// now and then, so the server does not close the connection as idle.
const KEEPALIVE: Duration = Duration::from_secs(60);

/// The screen shown.
enum Screen {
    Lobby(LobbyScreen),
    Game(Box<GameScreen>),
    Watch(Box<WatchScreen>),
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
    let ended = play(&mut client, &inbox, &make, lobby, &mut guard, &mut events);
    drop(guard);
    client.close();
    ended
}

/// The screens' loop: draw, take the server's messages, take one key; until the player
/// quits, a signal arrives, or the terminal or the connection fails.
fn play(
    client: &mut Client,
    inbox: &Receiver<Result<ServerMessage, String>>,
    make: &impl Fn(super::View) -> Result<GameScreen, String>,
    lobby: LobbyScreen,
    guard: &mut TerminalGuard,
    events: &mut TerminalEvents,
) -> Result<(), String> {
    let mut screen = Screen::Lobby(lobby);
    let mut spoke = std::time::Instant::now();
    loop {
        guard
            .terminal()
            .draw(|frame| match &mut screen {
                Screen::Lobby(lobby) => lobby.draw(frame),
                Screen::Game(game) => {
                    game.tick();
                    game.session.draw(frame);
                }
                Screen::Watch(watch) => {
                    watch.game.tick();
                    watch.game.session.draw(frame);
                }
            })
            .map_err(|e| e.to_string())?;
        let mut answers = take_messages(inbox, &mut screen, make)?;
        if spoke.elapsed() >= KEEPALIVE {
            answers.push(ClientMessage::Ping(0));
        }
        if !answers.is_empty() {
            spoke = std::time::Instant::now();
        }
        send_all(client, &answers)?;
        if events.stop_requested() {
            let _ = client.tell(&ClientMessage::Leave);
            return Ok(());
        }
        let Some(Event::Key(key)) = events.next_event(POLL).map_err(|e| e.to_string())? else {
            continue;
        };
        if key.kind != KeyEventKind::Press {
            continue;
        }
        let (out, quit) = match &mut screen {
            Screen::Lobby(lobby) => (lobby.key(key), lobby.quit),
            Screen::Game(game) => (game.key(key), game.left),
            Screen::Watch(watch) => (watch.key(key), watch.left),
        };
        if !out.is_empty() {
            spoke = std::time::Instant::now();
        }
        send_all(client, &out)?;
        if quit {
            return Ok(());
        }
    }
}

/// Sends `messages` in order.
fn send_all(client: &mut Client, messages: &[ClientMessage]) -> Result<(), String> {
    for message in messages {
        client.tell(message).map_err(|e| e.to_string())?;
    }
    Ok(())
}

/// Takes every message the server sent since the last look: what to answer.
fn take_messages(
    inbox: &Receiver<Result<ServerMessage, String>>,
    screen: &mut Screen,
    make: &impl Fn(super::View) -> Result<GameScreen, String>,
) -> Result<Vec<ClientMessage>, String> {
    let mut answers = Vec::new();
    while let Ok(message) = inbox.try_recv() {
        match (message?, &mut *screen) {
            (ServerMessage::Games(games), Screen::Lobby(lobby)) => lobby.listed(games),
            (ServerMessage::Update(view), Screen::Game(game)) => game.update(*view)?,
            (ServerMessage::Update(view), Screen::Lobby(lobby)) => {
                *screen = match lobby.watching {
                    Some(seat) => Screen::Watch(Box::new(WatchScreen::new(make(*view)?, seat))),
                    None => Screen::Game(Box::new(make(*view)?)),
                };
            }
            (ServerMessage::Update(view), Screen::Watch(watch)) => {
                if watch.game.view().hero == view.hero {
                    watch.game.update(*view)?;
                } else {
                    // Another hero's view: its own lines, numbered anew.
                    let seat = watch.seat;
                    *screen = Screen::Watch(Box::new(WatchScreen::new(make(*view)?, seat)));
                }
            }
            (ServerMessage::Watching { seat, .. }, Screen::Lobby(lobby)) => {
                lobby.watching = Some(usize::from(seat));
            }
            (ServerMessage::Denied(why), Screen::Game(game)) => game.denied(&why),
            (ServerMessage::Denied(why), Screen::Watch(watch)) => watch.game.denied(&why),
            (ServerMessage::Denied(why), Screen::Lobby(lobby)) => {
                lobby.note = crate::text::escape_controls(&why);
            }
            (ServerMessage::Created(id), Screen::Lobby(lobby)) => {
                lobby.note = format!("Joining game {id}…");
                answers.push(ClientMessage::Join(id));
            }
            _ => {}
        }
    }
    Ok(answers)
}

/// Starts a thread reading the server's messages into a channel; an error ends it.
fn read_in_background(client: &Client) -> Result<Receiver<Result<ServerMessage, String>>, String> {
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
