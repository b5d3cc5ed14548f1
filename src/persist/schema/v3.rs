//! Format 3, written by the release after hexdeep 0.2.0: format 2 with the letters a
//! creature remembers for the kinds of item it ran out of (issue 17: darts come back under
//! their old letter). Every other type is format 2's, unchanged; nothing here changes once
//! released.

use serde::{Deserialize, Serialize};

pub use super::v2::{
    Behaviour, Command, Depth, Ending, FloorItem, HallOfFame, Intention, Level, Maker, Origin,
    Placement, Plan, Run, Score, Stack, Story, Tile,
};

/// A creature and its state.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Creature {
    pub id: u32,
    /// The kind's name (`you` for the player): kinds are matched by name.
    pub name: String,
    pub glyph: char,
    pub at: Tile,
    pub depth: u32,
    pub hp: i32,
    pub max_hp: i32,
    pub damage: i32,
    pub strength: i32,
    pub speed: u32,
    pub sight: u32,
    pub faction: u16,
    pub alive: bool,
    pub initiative: i64,
    pub behaviour: Option<Behaviour>,
    pub memory: Option<Tile>,
    pub inventory: Vec<Stack>,
    pub armour: i32,
    /// 0 a single blow, 1 a wide swing.
    pub attack: u8,
    pub wielded: Option<String>,
    pub worn: Option<String>,
    pub busy: u32,
    pub home: Option<Tile>,
    /// A direction code (0 E, 1 NE, 2 NW, 3 W, 4 SW, 5 SE).
    pub charge: Option<u8>,
    /// The letters of kinds it ran out of, by item, in the order they ran out.
    pub letters: Vec<(String, char)>,
}

/// The whole state of a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct World {
    pub seed: u64,
    /// The levels made so far, depth 1 first: a level is made when first reached, so the
    /// deeper ones are a pure function of the seed and not stored.
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
