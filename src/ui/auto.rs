//! Travel and auto-explore: the shell walks for the player, one ordinary command per step, and
//! stops (saying why) when a monster comes into view, something new turns up or the way is
//! blocked. Only the single steps are recorded, so replays never depend on how paths are chosen.

use super::describe::{visible_creature, visible_monsters};
use super::state::{Auto, UiState};
use crate::geom::Hex;
use crate::map::Terrain;
use crate::path;
use crate::sim::a_name;
use crate::sim::{Command, World};

/// The tiles to walk from `from` to `to` through known passable tiles (the start excluded).
pub fn known_path(world: &World, from: Hex, to: Hex) -> Option<Vec<Hex>> {
    let level = world.level();
    let grid = &level.terrain;
    let mut tiles = path::travel_path(level, |i| world.is_seen(grid.hex(i)), from, to)?;
    if tiles.first() == Some(&from) {
        tiles.remove(0);
    }
    Some(tiles)
}

/// The stairs down the player has seen, in reading order.
pub fn seen_stairs_down(world: &World) -> impl Iterator<Item = Hex> + '_ {
    world
        .level()
        .terrain
        .iter()
        .filter(|(h, t)| **t == Terrain::StairsDown && world.is_seen(*h))
        .map(|(h, _)| h)
}

/// How many stairs down the player knows of; finding a new one stops exploring.
pub fn known_stairs(world: &World) -> usize {
    seen_stairs_down(world).count()
}

/// How many items the player knows to lie on the floor; seeing another stops travel.
pub fn known_items(world: &World) -> usize {
    world
        .floor_items()
        .iter()
        .filter(|f| world.is_seen(f.at))
        .count()
}

/// The path to the nearest known item on the floor that can be reached through known tiles.
fn path_to_item(world: &World, me: Hex) -> Option<Vec<Hex>> {
    let mut items: Vec<Hex> = world
        .floor_items()
        .iter()
        .map(|f| f.at)
        .filter(|&at| world.is_seen(at) && at != me)
        .collect();
    items.sort_by_key(|&at| (me.distance(at), at));
    items.dedup();
    items.into_iter().find_map(|at| known_path(world, me, at))
}

/// Stops automation with a message.
fn stop(ui: &mut UiState, why: impl Into<String>) -> Option<Command> {
    ui.auto = None;
    ui.log.push(why);
    None
}

/// The next step of the automation under way, or `None` when it stopped (with a message).
pub fn next_command(ui: &mut UiState, world: &World) -> Option<Command> {
    let auto = ui.auto.clone()?;
    if world.is_over() {
        ui.auto = None;
        return None;
    }
    if let Some(monster) = visible_monsters(world).first() {
        return stop(ui, format!("You stop: you see {}.", a_name(&monster.name)));
    }
    let me = world.player().pos;
    let path = match auto {
        Auto::Travel { path, items_known } => {
            let items = known_items(world);
            if items > items_known {
                return stop(ui, "You stop: you see something on the floor.");
            }
            if let Some(Auto::Travel { items_known, .. }) = &mut ui.auto {
                *items_known = items;
            }
            path
        }
        Auto::Explore { stairs_known } => {
            if known_stairs(world) > stairs_known {
                return stop(ui, "You stop: you have found stairs down.");
            }
            // Gather what lies on the floor before going on into the unknown.
            let known = |i| world.is_seen(world.level().terrain.hex(i));
            let route =
                path_to_item(world, me).or_else(|| path::explore_step(world.level(), known, me));
            match route {
                Some(p) => p.into_iter().filter(|&h| h != me).collect(),
                None => return stop(ui, "Explored: there is nothing more to find here."),
            }
        }
    };
    let Some(&next) = path.first() else {
        return stop(ui, "You arrive.");
    };
    let Some(dir) = me.direction_to(next) else {
        return stop(ui, "You stop: you are off your path.");
    };
    if !world.level().passable(next) || visible_creature(world, next).is_some() {
        return stop(ui, "You stop: the way is blocked.");
    }
    if let Some(Auto::Travel { path, .. }) = &mut ui.auto {
        path.remove(0);
    }
    Some(Command::Move(dir))
}
