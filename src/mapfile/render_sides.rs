//! Thin walls and doors on sides in the compact `map render` drawing, as the game's compact
//! map shows them (README, "Keys"): a side between two tiles of a row in the column between
//! them (`|` a thin wall, `+` a closed door, `'` an open one), every other side as an
//! underline of the tile above it, running on under the column beside where the wall goes on.
//! Between two walls side by side that column holds a `#` joining them, as in the game.
//!
//! Plain text has no underline: an underlined character is followed by U+0332 COMBINING LOW
//! LINE, which terminals and editors draw under it (the character dump writes the game's map
//! the same way).

use super::edges::side_glyph;
use crate::geom::{Cell, Side, SideShape, Tiling};
use crate::map::{Level, SideFeature, Terrain};
use ratatui::crossterm::style::Stylize;
use std::fmt::Write as _;

/// The character that underlines the one before it in plain text.
pub const UNDERLINE: char = '\u{332}';

/// What is drawn in the column between two tiles of a row: its glyph and the feature that
/// underlines it, if any.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) struct Between {
    /// A side's feature glyph, a `#` joining two walls, or a space.
    pub glyph: char,
    /// The feature on the side whose glyph this is, if it is one (for its colour).
    pub feature: Option<SideFeature>,
    /// The feature of a side below that underlines the column.
    pub under: Option<SideFeature>,
}

/// The sides below a tile (south-west and south-east on hexes, south on squares), each of
/// which it is the upper tile of.
pub fn lower_sides(tiling: Tiling, hex: Cell) -> Vec<Side> {
    tiling
        .tile_sides(hex)
        .into_iter()
        .filter(|&s| {
            tiling.side_shape(s) != Some(SideShape::Upright)
                && tiling.side_tiles(s).is_some_and(|(a, _)| a == hex)
        })
        .collect()
}

/// What underlines a cell above `sides`: a door when one stands there (so a door in a wall
/// still shows), else a thin wall.
fn underline_of(level: &Level, sides: &[Side]) -> Option<SideFeature> {
    sides
        .iter()
        .map(|&s| level.side_at(s))
        .filter(|&f| f != SideFeature::Open)
        .min_by_key(|&f| f == SideFeature::Wall)
}

/// The feature underlining tile `hex` of the compact drawing, if any.
pub(super) fn under_tile(level: &Level, hex: Cell) -> Option<SideFeature> {
    if !level.has_sides() {
        return None;
    }
    underline_of(level, &lower_sides(level.terrain.tiling(), hex))
}

/// The column between `left` and its east neighbour `right` on the same row.
pub(super) fn between(level: &Level, left: Cell, right: Cell) -> Between {
    let tiling = level.terrain.tiling();
    let wall = |h: Cell| level.terrain_at(h) == Some(Terrain::Wall);
    let side = level.side_of(left, right);
    let feature = side
        .map(|s| level.side_at(s))
        .filter(|&f| f != SideFeature::Open);
    let shape = side.and_then(|s| tiling.side_shape(s));
    match (shape, feature) {
        (Some(shape), Some(f)) => Between {
            glyph: side_glyph(f, shape),
            feature: Some(f),
            under: under_between(level, left, right),
        },
        // Two walls joined: never underlined, as in the game.
        _ if wall(left) && wall(right) => Between {
            glyph: '#',
            feature: None,
            under: None,
        },
        _ => Between {
            glyph: ' ',
            feature: None,
            under: under_between(level, left, right),
        },
    }
}

/// What underlines the column between two tiles of a row: on hexes, the wall below the left
/// tile's south-east side or the right one's south-west side; on squares, walls below both.
fn under_between(level: &Level, left: Cell, right: Cell) -> Option<SideFeature> {
    if !level.has_sides() {
        return None;
    }
    let tiling = level.terrain.tiling();
    let (l, r) = (lower_sides(tiling, left), lower_sides(tiling, right));
    if tiling == Tiling::Hex {
        let near: Vec<Side> = l.last().into_iter().chain(r.first()).copied().collect();
        return underline_of(level, &near);
    }
    underline_of(level, &r)?;
    underline_of(level, &l)
}

/// The columns the compact drawing leaves left of the leftmost tile for what stands on the
/// map's edge.
pub(super) const MARGIN: i32 = 2;

/// The drawn lines without the blank first row and the blank columns of the left margin
/// (at most [`MARGIN`]; what is left begins with the leftmost tile, or with a side on the
/// map's edge).
pub(super) fn cut_margins(mut lines: Vec<String>) -> Vec<String> {
    if lines.first().is_some_and(String::is_empty) {
        lines.remove(0);
    }
    // A space followed by the combining underline is drawn, not blank.
    let blank = |l: &String| {
        let mut chars = l.chars().peekable();
        let mut n = 0;
        while chars.next() == Some(' ') && chars.peek() != Some(&UNDERLINE) {
            n += 1;
        }
        n
    };
    let cut = lines
        .iter()
        .filter(|l| !l.is_empty())
        .map(blank)
        .min()
        .unwrap_or(0)
        .min(MARGIN as usize);
    lines
        .into_iter()
        .map(|l| l.get(cut..).unwrap_or("").to_string())
        .collect()
}

/// Appends a place with no tile: blank, underlined when a side below it holds something.
pub(super) fn draw_blank(under: Option<SideFeature>, colour: bool, line: &mut String) {
    match (under, colour) {
        (None, _) => line.push(' '),
        (Some(_), false) => {
            line.push(' ');
            line.push(UNDERLINE);
        }
        (Some(_), true) => {
            let _ = write!(line, "{}", underlined(' '.stylize(), under));
        }
    }
}

/// Appends the column between two tiles of a row: its glyph, coloured as the game colours it
/// (thin walls and joins white, doors yellow), underlined as the sides below it say.
pub(super) fn draw_between(b: Between, colour: bool, line: &mut String) {
    if b.glyph == ' ' && b.under.is_none() {
        line.push(' ');
        return;
    }
    if !colour {
        line.push(b.glyph);
        if b.under.is_some() {
            line.push(UNDERLINE);
        }
        return;
    }
    let mut s = b.glyph.stylize();
    s = match b.feature {
        Some(SideFeature::DoorClosed | SideFeature::DoorOpen) => s.yellow(),
        _ => s.white(),
    };
    let _ = write!(line, "{}", underlined(s, b.under));
}

/// `s` underlined in the colour of what stands on the side below (white a thin wall, yellow
/// a door), when something does.
pub(super) fn underlined(
    s: ratatui::crossterm::style::StyledContent<char>,
    under: Option<SideFeature>,
) -> ratatui::crossterm::style::StyledContent<char> {
    use ratatui::crossterm::style::Color;
    let Some(f) = under else { return s };
    let mut s = s.underlined();
    s.style_mut().underline_color = Some(if f == SideFeature::Wall {
        Color::White
    } else {
        Color::Yellow
    });
    s
}
