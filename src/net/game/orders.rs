//! Standing orders over the network: travel, exploring and rest are given once and carried
//! on by the game, a segment at a time, as in a hotseat game ([`crate::sim::control`]). A
//! segment that only standing orders answer resolves [`ORDER_STEP`] after it opened, so the
//! players can follow it; a person's directive resolves it at once. A key of the player ends
//! their order ([`Game::halt`]); an order that ends by itself is told to its player.

use super::Game;
use super::seat::ConnId;
use crate::net::message::ServerMessage;
use crate::sim::CreatureId;
use crate::sim::orders::Order;
use crate::ui::describe::sentence;
use std::time::Duration;
use tokio::time::Instant;

/// How long a segment that only standing orders answer stays open.
pub const ORDER_STEP: Duration = Duration::from_millis(40);

impl Game {
    /// Connection `conn` gives creature `creature` (a server id) the standing order `order`
    /// from the segment (`turn`, `segment`) on: refused, saying why, unless its seat's player
    /// controls the creature, the segment is the coming one and a travel's goal is a tile of
    /// the hero's level.
    pub fn order(&mut self, conn: ConnId, at: (u64, u32), creature: u32, order: Order) {
        if let Err(why) = self.take_order(conn, at, creature as CreatureId, order) {
            self.answer(conn, ServerMessage::Denied(why));
        }
    }

    fn take_order(
        &mut self,
        conn: ConnId,
        at: (u64, u32),
        id: CreatureId,
        order: Order,
    ) -> Result<(), String> {
        let n = self.directing_seat(conn, at)?;
        let player = self.seats[n].player;
        if id >= self.world.creatures().len() {
            return Err(format!("you do not control creature {id}"));
        }
        if let Order::Travel(to) = order
            && self.world.level_of(id).terrain.index(to).is_none()
        {
            return Err(format!("{to} is not on your hero's level"));
        }
        self.control
            .order(&self.world, player, id, order)
            .map_err(|e| sentence(&e.to_string()))?;
        if self.control.standing_order(id).is_none() {
            // It ended as it was given (a monster in view, nothing to find, healed): no step
            // is given, and the player is told why as a refusal, which frees their keys.
            let ended = self.control.ended();
            let why = ended.iter().rev().find(|(hero, ..)| *hero == id);
            let line = why.and_then(|&(_, order, end)| crate::ui::hotseat::ended_line(order, end));
            return Err(line.unwrap_or("The order ends at once.").to_string());
        }
        self.directed = true;
        self.dirty = true;
        Ok(())
    }

    /// Connection `conn`'s player takes creature `creature` back from its standing order (a
    /// key pressed while it ran): from the next segment on the game waits for them again.
    pub fn halt(&mut self, conn: ConnId, creature: u32) {
        let Some(n) = self.seats.iter().position(|s| s.played_by(conn)) else {
            return;
        };
        let id = creature as CreatureId;
        let player = self.seats[n].player;
        let controls = self
            .control
            .hierarchy_of(&self.world, id)
            .is_some_and(|h| h.controls(player));
        if controls && self.control.halt(id) {
            self.dirty = true;
        }
    }

    /// Whether the coming segment is answered by standing orders alone, nobody present
    /// having directed in it: it waits out [`ORDER_STEP`].
    pub(super) fn paced(&self) -> bool {
        !self.directed
            && self
                .seats
                .iter()
                .any(|s| self.control.standing_order(s.hero).is_some())
    }

    /// When a segment that standing orders answer resolves, if the coming one is such.
    pub(super) fn order_step_due(&mut self) -> Option<Instant> {
        let anyone = self.seats.iter().any(super::seat::Seat::present);
        let ready = anyone && !self.world.is_over() && self.waiting().is_empty();
        (ready && self.paced()).then_some(self.opened + ORDER_STEP)
    }

    /// Tells each player whose hero's standing order ended (as the coming segment opened)
    /// why, as `play` tells the end of its travel, exploring or rest.
    pub(super) fn tell_ended_orders(&mut self) {
        for (hero, order, end) in self.control.ended() {
            let line = crate::ui::hotseat::ended_line(order, end);
            let seat = self.seats.iter_mut().find(|s| s.hero == hero);
            if let (Some(seat), Some(line)) = (seat, line) {
                seat.tell(line.to_string());
                self.dirty = true;
            }
        }
    }
}
