//! Items lying on the floor: placed by the map, dropped, left where missiles land, picked up
//! by the player on stepping onto their tile or with the pick-up command.

use super::World;
use super::depths::Depth;
use crate::content::Content;
use crate::geom::Hex;
use crate::sim::Event;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// One item on a tile.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FloorItem {
    /// Where it lies.
    pub at: Hex,
    /// Its name in `data/items.toml`.
    pub item: String,
}

impl Depth {
    /// Puts an item on the floor if it is a known item and the tile can hold it (a thing that
    /// falls into deep water or onto no tile is lost).
    pub(super) fn drop_item(&mut self, content: &Content, at: Hex, item: &str) {
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
    pub fn items_at(&self, hex: Hex) -> impl Iterator<Item = &FloorItem> + '_ {
        self.floor_items().iter().filter(move |f| f.at == hex)
    }

    /// Puts an item on the floor of the player's level.
    pub(super) fn drop_item(&mut self, at: Hex, item: &str) {
        let content = Arc::clone(&self.content);
        self.here_mut().drop_item(&content, at, item);
    }

    /// The player picks up everything on their tile that fits in the pack.
    pub(super) fn pick_up(&mut self, events: &mut Vec<Event>) {
        let at = self.player().pos;
        if !self.floor_items().iter().any(|f| f.at == at) {
            return;
        }
        let floor = std::mem::take(&mut self.here_mut().floor);
        let mut kept = Vec::with_capacity(floor.len());
        for f in floor {
            if f.at != at {
                kept.push(f);
                continue;
            }
            if self.creatures[World::PLAYER].give(&f.item) {
                events.push(Event::PickedUp {
                    who: World::PLAYER,
                    item: f.item,
                    at,
                });
            } else {
                events.push(Event::NoRoom {
                    item: f.item.clone(),
                });
                kept.push(f);
            }
        }
        self.here_mut().floor = kept;
    }
}
