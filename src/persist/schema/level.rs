//! Levels between the rules' [`Level`] and the schema's runs of tiles and marks of sides
//! ([`super::sides`]), with the player's memory as one bit a tile. Reading bounds what a
//! level may allocate by what it holds.

use super::SchemaError;
use super::sides::{apply_marks, marks_of};
use super::v5;
use crate::geom::{Cell, Tiling};
use crate::map::{Grid, Level, Placement, PlacementKind, Terrain};

/// How many cells a level's storage may span beyond 64 a tile it holds: a level's bounding
/// box is never much larger than its tiles unless the file was made to waste memory.
const SPARE_CELLS: usize = 1 << 16;

/// Storage cells allowed per tile held.
const CELLS_PER_TILE: usize = 64;

/// The schema's code for a terrain.
pub fn terrain_code(t: Terrain) -> u8 {
    match t {
        Terrain::Floor => 0,
        Terrain::Wall => 1,
        Terrain::DoorClosed => 2,
        Terrain::DoorOpen => 3,
        Terrain::ShallowWater => 4,
        Terrain::DeepWater => 5,
        Terrain::Brush => 6,
        Terrain::StairsDown => 7,
        Terrain::StairsUp => 8,
    }
}

fn terrain_of(code: u8) -> Result<Terrain, SchemaError> {
    Ok(match code {
        0 => Terrain::Floor,
        1 => Terrain::Wall,
        2 => Terrain::DoorClosed,
        3 => Terrain::DoorOpen,
        4 => Terrain::ShallowWater,
        5 => Terrain::DeepWater,
        6 => Terrain::Brush,
        7 => Terrain::StairsDown,
        8 => Terrain::StairsUp,
        _ => return Err(SchemaError::new(format!("unknown terrain code {code}"))),
    })
}

/// The schema's code for a tiling.
pub fn tiling_code(t: Tiling) -> v5::TilingCode {
    match t {
        Tiling::Hex => 0,
        Tiling::Square => 1,
        Tiling::Triangle => 2,
    }
}

/// The tiling of a code, refused when unknown.
pub fn tiling_of(code: v5::TilingCode) -> Result<Tiling, SchemaError> {
    Ok(match code {
        0 => Tiling::Hex,
        1 => Tiling::Square,
        2 => Tiling::Triangle,
        _ => {
            return Err(SchemaError::new(format!(
                "unknown tiling code {code} (0 hexes, 1 squares, 2 triangles)"
            )));
        }
    })
}

/// A tile's coordinates in the schema.
pub fn tile(h: Cell) -> v5::Tile {
    v5::Tile { x: h.x, y: h.y }
}

/// A schema tile as a cell.
pub fn cell(t: v5::Tile) -> Cell {
    Cell::new(t.x, t.y)
}

/// A level as runs of tiles, row by row.
pub fn level_to_schema(level: &Level) -> v5::Level {
    let mut runs: Vec<v5::Run> = Vec::new();
    for (h, t) in level.terrain.iter() {
        match runs.last_mut() {
            Some(run)
                if run.y == h.y
                    && i64::from(run.x) + run.terrain.len() as i64 == i64::from(h.x) =>
            {
                run.terrain.push(terrain_code(*t));
            }
            _ => runs.push(v5::Run {
                y: h.y,
                x: h.x,
                terrain: vec![terrain_code(*t)],
            }),
        }
    }
    let (sides, corners) = marks_of(level);
    v5::Level {
        name: level.name.clone(),
        depth: level.depth,
        tiling: tiling_code(level.terrain.tiling()),
        runs,
        start: level.start.map(tile),
        placements: level
            .placements
            .iter()
            .map(|p| match &p.kind {
                PlacementKind::Monster(kind) => v5::Placement::Monster {
                    at: tile(p.at),
                    kind: kind.clone(),
                },
                PlacementKind::Item(kind) => v5::Placement::Item {
                    at: tile(p.at),
                    kind: kind.clone(),
                },
            })
            .collect(),
        sides,
        corners,
    }
}

/// Every tile of a schema level in run order.
fn run_hexes(runs: &[v5::Run]) -> impl Iterator<Item = (Cell, u8)> + '_ {
    runs.iter().flat_map(|r| {
        r.terrain
            .iter()
            .enumerate()
            .map(move |(i, &code)| (Cell::new(r.x.saturating_add(i as i32), r.y), code))
    })
}

/// The storage cells a level's grid on `tiling` will span (its bounding box and border),
/// refused when that is far more than it has tiles, before anything of that size is allocated.
pub fn check_span(tiling: Tiling, runs: &[v5::Run]) -> Result<i64, SchemaError> {
    let tiles: usize = runs.iter().map(|r| r.terrain.len()).sum();
    let (mut lo_x, mut lo_y, mut hi_x, mut hi_y) = (i64::MAX, i64::MAX, i64::MIN, i64::MIN);
    for r in runs.iter().filter(|r| !r.terrain.is_empty()) {
        lo_x = lo_x.min(i64::from(r.x));
        hi_x = hi_x.max(i64::from(r.x) + r.terrain.len() as i64 - 1);
        lo_y = lo_y.min(i64::from(r.y));
        hi_y = hi_y.max(i64::from(r.y));
    }
    if tiles == 0 {
        return Err(SchemaError::new("a level has no tiles"));
    }
    // The grid's border: one cell each side, two columns each side on triangles.
    let border_x = if tiling == Tiling::Triangle { 2 } else { 1 };
    let cells = (hi_x - lo_x + 1 + 2 * border_x).saturating_mul(hi_y - lo_y + 3);
    check_cells(tiles, cells)?;
    Ok(cells)
}

/// Refuses a level of `tiles` tiles whose storage spans `cells` cells when that is more than
/// [`CELLS_PER_TILE`] a tile and [`SPARE_CELLS`] besides: the one rule for a level read from a
/// file and one a new game is about to be made of.
pub fn check_cells(tiles: usize, cells: i64) -> Result<(), SchemaError> {
    let allowed = tiles
        .saturating_mul(CELLS_PER_TILE)
        .saturating_add(SPARE_CELLS);
    if cells > allowed as i64 {
        return Err(SchemaError::new(format!(
            "a level of {tiles} tiles spans {cells} cells, more than the {allowed} it may"
        )));
    }
    Ok(())
}

/// A level from its runs and marks, checked: a known tiling and terrain, no tile twice, a
/// bounded span, sides and corners of its map.
pub fn level_from_schema(level: &v5::Level) -> Result<Level, SchemaError> {
    super::check_text("a level's name", &level.name)?;
    let tiling = tiling_of(level.tiling)?;
    check_span(tiling, &level.runs)?;
    let cells: Vec<Cell> = run_hexes(&level.runs).map(|(h, _)| h).collect();
    // Cells between and around the tiles are walls, as the generator leaves them.
    let mut grid = Grid::from_cells(tiling, &cells, Terrain::Wall)
        .map_err(|e| SchemaError::new(format!("a level's tiles: {e}")))?;
    if grid.len() != cells.len() {
        return Err(SchemaError::new("a level lists a tile twice"));
    }
    for (h, code) in run_hexes(&level.runs) {
        grid.set(h, terrain_of(code)?);
    }
    let mut out = Level::new(level.name.clone(), level.depth, grid);
    out.start = level.start.map(cell);
    out.placements = level
        .placements
        .iter()
        .map(|p| {
            let (at, kind) = match p {
                v5::Placement::Monster { at, kind } => (at, PlacementKind::Monster(kind.clone())),
                v5::Placement::Item { at, kind } => (at, PlacementKind::Item(kind.clone())),
            };
            super::check_text(
                "a placement's kind",
                match &kind {
                    PlacementKind::Monster(k) | PlacementKind::Item(k) => k,
                },
            )?;
            Ok(Placement {
                at: cell(*at),
                kind,
            })
        })
        .collect::<Result<_, SchemaError>>()?;
    apply_marks(&mut out, &level.sides, &level.corners)?;
    Ok(out)
}

/// The player's memory of a level, one bit a tile in run order, from the storage-index
/// flags of the level's grid.
pub fn seen_to_bits(level: &Level, seen: &[bool]) -> Vec<u8> {
    let grid = &level.terrain;
    let mut bits = vec![0u8; grid.len().div_ceil(8)];
    for (n, i) in grid.indices().enumerate() {
        if seen.get(i).copied().unwrap_or(false) {
            bits[n / 8] |= 1 << (n % 8);
        }
    }
    bits
}

/// The memory's bits as flags by storage index of `level`'s grid.
pub fn seen_from_bits(level: &Level, bits: &[u8]) -> Result<Vec<bool>, SchemaError> {
    let grid = &level.terrain;
    if bits.len() != grid.len().div_ceil(8) {
        return Err(SchemaError::new(format!(
            "the memory of {} holds {} bytes for {} tiles",
            level.name,
            bits.len(),
            grid.len()
        )));
    }
    let mut seen = vec![false; grid.storage_len()];
    for (n, i) in grid.indices().enumerate() {
        seen[i] = bits[n / 8] & (1 << (n % 8)) != 0;
    }
    Ok(seen)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::map::Shape;

    fn sample() -> Level {
        let mut grid = Grid::new(&Shape::Hexagon { radius: 3 }, Terrain::Floor).unwrap();
        grid.set(Cell::new(1, 0), Terrain::Wall);
        grid.set(Cell::new(-1, -1), Terrain::DoorOpen);
        let mut level = Level::new("a ring", 2, grid);
        level.start = Some(Cell::new(0, 0));
        level.placements.push(Placement {
            at: Cell::new(2, 1),
            kind: PlacementKind::Monster("rat".into()),
        });
        level
    }

    #[test]
    fn a_level_and_its_memory_come_back_as_they_were() {
        let level = sample();
        let back = level_from_schema(&level_to_schema(&level)).unwrap();
        assert!(back.terrain.iter().eq(level.terrain.iter()));
        assert_eq!(
            (&back.name, back.depth, back.start, &back.placements),
            (&level.name, level.depth, level.start, &level.placements)
        );
        let seen: Vec<bool> = (0..level.terrain.storage_len())
            .map(|i| i % 3 == 0)
            .collect();
        let bits = seen_to_bits(&level, &seen);
        let flags = seen_from_bits(&back, &bits).unwrap();
        for i in level.terrain.indices() {
            assert_eq!(flags[i], seen[i]);
        }
    }

    #[test]
    fn a_level_of_squares_or_triangles_comes_back_on_its_tiling() {
        let cells: Vec<Cell> = (0..6)
            .flat_map(|y| (0..9).map(move |x| Cell::new(x, y)))
            .collect();
        for tiling in [Tiling::Square, Tiling::Triangle] {
            let mut grid = Grid::from_cells(tiling, &cells, Terrain::Floor).unwrap();
            grid.set(Cell::new(4, 2), Terrain::Wall);
            let level = Level::new("a block", 3, grid);
            let schema = level_to_schema(&level);
            assert_eq!(tiling_of(schema.tiling), Ok(tiling));
            let back = level_from_schema(&schema).unwrap();
            assert_eq!(back.terrain.tiling(), tiling);
            assert!(back.terrain.iter().eq(level.terrain.iter()), "{tiling}");
            assert_eq!(back.terrain.storage_len(), level.terrain.storage_len());
        }
    }

    #[test]
    fn an_unknown_tiling_is_refused_by_its_code() {
        let mut level = level_to_schema(&sample());
        level.tiling = 3;
        let err = level_from_schema(&level).unwrap_err().to_string();
        assert!(err.contains("unknown tiling code 3"), "{err}");
    }

    #[test]
    fn a_level_spread_thin_is_refused_before_its_grid_is_made() {
        let runs = vec![
            v5::Run {
                y: 0,
                x: 0,
                terrain: vec![0],
            },
            v5::Run {
                y: 4093,
                x: 4093,
                terrain: vec![0],
            },
        ];
        let level = v5::Level {
            name: "thin".into(),
            depth: 1,
            tiling: 0,
            runs,
            start: None,
            placements: Vec::new(),
            sides: Vec::new(),
            corners: Vec::new(),
        };
        let err = level_from_schema(&level).unwrap_err().to_string();
        assert!(err.contains("spans"), "{err}");
    }

    #[test]
    fn tiles_twice_and_unknown_terrain_are_refused() {
        let mut level = level_to_schema(&sample());
        let first = level.runs[0].clone();
        level.runs.push(first);
        assert!(level_from_schema(&level).is_err());
        let mut level = level_to_schema(&sample());
        level.runs[0].terrain[0] = 99;
        assert!(level_from_schema(&level).is_err());
    }
}
