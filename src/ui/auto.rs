//! Travel, auto-explore and resting: the shell acts for the player, one ordinary command per
//! step (doors open and items are picked up on the way, as any step does), and stops, saying
//! why, when a monster that threatens the player is in view (named), something new turns up,
//! the way is blocked (a creature in it is named, or one bumped into unseen is told) or the
//! player is healed. Only the single steps are recorded, so replays never depend on how
//! paths are chosen.

use super::state::{Auto, UiState};
use crate::map::Terrain;
use crate::sim::a_name;
use crate::sim::{Command, CreatureId, Event, Threat, World};

/// Stops automation with a message.
fn stop(ui: &mut UiState, why: impl Into<String>) -> Option<Command> {
    ui.auto = None;
    ui.log.push(why);
    None
}

/// Stops the automation under way, saying so and naming the monster, when a monster in view
/// threatens the player ([`World::threats`]); true if it did. Notes the monsters in view
/// either way, so that the next stop can tell one that just came into view.
pub fn stop_for_monster(ui: &mut UiState, world: &World) -> bool {
    let stopped = match (ui.auto.as_ref(), world.threats().first()) {
        (Some(auto), Some(&(monster, why))) => {
            let doing = if *auto == Auto::Rest { " resting" } else { "" };
            // Named as the sidebar names it: "jackal B" among several jackals.
            let who = ui.names.updated(world).a_name(world, monster.id);
            let what = if ui.in_view.contains(&monster.id) {
                match why {
                    Threat::Near
                        if world
                            .level()
                            .terrain
                            .adjacent(world.player().pos, monster.pos) =>
                    {
                        "is next to you"
                    }
                    Threat::Near => "is close by",
                    Threat::Approaches => "comes toward you",
                    Threat::Aims => "takes aim at you",
                }
            } else {
                "comes into view"
            };
            ui.auto = None;
            ui.log.push(format!("You stop{doing}: {who} {what}."));
            true
        }
        _ => false,
    };
    ui.in_view = world.visible_monsters().iter().map(|c| c.id).collect();
    stopped
}

/// Stops travel or exploring when the player's own step in `events` (the events of the
/// player's segment) bounced off a creature, saying which ("You stop: kobold C blocks the
/// way.", or "something you cannot see" for one out of view): going on would push against
/// it at every step, as the bot did against a kobold hidden around a triangle's corner for
/// 18,000 turns (issue 28). True if it stopped.
pub fn stop_for_bump(ui: &mut UiState, world: &World, events: &[Event]) -> bool {
    let moving = matches!(ui.auto, Some(Auto::Travel { .. } | Auto::Explore { .. }));
    let bumped = events.iter().find_map(|e| match e {
        Event::Bounced { who, reason, .. } if *who == world.player().id => Some(reason.blocker()),
        _ => None,
    });
    match bumped {
        Some(blocker) if moving => {
            let who = blocker_name(ui, world, blocker);
            stop(ui, format!("You stop: {who} blocks the way."));
            true
        }
        _ => false,
    }
}

/// A creature in the player's way as the log names it: as the sidebar does when it is in
/// view ("kobold C", "a rat"), else "something you cannot see".
fn blocker_name(ui: &mut UiState, world: &World, id: CreatureId) -> String {
    let seen = world
        .creatures()
        .get(id)
        .is_some_and(|c| world.visible_creature(c.pos).is_some());
    if seen {
        ui.names.updated(world).a_name(world, id)
    } else {
        "something you cannot see".to_string()
    }
}

/// The next action of a rest, or `None` when the player is healed (with a message).
fn rest_step(ui: &mut UiState, world: &World) -> Option<Command> {
    let me = world.player();
    if me.hp >= me.max_hp {
        return stop(ui, "You are rested.");
    }
    Some(Command::Rest)
}

/// The item on the floor in view nearest the player, named ("a dart"), for travel's stop.
fn item_in_view(world: &World) -> String {
    let me = world.player().pos;
    world
        .floor_items()
        .iter()
        .filter(|f| world.is_visible(f.at))
        .min_by_key(|f| (world.dist(me, f.at), f.at))
        .map_or_else(|| "something".to_string(), |f| a_name(&f.item))
}

/// What travel says on arrival: on stairs, which key takes them.
fn arrival(world: &World) -> &'static str {
    match world.level().terrain_at(world.player().pos) {
        Some(Terrain::StairsDown) => "You arrive on the stairs down.",
        Some(Terrain::StairsUp) => "You arrive on the stairs up.",
        _ => "You arrive.",
    }
}

/// The next step of the automation under way, or `None` when it stopped (with a message).
pub fn next_command(ui: &mut UiState, world: &World) -> Option<Command> {
    let auto = ui.auto.clone()?;
    if world.is_over() {
        ui.auto = None;
        return None;
    }
    if stop_for_monster(ui, world) {
        return None;
    }
    let me = world.player().pos;
    let path = match auto {
        Auto::Rest => return rest_step(ui, world),
        Auto::Travel { path, items_known } => {
            let items = world.known_items();
            if items > items_known {
                let why = format!("You stop: you see {} on the floor.", item_in_view(world));
                return stop(ui, why);
            }
            if let Some(Auto::Travel { items_known, .. }) = &mut ui.auto {
                *items_known = items;
            }
            path
        }
        Auto::Explore { stairs_known } => {
            if world.seen_stairs_down().len() > stairs_known {
                return stop(ui, "You stop: you have found stairs down.");
            }
            // Gather what lies on the floor before going on into the unknown.
            match world.explore_path() {
                Some(p) => p,
                None => return stop(ui, "Explored: there is nothing more to find here."),
            }
        }
    };
    let Some(&next) = path.first() else {
        return stop(ui, arrival(world));
    };
    let Some(dir) = world.level().terrain.direction(me, next) else {
        return stop(ui, "You stop: you are off your path.");
    };
    // A step into a closed door on a side opens it and leaves the player where they stand
    // (whatever lies beyond): the next step is the same one.
    let opens = world.level().door_opened_by_step(me, next).is_some();
    if !opens && !world.level().passable(next) {
        return stop(ui, "You stop: the way is blocked.");
    }
    if let Some(blocker) = world.visible_creature(next).filter(|_| !opens) {
        let who = blocker_name(ui, world, blocker.id);
        return stop(ui, format!("You stop: {who} blocks the way."));
    }
    if let Some(Auto::Travel { path, .. }) = &mut ui.auto
        && !opens
    {
        path.remove(0);
    }
    Some(Command::Move(dir))
}
