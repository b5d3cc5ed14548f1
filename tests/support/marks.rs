//! Waiting for a monster's telegraphed step beside the player, and the direction to a tile
//! next to them, for the screen tests of marks and strikes. A test that uses it also
//! includes `support/screen.rs` as `screen`.
#![allow(dead_code)]

use hexdeep::geom::{Cell, Compass};
use hexdeep::sim::{Intention, World};
use hexdeep::ui::app::Session;

/// The tile a monster in view telegraphs it steps into in the coming segment, next to the
/// player, if one does.
pub fn marked_step(world: &World) -> Option<Cell> {
    let me = world.player().pos;
    world
        .visible_plans()
        .iter()
        .find_map(|p| match p.intention {
            Intention::Move(to) if p.acts_next && world.level().terrain.adjacent(to, me) => {
                Some(to)
            }
            _ => None,
        })
}

/// Waits (a key `.` at a time, up to eight) until a monster telegraphs a step next to the
/// player; returns that tile.
pub fn wait_for_a_marked_step(s: &mut Session) -> Cell {
    for _ in 0..8 {
        if let Some(to) = marked_step(&s.world) {
            return to;
        }
        crate::screen::press_char(s, '.');
    }
    panic!("no monster telegraphed a step next to the player");
}

/// The direction from the player to `to`, a tile next to them.
pub fn direction_to(world: &World, to: Cell) -> Compass {
    world
        .level()
        .terrain
        .direction(world.player().pos, to)
        .unwrap()
}
