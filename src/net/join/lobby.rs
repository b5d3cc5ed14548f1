//! The lobby screen of `hexdeep join`: the server's games, one a line; `j`/`k` or the arrows
//! choose, Enter joins, `w` watches, `n` makes a new game and joins it (`p` sets its players,
//! `t` its tiling), `r` asks for the list again, `q` or Esc quits. A spectator's lobby
//! (`hexdeep watch`) only watches: Enter watches, and no game is made.

use crate::geom::Tiling;
use crate::net::message::{ClientMessage, GameInfo, MAX_SEATS, NewGame};
use ratatui::Frame;
use ratatui::crossterm::event::{KeyCode, KeyEvent};
use ratatui::style::{Modifier, Style};
use ratatui::text::Line;
use ratatui::widgets::{Block, Paragraph};

/// The lobby screen.
#[derive(Clone, Debug)]
pub struct LobbyScreen {
    /// The games, as the server last listed them.
    pub games: Vec<GameInfo>,
    /// The game chosen (an index into `games`).
    pub selected: usize,
    /// The players of a new game.
    pub players: u8,
    /// The tiling of a new game.
    pub tiling: Tiling,
    /// A line about what happened last (a refusal, "joining…").
    pub note: String,
    /// Whether the player quit.
    pub quit: bool,
    /// Whether this is a spectator's lobby (`hexdeep watch`): Enter watches, `n` is off.
    pub spectator: bool,
    /// The seat followed once the server said the client watches a game.
    pub watching: Option<usize>,
}

impl Default for LobbyScreen {
    fn default() -> LobbyScreen {
        LobbyScreen {
            games: Vec::new(),
            selected: 0,
            players: 2,
            tiling: Tiling::Hex,
            note: String::new(),
            quit: false,
            spectator: false,
            watching: None,
        }
    }
}

impl LobbyScreen {
    /// Takes the server's list of games.
    pub fn listed(&mut self, games: Vec<GameInfo>) {
        self.games = games;
        self.selected = self.selected.min(self.games.len().saturating_sub(1));
    }

    /// One key press: what to send the server.
    pub fn key(&mut self, key: KeyEvent) -> Vec<ClientMessage> {
        match key.code {
            KeyCode::Char('j') | KeyCode::Down => {
                self.selected = (self.selected + 1).min(self.games.len().saturating_sub(1));
            }
            KeyCode::Char('k') | KeyCode::Up => self.selected = self.selected.saturating_sub(1),
            KeyCode::Char('w') => return self.watch_chosen(),
            KeyCode::Enter if self.spectator => return self.watch_chosen(),
            KeyCode::Enter => {
                if let Some(game) = self.games.get(self.selected) {
                    self.note = format!("Joining game {}…", game.id);
                    return vec![ClientMessage::Join(game.id)];
                }
            }
            KeyCode::Char('n') if !self.spectator => {
                self.note = "Making a new game…".to_string();
                return vec![ClientMessage::Create(NewGame {
                    players: self.players,
                    tiling: self.tiling,
                    seed: None,
                })];
            }
            KeyCode::Char('p') => self.players = self.players % MAX_SEATS + 1,
            KeyCode::Char('t') => {
                self.tiling = match self.tiling {
                    Tiling::Hex => Tiling::Square,
                    Tiling::Square => Tiling::Triangle,
                    Tiling::Triangle => Tiling::Hex,
                };
            }
            KeyCode::Char('r') => return vec![ClientMessage::List],
            KeyCode::Char('q') | KeyCode::Esc => self.quit = true,
            _ => {}
        }
        Vec::new()
    }

    /// Asks to watch the game chosen, if any.
    fn watch_chosen(&mut self) -> Vec<ClientMessage> {
        let Some(game) = self.games.get(self.selected) else {
            return Vec::new();
        };
        self.note = format!("Watching game {}…", game.id);
        vec![ClientMessage::Watch(game.id)]
    }

    /// The screen's lines.
    pub fn lines(&self) -> Vec<Line<'static>> {
        let mut lines = vec![Line::from("Games on this server:"), Line::from("")];
        if self.games.is_empty() {
            lines.push(Line::from("  none yet: n makes one"));
        }
        for (n, game) in self.games.iter().enumerate() {
            let seats: Vec<String> = game
                .seats
                .iter()
                .map(|(name, present)| match name {
                    None => "(free)".to_string(),
                    Some(name) if *present => crate::text::escape_controls(name),
                    Some(name) => format!("{} (away)", crate::text::escape_controls(name)),
                })
                .collect();
            let text = format!(
                "{} game {:>3}  {:<8}  turn {:>5}  {}{}",
                if n == self.selected { '>' } else { ' ' },
                game.id.0,
                game.tiling.to_string(),
                game.turn,
                seats.join(", "),
                if game.over { "  (over)" } else { "" }
            );
            let style = if n == self.selected {
                Style::default().add_modifier(Modifier::REVERSED)
            } else {
                Style::default()
            };
            lines.push(Line::styled(text, style));
        }
        lines.push(Line::from(""));
        let tiles = match self.tiling {
            Tiling::Hex => "hexes",
            Tiling::Square => "squares",
            Tiling::Triangle => "triangles",
        };
        lines.push(Line::from(if self.spectator {
            "Enter: watch   r: refresh   q: quit".to_string()
        } else {
            format!(
                "Enter: join   w: watch   n: new game of {} on {tiles} (p: players, t: tiling)   r: refresh   q: quit",
                self.players
            )
        }));
        lines.push(Line::from(crate::text::escape_controls(&self.note)));
        lines
    }

    /// Draws the screen.
    pub fn draw(&self, frame: &mut Frame) {
        let title = if self.spectator {
            " hexdeep: watch a game "
        } else {
            " hexdeep: join a game "
        };
        let block = Block::bordered().title(title);
        frame.render_widget(Paragraph::new(self.lines()).block(block), frame.area());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::net::message::GameId;
    use ratatui::crossterm::event::KeyModifiers;

    fn key(code: KeyCode) -> KeyEvent {
        KeyEvent::new(code, KeyModifiers::NONE)
    }

    fn game(id: u32) -> GameInfo {
        GameInfo {
            id: GameId(id),
            tiling: Tiling::Hex,
            turn: 1,
            seats: vec![(Some("Ann".into()), true), (None, false)],
            over: false,
        }
    }

    #[test]
    fn the_keys_choose_a_game_and_join_it_or_make_a_new_one() {
        let mut lobby = LobbyScreen::default();
        assert!(lobby.key(key(KeyCode::Enter)).is_empty(), "no game to join");
        lobby.listed(vec![game(1), game(4)]);
        lobby.key(key(KeyCode::Down));
        lobby.key(key(KeyCode::Down));
        assert_eq!(
            lobby.key(key(KeyCode::Enter)),
            vec![ClientMessage::Join(GameId(4))]
        );
        lobby.key(key(KeyCode::Char('p')));
        lobby.key(key(KeyCode::Char('t')));
        assert_eq!(
            lobby.key(key(KeyCode::Char('n'))),
            vec![ClientMessage::Create(NewGame {
                players: 3,
                tiling: Tiling::Square,
                seed: None
            })]
        );
        assert_eq!(
            lobby.key(key(KeyCode::Char('r'))),
            vec![ClientMessage::List]
        );
        lobby.key(key(KeyCode::Char('q')));
        assert!(lobby.quit);
    }

    #[test]
    fn w_watches_the_game_chosen_and_a_spectators_lobby_only_watches() {
        let mut lobby = LobbyScreen::default();
        assert!(
            lobby.key(key(KeyCode::Char('w'))).is_empty(),
            "no game to watch"
        );
        lobby.listed(vec![game(1), game(4)]);
        lobby.key(key(KeyCode::Down));
        assert_eq!(
            lobby.key(key(KeyCode::Char('w'))),
            vec![ClientMessage::Watch(GameId(4))]
        );
        let mut spectator = LobbyScreen {
            spectator: true,
            ..LobbyScreen::default()
        };
        spectator.listed(vec![game(2)]);
        assert_eq!(
            spectator.key(key(KeyCode::Enter)),
            vec![ClientMessage::Watch(GameId(2))]
        );
        assert!(
            spectator.key(key(KeyCode::Char('n'))).is_empty(),
            "a spectator makes no game"
        );
        let text: Vec<String> = spectator.lines().iter().map(ToString::to_string).collect();
        assert!(text.iter().any(|l| l.contains("Enter: watch")), "{text:?}");
    }

    #[test]
    fn the_list_shows_each_game_its_players_and_free_seats() {
        let mut lobby = LobbyScreen::default();
        lobby.listed(vec![game(7)]);
        let text: Vec<String> = lobby.lines().iter().map(ToString::to_string).collect();
        assert!(
            text.iter()
                .any(|l| l.contains("game   7") && l.contains("Ann, (free)")),
            "{text:?}"
        );
        assert!(
            text.iter().any(|l| l.contains("new game of 2 on hexes")),
            "{text:?}"
        );
    }
}
