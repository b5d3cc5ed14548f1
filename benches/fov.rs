//! Field of view, radius 20, on a 256x256 map: ours (a shared-prefix line tree) against
//! `hexx::algorithms::range_fov`, on the same maps and viewer.
//!
//! Each is given what it is made to be given: our tree reads the sight bits the level keeps in
//! step with its terrain (`TerrainGrid::sight`, one bit a cell), `range_fov` calls a closure
//! that asks the level whether a hex blocks sight.
//!
//! The definitions differ: ours checks the line to each target (ARCHITECTURE.md) and shows the wall
//! that ends a line; `range_fov` walks the lines to the outer ring only and stops before the
//! first blocker, so walls never show and the viewer's own tile must not block. The set
//! differences are printed before measuring.
#![allow(missing_docs, clippy::unwrap_used)]

use criterion::{Criterion, criterion_group, criterion_main};
use hexdeep::fov::{FovCache, visible_tiles};
use hexdeep::geom::Cell;
use hexdeep::map::{Grid, Level, Shape, Terrain};
use hexdeep::rng::{Stream, stream};
use rand::RngExt;
use std::collections::HashSet;
use std::hint::black_box;

const SIDE: u32 = 256;
const RADIUS: u32 = 20;

/// A 256x256 map with `walls` percent of random walls; the viewer's tile is floor.
fn map(walls: u32) -> (Level, Cell) {
    let mut grid = Grid::new(
        &Shape::Parallelogram {
            width: SIDE,
            height: SIDE,
        },
        Terrain::Floor,
    )
    .unwrap();
    let mut rng = stream(5, Stream::Generation, u64::from(walls));
    for i in grid.indices().collect::<Vec<_>>() {
        if rng.random_range(0..100) < walls {
            grid[i] = Terrain::Wall;
        }
    }
    let viewer = Cell::new(128, 128);
    grid.set(viewer, Terrain::Floor);
    (Level::new("bench", 1, grid), viewer)
}

/// Our hex to hexx's axial `(q, r) = (x − y, y)`, and back `(x, y) = (q + r, r)`.
fn to_hexx(h: Cell) -> hexx::Hex {
    hexx::Hex::new(h.x - h.y, h.y)
}

fn from_hexx(h: hexx::Hex) -> Cell {
    Cell::new(h.x + h.y, h.y)
}

fn hexx_fov(level: &Level, viewer: Cell) -> HashSet<hexx::Hex> {
    hexx::algorithms::range_fov(to_hexx(viewer), RADIUS, |h| {
        level.blocks_sight(from_hexx(h))
    })
}

/// Prints how the two sets differ, and checks the laws both must keep.
fn compare(name: &str, level: &Level, viewer: Cell) {
    let grid = &level.terrain;
    let ours = visible_tiles(level, viewer, RADIUS);
    let theirs: Vec<usize> = {
        let mut v: Vec<usize> = hexx_fov(level, viewer)
            .into_iter()
            .filter_map(|h| grid.index(from_hexx(h)))
            .collect();
        v.sort_unstable();
        v
    };
    let only_ours: Vec<usize> = ours
        .iter()
        .copied()
        .filter(|i| theirs.binary_search(i).is_err())
        .collect();
    let only_theirs = theirs
        .iter()
        .filter(|i| ours.binary_search(i).is_err())
        .count();
    let walls_only_ours = only_ours
        .iter()
        .filter(|&&i| grid[i].blocks_sight())
        .count();
    eprintln!(
        "fov {name}: ours {} tiles, range_fov {}; only ours {} ({walls_only_ours} of them \
         walls), only range_fov {only_theirs}",
        ours.len(),
        theirs.len(),
        only_ours.len(),
    );
    assert!(
        theirs.iter().all(|&i| !grid[i].blocks_sight()),
        "range_fov shows no wall"
    );
    if name == "open" {
        assert_eq!(ours.len(), 3 * 20 * 21 + 1, "open: everything in range");
        assert_eq!(ours, theirs, "open: both see everything in range");
    }
}

fn bench(c: &mut Criterion) {
    for (name, walls) in [("walls30", 30), ("open", 0)] {
        let (level, viewer) = map(walls);
        compare(name, &level, viewer);
        let grid = &level.terrain;
        // The tree `visible_tiles` uses: made for this map's storage stride.
        let tree = FovCache::of(&level).and_then(|c| c.tree(RADIUS)).unwrap();
        let start = grid.index(viewer).unwrap();
        let sight = grid.sight();
        let mut out = Vec::new();
        tree.compute(sight, start, &mut out);
        assert_eq!(
            out,
            visible_tiles(&level, viewer, RADIUS),
            "the tree is visible_tiles"
        );
        let mut group = c.benchmark_group(format!("fov_r20_{name}"));
        group.bench_function("hexdeep_tree", |b| {
            b.iter(|| {
                tree.compute(sight, black_box(start), &mut out);
                out.len()
            });
        });
        group.bench_function("hexdeep_visible_tiles", |b| {
            b.iter(|| visible_tiles(&level, black_box(viewer), RADIUS).len());
        });
        group.bench_function("hexx_range_fov", |b| {
            b.iter(|| hexx_fov(&level, black_box(viewer)).len());
        });
        group.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
