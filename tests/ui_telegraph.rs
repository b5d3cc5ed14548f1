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

#[test]
fn a_monster_faster_than_you_is_said_to_act_more_often() {
    // QA, issue 17: an imp (4 actions a turn to the player's 2) showed a mark only for its
    // next step. It chooses its second step from the state after the player's action, so no
    // mark can show it; the sidebar and the look line say how often it acts instead.
    let world = room::world(&[("imp", Hex::new(6, 2)), ("goblin", Hex::new(6, 4))]);
    let ui = UiState::default();
    let (buf, _, _) = screen(&world, &ui);
    let text: String = (0..buf.area.height)
        .map(|row| {
            let line: String = (0..buf.area.width)
                .map(|col| buf[(col, row)].symbol())
                .collect();
            line.split_once('│')
                .map_or(String::new(), |(_, side)| side.trim().to_string())
        })
        .collect::<Vec<_>>()
        .join(" ");
    assert!(text.contains("imp 3/3 hp, moves, fast: 4 a turn"), "{text}");
    assert!(text.contains("goblin 8/8 hp, moves "), "{text}");
    let imp = hexdeep::ui::describe::describe(&world, world.creatures()[1].pos);
    assert!(
        imp.ends_with("(3/3 hp), fast: 4 actions a turn to your 2."),
        "{imp}"
    );
    let at = world.creatures()[2].pos;
    let goblin = hexdeep::ui::describe::describe(&world, at);
    assert!(goblin.ends_with("goblin (8/8 hp)."), "{at:?}: {goblin}");
}
