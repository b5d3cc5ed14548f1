//! What a client and the server say to each other after the hello. Each message is one
//! frame; [`super::hello::PROTOCOL_VERSION`] changes whenever one of these changes shape.

use super::view::View;
use crate::geom::Tiling;
use crate::sim::Command;
use crate::sim::orders::Order;
use serde::{Deserialize, Serialize};

/// The largest frame a client may send: its messages are small.
pub const MAX_CLIENT_FRAME: usize = 4096;

/// The most players one game seats.
pub const MAX_SEATS: u8 = 4;

/// A game's number on its server.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct GameId(pub u32);

impl std::fmt::Display for GameId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A new game as a client asks for it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NewGame {
    /// Its seats, one a hero: 1 to [`MAX_SEATS`].
    pub players: u8,
    /// Its tiling.
    pub tiling: Tiling,
    /// Its seed; the server draws one when `None`.
    pub seed: Option<u64>,
}

/// A game as the lobby lists it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameInfo {
    /// Its number.
    pub id: GameId,
    /// Its tiling.
    pub tiling: Tiling,
    /// The turn under way.
    pub turn: u64,
    /// Per seat: the name of the player who took it, if anyone has, and whether they are
    /// connected now.
    pub seats: Vec<(Option<String>, bool)>,
    /// Whether the game has ended.
    pub over: bool,
}

/// What a client says.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ClientMessage {
    /// Are you there? The server answers [`ServerMessage::Pong`] with the same number.
    Ping(u64),
    /// Start a new game: answered [`ServerMessage::Created`]. The client does not join it
    /// by creating it.
    Create(NewGame),
    /// Which games are there? Answered [`ServerMessage::Games`].
    List,
    /// Take a free seat of a game, or one's own seat back (by name): answered
    /// [`ServerMessage::Joined`] and a view, or [`ServerMessage::Denied`].
    Join(GameId),
    /// Watch a game as a spectator: answered [`ServerMessage::Watching`] and views of the
    /// hero followed, or [`ServerMessage::Denied`]. A spectator gives no directives.
    Watch(GameId),
    /// Follow the hero of seat `n` (from 0, in the roster's order) of the game watched:
    /// answered with a view of it, or [`ServerMessage::Denied`].
    Follow(u8),
    /// Leave the game joined or watched: a player's hero passes to the AI until its player
    /// joins again.
    Leave,
    /// A directive for the segment `turn`, `segment` (the view's): creature `creature` (its
    /// id on the server, [`View::ids`]) is to carry out `command`.
    Direct {
        /// The turn of the view the directive was chosen in.
        turn: u64,
        /// The segment of that view.
        segment: u32,
        /// The creature, by its server id.
        creature: u32,
        /// What it is to do.
        command: Command,
    },
    /// A standing order from the segment `turn`, `segment` on: creature `creature` travels,
    /// explores or rests segment after segment until it is done, interrupted or halted.
    Order {
        /// The turn of the view the order was given in.
        turn: u64,
        /// The segment of that view.
        segment: u32,
        /// The creature, by its server id.
        creature: u32,
        /// The order.
        order: Order,
    },
    /// The player takes creature `creature` (its server id) back from its standing order.
    Halt {
        /// The creature, by its server id.
        creature: u32,
    },
}

/// What the server says.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ServerMessage {
    /// The hello is taken: the server's protocol and hexdeep version, and the name the
    /// client plays under.
    Welcome {
        /// The server's protocol.
        protocol: u32,
        /// The server's hexdeep version.
        game: String,
        /// The client's name.
        name: String,
    },
    /// The server turns the client away and closes the connection, saying why.
    Refused(String),
    /// The answer to [`ClientMessage::Ping`].
    Pong(u64),
    /// The games on the server, by number.
    Games(Vec<GameInfo>),
    /// A game was made for [`ClientMessage::Create`].
    Created(GameId),
    /// The client plays game `game` with hero `hero`; views follow.
    Joined {
        /// The game.
        game: GameId,
        /// The hero, by its id (the heroes keep theirs in every view).
        hero: u32,
    },
    /// The client watches game `game`, following the hero of seat `seat`; views follow.
    Watching {
        /// The game.
        game: GameId,
        /// The seat followed (from 0).
        seat: u8,
    },
    /// The client left its game.
    Left,
    /// A request or directive was refused, saying why; the connection stays open.
    Denied(String),
    /// The client's view of its game, after a segment resolved or the roster changed.
    Update(Box<View>),
}
