//! Monster kinds, read from `data/monsters.toml` (embedded at build time: the core never
//! reads files).

use super::data::first_duplicate;
use serde::{Deserialize, Serialize};
use std::sync::OnceLock;
use thiserror::Error;

/// How a monster decides what to do.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Behaviour {
    /// Hunts the player once seen.
    Chaser,
    /// Hunts, but flees once its hit points fall to `flee_below` percent of its maximum.
    Coward {
        /// The threshold, in percent of maximum hit points.
        flee_below: u32,
    },
    /// Waits near the player until `size` of its kind are within `radius` of them.
    Pack {
        /// How many make a pack, itself included.
        size: u32,
        /// How near the player they must be.
        radius: u32,
    },
}

/// One kind of monster.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MonsterKind {
    /// Its name, as in map placements.
    pub name: String,
    /// Its glyph on the map.
    pub glyph: char,
    /// Actions per turn.
    pub speed: u32,
    /// Contest strength.
    pub strength: i32,
    /// Hit points when unhurt.
    pub hp: i32,
    /// Damage of one blow.
    pub damage: i32,
    /// Sight radius.
    pub sight: u32,
    /// How it decides.
    pub behaviour: Behaviour,
}

/// Why a monster file was rejected.
#[derive(Debug, Error)]
pub enum MonsterError {
    /// Not valid TOML, or a field of the wrong type.
    #[error("monster file: {0}")]
    Toml(#[from] toml::de::Error),
    /// A value out of range or inconsistent.
    #[error("monster {name}: {problem}")]
    Invalid {
        /// The monster's name.
        name: String,
        /// What is wrong.
        problem: String,
    },
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    monster: Vec<Raw>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Raw {
    name: String,
    glyph: char,
    speed: u32,
    strength: i32,
    hp: i32,
    damage: i32,
    sight: u32,
    behaviour: String,
    flee_below: Option<u32>,
    pack_size: Option<u32>,
    pack_radius: Option<u32>,
}

/// The most actions per turn a monster may have: the number of segments in a turn.
pub const MAX_SPEED: u32 = super::world::SEGMENTS;

impl Raw {
    fn into_kind(self) -> Result<MonsterKind, MonsterError> {
        let bad = |problem: &str| MonsterError::Invalid {
            name: self.name.clone(),
            problem: problem.to_string(),
        };
        if self.speed == 0 || self.speed > MAX_SPEED {
            return Err(bad(&format!("speed must be 1 to {MAX_SPEED}")));
        }
        if self.hp < 1 || self.damage < 0 || self.sight > 30 {
            return Err(bad(
                "hp must be positive, damage not negative, sight at most 30",
            ));
        }
        let behaviour = match self.behaviour.as_str() {
            "chaser" => Behaviour::Chaser,
            "coward" => Behaviour::Coward {
                flee_below: self
                    .flee_below
                    .ok_or_else(|| bad("a coward needs flee_below"))?,
            },
            "pack" => Behaviour::Pack {
                size: self
                    .pack_size
                    .ok_or_else(|| bad("a pack needs pack_size"))?,
                radius: self
                    .pack_radius
                    .ok_or_else(|| bad("a pack needs pack_radius"))?,
            },
            other => return Err(bad(&format!("unknown behaviour {other:?}"))),
        };
        Ok(MonsterKind {
            name: self.name,
            glyph: self.glyph,
            speed: self.speed,
            strength: self.strength,
            hp: self.hp,
            damage: self.damage,
            sight: self.sight,
            behaviour,
        })
    }
}

/// Parses a monster file in the format of `data/monsters.toml`.
pub fn parse_monsters(text: &str) -> Result<Vec<MonsterKind>, MonsterError> {
    let file: File = toml::from_str(text)?;
    let kinds = file
        .monster
        .into_iter()
        .map(Raw::into_kind)
        .collect::<Result<Vec<_>, _>>()?;
    if let Some(name) = first_duplicate(kinds.iter().map(|k| k.name.as_str())) {
        return Err(MonsterError::Invalid {
            name: name.to_string(),
            problem: "defined twice".to_string(),
        });
    }
    Ok(kinds)
}

/// The bundled monster kinds from `data/monsters.toml`.
pub fn monster_kinds() -> &'static [MonsterKind] {
    static KINDS: OnceLock<Vec<MonsterKind>> = OnceLock::new();
    KINDS.get_or_init(|| {
        parse_monsters(include_str!("../../data/monsters.toml")).unwrap_or_default()
    })
}

/// The bundled kind with this name.
pub fn monster_kind(name: &str) -> Option<&'static MonsterKind> {
    monster_kinds().iter().find(|k| k.name == name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bundled_file_has_the_five_kinds() {
        let kinds = parse_monsters(include_str!("../../data/monsters.toml")).unwrap();
        let names: Vec<&str> = kinds.iter().map(|k| k.name.as_str()).collect();
        assert_eq!(names, ["goblin", "kobold", "jackal", "ogre", "imp"]);
        assert_eq!(monster_kinds().len(), 5);
        let ogre = monster_kind("ogre").unwrap();
        let imp = monster_kind("imp").unwrap();
        assert!(ogre.speed < imp.speed && ogre.hp > imp.hp && ogre.strength > imp.strength);
        assert!(matches!(
            monster_kind("jackal").unwrap().behaviour,
            Behaviour::Pack { .. }
        ));
    }

    #[test]
    fn bad_files_are_rejected_with_a_reason() {
        let base =
            "[[monster]]\nname='x'\nglyph='x'\nspeed=1\nstrength=1\nhp=1\ndamage=1\nsight=3\n";
        assert!(parse_monsters(&format!("{base}behaviour='chaser'")).is_ok());
        let err = parse_monsters(&format!("{base}behaviour='dancer'")).unwrap_err();
        assert!(err.to_string().contains("dancer"));
        assert!(parse_monsters(&format!("{base}behaviour='coward'")).is_err());
        assert!(parse_monsters(&format!("{base}behaviour='chaser'\ncolour=1")).is_err());
        let twice = format!("{base}behaviour='chaser'\n{base}behaviour='chaser'");
        assert!(
            parse_monsters(&twice)
                .unwrap_err()
                .to_string()
                .contains("twice")
        );
        let fast = base.replace("speed=1", "speed=99");
        assert!(parse_monsters(&format!("{fast}behaviour='chaser'")).is_err());
        assert!(parse_monsters("not toml [").is_err());
    }
}
