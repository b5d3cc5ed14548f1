//! Seeded level generation on any tiling: noise caverns smoothed on the grid, halls of rooms
//! joined by corridors, flooded levels, pools of water and patches of brush, stairs far apart,
//! and the monsters and items of the data files.
//!
//! [`generate`] is a pure function of its arguments: the same seed, depth and size give the
//! same [`Level`] on every machine, whatever other levels were generated before. Noise is
//! floating point, but it is quantised to integers the moment it is sampled and only integer
//! ranks decide terrain; every other random choice comes from [`crate::rng::stream`] with
//! [`Stream::Generation`] and the depth as sub-stream. All work is done on flat storage
//! indices of the [`Grid`] with precomputed neighbour offsets.
//!
//! # Tilings
//! Every generator works through the grid's tiling ([`generate_on`]). Connectivity (regions,
//! corridors, packs) goes across tiles' sides, the moves never refused for squeezing past a
//! corner, so whatever is joined can be walked on every tiling; step counts (stairs, the safe
//! radius's reach) follow all the rules' moves. Borders, smoothing and room walls use the tiles
//! sharing a side or a corner (6 on hexes, 8 on squares, 12 on triangles), smoothing by their
//! majority. Rooms and halls are drawn to look alike on screen: rectangles 8–18 columns wide
//! on every tiling, round rooms and a pillared hall in each tiling's own shape; counts meant
//! per area (rooms, monsters, items) count a triangle as half a hex. On hexes the generators
//! take every step and every random draw they always took: hex levels are unchanged.
//!
//! # Styles
//! Each depth has a [`Style`] ([`style_on`]): halls of rooms at depths 1–2, 5 and 8, the
//! thin-walled maze at [`MAZE_DEPTH`] (3) on hexes and squares — a labyrinth standing on the
//! sides between open tiles, with chambers behind doors on sides; triangles, which have no
//! sides, keep open caves there — open caves at 9, flooded halls at 4 and 7, overgrown
//! caves at 6, and the final lair at [`LAIR_DEPTH`]: a great pillared hall with the artifact
//! at its heart, every guardian kind next to it, and no down stairs. The level's name says
//! its style ([`level_name_on`]).
//!
//! # Population
//! Monsters are chosen by `frequency` among the kinds whose depth range holds the depth, in
//! groups of their `group` size, more of them deeper down; items likewise (a kind of
//! frequency 0 is never placed by chance). The artifact and the guardians are found by what
//! they are ([`crate::content::ItemUse::Artifact`], [`crate::content::Behaviour::Guardian`]), never
//! by name.
//!
//! # Guarantees
//! - Every border tile (a tile sharing a side or a corner with a place outside the map) is a
//!   wall.
//! - Every passable tile is reachable from the start by the rules' moves
//!   ([`Level::move_allowed`]: no step through a thin wall; a closed door on a side is
//!   opened). Every search of the generators counts thin walls.
//! - The up stairs are the start; except on the lair, the down stairs are on reachable
//!   ground, as far from the start (in steps, [`Layout::distance`](crate::map::Layout::distance) on open floor) as the level
//!   allows.
//! - No monster stands within [`SAFE_RADIUS`] of the start by the tiling's distance; every
//!   monster and item stands on its own reachable tile of floor (items), brush or shallow
//!   water.
//!
//! # Small and large sizes
//! Sizes are clamped to `1..=`[`MAX_WIDTH`] by `1..=`[`MAX_HEIGHT`]. A level needs at least one
//! interior tile (a 3×3 map has exactly one) to hold anything: without one the whole level is
//! wall and `start` is `None`. With a single reachable tile there are up stairs but no down
//! stairs. Small levels get fewer monsters (possibly none: the safe radius may cover them).

mod around;
mod cave;
mod connect;
mod dice;
mod lair;
mod maze;
mod populate;
mod rooms;
mod style;
mod table;

pub use populate::stairs_down_from;
pub use style::{LAIR_DEPTH, MAZE_DEPTH, Style, level_name, level_name_on, style, style_on};

use crate::content::Content;
use crate::geom::{Cell, Tiling};
use crate::map::{Grid, Level, Shape, Sides, Terrain};
use crate::rng::{GameRng, Stream, stream};
use populate::Placer;
use table::Kinds;

/// The width of a standard level, in tiles per row.
pub const DEFAULT_WIDTH: u32 = 80;
/// The height of a standard level, in rows.
pub const DEFAULT_HEIGHT: u32 = 40;
/// The largest width [`generate`] makes; wider requests are clamped to it.
pub const MAX_WIDTH: u32 = 1000;
/// The largest height [`generate`] makes; taller requests are clamped to it.
pub const MAX_HEIGHT: u32 = 1000;
/// No monster is placed within this distance of the start ([`Layout::distance`](crate::map::Layout::distance): steps on
/// open floor).
pub const SAFE_RADIUS: i32 = 8;

/// Generates the level for a game seed at a depth, `width` tiles by `height` rows, as a
/// rectangle on screen ([`Shape::Rectangle`]), in the depth's [`Style`] and populated from
/// the bundled data. Sizes are clamped to `1..=MAX_WIDTH` and `1..=MAX_HEIGHT`; never panics.
pub fn generate(content: &Content, seed: u64, depth: u32, width: u32, height: u32) -> Level {
    generate_on(content, Tiling::Hex, seed, depth, width, height)
}

/// [`generate`] on any tiling: on squares `width` tiles by `height` rows, on triangles
/// `2 · width` tiles a row (as wide on screen as the other two).
pub fn generate_on(
    content: &Content,
    tiling: Tiling,
    seed: u64,
    depth: u32,
    width: u32,
    height: u32,
) -> Level {
    let width = width.clamp(1, MAX_WIDTH);
    let height = height.clamp(1, MAX_HEIGHT);
    let style = style_on(tiling, depth);
    let mut rng = stream(seed, Stream::Generation, u64::from(depth));
    let mut grid = match blank(tiling, width, height) {
        Ok(grid) => grid,
        // Unreachable with clamped sizes; a one-tile wall level keeps the promise not to panic.
        Err(_) => single_wall(),
    };
    let interior = connect::interior_mask(&grid);
    let (hall, mut sides) = shape_terrain(&mut grid, &interior, style, &mut rng);
    connect::join_regions(&mut grid, &mut sides, &interior, MIN_REGION);
    ensure_some_ground(&mut grid, &interior);

    let down = style.has_down_stairs();
    let stairs = populate::place_stairs(&mut grid, &sides, &mut rng, hall, down);
    if let Some(up) = stairs {
        // A safety net: nothing passable may lie beyond the start's reach.
        connect::fill_unreachable(&mut grid, &sides, up);
    }
    let mut level = Level::new(level_name_on(tiling, depth), depth, grid);
    level.set_sides(sides.features(&level.terrain));
    if let Some(up) = stairs {
        level.start = Some(level.terrain.cell(up));
        let content = Kinds::of(content);
        let mut placer = Placer::new(&level.terrain, &sides, up, &mut rng);
        if style == Style::Lair {
            lair::guard_the_artifact(&mut placer, hall, &content, &mut rng);
        }
        placer.monsters(depth, &content, &mut rng);
        placer.items(depth, &content, &mut rng);
        level.placements = placer.finish();
    }
    level
}

/// A screen rectangle of wall on `tiling`: `width` tiles by `height` rows on hexes
/// ([`Shape::Rectangle`]) and squares, `2 · width` tiles a row on triangles.
fn blank(tiling: Tiling, width: u32, height: u32) -> Result<Grid<Terrain>, crate::map::GridError> {
    match tiling {
        Tiling::Hex => Grid::new(&Shape::Rectangle { width, height }, Terrain::Wall),
        Tiling::Square | Tiling::Triangle => {
            let columns = width * columns_per_tile(tiling);
            let cells: Vec<Cell> = (0..height as i32)
                .flat_map(|y| (0..columns as i32).map(move |x| Cell::new(x, y)))
                .collect();
            Grid::from_cells(tiling, &cells, Terrain::Wall)
        }
    }
}

/// How many of a tiling's tiles fill the screen space of one hex (two columns of a row): 2
/// on triangles, 1 otherwise. Counts meant per area (rooms, monsters, items) divide by it.
pub(super) fn columns_per_tile(tiling: Tiling) -> u32 {
    match tiling {
        Tiling::Triangle => 2,
        Tiling::Hex | Tiling::Square => 1,
    }
}

/// A count of tiles of `grid`'s tiling as hex-sized areas ([`columns_per_tile`]).
pub(super) fn in_hex_areas<T>(grid: &Grid<T>, tiles: usize) -> usize {
    tiles / columns_per_tile(grid.tiling()) as usize
}

/// Per mille of rock for caverns where a halls level found no room for a room.
const FALLBACK_ROCK: usize = 470;

/// Carves the terrain of a style: caverns, rooms or the maze, water and brush, and the
/// lair's hall; returns the hall's centre and what stands on the sides between tiles (the
/// maze's thin walls and doors, nothing for the other styles). Regions are not joined yet.
fn shape_terrain(
    grid: &mut Grid<Terrain>,
    interior: &[bool],
    style: Style,
    rng: &mut GameRng,
) -> (Option<usize>, Sides) {
    let recipe = style.recipe();
    let mut sides = Sides::default();
    if style == Style::Maze {
        sides = maze::carve_maze(grid, interior, rng);
    } else {
        carve_rock(grid, interior, recipe, rng);
    }
    cave::add_water_and_brush(grid, interior, rng, recipe.wetness);
    let hall = if style == Style::Lair {
        lair::carve_hall(grid, interior, rng)
    } else {
        None
    };
    (hall, sides)
}

/// Caverns and rooms as a style's recipe asks for them (caverns where rooms found no room).
fn carve_rock(
    grid: &mut Grid<Terrain>,
    interior: &[bool],
    recipe: style::Recipe,
    rng: &mut GameRng,
) {
    if let Some(rock) = recipe.rock {
        cave::carve_caves(grid, interior, rng, rock);
    }
    let rooms = recipe
        .area_per_room
        .map_or(0, |area| rooms::carve_rooms(grid, interior, rng, area));
    if recipe.rock.is_none() && rooms == 0 {
        cave::carve_caves(grid, interior, rng, FALLBACK_ROCK);
    }
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

/// A screen rectangle of solid rock, `w` by `h` hexes, for the generators' tests.
#[cfg(test)]
fn rock(w: u32, h: u32) -> Grid<Terrain> {
    rock_on(Tiling::Hex, w, h)
}

/// A screen rectangle of solid rock on `tiling`, as [`generate_on`] makes it, for the
/// generators' tests.
#[cfg(test)]
fn rock_on(tiling: Tiling, w: u32, h: u32) -> Grid<Terrain> {
    blank(tiling, w, h).unwrap()
}

/// The dungeon's levels as the world asks for them: [`generate_on`] its tiling at the
/// standard size.
#[derive(Copy, Clone, Debug, Default)]
pub struct Dungeon {
    /// The tiling every level is made on.
    pub tiling: Tiling,
}

impl crate::sim::LevelSource for Dungeon {
    fn level(&self, content: &Content, seed: u64, depth: u32) -> Level {
        generate_on(
            content,
            self.tiling,
            seed,
            depth,
            DEFAULT_WIDTH,
            DEFAULT_HEIGHT,
        )
    }
}

/// The standard [`Dungeon`] of hexes as a shared level source.
pub fn dungeon() -> std::sync::Arc<dyn crate::sim::LevelSource> {
    dungeon_on(Tiling::Hex)
}

/// The standard [`Dungeon`] on `tiling` as a shared level source.
pub fn dungeon_on(tiling: Tiling) -> std::sync::Arc<dyn crate::sim::LevelSource> {
    std::sync::Arc::new(Dungeon { tiling })
}
