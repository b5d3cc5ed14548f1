//! Seeded level generation: noise caverns smoothed on the hex grid, rooms joined by
//! corridors, pools of water and patches of brush, stairs far apart, monsters and items.
//!
//! [`generate`] is a pure function of its arguments: the same seed, depth and size give the
//! same [`Level`] on every machine. Noise is floating point, but it is quantised to integers
//! the moment it is sampled and only integer ranks decide terrain; every other random choice
//! comes from [`crate::rng::stream`] with [`Stream::Generation`] and the depth as sub-stream.
//! All work is done on flat storage indices of the [`Grid`] with precomputed neighbour offsets.
//!
//! # Guarantees
//! - Every border tile (a tile with a neighbour outside the map) is a wall.
//! - Every passable tile is reachable from the start.
//! - The up stairs are the start; the down stairs are on reachable ground, as far from the
//!   start (in steps) as the level allows.
//! - No monster stands within [`SAFE_RADIUS`] steps of the start.
//!
//! # Small and large sizes
//! Sizes are clamped to `1..=`[`MAX_WIDTH`] by `1..=`[`MAX_HEIGHT`]. A level needs at least one
//! interior tile (a 3×3 map has exactly one) to hold anything: without one the whole level is
//! wall and `start` is `None`. With a single reachable tile there are up stairs but no down
//! stairs. Small levels get fewer monsters (possibly none: the safe radius may cover them).

mod cave;
mod connect;
mod dice;
mod populate;
mod rooms;

use crate::map::{Grid, Level, Shape, Terrain};
use crate::rng::{Stream, stream};

/// The width of a standard level, in tiles per row.
pub const DEFAULT_WIDTH: u32 = 80;
/// The height of a standard level, in rows.
pub const DEFAULT_HEIGHT: u32 = 40;
/// The largest width [`generate`] makes; wider requests are clamped to it.
pub const MAX_WIDTH: u32 = 1000;
/// The largest height [`generate`] makes; taller requests are clamped to it.
pub const MAX_HEIGHT: u32 = 1000;
/// No monster is placed within this many steps (hex distance) of the start.
pub const SAFE_RADIUS: i32 = 8;

/// Generates the level for a game seed at a depth, `width` tiles by `height` rows, as a
/// rectangle on screen ([`Shape::Rectangle`]). Sizes are clamped to `1..=MAX_WIDTH` and
/// `1..=MAX_HEIGHT`; never panics.
pub fn generate(seed: u64, depth: u32, width: u32, height: u32) -> Level {
    let width = width.clamp(1, MAX_WIDTH);
    let height = height.clamp(1, MAX_HEIGHT);
    let mut rng = stream(seed, Stream::Generation, u64::from(depth));
    let mut grid = match Grid::new(&Shape::Rectangle { width, height }, Terrain::Wall) {
        Ok(grid) => grid,
        // Unreachable with clamped sizes; a one-tile wall level keeps the promise not to panic.
        Err(_) => single_wall(),
    };
    let interior = connect::interior_mask(&grid);

    cave::carve_caves(&mut grid, &interior, &mut rng);
    cave::add_water_and_brush(&mut grid, &interior, &mut rng);
    rooms::carve_rooms(&mut grid, &interior, &mut rng);
    connect::join_regions(&mut grid, &interior, MIN_REGION);
    ensure_some_ground(&mut grid, &interior);

    let mut level = Level::new(format!("Depth {depth}"), depth, grid);
    let stairs = populate::place_stairs(&mut level.terrain, &mut rng);
    if let Some(up) = stairs {
        // A safety net: nothing passable may lie beyond the start's reach.
        connect::fill_unreachable(&mut level.terrain, up);
        level.start = Some(level.terrain.hex(up));
        level.placements = populate::place_things(&level.terrain, up, depth, &mut rng);
    }
    level
}

/// Passable regions smaller than this (other than the largest) are filled with wall rather
/// than joined by a corridor.
const MIN_REGION: usize = 5;

/// A level of one wall tile.
fn single_wall() -> Grid<Terrain> {
    let shape = Shape::Rectangle {
        width: 1,
        height: 1,
    };
    Grid::new(&shape, Terrain::Wall).unwrap_or_else(|_| unreachable!("a 1×1 grid always fits"))
}

/// Makes sure some tile is passable when the map has an interior at all: the middle interior
/// tile in reading order becomes floor if everything is wall.
fn ensure_some_ground(grid: &mut Grid<Terrain>, interior: &[bool]) {
    let any = grid.indices().any(|i| !grid[i].blocks_movement());
    if any {
        return;
    }
    let inner: Vec<usize> = grid.indices().filter(|&i| interior[i]).collect();
    if let Some(&i) = inner.get(inner.len() / 2) {
        grid[i] = Terrain::Floor;
    }
}
