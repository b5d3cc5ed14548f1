//! Changes to the world, and the one place they are made (ARCHITECTURE.md, "Events and
//! changes"): a segment's outcome and the heroes' deeds are computed from `&World` into a
//! list of [`Change`]s, and [`World::apply_change`] alone writes them.

use super::World;
use crate::geom::{Cell, Side};
use crate::map::{SideFeature, Terrain};
use crate::rng::GameRng;
use crate::sim::{CreatureId, Event};
use std::sync::Arc;

/// One change to the world, computed from the world before it, in the order it is made.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Change {
    /// An event that is told and changes what it says ([`World::apply_event`]).
    Apply(Event),
    /// An event that is only told and changes nothing: a bounce, a blow, a break, no room.
    Tell(Event),
    /// A change that no message tells.
    Quiet(Effect),
}

/// A change to the world that no message tells.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Effect {
    /// A mover spends its next `actions` actions on its step.
    Busy {
        /// Who.
        who: CreatureId,
        /// The actions it is busy for.
        actions: u32,
    },
    /// A creature's hit points as the segment's blows and healing left them, all at one
    /// moment (R9).
    Hp {
        /// Who.
        who: CreatureId,
        /// Its hit points now.
        hp: i32,
    },
    /// A charge was spent in a blow.
    Uncharged {
        /// Who charged.
        who: CreatureId,
    },
    /// A closed door on a side swung open (told as the opener's [`Event::DoorOpened`]).
    OpenSide(Side),
    /// An item comes to lie on a tile of the level the rules work on, if the tile holds it.
    Lay {
        /// Where.
        at: Cell,
        /// The item.
        item: String,
    },
    /// The rules' stream after the rolls the computation drew from a copy of it.
    Rolled(GameRng),
    /// A scripted creature of a staged world acted on its next intention
    /// ([`super::Stage::script`]).
    Scripted {
        /// Who.
        who: CreatureId,
    },
    /// A fallen hero's pack empties and nothing stays in hand or worn (each stack then
    /// falls as an [`Event::Dropped`]).
    EmptyPack {
        /// The hero.
        who: CreatureId,
    },
    /// A hero learns the layout of their level (told as [`Event::Mapped`]).
    Map {
        /// The reader.
        who: CreatureId,
    },
    /// A hero's deed uses one `item` from the pack up (a missile thrown, a potion drunk).
    UseUp {
        /// The hero.
        who: CreatureId,
        /// The item.
        item: String,
    },
}

impl World {
    /// Makes `changes` in order, telling their events into `events`.
    pub(super) fn apply_changes(&mut self, changes: Vec<Change>, events: &mut Vec<Event>) {
        for change in changes {
            self.apply_change(change, events);
        }
    }

    /// Makes one change, telling its event (if any) into `events`: the only writer of what a
    /// segment's outcome and the deeds change.
    pub(super) fn apply_change(&mut self, change: Change, events: &mut Vec<Event>) {
        match change {
            Change::Apply(event) => {
                self.apply_event(&event);
                events.push(event);
            }
            Change::Tell(event) => events.push(event),
            Change::Quiet(effect) => self.apply_effect(effect),
        }
    }

    /// Changes the world as `event` says. Events that say nothing the world keeps (a bounce,
    /// a blow whose damage an [`Effect::Hp`] settles) change nothing.
    pub(super) fn apply_event(&mut self, event: &Event) {
        match event {
            Event::Moved { who, to, .. } => self.creatures[*who].pos = *to,
            Event::Died { who, .. } => {
                let c = &mut self.creatures[*who];
                c.alive = false;
                c.charge = None;
            }
            Event::DoorOpened { at, .. } => {
                self.here_mut().level.terrain.set(*at, Terrain::DoorOpen);
                self.note_terrain_change(*at);
            }
            Event::Dropped { who, item, count } => self.put_down(*who, item, *count),
            Event::PickedUp { who, item, at } => self.take_from_floor(*who, item, *at),
            // A potion of life; healing is settled with the segment's blows (R9).
            Event::Drank {
                who, gained_max, ..
            } if *gained_max != 0 => {
                let c = &mut self.creatures[*who];
                c.max_hp = c.max_hp.saturating_add(*gained_max);
                c.hp = c.hp.saturating_add(*gained_max).min(c.max_hp);
            }
            Event::Wielded { who, item } => {
                self.creatures[*who].wielded = Some(item.clone());
                self.story.used(item);
            }
            Event::Unwielded { who, .. } => self.creatures[*who].wielded = None,
            Event::Wore { who, item } => {
                self.creatures[*who].worn = Some(item.clone());
                self.story.used(item);
            }
            Event::TookOff { who, .. } => self.creatures[*who].worn = None,
            Event::Teleported { who, to, .. } => {
                self.creatures[*who].pos = *to;
                self.creatures[*who].busy = 0;
                self.update_view();
            }
            Event::Tamed {
                who,
                ally: Some(ally),
            } => self.befriend(*who, *ally),
            _ => {}
        }
    }

    /// Makes a change that no message tells.
    fn apply_effect(&mut self, effect: Effect) {
        match effect {
            Effect::Busy { who, actions } => self.creatures[who].busy = actions,
            Effect::Hp { who, hp } => self.creatures[who].hp = hp,
            Effect::Uncharged { who } => self.creatures[who].charge = None,
            Effect::OpenSide(side) => {
                self.here_mut().level.set_side(side, SideFeature::DoorOpen);
                self.note_side_change(side);
            }
            Effect::Lay { at, item } => self.drop_item(at, &item),
            Effect::Rolled(rng) => self.rng = rng,
            Effect::Scripted { who } => self.spend_script(who),
            Effect::EmptyPack { who } => {
                let c = &mut self.creatures[who];
                c.inventory.clear();
                c.wielded = None;
                c.worn = None;
            }
            Effect::Map { who } => self.map_level(who),
            Effect::UseUp { who, item } => {
                if self.creatures[who].take_one(&item) {
                    self.story.used(&item);
                }
            }
        }
    }

    /// Creature `who` takes `count` of `item` out of its pack (what it still holds of them)
    /// and they fall on its tile.
    fn put_down(&mut self, who: CreatureId, item: &str, count: u32) {
        let c = &mut self.creatures[who];
        let at = c.pos;
        for _ in 0..count {
            c.take_one(item);
        }
        let content = Arc::clone(&self.content);
        for _ in 0..count {
            self.here_mut().drop_item(&content, at, item);
        }
    }

    /// Creature `who` takes the first `item` lying on `at` into its pack.
    fn take_from_floor(&mut self, who: CreatureId, item: &str, at: Cell) {
        let floor = &mut self.here_mut().floor;
        if let Some(k) = floor.iter().position(|f| f.at == at && f.item == item) {
            floor.remove(k);
            self.creatures[who].give(item);
        }
    }
}

#[cfg(test)]
mod tests;
