//! An ally's mind (ARCHITECTURE.md, "Allies"): it fights the foes of its side it sees near
//! where its task keeps it, and otherwise keeps to its task: near its hero, on its tile, at
//! its post.

use super::Senses;
use crate::geom::Cell;
use crate::sim::Creature;
use crate::sim::ally::{Ally, FOLLOW_RADIUS, GUARD_RADIUS, KEEP_CLOSE, Task};
use crate::sim::intention::Intention;

/// Ally `me`'s intention for its next action, its hero being `leader` (if alive here).
pub(in crate::sim) fn choose_ally(
    senses: &Senses,
    me: &Creature,
    ally: &Ally,
    leader: Option<&Creature>,
) -> Intention {
    match ally.task {
        Task::Attack(id) => match senses.here.iter().find(|c| c.id == id) {
            Some(foe) => fight(senses, me, foe.pos),
            None => follow(senses, me, leader),
        },
        Task::Stay(_) => match nearest_foe(senses, me, me.pos, 1) {
            Some(foe) if senses.level.blow_allowed(me.pos, foe) => Intention::Attack(foe),
            _ => Intention::Stay,
        },
        Task::Guard(post) => match nearest_foe(senses, me, post, GUARD_RADIUS) {
            Some(foe) => fight(senses, me, foe),
            None => go_to(senses, me, post, 0),
        },
        Task::Follow => follow(senses, me, leader),
    }
}

/// Fights a foe seen near the hero, else keeps close to the hero.
fn follow(senses: &Senses, me: &Creature, leader: Option<&Creature>) -> Intention {
    let Some(leader) = leader else {
        // Its hero is gone: it holds its ground and fights what comes.
        return match nearest_foe(senses, me, me.pos, 1) {
            Some(foe) => fight(senses, me, foe),
            None => Intention::Stay,
        };
    };
    match nearest_foe(senses, me, leader.pos, FOLLOW_RADIUS) {
        Some(foe) => fight(senses, me, foe),
        None => go_to(senses, me, leader.pos, KEEP_CLOSE),
    }
}

/// The foe nearest `me` that it sees, within `radius` of `around`.
fn nearest_foe(senses: &Senses, me: &Creature, around: Cell, radius: u32) -> Option<Cell> {
    senses
        .here
        .iter()
        .filter(|c| c.id != me.id && c.faction.hostile_to(me.faction))
        .filter(|c| senses.dist(around, c.pos) <= radius as i32)
        .filter(|c| senses.sees(me, c))
        .min_by_key(|c| (senses.dist(me.pos, c.pos), c.id))
        .map(|c| c.pos)
}

/// A blow at the foe on `at` when it is next to `me`, else a step toward it.
fn fight(senses: &Senses, me: &Creature, at: Cell) -> Intention {
    if senses.level.blow_allowed(me.pos, at) {
        return Intention::Attack(at);
    }
    senses
        .toward(me, at)
        .filter(|&to| senses.free(to))
        .map_or(Intention::Stay, Intention::Move)
}

/// A step toward `goal` while `me` is farther than `within` from it, on a free tile.
fn go_to(senses: &Senses, me: &Creature, goal: Cell, within: u32) -> Intention {
    if senses.dist(me.pos, goal) <= within as i32 {
        return Intention::Stay;
    }
    senses
        .toward(me, goal)
        .filter(|&to| senses.free(to))
        .map_or(Intention::Stay, Intention::Move)
}
