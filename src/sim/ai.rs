//! Monster minds: each monster chooses its intention from the state at the start of the
//! segment. It hunts the player by the player's Dijkstra map once it sees them, walks to where
//! it last saw them, and wanders otherwise.

use super::Creature;
use super::intention::Intention;
use super::monsters::Behaviour;
use crate::fov::visible_tiles;
use crate::geom::{Direction, Hex};
use crate::map::Level;
use crate::path::{UNREACHED, astar, dijkstra_map, terrain_cost};
use crate::rng::{GameRng, below};

/// How far the player's Dijkstra map reaches, in movement cost.
const HUNT_LIMIT: u32 = 64;

/// What every monster may consult when choosing: computed once per segment.
pub(super) struct Senses<'a> {
    level: &'a Level,
    creatures: &'a [Creature],
    /// Cost to reach the player from every tile.
    to_player: Vec<u32>,
    /// Which tiles hold a living creature.
    occupied: Vec<bool>,
}

impl<'a> Senses<'a> {
    /// The senses of a segment that starts with `creatures` on `level`.
    pub(super) fn new(level: &'a Level, creatures: &'a [Creature]) -> Senses<'a> {
        let grid = &level.terrain;
        let mut occupied = vec![false; grid.storage_len()];
        for c in creatures.iter().filter(|c| c.alive) {
            if let Some(i) = grid.index(c.pos) {
                occupied[i] = true;
            }
        }
        let player = creatures.first().filter(|p| p.alive);
        let sources: Vec<usize> = player.and_then(|p| grid.index(p.pos)).into_iter().collect();
        let to_player = dijkstra_map(grid, terrain_cost(level), &sources, HUNT_LIMIT);
        Senses {
            level,
            creatures,
            to_player,
            occupied,
        }
    }

    fn cost_at(&self, hex: Hex) -> u32 {
        self.level
            .terrain
            .index(hex)
            .map_or(UNREACHED, |i| self.to_player[i])
    }

    fn free(&self, hex: Hex) -> bool {
        self.level.passable(hex)
            && self
                .level
                .terrain
                .index(hex)
                .is_some_and(|i| !self.occupied[i])
    }

    /// Whether monster `me` sees the player now.
    fn sees_player(&self, me: &Creature) -> bool {
        let Some(player) = self.creatures.first().filter(|p| p.alive) else {
            return false;
        };
        if me.pos.distance(player.pos) > me.sight as i32 {
            return false;
        }
        let Some(target) = self.level.terrain.index(player.pos) else {
            return false;
        };
        visible_tiles(self.level, me.pos, me.sight)
            .binary_search(&target)
            .is_ok()
    }

    /// The neighbour that brings `me` closest to (or, fleeing, farthest from) the player,
    /// preferring free tiles; `None` when no step improves on standing still.
    fn step(&self, me: &Creature, flee: bool) -> Option<Hex> {
        let here = self.cost_at(me.pos);
        let mut best: Option<(bool, u32, Hex)> = None;
        for to in me.pos.neighbors() {
            let cost = self.cost_at(to);
            if !self.level.passable(to) || cost == UNREACHED || cost == 0 {
                continue;
            }
            let better = if flee { cost > here } else { cost < here };
            if !better {
                continue;
            }
            let key = (
                !self.free(to),
                if flee { u32::MAX - cost } else { cost },
                to,
            );
            if best.is_none_or(|b| (key.0, key.1) < (b.0, b.1)) {
                best = Some(key);
            }
        }
        best.map(|b| b.2)
    }

    /// The first step of the cheapest path to `goal`.
    fn toward(&self, me: &Creature, goal: Hex) -> Option<Hex> {
        let (path, _) = astar(&self.level.terrain, terrain_cost(self.level), me.pos, goal)?;
        path.get(1).copied()
    }

    /// Living monsters of `me`'s kind within `radius` of the player, `me` included.
    fn pack_near_player(&self, me: &Creature, radius: u32) -> u32 {
        let player = self.creatures[0].pos;
        self.creatures[1..]
            .iter()
            .filter(|c| c.alive && c.name == me.name)
            .filter(|c| c.pos.distance(player) <= radius as i32)
            .count() as u32
    }
}

/// Monster `me`'s intention for its next action and what it remembers of the player.
pub(super) fn choose(
    senses: &Senses,
    me: &Creature,
    rng: &mut GameRng,
) -> (Intention, Option<Hex>) {
    let Some(behaviour) = me.behaviour else {
        return (Intention::Stay, None);
    };
    let player = &senses.creatures[0];
    if senses.sees_player(me) {
        let adjacent = me.pos.is_adjacent(player.pos);
        let memory = Some(player.pos);
        let fleeing = matches!(behaviour, Behaviour::Coward { flee_below }
            if i64::from(me.hp) * 100 <= i64::from(me.max_hp) * i64::from(flee_below));
        let intention = if fleeing {
            match senses.step(me, true) {
                Some(to) => Intention::Move(to),
                None if adjacent => Intention::Attack(player.pos),
                None => Intention::Stay,
            }
        } else if adjacent {
            Intention::Attack(player.pos)
        } else if let Behaviour::Pack { size, radius } = behaviour {
            let ready = senses.pack_near_player(me, radius) >= size;
            let far = me.pos.distance(player.pos) > radius as i32;
            match senses.step(me, false) {
                Some(to) if ready || far => Intention::Move(to),
                _ => Intention::Stay,
            }
        } else {
            senses
                .step(me, false)
                .map_or(Intention::Stay, Intention::Move)
        };
        return (intention, memory);
    }
    if let Some(goal) = me.memory.filter(|&g| g != me.pos) {
        if let Some(to) = senses.toward(me, goal) {
            return (Intention::Move(to), me.memory);
        }
    }
    (wander(senses, me, rng), None)
}

/// A random step to a free neighbour, or a pause one time in three.
fn wander(senses: &Senses, me: &Creature, rng: &mut GameRng) -> Intention {
    if below(rng, 3) == 0 {
        return Intention::Stay;
    }
    let open: Vec<Hex> = Direction::ALL
        .iter()
        .map(|&d| me.pos.neighbor(d))
        .filter(|&h| senses.free(h))
        .collect();
    if open.is_empty() {
        return Intention::Stay;
    }
    Intention::Move(open[below(rng, open.len())])
}
