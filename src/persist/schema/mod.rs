//! The save schema: what a save, a finished game and the hall of fame hold on disk, as types
//! of their own apart from the rules' structs, one module per format version, with an
//! explicit migration from every earlier version to the current one.
//!
//! - [`v1`]: format 1, written by hexdeep 0.1.0 (the rules' structs of that release).
//! - [`v2`]: format 2, written by hexdeep 0.2.0: tiles and memory in tile coordinates, only
//!   the levels a game has made, a record that says which release recorded which stretch.
//! - [`v3`]: format 3, written by hexdeep 0.3.0: format 2 with the letters a creature
//!   remembers for the kinds of item it ran out of.
//! - [`v4`]: format 4, written by hexdeep 0.4.0: format 3 with the tiling a game is played
//!   on, in the world, in each level and in each run of the hall of fame.
//! - [`v5`]: format 5, the current one: format 4 with the features on the sides between
//!   tiles and on corners (thin walls, doors on sides, pillars) in each level.
//!
//! Reading a file decodes the payload as its format's types, migrates it step by step to the
//! current schema, and only then builds the rules' values, checking every text and bounding
//! every grid by what the file holds before it is allocated ([`budget`]: by its tiles, and all
//! the levels of a file together).

mod budget;
mod game;
mod level;
mod migrate;
mod migrate_v2;
mod migrate_v3;
mod migrate_v4;
mod sides;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_budget;
#[cfg(test)]
mod tests_sides;
mod v1;
mod v2;
mod v3;
mod v4;
mod v5;
mod world;

use super::codec::{self, CodecError};
use super::game::{HallOfFame, SavedGame};
use crate::content::Content;
use std::sync::Arc;

/// The longest text a file may hold in one place: a name, a message, a version.
pub const MAX_TEXT: usize = 4096;

/// Why a payload does not make a game.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct SchemaError(String);

impl SchemaError {
    fn new(what: impl Into<String>) -> SchemaError {
        SchemaError(what.into())
    }
}

impl From<CodecError> for SchemaError {
    fn from(e: CodecError) -> SchemaError {
        SchemaError(e.to_string())
    }
}

/// Refuses a text longer than [`MAX_TEXT`] bytes.
fn check_text(what: &str, text: &str) -> Result<(), SchemaError> {
    if text.len() > MAX_TEXT {
        return Err(SchemaError::new(format!(
            "{what} is {} bytes long, more than the limit of {MAX_TEXT}",
            text.len()
        )));
    }
    Ok(())
}

/// The payload of a saved or finished game in the current format, read back as a load reads
/// it before it is given: a save its own reader would refuse (a level larger than its tiles
/// allow, a text longer than a file may hold) is never written, so the save before it stays.
pub fn encode_game(game: &SavedGame) -> Result<Vec<u8>, CodecError> {
    let payload = codec::encode(&game::game_to_schema(game))?;
    let content = game.current.content_handle();
    let maker = game.record.last_maker();
    decode_game(
        super::FORMAT_VERSION,
        &payload,
        &maker.version,
        maker.hash,
        &content,
    )
    .map_err(|e| CodecError::Encode(format!("{e}: it could not be read back")))?;
    Ok(payload)
}

/// Checks that a new game whose first depths are `levels` can be saved and read back however
/// far it is played, before its world is built: each level within the span its tiles allow
/// (64 cells a tile and 65,536 besides), and all of them counted as made, in both worlds a
/// save holds, within the file's budget.
pub fn check_new_game(levels: &[&crate::map::Level]) -> Result<(), String> {
    budget::check_new_game(levels).map_err(|e| e.to_string())
}

/// A saved or finished game from a payload of `format`; `game_version` and `hash` are what
/// the file's header says (they name who recorded a format 1 game).
pub fn decode_game(
    format: u32,
    payload: &[u8],
    game_version: &str,
    hash: u32,
    content: &Arc<Content>,
) -> Result<SavedGame, SchemaError> {
    let current = match format {
        1 => {
            let old = codec::decode::<v1::SavedGame>(payload)?;
            budget::check_v1_game(&old)?;
            let v2 = migrate::game(&old, game_version, hash)?;
            migrate_v4::game(&migrate_v3::game(&migrate_v2::game(&v2)))
        }
        2 => {
            let v2 = codec::decode::<v2::SavedGame>(payload)?;
            migrate_v4::game(&migrate_v3::game(&migrate_v2::game(&v2)))
        }
        3 => migrate_v4::game(&migrate_v3::game(&codec::decode::<v3::SavedGame>(payload)?)),
        4 => migrate_v4::game(&codec::decode::<v4::SavedGame>(payload)?),
        5 => codec::decode::<v5::SavedGame>(payload)?,
        _ => return Err(SchemaError::new(format!("no schema for format {format}"))),
    };
    budget::check_game(&current)?;
    game::game_from_schema(&current, content)
}

/// The payload of the hall of fame in the current format.
pub fn encode_scores(hall: &HallOfFame) -> Result<Vec<u8>, CodecError> {
    codec::encode(&game::scores_to_schema(hall))
}

/// The hall of fame from a payload of `format`.
pub fn decode_scores(format: u32, payload: &[u8]) -> Result<HallOfFame, SchemaError> {
    let current = match format {
        1 => migrate_v3::scores(&migrate::scores(&codec::decode::<v1::HallOfFame>(payload)?)),
        2 | 3 => migrate_v3::scores(&codec::decode::<v3::HallOfFame>(payload)?),
        // Format 5 left the hall of fame as format 4 wrote it.
        4 | 5 => codec::decode::<v5::HallOfFame>(payload)?,
        _ => return Err(SchemaError::new(format!("no schema for format {format}"))),
    };
    game::scores_from_schema(&current)
}
