//! A game hosted by the server (ARCHITECTURE.md, "The network"): its authoritative `World`,
//! `Control` and record, its seats, and the chess clock, owned by one task
//! ([`task::run`]) that connections reach only through channels. A segment resolves when no
//! present player with an acting hero is still to give a directive: each has given one, or
//! their time ran out, or they are not connected (their hero follows the AI). Time comes from
//! tokio's clock, which tests pause.

#[cfg(test)]
mod levels_tests;
mod orders;
#[cfg(test)]
mod orders_tests;
mod resume;
#[cfg(test)]
mod resume_tests;
pub mod seat;
pub mod task;
#[cfg(test)]
mod tests;
mod turns;
pub mod watchers;

use crate::content::Content;
use crate::geom::Tiling;
use crate::net::message::{GameId, GameInfo, ServerMessage};
use crate::net::store::Db;
use crate::persist::SaveDir;
use crate::sim::World;
use crate::sim::control::{Control, PlayerId};
use crate::ui::saving::GameFile;
use resume::Parts;
use seat::{ConnId, Link, Seat};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::time::Instant;

/// How a new game is made.
#[derive(Clone, Debug)]
pub struct Setup {
    /// Its seats, one a hero (1 to 4).
    pub players: usize,
    /// Its tiling.
    pub tiling: Tiling,
    /// Its seed.
    pub seed: u64,
    /// Each player's chess clock: a starting bank and what every segment adds; `None` for
    /// no deadlines (the game waits for every present player).
    pub clock: Option<(Duration, Duration)>,
    /// Where it is saved after each segment; `None` keeps it in memory only.
    pub saves: Option<SaveDir>,
    /// The database its row is kept in (with `saves`); `None` for none.
    pub db: Option<Db>,
}

/// A game on the server.
#[derive(Debug)]
pub struct Game {
    id: GameId,
    world: World,
    control: Control,
    seats: Vec<Seat>,
    clock: Option<(Duration, Duration)>,
    /// When the coming segment opened (its players' time runs from then).
    opened: Instant,
    file: Option<GameFile>,
    /// What the lobby lists of the game, kept up to date by the game.
    info: Arc<Mutex<GameInfo>>,
    /// Whether the players' views are to be sent again.
    dirty: bool,
    /// Whether a player gave a directive or an order in the coming segment (otherwise one
    /// that standing orders answer waits [`orders::ORDER_STEP`]).
    directed: bool,
    /// Its tiling.
    tiling: Tiling,
    /// The database its row is kept in.
    db: Option<Db>,
    /// Its spectators.
    watchers: Vec<watchers::Watcher>,
    /// The lines every spectator may read.
    public: watchers::PublicLog,
}

impl Game {
    /// A new game `id` as `setup` says, or why it cannot be made.
    pub fn new(id: GameId, setup: Setup) -> Result<Game, String> {
        let content = Content::bundled().map_err(|e| e.to_string())?;
        let source = crate::mapgen::dungeon_on(setup.tiling);
        let players = setup.players.clamp(1, 4);
        let mut world =
            World::new_party(content.into(), source, setup.seed, Vec::new(), players)
                .ok_or_else(|| format!("the first level has no room for {players} heroes"))?;
        let names: Vec<String> = (1..=players).map(|n| format!("Hero {n}")).collect();
        world.name_heroes(&names);
        let control = Control::of_party(&world, &names);
        // A game of one has no deadline.
        let clock = setup.clock.filter(|_| players > 1);
        let bank = clock.map_or(Duration::ZERO, |c| c.0);
        let seats = world
            .heroes()
            .iter()
            .enumerate()
            .map(|(n, &hero)| Seat::new(hero, PlayerId(n as u16 + 1), bank))
            .collect();
        let file = setup
            .saves
            .map(|dir| GameFile::new(dir, &world, crate::sim::Origin::Fresh));
        let parts = Parts {
            world,
            control,
            seats,
            clock,
            file,
            tiling: setup.tiling,
            db: setup.db,
        };
        let mut game = Game::assemble(id, parts);
        game.save();
        game.record();
        game.publish();
        Ok(game)
    }

    /// The game's number.
    pub fn id(&self) -> GameId {
        self.id
    }

    /// What the lobby lists of the game, as the game keeps it.
    pub fn info(&self) -> Arc<Mutex<GameInfo>> {
        Arc::clone(&self.info)
    }

    /// The authoritative world (for tests and the server's own use: never sent).
    pub fn world(&self) -> &World {
        &self.world
    }

    /// Player `name` takes a seat on connection `link`: their own seat back when they held
    /// one, else the first seat nobody took. Answered on the link.
    pub fn join(&mut self, name: &str, link: Link) {
        let own = self
            .seats
            .iter()
            .position(|s| s.name.as_deref() == Some(name));
        let at = own.or_else(|| self.seats.iter().position(|s| s.name.is_none()));
        let why = match at {
            Some(n) if self.seats[n].present() => {
                Some(format!("{name} already plays in game {}", self.id))
            }
            Some(_) => None,
            None => Some(format!(
                "game {} is full: its {} seats are taken",
                self.id,
                self.seats.len()
            )),
        };
        if let Some(why) = why {
            link.reply(ServerMessage::Denied(why));
            return;
        }
        let Some(n) = at else { return };
        let seat = &mut self.seats[n];
        let joined = ServerMessage::Joined {
            game: self.id,
            hero: seat.hero as u32,
        };
        if link.reply(joined) {
            let new = seat.name.is_none();
            seat.name = Some(name.to_string());
            seat.link = Some(link);
            let line = format!("{name} takes {}.", self.world.creatures()[seat.hero].name);
            self.tell_all(&line);
            if new {
                self.record();
            }
        }
    }

    /// Connection `conn` leaves its seat (or is gone): its hero follows the AI until its
    /// player joins again.
    pub fn leave(&mut self, conn: ConnId) {
        if self.unwatch(conn) {
            return;
        }
        let Some(n) = self.seats.iter().position(|s| s.played_by(conn)) else {
            return;
        };
        if let Some(link) = self.seats[n].link.take() {
            link.reply(ServerMessage::Left);
        }
        let name = self.seats[n].name.clone().unwrap_or_default();
        self.tell_all(&format!("{name} has left: the AI has their hero."));
    }

    /// Adds `line` to every seat's messages.
    fn tell_all(&mut self, line: &str) {
        for seat in &mut self.seats {
            seat.tell(line.to_string());
        }
        self.public.tell(line.to_string());
        self.dirty = true;
    }

    /// Sends `message` to connection `conn`'s seat's player; a connection that lets its
    /// answers pile up is dropped.
    fn answer(&mut self, conn: ConnId, message: ServerMessage) {
        let Some(n) = self.seats.iter().position(|s| s.played_by(conn)) else {
            self.answer_watcher(conn, message);
            return;
        };
        if !self.seats[n]
            .link
            .as_ref()
            .is_some_and(|l| l.reply(message))
        {
            self.drop_seat(n);
        }
    }

    /// Drops seat `n`'s connection, which cannot keep up: its hero follows the AI.
    fn drop_seat(&mut self, n: usize) {
        if self.seats[n].link.take().is_some() {
            let name = self.seats[n].name.clone().unwrap_or_default();
            self.tell_all(&format!("{name} was disconnected: the AI has their hero."));
        }
    }

    /// Writes the save, when the game is kept on disk; a failed save is told to everyone.
    fn save(&mut self) {
        let Some(file) = self.file.as_mut() else {
            return;
        };
        let log: Vec<String> = Vec::new();
        if let Err(why) = file.save(&self.world, &log) {
            self.tell_all(&format!("The server could not save the game: {why}"));
        }
    }

    /// Updates what the lobby lists of the game.
    fn publish(&self) {
        let seats = self
            .seats
            .iter()
            .map(|s| (s.name.clone(), s.present()))
            .collect();
        if let Ok(mut info) = self.info.lock() {
            info.turn = self.world.turn_shown();
            info.seats = seats;
            info.over = self.world.is_over();
        }
    }
}
