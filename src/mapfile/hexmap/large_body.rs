//! The body of a `.hexmap` in the large projection (`projection = "large"`, hex and square
//! grids): every tile, every side between tiles and every corner has its own character cell
//! ([`Tiling::large_cell_at`]; ARCHITECTURE.md, "Tile sides and corners").
//!
//! Tile cells hold what a tile holds in the compact form. Side and corner cells hold what
//! [`crate::mapfile::edges`] reads. The other cells (beside a tile's centre, or under a
//! square's long side) hold a space, except that on squares the two cells beside a `-` side
//! may continue it with `-` when that side holds a wall or a door (`+---+`).

use super::body::Tiles;
use crate::geom::{LargeCell, Tiling};
use crate::mapfile::Problem;
use crate::mapfile::edges::{quote, read_corner, read_side};
use crate::mapfile::finish::Draft;

/// Reads the glyph at column `c`, body row `y` of the large form (`row` is its line).
pub fn glyph(
    tiles: &mut Tiles<'_>,
    at: (usize, usize),
    (c, y): (usize, usize),
    row: &[char],
    draft: &mut Draft,
    problems: &mut Vec<Problem>,
) {
    let ch = row[c];
    let tiling = draft.tiling;
    let file = tiles.file;
    // Lines hold at most `MAX_LINE_CHARS` and files `MAX_FILE_BYTES`: both fit in i32.
    let (ci, yi) = (c as i32, y as i32);
    let mut refuse = |message: String| problems.push(Problem::error(file, Some(at), message));
    match tiling.large_cell_at(ci, yi) {
        LargeCell::Tile(cell) => tiles.put(at, ch, cell, draft, problems),
        LargeCell::Side(side) => {
            let Some(shape) = tiling.side_shape(side) else {
                return;
            };
            match read_side(ch, shape) {
                Ok(feature) => draft.sides.push((side, feature, Some(at))),
                Err(message) => refuse(message),
            }
        }
        LargeCell::Corner(corner) => match read_corner(ch) {
            Ok(Some(feature)) => draft.corners.push((corner, feature, Some(at))),
            Ok(None) => {}
            Err(message) => refuse(message),
        },
        LargeCell::Gap => {
            if !continues_side(tiling, ci, yi, row) {
                refuse(gap_message(tiling, ch, yi));
            }
        }
    }
}

/// Whether the glyph at `(c, y)`, a cell under a square's `-` side, is a `-` continuing that
/// side, which holds a wall or a door.
fn continues_side(tiling: Tiling, c: i32, y: i32, row: &[char]) -> bool {
    if tiling != Tiling::Square || y % 2 == 0 {
        return false;
    }
    let side = if c % 4 == 1 { c - 1 } else { c + 1 };
    let beside = usize::try_from(side).ok().and_then(|i| row.get(i));
    let here = usize::try_from(c).ok().and_then(|i| row.get(i));
    here == Some(&'-') && beside.is_some_and(|&g| matches!(g, '-' | '+' | '\''))
}

fn gap_message(tiling: Tiling, ch: char, y: i32) -> String {
    if tiling == Tiling::Square && y % 2 == 1 {
        format!(
            "{} under a side between two squares, beside its middle: expected a space, or \
             '-' continuing a wall or door drawn on that side",
            quote(ch)
        )
    } else {
        let rule = match tiling {
            Tiling::Square => "column a multiple of 4",
            Tiling::Hex | Tiling::Triangle => "column + row a multiple of 4",
        };
        format!(
            "{} beside a tile's centre: expected a space (a tile's sides are two columns away; \
             tiles stand on even rows, {rule}, counted from 0)",
            quote(ch)
        )
    }
}

/// The error for a body whose first row holds an outline: in the large form tiles stand on
/// even rows counted from 0, so an outline above the top tiles needs a blank line first.
/// Such a body is not read further (every glyph would be misplaced).
pub fn misplaced_outline(file: &str, first: usize, row: &str) -> Option<Problem> {
    let outline = |c: char| matches!(c, '/' | '\\' | '_' | '-' | '+' | ' ');
    let at = row.chars().position(|c| c != ' ')?;
    (row.chars().all(outline) && row.contains(['/', '\\', '-'])).then(|| {
        Problem::error(
            file,
            Some((first + 1, at + 1)),
            "an outline on the first row of a large map: tiles stand on the even rows, counted \
             from 0 after the front matter, so the sides above the top tiles need a blank line \
             above them",
        )
    })
}
