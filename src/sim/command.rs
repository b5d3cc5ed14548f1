//! What the player can ask of the world, and why it may refuse.

use crate::content::ItemAction;
use crate::geom::{Cell, Compass};
use crate::map::Terrain;
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// One player decision, as recorded in a game's record. Keys never appear here, so a changed
/// keymap never breaks an old replay. Items are named by their inventory letter.
#[derive(Copy, Clone, Eq, PartialEq, Debug, Serialize, Deserialize)]
pub enum Command {
    /// Step to the neighbouring tile that way on screen (an attack if a visible hostile stands
    /// there).
    Move(Compass),
    /// Strike the neighbouring tile, whoever is there after this segment's movement.
    Attack(Compass),
    /// Let one action pass.
    Wait,
    /// Let one action pass resting: the same as [`Command::Wait`] for the rules, and a turn
    /// spent resting heals faster (`rest_regen_every` in `data/player.toml`).
    Rest,
    /// Throw an item (or fire ammunition from the wielded launcher) toward a tile in range.
    Throw {
        /// The item's inventory letter.
        item: char,
        /// The tile aimed at.
        at: Cell,
    },
    /// Drink a potion.
    Drink(char),
    /// Read a scroll.
    Read(char),
    /// Wield a weapon or launcher; the wielded one is put away.
    Wield(char),
    /// Put on armour; worn armour is taken off.
    Wear(char),
    /// Drop every item under a letter on the tile underfoot.
    Drop(char),
    /// Pick up what lies underfoot.
    PickUp,
    /// Go down the stairs underfoot.
    Descend,
    /// Go up the stairs underfoot (out of the dungeon from depth 1, with the artifact).
    Ascend,
    /// The directive for an ally, given by its hero's player: what it is to do from this
    /// segment on. It takes the hero no time.
    Lead(super::ally::Tell),
}

/// Why a command was refused; a refused command takes no time and is not recorded.
#[derive(Clone, Eq, PartialEq, Debug, Error, Serialize, Deserialize)]
pub enum Rejection {
    /// The tile in that direction cannot be entered.
    #[error("{} is in the way", .0.describe())]
    Blocked(Terrain),
    /// There is no tile in that direction.
    #[error("there is nothing there")]
    OffMap,
    /// This tile has no move that way (a triangle's or a hex's missing direction).
    #[error("no move goes {} from here", .0.name())]
    NoMove(Compass),
    /// A move through a corner would squeeze past a wall or a closed door.
    #[error("you cannot squeeze past the corner that way")]
    Squeeze,
    /// No item under that letter.
    #[error("you have no item {0}")]
    NoItem(char),
    /// The item cannot be used that way.
    #[error("you cannot {} {}", verb(*.how), super::words::the_name(.item))]
    CannotUse {
        /// What was asked.
        how: ItemAction,
        /// The item's name.
        item: String,
    },
    /// Ammunition needs its launcher in hand.
    #[error(
        "you must wield {} to fire {}",
        super::words::a_name(.launcher),
        super::words::plural(.item)
    )]
    NoLauncher {
        /// The ammunition.
        item: String,
        /// The launcher it needs.
        launcher: String,
    },
    /// The target is too far (or is your own tile).
    #[error("that is out of range (range {range})")]
    OutOfRange {
        /// The item's range.
        range: u32,
    },
    /// Nothing lies underfoot.
    #[error("there is nothing here to pick up")]
    NothingHere,
    /// Not standing on stairs that way.
    #[error("there are no stairs {} here", if *.0 { "down" } else { "up" })]
    NoStairs(bool),
    /// The way out is only for the artifact's bearer.
    #[error("you cannot leave the dungeon without the {0}")]
    NeedArtifact(String),
    /// The game is over.
    #[error("the game is over")]
    Over,
    /// A thin wall or a closed door on the side between stands in the way (a blow cannot
    /// pass a closed door; a step opens it).
    #[error("{} is in the way", .0.describe())]
    Side(crate::map::SideFeature),
    /// The command is for a creature that is not a hero acting in the coming segment, or
    /// for a hero already given one.
    #[error("that hero does not act now")]
    NotActing,
    /// A directive for an ally given for a creature that is not a living ally on the level.
    #[error("only an ally can be told that")]
    NotAlly,
    /// An ally told to attack a tile where no foe of its stands.
    #[error("no foe stands there")]
    NoFoe,
    /// A scroll of taming read with no monster in view near enough.
    #[error("no monster in view within {0} tiles answers the call")]
    NothingToTame(u32),
}

/// The verb of an item action, for messages.
pub fn verb(how: ItemAction) -> &'static str {
    match how {
        ItemAction::Drink => "drink",
        ItemAction::Read => "read",
        ItemAction::Throw => "throw",
        ItemAction::Fire => "fire",
        ItemAction::Wield => "wield",
        ItemAction::Wear => "wear",
        ItemAction::Carry => "use",
    }
}
