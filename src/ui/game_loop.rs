//! The game loop: draw, read one event, turn it into a command, apply it, repeat; then save.
//!
//! The loop is given its screen (a ratatui backend) and its input (an [`EventSource`]), so the
//! same loop runs in the terminal and in tests (`TestBackend` and a script). It saves a game
//! still in progress before it returns, and never touches the terminal's modes: the caller
//! gives the terminal back afterwards, so a window closed mid-game is saved before anything
//! tries to write to it again.

use super::app::Session;
use super::auto;
use super::events::{EventSource, TerminalEvents};
use super::keymap::Intent;
use super::state::Auto;
use super::terminal::{TerminalGuard, is_hang_up};
use super::view::Areas;
use ratatui::Terminal;
use ratatui::backend::Backend;
use ratatui::crossterm::event::{Event, KeyEvent, KeyEventKind};
use std::io;
use std::time::Duration;

/// How long a travel or explore step waits for a key that interrupts it.
const AUTO_STEP_DELAY: Duration = Duration::from_millis(35);

/// How long a rest step waits for a key that interrupts it.
const REST_STEP_DELAY: Duration = Duration::from_millis(8);

/// How long the loop waits for input before checking for signals.
const IDLE_POLL: Duration = Duration::from_millis(200);

/// How a session ended: why the loop stopped, and whether the game is safe on disk.
#[derive(Debug)]
pub struct Ending {
    /// Why the loop stopped.
    pub end: LoopEnd,
    /// Whether the game was saved, or had nothing to save (no file, or the game is over).
    pub saved: bool,
}

/// Why the loop ended.
#[derive(Debug)]
pub enum LoopEnd {
    /// The player left: `S`, `Q y`, Ctrl-C, or `Q` after the end.
    Quit,
    /// A signal asked the game to stop (SIGINT, SIGTERM, SIGHUP).
    Stopped,
    /// The terminal is gone: drawing or reading failed as a closed window fails
    /// ([`is_hang_up`]).
    HungUp(io::Error),
    /// The terminal failed some other way.
    Failed(io::Error),
}

impl LoopEnd {
    /// The end a terminal error makes.
    fn from_error(err: io::Error) -> LoopEnd {
        if is_hang_up(&err) {
            LoopEnd::HungUp(err)
        } else {
            LoopEnd::Failed(err)
        }
    }
}

/// Plays in the terminal until the player quits, a signal arrives or the terminal goes away;
/// a game still in progress is saved first, then the terminal is given back (errors ignored).
/// Returns the last messages, for the shell to print; only a terminal failure other than a
/// hang-up is an error.
pub fn play(mut session: Session) -> io::Result<Vec<String>> {
    let mut events = TerminalEvents::new()?;
    let mut guard = TerminalGuard::enter()?;
    let ending = run(&mut session, guard.terminal(), &mut events);
    drop(guard);
    if !ending.saved {
        crate::output::warn_line("hexdeep: the game could not be saved");
    }
    let tail: Vec<String> = session.ui.log.lines().rev().take(3).collect();
    match ending.end {
        LoopEnd::Failed(err) => Err(err),
        LoopEnd::Quit | LoopEnd::Stopped | LoopEnd::HungUp(_) => {
            Ok(tail.into_iter().rev().collect())
        }
    }
}

/// Plays `session` on `terminal` with input from `events` until it ends, then saves a game
/// still in progress (a failed save is also told in the log). Never panics on a terminal
/// error.
pub fn run<B>(
    session: &mut Session,
    terminal: &mut Terminal<B>,
    events: &mut impl EventSource,
) -> Ending
where
    B: Backend,
    B::Error: Send + Sync + 'static,
{
    let end = play_until_it_ends(session, terminal, events);
    let saved = session.save_unless_saved();
    Ending { end, saved }
}

fn play_until_it_ends<B>(
    session: &mut Session,
    terminal: &mut Terminal<B>,
    events: &mut impl EventSource,
) -> LoopEnd
where
    B: Backend,
    B::Error: Send + Sync + 'static,
{
    loop {
        if session.ui.quit {
            return LoopEnd::Quit;
        }
        if events.stop_requested() {
            return LoopEnd::Stopped;
        }
        // A deadline that passed hands the turn on before the screen is drawn.
        session.check_clock();
        let mut parts = None;
        if let Err(err) = terminal.draw(|frame| parts = session.draw(frame)) {
            return LoopEnd::from_error(into_io(err));
        }
        // In a hotseat game travel, exploring and rest are standing orders, which run the
        // segments nobody is asked for.
        let orders = session.orders_running();
        let automatic = (session.ui.auto.is_some() || orders) && !session.ui.too_small;
        let wait = match session.ui.auto {
            _ if !automatic => IDLE_POLL,
            Some(Auto::Rest) => REST_STEP_DELAY,
            _ => AUTO_STEP_DELAY,
        };
        // Wake no later than the running clock's deadline, to notice it pass.
        let wait = session.time_left().map_or(wait, |left| wait.min(left));
        match events.next_event(wait) {
            Ok(Some(event)) => handle(session, &event, automatic, parts),
            Ok(None) if orders && automatic => session.run_orders(),
            Ok(None) => {
                if automatic
                    && let Some(command) = auto::next_command(&mut session.ui, &session.world)
                {
                    session.perform(command);
                }
            }
            Err(err) if err.kind() == io::ErrorKind::Interrupted => {}
            Err(err) => return LoopEnd::from_error(err),
        }
    }
}

/// One event: a key press stops travel, exploring or a rest, or goes to the session; a click
/// on the map or the sidebar goes to the session.
fn handle(session: &mut Session, event: &Event, automatic: bool, parts: Option<Areas>) {
    match event {
        Event::Key(key) if key.kind == KeyEventKind::Press => {
            if automatic {
                interrupt(session, key);
            } else {
                session.key(*key);
            }
        }
        Event::Mouse(mouse) => {
            if let Some(parts) = parts {
                session.click(*mouse, parts.map);
                session.click_sidebar(*mouse, parts.sidebar);
            }
        }
        _ => {}
    }
}

/// A key pressed during travel, exploring or a rest stops it, saying so; the key that started
/// it goes on with it instead (a held `o` explores on, where it used to stop and start again
/// at every repeat).
fn interrupt(session: &mut Session, key: &KeyEvent) {
    if session.is_hotseat() {
        session.stop_orders();
        return;
    }
    let again = match session.ui.auto {
        Some(Auto::Explore { .. }) => Intent::Explore,
        Some(Auto::Rest) => Intent::Rest,
        _ => Intent::Travel,
    };
    if session.keymap.intent(key) == Some(again) && again != Intent::Travel {
        return;
    }
    session.ui.auto = None;
    session.ui.log.push("You stop: you pressed a key.");
}

/// A backend's error as an I/O error, keeping its kind and OS code when it is one.
fn into_io<E: std::error::Error + Send + Sync + 'static>(err: E) -> io::Error {
    let boxed: Box<dyn std::error::Error + Send + Sync> = Box::new(err);
    match boxed.downcast::<io::Error>() {
        Ok(io) => *io,
        Err(other) => io::Error::other(other),
    }
}
