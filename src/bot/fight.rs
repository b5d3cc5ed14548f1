//! The bot in a fight, from what the hero sees: the monsters in view, their telegraphed
//! plans and the tiles those plans threaten. It steps out of marked tiles when a safe one is
//! at hand, strikes a monster as it arrives, strikes what stands next to it, and throws or
//! fires at what comes from afar.

use super::eye::Eye;
use super::gear::{self, Missile};
use super::together;
use crate::geom::Cell;
use crate::map::Terrain;
use crate::sim::tactics::thrust_middle;
use crate::sim::{Attack, Behaviour, Command, Creature, Intention, Plan, World};

/// A blow this heavy is worth stepping away from even when unhurt.
const HEAVY_BLOW: i32 = 4;

/// What the bot's hero sees of the fight this action.
pub(super) struct Fight<'a> {
    eye: Eye<'a>,
    world: &'a World,
    me: Cell,
    /// Hostile monsters in view, nearest first.
    pub foes: Vec<&'a Creature>,
    /// The plans in view that act in the coming segment.
    plans: Vec<Plan>,
    /// Every tile those plans threaten.
    marked: Vec<Cell>,
}

impl<'a> Fight<'a> {
    /// The fight as the hero sees it now.
    pub(super) fn new(eye: Eye<'a>) -> Fight<'a> {
        let world = eye.world;
        let me = eye.me();
        let foes: Vec<&Creature> = eye
            .visible_monsters()
            .into_iter()
            .filter(|c| c.faction.hostile_to(me.faction))
            .collect();
        let plans: Vec<Plan> = eye
            .visible_plans()
            .into_iter()
            .filter(|p| p.acts_next)
            .collect();
        let marked = plans.iter().flat_map(|p| world.threatened(p)).collect();
        Fight {
            eye,
            world,
            me: me.pos,
            foes,
            plans,
            marked,
        }
    }

    /// Whether any hostile monster is in view.
    pub(super) fn any(&self) -> bool {
        !self.foes.is_empty()
    }

    /// Whether some monster in view is next to the hero, with nothing on the side between
    /// to stop a blow.
    pub(super) fn adjacent(&self) -> bool {
        let level = self.world.level();
        self.foes.iter().any(|c| level.blow_allowed(c.pos, self.me))
    }

    /// Whether the hero's tile is threatened in the coming segment.
    pub(super) fn threatened(&self) -> bool {
        self.marked.contains(&self.me)
    }

    /// A known, free, unthreatened neighbour to step to, away from any swinger; preferring
    /// tiles next to no monster, then tiles that cost no more than a step (wading into brush
    /// or water gives the monsters a free action), then the nearest to a shooter.
    pub(super) fn dodge(&self) -> Option<Command> {
        if !self.threatened() || !self.worth_dodging() {
            return None;
        }
        let swingers: Vec<Cell> = self
            .plans
            .iter()
            .filter(|p| matches!(p.intention, Intention::Attack(t) if t == self.me))
            .map(|p| p.from)
            .collect();
        let grid = &self.world.level().terrain;
        grid.neighbours(self.me)
            .filter(|&h| self.free(h) && !self.marked.contains(&h))
            .filter(|&h| self.world.level().move_allowed(self.me, h))
            .filter(|&h| swingers.iter().all(|&s| !grid.adjacent(s, h)))
            .min_by_key(|&h| {
                let slow = self
                    .world
                    .level()
                    .terrain_at(h)
                    .and_then(Terrain::move_cost)
                    != Some(1);
                (self.foes_next_to(h), slow, self.shooters_distance(h), h)
            })
            .and_then(|h| grid.direction(self.me, h))
            .map(Command::Move)
    }

    /// How far `hex` is from the nearest monster aiming a shot: dodging toward shooters
    /// closes in on them.
    fn shooters_distance(&self, hex: Cell) -> i32 {
        self.plans
            .iter()
            .filter(|p| matches!(p.intention, Intention::Throw(_)))
            .map(|p| self.world.level().terrain.distance(p.from, hex))
            .min()
            .unwrap_or(0)
    }

    /// Whether a step `command` dodges a shot of a shooter that steps back and brings the
    /// player nearer the nearest monster aiming one: such dodges close in on it, and it is
    /// caught once next to the hero.
    pub(super) fn closes_on_shooter(&self, command: Command) -> bool {
        let Command::Move(dir) = command else {
            return false;
        };
        let Some((to, _)) = self.world.level().terrain.step(self.me, dir) else {
            return false;
        };
        let shooting = |p: &Plan| {
            matches!(p.intention, Intention::Throw(_)) && self.world.tactics_of(p.who).retreats
        };
        self.plans.iter().any(shooting)
            && self.shooters_distance(to) < self.shooters_distance(self.me)
    }

    /// How far apart two tiles are on the level's tiling.
    fn dist(&self, a: Cell, b: Cell) -> i32 {
        self.world.level().terrain.distance(a, b)
    }

    /// How many foes stand next to `hex`, shooters that step back aside: next to the hero
    /// such a shooter strikes only when cornered, and its reach is where it is safest to be.
    fn foes_next_to(&self, hex: Cell) -> usize {
        let grid = &self.world.level().terrain;
        self.foes
            .iter()
            .filter(|c| !self.world.tactics_of(c.id).retreats)
            .filter(|c| grid.adjacent(c.pos, hex))
            .count()
    }

    /// A known tile that can be entered, has no creature in view on it, and no companion
    /// that chose before the hero means to stand on it or strike it.
    pub(super) fn free(&self, hex: Cell) -> bool {
        self.world.is_seen(hex)
            && self.world.level().passable(hex)
            && self.eye.visible_creature(hex).is_none()
            && !together::claimed(&self.eye, hex)
    }

    /// Where `foe` may stand after the coming segment's movement, as the marks say: the tiles
    /// its steps are marked on (several for a feint: it takes one of them), else its own.
    fn landings(&self, foe: &Creature) -> Vec<Cell> {
        let steps: Vec<Cell> = self
            .plans
            .iter()
            .filter(|p| p.who == foe.id)
            .filter_map(|p| match p.intention {
                Intention::Move(to) => Some(to),
                _ => None,
            })
            .collect();
        if steps.is_empty() {
            vec![foe.pos]
        } else {
            steps
        }
    }

    /// A blow where a monster next to the hero (or telegraphed to step next to them) will
    /// stand after this segment's movement: a sure one before a guess at a feint's tiles, then
    /// the weakest first, arrivals before those already there. A monster stepping out of reach
    /// is let go.
    pub(super) fn strike(&self) -> Option<Command> {
        let level = self.world.level();
        let target = self
            .foes
            .iter()
            .flat_map(|c| {
                let tiles = self.landings(c);
                let sure = tiles.len() == 1;
                tiles.into_iter().map(move |at| (c, at, sure))
            })
            .filter(|&(_, at, _)| level.blow_allowed(self.me, at))
            .filter(|&(_, at, _)| !together::companion_on(&self.eye, at))
            .min_by_key(|(c, at, sure)| (!sure, c.hp, *at == c.pos, c.id, *at))?;
        level
            .terrain
            .direction(self.me, target.1)
            .map(Command::Attack)
    }

    /// A step into the tile between the hero and a spear thrusting at them from two tiles
    /// away, when it is free and no other blow is marked there: the thrust lands behind, on
    /// the tile left, and the hero stands next to the spear to strike it.
    pub(super) fn step_inside(&self) -> Option<Command> {
        let level = self.world.level();
        self.plans
            .iter()
            .filter(|p| matches!(p.intention, Intention::Attack(t) if t == self.me))
            .filter(|p| !level.terrain.adjacent(p.from, self.me))
            .filter_map(|p| thrust_middle(level, p.from, self.me))
            .find(|&mid| {
                self.free(mid) && !self.marked.contains(&mid) && level.move_allowed(self.me, mid)
            })
            .and_then(|mid| level.terrain.direction(self.me, mid))
            .map(Command::Move)
    }

    /// A step that keeps the hero next to a shooter stepping back out of their reach, so
    /// that it never gets its shot: onto a free, unmarked tile next to where it steps. It
    /// runs only while its way back lets it shoot; where that bends, it is cornered and fights.
    pub(super) fn follow(&self) -> Option<Command> {
        let level = self.world.level();
        let grid = &level.terrain;
        let (_, to) = self
            .plans
            .iter()
            .filter(|p| grid.adjacent(p.from, self.me))
            .filter_map(|p| match p.intention {
                Intention::Move(to) if !grid.adjacent(to, self.me) => Some((p.who, to)),
                _ => None,
            })
            .find(|&(who, _)| {
                self.foes
                    .iter()
                    .any(|c| c.id == who && matches!(c.behaviour, Some(Behaviour::Ranged { .. })))
            })?;
        grid.neighbours(self.me)
            .filter(|&h| self.free(h) && !self.marked.contains(&h) && h != to)
            .filter(|&h| level.move_allowed(self.me, h) && level.blow_allowed(h, to))
            .min_by_key(|&h| (self.foes_next_to(h), h))
            .and_then(|h| grid.direction(self.me, h))
            .map(Command::Move)
    }

    /// A throw or shot at the nearest monster that a missile can reach, aimed where it will
    /// stand; a bomb for a tough one or a crowd, when the burst cannot reach the hero.
    pub(super) fn shoot(&self) -> Option<Command> {
        let missiles = gear::missiles(&self.eye);
        if missiles.is_empty() {
            return None;
        }
        for foe in &self.foes {
            let at = self.eye.telegraphed_tile(foe);
            if at == self.me || self.world.level().terrain.adjacent(at, self.me) {
                continue;
            }
            if let Some(missile) = self.pick(&missiles, foe, at) {
                return Some(Command::Throw {
                    item: missile.letter,
                    at,
                });
            }
        }
        None
    }

    /// The missile to use on `foe` expected at `at`, if any reaches it.
    fn pick(&self, missiles: &[Missile], foe: &Creature, at: Cell) -> Option<Missile> {
        let d = self.dist(at, self.me);
        let line = self.world.flight_path(self.me, at);
        if d < 1 || line.last() != Some(&at) {
            return None;
        }
        let clear = line[..line.len() - 1]
            .iter()
            .all(|&h| self.eye.visible_creature(h).is_none())
            && !line.iter().any(|&h| together::companion_on(&self.eye, h));
        let grid = &self.world.level().terrain;
        let crowd = self
            .foes
            .iter()
            .filter(|c| c.pos == at || grid.adjacent(c.pos, at))
            .count();
        missiles
            .iter()
            .filter(|m| m.range as i32 >= d)
            .find(|m| match m.burst {
                Some(radius) => {
                    d > radius as i32 + 1
                        && (foe.hp >= 12 || crowd >= 2)
                        && !together::endangers(&self.eye, throw(m, at))
                }
                None => clear,
            })
            .copied()
    }

    /// A monster that shoots from afar, to close in on.
    pub(super) fn shooter(&self) -> Option<&Creature> {
        self.foes
            .iter()
            .find(|c| matches!(c.behaviour, Some(Behaviour::Ranged { .. })))
            .copied()
    }

    /// Whether some monster in view is coming for the hero: it telegraphs a step nearer,
    /// or a blow or shot at them.
    pub(super) fn coming(&self) -> bool {
        self.eye.visible_plans().iter().any(|p| match p.intention {
            Intention::Move(to) => self.dist(to, self.me) < self.dist(p.from, self.me),
            Intention::Attack(_) | Intention::Throw(_) => {
                self.world.threatened(p).contains(&self.me)
            }
            Intention::Stay => false,
        })
    }

    /// Whether the blows marked on the hero's tile are worth stepping away from: a wide
    /// swing, a charge or a shot, a heavy blow, or any blow when the hero is hurt.
    pub(super) fn worth_dodging(&self) -> bool {
        let me = self.eye.me();
        let hurt = me.hp * 2 < me.max_hp;
        self.plans
            .iter()
            .filter(|p| self.world.threatened(p).contains(&self.me))
            .any(|p| {
                let Some(c) = self.world.creatures().get(p.who) else {
                    return false;
                };
                let special = c.attack == Attack::Sweep
                    || self.world.is_charging(c.id)
                    || matches!(p.intention, Intention::Throw(_));
                special || hurt || c.damage >= HEAVY_BLOW
            })
    }

    /// The nearest foe's distance.
    pub(super) fn nearest(&self) -> Option<i32> {
        self.foes.first().map(|c| self.dist(c.pos, self.me))
    }
}

/// The command throwing `missile` at `at`.
fn throw(missile: &Missile, at: Cell) -> Command {
    Command::Throw {
        item: missile.letter,
        at,
    }
}
