//! The scenario file format and its validation.

use super::ScenarioError;
use crate::geom::{COORD_LIMIT, Hex};
use crate::sim::Intention;
use serde::Deserialize;

/// The most segments a scenario turn may have.
pub const MAX_SEGMENTS: u32 = 10_000;
/// The most units a scenario may hold.
pub const MAX_UNITS: usize = 100_000;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawScenario {
    /// Free text for people (what the case shows, its DATC number); ignored.
    #[serde(default, rename = "comment")]
    _comment: Option<String>,
    segments: Option<u32>,
    #[serde(default)]
    walls: Vec<[i32; 2]>,
    units: Vec<RawUnit>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawUnit {
    id: String,
    pos: [i32; 2],
    faction: Option<String>,
    hp: Option<i32>,
    damage: Option<i32>,
    strength: Option<i32>,
    speed: Option<u32>,
    initiative: Option<i64>,
    #[serde(default)]
    intentions: Vec<serde_json::Value>,
}

/// What an intention may be, for error messages.
const INTENTION_FORMS: &str =
    r#"expected "stay", {"move": [x, y]} or {"attack": [x, y]}, optionally with "from": [x, y]"#;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawAct {
    #[serde(rename = "move")]
    to: Option<[i32; 2]>,
    attack: Option<[i32; 2]>,
    from: Option<[i32; 2]>,
}

/// One unit, validated.
#[derive(Clone, Debug)]
pub(super) struct UnitSpec {
    pub id: String,
    pub pos: Hex,
    /// Index of the faction name in order of first appearance.
    pub faction: u16,
    pub hp: i32,
    pub damage: i32,
    pub strength: i32,
    pub speed: u32,
    pub initiative: i64,
    /// Each intention with the tile it was planned from.
    pub intentions: Vec<(Intention, Hex)>,
}

/// A validated scenario.
#[derive(Clone, Debug)]
pub(super) struct Scenario {
    pub segments: u32,
    /// Sorted, without duplicates.
    pub walls: Vec<Hex>,
    pub units: Vec<UnitSpec>,
}

fn hex(raw: [i32; 2], what: impl FnOnce() -> String) -> Result<Hex, ScenarioError> {
    let h = Hex::new(raw[0], raw[1]);
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
        let segments = self.segments.unwrap_or(1);
        if segments == 0 || segments > MAX_SEGMENTS {
            return Err(invalid(format!(
                "segments must be 1 to {MAX_SEGMENTS}, not {segments}"
            )));
        }
        if self.units.len() > MAX_UNITS {
            return Err(invalid(format!("more than {MAX_UNITS} units")));
        }
        let mut walls = self
            .walls
            .iter()
            .enumerate()
            .map(|(i, &w)| hex(w, || format!("wall {}", i + 1)))
            .collect::<Result<Vec<_>, _>>()?;
        walls.sort_unstable();
        walls.dedup();
        let mut factions: Vec<String> = ["player", "monsters", "neutral"].map(String::from).into();
        let mut units = Vec::with_capacity(self.units.len());
        for raw in self.units {
            let name = raw.faction.clone().unwrap_or_else(|| "neutral".to_string());
            let faction = if let Some(i) = factions.iter().position(|f| *f == name) {
                i
            } else {
                factions.push(name);
                factions.len() - 1
            };
            let faction =
                u16::try_from(faction).map_err(|_| invalid("too many factions".into()))?;
            units.push(raw.validate(segments, faction, &walls)?);
        }
        let mut ids: Vec<&str> = units.iter().map(|u| u.id.as_str()).collect();
        ids.sort_unstable();
        if let Some(&[id, _]) = ids.windows(2).find(|w| w[0] == w[1]) {
            return Err(invalid(format!("unit id {id:?} is used twice")));
        }
        let mut places: Vec<(Hex, &str)> = units.iter().map(|u| (u.pos, u.id.as_str())).collect();
        places.sort_unstable();
        if let Some(w) = places.windows(2).find(|w| w[0].0 == w[1].0) {
            return Err(invalid(format!(
                "units {:?} and {:?} both stand on {}",
                w[0].1, w[1].1, w[0].0
            )));
        }
        Ok(Scenario {
            segments,
            walls,
            units,
        })
    }
}

impl RawUnit {
    fn validate(
        self,
        segments: u32,
        faction: u16,
        walls: &[Hex],
    ) -> Result<UnitSpec, ScenarioError> {
        let id = self.id;
        if id.is_empty() {
            return Err(invalid("a unit has an empty id".into()));
        }
        let pos = hex(self.pos, || format!("unit {id:?} position"))?;
        if walls.binary_search(&pos).is_ok() {
            return Err(invalid(format!("unit {id:?} stands in a wall at {pos}")));
        }
        let hp = self.hp.unwrap_or(10);
        let damage = self.damage.unwrap_or(3);
        let speed = self.speed.unwrap_or(segments);
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
        if self.intentions.len() > speed as usize {
            return Err(invalid(format!(
                "unit {id:?} has {} intentions but acts only {speed} times",
                self.intentions.len()
            )));
        }
        let mut planned = pos;
        let mut intentions = Vec::with_capacity(self.intentions.len());
        for (n, raw) in self.intentions.into_iter().enumerate() {
            let at = || format!("unit {id:?} intention {}", n + 1);
            let (intention, from) = match raw {
                serde_json::Value::String(w) if w == "stay" => (Intention::Stay, planned),
                serde_json::Value::Object(_) => {
                    let act: RawAct = serde_json::from_value(raw)
                        .map_err(|e| invalid(format!("{}: {e}; {INTENTION_FORMS}", at())))?;
                    let from = match act.from {
                        Some(f) => hex(f, || format!("{} origin", at()))?,
                        None => planned,
                    };
                    let intention = match (act.to, act.attack) {
                        (Some(t), None) => Intention::Move(hex(t, || format!("{} target", at()))?),
                        (None, Some(t)) => {
                            Intention::Attack(hex(t, || format!("{} target", at()))?)
                        }
                        _ => {
                            return Err(invalid(format!(
                                "{}: give exactly one of \"move\" and \"attack\"",
                                at()
                            )));
                        }
                    };
                    (intention, from)
                }
                other => {
                    return Err(invalid(format!(
                        "{}: unknown intention {other}; {INTENTION_FORMS}",
                        at()
                    )));
                }
            };
            if let Intention::Move(t) = intention {
                planned = t;
            }
            intentions.push((intention, from));
        }
        Ok(UnitSpec {
            id,
            pos,
            faction,
            hp,
            damage,
            strength: self.strength.unwrap_or(1),
            speed,
            initiative: self.initiative.unwrap_or(0),
            intentions,
        })
    }
}
