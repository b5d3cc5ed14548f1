//! Taking the terminal and giving it back: on quit, on error, on panic and on signals — and
//! never panicking when the terminal is already gone (a closed window makes every write to it
//! fail with EIO, the standard error included).

use ratatui::DefaultTerminal;
use ratatui::Terminal;
use ratatui::backend::CrosstermBackend;
use ratatui::crossterm::cursor::Show;
use ratatui::crossterm::event::{DisableMouseCapture, EnableMouseCapture};
use ratatui::crossterm::execute;
use ratatui::crossterm::terminal::{
    EnterAlternateScreen, LeaveAlternateScreen, disable_raw_mode, enable_raw_mode,
};
use std::io::{self, stdout};
use std::sync::Once;

/// The terminal in raw mode on the alternate screen with mouse capture; dropping it restores
/// everything, and a panic restores it before the panic message is printed. Restoring ignores
/// errors and prints nothing, so it cannot fail when the terminal has gone away.
pub struct TerminalGuard {
    /// The ratatui terminal; taken only when the guard is dropped.
    terminal: Option<DefaultTerminal>,
}

impl TerminalGuard {
    /// Enters the game screen; on failure whatever was switched on is switched off again.
    pub fn enter() -> io::Result<TerminalGuard> {
        install_panic_hook();
        let entered = enable_raw_mode()
            .and_then(|()| execute!(stdout(), EnterAlternateScreen, EnableMouseCapture))
            .and_then(|()| Terminal::new(CrosstermBackend::new(stdout())));
        match entered {
            Ok(terminal) => Ok(TerminalGuard {
                terminal: Some(terminal),
            }),
            Err(err) => {
                restore();
                Err(err)
            }
        }
    }

    /// The ratatui terminal to draw on.
    pub fn terminal(&mut self) -> &mut DefaultTerminal {
        self.terminal
            .as_mut()
            .expect("the terminal is taken only when the guard is dropped")
    }
}

impl Drop for TerminalGuard {
    fn drop(&mut self) {
        if let Some(mut terminal) = self.terminal.take() {
            // A ratatui terminal dropped with its cursor hidden shows the cursor and, when
            // that fails, prints the error with `eprintln!`, which panics when the standard
            // error was the closed terminal too. So when the cursor cannot be shown the
            // terminal is let go without its drop: it holds nothing but memory.
            if terminal.show_cursor().is_err() {
                std::mem::forget(terminal);
            }
        }
        restore();
    }
}

/// Gives the terminal back (mouse capture off, raw mode off, main screen, cursor shown), every
/// step tried and every error ignored: nothing is printed, so this never panics.
pub fn restore() {
    let _ = execute!(stdout(), DisableMouseCapture);
    let _ = disable_raw_mode();
    let _ = execute!(stdout(), LeaveAlternateScreen, Show);
}

/// Puts [`restore`] before the panic message, once per process. The message itself is printed
/// by the standard hook, which ignores a standard error that fails.
fn install_panic_hook() {
    static HOOK: Once = Once::new();
    HOOK.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            restore();
            previous(info);
        }));
    });
}

/// Whether a terminal error means the terminal is gone: the window was closed or the
/// connection hung up (EIO, ENXIO, a broken pipe, the end of input).
pub fn is_hang_up(err: &io::Error) -> bool {
    /// EIO and ENXIO, the same numbers on Linux, the BSDs and macOS.
    const GONE: [i32; 2] = [5, 6];
    matches!(
        err.kind(),
        io::ErrorKind::BrokenPipe | io::ErrorKind::UnexpectedEof
    ) || err.raw_os_error().is_some_and(|code| GONE.contains(&code))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_closed_terminal_is_a_hang_up_and_other_errors_are_not() {
        assert!(is_hang_up(&io::Error::from_raw_os_error(5)));
        assert!(is_hang_up(&io::Error::from_raw_os_error(6)));
        assert!(is_hang_up(&io::ErrorKind::BrokenPipe.into()));
        assert!(!is_hang_up(&io::ErrorKind::PermissionDenied.into()));
        assert!(!is_hang_up(&io::Error::from_raw_os_error(2)));
    }
}
