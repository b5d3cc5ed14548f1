//! Standing orders (ARCHITECTURE.md, "Simultaneous turns"): a directive that lasts across
//! segments until it is done or interrupted, and then ends with a reason. A player may give
//! one and wait, as in Frozen Synapse's plans; a hero whose person is late goes on with it.

use super::{Command, CreatureId, World};
use crate::geom::Cell;

/// What a hero keeps doing until told otherwise.
#[derive(Copy, Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Order {
    /// Stand and wait.
    Hold,
    /// Rest until healed.
    Rest,
    /// Walk to a tile by the known way.
    Travel(Cell),
    /// Walk to the nearest known item worth picking up, else the nearest unexplored place,
    /// until nothing is left to find: first to those nobody the hero sees stands on or in
    /// the way of, and only when none is left past someone (who is then waited for).
    Explore,
}

/// What a standing order has its hero do, without where: what a party's roster tells of
/// another hero.
#[derive(Copy, Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Doing {
    /// [`Order::Hold`].
    Holds,
    /// [`Order::Rest`].
    Rests,
    /// [`Order::Travel`].
    Travels,
    /// [`Order::Explore`].
    Explores,
}

impl Doing {
    /// The word the roster says it with.
    pub fn words(self) -> &'static str {
        match self {
            Doing::Holds => "holds",
            Doing::Rests => "rests",
            Doing::Travels => "travels",
            Doing::Explores => "explores",
        }
    }
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
    /// What it has its hero do.
    pub fn doing(self) -> Doing {
        match self {
            Order::Hold => Doing::Holds,
            Order::Rest => Doing::Rests,
            Order::Travel(_) => Doing::Travels,
            Order::Explore => Doing::Explores,
        }
    }

    /// The command that carries the order on for `hero` in the coming segment, or why it ends.
    pub fn next(self, world: &World, hero: CreatureId) -> Result<Command, End> {
        self.next_among(world, hero, &[])
    }

    /// [`Order::next`] in a party where the heroes of `walking` step off their tiles in the
    /// coming segment by their own orders ([`clearing`]): one of them in the way is stepped
    /// after, an ally is stepped onto (it makes way), anyone else is gone round or waited for.
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
        let way = Way {
            world,
            hero,
            walking,
        };
        let path = match self {
            Order::Hold => return Ok(Command::Wait),
            Order::Rest if me.hp >= me.max_hp => return Err(End::Done),
            Order::Rest => return Ok(Command::Rest),
            Order::Travel(to) if me.pos == to => return Err(End::Done),
            Order::Travel(to) => world.known_path_for(hero, me.pos, to).ok_or(End::NoWay)?,
            Order::Explore => {
                // Somewhere to find that nobody stands in the way of comes first; what lies
                // only past someone is walked to (and they are waited for) when nothing
                // else is left.
                let standing = way.standing();
                (world.explore_path_around_for(hero, &standing))
                    .or_else(|| world.explore_path_for(hero))
                    .ok_or(End::Done)?
            }
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
    /// The tiles where the creatures the hero sees stand and would be waited for, or gone
    /// round, by a step onto them: all but walking heroes and the heroes' allies.
    fn standing(&self) -> Vec<Cell> {
        let world = self.world;
        let me = &world.creatures()[self.hero];
        (world.creatures().iter())
            .filter(|c| c.alive && c.depth == me.depth && c.id != self.hero)
            .filter(|c| world.hero_sees(self.hero, c.pos) && !self.makes_way(c.id))
            .map(|c| c.pos)
            .collect()
    }

    /// Whether creature `id`, standing on the order's way, is no obstacle: a hero whose own
    /// order walks it off its tile (stepped after), or an ally (stepped onto; it makes way).
    fn makes_way(&self, id: CreatureId) -> bool {
        let world = self.world;
        self.walking.contains(&id) || (world.on_heroes_side(id) && !world.is_hero(id))
    }

    /// The step onto the first tile of `path`: a step into a closed door on a side opens it
    /// (and the next segment steps through). A creature the hero sees standing there is
    /// stepped after when it is a walking hero, stepped onto when it is an ally (which makes
    /// way), else gone round by the known way around it, else waited for; one standing on the
    /// order's last tile ends it.
    fn step_along(&self, path: &[Cell]) -> Result<Command, End> {
        let world = self.world;
        let from = world.creatures()[self.hero].pos;
        let next = *path.first().ok_or(End::NoWay)?;
        let goal = *path.last().ok_or(End::NoWay)?;
        let level = world.level_of(self.hero);
        let depth = world.creatures()[self.hero].depth;
        let opens = level.door_opened_by_step(from, next).is_some();
        let blocker = world
            .creature_on(depth, next)
            .filter(|c| !opens && world.hero_sees(self.hero, c.pos));
        let next = match blocker {
            // An ally makes way for a hero stepping onto it (`World::make_way`).
            Some(c) if self.makes_way(c.id) => next,
            Some(_) if next == goal => return Err(End::Blocked),
            Some(_) => {
                let around = world.known_path_avoiding_for(self.hero, from, goal, &[next]);
                let step = around.and_then(|p| p.first().copied());
                match step.filter(|&s| s != next && world.creature_on(depth, s).is_none()) {
                    Some(step) => step,
                    None => return Ok(Command::Wait),
                }
            }
            None => next,
        };
        let dir = level.terrain.direction(from, next);
        dir.map(Command::Move).ok_or(End::NoWay)
    }
}

/// Whether hero `hero` sees a living creature that is not a hero.
fn monster_in_view(world: &World, hero: CreatureId) -> bool {
    let depth = world.creatures()[hero].depth;
    world
        .creatures()
        .iter()
        .filter(|c| c.alive && c.depth == depth)
        .any(|c| !world.on_heroes_side(c.id) && world.hero_sees(hero, c.pos))
}

/// How many segments in a row a hero acting on an order that walks may stand on one tile
/// (waiting for someone, or bouncing off them) before the order ends as blocked.
pub const PATIENCE: u32 = 8;

/// How an order that walks gets on: the tile its hero stood on when it last acted by it, and
/// for how many of its segments in a row the hero has stood there.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Headway {
    at: Option<Cell>,
    idle: u32,
}

impl Headway {
    /// Notes that the hero stands on `at` as its order carries on; `false` once it has stood
    /// there for [`PATIENCE`] of its segments in a row: the order cannot get on.
    pub fn note(&mut self, at: Cell) -> bool {
        let patient = !self.spent(at);
        if self.at == Some(at) {
            self.idle += 1;
        } else {
            *self = Headway {
                at: Some(at),
                idle: 0,
            };
        }
        patient
    }

    /// Whether [`Headway::note`] would end the order with its hero on `at`.
    pub fn spent(&self, at: Cell) -> bool {
        self.at == Some(at) && self.idle + 1 >= PATIENCE
    }
}

/// Whether `order` walks: a hero behind one walking by it steps after it.
pub fn walks(order: Order) -> bool {
    matches!(order, Order::Travel(_) | Order::Explore)
}

/// The heroes among `steps` (each walking hero's command for the coming segment) whose step
/// leaves their tile free: onto a tile nobody stands on, or after another hero whose step
/// does, or round a ring of heroes stepping after each other (R5, R6). A hero opening a
/// door, waiting, or stepping onto an ally (who changes places with it) or a hero that does
/// not leave, stays: whoever steps after it would bounce off it.
pub fn clearing(world: &World, steps: &[(CreatureId, Command)]) -> Vec<CreatureId> {
    let target = |hero: CreatureId| {
        let (_, command) = steps.iter().find(|(h, _)| *h == hero)?;
        let Command::Move(dir) = *command else {
            return None;
        };
        let from = world.creatures()[hero].pos;
        let level = world.level_of(hero);
        let (to, _) = level.terrain.step(from, dir)?;
        let opens = level.door_opened_by_step(from, to).is_some();
        (!opens).then_some(to)
    };
    let clears = |start: CreatureId| {
        let mut hero = start;
        // A chain of heroes stepping after each other is no longer than the party.
        for _ in 0..=steps.len() {
            let Some(to) = target(hero) else {
                return false;
            };
            match world.creature_on(world.creatures()[hero].depth, to) {
                None => return true,
                Some(c) if c.id == start => return true,
                Some(c) if world.is_hero(c.id) => hero = c.id,
                Some(_) => return false,
            }
        }
        // A ring of heroes that does not come back to `start`: it waits a segment.
        false
    };
    steps
        .iter()
        .map(|&(h, _)| h)
        .filter(|&h| clears(h))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headway_runs_out_after_patience_segments_on_one_tile_and_a_step_renews_it() {
        let (a, b) = (Cell::new(1, 2), Cell::new(2, 2));
        let mut headway = Headway::default();
        assert!(headway.note(a), "the order's first segment");
        for _ in 1..PATIENCE {
            assert!(!headway.spent(a));
            assert!(headway.note(a));
        }
        assert!(headway.spent(a));
        assert!(!headway.spent(b), "a step on renews it");
        let mut stood = headway;
        assert!(
            !stood.note(a),
            "one segment more on the same tile ends the order"
        );
        assert!(headway.note(b));
        assert!(!headway.spent(b));
    }
}
