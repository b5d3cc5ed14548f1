//! Format 4, written by hexdeep 0.4.0: format 3 with the tiling a game is played on (issue
//! 18), in the world and in each stored level, whose grid is rebuilt on it, and in each run of
//! the hall of fame. Every other type is format 3's, unchanged; nothing here changes once
//! released.

use serde::{Deserialize, Serialize};

pub use super::v3::{
    Behaviour, Command, Creature, Ending, FloorItem, Intention, Maker, Origin, Placement, Plan,
    Run, Stack, Step, Story, Tile,
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
    /// The levels made so far, depth 1 first: a level is made when first reached, so the
    /// deeper ones are a pure function of the seed and the tiling and not stored.
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
