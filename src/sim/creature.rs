//! Creatures: the player and the monsters.

use super::items::item_kinds;
use super::monsters::{Behaviour, MonsterKind};
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
    /// This turn's initiative roll: the third key of a contest for a tile.
    pub initiative: i64,
    /// How a monster decides; `None` for the player.
    pub behaviour: Option<Behaviour>,
    /// Where a monster last saw the player, while it still hunts there.
    pub memory: Option<Hex>,
    /// What it carries.
    pub inventory: Vec<Stack>,
}

/// Some items of one kind.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stack {
    /// The item's name in `data/items.toml`.
    pub item: String,
    /// How many.
    pub count: u32,
}

impl Creature {
    /// The player's starting creature at `pos`.
    pub fn player(pos: Hex) -> Creature {
        let kind = super::player::player_kind();
        Creature {
            id: 0,
            name: "you".to_string(),
            glyph: '@',
            pos,
            hp: kind.hp,
            max_hp: kind.hp,
            damage: kind.damage,
            strength: kind.strength,
            speed: kind.speed,
            sight: kind.sight,
            faction: Faction::PLAYER,
            alive: true,
            initiative: 0,
            behaviour: None,
            memory: None,
            inventory: item_kinds()
                .iter()
                .filter(|k| k.start > 0)
                .map(|k| Stack {
                    item: k.name.clone(),
                    count: k.start,
                })
                .collect(),
        }
    }

    /// A monster of `kind` with index `id` at `pos`.
    pub fn monster(id: CreatureId, kind: &MonsterKind, pos: Hex) -> Creature {
        Creature {
            id,
            name: kind.name.clone(),
            glyph: kind.glyph,
            pos,
            hp: kind.hp,
            max_hp: kind.hp,
            damage: kind.damage,
            strength: kind.strength,
            speed: kind.speed,
            sight: kind.sight,
            faction: Faction::MONSTERS,
            alive: true,
            initiative: 0,
            behaviour: Some(kind.behaviour),
            memory: None,
            inventory: Vec::new(),
        }
    }

    /// How many of an item it carries.
    pub fn count_of(&self, item: &str) -> u32 {
        self.inventory
            .iter()
            .filter(|s| s.item == item)
            .map(|s| s.count)
            .sum()
    }

    /// Adds one of an item to the inventory.
    pub fn give(&mut self, item: &str) {
        match self.inventory.iter_mut().find(|s| s.item == item) {
            Some(stack) => stack.count = stack.count.saturating_add(1),
            None => self.inventory.push(Stack {
                item: item.to_string(),
                count: 1,
            }),
        }
    }

    /// Uses up one of an item; false if it has none.
    pub fn take_one(&mut self, item: &str) -> bool {
        let Some(stack) = self
            .inventory
            .iter_mut()
            .find(|s| s.item == item && s.count > 0)
        else {
            return false;
        };
        stack.count -= 1;
        true
    }
}
