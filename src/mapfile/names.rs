//! The monster and item names a map may place: those of `data/monsters.toml` and
//! `data/items.toml`, as the rules load them.
//!
//! Map files are read before any game (and by `hexdeep map`, which plays none), so this shell
//! module keeps its own copy of the bundled content, parsed once. The core never reads it:
//! a game's world owns the content it plays with.

use crate::content::{Content, ItemKind, MonsterKind};
use std::sync::OnceLock;

/// The bundled content for checking map files; empty kinds if the bundled files were broken
/// (every shell reports that before it reads a map).
fn bundled() -> Option<&'static Content> {
    static BUNDLED: OnceLock<Option<Content>> = OnceLock::new();
    BUNDLED.get_or_init(|| Content::bundled().ok()).as_ref()
}

fn monster_kinds() -> &'static [MonsterKind] {
    bundled().map_or(&[], Content::monsters)
}

fn item_kinds() -> &'static [ItemKind] {
    bundled().map_or(&[], Content::items)
}

/// Every monster name a map may place, in data-file order.
pub fn monsters() -> Vec<&'static str> {
    monster_kinds().iter().map(|k| k.name.as_str()).collect()
}

/// Every item name a map may place, in data-file order.
pub fn items() -> Vec<&'static str> {
    item_kinds().iter().map(|k| k.name.as_str()).collect()
}

/// Whether `name` is a known monster.
pub fn is_monster(name: &str) -> bool {
    monster_kinds().iter().any(|k| k.name == name)
}

/// Whether `name` is a known item.
pub fn is_item(name: &str) -> bool {
    item_kinds().iter().any(|k| k.name == name)
}

/// The glyph drawn for a monster: its glyph in the data file.
pub fn monster_glyph(name: &str) -> char {
    monster_kinds()
        .iter()
        .find(|k| k.name == name)
        .map_or('m', |k| k.glyph)
}

/// The glyph drawn for an item: its glyph in the data file.
pub fn item_glyph(name: &str) -> char {
    item_kinds()
        .iter()
        .find(|k| k.name == name)
        .map_or('?', |k| k.glyph)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_team_names_are_all_known() {
        for name in ["goblin", "kobold", "jackal", "ogre", "imp"] {
            assert!(is_monster(name), "{name}");
        }
        assert!(is_item("dart") && is_item("potion of healing"));
        assert!(!is_monster("dragon") && !is_item("lightsaber"));
        assert_eq!(monster_glyph("ogre"), 'O');
        assert_eq!(item_glyph("potion of healing"), '!');
        assert_eq!(monsters().len(), monster_kinds().len());
    }
}
