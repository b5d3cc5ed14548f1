//! Drawing a level in the large projection, shared by the `.hexmap` writer and `map render
//! --large`: where tiles go, and the glyphs of the sides and corners between them.
//!
//! Sides are drawn as [`edges::side_glyph`] says. Corners: a pillar is `o`; on squares a corner
//! where thin walls meet is joined (`|` when all of them are upright, `-` when all are level,
//! `+` otherwise) and the cells beside a walled `-` side continue it, so a room reads
//! `+-------+` and a door in a wall stands in a gap, `---- + ----`; on hexes the outline glyphs
//! already meet across a corner, which stays blank.

use super::edges::{self, PILLAR};
use crate::geom::{Cell, Corner, Side, SideShape, Tiling};
use crate::map::{CornerFeature, Level, SideFeature};
use std::collections::BTreeMap;

/// A glyph at a row and column of the large projection (unshifted: `H = 0`).
pub type Drawn = (i32, i32, char);

/// The side features drawn: those with a tile of the map on at least one side (the others
/// cannot be read back and mean nothing).
pub fn drawn_sides(level: &Level) -> Vec<(Side, SideFeature)> {
    let tiling = level.terrain.tiling();
    let on_map = |c: Cell| level.terrain.contains(c);
    level
        .side_features()
        .into_iter()
        .filter(|&(s, _)| {
            tiling
                .side_tiles(s)
                .is_some_and(|(a, b)| on_map(a) || on_map(b))
        })
        .collect()
}

/// The pillars drawn: those on a corner of a tile of the map.
pub fn drawn_corners(level: &Level) -> Vec<(Corner, CornerFeature)> {
    let tiling = level.terrain.tiling();
    level
        .corner_features()
        .into_iter()
        .filter(|&(c, _)| {
            tiling
                .corner_tiles(c)
                .into_iter()
                .any(|t| level.terrain.contains(t))
        })
        .collect()
}

/// Whether the level is written in the large form: its tiling has sides and a side or corner
/// of the map holds a feature.
pub fn writes_large(level: &Level) -> bool {
    drawing(level).is_some()
}

/// A level's large drawing, worked out once: the glyphs of its sides and corners and the
/// translation that puts it at the top left.
#[derive(Clone, Debug)]
pub struct Drawing {
    /// The glyphs of the sides, corners and joins, unshifted ([`edge_glyphs`]).
    pub edges: Vec<Drawn>,
    /// The translation by whole tiles ([`offset`]).
    pub shift: Cell,
}

/// The large drawing of a level that is written in the large form ([`writes_large`]), or
/// `None` for one written compact.
pub fn drawing(level: &Level) -> Option<Drawing> {
    if !level.terrain.tiling().has_sides() {
        return None;
    }
    let (sides, corners) = (drawn_sides(level), drawn_corners(level));
    if sides.is_empty() && corners.is_empty() {
        return None;
    }
    let edges = edges_of(level, &sides, &corners);
    let shift = offset(level, &edges);
    Some(Drawing { edges, shift })
}

/// The large-projection cell `(col, row)` of a tile (`None` on triangles).
pub fn tile_cell(tiling: Tiling, at: Cell) -> Option<(i32, i32)> {
    tiling.large_cell(at)
}

/// The glyphs of the level's sides and corners, with the joins between them, as
/// `(row, col, glyph)`, unsorted.
pub fn edge_glyphs(level: &Level) -> Vec<Drawn> {
    edges_of(level, &drawn_sides(level), &drawn_corners(level))
}

/// [`edge_glyphs`] of the drawn sides and pillars.
fn edges_of(
    level: &Level,
    sides: &[(Side, SideFeature)],
    pillars: &[(Corner, CornerFeature)],
) -> Vec<Drawn> {
    let tiling = level.terrain.tiling();
    let mut out: Vec<Drawn> = Vec::new();
    let mut corners: BTreeMap<Corner, char> = BTreeMap::new();
    for &(side, feature) in sides {
        let Some(shape) = tiling.side_shape(side) else {
            continue;
        };
        out.push((side.r, side.c, edges::side_glyph(feature, shape)));
        if tiling != Tiling::Square {
            continue;
        }
        if feature != SideFeature::Wall {
            continue;
        }
        if shape == SideShape::Level {
            out.push((side.r, side.c - 1, '-'));
            out.push((side.r, side.c + 1, '-'));
        }
        for corner in tiling.side_corners(side).into_iter().flatten() {
            let join = corners.entry(corner).or_insert(shape.glyph());
            if *join != shape.glyph() {
                *join = '+';
            }
        }
    }
    for &(corner, feature) in pillars {
        if feature == CornerFeature::Pillar {
            corners.insert(corner, PILLAR);
        }
    }
    out.extend(corners.into_iter().map(|(c, g)| (c.r, c.c, g)));
    out
}

/// The translation by whole tiles that puts the top of the drawing on row 0 or 1 (rows move
/// by twos) and its left on columns 0 to 3 (columns move by fours along a row).
pub fn offset(level: &Level, edges: &[Drawn]) -> Cell {
    let tiling = level.terrain.tiling();
    let all = || {
        let tiles = level
            .terrain
            .iter()
            .filter_map(|(h, _)| tile_cell(tiling, h));
        tiles
            .map(|(c, r)| (r, c))
            .chain(edges.iter().map(|&(r, c, _)| (r, c)))
    };
    let top: i32 = all().map(|(r, _)| r).min().unwrap_or(0);
    let dy = (1 - top).div_euclid(2);
    // Moving down `dy` tiles moves a hex tile `2·dy` columns left.
    let slant = if tiling == Tiling::Hex { 2 * dy } else { 0 };
    let left: i32 = all().map(|(_, c)| c).min().unwrap_or(0) - slant;
    let dx = (3 - left).div_euclid(4);
    Cell::new(dx, dy)
}

/// The large-projection move of a translation by whole tiles.
pub fn shift_cells(tiling: Tiling, shift: Cell) -> (i32, i32) {
    tile_cell(tiling, shift).unwrap_or((0, 0))
}
