//! Sides and corners in map files: their glyphs in the large projection, and putting what a
//! file gives onto a level (ARCHITECTURE.md, "Tile sides and corners").
//!
//! A side cell holds a space (open), its own outline glyph ([`SideShape::glyph`]: a thin
//! wall), `+` (a closed door) or `'` (an open door). A corner cell holds a space, `o` (a
//! pillar) or one of `+ - | / \`, which only join the walls drawn around it and are ignored on
//! reading.

use super::Problem;
use super::finish::Placed;
use super::hexmap::MAX_PROBLEMS;
use crate::geom::{Cell, Corner, Side, SideShape};
use crate::map::{CornerFeature, Level, SideFeature};

/// The glyphs a corner may hold besides a space and `o`: drawing only, ignored on reading.
pub const CORNER_JOINS: [char; 5] = ['+', '-', '|', '/', '\\'];

/// The glyph of a pillar on a corner.
pub const PILLAR: char = 'o';

/// The glyph of a side's feature drawn on a side of `shape` (a space when open).
pub const fn side_glyph(feature: SideFeature, shape: SideShape) -> char {
    match feature {
        SideFeature::Open => ' ',
        SideFeature::Wall => shape.glyph(),
        SideFeature::DoorClosed => '+',
        SideFeature::DoorOpen => '\'',
    }
}

/// A glyph in quotes for messages, unescaped: `'\'`, `"'"`.
pub fn quote(glyph: char) -> String {
    if glyph == '\'' {
        "\"'\"".to_owned()
    } else {
        format!("'{glyph}'")
    }
}

/// The feature a glyph on a side of `shape` stands for, or a message saying what fits.
pub fn read_side(glyph: char, shape: SideShape) -> Result<SideFeature, String> {
    let wall = shape.glyph();
    match glyph {
        ' ' => Ok(SideFeature::Open),
        '+' => Ok(SideFeature::DoorClosed),
        '\'' => Ok(SideFeature::DoorOpen),
        g if g == wall => Ok(SideFeature::Wall),
        '|' | '/' | '\\' | '-' => Err(format!(
            "{} cannot stand on this side; a thin wall here is drawn {}",
            quote(glyph),
            quote(wall)
        )),
        _ => Err(format!(
            "{} on a side between tiles: expected a space (open), {} (a thin wall), '+' (a \
             closed door) or \"'\" (an open door)",
            quote(glyph),
            quote(wall)
        )),
    }
}

/// The feature a glyph on a corner stands for (`None` for a space or a joining glyph, which
/// are drawing only), or a message saying what fits.
pub fn read_corner(glyph: char) -> Result<Option<CornerFeature>, String> {
    match glyph {
        PILLAR => Ok(Some(CornerFeature::Pillar)),
        ' ' => Ok(None),
        g if CORNER_JOINS.contains(&g) => Ok(None),
        _ => Err(format!(
            "{} on a corner: expected a space, 'o' (a pillar) or a glyph joining walls \
             (+ - | / \\)",
            quote(glyph)
        )),
    }
}

/// Whether any of `cells` is a tile of the level.
fn touches_map(level: &Level, cells: &[Cell]) -> bool {
    cells.iter().any(|&c| level.terrain.contains(c))
}

/// Puts the sides and corners a file gives onto `level`. A feature needs a tile of the map
/// on at least one side of it (a thin wall on the map's edge is kept); one with none is an
/// error at its place in the file.
pub fn apply(
    file: &str,
    sides: &[Placed<Side, SideFeature>],
    corners: &[Placed<Corner, CornerFeature>],
    level: &mut Level,
    problems: &mut Vec<Problem>,
) {
    let tiling = level.terrain.tiling();
    let mut refuse = |at, message: String| {
        if problems.len() < MAX_PROBLEMS {
            problems.push(Problem::error(file, at, message));
        }
    };
    for &(side, feature, at) in sides {
        let tiles = tiling.side_tiles(side).map(|(a, b)| [a, b]);
        let on_map = tiles.is_some_and(|t| touches_map(level, &t));
        if !on_map || !level.set_side(side, feature) {
            refuse(
                at,
                format!(
                    "{} between two places that are not tiles of the map: expected a tile on \
                     at least one side of it",
                    feature.describe()
                ),
            );
        }
    }
    for &(corner, feature, at) in corners {
        let on_map = touches_map(level, &tiling.corner_tiles(corner));
        if !on_map || !level.set_corner(corner, feature) {
            refuse(
                at,
                "a pillar on a corner of no tile of the map: expected a tile beside it".to_owned(),
            );
        }
    }
}
