//! Resolving one segment with intentions given (no AI): 1,000, 10,000, 30,000 and 100,000
//! creatures at one creature per four tiles of a large open map, random stays, moves and
//! attacks from a seeded stream. (30,000 shows where the time per creature settles once the
//! data no longer fits the processor's second-level cache.)
#![allow(missing_docs, clippy::unwrap_used)]

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use hexdeep::map::{Grid, Shape, Terrain};
use hexdeep::rng::from_seed;
use hexdeep::sim::Faction;
use hexdeep::sim::resolve::{Act, Resolver, Unit};
use rand::RngExt;
use std::hint::black_box;

fn setup(count: usize) -> (Resolver, Vec<Unit>, Vec<Act>) {
    let side = ((count * 4) as f64).sqrt().ceil() as u32;
    let grid = Grid::new(
        &Shape::Parallelogram {
            width: side,
            height: side,
        },
        Terrain::Floor,
    )
    .unwrap();
    let mut rng = from_seed(0x5eed);
    let mut taken = vec![false; grid.storage_len()];
    let tiles: Vec<usize> = grid.indices().collect();
    let offsets = grid.neighbor_offsets();
    let (mut units, mut acts) = (Vec::new(), Vec::new());
    while units.len() < count {
        let tile = tiles[rng.random_range(0..tiles.len())];
        if std::mem::replace(&mut taken[tile], true) {
            continue;
        }
        let target = tile.wrapping_add_signed(offsets[rng.random_range(0..6usize)]);
        let target_ok = grid.is_tile(target);
        units.push(Unit {
            tile,
            faction: Faction(rng.random_range(0..3u16)),
            strength: rng.random_range(0..3),
            speed: rng.random_range(1..5),
            initiative: rng.random_range(0..1_000_000),
            damage: 3,
            hp: 10,
            max_hp: 10,
            armour: 0,
        });
        acts.push(match rng.random_range(0..10u32) {
            _ if !target_ok => Act::Stay,
            0..=1 => Act::Stay,
            2..=7 => Act::Move(target),
            _ => Act::Attack(target),
        });
    }
    (Resolver::new(grid.storage_len()), units, acts)
}

fn resolve(c: &mut Criterion) {
    let mut group = c.benchmark_group("resolve_segment");
    for count in [1_000usize, 10_000, 30_000, 100_000] {
        let (mut resolver, units, acts) = setup(count);
        group.throughput(Throughput::Elements(count as u64));
        group.bench_with_input(BenchmarkId::from_parameter(count), &count, |b, _| {
            b.iter(|| {
                black_box(
                    resolver
                        .resolve(black_box(&units), black_box(&acts))
                        .unwrap(),
                )
            });
        });
    }
    group.finish();
}

criterion_group!(benches, resolve);
criterion_main!(benches);
