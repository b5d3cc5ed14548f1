//! A Tiled map, gathered, to a hexdeep level draft.

use super::model::{Chunk, Object, Origin, TiledMap, Tileset, is_wall_layer};
use super::overrides::TerrainMap;
use super::pixel::{Layout, Placing};
use crate::geom::{Cell, Tiling};
use crate::map::{MAX_STORAGE, Placement, PlacementKind, Terrain};
use crate::mapfile::Problem;
use crate::mapfile::coords::show;
use crate::mapfile::finish::Draft;
use crate::mapfile::names::{is_item, is_monster};
use std::collections::{BTreeMap, BTreeSet};

/// The GID bits that are flags (flips and the hexagonal 120° rotation), not tile ids.
pub const FLAG_BITS: u32 = 0xF000_0000;

/// Converts a Tiled map, the terrain of its tiles read as [`Reader::terrain_of`] says (with
/// `terrain`, the `--terrain` option); errors and warnings go to `problems`, and the index of
/// each problem about a chunk or an object with where it was read to `origins`.
pub fn build(
    file: &str,
    map: &TiledMap,
    terrain: &TerrainMap,
    problems: &mut Vec<Problem>,
    origins: &mut Vec<(usize, Origin)>,
) -> Draft {
    let mut draft = Draft {
        name: map.name.clone().unwrap_or_default(),
        depth: map.depth,
        ..Draft::default()
    };
    let err =
        |problems: &mut Vec<Problem>, msg: String| problems.push(Problem::error(file, None, msg));
    let layout = match placing_of(map) {
        Ok((tiling, placing)) => {
            draft.tiling = tiling;
            placing
        }
        Err(msg) => {
            err(problems, msg);
            return draft;
        }
    };
    let mut tilesets: Vec<_> = map.tilesets.iter().collect();
    tilesets.sort_by_key(|t| t.first_gid);
    let mut reader = Reader {
        file,
        tilesets,
        terrain,
        problems,
        origins,
        reported: BTreeSet::new(),
        used: vec![false; terrain.len()],
        plain: Vec::new(),
        plain_ids: BTreeMap::new(),
        explicit: Vec::new(),
    };
    if reader.read_chunks(map, layout).is_err() {
        return draft;
    }
    reader.finish(&mut draft);
    for o in &map.objects {
        let before = problems.len();
        place_object(file, o, layout, &mut draft, problems);
        origins.extend((before..problems.len()).map(|i| (i, o.origin.clone())));
    }
    draft
}

fn place_object(
    file: &str,
    o: &Object,
    layout: Placing,
    draft: &mut Draft,
    problems: &mut Vec<Problem>,
) {
    let kind = o.kind.trim().to_ascii_lowercase();
    let label = format!("object {:?} (type {:?})", o.name, o.kind);
    let known = kind == "player" || is_monster(&kind) || is_item(&kind);
    if !known {
        problems.push(Problem::warning(
            file,
            None,
            format!("{label} is not a player, monster or item; ignored"),
        ));
        return;
    }
    let (px, py) = if o.is_tile {
        (o.x + o.width / 2.0, o.y - o.height / 2.0)
    } else {
        (o.x + o.width / 2.0, o.y + o.height / 2.0)
    };
    let Some(hex) = layout
        .tile_at(px, py)
        .and_then(|(c, r)| layout.to_cell(c, r))
    else {
        problems.push(Problem::error(
            file,
            None,
            format!("{label} at pixel ({px}, {py}) lies on no tile"),
        ));
        return;
    };
    if kind == "player" {
        if let Some(first) = draft.start {
            problems.push(Problem::error(
                file,
                None,
                format!(
                    "a second player object at {}: expected only one (the first is at {})",
                    show(draft.tiling, hex),
                    show(draft.tiling, first)
                ),
            ));
        } else {
            draft.start = Some(hex);
        }
    } else {
        let kind = if is_monster(&kind) {
            PlacementKind::Monster(kind)
        } else {
            PlacementKind::Item(kind)
        };
        draft.placements.push(Placement { at: hex, kind });
    }
}

/// Where a hex came from, for messages: none for Tiled maps (messages name the tile).
pub fn no_place(_: Cell) -> Option<(usize, usize)> {
    None
}

/// The tiling and layout of a map by its orientation: hexagonal maps are hex maps,
/// orthogonal ones square maps; any other orientation is refused.
fn placing_of(map: &TiledMap) -> Result<(Tiling, Placing), String> {
    match map.orientation.as_str() {
        "hexagonal" => Ok((Tiling::Hex, Placing::Hex(layout_of(map)?))),
        "orthogonal" => Ok((
            Tiling::Square,
            Placing::Square {
                width: map.tile_width,
                height: map.tile_height,
            },
        )),
        other => Err(format!(
            "orientation {other:?}: expected \"hexagonal\" or \"orthogonal\""
        )),
    }
}

/// The layout of a map from its stagger axis, index and tile size.
fn layout_of(map: &TiledMap) -> Result<Layout, String> {
    let axis_x = match map.stagger_axis.as_str() {
        "x" => true,
        "y" => false,
        other => return Err(format!("staggeraxis {other:?}: expected \"x\" or \"y\"")),
    };
    let odd = match map.stagger_index.as_str() {
        "odd" => true,
        "even" => false,
        other => {
            return Err(format!(
                "staggerindex {other:?}: expected \"odd\" or \"even\""
            ));
        }
    };
    Ok(Layout {
        axis_x,
        odd,
        width: map.tile_width,
        height: map.tile_height,
        side: map.side,
    })
}

/// Reads the tiles of every layer into terrain, and remembers what it reported.
struct Reader<'a> {
    file: &'a str,
    /// The tilesets by first GID.
    tilesets: Vec<&'a Tileset>,
    terrain: &'a TerrainMap,
    problems: &'a mut Vec<Problem>,
    origins: &'a mut Vec<(usize, Origin)>,
    /// `(first GID, local id)` of the tiles already reported (`(0, GID)` for no tileset).
    reported: BTreeSet<(u32, u32)>,
    /// Which `--terrain` entries named a tile of the map.
    used: Vec<bool>,
    /// Tiles nothing gives a terrain to, read as floor.
    plain: Vec<Cell>,
    /// The local ids of those tiles, by tileset name.
    plain_ids: BTreeMap<String, BTreeSet<u32>>,
    /// Tiles with a terrain from the map or `--terrain`, in layer order.
    explicit: Vec<(Cell, Terrain)>,
}

impl Reader<'_> {
    /// The ids of the tiles read as floor, for messages: `ids 0, 2 and 5 of tileset "t"`.
    fn plain_list(&self) -> String {
        const SHOWN: usize = 12;
        let parts: Vec<String> = self
            .plain_ids
            .iter()
            .map(|(name, ids)| {
                let mut shown: Vec<String> = ids.iter().take(SHOWN).map(u32::to_string).collect();
                if ids.len() > SHOWN {
                    shown.push(format!("{} more", ids.len() - SHOWN));
                }
                let list = match shown.split_last() {
                    Some((last, rest)) if !rest.is_empty() => {
                        format!("{} and {last}", rest.join(", "))
                    }
                    _ => shown.join(""),
                };
                let word = if ids.len() == 1 { "id" } else { "ids" };
                format!("tile {word} {list} of tileset {name:?}")
            })
            .collect();
        parts.join("; ")
    }
}

/// What a tile's GID gave.
enum Read {
    /// A terrain, from the map or `--terrain`.
    Given(Terrain),
    /// Nothing: floor.
    Plain,
    /// An error, reported.
    Failed,
}

/// The error ending the reading of the layers (already reported).
struct Stop;

impl<'a> Reader<'a> {
    /// An error about `chunk`, placed where it was read.
    fn error(&mut self, chunk: &Chunk, msg: String) {
        self.origins
            .push((self.problems.len(), chunk.origin.clone()));
        self.problems.push(Problem::error(self.file, None, msg));
    }

    /// Reads every chunk's tiles; `Err` after an error that ends the reading.
    fn read_chunks(&mut self, map: &TiledMap, layout: Placing) -> Result<(), Stop> {
        let mut total = 0usize;
        for chunk in &map.chunks {
            total += chunk.gids.len();
            if total > MAX_STORAGE {
                let msg = format!("the tile layers hold more than {MAX_STORAGE} tiles");
                self.error(chunk, msg);
                return Err(Stop);
            }
            let w = i64::from(chunk.width.max(1));
            let walls = is_wall_layer(&chunk.layer);
            for (i, &raw) in chunk.gids.iter().enumerate() {
                let gid = raw & !FLAG_BITS;
                if gid == 0 {
                    continue;
                }
                let (col, row) = (chunk.x + i as i64 % w, chunk.y + i as i64 / w);
                let Some(hex) = layout.to_cell(col, row) else {
                    let msg =
                        format!("tile at column {col}, row {row} is beyond the coordinate limit");
                    self.error(chunk, msg);
                    return Err(Stop);
                };
                match self.terrain_of(chunk, gid, (col, row), walls) {
                    Read::Given(t) => self.explicit.push((hex, t)),
                    Read::Plain => self.plain.push(hex),
                    Read::Failed => {}
                }
            }
        }
        Ok(())
    }

    /// The terrain of a tile of GID `gid` at `(col, row)` of `chunk`'s layer: `--terrain`
    /// by id, then by class; the tile's `terrain` property; its class when that names a
    /// terrain; a wall when a collision property is true or its layer is named for walls
    /// (`walls`); [`Read::Plain`] when nothing says.
    fn terrain_of(&mut self, chunk: &Chunk, gid: u32, (col, row): (i64, i64), walls: bool) -> Read {
        let at = if chunk.layer.is_empty() {
            format!("the tile at column {col}, row {row}")
        } else {
            format!(
                "layer {:?}: the tile at column {col}, row {row}",
                chunk.layer
            )
        };
        let Some((ts, local)) = self.tile_of(chunk, gid, &at) else {
            return Read::Failed;
        };
        let info = ts.tiles.get(&local).cloned().unwrap_or_default();
        if let Some((t, k)) = self.terrain.lookup(&ts.name, local, info.class.as_deref()) {
            self.used[k] = true;
            return Read::Given(t);
        }
        if let Some(name) = &info.terrain {
            return self.terrain_named(chunk, ts, local, name);
        }
        let by_class = info.class.as_deref().and_then(Terrain::from_name);
        if let Some(t) = by_class {
            return Read::Given(t);
        }
        if info.solid || walls {
            return Read::Given(Terrain::Wall);
        }
        let ids = self.plain_ids.entry(ts.name.clone()).or_default();
        ids.insert(local);
        Read::Plain
    }

    /// The tileset holding GID `gid` and the tile's local id in it, or `None` after reporting
    /// (once per GID) that no tileset defines it; `at` names the tile in the message.
    fn tile_of(&mut self, chunk: &Chunk, gid: u32, at: &str) -> Option<(&'a Tileset, u32)> {
        let Some(&ts) = self
            .tilesets
            .iter()
            .rev()
            .find(|t| t.first_gid <= gid && t.first_gid > 0)
        else {
            if self.reported.insert((0, gid)) {
                self.error(
                    chunk,
                    format!("{at} has GID {gid}, which belongs to no tileset"),
                );
            }
            return None;
        };
        let local = gid - ts.first_gid;
        if !ts.holds(local) {
            if self.reported.insert((ts.first_gid, local)) {
                let msg = format!(
                    "{at} has GID {gid}, which no tileset defines (tileset {:?} holds {})",
                    ts.name,
                    ts.gid_range()
                );
                self.error(chunk, msg);
            }
            return None;
        }
        Some((ts, local))
    }

    /// The terrain a tile's `terrain` property `name` names, or [`Read::Failed`] after
    /// reporting (once per tile) a name that is no terrain.
    fn terrain_named(&mut self, chunk: &Chunk, ts: &Tileset, local: u32, name: &str) -> Read {
        let Some(t) = Terrain::from_name(name) else {
            if self.reported.insert((ts.first_gid, local)) {
                let msg = format!(
                    "tile {local} of tileset {:?} has terrain {name:?}: expected one of {}",
                    ts.name,
                    Terrain::ALL.map(Terrain::name).join(", ")
                );
                self.error(chunk, msg);
            }
            return Read::Failed;
        };
        Read::Given(t)
    }

    /// Puts the tiles into `draft` (a tile some layer gives a terrain keeps the last such; a
    /// tile none does is floor) and warns about tiles read as floor and `--terrain` entries
    /// that named no tile.
    fn finish(mut self, draft: &mut Draft) {
        self.plain.sort_unstable();
        self.plain.dedup();
        let mut given: Vec<Cell> = self.explicit.iter().map(|&(h, _)| h).collect();
        given.sort_unstable();
        given.dedup();
        let floor = self
            .plain
            .iter()
            .filter(|h| given.binary_search(h).is_err())
            .count();
        draft
            .tiles
            .extend(self.plain.iter().map(|&h| (h, Terrain::Floor)));
        draft.tiles.append(&mut self.explicit);
        if floor > 0 {
            let msg = format!(
                "{floor} tiles have no terrain type, class or property and are read as floor \
                 ({}): give walls a collision property or a layer named for walls, or name \
                 their terrain with --terrain ID=TERRAIN",
                self.plain_list()
            );
            self.problems.push(Problem::warning(self.file, None, msg));
        }
        for (k, used) in self.used.iter().enumerate() {
            if !used {
                let msg = format!(
                    "--terrain {}: no tile of the map is named so",
                    self.terrain.entry(k)
                );
                self.problems.push(Problem::warning(self.file, None, msg));
            }
        }
    }
}
