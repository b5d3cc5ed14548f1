//! The spectator's game screen: the `join` game screen ([`GameScreen`]) on the views the
//! server sends of the hero followed, whose keys give no directives: Tab follows the next
//! hero, 1 to 4 the hero of that seat, q, Esc or Ctrl-C leave.

use crate::net::join::screen::GameScreen;
use crate::net::message::ClientMessage;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// The spectator's screen.
pub struct WatchScreen {
    /// The game screen, drawn on the newest view.
    pub game: GameScreen,
    /// The seat followed (from 0).
    pub seat: usize,
    /// Whether the spectator left.
    pub left: bool,
}

impl WatchScreen {
    /// The screen on the game screen of a first view, following seat `seat`.
    pub fn new(mut game: GameScreen, seat: usize) -> WatchScreen {
        let line = format!(
            "You watch game {}: Tab or 1 to {} follow another hero, q leaves.",
            game.view().game,
            game.view().seats.len()
        );
        game.session.ui.log.push(line);
        WatchScreen {
            game,
            seat,
            left: false,
        }
    }

    /// One key press: what to send the server.
    pub fn key(&mut self, key: KeyEvent) -> Vec<ClientMessage> {
        let heroes = self.game.view().seats.len().max(1);
        let ctrl_c =
            key.modifiers.contains(KeyModifiers::CONTROL) && key.code == KeyCode::Char('c');
        let seat = match key.code {
            _ if ctrl_c => None,
            KeyCode::Char('q' | 'Q') | KeyCode::Esc => None,
            KeyCode::Tab => Some((self.seat + 1) % heroes),
            KeyCode::BackTab => Some((self.seat + heroes - 1) % heroes),
            KeyCode::Char(c @ '1'..='9') => {
                let n = c as usize - '1' as usize;
                if n >= heroes {
                    self.game.denied(&format!("this game has {heroes} heroes"));
                    return Vec::new();
                }
                Some(n)
            }
            _ => return Vec::new(),
        };
        let Some(seat) = seat else {
            self.left = true;
            return vec![ClientMessage::Leave];
        };
        self.seat = seat;
        vec![ClientMessage::Follow(seat as u8)]
    }
}
