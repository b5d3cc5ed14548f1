//! Format 4, written by hexdeep 0.4.0: format 3 with the tiling a game is played on (issue
//! 18), in the world and in each stored level, whose grid is rebuilt on it, and in each run of
//! the hall of fame. Every other type is format 3's, unchanged; nothing here changes once
//! released.

use serde::{Deserialize, Serialize};

pub use super::v3::{
    Behaviour, Command, Creature, Ending, FloorItem, Intention, Maker, Origin, Placement, Plan,
    Run, Stack, Story, Tile,
};

/// The code of a tiling: 0 hexes, 1 squares, 2 triangles. The tiles of a level and the
/// creatures' places are that tiling's storage cells (on hexes, the tiles themselves).
pub type TilingCode = u8;

/// A level's map.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Level {
    pub name: String,
    pub depth: u32,
    /// The tiling its tiles are tiles of.
    pub tiling: TilingCode,
    /// Every tile, row by row.
    pub runs: Vec<Run>,
    pub start: Option<Tile>,
    pub placements: Vec<Placement>,
}

/// One level as it is now.
pub type Depth = super::frozen_world::Depth<Level>;

/// The whole state of a game.
pub type World = super::frozen_world::World<Level, Creature>;

/// A save or a finished game: the envelope around this format's world.
pub type SavedGame = super::envelope::SavedGame<World>;

/// One run in the hall of fame.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Score {
    pub name: String,
    pub seed: u64,
    /// The tiling it was played on.
    pub tiling: TilingCode,
    pub ending: Ending,
    pub deepest: u32,
    pub turns: u64,
    pub kills: u32,
    pub taken_over: bool,
}

/// The hall of fame.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HallOfFame {
    pub entries: Vec<Score>,
}
