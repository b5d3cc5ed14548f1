//! Tiled import: hexagonal and orthogonal `.tmx` (XML) and `.tmj`/`.json` maps with their
//! tilesets. An orthogonal map is a square map: tile `(column, row)` is square
//! `(column, row)`, and an object lies on the tile whose rectangle holds its centre.
//!
//! On hexagonal maps, offsets become axial hexes by the stagger axis: `y` gives `x = col + f(row), y = row`;
//! `x` gives `x = col, y = row + f(col)`, with `f(s) = ceil(s/2)` for `staggerindex="odd"`
//! and `floor(s/2)` for `even` (Euclidean division). A tile's terrain comes from `--terrain`
//! ([`TerrainMap`]) by its id or class, else its `terrain` property, else its `class` or
//! `type` when that names a terrain, else a wall when a collision property is true
//! ([`SOLID`]) or its layer is named for walls ([`WALL_LAYERS`]), else floor; a tile some
//! layer gives a terrain keeps it under tiles of later layers that give none. A GID that no
//! tileset holds is an error naming its layer and cell. Objects of type `player`, a monster
//! or an item are placed at the tile under them.

mod build;
mod data;
mod locate;
mod model;
mod overrides;
mod pixel;
mod tmj;
mod tmx;
mod xml;

pub use build::FLAG_BITS;
pub use model::{SOLID, WALL_LAYERS};
pub use overrides::TerrainMap;

use super::finish::finish;
use super::hexmap::MAX_FILE_BYTES;
use super::{Loaded, MapFileErrors, Problem};
use model::{Origin, TiledMap, Tileset};
use std::collections::BTreeSet;

/// The line and column of each origin in `source`: JSON pointers are found in one pass.
fn place(source: &str, origins: &[Origin]) -> Vec<Option<(usize, usize)>> {
    let pointers: BTreeSet<String> = origins
        .iter()
        .filter_map(|o| match o {
            Origin::Pointer(p) => Some(p.clone()),
            _ => None,
        })
        .collect();
    let offsets = if pointers.is_empty() {
        std::collections::BTreeMap::new()
    } else {
        locate::json_offsets(source, &pointers)
    };
    let at = |b: usize| super::hexmap::byte_position(source.as_bytes(), b);
    origins
        .iter()
        .map(|o| match o {
            Origin::Unknown => None,
            Origin::Byte(b) => Some(at(*b)),
            Origin::Pointer(p) => offsets.get(p).map(|&b| at(b)),
        })
        .collect()
}

/// `serde_json`'s message without its position (given separately).
fn json_message(e: &serde_json::Error) -> String {
    let full = e.to_string();
    let suffix = format!(" at line {} column {}", e.line(), e.column());
    full.strip_suffix(&suffix).unwrap_or(&full).to_owned()
}

/// `serde_json`'s line and column, never column 0 (its column just after a line break).
fn json_position(e: &serde_json::Error) -> Option<(usize, usize)> {
    (e.line() > 0).then(|| (e.line(), e.column().max(1)))
}

/// Reads an external tileset by the name the map gives (a path relative to the map's
/// folder): its bytes, or a message.
pub type Resolver<'a> = &'a dyn Fn(&str) -> Result<Vec<u8>, String>;

/// A failure while gathering a Tiled map: a message and where it points.
#[derive(Debug)]
pub(crate) struct Fail {
    file: Option<String>,
    byte: Option<usize>,
    line_col: Option<(usize, usize)>,
    /// A JSON pointer to the value at fault, placed when the message is made.
    pointer: Option<String>,
    message: String,
}

impl Fail {
    pub(crate) fn at(byte: usize, message: impl Into<String>) -> Fail {
        Fail {
            file: None,
            byte: Some(byte),
            line_col: None,
            pointer: None,
            message: message.into(),
        }
    }

    pub(crate) fn plain(message: impl Into<String>) -> Fail {
        Fail {
            file: None,
            byte: None,
            line_col: None,
            pointer: None,
            message: message.into(),
        }
    }

    /// The failure placed at a JSON pointer, unless it already has a place.
    pub(crate) fn within(mut self, pointer: String) -> Fail {
        if self.byte.is_none() && self.line_col.is_none() && self.pointer.is_none() {
            self.pointer = Some(pointer);
        }
        self
    }

    fn into_problem(self, file: &str, source: &str) -> Problem {
        let origin = match (self.byte, self.pointer) {
            (Some(b), _) => Origin::Byte(b),
            (None, Some(p)) => Origin::Pointer(p),
            (None, None) => Origin::Unknown,
        };
        let at = self
            .line_col
            .or_else(|| place(source, &[origin]).pop().flatten());
        Problem::error(self.file.as_deref().unwrap_or(file), at, self.message)
    }
}

/// Refuses tileset names that could leave the map's folder: absolute paths, drive letters,
/// backslashes and `..`.
pub fn check_tileset_name(name: &str) -> Result<(), String> {
    let bad = name.is_empty()
        || name.starts_with('/')
        || name.contains('\\')
        || name.contains(':')
        || name.split('/').any(|part| part == "..");
    if bad {
        Err(format!(
            "tileset {name:?}: expected a file inside the map's folder"
        ))
    } else {
        Ok(())
    }
}

fn text<'a>(file: &str, bytes: &'a [u8]) -> Result<&'a str, MapFileErrors> {
    let fail = |msg: String| MapFileErrors::single(Problem::error(file, None, msg));
    if bytes.len() > MAX_FILE_BYTES {
        return Err(fail(format!(
            "the file is {} bytes long: expected at most {MAX_FILE_BYTES}",
            bytes.len()
        )));
    }
    std::str::from_utf8(bytes).map_err(|e| {
        let at = super::hexmap::byte_position(bytes, e.valid_up_to());
        MapFileErrors::single(Problem::error(
            file,
            Some(at),
            "bytes that are not UTF-8: expected UTF-8 text",
        ))
    })
}

/// Reads an external tileset (`.tsx` XML, else JSON) through the resolver.
fn external(resolve: Resolver<'_>, name: &str, first_gid: u32) -> Result<Tileset, Fail> {
    check_tileset_name(name).map_err(Fail::plain)?;
    let bytes = resolve(name).map_err(Fail::plain)?;
    let with_file = |mut f: Fail| {
        f.file = Some(name.to_owned());
        f
    };
    let source = std::str::from_utf8(&bytes)
        .map_err(|_| with_file(Fail::plain("bytes that are not UTF-8: expected UTF-8 text")))?;
    let place = |b: usize| super::hexmap::byte_position(source.as_bytes(), b);
    if name.to_ascii_lowercase().ends_with(".tsx") {
        let root = xml::parse(source).map_err(|(b, m)| {
            with_file(Fail {
                line_col: Some(place(b)),
                ..Fail::plain(format!("bad XML: {m}"))
            })
        })?;
        if root.name != "tileset" {
            return Err(with_file(Fail::plain(format!(
                "root element <{}>: expected <tileset>",
                root.name
            ))));
        }
        Ok(tmx::read_tileset(&root, first_gid))
    } else {
        let root: serde_json::Value = serde_json::from_str(source).map_err(|e| {
            with_file(Fail {
                line_col: json_position(&e),
                ..Fail::plain(format!("bad JSON: {}", json_message(&e)))
            })
        })?;
        Ok(tmj::read_tileset(&root, first_gid))
    }
}

fn convert(
    file: &str,
    gathered: Result<TiledMap, Fail>,
    source: &str,
    terrain: &TerrainMap,
) -> Result<Loaded, MapFileErrors> {
    let map = gathered.map_err(|f| MapFileErrors::single(f.into_problem(file, source)))?;
    let mut problems = Vec::new();
    let mut origins = Vec::new();
    let mut draft = build::build(file, &map, terrain, &mut problems, &mut origins);
    let (which, places): (Vec<usize>, Vec<Origin>) = origins.into_iter().unzip();
    for (i, at) in which.into_iter().zip(place(source, &places)) {
        problems[i].at = at;
    }
    if problems.iter().any(Problem::is_error) {
        return Err(MapFileErrors::new(problems));
    }
    if draft.name.is_empty() {
        draft.name = std::path::Path::new(file)
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
    }
    finish(file, draft, &build::no_place, problems)
}

/// Parses a `.tmx` map; `resolve` reads external tilesets named by it.
pub fn parse_tmx(file: &str, bytes: &[u8], resolve: Resolver<'_>) -> Result<Loaded, MapFileErrors> {
    parse_tmx_with(file, bytes, resolve, &TerrainMap::default())
}

/// [`parse_tmx`] with the terrain `--terrain` gives to tiles by id or class.
pub fn parse_tmx_with(
    file: &str,
    bytes: &[u8],
    resolve: Resolver<'_>,
    terrain: &TerrainMap,
) -> Result<Loaded, MapFileErrors> {
    let source = text(file, bytes)?;
    let gathered = xml::parse(source)
        .map_err(|(b, m)| Fail::at(b, format!("bad XML: {m}")))
        .and_then(|root| tmx::read_map(&root, &mut |name, gid| external(resolve, name, gid)));
    convert(file, gathered, source, terrain)
}

/// Parses a `.tmj` (JSON) map; `resolve` reads external tilesets named by it.
pub fn parse_tmj(file: &str, bytes: &[u8], resolve: Resolver<'_>) -> Result<Loaded, MapFileErrors> {
    parse_tmj_with(file, bytes, resolve, &TerrainMap::default())
}

/// [`parse_tmj`] with the terrain `--terrain` gives to tiles by id or class.
pub fn parse_tmj_with(
    file: &str,
    bytes: &[u8],
    resolve: Resolver<'_>,
    terrain: &TerrainMap,
) -> Result<Loaded, MapFileErrors> {
    let source = text(file, bytes)?;
    let gathered = serde_json::from_str::<serde_json::Value>(source)
        .map_err(|e| Fail {
            line_col: json_position(&e),
            ..Fail::plain(format!("bad JSON: {}", json_message(&e)))
        })
        .and_then(|root| tmj::read_map(&root, &mut |name, gid| external(resolve, name, gid)));
    convert(file, gathered, source, terrain)
}
