//! Reading a scroll once the segment is settled, as changes computed from the world before
//! they are made (ARCHITECTURE.md, "Events and changes"): a teleport to a far free tile, the
//! level's layout learnt, a monster tamed.

use super::World;
use super::change::{Change, Effect};
use crate::content::ItemUse;
use crate::geom::Cell;
use crate::rng::{GameRng, below};
use crate::sim::{CreatureId, Event};

impl World {
    /// What hero `who` reading `item` does: nothing when no such scroll is left in the pack;
    /// else the scroll is used up and does what it says.
    pub(super) fn read_changes(&self, who: CreatureId, item: String) -> Vec<Change> {
        let me = &self.creatures[who];
        if me.count_of(&item) == 0 {
            return Vec::new();
        }
        let what = self.content.item(&item).map(|k| k.use_.clone());
        let mut changes = vec![Change::Quiet(Effect::UseUp { who, item })];
        match what {
            Some(ItemUse::Teleport) => {
                let from = me.pos;
                let mut dice = self.rng.clone();
                let to = self.teleport_target(from, &mut dice);
                changes.push(Change::Quiet(Effect::Rolled(dice)));
                changes.push(Change::Apply(Event::Teleported { who, from, to }));
            }
            Some(ItemUse::MagicMap) => {
                changes.push(Change::Quiet(Effect::Map { who }));
                changes.push(Change::Tell(Event::Mapped));
            }
            Some(ItemUse::Tame { range }) => {
                let ally = self.tameable(who, range);
                changes.push(Change::Apply(Event::Tamed { who, ally }));
            }
            _ => {}
        }
        changes
    }

    /// A random free tile of the level, far from `from` where the level allows: a roll of
    /// `dice` when there is any.
    fn teleport_target(&self, from: Cell, dice: &mut GameRng) -> Cell {
        let level = self.level();
        let free: Vec<Cell> = level
            .terrain
            .iter()
            .filter(|(h, t)| !t.blocks_movement() && self.creature_at(*h).is_none())
            .map(|(h, _)| h)
            .collect();
        let far: Vec<Cell> = free
            .iter()
            .copied()
            .filter(|&h| level.terrain.distance(h, from) >= 10)
            .collect();
        let pool = if far.is_empty() { free } else { far };
        if pool.is_empty() {
            return from;
        }
        pool[below(dice, pool.len())]
    }
}
