//! The task that owns a game: it takes what the connections send it from one bounded queue,
//! wakes at the first deadline, and never waits on a connection.

use super::Game;
use super::seat::{ConnId, Link};
use crate::net::message::{GameId, GameInfo};
use crate::sim::Command;
use crate::sim::orders::Order;
use std::sync::{Arc, Mutex};
use tokio::sync::{mpsc, oneshot};

/// How many messages from its connections a game queues before they wait.
pub const INBOX: usize = 256;

/// What a connection asks of its game.
#[derive(Debug)]
pub enum ToGame {
    /// Player `name` takes a seat through `link`.
    Join {
        /// The player's name.
        name: String,
        /// How the game reaches the connection.
        link: Link,
    },
    /// Spectator `name` watches the game through `link` ([`Game::watch`]).
    Watch {
        /// The spectator's name.
        name: String,
        /// The account it proved its name is; `None` for an unclaimed name.
        account: Option<String>,
        /// How the game reaches the connection.
        link: Link,
    },
    /// A spectator follows the hero of a seat ([`Game::follow`]).
    Follow {
        /// The connection.
        conn: ConnId,
        /// The seat, from 0.
        seat: usize,
    },
    /// The connection leaves its seat or stops watching, or is gone.
    Leave(ConnId),
    /// The server stops: the game is saved, says so on the sender, and its task ends.
    Stop(oneshot::Sender<()>),
    /// A standing order ([`Game::order`]).
    Order {
        /// The connection.
        conn: ConnId,
        /// The turn and segment it was given in.
        at: (u64, u32),
        /// The creature, by server id.
        creature: u32,
        /// The order.
        order: Order,
    },
    /// The player takes a creature back from its standing order ([`Game::halt`]).
    Halt {
        /// The connection.
        conn: ConnId,
        /// The creature, by server id.
        creature: u32,
    },
    /// A directive ([`Game::direct`]).
    Direct {
        /// The connection.
        conn: ConnId,
        /// The turn and segment it was given for.
        at: (u64, u32),
        /// The creature, by server id.
        creature: u32,
        /// What it is to do.
        command: Command,
    },
}

/// How connections reach a game task.
#[derive(Clone, Debug)]
pub struct GameHandle {
    /// The game's number.
    pub id: GameId,
    /// Its queue.
    pub inbox: mpsc::Sender<ToGame>,
    /// What the lobby lists of it.
    pub info: Arc<Mutex<GameInfo>>,
}

/// Starts `game` in a task of its own; the handle reaches it.
pub fn spawn(game: Game) -> GameHandle {
    let (inbox, rx) = mpsc::channel(INBOX);
    let handle = GameHandle {
        id: game.id(),
        inbox,
        info: game.info(),
    };
    tokio::spawn(run(game, rx));
    handle
}

/// Runs `game` until every handle to it is dropped: what its connections send, and its
/// deadlines, in the order they come.
pub async fn run(mut game: Game, mut inbox: mpsc::Receiver<ToGame>) {
    loop {
        let deadline = game.deadline();
        tokio::select! {
            message = inbox.recv() => match message {
                Some(ToGame::Stop(done)) => {
                    game.stop();
                    let _ = done.send(());
                    return;
                }
                Some(message) => game.handle(message),
                None => return,
            },
            () = sleep_until(deadline), if deadline.is_some() => game.check_clock(),
        }
        game.settle();
    }
}

/// Sleeps until `deadline` (forever without one: the branch is off then).
async fn sleep_until(deadline: Option<tokio::time::Instant>) {
    match deadline {
        Some(at) => tokio::time::sleep_until(at).await,
        None => std::future::pending().await,
    }
}

impl Game {
    /// Takes one message from a connection.
    pub fn handle(&mut self, message: ToGame) {
        match message {
            ToGame::Join { name, link } => self.join(&name, link),
            ToGame::Leave(conn) => self.leave(conn),
            ToGame::Stop(done) => {
                self.stop();
                let _ = done.send(());
            }
            ToGame::Watch {
                name,
                account,
                link,
            } => self.watch(&name, account, link),
            ToGame::Follow { conn, seat } => self.follow(conn, seat),
            ToGame::Direct {
                conn,
                at,
                creature,
                command,
            } => self.direct(conn, at, creature, command),
            ToGame::Order {
                conn,
                at,
                creature,
                order,
            } => self.order(conn, at, creature, order),
            ToGame::Halt { conn, creature } => self.halt(conn, creature),
        }
    }
}
