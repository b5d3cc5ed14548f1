//! A* across a 256x256 cave (a path of 200+ steps) and a 20-point movement range over mixed
//! terrain: ours against hexx and the `pathfinding` crate on the same map, after checking that
//! all agree on path costs and range sets. Ours and `pathfinding` call the same cost function
//! (`terrain_cost`); hexx, which works on coordinates, looks the terrain up by hex.
#![allow(missing_docs, clippy::unwrap_used)]

use criterion::{Criterion, criterion_group, criterion_main};
use hexdeep::geom::Cell;
use hexdeep::map::{Grid, Level, Shape, Terrain};
use hexdeep::path::{PathScratch, movement_range_level, passage, terrain_cost};
use hexdeep::rng::{Stream, stream};
use pathfinding::prelude::{astar, dijkstra_reach};
use rand::RngExt;
use std::cell::Cell as Shared;
use std::collections::HashSet;
use std::hint::black_box;

const SIDE: u32 = 256;
const POINTS: u32 = 20;

/// Random walls smoothed into caves, then shallow water (cost 2) and brush (cost 2) on some
/// of the floor.
fn cave() -> Level {
    let shape = Shape::Parallelogram {
        width: SIDE,
        height: SIDE,
    };
    let mut grid = Grid::new(&shape, Terrain::Floor).unwrap();
    let mut rng = stream(11, Stream::Generation, 0);
    let tiles: Vec<usize> = grid.indices().collect();
    for &i in &tiles {
        if rng.random_range(0..100) < 45 {
            grid[i] = Terrain::Wall;
        }
    }
    let offsets = grid.neighbor_offsets();
    for _ in 0..3 {
        let before = grid.clone();
        for &i in &tiles {
            let walls = offsets
                .iter()
                .map(|&o| i.wrapping_add_signed(o))
                .filter(|&j| !before.is_tile(j) || before[j] == Terrain::Wall)
                .count();
            if walls >= 4 {
                grid[i] = Terrain::Wall;
            } else if walls <= 2 {
                grid[i] = Terrain::Floor;
            }
        }
    }
    for &i in &tiles {
        if grid[i] == Terrain::Floor {
            grid[i] = match rng.random_range(0..100) {
                0..12 => Terrain::ShallowWater,
                12..18 => Terrain::Brush,
                _ => Terrain::Floor,
            };
        }
    }
    Level::new("cave", 1, grid)
}

/// The largest set of tiles connected through enterable tiles.
fn largest_component(level: &Level) -> Vec<usize> {
    let grid = &level.terrain;
    let mut seen = vec![false; grid.storage_len()];
    let mut best: Vec<usize> = Vec::new();
    for s in grid.indices() {
        if seen[s] || grid[s].blocks_movement() {
            continue;
        }
        seen[s] = true;
        let mut comp = vec![s];
        let mut k = 0;
        while k < comp.len() {
            let i = comp[k];
            k += 1;
            for o in grid.neighbor_offsets() {
                let j = i.wrapping_add_signed(o);
                if grid.is_tile(j) && !seen[j] && !grid[j].blocks_movement() {
                    seen[j] = true;
                    comp.push(j);
                }
            }
        }
        if comp.len() > best.len() {
            best = comp;
        }
    }
    best
}

fn nearest(level: &Level, comp: &[usize], to: Cell) -> usize {
    let grid = &level.terrain;
    *comp
        .iter()
        .min_by_key(|&&i| (grid.distance(grid.cell(i), to), i))
        .unwrap()
}

/// Our hex to hexx's axial `(q, r) = (x − y, y)`, and back `(x, y) = (q + r, r)`.
fn to_hexx(h: Cell) -> hexx::Hex {
    hexx::Hex::new(h.x - h.y, h.y)
}

fn from_hexx(h: hexx::Hex) -> Cell {
    Cell::new(h.x + h.y, h.y)
}

fn cost_at(level: &Level, h: Cell) -> Option<u32> {
    level.terrain_at(h).and_then(Terrain::move_cost)
}

fn hexx_astar(level: &Level, a: Cell, b: Cell) -> Option<Vec<Cell>> {
    let path = hexx::algorithms::a_star(to_hexx(a), to_hexx(b), |_, to| {
        cost_at(level, from_hexx(to))
    })?;
    Some(path.into_iter().map(from_hexx).collect())
}

fn pf_astar(level: &Level, s: usize, g: usize) -> Option<(Vec<usize>, u32)> {
    pf_astar_counted(level, s, g, &Shared::new(0))
}

/// `pathfinding`'s A*, counting the tiles it expands in `expanded`.
fn pf_astar_counted(
    level: &Level,
    s: usize,
    g: usize,
    expanded: &Shared<usize>,
) -> Option<(Vec<usize>, u32)> {
    let grid = &level.terrain;
    let offsets = grid.neighbor_offsets();
    let goal = grid.cell(g);
    let cost = terrain_cost(level);
    let cost = &cost;
    astar(
        &s,
        |&i| {
            expanded.set(expanded.get() + 1);
            offsets.iter().filter_map(move |&o| {
                let j = i.wrapping_add_signed(o);
                cost(j).map(|c| (j, c))
            })
        },
        |&i| grid.distance(grid.cell(i), goal) as u32,
        |&i| i == g,
    )
}

fn pf_range(level: &Level, s: usize) -> Vec<usize> {
    let offsets = level.terrain.neighbor_offsets();
    let cost = terrain_cost(level);
    let cost = &cost;
    dijkstra_reach(&s, |&i| {
        offsets.iter().filter_map(move |&o| {
            let j = i.wrapping_add_signed(o);
            cost(j).map(|c| (j, c))
        })
    })
    .take_while(|item| item.total_cost <= POINTS)
    .map(|item| item.node)
    .collect()
}

/// hexx's `field_of_movement` charges `1 + cost` per step, so it gets our cost minus one.
fn hexx_range(level: &Level, at: Cell) -> HashSet<hexx::Hex> {
    hexx::algorithms::field_of_movement(to_hexx(at), POINTS, |h| {
        cost_at(level, from_hexx(h)).map(|c| c - 1)
    })
}

fn path_cost(level: &Level, path: &[Cell]) -> u32 {
    assert!(path.windows(2).all(|w| level.terrain.adjacent(w[0], w[1])));
    path[1..].iter().map(|&h| cost_at(level, h).unwrap()).sum()
}

fn bench_astar(c: &mut Criterion, level: &Level, s: usize, g: usize) {
    let grid = &level.terrain;
    let (a, b) = (grid.cell(s), grid.cell(g));
    let cost = terrain_cost(level);
    let mut scratch = PathScratch::new();
    let ours = scratch.astar_on(&passage(level), &cost, s, g).unwrap();
    let steps = scratch.index_path(g).len() - 1;
    let hexx_cost = path_cost(level, &hexx_astar(level, a, b).unwrap());
    let expanded = Shared::new(0);
    let (pf_path, pf_cost) = pf_astar_counted(level, s, g, &expanded).unwrap();
    eprintln!(
        "astar {a} -> {b}: {steps} steps, cost ours {ours}, hexx {hexx_cost}, pathfinding \
         {pf_cost} ({} steps); tiles reached by ours {}, expanded by pathfinding {}",
        pf_path.len() - 1,
        scratch.reached_count(),
        expanded.get(),
    );
    assert!(steps >= 200, "a far pair");
    assert_eq!(ours, hexx_cost);
    assert_eq!(ours, pf_cost);
    let mut group = c.benchmark_group("astar_cave256");
    group.bench_function("hexdeep", |bn| {
        bn.iter(|| scratch.astar_on(&passage(level), &cost, black_box(s), g));
    });
    group.bench_function("pathfinding_astar", |bn| {
        bn.iter(|| pf_astar(level, black_box(s), g).map(|p| p.1));
    });
    group.bench_function("hexx_a_star", |bn| {
        bn.iter(|| hexx_astar(level, black_box(a), b).map(|p| p.len()));
    });
    group.finish();
}

fn bench_range(c: &mut Criterion, level: &Level, s: usize) {
    let grid = &level.terrain;
    let at = grid.cell(s);
    let cost = terrain_cost(level);
    let mut scratch = PathScratch::new();
    let mut out = Vec::new();
    movement_range_level(&mut scratch, level, &cost, s, POINTS, &mut out);
    let ours: Vec<usize> = out.iter().map(|p| p.0).collect();
    let mut pf = pf_range(level, s);
    pf.sort_unstable();
    let mut hx: Vec<usize> = hexx_range(level, at)
        .into_iter()
        .map(|h| grid.index(from_hexx(h)).unwrap())
        .collect();
    hx.sort_unstable();
    eprintln!(
        "range {POINTS} from {at}: ours {}, pathfinding {}, hexx {}",
        ours.len(),
        pf.len(),
        hx.len()
    );
    assert_eq!(ours, pf);
    assert_eq!(ours, hx);
    let mut group = c.benchmark_group("range20_cave256");
    group.bench_function("hexdeep", |bn| {
        bn.iter(|| {
            movement_range_level(&mut scratch, level, &cost, black_box(s), POINTS, &mut out);
            out.len()
        });
    });
    group.bench_function("pathfinding_dijkstra_reach", |bn| {
        bn.iter(|| pf_range(level, black_box(s)).len());
    });
    group.bench_function("hexx_field_of_movement", |bn| {
        bn.iter(|| hexx_range(level, black_box(at)).len());
    });
    group.finish();
}

fn bench(c: &mut Criterion) {
    let level = cave();
    let comp = largest_component(&level);
    let s = nearest(&level, &comp, Cell::new(8, 8));
    let g = nearest(&level, &comp, Cell::new(248, 248));
    bench_astar(c, &level, s, g);
    let mid = nearest(&level, &comp, Cell::new(128, 128));
    bench_range(c, &level, mid);
}

criterion_group!(benches, bench);
criterion_main!(benches);
