//! Monster minds: each monster chooses its intention from the state at the start of the
//! segment. It hunts the player by the player's Dijkstra map once it sees them, walks to where
//! it last saw them, and wanders otherwise; its behaviour from the data file shapes the hunt
//! (fleeing, waiting for the pack, shooting, charging, guarding a post).

mod ally;
mod approach;
mod stance;

pub(super) use ally::choose_ally;

pub use stance::Stance;
pub(super) use stance::stance;

use super::intention::Intention;
use super::{Creature, Faction};
use crate::content::{Behaviour, MonsterKind};
use crate::fov::visible_tiles;
use crate::geom::{Cell, Compass};
use crate::map::{Level, Terrain};
use crate::path::{UNREACHED, astar_in, dijkstra_map_in, terrain_cost};
use crate::rng::{GameRng, below};
use std::cell::{Cell as Slot, OnceCell};

/// How far the player's Dijkstra map reaches, in movement cost.
const HUNT_LIMIT: u32 = 64;

/// What a monster keeps in mind between segments.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct Mind {
    /// Where it last saw the player, while it still hunts there.
    pub memory: Option<Cell>,
    /// The line it is charging down.
    pub charge: Option<Compass>,
}

/// What every monster may consult when choosing: computed once per segment.
pub(super) struct Senses<'a> {
    level: &'a Level,
    /// The monster kinds, for their tactics.
    kinds: &'a [MonsterKind],
    /// The living heroes on the level.
    heroes: Vec<&'a Creature>,
    /// The hero the monster choosing now has in mind ([`Senses::aim`]): "the player" of
    /// every rule below.
    target: Slot<Option<&'a Creature>>,
    /// The living creatures on the level.
    here: Vec<&'a Creature>,
    /// Cost to reach the nearest hero from every tile: computed the first time a monster
    /// hunts or flees in the segment (most segments none does).
    to_player: OnceCell<Vec<u32>>,
    /// The storage indices of the tiles that hold a living creature, sorted: a few entries,
    /// not a table over the level, so a segment costs nothing by the level's area.
    occupied: Vec<usize>,
    /// The steps the monsters that chose before in this segment are to take.
    claims: Vec<Claim>,
}

/// A step a monster chose in this segment: its kin that choose after it keep off the tile it
/// heads to (a jackal pack that all chose the same tile bounced off each other, issue 17).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Claim {
    /// The monster's kind.
    name: String,
    /// Where it stands.
    from: Cell,
    /// Where it steps.
    to: Cell,
}

impl<'a> Senses<'a> {
    /// The senses of a segment that starts with `creatures` (the player first) on `level`,
    /// the level at `depth`, with the monster `kinds` they are of, in a game of one hero:
    /// the first creature, if it is alive there. `known` is the hero's Dijkstra map if it
    /// is already known (the hero and the terrain unchanged since it was computed).
    #[cfg(test)]
    pub(super) fn new(
        level: &'a Level,
        kinds: &'a [MonsterKind],
        creatures: &'a [Creature],
        depth: u32,
        known: Option<Vec<u32>>,
    ) -> Senses<'a> {
        let hero: Vec<&Creature> = creatures
            .first()
            .filter(|p| p.alive && p.depth == depth)
            .into_iter()
            .collect();
        Senses::with_heroes(level, kinds, creatures, depth, &hero, known)
    }

    /// The senses as [`Senses::new`] makes them, for the living `heroes` on the level: each
    /// monster has one of them in mind as it chooses ([`Senses::aim`]), and the Dijkstra
    /// map leads to the nearest.
    pub(super) fn with_heroes(
        level: &'a Level,
        kinds: &'a [MonsterKind],
        creatures: &'a [Creature],
        depth: u32,
        heroes: &[&'a Creature],
        known: Option<Vec<u32>>,
    ) -> Senses<'a> {
        let grid = &level.terrain;
        let here: Vec<&Creature> = creatures
            .iter()
            .filter(|c| c.alive && c.depth == depth)
            .collect();
        let mut occupied: Vec<usize> = here.iter().filter_map(|c| grid.index(c.pos)).collect();
        occupied.sort_unstable();
        Senses {
            level,
            kinds,
            heroes: heroes.to_vec(),
            target: Slot::new(heroes.first().copied()),
            here,
            to_player: known.map_or_else(OnceCell::new, OnceCell::from),
            occupied,
            claims: Vec::new(),
        }
    }

    /// Fixes the hero monster `me` has in mind as it chooses: the nearest hero it sees, or
    /// else the nearest hero (ties to the first in the players' order). With one hero,
    /// that hero.
    pub(super) fn aim(&self, me: &Creature) {
        let nearest = |seen: bool| {
            self.heroes
                .iter()
                .copied()
                .filter(|h| !seen || self.sees(me, h))
                .min_by_key(|h| self.dist(me.pos, h.pos))
        };
        self.target.set(nearest(true).or_else(|| nearest(false)));
    }

    /// The hero in mind ([`Senses::aim`]).
    fn player(&self) -> Option<&'a Creature> {
        self.target.get()
    }

    /// Notes the intention `me` chose, for the monsters that choose after it.
    pub(super) fn note(&mut self, me: &Creature, intention: Intention) {
        if let Intention::Move(to) = intention {
            self.claims.push(Claim {
                name: me.name.clone(),
                from: me.pos,
                to,
            });
        }
    }

    /// The player's Dijkstra map, if it was needed (or given): to keep for the next segment.
    pub(super) fn into_hunt_map(self) -> Option<Vec<u32>> {
        self.to_player.into_inner()
    }

    /// The player's Dijkstra map, computed on first use.
    fn to_player(&self) -> &[u32] {
        self.to_player.get_or_init(|| {
            let grid = &self.level.terrain;
            let sources: Vec<usize> = self
                .heroes
                .iter()
                .filter_map(|h| grid.index(h.pos))
                .collect();
            dijkstra_map_in(self.level, terrain_cost(self.level), &sources, HUNT_LIMIT)
        })
    }

    /// Whether the tile at storage index `i` holds a living creature.
    fn is_occupied(&self, i: usize) -> bool {
        self.occupied.binary_search(&i).is_ok()
    }

    fn cost_at(&self, hex: Cell) -> u32 {
        self.level
            .terrain
            .index(hex)
            .map_or(UNREACHED, |i| self.to_player()[i])
    }

    fn free(&self, hex: Cell) -> bool {
        self.level.passable(hex)
            && self
                .level
                .terrain
                .index(hex)
                .is_some_and(|i| !self.is_occupied(i))
    }

    /// Whether monster `me` sees the player now.
    fn sees_player(&self, me: &Creature) -> bool {
        self.player().is_some_and(|p| self.sees(me, p))
    }

    /// Whether monster `me` sees `player` now.
    fn sees(&self, me: &Creature, player: &Creature) -> bool {
        if self.dist(me.pos, player.pos) > me.sight as i32 {
            return false;
        }
        let Some(target) = self.level.terrain.index(player.pos) else {
            return false;
        };
        visible_tiles(self.level, me.pos, me.sight)
            .binary_search(&target)
            .is_ok()
    }

    /// Whether `me` acts less often than the player.
    fn slow(&self, me: &Creature) -> bool {
        self.player().is_some_and(|p| me.speed < p.speed)
    }

    /// Whether stepping onto `hex` means wading through water.
    fn wading(&self, hex: Cell) -> bool {
        self.level.terrain_at(hex) == Some(Terrain::ShallowWater)
    }

    /// Whether the player sees `hex` (by their own sight).
    fn player_sees(&self, hex: Cell) -> bool {
        let (Some(p), Some(i)) = (self.player(), self.level.terrain.index(hex)) else {
            return false;
        };
        self.dist(p.pos, hex) <= p.sight as i32
            && visible_tiles(self.level, p.pos, p.sight)
                .binary_search(&i)
                .is_ok()
    }

    /// The neighbour that brings `me` closest to (or, fleeing, farthest from) the player,
    /// preferring open tiles ([`Senses::open`]); `None` when no step improves on standing
    /// still. Fleeing, only a step that takes it out of the player's reach or out of their
    /// sight counts ([`Senses::escapes`]). When other monsters take every tile that brings it
    /// closer, it steps aside to a tile as near from which an open one does, if there is one,
    /// and else waits: a pack goes round its members, and a monster queues behind another in
    /// a corridor, instead of bumping into them for ever.
    fn step(&self, me: &Creature, flee: bool) -> Option<Cell> {
        let here = self.cost_at(me.pos);
        let mut best: Option<(bool, u32, Cell)> = None;
        for to in self.level.terrain.neighbours(me.pos) {
            let cost = self.cost_at(to);
            if !self.can_step(me.pos, to) || cost == UNREACHED || cost == 0 {
                continue;
            }
            let better = if flee { cost > here } else { cost < here };
            if !better || flee && !self.escapes(to) {
                continue;
            }
            let key = (
                !self.open(me, to),
                if flee { u32::MAX - cost } else { cost },
                to,
            );
            if best.is_none_or(|b| (key.0, key.1) < (b.0, b.1)) {
                best = Some(key);
            }
        }
        match best {
            // Into a tile another monster holds, with no way round: it waits rather than
            // bump into it every action (a pack jammed in a corridor bounced for ever).
            Some((true, _, to)) if !flee && self.kin_takes(me, to) => self.aside(me, here),
            _ => best.map(|b| b.2),
        }
    }

    /// Whether a fleeing monster gets away by stepping onto `hex`: out of the player's reach
    /// (no blow of theirs lands there) or out of their sight. A step into the brush or water
    /// beside the player costs them more to enter, but leaves the coward where they strike it
    /// and see it: it only stepped aside, and a kobold that stepped aside from every blow
    /// danced with the player for ever (issue 28). With no such step it is cornered, and
    /// fights.
    fn escapes(&self, hex: Cell) -> bool {
        let Some(player) = self.player() else {
            return true;
        };
        !self.level.blow_allowed(player.pos, hex) || !self.player_sees(hex)
    }

    /// Whether a monster may count on stepping onto `hex`: nobody stands there, or the monster
    /// there steps off it; and no other monster heads there.
    fn open(&self, _me: &Creature, hex: Cell) -> bool {
        let left = self.claims.iter().any(|c| c.from == hex);
        let claimed = self.claims.iter().any(|c| c.to == hex);
        (self.free(hex) || left) && !claimed
    }

    /// Whether another monster than `me` stands on `hex` (and stays there, as far as `me`
    /// knows) or heads there.
    fn kin_takes(&self, me: &Creature, hex: Cell) -> bool {
        let kin_there = self
            .here
            .iter()
            .any(|c| c.pos == hex && c.id != me.id && c.faction != Faction::PLAYER);
        let claimed = self.claims.iter().any(|c| c.to == hex);
        !self.open(me, hex) && (kin_there || claimed)
    }

    /// A free neighbour of `me` as costly as its own tile (`here`) with an open neighbour
    /// cheaper than that: the first, in the order of directions.
    fn aside(&self, me: &Creature, here: u32) -> Option<Cell> {
        let grid = &self.level.terrain;
        grid.neighbours(me.pos).find(|&side| {
            self.can_step(me.pos, side)
                && self.free(side)
                && self.open(me, side)
                && self.cost_at(side) == here
                && grid.neighbours(side).any(|on| {
                    let cost = self.cost_at(on);
                    self.can_step(side, on) && cost != 0 && cost < here && self.open(me, on)
                })
        })
    }

    /// The first step of the cheapest path to `goal`.
    fn toward(&self, me: &Creature, goal: Cell) -> Option<Cell> {
        let (path, _) = astar_in(self.level, terrain_cost(self.level), me.pos, goal)?;
        path.get(1).copied()
    }

    /// Living monsters of `me`'s kind within `radius` of the player, `me` included.
    fn pack_near_player(&self, me: &Creature, player: Cell, radius: u32) -> u32 {
        self.here
            .iter()
            .skip(1)
            .filter(|c| c.name == me.name)
            .filter(|c| self.dist(c.pos, player) <= radius as i32)
            .count() as u32
    }

    /// Living monsters of `me`'s kind on the level, `me` included.
    fn kin(&self, me: &Creature) -> u32 {
        self.here
            .iter()
            .skip(1)
            .filter(|c| c.name == me.name)
            .count() as u32
    }

    /// Whether a missile from `from` flies clear to `to`: no sight-blocking tile and no
    /// creature on the tiles between, and `to` itself lets a missile in. A missile stops
    /// before a tile that blocks sight, so a target in brush cannot be shot (a centaur that
    /// shot at a player in brush forever, never hitting, held the bot in issue 17).
    fn clear_shot(&self, from: Cell, to: Cell) -> bool {
        self.clear_shot_past(from, to, None)
    }

    /// [`Senses::clear_shot`], as if nobody stood on `left` (a tile its shooter leaves).
    fn clear_shot_past(&self, from: Cell, to: Cell, left: Option<Cell>) -> bool {
        let line = self.level.open_line(from, to);
        line.last() == Some(&to)
            && line[..line.len() - 1].iter().all(|&h| {
                Some(h) == left
                    || self
                        .level
                        .terrain
                        .index(h)
                        .is_some_and(|i| !self.is_occupied(i))
            })
    }

    /// The direction of a straight, open run from `me` to the player within `range`.
    fn charge_line(&self, me: &Creature, player: Cell, range: u32) -> Option<Compass> {
        let d = self.dist(me.pos, player);
        if d < 2 || d > range as i32 {
            return None;
        }
        let grid = &self.level.terrain;
        // Straight: every step the same way on screen, as many steps as the distance.
        let run = |dir: Compass| {
            let mut at = me.pos;
            let mut tiles = Vec::new();
            for _ in 0..d {
                let next = grid.step(at, dir)?.0;
                // Every step one the rules allow: none squeezes past a wall's corner, none
                // crosses a thin wall or a closed door.
                if !self.level.blow_allowed(at, next) {
                    return None;
                }
                at = next;
                tiles.push(at);
            }
            (at == player).then_some(tiles)
        };
        let (dir, tiles) = grid
            .moves_at(me.pos)
            .find_map(|(_, m)| run(m.dir).map(|t| (m.dir, t)))?;
        tiles[..tiles.len() - 1]
            .iter()
            .all(|&at| self.free(at))
            .then_some(dir)
    }

    /// How far apart two tiles are on the level's tiling.
    fn dist(&self, a: Cell, b: Cell) -> i32 {
        self.level.terrain.distance(a, b)
    }

    /// Whether a step from `from` to `to` is one the rules allow on this level's tiling: a
    /// move to a passable tile, not squeezing past a wall or closed door through a corner.
    fn can_step(&self, from: Cell, to: Cell) -> bool {
        self.level.passable(to) && self.level.move_allowed(from, to)
    }
}

/// Monster `me`'s intention for its next action and what it keeps in mind: what its
/// [`stance`] leads it to do.
pub(super) fn choose(senses: &Senses, me: &Creature, rng: &mut GameRng) -> (Intention, Mind) {
    let kept = Mind {
        memory: me.memory,
        charge: None,
    };
    let seen = senses.player().map(|p| p.pos);
    match (stance(senses, me), me.behaviour, me.home, seen) {
        (Stance::Charges, ..) => me
            .charge
            .and_then(|dir| charging(senses, me, dir))
            .unwrap_or((Intention::Stay, kept)),
        (Stance::Guards, _, Some(home), _) => (go_home(senses, me, home), Mind::default()),
        (
            stance @ (Stance::Hunts | Stance::Flees | Stance::WaitsForPack),
            Some(behaviour),
            _,
            Some(player),
        ) => {
            let mind = Mind {
                memory: Some(player),
                charge: None,
            };
            hunt(senses, me, (behaviour, stance), player, mind, rng)
        }
        (Stance::Hides, ..) => (Intention::Stay, kept),
        (Stance::Searches, ..) => {
            let step = me.memory.and_then(|goal| senses.toward(me, goal));
            (step.map_or(Intention::Stay, Intention::Move), kept)
        }
        (_, Some(_), ..) => (wander(senses, me, rng), Mind::default()),
        _ => (Intention::Stay, Mind::default()),
    }
}

/// The next step of a charge under way, or `None` when the charge is over.
fn charging(senses: &Senses, me: &Creature, dir: Compass) -> Option<(Intention, Mind)> {
    let next = senses.level.terrain.step(me.pos, dir)?.0;
    // A charge ends where the rules would refuse its next step (past a wall's corner) or at
    // a thin wall or closed door on a side.
    if !senses.level.blow_allowed(me.pos, next) {
        return None;
    }
    let mind = Mind {
        memory: me.memory,
        charge: Some(dir),
    };
    let hostile_there = senses
        .here
        .iter()
        .any(|c| c.pos == next && c.faction.hostile_to(me.faction));
    if hostile_there {
        return Some((Intention::Attack(next), mind));
    }
    senses.free(next).then_some((Intention::Move(next), mind))
}

/// A guardian's way back to its post, or a wait there.
fn go_home(senses: &Senses, me: &Creature, home: Cell) -> Intention {
    if me.pos == home {
        return Intention::Stay;
    }
    senses
        .toward(me, home)
        .filter(|&h| senses.free(h))
        .map_or(Intention::Stay, Intention::Move)
}

/// What `me` does about the player it sees at `target`, being about `stance`: its behaviour
/// and tactics decide (a shooter that keeps its distance steps back from the player next to
/// it, a spear thrusts from two tiles away, a feint's step is drawn from `rng`).
fn hunt(
    senses: &Senses,
    me: &Creature,
    (behaviour, stance): (Behaviour, Stance),
    target: Cell,
    mind: Mind,
    rng: &mut GameRng,
) -> (Intention, Mind) {
    // Next to it by a move the rules allow: past a wall's corner, a thin wall or a closed door
    // a blow cannot land.
    let adjacent = senses.level.blow_allowed(me.pos, target);
    let mut approach = || senses.approach(me, target, rng);
    let intention = match behaviour {
        // A coward flees only to a free tile: with none, it is cornered and fights.
        _ if stance == Stance::Flees => match senses.step(me, true).filter(|&to| senses.free(to)) {
            Some(to) => Intention::Move(to),
            None if adjacent => Intention::Attack(target),
            None => Intention::Stay,
        },
        Behaviour::Ranged { range, .. } if adjacent && senses.tactics(me).retreats => senses
            .retreat(me, target, range)
            .map_or(Intention::Attack(target), Intention::Move),
        _ if adjacent => Intention::Attack(target),
        _ if stance == Stance::WaitsForPack => Intention::Stay,
        _ if senses.thrusts(me, target) => Intention::Attack(target),
        Behaviour::Ranged { range, .. }
            if senses.dist(me.pos, target) <= range as i32 && senses.clear_shot(me.pos, target) =>
        {
            Intention::Throw(target)
        }
        Behaviour::Charger { range } => {
            if let Some(dir) = senses.charge_line(me, target, range) {
                let mind = Mind {
                    charge: Some(dir),
                    ..mind
                };
                if let Some((to, _)) = senses.level.terrain.step(me.pos, dir) {
                    return (Intention::Move(to), mind);
                }
            }
            approach()
        }
        _ => approach(),
    };
    let intention = match intention {
        Intention::Move(to) if senses.slow(me) && senses.wading(to) => keep_dry(senses, me),
        other => other,
    };
    (intention, mind)
}

/// A slow monster's step when its way to the player it sees runs into water: wading there,
/// two actions a step, it was shot dead before it arrived (issue 17's ogre). It takes a dry
/// step that brings it closer; else a dry step out of the player's sight, to wait there;
/// else it waits where it stands, on dry land. Already in the water, it wades on.
fn keep_dry(senses: &Senses, me: &Creature) -> Intention {
    let dry: Vec<Cell> = senses
        .level
        .terrain
        .neighbours(me.pos)
        .filter(|&h| senses.free(h) && senses.can_step(me.pos, h) && !senses.wading(h))
        .collect();
    let here = senses.cost_at(me.pos);
    let closer = dry
        .iter()
        .filter(|&&h| senses.cost_at(h) < here)
        .min_by_key(|&&h| (senses.cost_at(h), h));
    let hidden = || {
        dry.iter()
            .filter(|&&h| !senses.player_sees(h))
            .min_by_key(|&&h| (senses.cost_at(h), h))
    };
    match closer.or_else(hidden) {
        Some(&to) => Intention::Move(to),
        None if senses.wading(me.pos) => senses
            .step(me, false)
            .map_or(Intention::Stay, Intention::Move),
        None => Intention::Stay,
    }
}

/// Whether `me` is a coward hurt enough to flee.
fn frightened(me: &Creature, behaviour: Behaviour) -> bool {
    match behaviour {
        Behaviour::Coward { flee_below } => {
            i64::from(me.hp) * 100 <= i64::from(me.max_hp) * i64::from(flee_below)
        }
        _ => false,
    }
}

/// A random step to a free neighbour, or a pause one time in three.
fn wander(senses: &Senses, me: &Creature, rng: &mut GameRng) -> Intention {
    if below(rng, 3) == 0 {
        return Intention::Stay;
    }
    let open: Vec<Cell> = senses
        .level
        .terrain
        .neighbours(me.pos)
        .filter(|&h| senses.free(h) && senses.can_step(me.pos, h))
        .collect();
    if open.is_empty() {
        return Intention::Stay;
    }
    Intention::Move(open[below(rng, open.len())])
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod area_tests;
