//! Creatures: the player and the monsters.

use crate::content::{Attack, Behaviour, Content, MonsterKind};
use crate::geom::{Cell, Compass};
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
    pub pos: Cell,
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
    pub memory: Option<Cell>,
    /// What it carries.
    pub inventory: Vec<Stack>,
    /// The depth of the level it is on, from 1.
    pub depth: u32,
    /// Its natural armour: taken off each blow it receives (a blow always does 1).
    pub armour: i32,
    /// How its blow lands.
    pub attack: Attack,
    /// The item it wields (a weapon or launcher from its inventory), by name.
    pub wielded: Option<String>,
    /// The armour it wears, by name.
    pub worn: Option<String>,
    /// Actions it still has to spend on its last move (wading into shallow water or
    /// pushing into brush costs the next action).
    pub busy: u32,
    /// Where a guardian keeps its post.
    pub home: Option<Cell>,
    /// The line a charging monster is running down.
    pub charge: Option<Compass>,
    /// The letters of the kinds it carried and has run out of (used up, thrown, dropped),
    /// by item, in the order they ran out: such a kind comes back under its letter while the
    /// letter is free.
    #[serde(default)]
    pub letters: Vec<(String, char)>,
}

/// Some items of one kind, under one inventory letter.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stack {
    /// The item's name in `data/items.toml`.
    pub item: String,
    /// How many.
    pub count: u32,
    /// Its inventory letter, `a` to `z`: it keeps it while any are carried.
    pub letter: char,
}

/// The inventory letters, in the order they are given out.
pub const LETTERS: std::ops::RangeInclusive<char> = 'a'..='z';

impl Creature {
    /// The player's starting creature at `pos`.
    pub fn player(content: &Content, pos: Cell) -> Creature {
        let kind = content.player();
        Creature {
            id: 0,
            name: kind.name.clone(),
            glyph: kind.glyph,
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
            inventory: content
                .items()
                .iter()
                .filter(|k| k.start > 0)
                .zip(LETTERS.clone())
                .map(|(k, letter)| Stack {
                    item: k.name.clone(),
                    count: k.start,
                    letter,
                })
                .collect(),
            depth: 1,
            armour: 0,
            attack: Attack::Blow,
            wielded: None,
            worn: None,
            busy: 0,
            home: None,
            charge: None,
            letters: Vec::new(),
        }
    }

    /// A monster of `kind` with index `id` at `pos`.
    pub fn monster(id: CreatureId, kind: &MonsterKind, pos: Cell) -> Creature {
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
            depth: 1,
            armour: kind.armour,
            attack: kind.attack,
            wielded: None,
            worn: None,
            busy: 0,
            home: matches!(kind.behaviour, Behaviour::Guardian { .. }).then_some(pos),
            charge: None,
            letters: Vec::new(),
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

    /// Adds one of an item to the inventory: onto its stack when it carries some, else under
    /// the letter the kind had when it last ran out, while that is free, else under the first
    /// free letter no other kind remembers (the first free one when all are remembered);
    /// false (and nothing added) when all 26 letters are taken.
    pub fn give(&mut self, item: &str) -> bool {
        if let Some(stack) = self.inventory.iter_mut().find(|s| s.item == item) {
            stack.count = stack.count.saturating_add(1);
            return true;
        }
        let free = |l: &char| self.inventory.iter().all(|s| s.letter != *l);
        let own = self
            .letters
            .iter()
            .find(|(kind, _)| kind == item)
            .map(|&(_, l)| l)
            .filter(free);
        let unclaimed = || {
            LETTERS
                .clone()
                .find(|l| free(l) && self.letters.iter().all(|(_, r)| r != l))
        };
        let Some(letter) = own
            .or_else(unclaimed)
            .or_else(|| LETTERS.clone().find(free))
        else {
            return false;
        };
        self.letters
            .retain(|(kind, l)| kind != item && *l != letter);
        self.inventory.push(Stack {
            item: item.to_string(),
            count: 1,
            letter,
        });
        self.inventory.sort_by_key(|s| s.letter);
        true
    }

    /// Whether one more of `item` fits in the inventory.
    pub fn has_room_for(&self, item: &str) -> bool {
        self.inventory.len() < LETTERS.clone().count()
            || self.inventory.iter().any(|s| s.item == item)
    }

    /// The stack under an inventory letter.
    pub fn stack(&self, letter: char) -> Option<&Stack> {
        self.inventory.iter().find(|s| s.letter == letter)
    }

    /// Uses up one of an item; false if it has none. The last one frees its letter (the kind
    /// remembers it), and what it was wielded or worn as.
    pub fn take_one(&mut self, item: &str) -> bool {
        let Some(k) = self
            .inventory
            .iter()
            .position(|s| s.item == item && s.count > 0)
        else {
            return false;
        };
        self.inventory[k].count -= 1;
        if self.inventory[k].count == 0 {
            let gone = self.inventory.remove(k);
            self.letters.retain(|(kind, _)| *kind != gone.item);
            self.letters.push((gone.item, gone.letter));
            if self.wielded.as_deref() == Some(item) {
                self.wielded = None;
            }
            if self.worn.as_deref() == Some(item) {
                self.worn = None;
            }
        }
        true
    }
}
