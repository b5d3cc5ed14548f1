//! The screens' loop that `join` and an ssh session share: the lobby, the game and the
//! spectator's screen drawn on a [`Terminal`], the server's messages taken between keys, one
//! key at a time. Where the screen is drawn and the keys come from is the terminal's
//! business; every screen and rule (a key acts once, whatever the lag) is the same.

use crate::net::client::Client;
use crate::net::join::lobby::LobbyScreen;
use crate::net::join::screen::GameScreen;
use crate::net::message::{ClientMessage, ServerMessage};
use crate::net::watch::screen::WatchScreen;
use ratatui::Frame;
use ratatui::crossterm::event::KeyEvent;
use std::sync::mpsc::Receiver;
use std::time::{Duration, Instant};

/// How long the screen waits for a key before it looks at the server's messages again.
pub const POLL: Duration = Duration::from_millis(100);

/// How long the client stays silent at most: a player waiting on the others sends a ping
/// now and then, so the server does not close the connection as idle.
const KEEPALIVE: Duration = Duration::from_secs(60);

/// Where the screens are drawn and the keys read: the local terminal (`join`) or an ssh
/// channel.
pub trait Terminal {
    /// Draws one frame.
    fn draw(&mut self, draw: &mut dyn FnMut(&mut Frame)) -> Result<(), String>;

    /// The next key pressed, waiting at most `wait` for it; `Ok(None)` when none came.
    fn next_key(&mut self, wait: Duration) -> Result<Option<KeyEvent>, String>;

    /// Whether the player's session was asked to stop from outside (a signal).
    fn stop_requested(&self) -> bool;
}

/// The screen shown.
enum Screen {
    Lobby(LobbyScreen),
    Game(Box<GameScreen>),
    Watch(Box<WatchScreen>),
}

/// The screens' loop: draw, take the server's messages, take one key; until the player
/// quits, a stop is asked for, or the terminal or the connection fails.
pub fn play(
    client: &mut Client,
    inbox: &Receiver<Result<ServerMessage, String>>,
    make: &impl Fn(crate::net::View) -> Result<GameScreen, String>,
    lobby: LobbyScreen,
    terminal: &mut impl Terminal,
) -> Result<(), String> {
    let mut screen = Screen::Lobby(lobby);
    let mut spoke = Instant::now();
    loop {
        terminal.draw(&mut |frame| draw(&mut screen, frame))?;
        let mut answers = take_messages(inbox, &mut screen, make)?;
        if spoke.elapsed() >= KEEPALIVE {
            answers.push(ClientMessage::Ping(0));
        }
        if !answers.is_empty() {
            spoke = Instant::now();
        }
        send_all(client, &answers)?;
        if terminal.stop_requested() {
            let _ = client.tell(&ClientMessage::Leave);
            return Ok(());
        }
        let Some(key) = terminal.next_key(POLL)? else {
            continue;
        };
        let (out, quit) = match &mut screen {
            Screen::Lobby(lobby) => (lobby.key(key), lobby.quit),
            Screen::Game(game) => (game.key(key), game.left),
            Screen::Watch(watch) => (watch.key(key), watch.left),
        };
        if !out.is_empty() {
            spoke = Instant::now();
        }
        send_all(client, &out)?;
        if quit {
            return Ok(());
        }
    }
}

/// Draws the screen shown.
fn draw(screen: &mut Screen, frame: &mut Frame) {
    match screen {
        Screen::Lobby(lobby) => lobby.draw(frame),
        Screen::Game(game) => {
            game.tick();
            game.session.draw(frame);
        }
        Screen::Watch(watch) => {
            watch.game.tick();
            watch.game.session.draw(frame);
        }
    }
}

/// Sends `messages` in order.
pub fn send_all(client: &mut Client, messages: &[ClientMessage]) -> Result<(), String> {
    for message in messages {
        client.tell(message).map_err(|e| e.to_string())?;
    }
    Ok(())
}

/// Takes every message the server sent since the last look: what to answer.
fn take_messages(
    inbox: &Receiver<Result<ServerMessage, String>>,
    screen: &mut Screen,
    make: &impl Fn(crate::net::View) -> Result<GameScreen, String>,
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
