//! `hexdeep join --password`: the password asked for at the terminal, never shown, or taken
//! from `HEXDEEP_PASSWORD` (for scripts), so it is never on the command line for `ps` to show.

use ratatui::crossterm::event::{self, Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use ratatui::crossterm::terminal;
use std::io::Write;

/// The variable a script gives the password in.
pub const VARIABLE: &str = "HEXDEEP_PASSWORD";

/// The password for `name`: `HEXDEEP_PASSWORD` when set, else asked for at the terminal
/// without echo; an error when the player cancels (Esc or Ctrl-C).
pub fn ask(name: &str) -> Result<String, String> {
    if let Ok(password) = std::env::var(VARIABLE) {
        return Ok(password);
    }
    let mut err = std::io::stderr();
    let _ = write!(err, "Password for {name} (not shown): ");
    let _ = err.flush();
    terminal::enable_raw_mode().map_err(|e| format!("cannot read a password: {e}"))?;
    let keys = std::iter::from_fn(|| {
        loop {
            match event::read() {
                Ok(Event::Key(key)) => return Some(key),
                Ok(_) => {}
                Err(_) => return None,
            }
        }
    });
    let typed = typed(keys);
    let _ = terminal::disable_raw_mode();
    let _ = writeln!(err);
    typed.ok_or_else(|| "no password given: join cancelled".to_string())
}

/// The password the `keys` type, up to Enter: `None` when Esc, Ctrl-C or the end of the keys
/// comes first. Backspace takes back a character.
pub fn typed(keys: impl Iterator<Item = KeyEvent>) -> Option<String> {
    let mut password = String::new();
    for key in keys {
        if key.kind == KeyEventKind::Release {
            continue;
        }
        match key.code {
            KeyCode::Enter => return Some(password),
            KeyCode::Esc => return None,
            KeyCode::Char('c') if key.modifiers.contains(KeyModifiers::CONTROL) => return None,
            KeyCode::Backspace => {
                password.pop();
            }
            KeyCode::Char(c) => password.push(c),
            _ => {}
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys(codes: &[KeyCode]) -> Vec<KeyEvent> {
        codes.iter().map(|&c| KeyEvent::from(c)).collect()
    }

    #[test]
    fn the_keys_up_to_enter_are_the_password_and_backspace_takes_one_back() {
        use KeyCode::{Backspace, Char, Enter};
        let typed = typed(
            keys(&[Char('a'), Char('x'), Backspace, Char('b'), Enter, Char('z')]).into_iter(),
        );
        assert_eq!(typed.as_deref(), Some("ab"));
    }

    #[test]
    fn esc_ctrl_c_or_no_enter_cancels() {
        assert_eq!(
            typed(keys(&[KeyCode::Char('a'), KeyCode::Esc]).into_iter()),
            None
        );
        let ctrl_c = KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL);
        assert_eq!(typed([ctrl_c].into_iter()), None);
        assert_eq!(typed(keys(&[KeyCode::Char('a')]).into_iter()), None);
    }
}
