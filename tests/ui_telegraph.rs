//! The intent telegraph on screen: planned moves in `{ }`, planned attacks in `[ ]`, drawn
//! only for monsters in view and on tiles in view, and hidden when the player turns it off.
#![allow(clippy::unwrap_used)]

#[path = "support/room.rs"]
mod room;
use hexdeep::geom::Hex;
use hexdeep::map::{Level, Terrain};
use hexdeep::sim::{Command, Intention, World};
use hexdeep::ui::keymap::Keymap;
use hexdeep::ui::palette::Palette;
use hexdeep::ui::state::UiState;
use hexdeep::ui::view::{self, Camera, Context, areas};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

fn level(goblin: Hex) -> Level {
    room::level(&[("goblin", goblin)])
}

fn screen(world: &World, ui: &UiState) -> (Buffer, Camera, Rect) {
    let keymap = Keymap::default_keys();
    let context = Context {
        keymap: &keymap,
        palette: Palette { color: false },
    };
    let area = Rect::new(0, 0, 100, 30);
    let mut buf = Buffer::empty(area);
    view::render(world, ui, &context, area, &mut buf);
    let map = areas(area).unwrap().map;
    (buf, Camera::follow(world, world.player().pos, map), map)
}

/// The characters left and right of the cell where `hex` is drawn.
fn brackets(world: &World, ui: &UiState, hex: Hex) -> (String, String) {
    let (buf, camera, map) = screen(world, ui);
    for row in map.top()..map.bottom() {
        for col in map.left() + 1..map.right() - 1 {
            if camera.hex_at(map, col, row) == Some(hex) {
                return (
                    buf[(col - 1, row)].symbol().to_string(),
                    buf[(col + 1, row)].symbol().to_string(),
                );
            }
        }
    }
    panic!("{hex} is not on screen");
}

fn goblin_plan(world: &World) -> Intention {
    world
        .planned()
        .iter()
        .find(|p| p.who == 1)
        .unwrap()
        .intention
}

#[test]
fn a_planned_move_is_bracketed_in_single_angle_quotes() {
    let world = World::new(
        hexdeep::content::Content::bundled().unwrap().into(),
        level(Hex::new(6, 2)),
        1,
    )
    .unwrap();
    let Intention::Move(to) = goblin_plan(&world) else {
        panic!("the goblin should be walking towards the player");
    };
    assert_eq!(
        brackets(&world, &UiState::default(), to),
        ("‹".into(), "›".into())
    );
}

#[test]
fn a_planned_attack_is_bracketed_in_inward_guillemets() {
    let mut world = World::new(
        hexdeep::content::Content::bundled().unwrap().into(),
        level(Hex::new(6, 2)),
        1,
    )
    .unwrap();
    for _ in 0..10 {
        if matches!(goblin_plan(&world), Intention::Attack(_)) {
            break;
        }
        world.apply(Command::Wait).unwrap();
    }
    let Intention::Attack(at) = goblin_plan(&world) else {
        panic!("the goblin never came to attack");
    };
    assert_eq!(at, world.player().pos);
    assert_eq!(
        brackets(&world, &UiState::default(), at),
        ("»".into(), "«".into())
    );
    let hidden = UiState {
        telegraph: false,
        ..UiState::default()
    };
    assert_eq!(brackets(&world, &hidden, at), (" ".into(), " ".into()));
}

#[test]
fn monsters_out_of_view_are_not_telegraphed() {
    let mut level = level(Hex::new(9, 2));
    level.terrain.set(Hex::new(5, 2), Terrain::Wall);
    for y in 0..5 {
        level.terrain.set(Hex::new(5, y), Terrain::Wall);
    }
    let world = World::new(
        hexdeep::content::Content::bundled().unwrap().into(),
        level,
        1,
    )
    .unwrap();
    assert!(!world.is_visible(Hex::new(9, 2)));
    let (buf, _, map) = screen(&world, &UiState::default());
    for row in map.top()..map.bottom() {
        for col in map.left()..map.right() {
            let s = buf[(col, row)].symbol();
            assert!(!["‹", "›", "»", "«"].contains(&s), "a mark at {col},{row}");
        }
    }
}
