//! A party's bots mind each other: a hero does not step onto a companion's tile while a
//! fight is on, the party rests while any of its heroes on the level is resting, and it goes
//! down together (a hero takes the stairs alone, so it waits on them for its companions).
//! Alone, a hero does none of this, and decides as it always did.

use super::eye::Eye;
use crate::sim::{Command, Creature, World};

/// The other living heroes on the hero's level, in the players' order.
pub(super) fn companions<'a>(eye: &Eye<'a>) -> Vec<&'a Creature> {
    let me = eye.me();
    let world = eye.world;
    world
        .heroes()
        .iter()
        .map(|&h| &world.creatures()[h])
        .filter(|c| c.id != me.id && c.alive && c.depth == me.depth)
        .collect()
}

/// How near the stairs' user every companion on the level must be before it goes down: two
/// steps, so that each sees the stairs (and knows them) and is on them within two actions,
/// where the hero gone down calls it after them ([`called_down`]).
pub(super) const NEAR_STAIRS: i32 = 2;

/// How many actions a hero waits on the stairs down for companions that do not come (one
/// that never saw the stairs, or is held in a fight) before it goes down alone.
pub(super) const STAIRS_WAIT: u32 = 40;

/// Whether every living companion on the hero's level is within [`NEAR_STAIRS`] of them.
pub(super) fn all_near(eye: &Eye) -> bool {
    let me = eye.me();
    companions(eye)
        .iter()
        .all(|c| eye.world.dist(me.pos, c.pos) <= NEAR_STAIRS)
}

/// Whether the party calls the hero down: a companion on the level waits on the stairs
/// down, or a living hero of the party is deeper.
pub(super) fn called_down(eye: &Eye) -> bool {
    let me = eye.me();
    let world = eye.world;
    let waiting = companions(eye)
        .iter()
        .any(|c| world.level().terrain_at(c.pos) == Some(crate::map::Terrain::StairsDown));
    let deeper = world
        .heroes()
        .iter()
        .map(|&h| &world.creatures()[h])
        .any(|c| c.alive && c.depth > me.depth);
    waiting || deeper
}

/// Whether `hero` sees a monster hostile to it.
fn sees_a_foe(world: &World, hero: &Creature) -> bool {
    world.creatures_here().any(|c| {
        !world.is_hero(c.id)
            && c.faction.hostile_to(hero.faction)
            && world.hero_sees(hero.id, c.pos)
    })
}

/// Whether some hero of the party on the level (the hero too) is below `percent` of their
/// hit points, or, when `resting`, not yet healed: the party rests together, since it heals
/// at the resting rate only when every hero rests.
pub(super) fn party_rests(eye: &Eye, resting: bool, percent: i32) -> bool {
    let me = eye.me();
    std::iter::once(me)
        .chain(companions(eye))
        .any(|c| c.hp < c.max_hp && (resting || c.hp * 100 / c.max_hp.max(1) < percent))
}

/// Whether `command` steps onto the tile a companion stands on while a foe is in view of
/// the hero or of that companion: the blows aimed at the companion land on that tile after
/// the movement, on whoever stands there, and a hero who followed a companion stepping
/// aside took them (in `hexdeep bot --players 2 --games 100 --seed 123`, 6,720 of the
/// heroes' 43,483 hit points lost).
pub(super) fn into_companions_place(eye: &Eye, command: Command) -> bool {
    let Command::Move(dir) = command else {
        return false;
    };
    let world = eye.world;
    let me = eye.me();
    let Some((to, _)) = world.level().terrain.step(me.pos, dir) else {
        return false;
    };
    companions(eye)
        .into_iter()
        .any(|c| c.pos == to && (sees_a_foe(world, me) || sees_a_foe(world, c)))
}
