//! What the Tiled readers gather from a `.tmx` or `.tmj`, before conversion.

use crate::map::MAX_STORAGE;
use std::collections::BTreeMap;

/// A Tiled map, reduced to what hexdeep uses.
#[derive(Clone, Debug, Default)]
pub struct TiledMap {
    /// `orientation`: `hexagonal` or `orthogonal`.
    pub orientation: String,
    /// `staggeraxis`: `x` or `y`.
    pub stagger_axis: String,
    /// `staggerindex`: `odd` or `even`.
    pub stagger_index: String,
    /// Tile width in pixels.
    pub tile_width: f64,
    /// Tile height in pixels.
    pub tile_height: f64,
    /// `hexsidelength` in pixels.
    pub side: f64,
    /// Tilesets, in file order.
    pub tilesets: Vec<Tileset>,
    /// The chunks of every tile layer, in drawing order.
    pub chunks: Vec<Chunk>,
    /// Every object of every object layer.
    pub objects: Vec<Object>,
    /// The map property `name`, if any.
    pub name: Option<String>,
    /// The map property `depth`, if any.
    pub depth: Option<u32>,
    /// Tiles in the layers read so far, counted before each is decoded.
    pub tile_count: usize,
}

impl TiledMap {
    /// Counts a layer (or chunk) of `count` tiles before it is decoded, refusing it when the
    /// layers would hold more than [`MAX_STORAGE`] tiles in all: many large layers cannot
    /// take gigabytes before the limit is seen.
    pub fn count_tiles(&mut self, count: usize) -> Result<(), String> {
        let total = self.tile_count.saturating_add(count);
        if total > MAX_STORAGE {
            return Err(format!(
                "the tile layers hold at least {total} tiles: expected at most {MAX_STORAGE} in all"
            ));
        }
        self.tile_count = total;
        Ok(())
    }
}

/// A tileset: first GID and the terrain name of each local tile id that has one.
#[derive(Clone, Debug, Default)]
pub struct Tileset {
    /// The GID of local tile 0.
    pub first_gid: u32,
    /// A name for messages.
    pub name: String,
    /// Local id to terrain name (from the `terrain` property, else `class`, else `type`).
    pub terrain: BTreeMap<u32, String>,
}

/// Where something was read, for messages.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Origin {
    /// Not known.
    #[default]
    Unknown,
    /// A byte offset in the file (XML).
    Byte(usize),
    /// A JSON pointer to the value (`/layers/0/chunks/2`), placed only when a message needs it.
    Pointer(String),
}

/// A rectangle of GIDs at a tile position (a whole finite layer is one chunk at 0, 0).
#[derive(Clone, Debug, Default)]
pub struct Chunk {
    /// Column of the first tile.
    pub x: i64,
    /// Row of the first tile.
    pub y: i64,
    /// Tiles per row.
    pub width: u32,
    /// The GIDs, row by row.
    pub gids: Vec<u32>,
    /// Where the chunk (or layer) was read.
    pub origin: Origin,
}

/// An object of an object layer.
#[derive(Clone, Debug, Default)]
pub struct Object {
    /// Its name, for messages.
    pub name: String,
    /// Its `type` or `class`.
    pub kind: String,
    /// Pixel position.
    pub x: f64,
    /// Pixel position.
    pub y: f64,
    /// Pixel width (0 for points).
    pub width: f64,
    /// Pixel height (0 for points).
    pub height: f64,
    /// Whether it is a tile object (positioned by its bottom-left corner).
    pub is_tile: bool,
    /// Where the object was read.
    pub origin: Origin,
}
