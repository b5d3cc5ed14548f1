//! The server's games: made at a client's request, listed, found by number. Each runs in a
//! task of its own ([`crate::net::game::task`]); the lobby keeps only their handles.

use crate::net::game::task::{self, GameHandle};
use crate::net::game::{Game, Setup};
use crate::net::message::{GameId, GameInfo, MAX_SEATS, NewGame};
use crate::net::store::{Db, Store};
use crate::persist::SaveDir;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};
use std::time::Duration;

/// How the server hosts games.
#[derive(Clone, Debug)]
pub struct Hosting {
    /// Where games are saved after each segment; `None` keeps them in memory only.
    pub saves: Option<SaveDir>,
    /// Each player's chess clock (starting bank, increment a segment); `None` for none.
    pub clock: Option<(Duration, Duration)>,
    /// Games hosted at once; the next is refused.
    pub max_games: usize,
    /// The database of accounts and games; `None` keeps them in memory only.
    pub db: Option<Db>,
}

impl Default for Hosting {
    fn default() -> Hosting {
        Hosting {
            saves: None,
            clock: Some((Duration::from_secs(300), Duration::from_secs(15))),
            max_games: 64,
            db: None,
        }
    }
}

/// The games of a server.
#[derive(Debug)]
pub struct Lobby {
    hosting: Hosting,
    db: Db,
    games: Mutex<Vec<GameHandle>>,
    next_conn: AtomicU64,
    next_game: AtomicU32,
}

impl Lobby {
    /// A lobby without games yet, with the hosting's database (or one in memory).
    pub fn new(hosting: Hosting) -> Result<Lobby, String> {
        let db = match &hosting.db {
            Some(db) => db.clone(),
            None => Db::start(Store::in_memory()?)?,
        };
        Ok(Lobby {
            hosting,
            db,
            games: Mutex::new(Vec::new()),
            next_conn: AtomicU64::new(1),
            next_game: AtomicU32::new(1),
        })
    }

    /// The database.
    pub fn db(&self) -> &Db {
        &self.db
    }

    /// A number for a new connection.
    pub fn next_conn(&self) -> u64 {
        self.next_conn.fetch_add(1, Ordering::Relaxed)
    }

    /// Makes the game `new` asks for and starts its task, or says why not.
    pub fn create(&self, new: &NewGame) -> Result<GameId, String> {
        if !(1..=MAX_SEATS).contains(&new.players) {
            return Err(format!(
                "a game seats 1 to {MAX_SEATS} players, not {}",
                new.players
            ));
        }
        if self.list().len() >= self.hosting.max_games {
            return Err(self.full());
        }
        let id = GameId(self.next_game.fetch_add(1, Ordering::Relaxed));
        let setup = Setup {
            players: usize::from(new.players),
            tiling: new.tiling,
            seed: new
                .seed
                .unwrap_or_else(|| rand::random_range(0..1_000_000_000)),
            clock: self.hosting.clock,
            saves: self.hosting.saves.clone(),
        };
        let game = Game::new(id, setup)?;
        let mut games = self.games.lock().map_err(|_| "the lobby is broken")?;
        // Checked again: another connection may have made one meanwhile.
        if games.len() >= self.hosting.max_games {
            return Err(self.full());
        }
        games.push(task::spawn(game));
        Ok(id)
    }

    /// Why a game cannot be made when the server hosts its most.
    fn full(&self) -> String {
        format!(
            "the server hosts {} games, its most: try again later",
            self.hosting.max_games
        )
    }

    /// Every game, by number.
    pub fn list(&self) -> Vec<GameInfo> {
        let Ok(games) = self.games.lock() else {
            return Vec::new();
        };
        games
            .iter()
            .filter_map(|g| g.info.lock().ok().map(|i| i.clone()))
            .collect()
    }

    /// Game `id`'s handle.
    pub fn find(&self, id: GameId) -> Option<GameHandle> {
        let games = self.games.lock().ok()?;
        games.iter().find(|g| g.id == id).cloned()
    }
}
