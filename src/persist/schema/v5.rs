//! Format 5, written by hexdeep 0.5.0: format 4 with what stands on the sides between tiles
//! and on corners (issue 19: thin walls, doors on sides, pillars) in each stored level, as a
//! short list of the features that are not open, so that a level without sides costs two
//! bytes. Every other type is format 4's, unchanged; nothing here changes once released.

use serde::{Deserialize, Serialize};

pub use super::v4::{
    Behaviour, Command, Creature, Ending, FloorItem, HallOfFame, Intention, Maker, Origin,
    Placement, Plan, Run, Score, Stack, Story, Tile, TilingCode,
};

/// A side of a level holding a feature: its cell in the large projection (`H = 0`, ARCHITECTURE.md
/// "Tile sides and corners") and the feature's code: 1 a thin wall, 2 a closed door, 3 an
/// open door (0, open, is never written: an open side is not listed).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SideMark {
    pub c: i32,
    pub r: i32,
    pub feature: u8,
}

/// A corner of a level holding a feature: its cell in the large projection and the feature's
/// code: 1 a pillar (0, open, is never written).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CornerMark {
    pub c: i32,
    pub r: i32,
    pub feature: u8,
}

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
    /// Every side that is not open, in the storage order of the tile that owns it; empty on
    /// triangles, which have no sides.
    pub sides: Vec<SideMark>,
    /// Every corner that is not open, in the same order.
    pub corners: Vec<CornerMark>,
}

/// One level as it is now.
pub type Depth = super::frozen_world::Depth<Level>;

/// The whole state of a game.
pub type World = super::frozen_world::World<Level, Creature>;

/// A save or a finished game: the envelope around this format's world.
pub type SavedGame = super::envelope::SavedGame<World>;
