//! Saves and replays on disk (ARCHITECTURE.md "Files"): a header with magic, versions and a
//! checksum, a bounded bincode payload behind one small codec module, atomic writes that keep
//! the previous save, and where the files live. The core never touches files; the shells call
//! this module.

pub mod asciicast;
pub mod codec;
pub mod container;
pub mod cost;
pub mod game;
pub mod keyframes;
pub mod location;
mod party_scores;
mod schema;
pub mod stale;
pub mod store;
pub mod trust;
pub mod verify;

pub use container::{FORMAT_VERSION, Header, Kind, OLDEST_FORMAT};
pub use game::{
    HallOfFame, LoadError, SavedGame, Score, finish_game, is_plain_name, load_game, load_scores,
    name_of_save, new_save_name, on_tiling, record_score, record_scores, save_game, save_game_at,
    write_finished,
};
pub use keyframes::Keyframes;
pub use location::{FILES_HELP, Places, SaveDir};
pub use schema::{SchemaError, check_new_game, decode_world, encode_world};
pub use store::PersistError;
