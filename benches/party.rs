//! One segment of a party (issue 31): four heroes, each with their own field of view, against
//! one hero on the same generated level. Each hero steps to a neighbouring tile, so every
//! view is computed anew; the monsters' AI and the resolver run as in a game (the segment
//! and those after it until a hero acts again, as `World::apply_all` runs them).
#![allow(missing_docs, clippy::unwrap_used)]

use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use hexdeep::geom::Compass;
use hexdeep::sim::{Command, CreatureId, World};
use std::hint::black_box;

/// A game of `heroes` heroes on depth 1 of `seed`, and a step for each acting hero: the
/// first direction the rules allow it onto a tile nobody stands on or steps to. `None` when a
/// hero has no such step.
fn party(seed: u64, heroes: usize) -> Option<(World, Vec<(CreatureId, Command)>)> {
    let world = World::new_party(
        hexdeep::content::Content::bundled().unwrap().into(),
        hexdeep::mapgen::dungeon(),
        seed,
        Vec::new(),
        heroes,
    )?;
    let mut taken = Vec::new();
    let mut steps = Vec::new();
    for h in world.acting_heroes() {
        let from = world.creatures()[h].pos;
        let (dir, to) = Compass::ALL
            .into_iter()
            .filter(|&d| world.check_command(h, Command::Move(d)).is_ok())
            .filter_map(|d| Some((d, world.level().terrain.step(from, d)?.0)))
            .find(|&(_, to)| world.creature_at(to).is_none() && !taken.contains(&to))?;
        taken.push(to);
        steps.push((h, Command::Move(dir)));
    }
    (steps.len() == heroes).then_some((world, steps))
}

fn bench(c: &mut Criterion) {
    // The first seed from 7 where each of four heroes has a step of their own.
    let seed = (7..100).find(|&s| party(s, 4).is_some()).unwrap();
    let mut group = c.benchmark_group("party segment");
    for heroes in [1, 4] {
        let (world, steps) = party(seed, heroes).unwrap();
        let name = format!("{heroes} hero{}", if heroes == 1 { "" } else { "es" });
        group.bench_function(name, |b| {
            b.iter_batched(
                || world.clone(),
                |mut w| black_box(w.apply_all(&steps).unwrap().len()),
                BatchSize::SmallInput,
            );
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
