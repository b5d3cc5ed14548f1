//! The save schema: what a save, a finished game and the hall of fame hold on disk, as types
//! of their own apart from the rules' structs, one module per format version, with a
//! migration from each version to the next (ARCHITECTURE.md "Files").
//!
//! - [`v1`]: format 1, written by hexdeep 0.1.0 (the rules' structs of that release).
//! - [`v2`]: format 2, written by hexdeep 0.2.0: tiles and memory in tile coordinates, only
//!   the levels a game has made, a record that says which release recorded which stretch.
//! - [`v3`]: format 3, written by hexdeep 0.3.0: format 2 with the letters a creature
//!   remembers for the kinds of item it ran out of.
//! - [`v4`]: format 4, written by hexdeep 0.4.0: format 3 with the tiling a game is played
//!   on, in the world, in each level and in each run of the hall of fame.
//! - [`v5`]: format 5, written by hexdeep 0.5.0: format 4 with the features on the sides
//!   between tiles and on corners (thin walls, doors on sides, pillars) in each level.
//! - [`v6`]: format 6, written by hexdeep 0.6.0: format 5 with a party of heroes in each
//!   world and each step of the record holding a segment's directives with their heroes and
//!   players.
//! - [`v7`]: format 7, the current one: format 6 with each hero's own memory of each level.
//!
//! From format 2 on, a game is one [`envelope`] around each format's frozen world. Reading a
//! file decodes the payload as its format's types, runs it through the list of
//! [`migrations`] from its format on to the current one, and only then builds the rules'
//! values, checking every text and bounding every grid by what the file holds before it is
//! allocated ([`budget`]: by its tiles, and all the levels of a file together).

mod budget;
mod envelope;
mod frozen_world;
mod game;
mod level;
mod migrate;
mod migrate_v2;
mod migrate_v3;
mod migrate_v4;
mod migrate_v5;
mod migrate_v6;
mod migrations;
mod sides;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_budget;
#[cfg(test)]
mod tests_envelope;
#[cfg(test)]
mod tests_formats;
#[cfg(test)]
mod tests_party;
#[cfg(test)]
mod tests_sides;
#[cfg(test)]
mod tests_v1;
#[cfg(test)]
mod tests_verify;
mod v1;
mod v2;
mod v3;
mod v4;
mod v5;
mod v6;
mod v7;
mod world;

use super::codec::{self, CodecError};
use super::game::{HallOfFame, SavedGame};
use crate::content::Content;
use migrations::{Migration, Value, boxed, upgrade};
use serde::de::DeserializeOwned;
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
    let read = read_game(format, payload, game_version, hash)?;
    let current = upgrade::<v7::SavedGame>(format, read, &game_migrations())?;
    budget::check_game(&current)?;
    game::game_from_schema(&current, content)
}

/// A payload of type `T`, boxed for [`upgrade`].
fn read<T: DeserializeOwned + 'static>(payload: &[u8]) -> Result<Value, SchemaError> {
    Ok(boxed(codec::decode::<T>(payload)?))
}

/// The game in a payload of `format` as that format wrote it.
fn read_game(
    format: u32,
    payload: &[u8],
    game_version: &str,
    hash: u32,
) -> Result<Value, SchemaError> {
    match format {
        1 => {
            let game = codec::decode::<v1::SavedGame>(payload)?;
            budget::check_v1_game(&game)?;
            let version = game_version.to_string();
            Ok(boxed(migrate::Made {
                game,
                version,
                hash,
            }))
        }
        2 => read::<v2::SavedGame>(payload),
        3 => read::<v3::SavedGame>(payload),
        4 => read::<v4::SavedGame>(payload),
        5 => read::<v5::SavedGame>(payload),
        6 => read::<v6::SavedGame>(payload),
        7 => read::<v7::SavedGame>(payload),
        _ => Err(SchemaError::new(format!("no schema for format {format}"))),
    }
}

/// A game's migrations, one a format: format 1's game into the envelope of format 2, then
/// each format's worlds into the next's.
fn game_migrations() -> Vec<Migration> {
    vec![
        Migration::new(1, |m: migrate::Made| {
            migrate::game(&m.game, &m.version, m.hash)
        }),
        Migration::new(2, |g: v2::SavedGame| Ok(g.map_worlds(migrate_v2::world))),
        Migration::new(3, |g: v3::SavedGame| Ok(g.map_worlds(migrate_v3::world))),
        Migration::new(4, |g: v4::SavedGame| Ok(g.map_worlds(migrate_v4::world))),
        Migration::new(5, |g: v5::SavedGame| Ok(migrate_v5::game(g))),
        Migration::new(6, |g: v6::SavedGame| Ok(migrate_v6::game(g))),
    ]
}

/// The payload of one world in the current format, as a save holds its world now: what a
/// network view carries (`net::view`).
pub fn encode_world(world: &crate::sim::World) -> Result<Vec<u8>, CodecError> {
    codec::encode(&world::world_to_schema(world))
}

/// A world from a payload of [`encode_world`], played with `content`: bounded and checked as
/// a save's world is before it is built.
pub fn decode_world(
    payload: &[u8],
    content: &Arc<Content>,
) -> Result<crate::sim::World, SchemaError> {
    let world = codec::decode::<v7::World>(payload)?;
    budget::check_world(&world)?;
    world::world_from_schema(&world, content)
}

/// The payload of the hall of fame in the current format.
pub fn encode_scores(hall: &HallOfFame) -> Result<Vec<u8>, CodecError> {
    codec::encode(&game::scores_to_schema(hall))
}

/// The hall of fame from a payload of `format`.
pub fn decode_scores(format: u32, payload: &[u8]) -> Result<HallOfFame, SchemaError> {
    let read = match format {
        1 => read::<v1::HallOfFame>(payload),
        2 => read::<v2::HallOfFame>(payload),
        3 => read::<v3::HallOfFame>(payload),
        4 => read::<v4::HallOfFame>(payload),
        5 => read::<v5::HallOfFame>(payload),
        6 => read::<v6::HallOfFame>(payload),
        7 => read::<v7::HallOfFame>(payload),
        _ => Err(SchemaError::new(format!("no schema for format {format}"))),
    }?;
    let current = upgrade::<v7::HallOfFame>(format, read, &score_migrations())?;
    game::scores_from_schema(&current)
}

/// The hall of fame's migrations, one a format.
fn score_migrations() -> Vec<Migration> {
    vec![
        Migration::new(1, |h: v1::HallOfFame| Ok(migrate::scores(&h))),
        // Format 3 kept format 2's hall of fame, and format 5 format 4's.
        Migration::unchanged::<v3::HallOfFame>(2),
        Migration::new(3, |h: v3::HallOfFame| Ok(migrate_v3::scores(h))),
        Migration::unchanged::<v5::HallOfFame>(4),
        Migration::unchanged::<v6::HallOfFame>(5),
        Migration::unchanged::<v7::HallOfFame>(6),
    ]
}
