//! The player's field of view and memory of the map.

use super::World;
use crate::fov::visible_tiles;
use crate::geom::Hex;

impl World {
    /// How far the player sees.
    pub fn player_sight(&self) -> u32 {
        self.player().sight
    }

    /// Whether the player sees `hex` now.
    pub fn is_visible(&self, hex: Hex) -> bool {
        self.level
            .terrain
            .index(hex)
            .is_some_and(|i| self.visible.get(i).copied().unwrap_or(false))
    }

    /// Whether the player has ever seen `hex` (remembered tiles).
    pub fn is_seen(&self, hex: Hex) -> bool {
        self.level
            .terrain
            .index(hex)
            .is_some_and(|i| self.seen.get(i).copied().unwrap_or(false))
    }

    /// Recomputes the player's view and adds it to their memory.
    pub(super) fn update_view(&mut self) {
        let storage = self.level.terrain.storage_len();
        self.visible.clear();
        self.visible.resize(storage, false);
        self.seen.resize(storage, false);
        // The dead keep the view from where they fell: what killed them stays on screen.
        let player = self.player();
        for i in visible_tiles(&self.level, player.pos, player.sight) {
            self.visible[i] = true;
            self.seen[i] = true;
        }
    }
}
