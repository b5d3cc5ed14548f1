//! The game loop: draw, read one event, turn it into a command, apply it, repeat.

use super::auto;
use super::describe::{describe, sentence};
use super::keymap::Keymap;
use super::palette::Palette;
use super::state::{Mode, UiState};
use super::terminal::{TerminalGuard, stop_flag, stopped};
use super::update::{confirm_quit, start_travel, update};
use super::view::{self, Context};
use crate::sim::{Command, World};
use ratatui::crossterm::event::{
    self, Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEvent,
    MouseEventKind,
};
use std::time::Duration;

/// How long a travel or explore step waits for a key that interrupts it.
const AUTO_STEP_DELAY: Duration = Duration::from_millis(35);

/// How long the loop waits for input before checking for signals.
const IDLE_POLL: Duration = Duration::from_millis(200);

/// A game being played: the world, the shell state and the record of accepted commands.
pub struct Session {
    /// The world.
    pub world: World,
    /// The shell state.
    pub ui: UiState,
    /// Keys.
    pub keymap: Keymap,
    /// Colours.
    pub palette: Palette,
    /// Every accepted command, in order: the game's record.
    pub record: Vec<Command>,
}

impl Session {
    /// Applies a command to the world; the only place commands are recorded.
    pub fn perform(&mut self, command: Command) {
        self.ui.log.mark_read();
        match self.world.apply(command) {
            Ok(events) => {
                self.record.push(command);
                for line in crate::sim::messages(&events, &self.world) {
                    self.ui.log.push(sentence(&line));
                }
                if self.world.is_over() {
                    self.ui.auto = None;
                    self.ui.log.push("You die... Press Q to quit.");
                }
            }
            Err(rejection) => {
                self.ui.auto = None;
                self.ui.log.push(sentence(&rejection.to_string()));
            }
        }
    }

    /// Handles one key press.
    pub fn key(&mut self, key: KeyEvent) {
        if key.modifiers.contains(KeyModifiers::CONTROL) && key.code == KeyCode::Char('c') {
            self.ui.quit = true;
            return;
        }
        if self.ui.mode == Mode::ConfirmQuit {
            confirm_quit(&mut self.ui, matches!(key.code, KeyCode::Char('y' | 'Y')));
            return;
        }
        let Some(intent) = self.keymap.intent(&key) else {
            if self.ui.mode != Mode::Normal {
                self.ui.mode = Mode::Normal;
            }
            return;
        };
        if let Some(command) = update(&mut self.ui, &self.world, intent) {
            self.perform(command);
        }
    }

    /// Handles a mouse click on the map: describe the tile, or travel there when picking.
    pub fn click(&mut self, mouse: MouseEvent, map_area: ratatui::layout::Rect) {
        if mouse.kind != MouseEventKind::Down(MouseButton::Left) {
            return;
        }
        let inside = mouse.column >= map_area.left()
            && mouse.column < map_area.right()
            && mouse.row >= map_area.top()
            && mouse.row < map_area.bottom();
        if !inside {
            return;
        }
        let camera = view::camera(&self.world, &self.ui, map_area);
        let Some(hex) = camera.hex_at(map_area, mouse.column, mouse.row) else {
            return;
        };
        if matches!(self.ui.mode, Mode::PickTravel { .. }) {
            self.ui.mode = Mode::Normal;
            start_travel(&mut self.ui, &self.world, hex);
            return;
        }
        self.ui.pointed = Some(hex);
        self.ui.log.push(describe(&self.world, hex));
    }
}

/// Plays until the player quits or a signal arrives; the terminal is restored on every exit.
pub fn play(mut session: Session) -> std::io::Result<()> {
    let flag = stop_flag()?;
    let mut guard = TerminalGuard::enter()?;
    while !session.ui.quit && !stopped(&flag) {
        let mut map_area = None;
        guard.terminal.draw(|frame| {
            let context = Context {
                keymap: &session.keymap,
                palette: session.palette,
            };
            map_area = view::areas(frame.area()).map(|a| a.map);
            view::draw(frame, &session.world, &session.ui, &context);
        })?;
        let automatic = session.ui.auto.is_some();
        let wait = if automatic {
            AUTO_STEP_DELAY
        } else {
            IDLE_POLL
        };
        if event::poll(wait)? {
            match event::read()? {
                Event::Key(key) if key.kind == KeyEventKind::Press => {
                    if automatic {
                        session.ui.auto = None;
                        session.ui.log.push("You stop.");
                    } else {
                        session.key(key);
                    }
                }
                Event::Mouse(mouse) => {
                    if let Some(area) = map_area {
                        session.click(mouse, area);
                    }
                }
                _ => {}
            }
        } else if automatic {
            if let Some(command) = auto::next_command(&mut session.ui, &session.world) {
                session.perform(command);
            }
        }
    }
    Ok(())
}
