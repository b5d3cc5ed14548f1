//! Taking the terminal and always giving it back: on quit, on error, on panic and on signals.

use ratatui::DefaultTerminal;
use ratatui::crossterm::event::{DisableMouseCapture, EnableMouseCapture};
use ratatui::crossterm::execute;
use std::io::stdout;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// The terminal in raw mode on the alternate screen with mouse capture; dropping it restores
/// everything, and a panic restores it before the panic message is printed.
pub struct TerminalGuard {
    /// The ratatui terminal.
    pub terminal: DefaultTerminal,
}

impl TerminalGuard {
    /// Enters the game screen.
    pub fn enter() -> std::io::Result<TerminalGuard> {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            let _ = execute!(stdout(), DisableMouseCapture);
            ratatui::restore();
            previous(info);
        }));
        let terminal = ratatui::try_init()?;
        execute!(stdout(), EnableMouseCapture)?;
        Ok(TerminalGuard { terminal })
    }
}

impl Drop for TerminalGuard {
    fn drop(&mut self) {
        let _ = execute!(stdout(), DisableMouseCapture);
        ratatui::restore();
    }
}

/// A flag raised by SIGINT, SIGTERM or SIGHUP; the game loop checks it and leaves cleanly.
pub fn stop_flag() -> std::io::Result<Arc<AtomicBool>> {
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

/// Whether a stop was asked for.
pub fn stopped(flag: &AtomicBool) -> bool {
    flag.load(Ordering::Relaxed)
}
