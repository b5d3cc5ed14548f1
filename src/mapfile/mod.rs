//! Map files: the `.hexmap` text format and Tiled imports, and the `hexdeep map` tools.
//!
//! Parsing is pure (bytes in, [`Loaded`] or [`MapFileErrors`] out); [`load_map`] is the only
//! function here that reads files.

pub mod cli;
pub mod coords;
pub mod edges;
mod finish;
pub mod hexmap;
pub mod large;
pub mod names;
mod problem;
pub mod render;
pub mod render_large;
pub mod tiled;

pub use hexmap::{parse_hexmap, write_hexmap};
pub use problem::{MapFileErrors, Problem, Severity};

use crate::map::Level;
use std::path::Path;

/// A map file, read: the level and the warnings about it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Loaded {
    /// The playable level.
    pub level: Level,
    /// The depth the file gives (its `depth`), if any: the game plays it at that depth.
    pub depth: Option<u32>,
    /// Problems that do not stop the map from loading, in file order.
    pub warnings: Vec<Problem>,
}

/// The map formats, by file extension.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Format {
    /// `.hexmap`: hexdeep's own text format.
    Hexmap,
    /// `.tmx`: Tiled's XML.
    Tmx,
    /// `.tmj` or `.json`: Tiled's JSON.
    Tmj,
}

impl Format {
    /// The format of a path by its extension, if supported.
    pub fn of(path: &Path) -> Option<Format> {
        let ext = path.extension()?.to_str()?.to_ascii_lowercase();
        match ext.as_str() {
            "hexmap" => Some(Format::Hexmap),
            "tmx" => Some(Format::Tmx),
            "tmj" | "json" => Some(Format::Tmj),
            _ => None,
        }
    }
}

/// Reads a map file of any supported format, chosen by extension. External Tiled tilesets
/// are read only from the map's own folder.
pub fn load_map(path: &Path) -> Result<Loaded, MapFileErrors> {
    let file = path.display().to_string();
    let fail = |msg: String| MapFileErrors::single(Problem::error(&file, None, msg));
    let format = Format::of(path).ok_or_else(|| {
        fail("unknown map format: expected a .hexmap, .tmx, .tmj or .json file".to_owned())
    })?;
    let bytes = read_bounded(path).map_err(|e| fail(format!("cannot read the file: {e}")))?;
    let bytes = crate::files::strip_bom_bytes(&bytes);
    // A bare file name's parent is "", which names no folder.
    let folder = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let resolve = |name: &str| read_tileset(folder, name);
    match format {
        Format::Hexmap => parse_hexmap(&file, bytes),
        Format::Tmx => tiled::parse_tmx(&file, bytes, &resolve),
        Format::Tmj => tiled::parse_tmj(&file, bytes, &resolve),
    }
}

/// Reads a regular file of at most [`hexmap::MAX_FILE_BYTES`]: a FIFO or folder is refused
/// before it is opened, and a larger file is refused with its real size, unread.
fn read_bounded(path: &Path) -> Result<Vec<u8>, crate::files::FileError> {
    crate::files::read_limited(path, hexmap::MAX_FILE_BYTES as u64)
}

/// Reads an external tileset named by a map, only from inside the map's folder.
fn read_tileset(folder: &Path, name: &str) -> Result<Vec<u8>, String> {
    tiled::check_tileset_name(name)?;
    let base = folder
        .canonicalize()
        .map_err(|e| format!("cannot open the map's folder: {e}"))?;
    let full = base
        .join(name)
        .canonicalize()
        .map_err(|e| format!("cannot open tileset {name:?}: {e}"))?;
    if !full.starts_with(&base) {
        return Err(format!("tileset {name:?} lies outside the map's folder"));
    }
    read_bounded(&full)
        .map(|b| crate::files::strip_bom_bytes(&b).to_vec())
        .map_err(|e| format!("cannot read tileset {name:?}: {e}"))
}
