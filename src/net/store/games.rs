//! The games table (each server game: its number, save, tiling, seats and whether it is
//! still played) and the scores of finished games, a row per hero.

use super::Store;
use crate::geom::Tiling;
use rusqlite::params;
use std::path::PathBuf;

/// Whether a game is played or over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameState {
    /// Still played: a restarted server resumes it.
    Playing,
    /// Ended.
    Over,
}

impl GameState {
    fn text(self) -> &'static str {
        match self {
            GameState::Playing => "playing",
            GameState::Over => "over",
        }
    }
}

/// A game as the database keeps it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRow {
    /// Its number on the server.
    pub id: u32,
    /// Its save.
    pub save: PathBuf,
    /// Its tiling.
    pub tiling: Tiling,
    /// Per seat, the name of the player who took it.
    pub seats: Vec<Option<String>>,
    /// Played or over.
    pub state: GameState,
}

/// One hero's run in a finished server game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScoreRow {
    /// The game's number.
    pub game: u32,
    /// The hero's name.
    pub hero: String,
    /// The player who had the hero's seat.
    pub player: Option<String>,
    /// How the run ended, as the hall of fame says it.
    pub ending: String,
    /// The deepest depth reached.
    pub deepest: u32,
    /// Turns played.
    pub turns: u64,
    /// Monsters killed.
    pub kills: u32,
}

impl Store {
    /// Adds game `row`, or writes it over the one of its number.
    pub fn put_game(&mut self, row: &GameRow) -> Result<(), String> {
        let seats = serde_json::to_string(&row.seats).map_err(|e| e.to_string())?;
        self.conn
            .execute(
                "INSERT OR REPLACE INTO games (id, save, tiling, players, seats, state)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                params![
                    row.id,
                    row.save.to_string_lossy(),
                    row.tiling.name(),
                    row.seats.len() as i64,
                    seats,
                    row.state.text()
                ],
            )
            .map_err(|e| self.failed(&e))?;
        Ok(())
    }

    /// Game `id` has ended with `scores`: its state and its heroes' runs, together.
    pub fn finish_game(&mut self, id: u32, scores: &[ScoreRow]) -> Result<(), String> {
        let path = self.path.display().to_string();
        let failed = |e: rusqlite::Error| format!("{path}: {e}");
        let tx = self.conn.transaction().map_err(failed)?;
        tx.execute("UPDATE games SET state = 'over' WHERE id = ?1", params![id])
            .map_err(failed)?;
        for s in scores {
            tx.execute(
                "INSERT INTO scores (game, hero, player, ending, deepest, turns, kills)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
                params![
                    s.game,
                    s.hero,
                    s.player,
                    s.ending,
                    s.deepest,
                    s.turns as i64,
                    s.kills
                ],
            )
            .map_err(failed)?;
        }
        tx.commit().map_err(failed)
    }

    /// Every game in `state`, by number; a row the database holds wrongly is an error
    /// naming the file and the game.
    pub fn games(&self, state: GameState) -> Result<Vec<GameRow>, String> {
        let mut query = self
            .conn
            .prepare("SELECT id, save, tiling, seats FROM games WHERE state = ?1 ORDER BY id")
            .map_err(|e| self.failed(&e))?;
        let rows = query
            .query_map(params![state.text()], |row| {
                Ok((
                    row.get::<_, u32>(0)?,
                    row.get::<_, String>(1)?,
                    row.get::<_, String>(2)?,
                    row.get::<_, String>(3)?,
                ))
            })
            .and_then(Iterator::collect::<Result<Vec<_>, _>>)
            .map_err(|e| self.failed(&e))?;
        rows.into_iter()
            .map(|(id, save, tiling, seats)| {
                let bad = |why: String| format!("{}: game {id}: {why}", self.path.display());
                Ok(GameRow {
                    id,
                    save: PathBuf::from(save),
                    tiling: tiling.parse().map_err(|e| bad(format!("{e}")))?,
                    seats: serde_json::from_str(&seats).map_err(|e| bad(e.to_string()))?,
                    state,
                })
            })
            .collect()
    }

    /// The number after the highest game's (1 for none).
    pub fn next_game_id(&self) -> Result<u32, String> {
        self.conn
            .query_row("SELECT COALESCE(MAX(id), 0) + 1 FROM games", [], |row| {
                row.get(0)
            })
            .map_err(|e| self.failed(&e))
    }

    /// The scores of the finished games, best first: deepest, then fewest turns.
    pub fn scores(&self) -> Result<Vec<ScoreRow>, String> {
        let mut query = self
            .conn
            .prepare(
                "SELECT game, hero, player, ending, deepest, turns, kills FROM scores
                 ORDER BY deepest DESC, turns ASC, game ASC, hero ASC",
            )
            .map_err(|e| self.failed(&e))?;
        query
            .query_map([], |row| {
                Ok(ScoreRow {
                    game: row.get(0)?,
                    hero: row.get(1)?,
                    player: row.get(2)?,
                    ending: row.get(3)?,
                    deepest: row.get(4)?,
                    turns: row.get::<_, i64>(5)? as u64,
                    kills: row.get(6)?,
                })
            })
            .and_then(Iterator::collect)
            .map_err(|e| self.failed(&e))
    }
}
