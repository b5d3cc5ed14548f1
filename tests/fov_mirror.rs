//! Sight by two lines (ARCHITECTURE.md, "Field of view"): a map and its mirror image see alike on
//! every tiling, and a corridor zigzagging straight up the hex screen is seen whole whichever
//! way it starts.
#![allow(clippy::unwrap_used)]

use hexdeep::fov::{visible_by_lines, visible_tiles};
use hexdeep::geom::{Cell, Tiling};
use hexdeep::map::{Grid, Level, Terrain};
use proptest::prelude::*;
use std::collections::BTreeSet;

/// The three mirrors of the screen, as maps of cells: left–right, top–bottom, and both at once
/// (the reflection through the origin).
#[derive(Copy, Clone, Debug)]
enum Mirror {
    LeftRight,
    TopBottom,
    Through,
}

impl Mirror {
    const ALL: [Mirror; 3] = [Mirror::LeftRight, Mirror::TopBottom, Mirror::Through];

    /// The cell of `c`'s mirror image. On hexes a cell is axial `(x, y)` at screen column
    /// `2x − y`; on squares and triangles the cell is the screen column itself (a triangle's
    /// column parity with its row says which way it points, and a left–right mirror keeps
    /// it; a top–bottom mirror turns it, so its column moves by one).
    fn apply(self, tiling: Tiling, c: Cell) -> Cell {
        match (self, tiling) {
            (Mirror::LeftRight, Tiling::Hex) => Cell::new(c.y - c.x, c.y),
            (Mirror::TopBottom, Tiling::Hex) => Cell::new(c.x - c.y, -c.y),
            (Mirror::LeftRight, _) => Cell::new(-c.x, c.y),
            (Mirror::TopBottom, Tiling::Square) => Cell::new(c.x, -c.y),
            (Mirror::TopBottom, Tiling::Triangle) => Cell::new(c.x + 1, -c.y),
            (Mirror::Through, t) => t.reflect(c),
        }
    }
}

/// A level of `tiling` over `cells` with walls where `wall` says, and the same level mirrored.
fn level_and_mirror(
    tiling: Tiling,
    cells: &[Cell],
    wall: impl Fn(Cell) -> Terrain,
    mirror: Mirror,
) -> (Level, Level) {
    let mirrored: Vec<Cell> = cells.iter().map(|&c| mirror.apply(tiling, c)).collect();
    let mut a = Grid::from_cells(tiling, cells, Terrain::Floor).unwrap();
    let mut b = Grid::from_cells(tiling, &mirrored, Terrain::Floor).unwrap();
    for (&c, &m) in cells.iter().zip(&mirrored) {
        let (i, j) = (a.index(c).unwrap(), b.index(m).unwrap());
        a[i] = wall(c);
        b[j] = wall(c);
    }
    (Level::new("a", 1, a), Level::new("b", 1, b))
}

/// What a viewer at `cell` sees, as cells.
fn seen(level: &Level, cell: Cell, radius: u32) -> BTreeSet<Cell> {
    let grid = &level.terrain;
    visible_tiles(level, cell, radius)
        .into_iter()
        .map(|i| grid.cell(i))
        .collect()
}

fn tiling() -> impl Strategy<Value = Tiling> {
    prop_oneof![
        Just(Tiling::Hex),
        Just(Tiling::Square),
        Just(Tiling::Triangle)
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn a_map_and_its_mirror_image_see_alike(
        t in tiling(),
        walls in proptest::collection::vec(0u8..100, 14 * 24),
        percent in 0u8..60,
        viewer in (0i32..24, 0i32..14),
        radius in 0u32..12,
    ) {
        let cells: Vec<Cell> = (0..14).flat_map(|y| (0..24).map(move |x| Cell::new(x, y))).collect();
        let wall = |c: Cell| {
            let k = (c.y * 24 + c.x) as usize;
            if walls[k] < percent { Terrain::Wall } else { Terrain::Floor }
        };
        let at = Cell::new(viewer.0, viewer.1);
        for mirror in Mirror::ALL {
            let (level, image) = level_and_mirror(t, &cells, wall, mirror);
            let want: BTreeSet<Cell> = seen(&level, at, radius)
                .into_iter()
                .map(|c| mirror.apply(t, c))
                .collect();
            prop_assert_eq!(seen(&image, mirror.apply(t, at), radius), want, "{:?} on {}", mirror, t);
        }
    }
}

/// A hex corridor of floor in walls zigzagging straight up the screen from `(x0, 20)`: NE,
/// NW, NE, … (`first_ne`) or NW, NE, NW, … The tiles of the corridor, bottom first.
fn zigzag(first_ne: bool) -> (Level, Vec<Cell>) {
    let mut grid = Grid::new(
        &hexdeep::map::Shape::Parallelogram {
            width: 30,
            height: 22,
        },
        Terrain::Wall,
    )
    .unwrap();
    let mut at = Cell::new(15, 20);
    let mut tiles = vec![at];
    for k in 0..16 {
        let ne = (k % 2 == 0) == first_ne;
        at = if ne {
            at.offset(0, -1)
        } else {
            at.offset(-1, -1)
        };
        tiles.push(at);
    }
    for &h in &tiles {
        grid.set(h, Terrain::Floor);
    }
    (Level::new("zigzag", 1, grid), tiles)
}

#[test]
fn a_zigzag_corridor_is_seen_whole_whichever_way_it_starts() {
    for first_ne in [true, false] {
        let (level, tiles) = zigzag(first_ne);
        let grid = &level.terrain;
        for radius in [8, 16] {
            for (from, to) in [(tiles[0], &tiles[..]), (tiles[16], &tiles[..])] {
                let seen = visible_tiles(&level, from, radius);
                let plain = visible_by_lines(grid, |i| grid[i].blocks_sight(), from, radius);
                assert_eq!(seen, plain);
                for &h in to {
                    if grid.distance(h, from) as u32 <= radius {
                        let i = grid.index(h).unwrap();
                        assert!(
                            seen.contains(&i),
                            "first step {}: {h} out of sight from {from}, radius {radius}",
                            if first_ne { "NE" } else { "NW" }
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn one_line_alone_would_lose_every_other_tile_of_one_zigzag() {
    // The failure the second line mends: by `line⁺` alone the tiles two steps straight up
    // lie behind a wall in one of the two corridors.
    let lost = [true, false]
        .into_iter()
        .map(|first_ne| {
            let (level, tiles) = zigzag(first_ne);
            tiles
                .iter()
                .filter(|&&h| {
                    let line = level.terrain.line(tiles[0], h);
                    let inner = line.get(1..line.len().saturating_sub(1)).unwrap_or(&[]);
                    inner.iter().any(|&t| level.blocks_sight(t))
                })
                .count()
        })
        .collect::<Vec<_>>();
    assert!(lost.contains(&0), "{lost:?}");
    assert!(lost.iter().any(|&n| n >= 7), "{lost:?}");
}
