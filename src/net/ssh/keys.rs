//! The keys an ssh client's bytes stand for: what a terminal sends for each key (printable
//! characters in UTF-8, Enter, Backspace, Tab, Esc, the arrows, Home and End, Page Up and Down,
//! Ctrl with a letter), parsed into crossterm's key events so the screens of `join` take them
//! as they take a local terminal's. A sequence cut across two reads parses as if it came in
//! one; an Esc alone is told from the start of a sequence only when the bytes after it come
//! or [`KeyParser::flush`] says none will (the session calls it once a short wait passes).
//! Bytes that are no key are dropped; nothing here panics, and what is held between reads is
//! at most [`MAX_SEQUENCE`] bytes.

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// The longest escape sequence read; a longer one is dropped.
pub const MAX_SEQUENCE: usize = 16;

const ESC: u8 = 0x1b;

/// Parses a stream of bytes into keys.
#[derive(Debug, Default)]
pub struct KeyParser {
    /// The start of a key whose end has not come yet.
    pending: Vec<u8>,
}

/// What the front of the bytes is.
enum Front {
    /// A key, and the bytes it took.
    Key(KeyEvent, usize),
    /// Bytes that are no key, to drop.
    Skip(usize),
    /// The start of a key whose end has not come.
    Incomplete,
}

impl KeyParser {
    /// The keys `bytes` complete; the start of one still to come is kept.
    pub fn feed(&mut self, bytes: &[u8]) -> Vec<KeyEvent> {
        self.pending.extend_from_slice(bytes);
        let mut keys = Vec::new();
        let mut at = 0;
        while at < self.pending.len() {
            match front(&self.pending[at..]) {
                Front::Key(key, n) => {
                    keys.push(key);
                    at += n;
                }
                Front::Skip(n) => at += n,
                Front::Incomplete => break,
            }
        }
        self.pending.drain(..at);
        keys
    }

    /// Whether the start of a key waits for more bytes.
    pub fn waiting(&self) -> bool {
        !self.pending.is_empty()
    }

    /// No more bytes are coming soon: what is held is taken as it is (an Esc alone is Esc;
    /// the start of a character cut short is dropped).
    pub fn flush(&mut self) -> Vec<KeyEvent> {
        let mut keys = Vec::new();
        let mut rest = std::mem::take(&mut self.pending);
        while !rest.is_empty() {
            let took = match front(&rest) {
                Front::Key(key, n) => {
                    keys.push(key);
                    n
                }
                Front::Skip(n) => n,
                Front::Incomplete if rest[0] == ESC => {
                    keys.push(plain(KeyCode::Esc));
                    1
                }
                Front::Incomplete => rest.len(),
            };
            rest.drain(..took.min(rest.len()));
        }
        keys
    }
}

fn plain(code: KeyCode) -> KeyEvent {
    KeyEvent::new(code, KeyModifiers::NONE)
}

fn ctrl(c: char) -> KeyEvent {
    KeyEvent::new(KeyCode::Char(c), KeyModifiers::CONTROL)
}

/// What the front of `bytes` (not empty) is.
fn front(bytes: &[u8]) -> Front {
    match bytes[0] {
        ESC => escape(bytes),
        b'\r' | b'\n' => Front::Key(plain(KeyCode::Enter), 1),
        b'\t' => Front::Key(plain(KeyCode::Tab), 1),
        0x7f | 0x08 => Front::Key(plain(KeyCode::Backspace), 1),
        0 => Front::Key(ctrl(' '), 1),
        b @ 1..=0x1a => Front::Key(ctrl(char::from(b - 1 + b'a')), 1),
        b @ 0x1c..=0x1f => Front::Key(ctrl(char::from(b - 0x1c + b'4')), 1),
        b @ 0x20..=0x7e => Front::Key(plain(KeyCode::Char(char::from(b))), 1),
        _ => utf8(bytes),
    }
}

/// A character of several bytes in UTF-8.
fn utf8(bytes: &[u8]) -> Front {
    let len = match bytes[0] {
        0xc2..=0xdf => 2,
        0xe0..=0xef => 3,
        0xf0..=0xf4 => 4,
        _ => return Front::Skip(1),
    };
    if bytes.len() < len {
        // A byte that cannot continue the character ends it early.
        if bytes[1..].iter().any(|b| b & 0xc0 != 0x80) {
            return Front::Skip(1);
        }
        return Front::Incomplete;
    }
    match std::str::from_utf8(&bytes[..len])
        .ok()
        .and_then(|s| s.chars().next())
    {
        Some(c) if !c.is_control() => Front::Key(plain(KeyCode::Char(c)), len),
        _ => Front::Skip(1),
    }
}

/// What starts with Esc: a CSI (`Esc [`) or SS3 (`Esc O`) sequence, or Esc itself.
fn escape(bytes: &[u8]) -> Front {
    match bytes.get(1) {
        None => Front::Incomplete,
        Some(b'[') => csi(bytes),
        Some(b'O') => match bytes.get(2) {
            None => Front::Incomplete,
            Some(&last) => final_key(last, &[]).map_or(Front::Skip(3), |key| Front::Key(key, 3)),
        },
        // Esc, then another key.
        Some(_) => Front::Key(plain(KeyCode::Esc), 1),
    }
}

/// `Esc [ parameters final`.
fn csi(bytes: &[u8]) -> Front {
    for (at, &b) in bytes.iter().enumerate().skip(2) {
        if at >= MAX_SEQUENCE {
            return Front::Skip(MAX_SEQUENCE);
        }
        match b {
            0x20..=0x3f => {}
            0x40..=0x7e => {
                let params = parameters(&bytes[2..at]);
                return final_key(b, &params)
                    .map_or(Front::Skip(at + 1), |k| Front::Key(k, at + 1));
            }
            // Not part of a sequence: what came before it is dropped, it is read anew.
            _ => return Front::Skip(at),
        }
    }
    if bytes.len() >= MAX_SEQUENCE {
        return Front::Skip(MAX_SEQUENCE);
    }
    Front::Incomplete
}

/// The numbers of a sequence's parameters (`1;5`), each at most 999.
fn parameters(bytes: &[u8]) -> Vec<u16> {
    bytes
        .split(|&b| b == b';')
        .map(|p| {
            p.iter()
                .filter(|d| d.is_ascii_digit())
                .fold(0u16, |n, d| (n * 10 + u16::from(d - b'0')).min(999))
        })
        .collect()
}

/// The key a sequence's final byte and parameters stand for.
fn final_key(last: u8, params: &[u16]) -> Option<KeyEvent> {
    let code = match last {
        b'A' => KeyCode::Up,
        b'B' => KeyCode::Down,
        b'C' => KeyCode::Right,
        b'D' => KeyCode::Left,
        b'H' => KeyCode::Home,
        b'F' => KeyCode::End,
        b'Z' => return Some(KeyEvent::new(KeyCode::BackTab, KeyModifiers::SHIFT)),
        b'P'..=b'S' => KeyCode::F(last - b'P' + 1),
        b'~' => match params.first()? {
            1 | 7 => KeyCode::Home,
            2 => KeyCode::Insert,
            3 => KeyCode::Delete,
            4 | 8 => KeyCode::End,
            5 => KeyCode::PageUp,
            6 => KeyCode::PageDown,
            _ => return None,
        },
        _ => return None,
    };
    Some(KeyEvent::new(code, modifiers(params.get(1).copied())))
}

/// The modifiers a sequence's second parameter gives (one more than a bit set: 1 Shift,
/// 2 Alt, 4 Ctrl).
fn modifiers(param: Option<u16>) -> KeyModifiers {
    let bits = param.unwrap_or(1).saturating_sub(1);
    let mut mods = KeyModifiers::NONE;
    for (bit, modifier) in [
        (1, KeyModifiers::SHIFT),
        (2, KeyModifiers::ALT),
        (4, KeyModifiers::CONTROL),
    ] {
        if bits & bit != 0 {
            mods |= modifier;
        }
    }
    mods
}

#[cfg(test)]
mod tests;
