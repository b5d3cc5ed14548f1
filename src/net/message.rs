//! What a client and the server say to each other after the hello. Each message is one
//! frame; [`super::hello::PROTOCOL_VERSION`] changes whenever one of these changes shape.

use serde::{Deserialize, Serialize};

/// The largest frame a client may send: its messages are small.
pub const MAX_CLIENT_FRAME: usize = 4096;

/// What a client says.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ClientMessage {
    /// Are you there? The server answers [`ServerMessage::Pong`] with the same number.
    Ping(u64),
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
}
