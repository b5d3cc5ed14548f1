//! Saves and replays of a 10,000-turn game: save and load time and the file's size, replay
//! verification in turns a second, and the viewer's backward seek.
//!
//! The game is played by the scripted player of `tests/support/scripted.rs` (seed 23; seed 9
//! lived 10,000 turns until sight by two lines and now dies on depth 1, and seed 3 lived them
//! in 0.1.0 but died at turn 723 once the monsters drew from a stream of their own): it
//! explores, fights what stands next to it, rests when hurt and goes down to depth 3, then walks
//! between that level's stairs until turn 10,000. A player that always goes deeper dies near
//! turn 1,000 on generated levels, so no simple script lives 10,000 turns of a typical
//! descent; this game keeps the record, the monsters and the fights of a long one.
#![allow(missing_docs, clippy::unwrap_used)]

#[path = "../tests/support/scripted.rs"]
mod scripted;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use hexdeep::persist::{self, Kind, SaveDir, SavedGame};
use hexdeep::ui::replay::Replayer;
use std::hint::black_box;
use std::sync::OnceLock;

/// The turns of the benchmarked game.
const TURNS: u64 = 10_000;

fn game() -> &'static SavedGame {
    static GAME: OnceLock<SavedGame> = OnceLock::new();
    GAME.get_or_init(|| {
        let game = scripted::play(23, TURNS, 3);
        let bytes = persist::game::game_bytes(Kind::Save, &game).unwrap();
        println!(
            "game: seed 23, {} turns, {} steps, depth {}, {} kills; save file {} bytes ({:.0} KiB)",
            game.current.turn(),
            game.record.steps.len(),
            game.current.depth(),
            game.current.story().kill_count(),
            bytes.len(),
            bytes.len() as f64 / 1024.0
        );
        game
    })
}

fn scratch() -> SaveDir {
    // Under Cargo's target folder, not the system's temporary one (removed at the end).
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("target/bench-scratch")
        .join(format!("persist-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    SaveDir(dir)
}

fn files(c: &mut Criterion) {
    let game = game();
    let dir = scratch();
    let mut group = c.benchmark_group("persist_10k");
    group.sample_size(10);
    group.bench_function("encode", |b| {
        b.iter(|| persist::game::game_bytes(Kind::Save, black_box(game)).unwrap());
    });
    group.bench_function("save (encode, write, fsync, rename, backup)", |b| {
        b.iter(|| persist::save_game(&dir, black_box(game)).unwrap());
    });
    let path = persist::save_game(&dir, game).unwrap();
    group.bench_function("load (read, check, decode, validate)", |b| {
        b.iter(|| persist::load_game(black_box(&path)).unwrap());
    });
    group.throughput(Throughput::Elements(game.current.turn()));
    group.bench_function("verify (turns)", |b| {
        b.iter(|| game.record.verify(Some(&game.current)).unwrap());
    });
    group.finish();
    let _ = std::fs::remove_dir_all(&dir.0);
}

fn seeking(c: &mut Criterion) {
    let game = game();
    let mut group = c.benchmark_group("replay_10k");
    group.sample_size(10);
    group.bench_function("open the viewer (replay once, keyframes)", |b| {
        b.iter(|| Replayer::new(black_box(game.clone())));
    });
    let mut replay = Replayer::new(game.clone()).expect("a small game fits");
    let len = replay.len();
    // The farthest from a keyframe: just before the next one.
    let every = hexdeep::ui::replay::KEYFRAME_EVERY;
    let target = (len / 2) / every * every + every - 1;
    group.bench_function("seek back to a turn", |b| {
        b.iter(|| {
            replay.seek(len);
            replay.seek(black_box(target));
        });
    });
    group.finish();
}

criterion_group!(benches, files, seeking);
criterion_main!(benches);
