//! Item kinds, read from `data/items.toml` (embedded at build time).

use super::data::first_duplicate;
use serde::{Deserialize, Serialize};
use std::sync::OnceLock;
use thiserror::Error;

/// What an item does.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ItemUse {
    /// Thrown along a line: stops at the first creature or sight-blocking tile.
    Thrown {
        /// Damage to the creature it meets.
        damage: i32,
        /// The farthest target, in tiles.
        range: u32,
    },
    /// Drunk: restores hit points.
    Heal {
        /// Hit points restored.
        heal: i32,
    },
}

/// One kind of item.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ItemKind {
    /// Its name, as in map placements and commands.
    pub name: String,
    /// Its glyph on the map.
    pub glyph: char,
    /// What it does.
    pub use_: ItemUse,
    /// How many the player starts with.
    pub start: u32,
}

/// Why an item file was rejected.
#[derive(Debug, Error)]
pub enum ItemError {
    /// Not valid TOML, or a field of the wrong type.
    #[error("item file: {0}")]
    Toml(#[from] toml::de::Error),
    /// A value missing, out of range or inconsistent.
    #[error("item {name}: {problem}")]
    Invalid {
        /// The item's name.
        name: String,
        /// What is wrong.
        problem: String,
    },
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    item: Vec<Raw>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Raw {
    name: String,
    glyph: char,
    kind: String,
    damage: Option<i32>,
    range: Option<u32>,
    heal: Option<i32>,
    #[serde(default)]
    start: u32,
}

impl Raw {
    fn into_kind(self) -> Result<ItemKind, ItemError> {
        let bad = |problem: &str| ItemError::Invalid {
            name: self.name.clone(),
            problem: problem.to_string(),
        };
        let use_ = match self.kind.as_str() {
            "thrown" => match (self.damage, self.range) {
                (Some(damage), Some(range)) if damage >= 0 && (1..=20).contains(&range) => {
                    ItemUse::Thrown { damage, range }
                }
                _ => return Err(bad("a thrown item needs damage >= 0 and range 1 to 20")),
            },
            "heal" => match self.heal {
                Some(heal) if heal > 0 => ItemUse::Heal { heal },
                _ => return Err(bad("a healing item needs heal > 0")),
            },
            other => return Err(bad(&format!("unknown kind {other:?}"))),
        };
        Ok(ItemKind {
            name: self.name,
            glyph: self.glyph,
            use_,
            start: self.start,
        })
    }
}

/// Parses an item file in the format of `data/items.toml`.
pub fn parse_items(text: &str) -> Result<Vec<ItemKind>, ItemError> {
    let file: File = toml::from_str(text)?;
    let kinds = file
        .item
        .into_iter()
        .map(Raw::into_kind)
        .collect::<Result<Vec<_>, _>>()?;
    if let Some(name) = first_duplicate(kinds.iter().map(|k| k.name.as_str())) {
        return Err(ItemError::Invalid {
            name: name.to_string(),
            problem: "defined twice".to_string(),
        });
    }
    Ok(kinds)
}

/// The bundled item kinds from `data/items.toml`.
pub fn item_kinds() -> &'static [ItemKind] {
    static KINDS: OnceLock<Vec<ItemKind>> = OnceLock::new();
    KINDS.get_or_init(|| parse_items(include_str!("../../data/items.toml")).unwrap_or_default())
}

/// The bundled kind with this name.
pub fn item_kind(name: &str) -> Option<&'static ItemKind> {
    item_kinds().iter().find(|k| k.name == name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bundled_file_has_darts_and_potions() {
        let kinds = parse_items(include_str!("../../data/items.toml")).unwrap();
        assert_eq!(kinds.len(), item_kinds().len());
        assert!(matches!(
            item_kind("dart").unwrap().use_,
            ItemUse::Thrown { .. }
        ));
        assert!(matches!(
            item_kind("potion").unwrap().use_,
            ItemUse::Heal { .. }
        ));
    }

    #[test]
    fn bad_files_are_rejected_with_a_reason() {
        let ok = "[[item]]\nname='x'\nglyph='x'\nkind='heal'\nheal=3\n";
        assert!(parse_items(ok).is_ok());
        assert!(parse_items(&ok.replace("heal=3", "heal=0")).is_err());
        let e = parse_items(&ok.replace("kind='heal'", "kind='worn'")).unwrap_err();
        assert!(e.to_string().contains("worn"));
        let thrown = "[[item]]\nname='d'\nglyph='d'\nkind='thrown'\ndamage=1\n";
        assert!(parse_items(thrown).is_err(), "range missing");
        assert!(
            parse_items(&format!("{ok}{ok}"))
                .unwrap_err()
                .to_string()
                .contains("twice")
        );
    }
}
