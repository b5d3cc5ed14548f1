//! Squares and triangles: field of view (radius 20), A* across a 256x256 map and a 20-point
//! movement range, ours against the best crate that does the same on the same map.
//!
//! - A* and range: the `pathfinding` crate on the same graph (the same moves by tile class,
//!   the same costs, the same refusal to squeeze past a wall or closed door), after checking
//!   that both find the same costs and the same range.
//! - Field of view on squares: `symmetric-shadowcasting` (Albert Ford's algorithm), which is
//!   another definition: no radius (it is given only the radius' square of the map), walls
//!   shown where its own rule says. The sizes are printed. On triangles no crate computes
//!   field of view; ours is measured against our own line-by-line form, which is the
//!   definition it must equal.
#![allow(missing_docs, clippy::unwrap_used)]

use criterion::{Criterion, criterion_group, criterion_main};
use hexdeep::fov::{visible_by_lines, visible_tiles};
use hexdeep::geom::{Cell, Tiling};
use hexdeep::map::{Grid, Level, Terrain};
use hexdeep::path::{PathScratch, movement_range_level, passage, terrain_cost};
use hexdeep::rng::{Stream, stream};
use pathfinding::prelude::{astar, dijkstra_reach};
use rand::RngExt;
use std::hint::black_box;

const SIDE: i32 = 256;
const RADIUS: u32 = 20;
const POINTS: u32 = 20;

/// A 256x256 box of `tiling` with `walls` percent of random walls and some water and brush;
/// the middle cell is floor.
fn map(tiling: Tiling, walls: u32, seed: u64) -> Level {
    let cells: Vec<Cell> = (0..SIDE)
        .flat_map(|y| (0..SIDE).map(move |x| Cell::new(x, y)))
        .collect();
    let mut grid = Grid::from_cells(tiling, &cells, Terrain::Floor).unwrap();
    let mut rng = stream(seed, Stream::Generation, u64::from(walls));
    for i in grid.indices().collect::<Vec<_>>() {
        grid[i] = match rng.random_range(0..100) {
            r if r < walls => Terrain::Wall,
            r if r < walls + 8 => Terrain::ShallowWater,
            r if r < walls + 12 => Terrain::Brush,
            _ => Terrain::Floor,
        };
    }
    grid.set(Cell::new(SIDE / 2, SIDE / 2), Terrain::Floor);
    Level::new("bench", 1, grid)
}

/// One move as storage offsets: to, extra cost, the tiles it passes between.
type IndexMove = (isize, u32, Vec<isize>);

/// The moves of each tile class of `level` as storage offsets, made once.
fn table(level: &Level) -> Vec<Vec<IndexMove>> {
    let grid = &level.terrain;
    let t = grid.tiling();
    (0..t.classes())
        .map(|class| {
            t.moves(class)
                .as_slice()
                .iter()
                .map(|m| {
                    let between = m.squeezes().iter().map(|&(dx, dy)| grid.offset_of(dx, dy));
                    (grid.offset_of(m.dx, m.dy), m.extra_cost, between.collect())
                })
                .collect()
        })
        .collect()
}

/// The moves from tile `i` that the rules allow, with their costs.
fn moves<'a>(
    level: &'a Level,
    table: &'a [Vec<IndexMove>],
    i: usize,
) -> impl Iterator<Item = (usize, u32)> + 'a {
    let grid = &level.terrain;
    let pinches = move |j: usize| !grid.is_tile(j) || grid[j].pinches();
    table[grid.class(i)]
        .iter()
        .filter_map(move |(to, extra, between)| {
            let j = i.wrapping_add_signed(*to);
            let c = grid.is_tile(j).then(|| grid[j].move_cost()).flatten()?;
            let squeezed = between.iter().any(|&b| pinches(i.wrapping_add_signed(b)));
            (!squeezed).then_some((j, c + extra))
        })
}

fn pf_astar(level: &Level, table: &[Vec<IndexMove>], s: usize, g: usize) -> Option<u32> {
    let grid = &level.terrain;
    let goal = grid.cell(g);
    let t = grid.tiling();
    astar(
        &s,
        |&i| moves(level, table, i),
        |&i| t.distance(grid.cell(i), goal).unsigned_abs(),
        |&i| i == g,
    )
    .map(|p| p.1)
}

fn pf_range(level: &Level, table: &[Vec<IndexMove>], s: usize) -> Vec<usize> {
    let mut out: Vec<usize> = dijkstra_reach(&s, |&i| moves(level, table, i))
        .take_while(|item| item.total_cost <= POINTS)
        .map(|item| item.node)
        .collect();
    out.sort_unstable();
    out
}

/// The tile of `level` nearest to `to` that the middle reaches, for far A* pairs.
fn reached_near(level: &Level, table: &[Vec<IndexMove>], from: usize, to: Cell) -> usize {
    let grid = &level.terrain;
    let reach: Vec<usize> = dijkstra_reach(&from, |&i| moves(level, table, i))
        .map(|item| item.node)
        .collect();
    *reach
        .iter()
        .min_by_key(|&&i| (grid.tiling().distance(grid.cell(i), to), i))
        .unwrap()
}

fn shadowcast(level: &Level, viewer: Cell) -> usize {
    let r = RADIUS as isize;
    let (vx, vy) = (viewer.x as isize, viewer.y as isize);
    let mut seen = 0usize;
    let mut blocking = |(x, y): (isize, isize)| {
        (x - vx).abs() > r
            || (y - vy).abs() > r
            || level.blocks_sight(Cell::new(x as i32, y as i32))
    };
    let mut mark = |_: (isize, isize)| seen += 1;
    symmetric_shadowcasting::compute_fov((vx, vy), &mut blocking, &mut mark);
    seen
}

fn bench_fov(c: &mut Criterion) {
    for (tiling, walls) in [
        (Tiling::Square, 30),
        (Tiling::Square, 0),
        (Tiling::Triangle, 30),
    ] {
        let level = map(tiling, walls, 5);
        let grid = &level.terrain;
        let viewer = Cell::new(SIDE / 2, SIDE / 2);
        let blocks = |i: usize| grid[i].blocks_sight();
        let ours = visible_tiles(&level, viewer, RADIUS);
        assert_eq!(ours, visible_by_lines(grid, blocks, viewer, RADIUS));
        let mut group = c.benchmark_group(format!("fov_r20_{tiling}_walls{walls}"));
        group.bench_function("hexdeep_visible_tiles", |b| {
            b.iter(|| visible_tiles(&level, black_box(viewer), RADIUS).len());
        });
        if tiling == Tiling::Square {
            eprintln!(
                "fov {tiling} {walls}%: ours {} tiles, symmetric-shadowcasting {}",
                ours.len(),
                shadowcast(&level, viewer)
            );
            group.bench_function("symmetric_shadowcasting", |b| {
                b.iter(|| shadowcast(&level, black_box(viewer)));
            });
        } else {
            group.bench_function("hexdeep_by_lines", |b| {
                b.iter(|| visible_by_lines(grid, blocks, black_box(viewer), RADIUS).len());
            });
        }
        group.finish();
    }
}

fn bench_paths(c: &mut Criterion) {
    for tiling in [Tiling::Square, Tiling::Triangle] {
        let level = map(tiling, 25, 11);
        let grid = &level.terrain;
        let mid = grid.index(Cell::new(SIDE / 2, SIDE / 2)).unwrap();
        let table = table(&level);
        let s = reached_near(&level, &table, mid, Cell::new(8, 8));
        let g = reached_near(&level, &table, mid, Cell::new(SIDE - 8, SIDE - 8));
        let cost = terrain_cost(&level);
        let mut scratch = PathScratch::new();
        let ours = scratch.astar_on(&passage(&level), &cost, s, g).unwrap();
        assert_eq!(Some(ours), pf_astar(&level, &table, s, g), "{tiling}");
        eprintln!(
            "astar {tiling}: cost {ours}, {} steps",
            scratch.index_path(g).len() - 1
        );
        let mut group = c.benchmark_group(format!("astar_{tiling}256"));
        group.bench_function("hexdeep", |b| {
            b.iter(|| scratch.astar_on(&passage(&level), &cost, black_box(s), g));
        });
        group.bench_function("pathfinding_astar", |b| {
            b.iter(|| pf_astar(&level, &table, black_box(s), g));
        });
        group.finish();

        let mut out = Vec::new();
        movement_range_level(&mut scratch, &level, &cost, mid, POINTS, &mut out);
        let range: Vec<usize> = out.iter().map(|p| p.0).collect();
        // The plain range squeezes past what cannot be entered only: the same here, where
        // the map has no closed doors.
        assert_eq!(range, pf_range(&level, &table, mid), "{tiling}");
        let mut group = c.benchmark_group(format!("range20_{tiling}256"));
        group.bench_function("hexdeep", |b| {
            b.iter(|| {
                movement_range_level(
                    &mut scratch,
                    &level,
                    &cost,
                    black_box(mid),
                    POINTS,
                    &mut out,
                );
                out.len()
            });
        });
        group.bench_function("pathfinding_dijkstra_reach", |b| {
            b.iter(|| pf_range(&level, &table, black_box(mid)).len());
        });
        group.finish();
    }
}

criterion_group!(benches, bench_fov, bench_paths);
criterion_main!(benches);
