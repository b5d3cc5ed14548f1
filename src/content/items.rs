//! Item kinds, read from `data/items.toml` (embedded at build time). Names, glyphs, colours
//! and numbers come from the file; what an item does is one of a fixed set of effect kinds
//! ([`ItemUse`]) that the rules implement. No item name appears in the code.

use super::data::{DataError, check_colour};
use super::load::{RawEntry, load_kinds};
use serde::{Deserialize, Serialize};

/// The bundled item file's name, for messages.
pub const ITEMS_FILE: &str = "data/items.toml";

/// What an item does: the effect kinds the rules know.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ItemUse {
    /// Drunk: restores hit points (never above the maximum).
    Heal {
        /// Hit points restored.
        heal: i32,
    },
    /// Drunk: raises maximum hit points and heals as much.
    GainLife {
        /// Maximum hit points gained.
        amount: i32,
    },
    /// Thrown by hand along a line: stops at the first creature or sight-blocking tile.
    Thrown {
        /// Damage to the creature it meets.
        damage: i32,
        /// The farthest target, in tiles.
        range: u32,
    },
    /// Thrown: flies over creatures to the tile aimed at (or stops before a wall) and bursts,
    /// hurting everyone within `radius` of where it lands.
    Blast {
        /// Damage to each creature caught.
        damage: i32,
        /// The burst's radius.
        radius: u32,
        /// The farthest target.
        range: u32,
    },
    /// Wielded: fires ammunition whose `launcher` names it.
    Launcher {
        /// The farthest target.
        range: u32,
    },
    /// Fired from its launcher along a line, like a thrown item; lands where it stops.
    Ammo {
        /// Damage to the creature it meets.
        damage: i32,
        /// The launcher's item name.
        launcher: String,
    },
    /// Read: the nearest monster the reader sees within `range` tiles becomes the reader's
    /// ally.
    Tame {
        /// The farthest monster it reaches.
        range: u32,
    },
    /// Read: carries the reader to a random far tile of the level.
    Teleport,
    /// Read: shows the whole level's layout.
    MagicMap,
    /// Wielded: its damage replaces the wielder's own.
    Weapon {
        /// Damage of one blow.
        damage: i32,
        /// Added to the wielder's armour: a light blade parries (+), a long two-handed
        /// weapon leaves its wielder open (-).
        armour: i32,
    },
    /// Worn: takes this much off every blow and missile (never below 1).
    Armour {
        /// Damage absorbed.
        armour: i32,
        /// Added to the wearer's blows: heavy armour hampers them (-).
        damage: i32,
    },
    /// The goal: carry it out of the dungeon.
    Artifact,
}

/// How an item is put to use, which command and key it needs.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ItemAction {
    /// `q`.
    Drink,
    /// `r`.
    Read,
    /// `f`: thrown by hand.
    Throw,
    /// `f`: fired from the wielded launcher.
    Fire,
    /// `w`.
    Wield,
    /// `W`.
    Wear,
    /// Only carried.
    Carry,
}

impl ItemUse {
    /// How the item is used.
    pub fn action(&self) -> ItemAction {
        match self {
            ItemUse::Heal { .. } | ItemUse::GainLife { .. } => ItemAction::Drink,
            ItemUse::Teleport | ItemUse::MagicMap | ItemUse::Tame { .. } => ItemAction::Read,
            ItemUse::Thrown { .. } | ItemUse::Blast { .. } => ItemAction::Throw,
            ItemUse::Ammo { .. } => ItemAction::Fire,
            ItemUse::Weapon { .. } | ItemUse::Launcher { .. } => ItemAction::Wield,
            ItemUse::Armour { .. } => ItemAction::Wear,
            ItemUse::Artifact => ItemAction::Carry,
        }
    }

    /// A short phrase with the item's numbers, for the inventory and look mode.
    pub fn summary(&self) -> String {
        match self {
            ItemUse::Heal { heal } => format!("drink: heals {heal}"),
            ItemUse::GainLife { amount } => format!("drink: +{amount} maximum hp"),
            ItemUse::Thrown { damage, range } => format!("throw: {damage} damage, range {range}"),
            ItemUse::Blast {
                damage,
                radius,
                range,
            } => format!("throw: bursts for {damage} within {radius}, range {range}"),
            ItemUse::Launcher { range } => format!("wield to fire, range {range}"),
            ItemUse::Ammo { damage, launcher } => {
                format!("fire from a {launcher}: {damage} damage")
            }
            ItemUse::Teleport => "read: teleports you".to_string(),
            ItemUse::MagicMap => "read: maps this level".to_string(),
            ItemUse::Tame { range } => format!("read: tames a monster in view within {range}"),
            ItemUse::Weapon { damage, armour } => {
                format!("wield: {damage} damage a blow{}", signed(*armour, "armour"))
            }
            ItemUse::Armour { armour, damage } => {
                format!(
                    "wear: takes {armour} off each blow{}",
                    signed(*damage, "damage")
                )
            }
            ItemUse::Artifact => "carry it up out of the dungeon".to_string(),
        }
    }
}

/// ", -1 armour" for a modifier, nothing for 0.
fn signed(value: i32, what: &str) -> String {
    if value == 0 {
        String::new()
    } else {
        format!(", {value:+} {what}")
    }
}

/// The largest modifier a weapon may make to armour, or armour to damage, either way.
pub const MAX_MODIFIER: i32 = 3;

/// One kind of item.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ItemKind {
    /// Its name, as in map placements and messages.
    pub name: String,
    /// Its glyph on the map.
    pub glyph: char,
    /// Its colour, one of the named colours ([`super::data::COLOURS`]).
    pub colour: String,
    /// What it does.
    pub use_: ItemUse,
    /// How many the player starts with.
    pub start: u32,
    /// The shallowest depth where levels place it.
    pub min_depth: u32,
    /// The deepest depth where levels place it.
    pub max_depth: u32,
    /// How often levels place it, relative to other items (0: never by chance).
    pub frequency: u32,
    /// The chance, in percent, that it breaks when it lands after a throw or shot.
    pub breaks: u32,
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
    #[serde(default = "super::data::default_colour")]
    colour: String,
    kind: String,
    damage: Option<i32>,
    range: Option<u32>,
    heal: Option<i32>,
    amount: Option<i32>,
    radius: Option<u32>,
    armour: Option<i32>,
    launcher: Option<String>,
    #[serde(default)]
    start: u32,
    #[serde(default = "super::data::first_depth")]
    min_depth: u32,
    #[serde(default = "super::data::last_depth")]
    max_depth: u32,
    #[serde(default)]
    frequency: u32,
    #[serde(default)]
    breaks: u32,
}

/// The longest range any item may have.
pub const MAX_RANGE: u32 = 20;

impl RawEntry for Raw {
    type Kind = ItemKind;

    fn into_kind(self) -> Result<ItemKind, DataError> {
        self.checked()
    }

    fn name(kind: &ItemKind) -> &str {
        &kind.name
    }
}

impl Raw {
    /// An error about this entry.
    fn bad(&self, problem: &str) -> DataError {
        DataError::entry(ITEMS_FILE, "item", &self.name, problem)
    }

    /// The range, which `what` needs, from 1 to [`MAX_RANGE`].
    fn range(&self, what: &str) -> Result<u32, DataError> {
        match self.range {
            Some(r) if (1..=MAX_RANGE).contains(&r) => Ok(r),
            _ => Err(self.bad(&format!("{what} needs a range from 1 to {MAX_RANGE}"))),
        }
    }

    /// A number `what` that must be given and above 0.
    fn positive(&self, v: Option<i32>, what: &str) -> Result<i32, DataError> {
        match v {
            Some(v) if v > 0 => Ok(v),
            _ => Err(self.bad(&format!("{what} must be above 0"))),
        }
    }

    /// A modifier `what`, 0 when not given, at most [`MAX_MODIFIER`] either way.
    fn modifier(&self, v: Option<i32>, what: &str) -> Result<i32, DataError> {
        match v {
            None => Ok(0),
            Some(v) if v.abs() <= MAX_MODIFIER => Ok(v),
            Some(_) => Err(self.bad(&format!(
                "{what} must be from -{MAX_MODIFIER} to {MAX_MODIFIER}"
            ))),
        }
    }

    /// What the item does, by its `kind`, with the numbers that kind needs.
    fn item_use(&self) -> Result<ItemUse, DataError> {
        Ok(match self.kind.as_str() {
            "heal" => ItemUse::Heal {
                heal: self.positive(self.heal, "heal")?,
            },
            "life" => ItemUse::GainLife {
                amount: self.positive(self.amount, "amount")?,
            },
            "thrown" => ItemUse::Thrown {
                damage: self.positive(self.damage, "damage")?,
                range: self.range("a thrown item")?,
            },
            "blast" => ItemUse::Blast {
                damage: self.positive(self.damage, "damage")?,
                radius: self
                    .radius
                    .filter(|r| (1..=3).contains(r))
                    .ok_or_else(|| self.bad("a blast needs a radius from 1 to 3"))?,
                range: self.range("a blast")?,
            },
            "launcher" => ItemUse::Launcher {
                range: self.range("a launcher")?,
            },
            "ammo" => ItemUse::Ammo {
                damage: self.positive(self.damage, "damage")?,
                launcher: self
                    .launcher
                    .clone()
                    .ok_or_else(|| self.bad("ammunition needs the name of its launcher"))?,
            },
            "teleport" => ItemUse::Teleport,
            "magic_map" => ItemUse::MagicMap,
            "tame" => ItemUse::Tame {
                range: self.range("a taming")?,
            },
            "weapon" => ItemUse::Weapon {
                damage: self.positive(self.damage, "damage")?,
                armour: self.modifier(self.armour, "a weapon's armour")?,
            },
            "armour" => ItemUse::Armour {
                armour: self.positive(self.armour, "armour")?,
                damage: self.modifier(self.damage, "armour's damage")?,
            },
            "artifact" => ItemUse::Artifact,
            other => return Err(self.bad(&format!("unknown kind {other:?}"))),
        })
    }

    fn checked(self) -> Result<ItemKind, DataError> {
        let bad = |problem: &str| self.bad(problem);
        let use_ = self.item_use()?;
        check_colour(&self.colour).map_err(|p| bad(&p))?;
        let flies = matches!(use_, ItemUse::Thrown { .. } | ItemUse::Ammo { .. });
        if self.breaks > 100 || (self.breaks > 0 && !flies) {
            return Err(bad(
                "breaks is a percent (0 to 100) of a thrown item or ammunition",
            ));
        }
        if let Err(problem) = super::data::check_depths(self.min_depth, self.max_depth) {
            return Err(bad(problem));
        }
        Ok(ItemKind {
            name: self.name,
            glyph: self.glyph,
            colour: self.colour,
            use_,
            start: self.start,
            min_depth: self.min_depth,
            max_depth: self.max_depth,
            frequency: self.frequency,
            breaks: self.breaks,
        })
    }
}

/// Parses an item file in the format of `data/items.toml`; `file` names it in errors.
pub fn parse_items_file(file: &str, text: &str) -> Result<Vec<ItemKind>, DataError> {
    let kinds = load_kinds(file, text, "item", |f: File| f.item)?;
    for k in &kinds {
        if let ItemUse::Ammo { launcher, .. } = &k.use_ {
            let fits = kinds
                .iter()
                .any(|l| &l.name == launcher && matches!(l.use_, ItemUse::Launcher { .. }));
            if !fits {
                let problem = format!("its launcher {launcher:?} is not a launcher in the file");
                return Err(DataError::entry(file, "item", &k.name, &problem));
            }
        }
    }
    Ok(kinds)
}

/// Parses an item file in the format of `data/items.toml`.
pub fn parse_items(text: &str) -> Result<Vec<ItemKind>, DataError> {
    parse_items_file(ITEMS_FILE, text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bundled_file_has_every_effect_kind() {
        let kinds = parse_items(include_str!("../../data/items.toml")).unwrap();
        let count = |f: fn(&ItemUse) -> bool| kinds.iter().filter(|k| f(&k.use_)).count();
        assert!(count(|u| matches!(u, ItemUse::Heal { .. } | ItemUse::GainLife { .. })) >= 2);
        assert!(count(|u| matches!(u, ItemUse::Weapon { .. })) >= 3);
        assert!(count(|u| matches!(u, ItemUse::Armour { .. })) >= 2);
        for f in [
            |u: &ItemUse| matches!(u, ItemUse::Thrown { .. }),
            |u: &ItemUse| matches!(u, ItemUse::Launcher { .. }),
            |u: &ItemUse| matches!(u, ItemUse::Ammo { .. }),
            |u: &ItemUse| matches!(u, ItemUse::Blast { .. }),
            |u: &ItemUse| matches!(u, ItemUse::Teleport),
            |u: &ItemUse| matches!(u, ItemUse::MagicMap),
        ] {
            assert!(count(f) >= 1);
        }
        assert_eq!(count(|u| matches!(u, ItemUse::Artifact)), 1);
    }

    #[test]
    fn armour_says_what_it_takes_off_each_blow() {
        // QA read "absorbs 1 a blow" as broken English.
        let kinds = parse_items(include_str!("../../data/items.toml")).unwrap();
        let says = |name: &str| {
            kinds
                .iter()
                .find(|k| k.name == name)
                .map(|k| k.use_.summary())
                .unwrap()
        };
        assert_eq!(says("leather armour"), "wear: takes 1 off each blow");
        assert_eq!(says("scale mail"), "wear: takes 3 off each blow, -1 damage");
    }

    #[test]
    fn the_first_two_depths_offer_choices_and_an_escape() {
        // Issue 17: 1,364 turns without finding armour, and melee flat. Levels 1 and 2 place
        // armour, weapons that trade damage against armour, and a way out.
        let kinds = parse_items(include_str!("../../data/items.toml")).unwrap();
        let early: Vec<&ItemKind> = kinds
            .iter()
            .filter(|k| k.frequency > 0 && k.min_depth <= 2)
            .collect();
        assert!(
            early
                .iter()
                .any(|k| matches!(k.use_, ItemUse::Armour { .. }))
        );
        assert!(early.iter().any(|k| matches!(k.use_, ItemUse::Teleport)));
        let weapons: Vec<(i32, i32)> = early
            .iter()
            .filter_map(|k| match k.use_ {
                ItemUse::Weapon { damage, armour } => Some((damage, armour)),
                _ => None,
            })
            .collect();
        let parries = weapons.iter().any(|&(_, a)| a > 0);
        let open = weapons.iter().any(|&(_, a)| a < 0);
        assert!(parries && open, "{weapons:?}");
        let hardest = weapons.iter().max_by_key(|w| w.0).unwrap();
        assert!(hardest.1 < 0, "the hardest blow costs armour: {weapons:?}");
    }

    #[test]
    fn bad_files_are_rejected_naming_the_file_and_entry() {
        let ok = "[[item]]\nname='x'\nglyph='x'\nkind='heal'\nheal=3\n";
        assert!(parse_items(ok).is_ok());
        let e = parse_items(&ok.replace("heal=3", "heal=0")).unwrap_err();
        assert!(e.to_string().contains("data/items.toml") && e.to_string().contains("item x"));
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
        let ammo = "[[item]]\nname='s'\nglyph='s'\nkind='ammo'\ndamage=1\nlauncher='sling'\n";
        assert!(parse_items(ammo).unwrap_err().to_string().contains("sling"));
        assert!(parse_items(&ok.replace("heal=3", "heal=3\ncolour='plaid'")).is_err());
        assert!(
            parse_items(&ok.replace("heal=3", "heal=3\nbreaks=10")).is_err(),
            "a potion"
        );
        let dart = "[[item]]\nname='d'\nglyph='d'\nkind='thrown'\ndamage=1\nrange=3\n";
        assert_eq!(
            parse_items(&format!("{dart}breaks=25\n")).unwrap()[0].breaks,
            25
        );
        assert!(parse_items(&format!("{dart}breaks=101\n")).is_err());
        let spear = "[[item]]\nname='s'\nglyph='|'\nkind='weapon'\ndamage=8\narmour=-1\n";
        let kind = &parse_items(spear).unwrap()[0];
        assert_eq!(
            kind.use_,
            ItemUse::Weapon {
                damage: 8,
                armour: -1
            }
        );
        assert_eq!(kind.use_.summary(), "wield: 8 damage a blow, -1 armour");
        assert!(parse_items(&spear.replace("-1", "-4")).is_err());
        let e = parse_items("[[item]]\nname=3\n").unwrap_err().to_string();
        assert!(e.starts_with("data/items.toml:2:"), "{e}");
    }
}
