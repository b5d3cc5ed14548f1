//! Drawing a full 200x60 frame of the map view into a ratatui `Buffer`.
#![allow(missing_docs, clippy::unwrap_used)]

use criterion::{Criterion, criterion_group, criterion_main};
use hexdeep::sim::World;
use hexdeep::ui::keymap::Keymap;
use hexdeep::ui::palette::Palette;
use hexdeep::ui::state::UiState;
use hexdeep::ui::view::{self, Context};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use std::hint::black_box;

fn frame(c: &mut Criterion) {
    // A level larger than the viewport, so every map cell is drawn.
    let level = hexdeep::mapgen::generate(
        &hexdeep::content::Content::bundled().unwrap(),
        7,
        1,
        120,
        70,
    );
    let Some(world) = World::new(
        hexdeep::content::Content::bundled().unwrap().into(),
        level,
        7,
    ) else {
        return;
    };
    let keymap = Keymap::default_keys();
    let context = Context {
        keymap: &keymap,
        palette: Palette { color: true },
    };
    let ui = UiState::default();
    let area = Rect::new(0, 0, 200, 60);
    let mut buf = Buffer::empty(area);
    c.bench_function("render 200x60 frame", |b| {
        b.iter(|| {
            buf.reset();
            view::render(black_box(&world), &ui, &context, area, &mut buf);
        });
    });
}

criterion_group!(benches, frame);
criterion_main!(benches);
