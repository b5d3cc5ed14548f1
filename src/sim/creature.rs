//! Creatures: the player and the monsters.

use crate::geom::Hex;
use serde::{Deserialize, Serialize};

/// A creature's index in [`World::creatures`](super::World::creatures); the player is 0.
pub type CreatureId = usize;

/// A side in a fight: creatures of different factions are hostile to each other.
#[derive(Copy, Clone, Eq, PartialEq, Ord, PartialOrd, Hash, Debug, Serialize, Deserialize)]
pub struct Faction(pub u16);

impl Faction {
    /// The player's side.
    pub const PLAYER: Faction = Faction(0);
    /// The dungeon's monsters.
    pub const MONSTERS: Faction = Faction(1);
    /// Creatures that fight whoever comes near.
    pub const NEUTRAL: Faction = Faction(2);

    /// Whether two factions fight each other.
    pub fn hostile_to(self, other: Faction) -> bool {
        self != other
    }
}

/// One creature and its current state.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Creature {
    /// Its index in the world's creature list.
    pub id: CreatureId,
    /// What it is, such as `"you"` or `"goblin"`, for messages.
    pub name: String,
    /// Its glyph on the map.
    pub glyph: char,
    /// Where it stands (a dead creature keeps the tile where it died).
    pub pos: Hex,
    /// Hit points left.
    pub hp: i32,
    /// Hit points when unhurt.
    pub max_hp: i32,
    /// Damage of one blow.
    pub damage: i32,
    /// Wins contests for a tile against weaker claimants.
    pub strength: i32,
    /// Actions per turn.
    pub speed: u32,
    /// How far it sees.
    pub sight: u32,
    /// Its side.
    pub faction: Faction,
    /// Whether it still lives.
    pub alive: bool,
}

impl Creature {
    /// The player's starting creature at `pos`.
    pub fn player(pos: Hex) -> Creature {
        Creature {
            id: 0,
            name: "you".to_string(),
            glyph: '@',
            pos,
            hp: 20,
            max_hp: 20,
            damage: 4,
            strength: 2,
            speed: 2,
            sight: 8,
            faction: Faction::PLAYER,
            alive: true,
        }
    }
}
