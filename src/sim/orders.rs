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
    /// A creature stands on the tile the order walks to.
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
            End::Blocked => "someone stands where it goes",
            End::Died => "the hero fell",
        }
    }
}

impl Order {
    /// The command that carries the order on for `hero` in the coming segment, or why it ends.
    pub fn next(self, world: &World, hero: CreatureId) -> Result<Command, End> {
        self.next_among(world, hero, &[])
    }

    /// [`Order::next`] in a party where the heroes of `walking` carry on orders that walk
    /// too: one of them in the way is stepped after (it walks on in the same segment, or the
    /// step bounces off it harmlessly), anyone else is gone round or waited for.
    pub fn next_among(
        self,
        world: &World,
        hero: CreatureId,
        walking: &[CreatureId],
    ) -> Result<Command, End> {
        let me = world.creatures().get(hero).ok_or(End::Died)?;
        if !me.alive {
            return Err(End::Died);
        }
        if self != Order::Hold && monster_in_view(world, hero) {
            return Err(End::MonsterInView);
        }
        let path = match self {
            Order::Hold => return Ok(Command::Wait),
            Order::Rest if me.hp >= me.max_hp => return Err(End::Done),
            Order::Rest => return Ok(Command::Rest),
            Order::Travel(to) if me.pos == to => return Err(End::Done),
            Order::Travel(to) => world.known_path(me.pos, to).ok_or(End::NoWay)?,
            Order::Explore => world.explore_path_for(hero).ok_or(End::Done)?,
        };
        let way = Way {
            world,
            hero,
            walking,
        };
        way.step_along(&path)
    }
}

/// A hero walking an order's way.
struct Way<'a> {
    world: &'a World,
    hero: CreatureId,
    /// The heroes whose own orders walk.
    walking: &'a [CreatureId],
}

impl Way<'_> {
    /// The step onto the first tile of `path`: a step into a closed door on a side opens it
    /// (and the next segment steps through). A creature the hero sees standing there is
    /// stepped after when it is a walking hero, else gone round by the known way around it,
    /// else waited for; one standing on the order's last tile ends it.
    fn step_along(&self, path: &[Cell]) -> Result<Command, End> {
        let world = self.world;
        let from = world.creatures()[self.hero].pos;
        let next = *path.first().ok_or(End::NoWay)?;
        let goal = *path.last().ok_or(End::NoWay)?;
        let opens = world.level().door_opened_by_step(from, next).is_some();
        let blocker = world
            .creature_at(next)
            .filter(|c| !opens && world.hero_sees(self.hero, c.pos));
        let next = match blocker {
            Some(c) if self.walking.contains(&c.id) => next,
            Some(_) if next == goal => return Err(End::Blocked),
            Some(_) => {
                let around = world.known_path_avoiding(from, goal, &[next]);
                let step = around.and_then(|p| p.first().copied());
                match step.filter(|&s| s != next && world.creature_at(s).is_none()) {
                    Some(step) => step,
                    None => return Ok(Command::Wait),
                }
            }
            None => next,
        };
        let dir = world.level().terrain.direction(from, next);
        dir.map(Command::Move).ok_or(End::NoWay)
    }
}

/// Whether hero `hero` sees a living creature that is not a hero.
fn monster_in_view(world: &World, hero: CreatureId) -> bool {
    world
        .creatures_here()
        .any(|c| !world.on_heroes_side(c.id) && world.hero_sees(hero, c.pos))
}
