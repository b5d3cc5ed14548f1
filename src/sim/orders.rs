//! Standing orders (ARCHITECTURE.md, "Simultaneous turns"): a directive that lasts across
//! segments until it is done or interrupted, and then ends with a reason. A player may give
//! one and wait, as in Frozen Synapse's plans; a hero whose person is late goes on with it.

use super::{Command, CreatureId, World};
use crate::geom::Cell;

/// What a hero keeps doing until told otherwise.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Order {
    /// Stand and wait.
    Hold,
    /// Rest until healed.
    Rest,
    /// Walk to a tile by the known way.
    Travel(Cell),
    /// Walk to the nearest known item worth picking up, else the nearest unexplored place,
    /// until nothing is left to find.
    Explore,
}

/// Why a standing order ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum End {
    /// It was done: healed, or arrived.
    Done,
    /// A monster came into the hero's view.
    MonsterInView,
    /// No known way leads on.
    NoWay,
    /// A creature stands in the way.
    Blocked,
    /// The hero fell.
    Died,
}

impl End {
    /// The reason in words, for the hero's messages.
    pub fn words(self) -> &'static str {
        match self {
            End::Done => "done",
            End::MonsterInView => "a monster comes into view",
            End::NoWay => "no known way leads on",
            End::Blocked => "someone stands in the way",
            End::Died => "the hero fell",
        }
    }
}

impl Order {
    /// The command that carries the order on for `hero` in the coming segment, or why it ends.
    pub fn next(self, world: &World, hero: CreatureId) -> Result<Command, End> {
        let me = world.creatures().get(hero).ok_or(End::Died)?;
        if !me.alive {
            return Err(End::Died);
        }
        if self != Order::Hold && monster_in_view(world, hero) {
            return Err(End::MonsterInView);
        }
        match self {
            Order::Hold => Ok(Command::Wait),
            Order::Rest if me.hp >= me.max_hp => Err(End::Done),
            Order::Rest => Ok(Command::Rest),
            Order::Travel(to) if me.pos == to => Err(End::Done),
            Order::Travel(to) => {
                let path = world.known_path(me.pos, to).ok_or(End::NoWay)?;
                step_along(world, hero, &path)
            }
            Order::Explore => {
                let path = world.explore_path_for(hero).ok_or(End::Done)?;
                step_along(world, hero, &path)
            }
        }
    }
}

/// The step onto the first tile of `path` for hero `hero`: a step into a closed door on a
/// side opens it (and the next segment steps through); a creature the hero sees standing
/// there ends the order.
fn step_along(world: &World, hero: CreatureId, path: &[Cell]) -> Result<Command, End> {
    let from = world.creatures().get(hero).ok_or(End::Died)?.pos;
    let next = *path.first().ok_or(End::NoWay)?;
    let opens = world.level().door_opened_by_step(from, next).is_some();
    let stands = world.creature_at(next).is_some() && world.hero_sees(hero, next);
    if stands && !opens {
        return Err(End::Blocked);
    }
    let dir = world.level().terrain.direction(from, next);
    dir.map(Command::Move).ok_or(End::NoWay)
}

/// Whether hero `hero` sees a living creature that is not a hero.
fn monster_in_view(world: &World, hero: CreatureId) -> bool {
    world
        .creatures_here()
        .any(|c| !world.is_hero(c.id) && world.hero_sees(hero, c.pos))
}
