//! Driving a session as a player would in tests: key presses and frames drawn into ratatui's
//! `TestBackend`.
#![allow(dead_code)]

use hexdeep::ui::app::Session;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// Presses one key with no modifier.
pub fn press(s: &mut Session, code: KeyCode) {
    s.key(KeyEvent::new(code, KeyModifiers::NONE));
}

/// Presses one character key.
pub fn press_char(s: &mut Session, c: char) {
    press(s, KeyCode::Char(c));
}

/// Types every character of `text` as a key.
pub fn keys(s: &mut Session, text: &str) {
    text.chars().for_each(|c| press_char(s, c));
}

/// Draws the session into a test terminal of `w` x `h`.
pub fn draw(s: &mut Session, w: u16, h: u16) -> Buffer {
    let mut terminal = Terminal::new(TestBackend::new(w, h)).unwrap();
    terminal
        .draw(|frame| {
            s.draw(frame);
        })
        .unwrap();
    terminal.backend().buffer().clone()
}

/// A drawn buffer as text, one line a row, each ending in a newline.
pub fn text(buf: &Buffer) -> String {
    (0..buf.area.height)
        .map(|row| {
            let line: String = (0..buf.area.width)
                .map(|col| buf[(col, row)].symbol())
                .collect();
            line + "\n"
        })
        .collect()
}
