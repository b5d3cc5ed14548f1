//! The player's field of view and memory of the map.

use super::World;
use crate::fov::visible_tiles;
use crate::geom::Cell;

impl World {
    /// How far the player sees.
    pub fn player_sight(&self) -> u32 {
        self.player().sight
    }

    /// Whether the player sees `hex` of their level now.
    pub fn is_visible(&self, hex: Cell) -> bool {
        self.level()
            .terrain
            .index(hex)
            .is_some_and(|i| self.visible.get(i).copied().unwrap_or(false))
    }

    /// Whether the player has ever seen `hex` of their level (remembered tiles).
    pub fn is_seen(&self, hex: Cell) -> bool {
        self.here().is_seen(hex)
    }

    /// How many tiles of their level the player has seen.
    pub fn seen_count(&self) -> usize {
        self.here().seen_count()
    }

    /// Recomputes the player's view and adds it to their memory of the level.
    pub(super) fn update_view(&mut self) {
        // The view depends only on the level, its terrain, the player's tile and sight:
        // while none of them changes it stays as it is.
        let player = self.player();
        let key = (player.depth, player.pos, player.sight, self.terrain_digest);
        if self.view_key == Some(key) {
            return;
        }
        self.view_key = Some(key);
        let tiles = self.show_view();
        let storage = self.level().terrain.storage_len();
        let d = self.depth_index();
        let seen = &mut self.depths[d].seen;
        seen.resize(storage, false);
        for i in tiles {
            seen[i] = true;
        }
    }

    /// Recomputes which tiles the player sees now, without adding them to their memory: a
    /// world loaded from a file keeps the memory its file holds (which a release with other
    /// rules of sight made) until the player's next action. Returns the visible tiles.
    pub(super) fn show_view(&mut self) -> Vec<usize> {
        let storage = self.level().terrain.storage_len();
        self.visible.clear();
        self.visible.resize(storage, false);
        // The dead keep the view from where they fell: what killed them stays on screen.
        let player = self.player();
        let tiles = visible_tiles(self.level(), player.pos, player.sight);
        for &i in &tiles {
            self.visible[i] = true;
        }
        tiles
    }

    /// Magic mapping: the player learns every tile of the level that can be walked on and the
    /// walls around them.
    pub(super) fn map_level(&mut self) {
        let here = self.here_mut();
        let grid = &here.level.terrain;
        let offsets = grid.neighbor_offsets();
        for i in grid.indices() {
            let open = !grid[i].blocks_movement();
            let by_open = offsets.iter().any(|&o| {
                let j = i.wrapping_add_signed(o);
                grid.is_tile(j) && !grid[j].blocks_movement()
            });
            if open || by_open {
                here.seen[i] = true;
            }
        }
    }
}
