//! A party's bots mind each other: they choose in turn, each knowing what the companions
//! before it on its level chose ([`Chosen`]), so that no two want one tile and none strikes a
//! companion; a hero does not step onto a companion's tile while a fight is on; the party
//! explores together (a hero follows the first hero on its level, its leader, and the leader
//! waits a while for a straggler); it rests while any of its heroes on the level is resting;
//! and it goes down together (a hero takes the stairs alone, so it waits on them for its
//! companions). Alone, a hero does none of this, and decides as it always did.

use super::eye::Eye;
use crate::geom::Cell;
use crate::sim::{Command, Creature, CreatureId, ItemUse, World};

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

/// Whether every living companion on the hero's level is within `distance` of them: on the
/// stairs down, [`NEAR_STAIRS`]; exploring, the leader waits for any beyond [`STRAGGLER`].
pub(super) fn all_within(eye: &Eye, distance: i32) -> bool {
    let me = eye.me();
    companions(eye)
        .iter()
        .all(|c| eye.world.dist(me.pos, c.pos) <= distance)
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

/// What a companion's bot chose for the coming segment, told to the bots that choose after
/// it: the party's bots choose in turn, so that no two heroes want the same tile and none
/// steps into a companion's blow or throws through a companion.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chosen {
    /// The companion.
    pub hero: CreatureId,
    /// The tile it means to stand on after the movement: its step's, else its own.
    pub stands: Cell,
    /// The tiles its blow, missile or burst may strike.
    pub struck: Vec<Cell>,
}

impl Chosen {
    /// What hero `hero`'s `command` claims of `world`'s coming segment.
    pub fn of(world: &World, hero: CreatureId, command: Command) -> Chosen {
        let me = &world.creatures()[hero];
        let grid = &world.level().terrain;
        let step = |dir| grid.step(me.pos, dir).map(|(to, _)| to);
        let (stands, struck) = match command {
            Command::Move(dir) => (step(dir).unwrap_or(me.pos), Vec::new()),
            Command::Attack(dir) => (me.pos, step(dir).into_iter().collect()),
            Command::Throw { item, at } => (me.pos, missile_tiles(world, me, item, at)),
            _ => (me.pos, Vec::new()),
        };
        Chosen {
            hero,
            stands,
            struck,
        }
    }
}

/// The tiles a missile of `me`'s stack `letter` thrown at `at` may strike: its flight, or
/// for a bomb the tiles its burst reaches from where it lands (as the rules burst it).
fn missile_tiles(world: &World, me: &Creature, letter: char, at: Cell) -> Vec<Cell> {
    let flight = world.flight_path(me.pos, at);
    let burst = me
        .stack(letter)
        .and_then(|s| world.content().item(&s.item))
        .and_then(|k| match k.use_ {
            ItemUse::Blast { radius, .. } => Some(radius),
            _ => None,
        });
    let Some(radius) = burst else {
        return flight;
    };
    let level = world.level();
    let landing = flight.last().copied().unwrap_or(me.pos);
    crate::fov::visible_tiles(level, landing, radius)
        .into_iter()
        .map(|i| level.terrain.cell(i))
        .collect()
}

/// Whether a companion that chose before the hero means to stand on `cell`, or may be
/// struck there by what it chose: the hero keeps off such tiles.
pub(super) fn claimed(eye: &Eye, cell: Cell) -> bool {
    eye.chosen
        .iter()
        .any(|c| c.stands == cell || c.struck.contains(&cell))
}

/// Whether a companion stands on `cell` now or means to after the movement.
pub(super) fn companion_on(eye: &Eye, cell: Cell) -> bool {
    eye.chosen.iter().any(|c| c.stands == cell) || companions(eye).iter().any(|c| c.pos == cell)
}

/// Whether `command` could strike a companion (its blow, missile or burst on a tile a
/// companion stands on or means to), or steps where a companion that chose first means to
/// stand or to strike.
pub(super) fn endangers(eye: &Eye, command: Command) -> bool {
    if eye.chosen.is_empty() && companions(eye).is_empty() {
        return false;
    }
    let mine = Chosen::of(eye.world, eye.hero, command);
    let moves = mine.stands != eye.me().pos;
    mine.struck.iter().any(|&c| companion_on(eye, c)) || (moves && claimed(eye, mine.stands))
}

/// How near its leader a following hero keeps while the party explores: a companion within
/// two steps joins the leader's fights at once.
pub(super) const FOLLOW_WITHIN: i32 = 2;

/// How far a companion may be from the leader before the leader waits for it.
pub(super) const STRAGGLER: i32 = 4;

/// How many actions in a row the leader waits for a straggler before it explores on alone
/// (a companion held in a fight, or with no known way to the leader).
pub(super) const WAIT_FOR_STRAGGLER: u32 = 8;

/// The hero the party follows while it explores a level: the first living hero on it in the
/// players' order, when that is not the hero. Two heroes exploring apart met the level's
/// monsters one at a time (more than six tiles apart in a third of the segments).
pub(super) fn leader<'a>(eye: &Eye<'a>) -> Option<&'a Creature> {
    let me = eye.me();
    companions(eye).into_iter().find(|c| c.id < me.id)
}

/// Whether the hero is more than [`FOLLOW_WITHIN`] from its leader.
pub(super) fn far_from(eye: &Eye, leader: &Creature) -> bool {
    eye.world.dist(eye.me().pos, leader.pos) > FOLLOW_WITHIN
}

/// A following hero's step toward its leader through the tiles it knows (never onto the
/// leader's tile, nor where a companion that chose first means to stand or strike).
pub(super) fn toward_leader(eye: &Eye, leader: &Creature) -> Option<Command> {
    let world = eye.world;
    let me = eye.me().pos;
    // The party's players tell each other the way: through what the hero knows, else
    // through what the leader knows.
    let path = world
        .known_path_for(eye.hero, me, leader.pos)
        .or_else(|| world.known_path_for(leader.id, me, leader.pos))?;
    let &next = path.first().filter(|&&n| n != leader.pos)?;
    if claimed(eye, next) || companion_on(eye, next) {
        return None;
    }
    world.level().terrain.direction(me, next).map(Command::Move)
}
