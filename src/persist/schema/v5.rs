//! Format 5, written by hexdeep 0.5.0: format 4 with what stands on the sides between tiles
//! and on corners (issue 19: thin walls, doors on sides, pillars) in each stored level, as a
//! short list of the features that are not open, so that a level without sides costs two
//! bytes. Every other type is format 4's, unchanged; nothing here changes once released.

use serde::{Deserialize, Serialize};

pub use super::v4::{
    Behaviour, Command, Creature, Ending, FloorItem, HallOfFame, Intention, Maker, Origin,
    Placement, Plan, Run, Score, Stack, Step, Story, Tile, TilingCode,
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
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Depth {
    pub level: Level,
    /// One bit a tile, in the order of the level's runs (least significant bit first): seen
    /// by the player.
    pub seen: Vec<u8>,
    pub floor: Vec<FloorItem>,
    pub visited: bool,
}

/// The whole state of a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct World {
    pub seed: u64,
    /// The tiling the game is played on: every level's, and the one its deeper levels are
    /// generated on.
    pub tiling: TilingCode,
    /// The levels made so far, depth 1 first, with their sides as they are now (a door
    /// opened in play stays open): a level is made when first reached, so the deeper ones are
    /// a pure function of the seed and the tiling and not stored.
    pub depths: Vec<Depth>,
    /// How many depths the game has.
    pub depth_count: u32,
    /// Map files given for depths not made yet.
    pub pending_maps: Vec<Level>,
    pub creatures: Vec<Creature>,
    pub turn: u64,
    pub segment: u32,
    /// The rules' generator (PCG-64 MCG state).
    pub rng: u128,
    /// The monsters' generator (PCG-64 MCG state).
    pub ai_rng: u128,
    /// Per creature id: its plan and the tile it planned it from.
    pub plans: Vec<Option<Plan>>,
    pub story: Story,
    pub terrain_digest: u64,
    pub regen_progress: u64,
    pub regen_busy: bool,
}

/// A save or a finished game: the envelope around this format's world.
pub type SavedGame = super::envelope::SavedGame<World>;
