//! The world's hash for replays.
//!
//! [`World::turn_hash`] is cheap and stable: it mixes 64-bit words (not a serialisation of
//! the whole world), over what can change in a turn: the clock, the generator, the creatures
//! of the levels with a living hero (the others wait), the plans, the
//! items on the floor, a running digest of changed terrain, the story's ending and the
//! player's healing. [`TURN_HASH_VERSION`] changes whenever what it covers changes.

use super::{Ending, World};
use crate::geom::Cell;
use crate::sim::Creature;
use crate::sim::ally::Task;
use crate::sim::intention::Intention;
use rand::Rng;

/// The version of what [`World::turn_hash`] covers; saved with records.
pub const TURN_HASH_VERSION: u32 = 2;

/// A 64-bit word mixer: stable across machines and releases.
#[derive(Clone, Debug)]
pub(crate) struct Mix(u64);

impl Mix {
    fn new() -> Mix {
        Mix(0xcbf2_9ce4_8422_2325 ^ u64::from(TURN_HASH_VERSION))
    }

    pub(crate) fn word(&mut self, w: u64) {
        self.0 = (self.0 ^ w).wrapping_mul(0x0000_0100_0000_01b3);
        self.0 ^= self.0 >> 29;
    }

    fn cell(&mut self, h: Cell) {
        self.word((u64::from(h.x as u32) << 32) | u64::from(h.y as u32));
    }

    fn text(&mut self, s: &str) {
        self.word(s.len() as u64);
        for chunk in s.as_bytes().chunks(8) {
            let mut w = [0u8; 8];
            w[..chunk.len()].copy_from_slice(chunk);
            self.word(u64::from_le_bytes(w));
        }
    }

    fn finish(&self) -> u64 {
        crate::rng::splitmix64(self.0)
    }
}

impl World {
    /// A hash of everything a turn can change: equal worlds hash equal on every machine.
    pub fn turn_hash(&self) -> u64 {
        let mut m = Mix::new();
        m.word(self.turn);
        m.word(u64::from(self.segment));
        m.word(self.rng.clone().next_u64());
        let lead = self.lead_depth();
        m.word(u64::from(lead));
        m.word(self.terrain_digest);
        let (progress, busy) = self.regen.parts();
        m.word(progress);
        m.word(u64::from(busy));
        m.text(
            &self
                .story
                .ending
                .as_ref()
                .map_or(String::new(), Ending::describe),
        );
        mix_creature(&mut m, &self.creatures[World::PLAYER]);
        // The lead hero's level as a world of one level was hashed, then (only when heroes
        // are on other levels too) each of those, shallowest first.
        self.mix_level(&mut m, lead, 1);
        for depth in self.occupied_depths() {
            if depth != lead {
                m.word(u64::from(depth));
                self.mix_level(&mut m, depth, 0);
            }
        }
        for a in &self.allies {
            m.word(a.id as u64);
            m.word(a.leader as u64);
            match a.task {
                Task::Follow => m.word(0),
                Task::Stay(at) => (m.word(1), m.cell(at)).0,
                Task::Guard(at) => (m.word(2), m.cell(at)).0,
                Task::Attack(foe) => (m.word(3), m.word(foe as u64)).0,
            }
        }
        m.finish()
    }

    /// Mixes the living creatures of level `depth` but the first `skip` of them, with their
    /// plans, and the items on its floor.
    fn mix_level(&self, m: &mut Mix, depth: u32, skip: usize) {
        let here = self
            .creatures
            .iter()
            .filter(|c| c.alive && c.depth == depth);
        for c in here.skip(skip) {
            mix_creature(m, c);
            let planned = self.plans.get(c.id).copied().flatten();
            if let Some(p) = planned {
                m.cell(p.from);
            }
            match planned.map(|p| p.intention) {
                None | Some(Intention::Stay) => m.word(0),
                Some(Intention::Move(h)) => (m.word(1), m.cell(h)).0,
                Some(Intention::Attack(h)) => (m.word(2), m.cell(h)).0,
                Some(Intention::Throw(h)) => (m.word(3), m.cell(h)).0,
            }
        }
        let floor = self.depths.get(depth as usize - 1).map(|d| &d.floor);
        for f in floor.into_iter().flatten() {
            m.cell(f.at);
            m.text(&f.item);
        }
    }

    /// Notes a change of terrain in the running digest the hash covers.
    pub(super) fn note_terrain_change(&mut self, at: Cell) {
        let mut m = Mix(self.terrain_digest);
        m.word(u64::from(self.depth()));
        m.cell(at);
        self.terrain_digest = m.0;
    }

    /// Folds a change of a side's feature (a door on a side opened) into the terrain digest.
    pub(super) fn note_side_change(&mut self, side: crate::geom::Side) {
        let mut m = Mix(self.terrain_digest);
        m.word(u64::from(self.depth()) | 1 << 40);
        m.cell(Cell::new(side.c, side.r));
        self.terrain_digest = m.0;
    }
}

fn mix_creature(m: &mut Mix, c: &Creature) {
    m.word(c.id as u64);
    m.word(u64::from(c.depth));
    m.cell(c.pos);
    m.word(u64::from(c.hp as u32) << 32 | u64::from(c.max_hp as u32));
    m.word(u64::from(c.alive) | u64::from(c.busy) << 8 | (c.initiative as u64) << 16);
    m.word(c.charge.map_or(7, |d| d.index() as u64));
    m.cell(c.memory.unwrap_or(Cell::new(i32::MIN, i32::MIN)));
    for s in &c.inventory {
        m.word(u64::from(s.letter) << 32 | u64::from(s.count));
        m.text(&s.item);
    }
    m.text(c.wielded.as_deref().unwrap_or(""));
    m.text(c.worn.as_deref().unwrap_or(""));
    // Mixed only when there are some, so that every world without them hashes as before.
    for (item, letter) in &c.letters {
        m.word(u64::from(*letter));
        m.text(item);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_mixer_is_pinned() {
        // If this changes, every recorded game's hashes change: bump TURN_HASH_VERSION.
        let mut m = Mix::new();
        m.word(1);
        m.text("goblin");
        assert_eq!(m.finish(), GOLDEN_MIX);
    }

    // Version 2 (0.2.0): the mixer starts from the version, so this moved with it.
    const GOLDEN_MIX: u64 = 15_682_475_880_177_656_581;
}
