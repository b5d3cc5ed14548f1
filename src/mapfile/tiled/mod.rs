//! Tiled import: hexagonal `.tmx` (XML) and `.tmj`/`.json` maps with their tilesets.
//!
//! Offsets become axial hexes by the stagger axis: `y` gives `x = col + f(row), y = row`;
//! `x` gives `x = col, y = row + f(col)`, with `f(s) = ceil(s/2)` for `staggerindex="odd"`
//! and `floor(s/2)` for `even` (Euclidean division). Terrain comes from a tile's `terrain`
//! property, else its `class` or `type`; objects of type `player`, a monster or an item are
//! placed at the tile under them.

mod build;
mod data;
mod model;
mod pixel;
mod tmj;
mod tmx;
mod xml;

pub use build::FLAG_BITS;

use super::finish::finish;
use super::hexmap::MAX_FILE_BYTES;
use super::{Loaded, MapFileErrors, Problem};
use model::{TiledMap, Tileset};

/// Reads an external tileset by the name the map gives (a path relative to the map's
/// folder): its bytes, or a message.
pub type Resolver<'a> = &'a dyn Fn(&str) -> Result<Vec<u8>, String>;

/// A failure while gathering a Tiled map: a message and where it points.
#[derive(Debug)]
pub(crate) struct Fail {
    file: Option<String>,
    byte: Option<usize>,
    line_col: Option<(usize, usize)>,
    message: String,
}

impl Fail {
    pub(crate) fn at(byte: usize, message: impl Into<String>) -> Fail {
        Fail {
            file: None,
            byte: Some(byte),
            line_col: None,
            message: message.into(),
        }
    }

    pub(crate) fn plain(message: impl Into<String>) -> Fail {
        Fail {
            file: None,
            byte: None,
            line_col: None,
            message: message.into(),
        }
    }

    fn into_problem(self, file: &str, source: &str) -> Problem {
        let at = self.line_col.or_else(|| {
            self.byte
                .map(|b| super::hexmap::byte_position(source.as_bytes(), b))
        });
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
                line_col: Some((e.line(), e.column())),
                ..Fail::plain(format!("bad JSON: {e}"))
            })
        })?;
        Ok(tmj::read_tileset(&root, first_gid))
    }
}

fn convert(
    file: &str,
    gathered: Result<TiledMap, Fail>,
    source: &str,
) -> Result<Loaded, MapFileErrors> {
    let map = gathered.map_err(|f| MapFileErrors::single(f.into_problem(file, source)))?;
    let mut problems = Vec::new();
    let mut draft = build::build(file, &map, &mut problems);
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
    let source = text(file, bytes)?;
    let gathered = xml::parse(source)
        .map_err(|(b, m)| Fail::at(b, format!("bad XML: {m}")))
        .and_then(|root| tmx::read_map(&root, &mut |name, gid| external(resolve, name, gid)));
    convert(file, gathered, source)
}

/// Parses a `.tmj` (JSON) map; `resolve` reads external tilesets named by it.
pub fn parse_tmj(file: &str, bytes: &[u8], resolve: Resolver<'_>) -> Result<Loaded, MapFileErrors> {
    let source = text(file, bytes)?;
    let gathered = serde_json::from_str::<serde_json::Value>(source)
        .map_err(|e| Fail {
            line_col: Some((e.line(), e.column())),
            ..Fail::plain(format!("bad JSON: {e}"))
        })
        .and_then(|root| tmj::read_map(&root, &mut |name, gid| external(resolve, name, gid)));
    convert(file, gathered, source)
}
