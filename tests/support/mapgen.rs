//! What the level generation tests share: the bundled content, generation by tiling and
//! size, the laws every level keeps checked with plain searches over the rules' moves
//! ([`Level::move_allowed`]) written here independently of the generator, and measures of a
//! level's character.
#![allow(dead_code)]

use hexdeep::content::{Content, ItemKind, MonsterKind};
use hexdeep::geom::{Cell, Tiling};
use hexdeep::map::{Level, PlacementKind, Terrain};
use hexdeep::mapgen::{DEFAULT_HEIGHT, DEFAULT_WIDTH, SAFE_RADIUS, style};
use hexdeep::path::{Flow, PathScratch, passage, terrain_cost};
use std::cmp::Reverse;
use std::collections::{BTreeMap, BTreeSet, BinaryHeap, VecDeque};
use std::sync::OnceLock;

/// The bundled content, parsed once for this test binary.
pub fn content() -> &'static Content {
    static CONTENT: OnceLock<Content> = OnceLock::new();
    CONTENT.get_or_init(|| Content::bundled().unwrap())
}

/// A level of `width` by `height` on `tiling`, made with the bundled content.
pub fn generate(tiling: Tiling, seed: u64, depth: u32, width: u32, height: u32) -> Level {
    hexdeep::mapgen::generate_on(content(), tiling, seed, depth, width, height)
}

/// Tiles a level `width` by `height` has on `tiling` (twice as many a row on triangles).
pub fn tiles_for(tiling: Tiling, width: u32, height: u32) -> usize {
    let per = if tiling == Tiling::Triangle { 2 } else { 1 };
    (width * height * per) as usize
}

/// The bundled item kind named `name`.
pub fn item_kind(name: &str) -> Option<&'static ItemKind> {
    content().item(name)
}

/// Every bundled item kind.
pub fn item_kinds() -> &'static [ItemKind] {
    content().items()
}

/// The bundled monster kind named `name`.
pub fn monster_kind(name: &str) -> Option<&'static MonsterKind> {
    content().monster(name)
}

/// Every bundled monster kind.
pub fn monster_kinds() -> &'static [MonsterKind] {
    content().monsters()
}

/// FNV-1a over the terrain glyphs in reading order, the start and the placements.
pub fn fingerprint(level: &Level) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut eat = |bytes: &[u8]| {
        for &b in bytes {
            h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    };
    for (hex, t) in level.terrain.iter() {
        eat(&hex.x.to_le_bytes());
        eat(&hex.y.to_le_bytes());
        eat(&[t.glyph() as u8]);
    }
    // The golden fingerprints were taken when a position was a `Hex`: its debug text is
    // written as it was then, so that they still hold.
    let as_then = |text: String| text.replace("Cell {", "Hex {");
    eat(as_then(format!("{:?}", level.start)).as_bytes());
    for p in &level.placements {
        eat(as_then(format!("{p:?}")).as_bytes());
    }
    h
}

/// The rules' moves from `h` on `level`: the tile entered and what the move costs on open
/// floor (1, and 2 for a triangle's move through a corner), when the move is allowed and the
/// tile may be entered.
pub fn moves(level: &Level, h: Cell) -> Vec<(Cell, u32)> {
    level
        .terrain
        .moves_at(h)
        .filter(|&(n, _)| level.passable(n) && level.move_allowed(h, n))
        .map(|(n, m)| (n, 1 + m.extra_cost))
        .collect()
}

/// Every tile reachable from `from` by the rules' moves.
pub fn reachable(level: &Level, from: Cell) -> BTreeSet<Cell> {
    let mut seen = BTreeSet::from([from]);
    let mut queue = VecDeque::from([from]);
    while let Some(h) = queue.pop_front() {
        for (n, _) in moves(level, h) {
            if seen.insert(n) {
                queue.push_back(n);
            }
        }
    }
    seen
}

/// Steps by the rules' moves from `from` to every tile it reaches (a triangle's move
/// through a corner counts two, as on open floor).
pub fn steps_from(level: &Level, from: Cell) -> BTreeMap<Cell, u32> {
    let mut steps = BTreeMap::from([(from, 0)]);
    let mut queue = BinaryHeap::from([Reverse((0, from))]);
    while let Some(Reverse((d, h))) = queue.pop() {
        if steps[&h] < d {
            continue;
        }
        for (n, c) in moves(level, h) {
            if steps.get(&n).is_none_or(|&old| old > d + c) {
                steps.insert(n, d + c);
                queue.push(Reverse((d + c, n)));
            }
        }
    }
    steps
}

/// Whether a tile has a tile sharing a side or a corner with it outside the map.
pub fn on_edge(level: &Level, hex: Cell) -> bool {
    let tiling = level.terrain.tiling();
    tiling
        .touching(tiling.class(hex))
        .iter()
        .any(|&(dx, dy)| !level.terrain.contains(hex.offset(dx, dy)))
}

/// Every tile of `level` holding `terrain`, in reading order.
pub fn tiles_of(level: &Level, terrain: Terrain) -> Vec<Cell> {
    level
        .terrain
        .iter()
        .filter(|(_, t)| **t == terrain)
        .map(|(h, _)| h)
        .collect()
}

/// The laws every generated level keeps, whatever its size.
pub fn check_laws(level: &Level) -> Result<(), String> {
    check_border(level)?;
    let passable: Vec<Cell> = level
        .terrain
        .iter()
        .filter(|(_, t)| !t.blocks_movement())
        .map(|(h, _)| h)
        .collect();
    let Some(start) = level.start else {
        return if passable.is_empty() {
            Ok(())
        } else {
            Err("passable tiles but no start".into())
        };
    };
    if level.terrain_at(start) != Some(Terrain::StairsUp) {
        return Err(format!("start {start} is not on the up stairs"));
    }
    let reached = check_connected(level, start, &passable)?;
    check_stairs(level, passable.len())?;
    check_placements(level, start, &reached)
}

/// The border law: every tile on the map's edge is wall.
pub fn check_border(level: &Level) -> Result<(), String> {
    for (hex, t) in level.terrain.iter() {
        if on_edge(level, hex) && *t != Terrain::Wall {
            return Err(format!("border tile {hex} is {t:?}"));
        }
    }
    Ok(())
}

/// The connection law: every passable tile is reached from `start` by the rules' moves, and
/// the game's own search agrees; returns the tiles reached.
pub fn check_connected(
    level: &Level,
    start: Cell,
    passable: &[Cell],
) -> Result<BTreeSet<Cell>, String> {
    let reached = reachable(level, start);
    if let Some(lost) = passable.iter().find(|h| !reached.contains(h)) {
        return Err(format!("{lost} cannot be reached from {start}"));
    }
    // The game's own search agrees: every passable tile has a path.
    let grid = &level.terrain;
    let mut lattice = BTreeSet::new();
    let from = grid.index(start).ok_or("start off the map")?;
    PathScratch::new().dijkstra_on(
        &passage(level),
        terrain_cost(level),
        &[from],
        u32::MAX - 1,
        |i, _| {
            lattice.insert(grid.cell(i));
            Flow::Continue
        },
    );
    if let Some(lost) = passable.iter().find(|h| !lattice.contains(h)) {
        return Err(format!("{lost} has no path from {start}"));
    }
    Ok(reached)
}

/// The stairs law: one staircase up, at most one down, and one down wherever the style has
/// them and there is room (`passable` tiles).
pub fn check_stairs(level: &Level, passable: usize) -> Result<(), String> {
    if tiles_of(level, Terrain::StairsUp).len() != 1
        || tiles_of(level, Terrain::StairsDown).len() > 1
    {
        return Err("more than one staircase of a kind".into());
    }
    let downs = tiles_of(level, Terrain::StairsDown).len();
    if style(level.depth).has_down_stairs() {
        if passable >= 2 && downs == 0 {
            return Err("room for down stairs, but none".into());
        }
    } else if downs > 0 {
        return Err("down stairs on the lair".into());
    }
    Ok(())
}

/// The placement law: each placement is a known kind on a tile it may stand on, `reached`
/// from the start, alone on its tile, and no monster is within the safe radius of `start`.
pub fn check_placements(
    level: &Level,
    start: Cell,
    reached: &BTreeSet<Cell>,
) -> Result<(), String> {
    let mut seen = BTreeSet::new();
    for p in &level.placements {
        if !reached.contains(&p.at) || !seen.insert(p.at) || p.at == start {
            return Err(format!("placement {p:?} unreachable or sharing a tile"));
        }
        let ground = level.terrain_at(p.at);
        let fits = match &p.kind {
            PlacementKind::Monster(name) => {
                monster_kind(name).is_some()
                    && matches!(
                        ground,
                        Some(Terrain::Floor | Terrain::Brush | Terrain::ShallowWater)
                    )
            }
            PlacementKind::Item(name) => {
                item_kind(name).is_some() && ground == Some(Terrain::Floor)
            }
        };
        if !fits {
            return Err(format!("{p:?} is no known kind or stands on {ground:?}"));
        }
        let near = level.terrain.distance(p.at, start) <= SAFE_RADIUS;
        if matches!(p.kind, PlacementKind::Monster(_)) && near {
            return Err(format!(
                "{p:?} is within {SAFE_RADIUS} of the start {start}"
            ));
        }
    }
    Ok(())
}

/// A level of the default size.
pub fn standard(tiling: Tiling, seed: u64, depth: u32) -> Level {
    generate(tiling, seed, depth, DEFAULT_WIDTH, DEFAULT_HEIGHT)
}

/// The monsters a level places: kind and tile.
pub fn monsters(level: &Level) -> Vec<(&str, Cell)> {
    level
        .placements
        .iter()
        .filter_map(|p| match &p.kind {
            PlacementKind::Monster(name) => Some((name.as_str(), p.at)),
            PlacementKind::Item(_) => None,
        })
        .collect()
}

/// The items a level places: kind and tile.
pub fn items(level: &Level) -> Vec<(&str, Cell)> {
    level
        .placements
        .iter()
        .filter_map(|p| match &p.kind {
            PlacementKind::Item(name) => Some((name.as_str(), p.at)),
            PlacementKind::Monster(_) => None,
        })
        .collect()
}

/// Share of the passable tiles, per mille, that are of any of these terrains.
pub fn share(level: &Level, of: &[Terrain]) -> usize {
    let passable = level
        .terrain
        .iter()
        .filter(|(_, t)| !t.blocks_movement())
        .count();
    let some = level.terrain.iter().filter(|(_, t)| of.contains(t)).count();
    some * 1000 / passable.max(1)
}

/// The mean share over ten seeds of levels of a depth.
pub fn mean_share(tiling: Tiling, depth: u32, of: &[Terrain]) -> usize {
    (0..10)
        .map(|s| share(&standard(tiling, s, depth), of))
        .sum::<usize>()
        / 10
}
