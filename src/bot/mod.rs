//! The scripted player: it plays whole games headless to measure the game. It chooses each
//! [`Command`](crate::sim::Command) from what the player could know (the world's
//! player-knowledge queries: what is in view and remembered), never from the hidden map or
//! unseen monsters. No clock, no files, no unseeded randomness: the same seed plays the same
//! game.

mod eye;
mod felt;
mod fight;
pub mod game;
mod gear;
mod mind;
pub mod party;
pub mod run;
pub mod summary;
mod together;

pub use game::{Outcome, Played, play, play_on, play_world};
pub use mind::Bot;
pub use party::{Party, play_party, play_party_on};
pub use run::{RunConfig, game_seed, run};
pub use summary::Summary;
pub use together::Chosen;
