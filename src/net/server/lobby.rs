//! The server's games: made at a client's request, listed, found by number. Each runs in a
//! task of its own ([`crate::net::game::task`]); the lobby keeps only their handles.

use crate::net::game::task::{self, GameHandle, ToGame};
use crate::net::game::{Game, Setup};
use crate::net::message::{GameId, GameInfo, MAX_SEATS, NewGame};
use crate::net::store::{Db, GameRow, GameState, Store};
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
    /// The games to resume, as the database had them ([`Hosting::persistent`]).
    pub resume: Vec<GameRow>,
    /// The number of the first new game.
    pub first_game: u32,
}

impl Default for Hosting {
    fn default() -> Hosting {
        Hosting {
            saves: None,
            clock: Some((Duration::from_secs(300), Duration::from_secs(15))),
            max_games: 64,
            db: None,
            resume: Vec::new(),
            first_game: 1,
        }
    }
}

impl Hosting {
    /// Hosting that survives the server: games saved in `saves`, and the server's database
    /// there ([`crate::net::store::FILE`]) opened (or made), its games still played to be
    /// resumed. Why not, naming the file, when the database cannot be used.
    pub fn persistent(saves: SaveDir) -> Result<Hosting, String> {
        std::fs::create_dir_all(&saves.0)
            .map_err(|e| format!("{}: cannot make the saves folder: {e}", saves.0.display()))?;
        let store = Store::open(&saves.0.join(crate::net::store::FILE))?;
        let resume = store.games(GameState::Playing)?;
        let first_game = store.next_game_id()?;
        Ok(Hosting {
            saves: Some(saves),
            db: Some(Db::start(store)?),
            resume,
            first_game,
            ..Hosting::default()
        })
    }
}

/// The games of a server.
#[derive(Debug)]
pub struct Lobby {
    hosting: Hosting,
    db: Db,
    /// What resuming the games said: one line a game.
    notes: Vec<String>,
    games: Mutex<Vec<GameHandle>>,
    next_conn: AtomicU64,
    next_game: AtomicU32,
    /// Whether the server is stopping: once every game is saved, the connections in none
    /// are told so and closed ([`Lobby::stopping`]).
    stopping: tokio::sync::watch::Sender<bool>,
}

impl Lobby {
    /// A lobby with the hosting's database (or one in memory), and the games it says are
    /// still played resumed, each in a task of its own.
    pub fn new(hosting: Hosting) -> Result<Lobby, String> {
        let db = match &hosting.db {
            Some(db) => db.clone(),
            None => Db::start(Store::in_memory()?)?,
        };
        let mut lobby = Lobby {
            db,
            notes: Vec::new(),
            games: Mutex::new(Vec::new()),
            next_conn: AtomicU64::new(1),
            next_game: AtomicU32::new(hosting.first_game.max(1)),
            stopping: tokio::sync::watch::Sender::new(false),
            hosting,
        };
        lobby.resume();
        Ok(lobby)
    }

    /// Resumes the games the hosting lists; one that cannot be is noted and left in the
    /// database as it was.
    fn resume(&mut self) {
        let Some(dir) = self.hosting.saves.clone() else {
            return;
        };
        let mut games = Vec::new();
        for row in &self.hosting.resume {
            let game = Game::resume(
                row,
                self.hosting.clock,
                dir.clone(),
                self.hosting.db.clone(),
            );
            match game {
                Ok(game) => {
                    // The turn as the players' sidebars and the stop's message show it.
                    let (turn, segment) = (game.world().turn_shown(), game.world().segment());
                    self.notes.push(format!(
                        "resumed game {} at turn {turn} segment {segment}",
                        row.id
                    ));
                    games.push(task::spawn(game));
                }
                Err(why) => self.notes.push(format!(
                    "game {} not resumed: {}",
                    row.id,
                    crate::text::escape_controls(&why)
                )),
            }
        }
        self.games = Mutex::new(games);
    }

    /// What resuming the games said.
    pub fn notes(&self) -> &[String] {
        &self.notes
    }

    /// Saves and stops every game, then waits for the database to have written all it was
    /// given.
    pub async fn stop(&self) {
        let games: Vec<GameHandle> = self.games.lock().map(|g| g.clone()).unwrap_or_default();
        for game in games {
            let (done, saved) = tokio::sync::oneshot::channel();
            if game.inbox.send(ToGame::Stop(done)).await.is_ok() {
                let _ = saved.await;
            }
        }
        self.db.flush().await;
        self.stopping.send_replace(true);
    }

    /// A receiver told when the server stops, once its games have (they tell their own
    /// players and spectators why): a connection in no game ends then, saying why.
    pub fn stopping(&self) -> tokio::sync::watch::Receiver<bool> {
        self.stopping.subscribe()
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
            db: self.hosting.db.clone(),
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
