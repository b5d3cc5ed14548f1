//! Items lying on the floor: placed by the map, dropped, left where missiles land, picked up
//! by the player on stepping onto their tile or with the pick-up command.

use super::World;
use super::change::Change;
use super::depths::Depth;
use crate::content::Content;
use crate::content::{ItemAction, ItemUse};
use crate::geom::Cell;
use crate::sim::world::Gear;
use crate::sim::{Creature, CreatureId, Event};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// One item on a tile.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FloorItem {
    /// Where it lies.
    pub at: Cell,
    /// Its name in `data/items.toml`.
    pub item: String,
}

impl Depth {
    /// Puts an item on the floor if it is a known item and the tile can hold it (a thing that
    /// falls into deep water or onto no tile is lost).
    pub(super) fn drop_item(&mut self, content: &Content, at: Cell, item: &str) {
        if content.item(item).is_some() && self.level.passable(at) {
            self.floor.push(FloorItem {
                at,
                item: item.to_string(),
            });
        }
    }
}

impl World {
    /// Every item on the floor of the player's level, in the order they came to lie there.
    pub fn floor_items(&self) -> &[FloorItem] {
        &self.here().floor
    }

    /// The items lying on `hex` of the player's level.
    pub fn items_at(&self, hex: Cell) -> impl Iterator<Item = &FloorItem> + '_ {
        self.floor_items().iter().filter(move |f| f.at == hex)
    }

    /// Puts an item on the floor of the player's level.
    pub(super) fn drop_item(&mut self, at: Cell, item: &str) {
        let content = Arc::clone(&self.content);
        self.here_mut().drop_item(&content, at, item);
    }

    /// Whether stepping onto `item` picks it up (as Brogue's and DCSS's auto-pickup choose):
    /// anything but a weapon, armour or launcher; one of those only when it is new or better,
    /// that is when no item of its kind is carried and (a weapon or armour) nothing carried or
    /// in hand leaves the player at least as well off in both damage and armour. Three suits
    /// of scale mail were hoarded in one run (issue 33). The pick-up command takes anything.
    pub fn worth_picking_up(&self, item: &str) -> bool {
        self.worth_picking_up_by(self.viewer, item)
    }

    /// Whether hero `who` stepping onto `item` picks it up ([`World::worth_picking_up`]).
    pub fn worth_picking_up_by(&self, who: CreatureId, item: &str) -> bool {
        self.worth_picking_up_for(&self.creatures[who], item)
    }

    /// Whether `me` stepping onto `item` picks it up, as `me` stands now (its pack, its
    /// gear).
    fn worth_picking_up_for(&self, me: &Creature, item: &str) -> bool {
        let Some(kind) = self.content.item(item) else {
            return false;
        };
        let action = kind.use_.action();
        if !matches!(action, ItemAction::Wield | ItemAction::Wear) {
            return true;
        }
        if me.count_of(item) > 0 {
            return false;
        }
        if matches!(kind.use_, ItemUse::Launcher { .. }) {
            return true;
        }
        let Some(with) = self.gear_of_with(me, item) else {
            return true;
        };
        let same_use = |name: &str| {
            self.content.item(name).is_some_and(|k| {
                k.use_.action() == action && !matches!(k.use_, ItemUse::Launcher { .. })
            })
        };
        let as_good = |g: Gear| g.damage >= with.damage && g.armour >= with.armour;
        let mut carried = me
            .inventory
            .iter()
            .filter(|s| s.count > 0 && same_use(&s.item))
            .filter_map(|s| self.gear_of_with(me, &s.item));
        !(as_good(self.gear_of(me)) || carried.any(as_good))
    }

    /// What hero `who` picks up from their tile, computed from the world before it changes:
    /// everything that fits in the pack, or with `only_wanted` (stepping onto it) what is
    /// [worth picking up](World::worth_picking_up), each judged with what was taken before
    /// it; an item with no room stays, told.
    pub(super) fn pick_up_changes(&self, who: CreatureId, only_wanted: bool) -> Vec<Change> {
        let mut me = self.creatures[who].clone();
        let at = me.pos;
        let mut changes = Vec::new();
        for f in self.floor_items().iter().filter(|f| f.at == at) {
            if only_wanted && !self.worth_picking_up_for(&me, &f.item) {
                continue;
            }
            let item = f.item.clone();
            changes.push(if me.give(&f.item) {
                Change::Apply(Event::PickedUp { who, item, at })
            } else {
                Change::Tell(Event::NoRoom { who, item })
            });
        }
        changes
    }
}

#[cfg(test)]
mod tests {
    use crate::geom::Cell;
    use crate::map::{Grid, Level, Shape, Terrain};
    use crate::sim::{Stack, World};

    /// A world whose player carries `items` (and wields or wears none of them).
    fn carrying(items: &[&str]) -> World {
        let grid = Grid::new(&Shape::Hexagon { radius: 2 }, Terrain::Floor).unwrap();
        let mut level = Level::new("room", 1, grid);
        level.start = Some(Cell::new(0, 0));
        let mut world =
            World::new(crate::content::Content::bundled().unwrap().into(), level, 1).unwrap();
        let me = &mut world.creatures[World::PLAYER];
        me.inventory.clear();
        for (item, letter) in items.iter().zip('a'..) {
            me.inventory.push(Stack {
                item: (*item).to_string(),
                count: 1,
                letter,
            });
        }
        world
    }

    #[test]
    fn a_weapon_or_armour_is_worth_taking_only_when_nothing_carried_is_as_good() {
        let w = carrying(&["sword", "scale mail", "sling"]);
        // The spear (8, -1 armour) is no better than the sword (8): left.
        assert!(!w.worth_picking_up("spear"));
        assert!(!w.worth_picking_up("sword") && !w.worth_picking_up("sling"));
        // The war axe hits harder; chain mail trades armour for damage: taken.
        assert!(w.worth_picking_up("war axe") && w.worth_picking_up("chain mail"));
        // A new launcher, missiles and potions always.
        for item in [
            "bow",
            "dart",
            "arrow",
            "potion of healing",
            "Heart of the Deep",
        ] {
            assert!(w.worth_picking_up(item), "{item}");
        }
        // The dagger parries (+1 armour) where the mace hits harder: each is worth the other.
        assert!(carrying(&["mace"]).worth_picking_up("dagger"));
        assert!(carrying(&["dagger"]).worth_picking_up("mace"));
        assert!(!carrying(&["leather armour", "scale mail"]).worth_picking_up("leather armour"));
    }
}
