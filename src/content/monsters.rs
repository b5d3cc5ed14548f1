//! Monster kinds, read from `data/monsters.toml` (embedded at build time: the core never
//! reads files). Names and numbers come from the file; how a monster decides is one of a
//! fixed set of behaviours ([`Behaviour`]) and how it strikes one of a fixed set of attacks
//! ([`Attack`]).

use super::data::{DataError, check_colour};
use super::load::{RawEntry, load_kinds};
use serde::{Deserialize, Serialize};

/// The bundled monster file's name, for messages.
pub const MONSTERS_FILE: &str = "data/monsters.toml";

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
    /// Shoots at the player along a clear line from a distance; strikes when adjacent.
    Ranged {
        /// The farthest shot.
        range: u32,
        /// Damage of a shot.
        damage: i32,
    },
    /// Seeing the player along one of the six straight lines within `range`, it charges down
    /// that line one tile an action, whatever the player does, and its blow at the end of a
    /// charge does double damage. The telegraph shows the whole line.
    Charger {
        /// The longest charge.
        range: u32,
    },
    /// Keeps within `radius` of the tile where it was placed and fights whoever comes there.
    Guardian {
        /// How far it leaves its post.
        radius: u32,
    },
}

/// How a monster's blow lands.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Attack {
    /// One tile: whoever stands there after movement.
    #[default]
    Blow,
    /// A wide swing: the target tile and the two tiles beside it that are also next to the
    /// attacker, so stepping aside does not dodge it; stepping back does.
    Sweep,
}

/// How a monster fights besides its behaviour and its attack: its answers to a player who
/// strikes every marked tile (issue 33). Every field has a default that changes nothing.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tactics {
    /// How far its blow reaches: 1, or 2 for a spear that also strikes the tile two steps
    /// away along a straight line, over the tile between (ARCHITECTURE.md, "Simultaneous
    /// turns", R0).
    pub reach: u32,
    /// Its approach feints: about to step next to the player, it steps onto one of the free
    /// tiles next to both, chosen at random, and every one of them is marked.
    pub feints: bool,
    /// A shooter that keeps its distance: with the player next to it, it steps back to a free
    /// tile out of their reach that it can shoot them from, when it has one, and strikes only
    /// when cornered. A step back costs it its next action too.
    pub retreats: bool,
}

impl Default for Tactics {
    fn default() -> Tactics {
        Tactics {
            reach: 1,
            feints: false,
            retreats: false,
        }
    }
}

/// The longest reach a monster's blow may have.
pub const MAX_REACH: u32 = 2;

/// One kind of monster.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MonsterKind {
    /// Its name, as in map placements.
    pub name: String,
    /// Its glyph on the map.
    pub glyph: char,
    /// Its colour, one of the named colours.
    pub colour: String,
    /// Actions per turn.
    pub speed: u32,
    /// Contest strength.
    pub strength: i32,
    /// Hit points when unhurt.
    pub hp: i32,
    /// Damage of one blow.
    pub damage: i32,
    /// Damage taken off each blow it receives (never below 1).
    pub armour: i32,
    /// Sight radius.
    pub sight: u32,
    /// How it decides.
    pub behaviour: Behaviour,
    /// How its blow lands.
    pub attack: Attack,
    /// The shallowest depth where levels place it.
    pub min_depth: u32,
    /// The deepest depth where levels place it.
    pub max_depth: u32,
    /// How often levels place it, relative to others at the same depth (0: never by chance).
    pub frequency: u32,
    /// How many are placed together: from `group.0` to `group.1`.
    pub group: (u32, u32),
    /// How it fights besides its behaviour and attack.
    pub tactics: Tactics,
    /// The kind placed beside each one placed by chance, if any: a pair that fights together.
    pub escort: Option<String>,
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
    #[serde(default = "super::data::default_colour")]
    colour: String,
    speed: u32,
    strength: i32,
    hp: i32,
    damage: i32,
    #[serde(default)]
    armour: i32,
    sight: u32,
    behaviour: String,
    #[serde(default)]
    attack: Option<String>,
    flee_below: Option<u32>,
    pack_size: Option<u32>,
    pack_radius: Option<u32>,
    range: Option<u32>,
    shot_damage: Option<i32>,
    guard_radius: Option<u32>,
    #[serde(default = "super::data::first_depth")]
    min_depth: u32,
    #[serde(default = "super::data::last_depth")]
    max_depth: u32,
    #[serde(default)]
    frequency: u32,
    #[serde(default = "single")]
    group: [u32; 2],
    #[serde(default = "plain_reach")]
    reach: u32,
    #[serde(default)]
    feints: bool,
    #[serde(default)]
    retreats: bool,
    escort: Option<String>,
}

const fn plain_reach() -> u32 {
    1
}

const fn single() -> [u32; 2] {
    [1, 1]
}

/// The most actions per turn a monster may have: the number of segments in a turn.
pub const MAX_SPEED: u32 = super::SEGMENTS;

impl RawEntry for Raw {
    type Kind = MonsterKind;

    fn into_kind(self) -> Result<MonsterKind, DataError> {
        self.checked()
    }

    fn name(kind: &MonsterKind) -> &str {
        &kind.name
    }
}

impl Raw {
    /// The behaviour the entry names, with the fields that behaviour needs.
    fn behaviour(&self) -> Result<Behaviour, DataError> {
        let bad = |problem: &str| DataError::entry(MONSTERS_FILE, "monster", &self.name, problem);
        let need = |v: Option<u32>, what: &str| v.ok_or_else(|| bad(&format!("needs {what}")));
        Ok(match self.behaviour.as_str() {
            "chaser" => Behaviour::Chaser,
            "coward" => Behaviour::Coward {
                flee_below: need(self.flee_below, "flee_below")?,
            },
            "pack" => Behaviour::Pack {
                size: need(self.pack_size, "pack_size")?,
                radius: need(self.pack_radius, "pack_radius")?,
            },
            "ranged" => Behaviour::Ranged {
                range: need(self.range, "range")?.min(crate::content::MAX_RANGE),
                damage: self
                    .shot_damage
                    .filter(|d| *d > 0)
                    .ok_or_else(|| bad("needs shot_damage above 0"))?,
            },
            "charger" => Behaviour::Charger {
                range: need(self.range, "range")?.clamp(2, 12),
            },
            "guardian" => Behaviour::Guardian {
                radius: need(self.guard_radius, "guard_radius")?,
            },
            other => return Err(bad(&format!("unknown behaviour {other:?}"))),
        })
    }

    fn checked(self) -> Result<MonsterKind, DataError> {
        let bad = |problem: &str| DataError::entry(MONSTERS_FILE, "monster", &self.name, problem);
        if self.speed == 0 || self.speed > MAX_SPEED {
            return Err(bad(&format!("speed must be 1 to {MAX_SPEED}")));
        }
        if self.hp < 1 || self.damage < 0 || self.armour < 0 || self.sight > 30 {
            return Err(bad(
                "hp must be positive, damage and armour not negative, sight at most 30",
            ));
        }
        let behaviour = self.behaviour()?;
        let attack = match self.attack.as_deref() {
            None | Some("blow") => Attack::Blow,
            Some("sweep") => Attack::Sweep,
            Some(other) => return Err(bad(&format!("unknown attack {other:?}"))),
        };
        check_colour(&self.colour).map_err(|p| bad(&p))?;
        if let Err(problem) = super::data::check_depths(self.min_depth, self.max_depth) {
            return Err(bad(problem));
        }
        let [lo, hi] = self.group;
        if lo < 1 || lo > hi || hi > 8 {
            return Err(bad(
                "group must be [least, most] with 1 <= least <= most <= 8",
            ));
        }
        if !(1..=MAX_REACH).contains(&self.reach) {
            return Err(bad(&format!("reach must be 1 to {MAX_REACH}")));
        }
        if self.retreats && !matches!(behaviour, Behaviour::Ranged { .. }) {
            return Err(bad("only a ranged monster retreats"));
        }
        let tactics = Tactics {
            reach: self.reach,
            feints: self.feints,
            retreats: self.retreats,
        };
        Ok(MonsterKind {
            name: self.name,
            glyph: self.glyph,
            colour: self.colour,
            speed: self.speed,
            strength: self.strength,
            hp: self.hp,
            damage: self.damage,
            armour: self.armour,
            sight: self.sight,
            behaviour,
            attack,
            min_depth: self.min_depth,
            max_depth: self.max_depth,
            frequency: self.frequency,
            group: (lo, hi),
            tactics,
            escort: self.escort,
        })
    }
}

/// Parses a monster file in the format of `data/monsters.toml`; `file` names it in errors.
/// An escort must name a kind of the file.
pub fn parse_monsters_file(file: &str, text: &str) -> Result<Vec<MonsterKind>, DataError> {
    let kinds: Vec<MonsterKind> = load_kinds(file, text, "monster", |f: File| f.monster)?;
    for kind in &kinds {
        if let Some(escort) = &kind.escort
            && kinds.iter().all(|k| k.name != *escort)
        {
            let problem = format!("escort {escort:?} is no monster of the file");
            return Err(DataError::entry(file, "monster", &kind.name, &problem));
        }
    }
    Ok(kinds)
}

/// Parses a monster file in the format of `data/monsters.toml`.
pub fn parse_monsters(text: &str) -> Result<Vec<MonsterKind>, DataError> {
    parse_monsters_file(MONSTERS_FILE, text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bundled_file_spreads_kinds_over_the_depths() {
        let kinds = parse_monsters(include_str!("../../data/monsters.toml")).unwrap();
        assert!(kinds.len() >= 12, "{} kinds", kinds.len());
        let has = |f: &dyn Fn(&MonsterKind) -> bool| kinds.iter().any(f);
        assert!(has(&|k| matches!(k.behaviour, Behaviour::Ranged { .. })));
        assert!(has(&|k| matches!(k.behaviour, Behaviour::Charger { .. })));
        assert!(has(&|k| matches!(k.behaviour, Behaviour::Guardian { .. })));
        assert!(has(&|k| matches!(k.behaviour, Behaviour::Coward { .. })));
        assert!(has(&|k| matches!(k.behaviour, Behaviour::Pack { .. })));
        assert!(has(&|k| k.speed == MAX_SPEED));
        assert!(has(&|k| k.speed == 1 && k.attack == Attack::Sweep));
        for depth in 1..=10 {
            let here = kinds
                .iter()
                .filter(|k| k.frequency > 0 && (k.min_depth..=k.max_depth).contains(&depth))
                .count();
            assert!(here >= 3, "depth {depth} has {here} kinds");
        }
    }

    #[test]
    fn bad_files_are_rejected_naming_the_file_and_entry() {
        let base =
            "[[monster]]\nname='x'\nglyph='x'\nspeed=1\nstrength=1\nhp=1\ndamage=1\nsight=3\n";
        assert!(parse_monsters(&format!("{base}behaviour='chaser'")).is_ok());
        let err = parse_monsters(&format!("{base}behaviour='dancer'")).unwrap_err();
        assert!(err.to_string().contains("dancer"));
        assert!(err.to_string().contains("data/monsters.toml: monster x"));
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
        let swing = format!("{base}behaviour='chaser'\nattack='kick'");
        assert!(
            parse_monsters(&swing)
                .unwrap_err()
                .to_string()
                .contains("kick")
        );
        let group = format!("{base}behaviour='chaser'\ngroup=[3,2]");
        assert!(parse_monsters(&group).is_err());
    }

    #[test]
    fn tactics_are_read_checked_and_default_to_plain_fighting() {
        let base =
            "[[monster]]\nname='x'\nglyph='x'\nspeed=1\nstrength=1\nhp=1\ndamage=1\nsight=3\n";
        let plain = parse_monsters(&format!("{base}behaviour='chaser'")).unwrap();
        assert_eq!(plain[0].tactics, Tactics::default());
        assert_eq!(plain[0].tactics.reach, 1);
        assert_eq!(plain[0].escort, None);
        let spear = format!("{base}behaviour='chaser'\nreach=2\nfeints=true");
        let spear = parse_monsters(&spear).unwrap();
        assert_eq!(spear[0].tactics.reach, 2);
        assert!(spear[0].tactics.feints);
        let far = parse_monsters(&format!("{base}behaviour='chaser'\nreach=3")).unwrap_err();
        assert!(far.to_string().contains("reach must be 1 to 2"), "{far}");
        let running = parse_monsters(&format!("{base}behaviour='chaser'\nretreats=true"));
        assert!(running.unwrap_err().to_string().contains("ranged"));
        let shooter = format!("{base}behaviour='ranged'\nrange=4\nshot_damage=1\nretreats=true");
        assert!(parse_monsters(&shooter).unwrap()[0].tactics.retreats);
        let alone = format!("{base}behaviour='chaser'\nescort=\"y\\u001b\"");
        let err = parse_monsters(&alone).unwrap_err().to_string();
        assert!(err.contains("monster x: escort \"y\\u{1b}\""), "{err}");
        let pair = format!("{base}behaviour='chaser'\nescort='x'");
        assert_eq!(
            parse_monsters(&pair).unwrap()[0].escort.as_deref(),
            Some("x")
        );
    }
}
