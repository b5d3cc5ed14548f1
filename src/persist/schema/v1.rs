//! Format 1, written by hexdeep 0.1.0: the rules' own structs as they were then, encoded by
//! bincode in field order. Frozen here, field for field and variant for variant, so that
//! those files keep loading whatever the rules' structs become. Never change a type in this
//! file; [`super::migrate`] turns it into the current schema.

use serde::Deserialize;
use std::collections::BTreeMap;

/// `geom::Hex` in 0.1.0.
#[derive(Copy, Clone, Debug, Deserialize)]
#[cfg_attr(test, derive(serde::Serialize))]
pub struct Hex {
    pub x: i32,
    pub y: i32,
}

/// `map::Terrain` in 0.1.0, variants in their order then.
#[derive(Copy, Clone, Debug, Deserialize)]
#[cfg_attr(test, derive(serde::Serialize))]
pub enum Terrain {
    Floor,
    Wall,
    DoorClosed,
    DoorOpen,
    ShallowWater,
    DeepWater,
    Brush,
    StairsDown,
    StairsUp,
}

/// `map::PlacementKind` in 0.1.0.
#[derive(Clone, Debug, Deserialize)]
#[cfg_attr(test, derive(serde::Serialize))]
pub enum PlacementKind {
    Monster(String),
    Item(String),
}

/// `map::Placement` in 0.1.0.
#[derive(Clone, Debug, Deserialize)]
#[cfg_attr(test, derive(serde::Serialize))]
pub struct Placement {
    pub at: Hex,
    pub kind: PlacementKind,
}

/// `sim::level_serde::LevelRepr` in 0.1.0: a level as its tiles.
#[derive(Clone, Debug, Deserialize)]
#[cfg_attr(test, derive(serde::Serialize))]
pub struct Level {
    pub name: String,
    pub depth: u32,
    pub tiles: Vec<(Hex, Terrain)>,
    pub start: Option<Hex>,
    pub placements: Vec<Placement>,
}

/// `sim::FloorItem` in 0.1.0.
#[derive(Clone, Debug, Deserialize)]
#[cfg_attr(test, derive(serde::Serialize))]
pub struct FloorItem {
    pub at: Hex,
    pub item: String,
}

/// `sim::Depth` in 0.1.0: `seen` by storage index of the level's grid.
#[derive(Clone, Debug, Deserialize)]
#[cfg_attr(test, derive(serde::Serialize))]
pub struct Depth {
    pub level: Level,
    pub seen: Vec<bool>,
    pub floor: Vec<FloorItem>,
    pub visited: bool,
}

/// `geom::Direction` in 0.1.0.
#[derive(Copy, Clone, Debug, Deserialize)]
#[cfg_attr(test, derive(serde::Serialize))]
pub enum Direction {
    E,
    NE,
    NW,
    W,
    SW,
    SE,
}

/// `sim::Behaviour` in 0.1.0.
#[derive(Copy, Clone, Debug, Deserialize)]
#[cfg_attr(test, derive(serde::Serialize))]
pub enum Behaviour {
    Chaser,
    Coward { flee_below: u32 },
    Pack { size: u32, radius: u32 },
    Ranged { range: u32, damage: i32 },
    Charger { range: u32 },
    Guardian { radius: u32 },
}

/// `sim::Attack` in 0.1.0.
#[derive(Copy, Clone, Debug, Deserialize)]
#[cfg_attr(test, derive(serde::Serialize))]
pub enum Attack {
    Blow,
    Sweep,
}

/// `sim::Stack` in 0.1.0.
#[derive(Clone, Debug, Deserialize)]
#[cfg_attr(test, derive(serde::Serialize))]
pub struct Stack {
    pub item: String,
    pub count: u32,
    pub letter: char,
}

/// `sim::Creature` in 0.1.0.
#[derive(Clone, Debug, Deserialize)]
#[cfg_attr(test, derive(serde::Serialize))]
pub struct Creature {
    pub id: usize,
    pub name: String,
    pub glyph: char,
    pub pos: Hex,
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
    pub memory: Option<Hex>,
    pub inventory: Vec<Stack>,
    pub depth: u32,
    pub armour: i32,
    pub attack: Attack,
    pub wielded: Option<String>,
    pub worn: Option<String>,
    pub busy: u32,
    pub home: Option<Hex>,
    pub charge: Option<Direction>,
}

/// `sim::Intention` in 0.1.0.
#[derive(Copy, Clone, Debug, Deserialize)]
#[cfg_attr(test, derive(serde::Serialize))]
pub enum Intention {
    Stay,
    Move(Hex),
    Attack(Hex),
    Throw(Hex),
}

/// `sim::Ending` in 0.1.0.
#[derive(Clone, Debug, Deserialize)]
#[cfg_attr(test, derive(serde::Serialize))]
pub enum Ending {
    Won,
    Died { cause: String, depth: u32 },
    Quit,
    OutOfTime,
}

/// `sim::Story` in 0.1.0.
#[derive(Clone, Debug, Deserialize)]
#[cfg_attr(test, derive(serde::Serialize))]
pub struct Story {
    pub ending: Option<Ending>,
    pub deepest: u32,
    pub kills: BTreeMap<String, u32>,
    pub items_used: BTreeMap<String, u32>,
}

/// `rand_pcg::Pcg64Mcg` as serde wrote it.
#[derive(Copy, Clone, Debug, Deserialize)]
#[cfg_attr(test, derive(serde::Serialize))]
pub struct Rng {
    pub state: u128,
}

/// `sim::world::regen::Regen` in 0.1.0.
#[derive(Copy, Clone, Debug, Deserialize)]
#[cfg_attr(test, derive(serde::Serialize))]
pub struct Regen {
    pub progress: u64,
    pub busy: bool,
}

/// `sim::World` in 0.1.0 (its caches were never written).
#[derive(Clone, Debug, Deserialize)]
#[cfg_attr(test, derive(serde::Serialize))]
pub struct World {
    pub seed: u64,
    pub depths: Vec<Depth>,
    pub creatures: Vec<Creature>,
    pub turn: u64,
    pub segment: u32,
    pub rng: Rng,
    pub plans: Vec<Option<Intention>>,
    /// In view, by storage index of the current level: recomputed now, never read.
    #[allow(dead_code)]
    pub visible: Vec<bool>,
    pub story: Story,
    pub terrain_digest: u64,
    pub regen: Regen,
}

/// `sim::Command` in 0.1.0.
#[derive(Copy, Clone, Debug, Deserialize)]
#[cfg_attr(test, derive(serde::Serialize))]
pub enum Command {
    Move(Direction),
    Attack(Direction),
    Wait,
    Rest,
    Throw { item: char, at: Hex },
    Drink(char),
    Read(char),
    Wield(char),
    Wear(char),
    Drop(char),
    PickUp,
    Descend,
    Ascend,
}

/// `sim::Step` in 0.1.0.
#[derive(Copy, Clone, Debug, Deserialize)]
#[cfg_attr(test, derive(serde::Serialize))]
pub struct Step {
    pub command: Command,
    pub hash: u64,
    pub turn: u64,
    pub depth: u32,
}

/// `sim::Origin` in 0.1.0.
#[derive(Clone, Debug, Deserialize)]
#[cfg_attr(test, derive(serde::Serialize))]
pub enum Origin {
    Fresh,
    TakenOver { seed: u64, after: usize },
}

/// `sim::GameRecord` in 0.1.0.
#[derive(Clone, Debug, Deserialize)]
#[cfg_attr(test, derive(serde::Serialize))]
pub struct GameRecord {
    pub start: World,
    pub steps: Vec<Step>,
    pub origin: Origin,
}

/// `persist::SavedGame` in 0.1.0.
#[derive(Clone, Debug, Deserialize)]
#[cfg_attr(test, derive(serde::Serialize))]
pub struct SavedGame {
    pub name: String,
    pub record: GameRecord,
    pub current: World,
    pub log: Vec<String>,
}

/// `persist::Score` in 0.1.0.
#[derive(Clone, Debug, Deserialize)]
#[cfg_attr(test, derive(serde::Serialize))]
pub struct Score {
    pub name: String,
    pub seed: u64,
    pub ending: Ending,
    pub deepest: u32,
    pub turns: u64,
    pub kills: u32,
    pub taken_over: bool,
}

/// `persist::HallOfFame` in 0.1.0.
#[derive(Clone, Debug, Deserialize)]
#[cfg_attr(test, derive(serde::Serialize))]
pub struct HallOfFame {
    pub entries: Vec<Score>,
}
