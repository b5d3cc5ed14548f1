//! The bot in a fight, from what the player sees: the monsters in view, their telegraphed
//! plans and the tiles those plans threaten. It steps out of marked tiles when a safe one is
//! at hand, strikes a monster as it arrives, strikes what stands next to it, and throws or
//! fires at what comes from afar.

use super::gear::{self, Missile};
use crate::geom::Hex;
use crate::sim::{Attack, Behaviour, Command, Creature, Intention, Plan, World};

/// A blow this heavy is worth stepping away from even when unhurt.
const HEAVY_BLOW: i32 = 4;

/// What the bot sees of the fight this action.
pub(super) struct Fight<'a> {
    world: &'a World,
    me: Hex,
    /// Hostile monsters in view, nearest first.
    pub foes: Vec<&'a Creature>,
    /// The plans in view that act in the coming segment.
    plans: Vec<Plan>,
    /// Every tile those plans threaten.
    marked: Vec<Hex>,
}

impl<'a> Fight<'a> {
    /// The fight as seen now.
    pub(super) fn new(world: &'a World) -> Fight<'a> {
        let me = world.player();
        let foes: Vec<&Creature> = world
            .visible_monsters()
            .into_iter()
            .filter(|c| c.faction.hostile_to(me.faction))
            .collect();
        let plans: Vec<Plan> = world
            .visible_plans()
            .into_iter()
            .filter(|p| p.acts_next)
            .collect();
        let marked = plans.iter().flat_map(|p| world.threatened(p)).collect();
        Fight {
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

    /// Whether some monster in view is next to the player, with nothing on the side between
    /// to stop a blow.
    pub(super) fn adjacent(&self) -> bool {
        let level = self.world.level();
        self.foes.iter().any(|c| level.blow_allowed(c.pos, self.me))
    }

    /// Whether the player's tile is threatened in the coming segment.
    pub(super) fn threatened(&self) -> bool {
        self.marked.contains(&self.me)
    }

    /// A known, free, unthreatened neighbour to step to, away from any swinger; preferring
    /// tiles next to no monster.
    pub(super) fn dodge(&self) -> Option<Command> {
        if !self.threatened() || !self.worth_dodging() {
            return None;
        }
        let swingers: Vec<Hex> = self
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
            .min_by_key(|&h| (self.foes_next_to(h), self.shooters_distance(h), h))
            .and_then(|h| grid.direction(self.me, h))
            .map(Command::Move)
    }

    /// How far `hex` is from the nearest monster aiming a shot: dodging toward shooters
    /// closes in on them.
    fn shooters_distance(&self, hex: Hex) -> i32 {
        self.plans
            .iter()
            .filter(|p| matches!(p.intention, Intention::Throw(_)))
            .map(|p| self.world.level().terrain.distance(p.from, hex))
            .min()
            .unwrap_or(0)
    }

    /// How far apart two tiles are on the level's tiling.
    fn dist(&self, a: Hex, b: Hex) -> i32 {
        self.world.level().terrain.distance(a, b)
    }

    /// How many foes stand next to `hex`.
    fn foes_next_to(&self, hex: Hex) -> usize {
        let grid = &self.world.level().terrain;
        self.foes
            .iter()
            .filter(|c| grid.adjacent(c.pos, hex))
            .count()
    }

    /// A known tile that can be entered and has no creature in view on it.
    pub(super) fn free(&self, hex: Hex) -> bool {
        self.world.is_seen(hex)
            && self.world.level().passable(hex)
            && self.world.visible_creature(hex).is_none()
    }

    /// A blow where a monster next to the player (or telegraphed to step next to them) will
    /// stand after this segment's movement: the weakest first, arrivals before those already
    /// there. A monster stepping out of reach is let go.
    pub(super) fn strike(&self) -> Option<Command> {
        let target = self
            .foes
            .iter()
            .map(|c| (c, self.world.telegraphed_tile(c)))
            .filter(|&(_, at)| self.world.level().blow_allowed(self.me, at))
            .min_by_key(|(c, at)| (c.hp, *at == c.pos, c.id))?;
        let grid = &self.world.level().terrain;
        grid.direction(self.me, target.1).map(Command::Attack)
    }

    /// A throw or shot at the nearest monster that a missile can reach, aimed where it will
    /// stand; a bomb for a tough one or a crowd, when the burst cannot reach the player.
    pub(super) fn shoot(&self) -> Option<Command> {
        let missiles = gear::missiles(self.world);
        if missiles.is_empty() {
            return None;
        }
        for foe in &self.foes {
            let at = self.world.telegraphed_tile(foe);
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
    fn pick(&self, missiles: &[Missile], foe: &Creature, at: Hex) -> Option<Missile> {
        let d = self.dist(at, self.me);
        let line = self.world.flight_path(self.me, at);
        if d < 1 || line.last() != Some(&at) {
            return None;
        }
        let clear = line[..line.len() - 1]
            .iter()
            .all(|&h| self.world.visible_creature(h).is_none());
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
                Some(radius) => d > radius as i32 + 1 && (foe.hp >= 12 || crowd >= 2),
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

    /// Whether some monster in view is coming for the player: it telegraphs a step nearer,
    /// or a blow or shot at them.
    pub(super) fn coming(&self) -> bool {
        self.world
            .visible_plans()
            .iter()
            .any(|p| match p.intention {
                Intention::Move(to) => self.dist(to, self.me) < self.dist(p.from, self.me),
                Intention::Attack(_) | Intention::Throw(_) => {
                    self.world.threatened(p).contains(&self.me)
                }
                Intention::Stay => false,
            })
    }

    /// Whether the blows marked on the player's tile are worth stepping away from: a wide
    /// swing, a charge or a shot, a heavy blow, or any blow when the player is hurt.
    pub(super) fn worth_dodging(&self) -> bool {
        let me = self.world.player();
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
