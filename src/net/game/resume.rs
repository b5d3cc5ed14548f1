//! A game and the server's database: its row written when it is made, when a seat is first
//! taken and when it ends (with its heroes' scores); a game resumed from its save and its row
//! after a restart; and a game saved when the server stops (ARCHITECTURE.md, "The network").

use super::Game;
use super::seat::Seat;
use crate::geom::Tiling;
use crate::net::message::{GameId, GameInfo, ServerMessage};
use crate::net::store::{Db, GameRow, GameState, ScoreRow};
use crate::persist::{SaveDir, Score};
use crate::sim::World;
use crate::sim::control::{Control, PlayerId};
use crate::ui::saving::GameFile;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::time::Instant;

/// What a game is made of, new or resumed.
pub(super) struct Parts {
    pub world: World,
    pub control: Control,
    pub seats: Vec<Seat>,
    pub clock: Option<(Duration, Duration)>,
    pub file: Option<GameFile>,
    pub tiling: Tiling,
    pub db: Option<Db>,
}

impl Game {
    /// A game of `parts`, numbered `id`, its coming segment opening now.
    pub(super) fn assemble(id: GameId, parts: Parts) -> Game {
        Game {
            id,
            info: Arc::new(Mutex::new(GameInfo {
                id,
                tiling: parts.tiling,
                turn: 0,
                seats: Vec::new(),
                over: false,
            })),
            world: parts.world,
            control: parts.control,
            seats: parts.seats,
            clock: parts.clock,
            opened: Instant::now(),
            file: parts.file,
            dirty: false,
            directed: false,
            tiling: parts.tiling,
            db: parts.db,
            watchers: Vec::new(),
            public: super::watchers::PublicLog::default(),
        }
    }

    /// Game `row` as its save left it: the same turn and segment, its seats their players'
    /// (none connected yet: their heroes follow the AI until they join again), each clock's
    /// bank full again (the banks are not saved). Why not, naming the save, when it cannot be
    /// read or does not fit the row.
    pub fn resume(
        row: &GameRow,
        clock: Option<(Duration, Duration)>,
        dir: SaveDir,
        db: Option<Db>,
    ) -> Result<Game, String> {
        let saved = crate::persist::load_game(&row.save).map_err(|e| e.to_string())?;
        let world = saved.current.clone();
        let heroes = world.heroes().to_vec();
        if heroes.len() != row.seats.len() {
            return Err(format!(
                "{}: the save has {} heroes; the server's database gives game {} {} seats",
                row.save.display(),
                heroes.len(),
                row.id,
                row.seats.len()
            ));
        }
        let names: Vec<String> = heroes
            .iter()
            .map(|&h| world.creatures()[h].name.clone())
            .collect();
        let control = Control::of_party(&world, &names);
        let clock = clock.filter(|_| heroes.len() > 1);
        let bank = clock.map_or(Duration::ZERO, |c| c.0);
        let seats = heroes
            .iter()
            .zip(&row.seats)
            .enumerate()
            .map(|(n, (&hero, name))| {
                let mut seat = Seat::new(hero, PlayerId(n as u16 + 1), bank);
                seat.name.clone_from(name);
                seat
            })
            .collect();
        let file = GameFile::resumed(dir, row.save.clone(), &saved);
        let parts = Parts {
            world,
            control,
            seats,
            clock,
            file: Some(file),
            tiling: row.tiling,
            db,
        };
        let mut game = Game::assemble(GameId(row.id), parts);
        if game.world.is_over() {
            // Ended before the server could note it: put away now.
            game.finish();
        }
        game.publish();
        Ok(game)
    }

    /// The server stops: the game is saved as it is (an ended one was put away already).
    pub fn stop(&mut self) {
        if !self.world.is_over() {
            self.save();
        }
        // Everyone connected is told why the game goes, rather than finding it gone.
        let why = format!(
            "the server is stopping; game {} was saved at turn {}: join it again once the server is back",
            self.id,
            self.world.turn_shown()
        );
        let links = self.seats.iter().filter_map(|s| s.link.as_ref());
        for link in links.chain(self.watchers.iter().map(|w| &w.link)) {
            link.reply(ServerMessage::Refused(why.clone()));
        }
    }

    /// The game's row in the database now: `None` for a game kept in memory.
    fn row(&self) -> Option<GameRow> {
        let file = self.file.as_ref()?;
        Some(GameRow {
            id: self.id.0,
            save: file.path.clone(),
            tiling: self.tiling,
            seats: self.seats.iter().map(|s| s.name.clone()).collect(),
            state: if self.world.is_over() {
                GameState::Over
            } else {
                GameState::Playing
            },
        })
    }

    /// Writes the game's row (on the database's thread: the game does not wait).
    pub(super) fn record(&self) {
        let (Some(db), Some(row)) = (&self.db, self.row()) else {
            return;
        };
        db.post(move |store| {
            if let Err(why) = store.put_game(&row) {
                eprintln!("{why}");
            }
        });
    }

    /// Writes the ended game's row and its heroes' `runs`, each with the player of its hero.
    pub(super) fn record_end(&self, runs: &[Score]) {
        let (Some(db), Some(row)) = (&self.db, self.row()) else {
            return;
        };
        let scores: Vec<ScoreRow> = runs.iter().map(|run| self.score_row(run)).collect();
        db.post(move |store| {
            let done = store
                .put_game(&row)
                .and_then(|()| store.finish_game(row.id, &scores));
            if let Err(why) = done {
                eprintln!("{why}");
            }
        });
    }

    /// `run`'s row: its hero (the game's one hero in a game of one) and that hero's player.
    fn score_row(&self, run: &Score) -> ScoreRow {
        let first = self.seats.first().map(|s| s.hero);
        let hero = match run.party() {
            Some((hero, _)) => hero.to_string(),
            None => first.map_or_else(String::new, |h| self.world.creatures()[h].name.clone()),
        };
        let player = self
            .seats
            .iter()
            .find(|s| self.world.creatures()[s.hero].name == hero)
            .and_then(|s| s.name.clone());
        ScoreRow {
            game: self.id.0,
            hero,
            player,
            ending: run.ending.describe(),
            deepest: run.deepest,
            turns: run.turns,
            kills: run.kills,
        }
    }
}
