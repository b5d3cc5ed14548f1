//! What the replay viewer's tests share: the recorded games they watch (declare
//! `support/scripted.rs` as `scripted` beside this module), keys pressed into the viewer, the
//! record's hashes and the viewer's screen.
#![allow(dead_code)]

use hexdeep::persist::SavedGame;
use hexdeep::ui::keymap::Keymap;
use hexdeep::ui::palette::Palette;
use hexdeep::ui::replay::{ReplayExit, Replayer};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use std::sync::OnceLock;

/// A game of about 1,700 steps that goes down to depth 3 (level changes after steps 628 and
/// 1283).
pub fn long_game() -> &'static SavedGame {
    static GAME: OnceLock<SavedGame> = OnceLock::new();
    GAME.get_or_init(|| super::scripted::play(7, 900, 3))
}

/// A short game that ends with the player's death.
pub fn short_game() -> SavedGame {
    let game = super::scripted::play(5, 200, 3);
    assert!(game.current.is_over(), "seed 5 dies early");
    game
}

/// Presses `code` in the viewer, as the player would.
pub fn press(replay: &mut Replayer, code: KeyCode) -> ReplayExit {
    replay.key(KeyEvent::new(code, KeyModifiers::NONE))
}

/// Types `text` into the viewer, a key a character.
pub fn type_keys(replay: &mut Replayer, text: &str) {
    for c in text.chars() {
        press(replay, KeyCode::Char(c));
    }
}

/// The world's hash after `n` steps, as the record says.
pub fn recorded_hash(game: &SavedGame, n: usize) -> u64 {
    match n {
        0 => game.record.start.turn_hash(),
        n => game.record.steps[n - 1].hash,
    }
}

/// The viewer drawn on a `width` by `height` terminal without colour, a string a row.
pub fn screen(replay: &Replayer, width: u16, height: u16) -> Vec<String> {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    let keymap = Keymap::default_keys();
    terminal
        .draw(|frame| {
            let area = frame.area();
            replay.render(&keymap, Palette { color: false }, area, frame.buffer_mut());
        })
        .unwrap();
    let buffer = terminal.backend().buffer();
    (0..height)
        .map(|y| (0..width).map(|x| buffer[(x, y)].symbol()).collect())
        .collect()
}
