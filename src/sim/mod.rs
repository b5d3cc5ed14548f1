//! The rules: the world, commands, intentions, the resolver, monsters and combat, events.
//!
//! The only writer of world state is [`World::apply`]: the shell hands it a [`Command`] and
//! gets back the [`Event`]s that explain what happened, or a [`Rejection`] that costs no time.
//! [`resolve`] settles a segment on plain data; the world's segment runs it, and [`scenario`] stages a world to run its segments.

/// The version of the rules: what a command does to the world. Raise it with any change that
/// makes a recorded game play out differently; a record made under other rules cannot be
/// checked by replaying it (0.1.0 played by rules 1, 0.2.0 by rules 2, 0.3.0 by rules 3:
/// cowards hide and lone pack members hunt, and a kind of item that was run out of gets its old
/// inventory letter back; 0.4.0 by rules 4: packs go round their kin, one stance for the AI,
/// moves by screen direction on three tilings; 0.5.0 by rules 5: thin walls and doors on the
/// sides between tiles, and a generated level style built of them; rules 6: sight by two
/// lines, so monsters see and missiles fly along a line that runs beside a tile boundary, a
/// coward's flight counts only when it leaves the player's reach or sight, the monsters'
/// paths count the action that opens a door on a side, a step onto a weapon, armour or
/// launcher picks it up only when it is new or better than what is carried, and the
/// monsters' tactics from the data (issue 33): a spear's thrust two tiles along a straight
/// line (R0), a feint's step drawn among the tiles next to the player, a shooter's step back
/// costing its next action, and a goblin spearman placed with a goblin); 0.7.0 by rules 7: a
/// party's heroes take the stairs alone and every level with a hero runs, and a hero who
/// falls while another lives drops what they carried (a game of one plays as under rules 6).
pub const RULES_VERSION: u32 = 7;

mod ai;
pub mod ally;
mod command;
pub mod control;
mod creature;
mod event;
pub mod fates;
mod hash;
mod intention;
mod level_serde;
mod messages;
mod names;
pub mod orders;
pub mod record;
pub mod resolve;
pub mod scenario;
pub mod tactics;
pub mod words;
mod world;

pub use crate::content::{
    Attack, Behaviour, COLOURS, Content, DataError, ItemAction, ItemKind, ItemUse, MonsterKind,
    PlayerKind, Tactics, parse_items, parse_monsters, parse_player,
};
pub use ai::Stance;
pub use command::{Command, Rejection, verb};
pub use creature::{Creature, CreatureId, Faction, Stack};
pub use event::{BounceReason, Event};
pub use hash::Fnv64;
pub use intention::{Intention, Planned, acts_in};
pub use messages::{compared, messages, messages_named, messages_seen_by};
pub use names::Names;
pub use record::{Divergence, GameRecord, Given, Maker, Origin, Step, Upgrade};
pub use words::a_name;
pub use world::bounds;
pub use world::telegraphed_among;
pub use world::{
    Depth, DepthParts, Ending, FlightStop, FloorItem, Gear, Initiative, InvalidWorld, LevelSource,
    MAX_DEPTH, MAX_HEROES, Matchup, Memory, NEAR, Plan, SEGMENTS, Stage, Story, TURN_HASH_VERSION,
    Threat, World, WorldParts,
};
