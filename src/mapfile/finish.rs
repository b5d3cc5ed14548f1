//! The last step shared by every format: tiles to a [`Level`], start checks and reachability
//! warnings.

use super::coords::show;
use super::{Loaded, MapFileErrors, Problem};
use crate::geom::{Cell, Corner, Side, Tiling};
use crate::map::{
    CornerFeature, Grid, GridError, Level, Placement, PlacementKind, SideFeature, Terrain,
};
use crate::path::{UNREACHED, dijkstra_map_in, terrain_cost};

/// A feature on a side or corner, with its place (line, column) in the file.
pub type Placed<K, F> = (K, F, Option<(usize, usize)>);

/// What a format reader gathered before the level is built.
#[derive(Clone, Debug, Default)]
pub struct Draft {
    /// The tiling the tiles are of.
    pub tiling: Tiling,
    /// The level's name.
    pub name: String,
    /// The level's depth, when the file gives one.
    pub depth: Option<u32>,
    /// Every tile with its terrain, by storage cell (on hexes the axial hex; see
    /// [`Cell`]); a later entry for the same cell wins.
    pub tiles: Vec<(Cell, Terrain)>,
    /// The player's start, if the file gives one.
    pub start: Option<Cell>,
    /// Monsters and items in file order.
    pub placements: Vec<Placement>,
    /// Features on sides between tiles, each with its place in the file.
    pub sides: Vec<Placed<Side, SideFeature>>,
    /// Pillars on corners, each with its place in the file.
    pub corners: Vec<Placed<Corner, CornerFeature>>,
}

/// Where a tile (by storage cell) is written in the file, for messages.
pub type Locate<'a> = &'a dyn Fn(Cell) -> Option<(usize, usize)>;

/// Builds the level, adding the errors and warnings about it to `problems`.
pub fn finish(
    file: &str,
    draft: Draft,
    locate: Locate<'_>,
    mut problems: Vec<Problem>,
) -> Result<Loaded, MapFileErrors> {
    let Some(grid) = tile_grid(file, draft.tiling, &draft.tiles, locate, &mut problems) else {
        return Err(MapFileErrors::new(problems));
    };
    let mut level = Level::new(draft.name, draft.depth.unwrap_or(1), grid);
    super::edges::apply(
        file,
        &draft.sides,
        &draft.corners,
        &mut level,
        &mut problems,
    );
    if let Some(s) = draft.start {
        set_start(file, &mut level, s, locate, &mut problems);
    }
    level.placements = checked_placements(file, draft.placements, &level, locate, &mut problems);
    if problems.iter().any(Problem::is_error) {
        return Err(MapFileErrors::new(problems));
    }
    let Some(start) = starting_tile(file, &level, &mut problems) else {
        return Err(MapFileErrors::new(problems));
    };
    reachability(file, &level, start, locate, &mut problems);
    super::problem::sort_problems(&mut problems);
    Ok(Loaded {
        level,
        depth: draft.depth,
        warnings: problems,
    })
}

/// The grid of the draft's tiles with their terrain, or `None` (with the error added to
/// `problems`) when those tiles make no grid.
fn tile_grid(
    file: &str,
    tiling: Tiling,
    tiles: &[(Cell, Terrain)],
    locate: Locate<'_>,
    problems: &mut Vec<Problem>,
) -> Option<Grid<Terrain>> {
    let cells: Vec<Cell> = tiles.iter().map(|&(h, _)| h).collect();
    let mut grid = match Grid::from_cells(tiling, &cells, Terrain::Floor) {
        Ok(grid) => grid,
        Err(err) => {
            let at = match err {
                GridError::OutOfRange(h) => locate(h),
                GridError::Empty | GridError::TooLarge(_) => None,
            };
            problems.push(Problem::error(file, at, grid_message(tiling, &err)));
            return None;
        }
    };
    for &(h, t) in tiles {
        grid.set(h, t);
    }
    Some(grid)
}

/// Makes the file's player start `s` the level's start when it is a passable tile, and adds
/// an error otherwise.
fn set_start(
    file: &str,
    level: &mut Level,
    s: Cell,
    locate: Locate<'_>,
    problems: &mut Vec<Problem>,
) {
    let at = show(level.terrain.tiling(), s);
    match level.terrain_at(s) {
        None => problems.push(Problem::error(
            file,
            locate(s),
            format!("the player start {at} is not on a tile of the map"),
        )),
        Some(t) if t.blocks_movement() => problems.push(Problem::error(
            file,
            locate(s),
            format!(
                "the player start {at} is on {}: expected passable terrain",
                t.describe()
            ),
        )),
        Some(_) => level.start = Some(s),
    }
}

/// The tile the player starts on: the file's start, or else the level's default with a
/// warning saying which; `None` (with an error added) when no tile is passable.
fn starting_tile(file: &str, level: &Level, problems: &mut Vec<Problem>) -> Option<Cell> {
    let Some(start) = level.start_or_default() else {
        problems.push(Problem::error(
            file,
            None,
            "the map has no passable tile for the player to start on",
        ));
        return None;
    };
    if level.start.is_none() {
        let what = if level.terrain_at(start) == Some(Terrain::StairsUp) {
            "the up stairs"
        } else {
            "the first passable tile"
        };
        problems.push(Problem::warning(
            file,
            None,
            format!(
                "the map has no player start: the player will start on {what} at {}",
                show(level.terrain.tiling(), start)
            ),
        ));
    }
    Some(start)
}

fn grid_message(tiling: Tiling, err: &GridError) -> String {
    match err {
        GridError::Empty => "the map has no tiles: expected at least one tile".to_owned(),
        GridError::OutOfRange(h) => format!(
            "tile {} is outside the coordinate limit of ±{}",
            show(tiling, *h),
            crate::geom::COORD_LIMIT
        ),
        other @ GridError::TooLarge(_) => other.to_string(),
    }
}

/// Keeps the placements on tiles (warning about the others and about impassable ones).
fn checked_placements(
    file: &str,
    placements: Vec<Placement>,
    level: &Level,
    locate: Locate<'_>,
    problems: &mut Vec<Problem>,
) -> Vec<Placement> {
    let mut kept = Vec::with_capacity(placements.len());
    let tiling = level.terrain.tiling();
    for p in placements {
        let at = show(tiling, p.at);
        let name = match &p.kind {
            PlacementKind::Monster(n) => format!("monster {n}"),
            PlacementKind::Item(n) => format!("item {n}"),
        };
        match level.terrain_at(p.at) {
            None => problems.push(Problem::warning(
                file,
                locate(p.at),
                format!("the {name} at {at} is not on a tile; ignored"),
            )),
            Some(t) => {
                if t.blocks_movement() {
                    problems.push(Problem::warning(
                        file,
                        locate(p.at),
                        format!("the {name} at {at} stands on {}", t.describe()),
                    ));
                }
                kept.push(p);
            }
        }
    }
    kept
}

/// Makes a map read from `file` playable: a level without stairs down gets them where the
/// generator would put them (the tile farthest from the start by steps,
/// [`crate::mapgen::stairs_down_from`]), with a warning saying where; not a level the file
/// puts at the lair's depth, which has none.
pub fn with_stairs_down(file: &str, mut loaded: Loaded) -> Loaded {
    let level = &mut loaded.level;
    let grid = &level.terrain;
    let lair = loaded.depth == Some(crate::mapgen::LAIR_DEPTH);
    if lair || grid.iter().any(|(_, t)| *t == Terrain::StairsDown) {
        return loaded;
    }
    let Some(start) = level.start_or_default() else {
        return loaded;
    };
    let Some(from) = grid.index(start) else {
        return loaded;
    };
    let Some(spot) = crate::mapgen::stairs_down_from(grid, level.sides(), from) else {
        return loaded;
    };
    let at = grid.cell(spot);
    level.terrain.set(at, Terrain::StairsDown);
    loaded.warnings.push(Problem::warning(
        file,
        None,
        format!(
            "the map has no stairs down: they are put at {}, the tile farthest from the start \
             {} (as the generator puts them)",
            show(level.terrain.tiling(), at),
            show(level.terrain.tiling(), start)
        ),
    ));
    super::problem::sort_problems(&mut loaded.warnings);
    loaded
}

/// Warns about stairs that cannot be reached, and about other passable tiles (once, with a
/// count).
fn reachability(
    file: &str,
    level: &Level,
    start: Cell,
    locate: Locate<'_>,
    problems: &mut Vec<Problem>,
) {
    let grid = &level.terrain;
    let Some(source) = grid.index(start) else {
        return;
    };
    let dist = dijkstra_map_in(level, terrain_cost(level), &[source], UNREACHED - 1);
    let at = |h: Cell| show(grid.tiling(), h);
    let mut others: Option<(Cell, usize)> = None;
    for i in grid.indices() {
        let t = grid[i];
        if t.blocks_movement() || dist[i] != UNREACHED {
            continue;
        }
        let h = grid.cell(i);
        if matches!(t, Terrain::StairsDown | Terrain::StairsUp) {
            problems.push(Problem::warning(
                file,
                locate(h),
                format!(
                    "{} at {} cannot be reached from the start {}",
                    t.describe(),
                    at(h),
                    at(start)
                ),
            ));
        } else {
            let entry = others.get_or_insert((h, 0));
            entry.1 += 1;
        }
    }
    if let Some((first, count)) = others {
        let tiles = if count == 1 { "tile" } else { "tiles" };
        problems.push(Problem::warning(
            file,
            locate(first),
            format!(
                "{count} passable {tiles} cannot be reached from the start {} (the first at {})",
                at(start),
                at(first)
            ),
        ));
    }
}
