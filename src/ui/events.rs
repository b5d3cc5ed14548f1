//! Where the game loop's input comes from: the terminal and the stop signals in the game, a
//! script in tests. The loop asks an [`EventSource`] and never calls crossterm itself.

use ratatui::crossterm::event::{self, Event, KeyCode, KeyEvent, KeyModifiers};
use std::collections::VecDeque;
use std::io;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// Input for the game loop.
pub trait EventSource {
    /// The next event, waiting at most `wait` for it; `Ok(None)` when none came in time.
    fn next_event(&mut self, wait: Duration) -> io::Result<Option<Event>>;

    /// Whether the game was asked to stop: SIGINT, SIGTERM or SIGHUP.
    fn stop_requested(&self) -> bool;
}

/// The terminal's events, read with crossterm, and a flag the stop signals raise.
pub struct TerminalEvents {
    stop: Arc<AtomicBool>,
}

impl TerminalEvents {
    /// Starts listening for SIGINT, SIGTERM and SIGHUP: from now on they raise the flag the
    /// loop checks, instead of ending the process.
    pub fn new() -> io::Result<TerminalEvents> {
        Ok(TerminalEvents { stop: stop_flag()? })
    }
}

impl EventSource for TerminalEvents {
    fn next_event(&mut self, wait: Duration) -> io::Result<Option<Event>> {
        if event::poll(wait)? {
            event::read().map(Some)
        } else {
            Ok(None)
        }
    }

    fn stop_requested(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }
}

/// A flag raised by SIGINT, SIGTERM or SIGHUP.
fn stop_flag() -> io::Result<Arc<AtomicBool>> {
    let flag = Arc::new(AtomicBool::new(false));
    for signal in [
        signal_hook::consts::SIGINT,
        signal_hook::consts::SIGTERM,
        signal_hook::consts::SIGHUP,
    ] {
        signal_hook::flag::register(signal, Arc::clone(&flag))?;
    }
    Ok(flag)
}

/// One step of a scripted session.
#[derive(Debug)]
pub enum Scripted {
    /// The terminal delivers this event.
    Event(Event),
    /// No event comes within the wait (travel, exploring and rests take a step).
    Idle,
    /// A stop signal arrives (as SIGHUP does when the window closes).
    Signal,
    /// Reading the terminal fails with this error (EIO when the window was closed).
    Fail(io::Error),
}

impl Scripted {
    /// A key press with no modifier.
    pub fn key(code: KeyCode) -> Scripted {
        Scripted::Event(Event::Key(KeyEvent::new(code, KeyModifiers::NONE)))
    }

    /// One key press for each character of `text`.
    pub fn keys(text: &str) -> Vec<Scripted> {
        text.chars()
            .map(|c| Scripted::key(KeyCode::Char(c)))
            .collect()
    }
}

/// Events from a script, for tests: each call takes the next step. A script that runs out
/// hangs up, as a closed terminal would, so a session played from one always ends.
#[derive(Debug, Default)]
pub struct ScriptedEvents {
    steps: VecDeque<Scripted>,
    stopped: bool,
}

impl ScriptedEvents {
    /// A source that plays `steps` in order.
    pub fn new(steps: impl IntoIterator<Item = Scripted>) -> ScriptedEvents {
        ScriptedEvents {
            steps: steps.into_iter().collect(),
            stopped: false,
        }
    }

    /// How many steps were not read.
    pub fn unread(&self) -> usize {
        self.steps.len()
    }
}

impl EventSource for ScriptedEvents {
    fn next_event(&mut self, _wait: Duration) -> io::Result<Option<Event>> {
        match self.steps.pop_front() {
            Some(Scripted::Event(event)) => Ok(Some(event)),
            Some(Scripted::Idle) => Ok(None),
            Some(Scripted::Signal) | None => {
                self.stopped = true;
                Ok(None)
            }
            Some(Scripted::Fail(err)) => Err(err),
        }
    }

    fn stop_requested(&self) -> bool {
        self.stopped
    }
}
