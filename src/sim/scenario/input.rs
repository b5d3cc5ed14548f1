//! The scenario file format and its validation.

use super::ScenarioError;
use crate::content::{Content, MonsterKind};
use crate::geom::{COORD_LIMIT, Cell};
use crate::sim::Intention;
use serde::Deserialize;
use serde::de::{self, IgnoredAny, MapAccess, SeqAccess, Visitor};
use std::collections::BTreeMap;
use std::fmt;

/// The most segments a scenario turn may have.
pub const MAX_SEGMENTS: u32 = 10_000;
/// The most units a scenario may hold.
pub const MAX_UNITS: usize = 100_000;
/// The most units × segments a scenario may ask for: the resolver's work grows with both.
pub const MAX_UNIT_SEGMENTS: u64 = 10_000_000;
/// The largest scenario file read, in bytes (8 MiB).
pub const MAX_SCENARIO_BYTES: u64 = 8 << 20;

#[derive(Deserialize)]
#[serde(
    deny_unknown_fields,
    expecting = r#"a scenario: an object with "units" and optionally "segments", "turns", "walls" and "comment""#
)]
pub(super) struct RawScenario {
    /// Free text for people (what the case shows, its DATC number); ignored.
    #[serde(default, rename = "comment")]
    _comment: Option<String>,
    segments: Option<u32>,
    turns: Option<u32>,
    #[serde(default)]
    walls: Vec<[i32; 2]>,
    units: Vec<RawUnit>,
}

#[derive(Deserialize)]
#[serde(
    deny_unknown_fields,
    expecting = r#"a unit: an object with "id", "pos" and optionally "monster", "faction", "hp", "damage", "strength", "speed", "initiative" and "intentions""#
)]
struct RawUnit {
    id: String,
    pos: [i32; 2],
    monster: Option<String>,
    faction: Option<String>,
    hp: Option<i32>,
    damage: Option<i32>,
    strength: Option<i32>,
    speed: Option<u32>,
    initiative: Option<i64>,
    #[serde(default)]
    intentions: Vec<RawIntention>,
}

/// What an intention may be, for error messages.
const INTENTION_FORMS: &str =
    r#"expected "stay", {"move": [x, y]} or {"attack": [x, y]}, optionally with "from": [x, y]"#;

/// An intention as written: read straight into this small form (never kept as a JSON value),
/// with what was found instead when it is not an intention, for the message.
#[derive(Debug)]
enum RawIntention {
    Stay,
    Act {
        to: Option<[i32; 2]>,
        attack: Option<[i32; 2]>,
        from: Option<[i32; 2]>,
    },
    /// Not an intention: a short description of what the file holds instead.
    Bad(String),
}

/// The longest excerpt of a bad intention kept for its message.
const EXCERPT_CHARS: usize = 40;

fn excerpt(text: &str) -> String {
    let cut: String = text.chars().take(EXCERPT_CHARS).collect();
    if cut.len() < text.len() {
        format!("{cut:?}...")
    } else {
        format!("{cut:?}")
    }
}

struct IntentionVisitor;

impl<'de> Visitor<'de> for IntentionVisitor {
    type Value = RawIntention;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(INTENTION_FORMS.trim_start_matches("expected "))
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<RawIntention, E> {
        Ok(if v == "stay" {
            RawIntention::Stay
        } else {
            RawIntention::Bad(excerpt(v))
        })
    }

    fn visit_bool<E: de::Error>(self, v: bool) -> Result<RawIntention, E> {
        Ok(RawIntention::Bad(v.to_string()))
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<RawIntention, E> {
        Ok(RawIntention::Bad(v.to_string()))
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<RawIntention, E> {
        Ok(RawIntention::Bad(v.to_string()))
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<RawIntention, E> {
        Ok(RawIntention::Bad(v.to_string()))
    }

    fn visit_unit<E: de::Error>(self) -> Result<RawIntention, E> {
        Ok(RawIntention::Bad("null".into()))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<RawIntention, A::Error> {
        while seq.next_element::<IgnoredAny>()?.is_some() {}
        Ok(RawIntention::Bad("a list".into()))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<RawIntention, A::Error> {
        let (mut to, mut attack, mut from) = (None, None, None);
        let mut unknown = None;
        while let Some(key) = map.next_key::<String>()? {
            match key.as_str() {
                "move" => to = Some(map.next_value::<[i32; 2]>()?),
                "attack" => attack = Some(map.next_value::<[i32; 2]>()?),
                "from" => from = Some(map.next_value::<[i32; 2]>()?),
                _ => {
                    map.next_value::<IgnoredAny>()?;
                    unknown.get_or_insert_with(|| format!("an object with {}", excerpt(&key)));
                }
            }
        }
        Ok(match unknown {
            Some(found) => RawIntention::Bad(found),
            None => RawIntention::Act { to, attack, from },
        })
    }
}

impl<'de> Deserialize<'de> for RawIntention {
    fn deserialize<D: de::Deserializer<'de>>(d: D) -> Result<RawIntention, D::Error> {
        d.deserialize_any(IntentionVisitor)
    }
}

/// One unit, validated.
#[derive(Clone, Debug)]
pub(super) struct UnitSpec {
    pub id: String,
    pub pos: Cell,
    /// The monster kind whose mind chooses its intentions, if any.
    pub monster: Option<MonsterKind>,
    /// Index of the faction name in order of first appearance.
    pub faction: u16,
    pub hp: i32,
    /// Hit points when unhurt: `hp`, or a monster's kind's when more.
    pub max_hp: i32,
    pub armour: i32,
    pub damage: i32,
    pub strength: i32,
    pub speed: u32,
    pub initiative: i64,
    /// Each intention with the tile it was planned from.
    pub intentions: Vec<(Intention, Cell)>,
}

/// A validated scenario.
#[derive(Clone, Debug)]
pub(super) struct Scenario {
    pub segments: u32,
    pub turns: u32,
    /// Sorted, without duplicates.
    pub walls: Vec<Cell>,
    pub units: Vec<UnitSpec>,
}

fn hex(raw: [i32; 2], what: impl FnOnce() -> String) -> Result<Cell, ScenarioError> {
    let h = Cell::new(raw[0], raw[1]);
    if h.in_limits() {
        Ok(h)
    } else {
        Err(ScenarioError::Invalid(format!(
            "{} {h} is beyond the coordinate limit of ±{COORD_LIMIT}",
            what()
        )))
    }
}

fn invalid(message: String) -> ScenarioError {
    ScenarioError::Invalid(message)
}

impl RawScenario {
    pub(super) fn validate(self) -> Result<Scenario, ScenarioError> {
        let (segments, turns) = self.check_sizes()?;
        let content = if self.units.iter().any(|u| u.monster.is_some()) {
            Some(Content::bundled().map_err(|e| invalid(e.to_string()))?)
        } else {
            None
        };
        let mut walls = self
            .walls
            .iter()
            .enumerate()
            .map(|(i, &w)| hex(w, || format!("wall {}", i + 1)))
            .collect::<Result<Vec<_>, _>>()?;
        walls.sort_unstable();
        walls.dedup();
        let mut factions: BTreeMap<String, u16> = BTreeMap::new();
        for (i, name) in ["player", "monsters", "neutral"].into_iter().enumerate() {
            factions.insert(name.to_owned(), i as u16);
        }
        let mut units = Vec::with_capacity(self.units.len());
        for mut raw in self.units {
            let fallback = if raw.monster.is_some() {
                "monsters"
            } else {
                "neutral"
            };
            let name = raw.faction.take().unwrap_or_else(|| fallback.to_string());
            let faction = faction_number(&mut factions, name)?;
            let kind = monster_kind(&raw, content.as_ref())?;
            units.push(raw.validate(segments, turns, faction, kind, &walls)?);
        }
        check_unique(&units)?;
        Ok(Scenario {
            segments,
            turns,
            walls,
            units,
        })
    }

    /// The segments and turns (1 when not given), within their bounds together with the
    /// number of units.
    fn check_sizes(&self) -> Result<(u32, u32), ScenarioError> {
        let segments = self.segments.unwrap_or(1);
        if segments == 0 || segments > MAX_SEGMENTS {
            return Err(invalid(format!(
                "segments must be 1 to {MAX_SEGMENTS}, not {segments}"
            )));
        }
        let turns = self.turns.unwrap_or(1);
        if turns == 0 || turns > MAX_SEGMENTS {
            return Err(invalid(format!(
                "turns must be 1 to {MAX_SEGMENTS}, not {turns}"
            )));
        }
        if self.units.len() > MAX_UNITS {
            return Err(invalid(format!(
                "{} units: expected at most {MAX_UNITS}",
                self.units.len()
            )));
        }
        let work = self.units.len() as u64 * u64::from(segments) * u64::from(turns);
        if work > MAX_UNIT_SEGMENTS {
            return Err(invalid(format!(
                "{} units over {segments} segments × {turns} turns: expected units × segments × turns to be at most {MAX_UNIT_SEGMENTS}",
                self.units.len()
            )));
        }
        Ok((segments, turns))
    }
}

/// The number of faction `name`, numbered in the order factions first appear (after the
/// three every scenario has).
fn faction_number(
    factions: &mut BTreeMap<String, u16>,
    name: String,
) -> Result<u16, ScenarioError> {
    let next = factions.len();
    if let Some(&f) = factions.get(&name) {
        return Ok(f);
    }
    let f = u16::try_from(next).map_err(|_| {
        invalid(format!(
            "more than {} factions: expected at most that many",
            u16::MAX as usize + 1
        ))
    })?;
    factions.insert(name, f);
    Ok(f)
}

/// The monster kind unit `raw` names, from `content` (loaded when any unit names one).
fn monster_kind(
    raw: &RawUnit,
    content: Option<&Content>,
) -> Result<Option<MonsterKind>, ScenarioError> {
    match (&raw.monster, content) {
        (Some(name), Some(content)) => {
            Ok(Some(content.monster(name).cloned().ok_or_else(|| {
                let known: Vec<&str> = content.monsters().iter().map(|k| k.name.as_str()).collect();
                invalid(format!(
                    "unit {:?}: no monster {name:?}; the monsters are {}",
                    raw.id,
                    known.join(", ")
                ))
            })?))
        }
        _ => Ok(None),
    }
}

/// No two units share an id or a tile.
fn check_unique(units: &[UnitSpec]) -> Result<(), ScenarioError> {
    let mut ids: Vec<&str> = units.iter().map(|u| u.id.as_str()).collect();
    ids.sort_unstable();
    if let Some(&[id, _]) = ids.windows(2).find(|w| w[0] == w[1]) {
        return Err(invalid(format!("unit id {id:?} is used twice")));
    }
    let mut places: Vec<(Cell, &str)> = units.iter().map(|u| (u.pos, u.id.as_str())).collect();
    places.sort_unstable();
    if let Some(w) = places.windows(2).find(|w| w[0].0 == w[1].0) {
        return Err(invalid(format!(
            "units {:?} and {:?} both stand on {}",
            w[0].1, w[1].1, w[0].0
        )));
    }
    Ok(())
}

impl RawUnit {
    fn validate(
        self,
        segments: u32,
        turns: u32,
        faction: u16,
        monster: Option<MonsterKind>,
        walls: &[Cell],
    ) -> Result<UnitSpec, ScenarioError> {
        let id = self.id;
        if id.is_empty() {
            return Err(invalid("a unit has an empty id".into()));
        }
        let pos = hex(self.pos, || format!("unit {id:?} position"))?;
        if walls.binary_search(&pos).is_ok() {
            return Err(invalid(format!("unit {id:?} stands in a wall at {pos}")));
        }
        let kind = monster.as_ref();
        let hp = self.hp.or(kind.map(|k| k.hp)).unwrap_or(10);
        let damage = self.damage.or(kind.map(|k| k.damage)).unwrap_or(3);
        let speed = self.speed.or(kind.map(|k| k.speed)).unwrap_or(segments);
        if kind.is_some() && !self.intentions.is_empty() {
            return Err(invalid(format!(
                "unit {id:?} is a monster: its mind chooses its intentions, give none"
            )));
        }
        if hp < 1 {
            return Err(invalid(format!(
                "unit {id:?} has hp {hp}; it must be at least 1"
            )));
        }
        if damage < 0 {
            return Err(invalid(format!("unit {id:?} has negative damage {damage}")));
        }
        if speed > segments {
            return Err(invalid(format!(
                "unit {id:?} has speed {speed}, more than the {segments} segments of the turn"
            )));
        }
        let actions = u64::from(speed) * u64::from(turns);
        if self.intentions.len() as u64 > actions {
            return Err(invalid(format!(
                "unit {id:?} has {} intentions but acts only {actions} times",
                self.intentions.len()
            )));
        }
        let intentions = parse_intentions(&id, pos, self.intentions)?;
        Ok(UnitSpec {
            id,
            pos,
            faction,
            hp,
            max_hp: kind.map_or(hp, |k| k.hp.max(hp)),
            armour: kind.map_or(0, |k| k.armour),
            damage,
            strength: self.strength.or(kind.map(|k| k.strength)).unwrap_or(1),
            speed,
            initiative: self.initiative.unwrap_or(0),
            intentions,
            monster,
        })
    }
}

/// Unit `id`'s intentions in order, each with the tile it is planned from: its `from`, or
/// where the unit's moves so far take it from `pos`.
fn parse_intentions(
    id: &str,
    pos: Cell,
    raw: Vec<RawIntention>,
) -> Result<Vec<(Intention, Cell)>, ScenarioError> {
    let mut planned = pos;
    let mut intentions = Vec::with_capacity(raw.len());
    for (n, raw) in raw.into_iter().enumerate() {
        let at = || format!("unit {id:?} intention {}", n + 1);
        let (intention, from) = parse_intention(raw, planned, at)?;
        if let Intention::Move(t) = intention {
            planned = t;
        }
        intentions.push((intention, from));
    }
    Ok(intentions)
}

/// One intention and the tile it is planned from (`planned` unless it says); `at` names it
/// in messages.
fn parse_intention(
    raw: RawIntention,
    planned: Cell,
    at: impl Fn() -> String,
) -> Result<(Intention, Cell), ScenarioError> {
    match raw {
        RawIntention::Stay => Ok((Intention::Stay, planned)),
        RawIntention::Act { to, attack, from } => {
            let from = match from {
                Some(f) => hex(f, || format!("{} origin", at()))?,
                None => planned,
            };
            let intention = match (to, attack) {
                (Some(t), None) => Intention::Move(hex(t, || format!("{} target", at()))?),
                (None, Some(t)) => Intention::Attack(hex(t, || format!("{} target", at()))?),
                _ => {
                    return Err(invalid(format!(
                        "{}: give exactly one of \"move\" and \"attack\"",
                        at()
                    )));
                }
            };
            Ok((intention, from))
        }
        RawIntention::Bad(found) => Err(invalid(format!(
            "{}: unknown intention {found}; {INTENTION_FORMS}",
            at()
        ))),
    }
}
