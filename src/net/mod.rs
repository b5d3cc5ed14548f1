//! Playing over the network: the frames every connection speaks and the handshake that opens
//! one (ARCHITECTURE.md, "The network"). A peer is as hostile as a file: every frame is
//! bounded before it is read, and every value is checked before it is used.

pub mod frame;
pub mod hello;
pub mod message;
pub mod server;
pub mod stream;

pub use frame::{FrameError, read_frame, write_frame};
pub use hello::{Hello, PROTOCOL_VERSION, Refusal};
pub use message::{ClientMessage, ServerMessage};
pub use server::{Limits, Server};
