//! The `.hexmap` text format: the map written exactly as the game draws it.
//!
//! Optional TOML front matter between two `+++` lines holds `name`, `depth`, `grid` (`"hex"`,
//! the default, `"square"` or `"triangle"`), `projection` (`"compact"`, the default, or
//! `"large"`) and a `[legend]` table
//! (`"g" = { terrain = "floor", monster = "goblin" }`; also `item = "..."` and `start = true`).
//! In the body, the character at text row `y`, column `c` (both from 0, after any front
//! matter) is, by the grid:
//! - hex: tile `x = (c + y) / 2`; tiles sit only where `c + y` is even;
//! - square: tile `(c / 2, y)`; tiles sit only on even columns;
//! - triangle: the tile `s = (c + y) mod 2`, `x = (c − y − s) / 2`: every column is a tile.
//!
//! A space is no tile. A legend glyph takes precedence over a built-in glyph. Between tiles
//! only spaces are allowed, except a wall glyph joining two side-by-side walls.
//!
//! With `projection = "large"` (hex and square grids) the body is the large projection, in
//! which sides and corners have cells of their own (see `large_body.rs` and
//! [`crate::mapfile::edges`]).

mod body;
mod front;
mod large_body;
mod text;

pub(crate) use text::byte_position;
mod writer;

pub use writer::{canonical_offset, check_writable, write_hexmap, write_hexmap_at};

use super::finish::{Draft, finish};
use super::{Loaded, MapFileErrors, Problem};
use crate::geom::{Cell, Tiling};

/// The largest `.hexmap` file read, in bytes (4 MiB).
pub const MAX_FILE_BYTES: usize = 4 << 20;

/// The longest line read, in characters.
pub const MAX_LINE_CHARS: usize = 4096;

/// At most this many errors are reported before reading stops.
pub const MAX_PROBLEMS: usize = 200;

/// Parses a `.hexmap` file; `file` names it in messages, and its stem is the default name.
pub fn parse_hexmap(file: &str, bytes: &[u8]) -> Result<Loaded, MapFileErrors> {
    let source = decode(file, bytes)?;
    let lines = text::lines(source);
    let mut problems = Vec::new();
    let too_long = long_lines(file, &lines, &mut problems);
    let front = front::parse(file, &lines, &too_long, &mut problems);
    let default_name = std::path::Path::new(file)
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let mut draft = Draft {
        name: front.name.clone().unwrap_or(default_name),
        depth: front.depth,
        ..Draft::default()
    };
    let first = front.body_start;
    body::parse(file, &lines, &too_long, &front, &mut draft, &mut problems);
    if problems.iter().any(Problem::is_error) {
        return Err(MapFileErrors::new(problems));
    }
    if draft.tiles.is_empty() {
        problems.push(Problem::error(
            file,
            Some((first + 1, 1)),
            "the map has no tiles: expected at least one tile glyph",
        ));
        return Err(MapFileErrors::new(problems));
    }
    let locate = locator(draft.tiling, front.large, first);
    finish(file, draft, &locate, problems)
}

/// The file's bytes as text, refusing a file over [`MAX_FILE_BYTES`] or one that is not
/// UTF-8, at the first byte in the way.
fn decode<'b>(file: &str, bytes: &'b [u8]) -> Result<&'b str, MapFileErrors> {
    if bytes.len() > MAX_FILE_BYTES {
        let at = text::byte_position(bytes, MAX_FILE_BYTES);
        return Err(MapFileErrors::single(Problem::error(
            file,
            Some(at),
            format!(
                "the file is {} bytes long: expected at most {MAX_FILE_BYTES} (4 MiB)",
                bytes.len()
            ),
        )));
    }
    std::str::from_utf8(bytes).map_err(|err| {
        let at = text::byte_position(bytes, err.valid_up_to());
        MapFileErrors::single(Problem::error(
            file,
            Some(at),
            "bytes that are not UTF-8: expected UTF-8 text",
        ))
    })
}

/// Which lines are longer than [`MAX_LINE_CHARS`] (they are not read), with an error for each
/// while fewer than [`MAX_PROBLEMS`] are reported.
fn long_lines(file: &str, lines: &[&str], problems: &mut Vec<Problem>) -> Vec<bool> {
    let mut too_long = vec![false; lines.len()];
    for (i, line) in lines.iter().enumerate() {
        let n = line.chars().count();
        if n > MAX_LINE_CHARS {
            too_long[i] = true;
            if problems.len() >= MAX_PROBLEMS {
                continue;
            }
            problems.push(Problem::error(
                file,
                Some((i + 1, MAX_LINE_CHARS + 1)),
                format!("the line is {n} characters long: expected at most {MAX_LINE_CHARS}"),
            ));
        }
    }
    too_long
}

/// Where the tile at a storage cell is written (line, column from 1) in a body of `tiling`
/// starting at line index `first`, drawn large or compact; `None` off the text.
fn locator(tiling: Tiling, large: bool, first: usize) -> impl Fn(Cell) -> Option<(usize, usize)> {
    move |h: Cell| -> Option<(usize, usize)> {
        let compact = || tiling.screen(h, 0);
        let (col, row) = if large {
            tiling.large_cell(h).unwrap_or_else(compact)
        } else {
            compact()
        };
        let line = first as i64 + i64::from(row) + 1;
        let col = i64::from(col) + 1;
        (line >= 1 && col >= 1).then_some((line as usize, col as usize))
    }
}
