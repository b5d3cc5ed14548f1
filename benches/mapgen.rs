//! Benchmark: generating a standard 80×40 level (aim: well under 10 ms), at depth 3 (open
//! caves until the thin-walled maze took that depth; the `Caves` line compares with earlier
//! runs) and in each style; then depth 3 (the maze on squares, caves on triangles) and a halls
//! depth on squares and triangles.
#![allow(missing_docs, clippy::unwrap_used)]

use criterion::{Criterion, criterion_group, criterion_main};
use hexdeep::geom::Tiling;
use hexdeep::mapgen::{
    DEFAULT_HEIGHT, DEFAULT_WIDTH, LAIR_DEPTH, Style, generate, generate_on, style,
};
use std::hint::black_box;

fn bench_generate(c: &mut Criterion) {
    let content = hexdeep::content::Content::bundled().unwrap();
    let mut seed = 0u64;
    c.bench_function("mapgen 80x40", |b| {
        b.iter(|| {
            seed = seed.wrapping_add(1);
            generate(&content, black_box(seed), 3, DEFAULT_WIDTH, DEFAULT_HEIGHT)
        });
    });
    for s in Style::ALL {
        let Some(depth) = (1..=LAIR_DEPTH).find(|&d| style(d) == s) else {
            continue;
        };
        c.bench_function(&format!("mapgen 80x40 {s:?}"), |b| {
            b.iter(|| {
                seed = seed.wrapping_add(1);
                generate(
                    &content,
                    black_box(seed),
                    depth,
                    DEFAULT_WIDTH,
                    DEFAULT_HEIGHT,
                )
            });
        });
    }
}

fn bench_other_tilings(c: &mut Criterion) {
    let content = hexdeep::content::Content::bundled().unwrap();
    let mut seed = 0u64;
    for tiling in [Tiling::Square, Tiling::Triangle] {
        for depth in [3, 1] {
            c.bench_function(&format!("mapgen 80x40 {tiling} depth {depth}"), |b| {
                b.iter(|| {
                    seed = seed.wrapping_add(1);
                    let (w, h) = (DEFAULT_WIDTH, DEFAULT_HEIGHT);
                    generate_on(&content, tiling, black_box(seed), depth, w, h)
                });
            });
        }
    }
}

criterion_group!(benches, bench_generate, bench_other_tilings);
criterion_main!(benches);
