//! A network game's segments: directives checked against the players' control, the chess
//! clock, the segment resolved once nobody present is waited for, and each player sent their
//! own view of it.

use super::Game;
use super::seat::ConnId;
use crate::net::message::ServerMessage;
use crate::net::view::{SeatView, View, redact, roster_only};
use crate::sim::orders::Order;
use crate::sim::{Command, CreatureId};
use crate::ui::describe::sentence;
use std::sync::Arc;
use std::time::Duration;
use tokio::time::Instant;

impl Game {
    /// Connection `conn` gives creature `creature` (a server id) `command` for the segment
    /// (`turn`, `segment`): refused, saying why, unless its seat's player controls the
    /// creature, the segment is the coming one and the rules take the command.
    pub fn direct(&mut self, conn: ConnId, at: (u64, u32), creature: u32, command: Command) {
        let why = self.take_directive(conn, at, creature as CreatureId, command);
        if let Err(why) = why {
            self.answer(conn, ServerMessage::Denied(why));
        }
    }

    /// Takes a directive, or says why not.
    fn take_directive(
        &mut self,
        conn: ConnId,
        at: (u64, u32),
        id: CreatureId,
        command: Command,
    ) -> Result<(), String> {
        let n = self.directing_seat(conn, at)?;
        let player = self.seats[n].player;
        let controls = id < self.world.creatures().len()
            && self
                .control
                .hierarchy_of(&self.world, id)
                .is_some_and(|h| h.controls(player));
        if !controls {
            return Err(format!("you do not control creature {id}"));
        }
        // The rules check a hero's command on the viewer's level: the hero's own, which may
        // not be the level of the seat last told its segment.
        self.world.set_viewer(id);
        self.control
            .give(&self.world, player, id, command)
            .map_err(|e| sentence(&e.to_string()))?;
        if self.world.is_hero(id) {
            let elapsed = self.opened.elapsed();
            self.seats[n].charge(elapsed);
        }
        self.directed = true;
        self.dirty = true;
        Ok(())
    }

    /// The seat of connection `conn`'s player, who directs for the segment `at`: refused,
    /// saying why, for a spectator, a connection without a seat, or another segment.
    pub(super) fn directing_seat(&self, conn: ConnId, at: (u64, u32)) -> Result<usize, String> {
        if self.watched_by(conn) {
            return Err("a spectator gives no directives".to_string());
        }
        let Some(n) = self.seats.iter().position(|s| s.played_by(conn)) else {
            return Err("join a game before giving directives".to_string());
        };
        let now = (self.world.turn(), self.world.segment());
        if at != now || self.world.is_over() {
            return Err(format!(
                "that directive was for turn {} segment {}; the game is at turn {} segment {}",
                at.0, at.1, now.0, now.1
            ));
        }
        Ok(n)
    }

    /// The seats (indices) the coming segment still waits for: present, with an acting hero
    /// nobody has given a directive for, their time not run out.
    pub fn waiting(&mut self) -> Vec<usize> {
        if self.world.is_over() {
            return Vec::new();
        }
        let players = self.control.waiting_for(&self.world);
        (0..self.seats.len())
            .filter(|&n| {
                let s = &self.seats[n];
                s.present() && !s.late && players.contains(&s.player)
            })
            .collect()
    }

    /// When the game must look at the clock again: the first waited-for player's time runs
    /// out (in a game with a clock), or a segment that standing orders answer resolves.
    pub fn deadline(&mut self) -> Option<Instant> {
        let step = self.order_step_due();
        let opened = self.opened;
        let clock = self.clock.and_then(|_| {
            let waiting = self.waiting();
            waiting.iter().map(|&n| opened + self.seats[n].bank).min()
        });
        step.into_iter().chain(clock).min()
    }

    /// Marks late every waited-for player whose time has run out: their hero follows the AI
    /// this segment, and everyone is told.
    pub fn check_clock(&mut self) {
        if self.clock.is_none() {
            return;
        }
        let elapsed = self.opened.elapsed();
        for n in self.waiting() {
            if self.seats[n].bank <= elapsed {
                self.seats[n].late = true;
                self.seats[n].bank = Duration::ZERO;
                let name = self.seats[n].name.clone().unwrap_or_default();
                self.tell_all(&format!(
                    "{name}'s time ran out: their hero follows the AI this segment."
                ));
            }
        }
    }

    /// After anything happened: resolves the coming segment when somebody plays and nobody
    /// is waited for, then sends the views when they changed.
    pub fn settle(&mut self) {
        let anyone = self.seats.iter().any(super::seat::Seat::present);
        let due = !self.paced() || self.opened.elapsed() >= super::orders::ORDER_STEP;
        if anyone && !self.world.is_over() && self.waiting().is_empty() && due {
            self.resolve();
        }
        // The coming segment opens: a standing order that ends as it does is told now.
        self.waiting();
        self.tell_ended_orders();
        if self.dirty {
            self.publish();
            self.send_views();
            self.dirty = false;
        }
    }

    /// Resolves the coming segment: the heroes of absent and late players follow the AI;
    /// each player's time is charged and their increment added; the record and the save
    /// take the segment; each player is told it as their hero saw it.
    fn resolve(&mut self) {
        let late: Vec<_> = self
            .seats
            .iter()
            .filter(|s| !s.present() || s.late)
            .map(|s| s.player)
            .collect();
        let resolved = self.control.resolve(&mut self.world, |p| late.contains(&p));
        self.dirty = true;
        let resolved = match resolved {
            Ok(resolved) => resolved,
            Err((hero, why)) => {
                if let Some(seat) = self.seats.iter_mut().find(|s| s.hero == hero) {
                    seat.tell(sentence(&why.to_string()));
                }
                return;
            }
        };
        self.run_clock();
        if let Some(file) = self.file.as_mut() {
            file.note_segment(&resolved.given, &self.world);
        }
        self.tell_segment(&resolved.events);
        self.save();
        if self.world.is_over() {
            self.finish();
        }
    }

    /// Charges every player who did not answer for the segment just resolved and adds every
    /// player's increment; the next segment's time runs from now.
    fn run_clock(&mut self) {
        let elapsed = self.opened.elapsed();
        let increment = self.clock.map_or(Duration::ZERO, |c| c.1);
        for seat in &mut self.seats {
            if self.clock.is_some() {
                seat.charge(elapsed);
                seat.bank += increment;
            }
            seat.charged = false;
            seat.late = false;
        }
        self.opened = Instant::now();
        self.directed = false;
    }

    /// Tells each player the segment's `events` as their hero saw them.
    fn tell_segment(&mut self, events: &[crate::sim::Event]) {
        for seat in &mut self.seats {
            self.world.set_viewer(seat.hero);
            seat.names.see(&self.world);
            let lines = crate::sim::messages_seen_by(events, &self.world, &seat.names, seat.hero);
            for line in lines {
                seat.tell(sentence(&line));
            }
            seat.names.forget_gone(&self.world);
        }
    }

    /// Puts an ended game away: its replay, dump and scores, as `play` does.
    pub(super) fn finish(&mut self) {
        let log: Vec<String> = Vec::new();
        if let Some(done) = self.file.as_mut().and_then(|f| f.finish(&self.world, &log)) {
            if let Some(problem) = done.problems.first() {
                let line = format!("The server could not put the game away: {problem}");
                self.tell_all(&line);
            }
            self.record_end(&done.runs);
        }
    }

    /// What every player sees of the roster.
    pub(super) fn roster(&mut self) -> Vec<SeatView> {
        let waiting = self.waiting();
        let elapsed = self.opened.elapsed();
        let clock = self.clock;
        self.seats
            .iter()
            .enumerate()
            .map(|(n, s)| SeatView {
                name: s.name.clone(),
                present: s.present(),
                waiting: waiting.contains(&n),
                standing: self.control.standing_order(s.hero).map(Order::doing),
                clock_ms: clock.map(|_| {
                    let left = if s.charged {
                        s.bank
                    } else {
                        s.bank.saturating_sub(elapsed)
                    };
                    left.as_millis() as u64
                }),
            })
            .collect()
    }

    /// Sends each present player their view; a view that cannot be sent drops its
    /// connection, saying why.
    fn send_views(&mut self) {
        let seats = self.roster();
        for n in 0..self.seats.len() {
            let Some(link) = self.seats[n].link.clone() else {
                continue;
            };
            match self.view_for(n, seats.clone()) {
                Ok(view) => {
                    link.views.send_replace(Some(Arc::new(view)));
                }
                Err(why) => {
                    link.reply(ServerMessage::Denied(why));
                    self.drop_seat(n);
                }
            }
        }
        self.send_watchers_views(&seats);
    }

    /// Seat `n`'s view, with the roster `seats`.
    pub fn view_for(&self, n: usize, seats: Vec<SeatView>) -> Result<View, String> {
        let seat = &self.seats[n];
        let log = (seat.log_start, seat.log.clone());
        self.view_of(seat.hero, true, log, seats)
    }

    /// The view of hero `hero` (its field of view with `sight`, else the roster only), with
    /// the lines `log` (the number of the first, and the lines) and the roster `seats`.
    pub(super) fn view_of(
        &self,
        hero: CreatureId,
        sight: bool,
        log: (u64, Vec<String>),
        seats: Vec<SeatView>,
    ) -> Result<View, String> {
        let made = if sight {
            redact(&self.world, hero)
        } else {
            roster_only(&self.world, hero)
        };
        let (world, ids) =
            made.ok_or_else(|| format!("the view of game {} could not be made", self.id))?;
        let bytes = crate::persist::encode_world(&world).map_err(|e| e.to_string())?;
        let visible = if sight {
            self.world.hero_view(hero)
        } else {
            &[]
        };
        let view = View {
            game: self.id,
            turn: self.world.turn(),
            segment: self.world.segment(),
            hero: hero as u32,
            ids: ids.into_iter().map(|id| id as u32).collect(),
            world: bytes,
            visible: visible.iter().map(|&i| i as u32).collect(),
            log_start: log.0,
            log: log.1,
            seats,
        };
        // Checked here, where the game can say so, rather than when the connection sends it
        // (the view goes into the message and back out of it, not copied).
        let update = ServerMessage::Update(Box::new(view));
        crate::net::frame::encode(&update)
            .map_err(|e| format!("the view of game {} is too large to send: {e}", self.id))?;
        let ServerMessage::Update(view) = update else {
            unreachable!("the message made two lines above")
        };
        Ok(*view)
    }
}
