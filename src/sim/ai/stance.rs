//! A monster's stance: what it is about now, the one branch its mind takes in
//! [`choose`](super::choose), and the words the player is told.

use super::{Senses, charging, frightened};
use crate::content::Behaviour;
use crate::geom::Cell;
use crate::sim::Creature;

/// What a monster is about: the one reason behind its plan, which its mind acts on and which
/// the player is told (the sidebar's words, what stops travel and rest) — one source, so the
/// two never disagree.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Stance {
    /// It has not noticed the player (or has lost them): it wanders, or has no mind at all.
    Unaware,
    /// It keeps to the post it guards, or goes back to it.
    Guards,
    /// It sees the player and comes for them, strikes or shoots.
    Hunts,
    /// It runs down the line of a charge.
    Charges,
    /// It sees the player and waits within reach for its pack to gather.
    WaitsForPack,
    /// Hurt, it runs from the player it sees (cornered, it fights).
    Flees,
    /// Hurt and out of the player's sight, it hides where it is.
    Hides,
    /// It goes to where it last saw the player.
    Searches,
}

/// What monster `me` is about now ([`Stance`]): the branch its mind takes in [`choose`](super::choose).
pub(in crate::sim) fn stance(senses: &Senses, me: &Creature) -> Stance {
    let Some(behaviour) = me.behaviour else {
        return Stance::Unaware;
    };
    if me
        .charge
        .is_some_and(|dir| charging(senses, me, dir).is_some())
    {
        return Stance::Charges;
    }
    let player = senses.player().filter(|_| senses.sees_player(me));
    if let (Some(home), Behaviour::Guardian { radius }) = (me.home, behaviour) {
        let intruder = player.filter(|p| senses.dist(p.pos, home) <= radius as i32 + 1);
        if intruder.is_none() {
            return Stance::Guards;
        }
    }
    if let Some(player) = player {
        return if frightened(me, behaviour) {
            Stance::Flees
        } else if waits_for_pack(senses, me, behaviour, player.pos) {
            Stance::WaitsForPack
        } else {
            Stance::Hunts
        };
    }
    if frightened(me, behaviour) {
        // A hurt coward out of the player's sight hides where it is: walking back to where it
        // last saw them would bring it next to them again, to flee again (issue 17's imp that
        // dodged every blow and throw this way, forever).
        return Stance::Hides;
    }
    match me.memory {
        Some(goal) if goal != me.pos && senses.toward(me, goal).is_some() => Stance::Searches,
        _ => Stance::Unaware,
    }
}

/// Whether pack member `me`, seeing the player at `target`, waits for its pack: it is within
/// the pack's radius of them but not next to them, and its pack has not gathered. Too few of
/// its kind left on the level ever to gather, it hunts alone (a lone wolf waiting forever
/// beside the player's way held the player in a stalemate); hurt (struck or shot while it
/// waited), it waits no more: standing still under the player's darts was its death (issue 17).
fn waits_for_pack(senses: &Senses, me: &Creature, behaviour: Behaviour, target: Cell) -> bool {
    let Behaviour::Pack { size, radius } = behaviour else {
        return false;
    };
    let ready = senses.pack_near_player(me, target, radius) >= size
        || senses.kin(me) < size
        || me.hp < me.max_hp;
    let far = senses.dist(me.pos, target) > radius as i32;
    !ready && !far && !senses.level.terrain.adjacent(me.pos, target)
}
