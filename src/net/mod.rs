//! Playing over the network: the frames every connection speaks, the handshake that opens
//! one, the games the server hosts and what each player is sent of them (ARCHITECTURE.md,
//! "The network"). A peer is as hostile as a file: every frame is bounded before it is read,
//! and every value is checked before it is used.

pub mod client;
pub mod frame;
pub mod game;
pub mod hello;
pub mod join;
pub mod message;
pub mod serve;
pub mod server;
pub mod ssh;
pub mod store;
pub mod stream;
pub mod view;
pub mod watch;

pub use client::Client;
pub use frame::{FrameError, read_frame, write_frame};
pub use hello::{Hello, PROTOCOL_VERSION, Refusal};
pub use message::{ClientMessage, GameId, GameInfo, NewGame, ServerMessage};
pub use server::{Limits, Server};
pub use view::View;
