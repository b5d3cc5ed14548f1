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

/// A tileset: its first GID, what it says of its tiles, and which local ids it holds.
#[derive(Clone, Debug, Default)]
pub struct Tileset {
    /// The GID of local tile 0.
    pub first_gid: u32,
    /// A name for messages.
    pub name: String,
    /// What the tileset says of each local tile id it describes.
    pub tiles: BTreeMap<u32, TileInfo>,
    /// Which local ids it holds.
    pub holds: Holds,
}

/// What a tileset says of one of its tiles.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TileInfo {
    /// Our own `terrain` property: a terrain name.
    pub terrain: Option<String>,
    /// Its class (`type` in older files), which may name a terrain.
    pub class: Option<String>,
    /// Whether a boolean property map makers use for collision is true ([`SOLID`]).
    pub solid: bool,
}

impl TileInfo {
    /// Takes in a tile property, as either file format reads it: our own `terrain` names a
    /// terrain, a collision property ([`says_solid`]) makes the tile solid, others are left.
    pub fn note_property(&mut self, name: &str, value: String) {
        if name == "terrain" && !value.is_empty() {
            self.terrain = Some(value);
        } else if says_solid(name, &value) {
            self.solid = true;
        }
    }
}

/// The boolean tile properties that make a tile a wall when true (names compared without
/// case): the conventions of collision in Tiled maps.
pub const SOLID: [&str; 8] = [
    "collides",
    "collide",
    "collidable",
    "collision",
    "solid",
    "blocked",
    "wall",
    "obstacle",
];

/// Words that make every tile of a tile layer named with one a wall (compared without case,
/// anywhere in the name: `Walls`, `Collision`, `collision_layer`).
pub const WALL_LAYERS: [&str; 5] = ["wall", "collision", "collid", "solid", "obstacle"];

/// Whether a tile layer's name says its tiles are walls ([`WALL_LAYERS`]).
pub fn is_wall_layer(name: &str) -> bool {
    let name = name.to_ascii_lowercase();
    WALL_LAYERS.iter().any(|w| name.contains(w))
}

/// Whether a property named `name` with `value` says a tile collides ([`SOLID`]).
pub fn says_solid(name: &str, value: &str) -> bool {
    let value = value.trim();
    SOLID.iter().any(|s| name.trim().eq_ignore_ascii_case(s))
        && (value.eq_ignore_ascii_case("true") || value == "1")
}

/// Which local tile ids a tileset holds.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Holds {
    /// Not known (no tile count, no image size): every id is taken as held.
    #[default]
    Unknown,
    /// `0` to one less than the count.
    Count(u32),
    /// Exactly the ids it describes (an image collection, each tile its own image).
    Listed,
}

/// What a tileset's attributes say of its size, read before its tiles.
#[derive(Clone, Debug, Default)]
pub struct Sheet {
    /// `tilecount`.
    pub count: Option<i64>,
    /// `columns`.
    pub columns: Option<i64>,
    /// The tileset image's width and height in pixels, when it has one with a size.
    pub image: Option<(f64, f64)>,
    /// Tile width and height in pixels.
    pub tile: (f64, f64),
    /// `margin` in pixels.
    pub margin: f64,
    /// `spacing` in pixels.
    pub spacing: f64,
    /// Whether a tile of it has an image of its own.
    pub tile_images: bool,
}

impl Holds {
    /// The ids a tileset holds by its attributes: an image collection (`columns` 0, or tiles
    /// with their own images) holds the tiles it lists; else `tilecount` says, else the image
    /// cut into tiles; else nothing is known.
    pub fn of(sheet: &Sheet) -> Holds {
        if sheet.columns == Some(0) || sheet.tile_images {
            return Holds::Listed;
        }
        if let Some(n) = sheet.count.and_then(|n| u32::try_from(n).ok()) {
            return Holds::Count(n);
        }
        let per = |size: f64, tile: f64| {
            let step = tile + sheet.spacing;
            let n = ((size - 2.0 * sheet.margin + sheet.spacing) / step).floor();
            (tile > 0.0 && step > 0.0 && n.is_finite() && n >= 0.0).then_some(n)
        };
        match sheet.image {
            Some((w, h)) => match (per(w, sheet.tile.0), per(h, sheet.tile.1)) {
                (Some(c), Some(r)) if c * r < f64::from(u32::MAX) => Holds::Count((c * r) as u32),
                _ => Holds::Unknown,
            },
            None => Holds::Unknown,
        }
    }
}

impl Tileset {
    /// Whether local id `id` is a tile of this tileset.
    pub fn holds(&self, id: u32) -> bool {
        match self.holds {
            Holds::Unknown => true,
            Holds::Count(n) => id < n,
            Holds::Listed => self.tiles.contains_key(&id),
        }
    }

    /// The GIDs it holds, for messages: `1 to 48`, or `1, 3 and 7`.
    pub fn gid_range(&self) -> String {
        match self.holds {
            Holds::Count(0) => "no tile".to_owned(),
            Holds::Count(n) => format!(
                "GIDs {} to {}",
                self.first_gid,
                u64::from(self.first_gid) + u64::from(n) - 1
            ),
            _ => {
                let gids: Vec<String> = self
                    .tiles
                    .keys()
                    .take(8)
                    .map(|&id| (u64::from(self.first_gid) + u64::from(id)).to_string())
                    .collect();
                let more = if self.tiles.len() > 8 { ", …" } else { "" };
                format!("GIDs {}{more}", gids.join(", "))
            }
        }
    }
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
    /// The name of its tile layer.
    pub layer: String,
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
