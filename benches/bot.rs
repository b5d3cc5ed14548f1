//! Bot turns per second on one core, including the bot's decisions, the monsters' AI, field
//! of view and the resolver: 100 turns from the moment a bot game reaches depth 5; and the
//! same for a party of one and of two heroes, each hero's bot a player through the control
//! (issue 31).
#![allow(missing_docs, clippy::unwrap_used)]

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use hexdeep::bot::{Bot, Party, game_seed};
use hexdeep::sim::{Command, World};
use std::hint::black_box;

/// Turns played per iteration.
const TURNS: u64 = 100;

/// Plays `world` with `bot` until `until` says stop or the game ends.
fn play(world: &mut World, bot: &mut Bot, until: impl Fn(&World) -> bool) {
    while !world.is_over() && !until(world) {
        let command = bot.choose(world);
        let events = world
            .apply(command)
            .or_else(|_| world.apply(Command::Wait))
            .unwrap();
        bot.observe(world, &events);
    }
}

/// A game and its bot just arrived on depth 5, that go on for [`TURNS`] turns at least.
fn on_depth_five() -> (World, Bot) {
    (0..200)
        .find_map(|i| {
            let mut world = World::new_game(
                hexdeep::content::Content::bundled().unwrap().into(),
                hexdeep::mapgen::dungeon(),
                game_seed(1, i),
                Vec::new(),
            )?;
            let mut bot = Bot::new();
            play(&mut world, &mut bot, |w| {
                w.depth() >= 5 || w.turn() > 20_000
            });
            if world.depth() != 5 || world.is_over() {
                return None;
            }
            let (mut w, mut b) = (world.clone(), bot.clone());
            let end = w.turn() + TURNS;
            play(&mut w, &mut b, |w| w.turn() >= end);
            (!w.is_over()).then_some((world, bot))
        })
        .unwrap()
}

/// Plays `world` with `party` until `until` says stop or the game ends.
fn play_party(world: &mut World, party: &mut Party, until: impl Fn(&World) -> bool) {
    while !world.is_over() && !until(world) {
        party.play_segment(world).unwrap();
    }
}

/// A party game of `heroes` heroes just arrived on depth 5, that goes on for [`TURNS`] turns
/// at least.
fn party_on_depth_five(heroes: usize) -> (World, Party) {
    (0..200)
        .find_map(|i| {
            let mut world = World::new_party(
                hexdeep::content::Content::bundled().unwrap().into(),
                hexdeep::mapgen::dungeon(),
                game_seed(1, i),
                Vec::new(),
                heroes,
            )?;
            let mut party = Party::new(&world);
            play_party(&mut world, &mut party, |w| {
                w.depth() >= 5 || w.turn() > 20_000
            });
            if world.depth() != 5 || world.is_over() {
                return None;
            }
            let (mut w, mut p) = (world.clone(), party.clone());
            let end = w.turn() + TURNS;
            play_party(&mut w, &mut p, |w| w.turn() >= end);
            (!w.is_over()).then_some((world, party))
        })
        .unwrap()
}

/// 100 turns of a party of one and of two on depth 5.
fn bench_party(c: &mut Criterion) {
    let mut group = c.benchmark_group("bot");
    group.throughput(Throughput::Elements(TURNS));
    for heroes in [1, 2] {
        let (world, party) = party_on_depth_five(heroes);
        let name = format!("100 turns on depth 5, party of {heroes}");
        group.bench_function(name, |b| {
            b.iter(|| {
                let (mut w, mut p) = (world.clone(), party.clone());
                let end = w.turn() + TURNS;
                play_party(&mut w, &mut p, |w| w.turn() >= end);
                black_box(w.turn())
            });
        });
    }
    group.finish();
}

fn bench(c: &mut Criterion) {
    let (world, bot) = on_depth_five();
    let mut group = c.benchmark_group("bot");
    group.throughput(Throughput::Elements(TURNS));
    group.bench_function("100 turns on depth 5", |b| {
        b.iter(|| {
            let (mut w, mut bot) = (world.clone(), bot.clone());
            let end = w.turn() + TURNS;
            play(&mut w, &mut bot, |w| w.turn() >= end);
            black_box(w.turn())
        });
    });
    group.finish();
}

criterion_group!(benches, bench, bench_party);
criterion_main!(benches);
