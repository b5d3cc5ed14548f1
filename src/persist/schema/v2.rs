//! Format 2, written by hexdeep 0.2.0: the save schema, its own types apart from the rules'
//! structs. Tiles and the player's memory are in tile coordinates (runs of tiles along a row),
//! enums are written as explicit codes or variants of this file, and nothing here changes
//! once released: a change is a new format and a migration.

use serde::{Deserialize, Serialize};

/// A tile's coordinates.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tile {
    pub x: i32,
    pub y: i32,
}

/// Tiles `(x, y)`, `(x + 1, y)`, … along one row, one terrain code each.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Run {
    pub y: i32,
    pub x: i32,
    pub terrain: Vec<u8>,
}

/// Something a map placed: a monster or an item, by its kind's name.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Placement {
    Monster { at: Tile, kind: String },
    Item { at: Tile, kind: String },
}

/// A level's map.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Level {
    pub name: String,
    pub depth: u32,
    /// Every tile, row by row.
    pub runs: Vec<Run>,
    pub start: Option<Tile>,
    pub placements: Vec<Placement>,
}

/// An item lying on the floor.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FloorItem {
    pub at: Tile,
    pub item: String,
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

/// How a monster decides.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Behaviour {
    Chaser,
    Coward { flee_below: u32 },
    Pack { size: u32, radius: u32 },
    Ranged { range: u32, damage: i32 },
    Charger { range: u32 },
    Guardian { radius: u32 },
}

/// A stack of items carried.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stack {
    pub item: String,
    pub count: u32,
    pub letter: char,
}

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
}

/// A monster's planned intention.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Intention {
    Stay,
    Move(Tile),
    Attack(Tile),
    Throw(Tile),
}

/// A monster's plan and the tile it made it on.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Plan {
    pub from: Tile,
    pub intention: Intention,
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Ending {
    Won,
    Died { cause: String, depth: u32 },
    Quit,
    OutOfTime,
}

/// What happened in a run.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Story {
    pub ending: Option<Ending>,
    pub deepest: u32,
    pub kills: Vec<(String, u32)>,
    pub items_used: Vec<(String, u32)>,
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

/// A player's command.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Command {
    /// Direction codes as [`Creature::charge`].
    Move(u8),
    Attack(u8),
    Wait,
    Rest,
    Throw {
        item: char,
        at: Tile,
    },
    Drink(char),
    Read(char),
    Wield(char),
    Wear(char),
    Drop(char),
    PickUp,
    Descend,
    Ascend,
}

/// A command and the world's hash after it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Step {
    pub command: Command,
    pub hash: u64,
    pub turn: u64,
    pub depth: u32,
}

/// Where a game came from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Origin {
    Fresh,
    TakenOver { seed: u64, after: u64 },
}

/// Which release recorded a stretch of a record, under which rules and turn hash.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Maker {
    pub version: String,
    pub rules: u32,
    pub hash: u32,
}

/// A save or a finished game: the envelope around this format's world.
pub type SavedGame = super::envelope::SavedGame<World>;

/// One run in the hall of fame.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Score {
    pub name: String,
    pub seed: u64,
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
