//! A fallen hero's person in a hotseat game where another hero lives: told on a screen of
//! their own, they choose to watch the others play on (`w`) or to leave the table (`x`); from
//! then on the rotation skips them, and the roster shows them watching or gone. The game
//! never waits for them again.

use super::Presence;
use crate::ui::app::Session;
use crate::ui::keymap::Intent;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// What a person whose hero has just fallen is told, and asked.
pub const FALLEN_LINE: &str =
    "Your hero has fallen. w: watch the others play on; x: leave the game.";

impl Session {
    /// After a segment: each person whose hero fell while another hero lives is told, and
    /// the screen is theirs until they choose to watch or leave.
    pub(crate) fn note_fallen(&mut self) {
        if self.world.is_over() {
            return;
        }
        let Some(hotseat) = self.hotseat.as_mut() else {
            return;
        };
        let creatures = self.world.creatures();
        let fell: Vec<usize> = (0..hotseat.people.len())
            .filter(|&n| {
                let p = &hotseat.people[n];
                p.presence == Presence::Playing && !creatures[p.hero].alive
            })
            .collect();
        for &n in &fell {
            hotseat.people[n].presence = Presence::Fallen;
        }
        for n in fell {
            self.as_person(n, |s| s.ui.log.push(FALLEN_LINE));
        }
    }

    /// A key on the screen of a person whose hero has fallen: `w` watches, `x` leaves, and
    /// the turn passes on; another key reminds them (Ctrl-C and the save key act as ever).
    /// True when the screen was such a person's.
    pub(crate) fn fallen_key(&mut self, key: KeyEvent) -> bool {
        let Some(hotseat) = self.hotseat.as_mut() else {
            return false;
        };
        let turn = hotseat.turn;
        if hotseat.people[turn].presence != Presence::Fallen {
            return false;
        }
        let ctrl_c =
            key.modifiers.contains(KeyModifiers::CONTROL) && key.code == KeyCode::Char('c');
        if ctrl_c || self.keymap.intent(&key) == Some(Intent::Save) {
            return false;
        }
        let name = hotseat.people[turn].name.clone();
        let (presence, line) = match key.code {
            KeyCode::Char('w') => (Presence::Watching, format!("{name} watches on.")),
            KeyCode::Char('x') => (Presence::Gone, format!("{name} leaves the game.")),
            _ => {
                self.ui.log.push(FALLEN_LINE);
                return true;
            }
        };
        hotseat.people[turn].presence = presence;
        self.tell_all(&line);
        self.pass_turn();
        true
    }
}
