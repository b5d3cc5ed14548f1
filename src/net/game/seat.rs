//! A seat of a network game: a hero, the player who took it (by name), the connection that
//! plays it now, that player's time bank and the lines they were told.

use crate::net::message::ServerMessage;
use crate::net::view::{VIEW_LINES, View};
use crate::sim::control::PlayerId;
use crate::sim::{CreatureId, Names};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{mpsc, watch};

/// A connection's number on its server.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct ConnId(pub u64);

/// How a game reaches the connection playing a seat: answers in a small bounded queue (the
/// game never waits on it: a connection that lets it fill is dropped), and views in a slot
/// that holds only the newest (a slow reader skips views, never stalls the game).
#[derive(Clone, Debug)]
pub struct Link {
    /// The connection.
    pub conn: ConnId,
    /// Answers to its requests and directives.
    pub replies: mpsc::Sender<ServerMessage>,
    /// Its newest view.
    pub views: watch::Sender<Option<Arc<View>>>,
}

/// How many answers a connection may leave unread before its game drops it.
pub const REPLIES: usize = 32;

/// The two ends a connection keeps of its [`Link`].
#[derive(Debug)]
pub struct LinkEnds {
    /// Answers.
    pub replies: mpsc::Receiver<ServerMessage>,
    /// Views.
    pub views: watch::Receiver<Option<Arc<View>>>,
}

impl Link {
    /// A new link for connection `conn`, and the ends the connection reads.
    pub fn new(conn: ConnId) -> (Link, LinkEnds) {
        let (replies, replies_rx) = mpsc::channel(REPLIES);
        let (views, views_rx) = watch::channel(None);
        let link = Link {
            conn,
            replies,
            views,
        };
        let ends = LinkEnds {
            replies: replies_rx,
            views: views_rx,
        };
        (link, ends)
    }

    /// Sends an answer without waiting: `false` when the connection's queue is full or it
    /// is gone, and the game should drop it.
    pub fn reply(&self, message: ServerMessage) -> bool {
        self.replies.try_send(message).is_ok()
    }
}

/// One seat of a game.
#[derive(Debug)]
pub struct Seat {
    /// The seat's hero.
    pub hero: CreatureId,
    /// Its player number in the game's `Control`.
    pub player: PlayerId,
    /// The name of the player who took it: theirs to take back after a reconnect.
    pub name: Option<String>,
    /// The connection playing it now; `None` while nobody does (the AI has the hero).
    pub link: Option<Link>,
    /// Time left in the player's bank (a game with a clock).
    pub bank: Duration,
    /// Whether the player's time for the coming segment has been charged (they answered).
    pub charged: bool,
    /// Whether the player's time ran out in the coming segment.
    pub late: bool,
    /// The letters the player's monsters go by.
    pub names: Names,
    /// The player's latest lines, at most [`VIEW_LINES`].
    pub log: Vec<String>,
    /// The number of `log[0]` among every line told to the player.
    pub log_start: u64,
}

impl Seat {
    /// An empty seat for `hero`, played as `player`, with `bank` of time.
    pub fn new(hero: CreatureId, player: PlayerId, bank: Duration) -> Seat {
        Seat {
            hero,
            player,
            name: None,
            link: None,
            bank,
            charged: false,
            late: false,
            names: Names::default(),
            log: Vec::new(),
            log_start: 0,
        }
    }

    /// Whether a connection plays the seat now.
    pub fn present(&self) -> bool {
        self.link.is_some()
    }

    /// Whether connection `conn` plays the seat.
    pub fn played_by(&self, conn: ConnId) -> bool {
        self.link.as_ref().is_some_and(|l| l.conn == conn)
    }

    /// Adds `line` to what the player was told, keeping the last [`VIEW_LINES`].
    pub fn tell(&mut self, line: String) {
        self.log.push(line);
        if self.log.len() > VIEW_LINES {
            let over = self.log.len() - VIEW_LINES;
            self.log.drain(..over);
            self.log_start += over as u64;
        }
    }

    /// Charges `elapsed` to the bank once in the coming segment.
    pub fn charge(&mut self, elapsed: Duration) {
        if !self.charged {
            self.bank = self.bank.saturating_sub(elapsed);
            self.charged = true;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seat_keeps_its_last_lines_and_counts_the_dropped() {
        let mut seat = Seat::new(0, PlayerId(1), Duration::ZERO);
        for n in 0..VIEW_LINES + 3 {
            seat.tell(format!("line {n}"));
        }
        assert_eq!(seat.log.len(), VIEW_LINES);
        assert_eq!(seat.log_start, 3);
        assert_eq!(seat.log[0], "line 3");
    }

    #[test]
    fn a_full_queue_asks_the_game_to_drop_the_connection() {
        let (link, _ends) = Link::new(ConnId(1));
        for _ in 0..REPLIES {
            assert!(link.reply(ServerMessage::Left));
        }
        assert!(!link.reply(ServerMessage::Left), "the queue is full");
    }

    #[test]
    fn time_is_charged_once_a_segment() {
        let mut seat = Seat::new(0, PlayerId(1), Duration::from_secs(10));
        seat.charge(Duration::from_secs(3));
        seat.charge(Duration::from_secs(3));
        assert_eq!(seat.bank, Duration::from_secs(7));
    }
}
