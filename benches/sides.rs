//! Thin walls on hexes (issue 19): field of view (radius 20) and A* across a 256x256 hex map
//! whose sides hold thin walls and doors, against the peers on the same map.
//!
//! - A*: the `pathfinding` crate on the same graph (the moves the rules allow: no thin wall
//!   crossed), after checking that both find the same cost.
//! - Field of view: no crate knows sides. Ours with the sides is measured beside hexx's
//!   `range_fov` on the same tiles *without* the sides (the named peer, doing less), beside our
//!   own hex tree on the same tiles without the sides (what the sides cost us), and beside our
//!   line-by-line form with the sides (the definition it must equal, checked first).
#![allow(missing_docs, clippy::unwrap_used)]

use criterion::{Criterion, criterion_group, criterion_main};
use hexdeep::fov::{visible_by_lines_across, visible_tiles};
use hexdeep::geom::{Cell, LargeCell, Tiling};
use hexdeep::map::{Grid, Level, Shape, SideFeature, Terrain};
use hexdeep::path::{PathScratch, passage, terrain_cost};
use hexdeep::rng::{Stream, stream};
use pathfinding::prelude::{astar, dijkstra_reach};
use rand::RngExt;
use std::hint::black_box;

const SIDE: u32 = 256;
const RADIUS: u32 = 20;

/// A 256x256 hex map with `walls` percent of wall tiles and `thin` percent of its sides
/// holding a thin wall (and a tenth as many closed doors); the middle is floor.
fn map(walls: u32, thin: u32) -> (Level, Cell) {
    let shape = Shape::Parallelogram {
        width: SIDE,
        height: SIDE,
    };
    let mut grid = Grid::new(&shape, Terrain::Floor).unwrap();
    let mut rng = stream(5, Stream::Generation, u64::from(walls * 100 + thin));
    for i in grid.indices().collect::<Vec<_>>() {
        if rng.random_range(0..100) < walls {
            grid[i] = Terrain::Wall;
        }
    }
    let viewer = Cell::new(128, 128);
    grid.set(viewer, Terrain::Floor);
    let mut level = Level::new("bench", 1, grid);
    let (w, h) = (4 * SIDE as i32, 2 * SIDE as i32);
    for r in 0..h {
        for c in -h..w {
            if let LargeCell::Side(s) = Tiling::Hex.large_cell_at(c, r) {
                let roll = rng.random_range(0..1000);
                let feature = match roll {
                    x if x < thin * 10 => SideFeature::Wall,
                    x if x < thin * 11 => SideFeature::DoorClosed,
                    _ => continue,
                };
                level.set_side(s, feature);
            }
        }
    }
    (level, viewer)
}

/// The same tiles without any side feature.
fn without_sides(level: &Level) -> Level {
    Level::new("bench", 1, level.terrain.clone())
}

fn to_hexx(h: Cell) -> hexx::Hex {
    hexx::Hex::new(h.x - h.y, h.y)
}

fn from_hexx(h: hexx::Hex) -> Cell {
    Cell::new(h.x + h.y, h.y)
}

fn bench_fov(c: &mut Criterion) {
    for (walls, thin) in [(0, 20), (15, 10)] {
        let (level, viewer) = map(walls, thin);
        let plain = without_sides(&level);
        let grid = &level.terrain;
        let blocks = |i: usize| grid[i].blocks_sight();
        let crosses = |i: usize, j: usize| level.sight_crosses(grid.cell(i), grid.cell(j));
        let ours = visible_tiles(&level, viewer, RADIUS);
        let want = visible_by_lines_across(grid, blocks, crosses, viewer, RADIUS);
        assert_eq!(ours, want, "the tree with sides is its definition");
        eprintln!(
            "fov walls {walls}%, thin walls {thin}% of sides: {} tiles seen ({} without the sides)",
            ours.len(),
            visible_tiles(&plain, viewer, RADIUS).len()
        );
        let mut group = c.benchmark_group(format!("fov_r20_hex_walls{walls}_thin{thin}"));
        group.bench_function("hexdeep_with_sides", |b| {
            b.iter(|| visible_tiles(&level, black_box(viewer), RADIUS).len());
        });
        group.bench_function("hexdeep_same_tiles_no_sides", |b| {
            b.iter(|| visible_tiles(&plain, black_box(viewer), RADIUS).len());
        });
        group.bench_function("hexx_range_fov_same_tiles_no_sides", |b| {
            b.iter(|| {
                hexx::algorithms::range_fov(to_hexx(black_box(viewer)), RADIUS, |h| {
                    plain.blocks_sight(from_hexx(h))
                })
                .len()
            });
        });
        group.bench_function("hexdeep_by_lines_with_sides", |b| {
            b.iter(|| {
                visible_by_lines_across(grid, blocks, crosses, black_box(viewer), RADIUS).len()
            });
        });
        group.finish();
    }
}

/// The moves from tile `i` the rules allow, with the cost of the tile entered: the six
/// neighbour offsets and the level's per-tile mask of sides a step may cross, as a peer would
/// be handed the graph.
fn moves(level: &Level, i: usize) -> impl Iterator<Item = (usize, u32)> + '_ {
    let grid = &level.terrain;
    let pass = level.sides().pass_mask(i);
    grid.neighbor_offsets()
        .into_iter()
        .enumerate()
        .filter_map(move |(k, o)| {
            let j = i.wrapping_add_signed(o);
            let cost = grid.is_tile(j).then(|| grid[j].move_cost()).flatten()?;
            (pass >> k & 1 == 1).then_some((j, cost))
        })
}

fn pf_astar(level: &Level, s: usize, g: usize) -> Option<u32> {
    let grid = &level.terrain;
    let goal = grid.cell(g);
    astar(
        &s,
        |&i| moves(level, i),
        |&i| grid.distance(grid.cell(i), goal).unsigned_abs(),
        |&i| i == g,
    )
    .map(|p| p.1)
}

/// The tile nearest to `to` that `from` reaches, for a far A* pair.
fn reached_near(level: &Level, from: usize, to: Cell) -> usize {
    let grid = &level.terrain;
    dijkstra_reach(&from, |&i| moves(level, i))
        .map(|item| item.node)
        .min_by_key(|&i| (grid.distance(grid.cell(i), to), i))
        .unwrap()
}

fn bench_astar(c: &mut Criterion) {
    let (level, viewer) = map(10, 10);
    let grid = &level.terrain;
    let mid = grid.index(viewer).unwrap();
    let s = reached_near(&level, mid, Cell::new(8, 8));
    let g = reached_near(&level, mid, Cell::new(248, 248));
    let cost = terrain_cost(&level);
    let mut scratch = PathScratch::new();
    let ours = scratch.astar_on(&passage(&level), &cost, s, g).unwrap();
    assert_eq!(Some(ours), pf_astar(&level, s, g));
    eprintln!("astar with thin walls: cost {ours}");
    let mut group = c.benchmark_group("astar_hex256_thin_walls");
    group.bench_function("hexdeep", |b| {
        b.iter(|| scratch.astar_on(&passage(&level), &cost, black_box(s), g));
    });
    group.bench_function("pathfinding_astar", |b| {
        b.iter(|| pf_astar(&level, black_box(s), g));
    });
    group.finish();
}

criterion_group!(benches, bench_fov, bench_astar);
criterion_main!(benches);
