//! Benchmark: generating a standard 80×40 level (aim: well under 10 ms).
#![allow(missing_docs)]

use criterion::{Criterion, criterion_group, criterion_main};
use hexdeep::mapgen::{DEFAULT_HEIGHT, DEFAULT_WIDTH, generate};
use std::hint::black_box;

fn bench_generate(c: &mut Criterion) {
    let mut seed = 0u64;
    c.bench_function("mapgen 80x40", |b| {
        b.iter(|| {
            seed = seed.wrapping_add(1);
            generate(black_box(seed), 3, DEFAULT_WIDTH, DEFAULT_HEIGHT)
        });
    });
}

criterion_group!(benches, bench_generate);
criterion_main!(benches);
