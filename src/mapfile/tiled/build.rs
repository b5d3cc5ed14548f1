//! A Tiled map, gathered, to a hexdeep level draft.

use super::model::{Object, Origin, TiledMap};
use super::pixel::{Layout, Placing};
use crate::geom::{Hex, Tiling};
use crate::map::{MAX_STORAGE, Placement, PlacementKind, Terrain};
use crate::mapfile::Problem;
use crate::mapfile::coords::show;
use crate::mapfile::finish::Draft;
use crate::mapfile::names::{is_item, is_monster};
use std::collections::BTreeSet;

/// The GID bits that are flags (flips and the hexagonal 120° rotation), not tile ids.
pub const FLAG_BITS: u32 = 0xF000_0000;

/// Converts a Tiled map; errors and warnings go to `problems`, and the index of each problem
/// about a chunk or an object with where it was read to `origins`.
pub fn build(
    file: &str,
    map: &TiledMap,
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
    let (mut plain, mut total) = (0usize, 0usize);
    let mut reported: BTreeSet<(u32, u32)> = BTreeSet::new();
    for chunk in &map.chunks {
        let mut err = |problems: &mut Vec<Problem>, msg: String| {
            origins.push((problems.len(), chunk.origin.clone()));
            problems.push(Problem::error(file, None, msg));
        };
        total += chunk.gids.len();
        if total > MAX_STORAGE {
            err(
                problems,
                format!("the tile layers hold more than {MAX_STORAGE} tiles"),
            );
            return draft;
        }
        let w = i64::from(chunk.width.max(1));
        for (i, &raw) in chunk.gids.iter().enumerate() {
            let gid = raw & !FLAG_BITS;
            if gid == 0 {
                continue;
            }
            let (col, row) = (chunk.x + i as i64 % w, chunk.y + i as i64 / w);
            let Some(hex) = layout.to_cell(col, row) else {
                err(
                    problems,
                    format!("tile at column {col}, row {row} is beyond the coordinate limit"),
                );
                return draft;
            };
            let Some(ts) = tilesets
                .iter()
                .rev()
                .find(|t| t.first_gid <= gid && t.first_gid > 0)
            else {
                if reported.insert((0, gid)) {
                    err(
                        problems,
                        format!("GID {gid} at column {col}, row {row} belongs to no tileset"),
                    );
                }
                continue;
            };
            let local = gid - ts.first_gid;
            let terrain = match ts.terrain.get(&local) {
                None => {
                    plain += 1;
                    Terrain::Floor
                }
                Some(name) => Terrain::from_name(name).unwrap_or_else(|| {
                    if reported.insert((ts.first_gid, local)) {
                        err(problems, format!(
                            "tile {local} of tileset {:?} has terrain {name:?}: expected one of {}",
                            ts.name,
                            Terrain::ALL.map(Terrain::name).join(", ")
                        ));
                    }
                    Terrain::Floor
                }),
            };
            draft.tiles.push((hex, terrain));
        }
    }
    if plain > 0 {
        problems.push(Problem::warning(
            file,
            None,
            format!("{plain} tiles have no terrain type, class or property and are read as floor"),
        ));
    }
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
pub fn no_place(_: Hex) -> Option<(usize, usize)> {
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
