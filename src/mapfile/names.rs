//! The monster and item names a map may place.
//!
//! This list mirrors `data/monsters.toml` and `data/items.toml`; keep them in step until the
//! map loader reads those files.

/// Every monster name a map may place.
pub const MONSTERS: [&str; 5] = ["goblin", "kobold", "jackal", "ogre", "imp"];

/// Every item name a map may place.
pub const ITEMS: [&str; 2] = ["dart", "potion"];

/// Whether `name` is a known monster.
pub fn is_monster(name: &str) -> bool {
    MONSTERS.contains(&name)
}

/// Whether `name` is a known item.
pub fn is_item(name: &str) -> bool {
    ITEMS.contains(&name)
}

/// The glyph `map render` draws for a monster: the first letter of its name.
pub fn monster_glyph(name: &str) -> char {
    name.chars().next().unwrap_or('m')
}

/// The glyph `map render` draws for an item.
pub fn item_glyph(name: &str) -> char {
    match name {
        "potion" => '!',
        "dart" => ')',
        _ => '?',
    }
}
