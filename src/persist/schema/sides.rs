//! A level's side and corner features between the rules' [`Level`] and format 5's lists of
//! marks: only the features that are not open, by their large-projection cells. Reading
//! refuses a mark on a side or corner the map does not have, an unknown code, an open one
//! and one listed twice, each with a message that says which.

use super::{SchemaError, v5};
use crate::geom::{Corner, Side};
use crate::map::{CornerFeature, Level, SideFeature};

/// The schema's code for a side feature.
pub fn side_code(f: SideFeature) -> u8 {
    match f {
        SideFeature::Open => 0,
        SideFeature::Wall => 1,
        SideFeature::DoorClosed => 2,
        SideFeature::DoorOpen => 3,
    }
}

/// The side feature of a code; open (0) is never written, so it is refused with the unknown.
fn side_feature_of(code: u8) -> Option<SideFeature> {
    match code {
        1 => Some(SideFeature::Wall),
        2 => Some(SideFeature::DoorClosed),
        3 => Some(SideFeature::DoorOpen),
        _ => None,
    }
}

/// The schema's code for a corner feature.
pub fn corner_code(f: CornerFeature) -> u8 {
    match f {
        CornerFeature::Open => 0,
        CornerFeature::Pillar => 1,
    }
}

fn corner_feature_of(code: u8) -> Option<CornerFeature> {
    (code == 1).then_some(CornerFeature::Pillar)
}

/// The marks of a level's sides and corners that are not open.
pub fn marks_of(level: &Level) -> (Vec<v5::SideMark>, Vec<v5::CornerMark>) {
    let sides = level
        .side_features()
        .into_iter()
        .map(|(s, f)| v5::SideMark {
            c: s.c,
            r: s.r,
            feature: side_code(f),
        })
        .collect();
    let corners = level
        .corner_features()
        .into_iter()
        .map(|(k, f)| v5::CornerMark {
            c: k.c,
            r: k.r,
            feature: corner_code(f),
        })
        .collect();
    (sides, corners)
}

/// Puts the marks on a level just built from its tiles, refusing any that does not fit it.
pub fn apply_marks(
    level: &mut Level,
    sides: &[v5::SideMark],
    corners: &[v5::CornerMark],
) -> Result<(), SchemaError> {
    let tiling = level.terrain.tiling();
    let marked = !sides.is_empty() || !corners.is_empty();
    if marked && !tiling.has_sides() {
        return Err(SchemaError::new(format!(
            "{} lists sides or corners, but a level on the {tiling} tiling has none",
            level.name
        )));
    }
    sides.iter().try_for_each(|m| apply_side(level, m))?;
    corners.iter().try_for_each(|m| apply_corner(level, m))
}

/// Why a mark at `(c, r)` of a level does not fit it.
fn misfit(what: &str, c: i32, r: i32, level: &Level, why: &str) -> SchemaError {
    SchemaError::new(format!(
        "the {what} at column {c}, row {r} of {}: {why}",
        level.name
    ))
}

fn apply_side(level: &mut Level, m: &v5::SideMark) -> Result<(), SchemaError> {
    let bad = |level: &Level, why: &str| misfit("side", m.c, m.r, level, why);
    let Some(feature) = side_feature_of(m.feature) else {
        let why = format!(
            "unknown side feature code {} (1 a wall, 2 a closed door, 3 an open door)",
            m.feature
        );
        return Err(bad(level, &why));
    };
    let at = Side::new(m.c, m.r);
    if level.side_at(at) != SideFeature::Open {
        return Err(bad(level, "listed twice"));
    }
    if !level.set_side(at, feature) {
        return Err(bad(level, "no side of this map"));
    }
    Ok(())
}

fn apply_corner(level: &mut Level, m: &v5::CornerMark) -> Result<(), SchemaError> {
    let bad = |level: &Level, why: &str| misfit("corner", m.c, m.r, level, why);
    let Some(feature) = corner_feature_of(m.feature) else {
        let why = format!("unknown corner feature code {} (1 a pillar)", m.feature);
        return Err(bad(level, &why));
    };
    let at = Corner::new(m.c, m.r);
    if level.corner_at(at) != CornerFeature::Open {
        return Err(bad(level, "listed twice"));
    }
    if !level.set_corner(at, feature) {
        return Err(bad(level, "no corner of this map"));
    }
    Ok(())
}
