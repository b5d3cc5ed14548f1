//! The game's content: the monster kinds, the item kinds and the player's numbers, parsed from
//! `data/monsters.toml`, `data/items.toml` and `data/player.toml` (embedded when the game is
//! built) into one [`Content`] value. It sits below both `mapgen` and `sim`: the generator
//! places its kinds, the world owns it (shared, never saved) and the rules read it. There is
//! no process-wide copy: whoever starts a game loads it once and hands it down.

mod data;
mod items;
mod load;
mod monsters;
mod player;

pub use data::{COLOURS, DataError};
pub use items::{ITEMS_FILE, ItemAction, ItemKind, ItemUse, MAX_RANGE, parse_items};
pub use monsters::{
    Attack, Behaviour, MAX_REACH, MAX_SPEED, MONSTERS_FILE, MonsterKind, Tactics, parse_monsters,
};
pub use player::{PLAYER_FILE, PlayerKind, parse_player};

/// The deepest level of a whole game; the artifact lies there.
pub const MAX_DEPTH: u32 = 10;

/// Segments in a turn: a creature of speed `s` acts `s` times per turn, so no speed is
/// above it.
pub const SEGMENTS: u32 = 4;

/// The bundled data files' texts: monsters, items, the player.
const BUNDLED: [&str; 3] = [
    include_str!("../../data/monsters.toml"),
    include_str!("../../data/items.toml"),
    include_str!("../../data/player.toml"),
];

/// Everything the data files define, checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Content {
    monsters: Vec<MonsterKind>,
    items: Vec<ItemKind>,
    player: PlayerKind,
    hash: u64,
}

impl Content {
    /// The content built into the program, or why its files are broken (file, line and
    /// column, or the entry).
    pub fn bundled() -> Result<Content, DataError> {
        let [monsters, items, player] = BUNDLED;
        Content::from_texts(monsters, items, player)
    }

    /// Content from the texts of the three files, checked.
    pub fn from_texts(monsters: &str, items: &str, player: &str) -> Result<Content, DataError> {
        let hash = {
            let mut h = crate::fnv::Fnv64::default();
            for text in [monsters, items, player] {
                h.write(text.as_bytes());
                h.write(&[0]);
            }
            h.finish()
        };
        Ok(Content {
            monsters: parse_monsters(monsters)?,
            items: parse_items(items)?,
            player: parse_player(player)?,
            hash,
        })
    }

    /// Every monster kind, in the file's order.
    pub fn monsters(&self) -> &[MonsterKind] {
        &self.monsters
    }

    /// The monster kind with this name.
    pub fn monster(&self, name: &str) -> Option<&MonsterKind> {
        self.monsters.iter().find(|k| k.name == name)
    }

    /// Every item kind, in the file's order.
    pub fn items(&self) -> &[ItemKind] {
        &self.items
    }

    /// The item kind with this name.
    pub fn item(&self, name: &str) -> Option<&ItemKind> {
        self.items.iter().find(|k| k.name == name)
    }

    /// The artifact's name (the item of [`ItemUse::Artifact`]), if the items have one.
    pub fn artifact(&self) -> Option<&str> {
        self.items
            .iter()
            .find(|k| matches!(k.use_, ItemUse::Artifact))
            .map(|k| k.name.as_str())
    }

    /// The player's numbers.
    pub fn player(&self) -> &PlayerKind {
        &self.player
    }

    /// A hash of the three files' texts, the same on every machine: saves record it, so a
    /// game loaded under other content can say so.
    pub fn hash(&self) -> u64 {
        self.hash
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bundled_content_loads_and_its_hash_is_its_texts() {
        let content = Content::bundled().unwrap();
        assert!(content.monster("rat").is_some() && content.item("dart").is_some());
        assert!(content.artifact().is_some());
        let [m, i, p] = BUNDLED;
        let other = Content::from_texts(m, i, &p.replace("hp = 20", "hp = 21")).unwrap();
        assert_ne!(other.hash(), content.hash());
        assert_eq!(Content::bundled().unwrap().hash(), content.hash());
    }

    #[test]
    fn broken_texts_are_errors_naming_the_file() {
        let [m, i, p] = BUNDLED;
        let e = Content::from_texts("not toml [", i, p).unwrap_err();
        assert!(e.to_string().contains(MONSTERS_FILE), "{e}");
        let e = Content::from_texts(m, i, &p.replace("speed = 2", "speed = 9")).unwrap_err();
        assert!(e.to_string().contains(PLAYER_FILE), "{e}");
    }
}
