//! Items lying on the floor: placed by the map, left where thrown darts land, picked up by the
//! player on stepping onto their tile.

use super::World;
use crate::geom::Hex;
use crate::sim::Event;
use crate::sim::items::item_kind;
use serde::{Deserialize, Serialize};

/// One item on a tile.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FloorItem {
    /// Where it lies.
    pub at: Hex,
    /// Its name in `data/items.toml`.
    pub item: String,
}

impl World {
    /// Every item on the floor, in the order they came to lie there.
    pub fn floor_items(&self) -> &[FloorItem] {
        &self.floor
    }

    /// The items lying on `hex`.
    pub fn items_at(&self, hex: Hex) -> impl Iterator<Item = &FloorItem> + '_ {
        self.floor.iter().filter(move |f| f.at == hex)
    }

    /// Puts an item on the floor if it is a known item and the tile can hold it (a thing that
    /// falls into deep water or onto no tile is lost).
    pub(super) fn drop_item(&mut self, at: Hex, item: &str) {
        if item_kind(item).is_some() && self.level.passable(at) {
            self.floor.push(FloorItem {
                at,
                item: item.to_string(),
            });
        }
    }

    /// The player picks up everything on their tile.
    pub(super) fn pick_up(&mut self, events: &mut Vec<Event>) {
        let at = self.player().pos;
        if !self.floor.iter().any(|f| f.at == at) {
            return;
        }
        let (here, rest): (Vec<FloorItem>, Vec<FloorItem>) = std::mem::take(&mut self.floor)
            .into_iter()
            .partition(|f| f.at == at);
        self.floor = rest;
        for f in here {
            self.creatures[World::PLAYER].give(&f.item);
            events.push(Event::PickedUp {
                who: World::PLAYER,
                item: f.item,
                at,
            });
        }
    }
}
