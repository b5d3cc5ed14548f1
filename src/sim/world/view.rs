//! The heroes' fields of view and each hero's own memory of the map.

use super::World;
use crate::fov::visible_tiles;
use crate::geom::Cell;
use crate::sim::CreatureId;

impl World {
    /// How far the player sees.
    pub fn player_sight(&self) -> u32 {
        self.player().sight
    }

    /// Whether the player sees `hex` of their level now: the viewer's sight
    /// ([`World::set_viewer`]).
    pub fn is_visible(&self, hex: Cell) -> bool {
        self.hero_sees(self.viewer, hex)
    }

    /// The hero whose eyes the player's queries look through: [`World::player`] is that
    /// hero, [`World::is_visible`] what they see, the telegraph, the monsters in view and
    /// the paths of travel and exploring theirs. The player's hero unless set.
    pub fn viewer(&self) -> CreatureId {
        self.viewer
    }

    /// Looks through hero `hero`'s eyes from now on ([`World::viewer`]); `false`, changing
    /// nothing, when `hero` is not a hero. The rules never read the viewer: a game plays
    /// the same whoever watches it.
    pub fn set_viewer(&mut self, hero: CreatureId) -> bool {
        let known = self.is_hero(hero);
        if known {
            self.viewer = hero;
        }
        known
    }

    /// Whether the player has ever seen `hex` of their level (remembered tiles): the
    /// viewer's own memory.
    pub fn is_seen(&self, hex: Cell) -> bool {
        self.is_seen_by(self.viewer, hex)
    }

    /// Whether hero `hero` has ever seen `hex` of their own level.
    pub fn is_seen_by(&self, hero: CreatureId, hex: Cell) -> bool {
        self.depth_of(hero).is_seen_by(hero, hex)
    }

    /// How many tiles of their level the player has seen.
    pub fn seen_count(&self) -> usize {
        self.depth_of(self.viewer).seen_count_by(self.viewer)
    }

    /// The level hero `hero` is on, with its memories.
    pub(super) fn depth_of(&self, hero: CreatureId) -> &super::Depth {
        let d = self.creatures.get(hero).map_or(1, |c| c.depth) as usize;
        &self.depths[d.saturating_sub(1).min(self.depths.len() - 1)]
    }

    /// Whether hero `hero` sees `cell` of their own level now: each hero sees by their own
    /// sight, so two heroes on either side of a wall see different tiles. `false` for a
    /// creature that is not a hero.
    pub fn hero_sees(&self, hero: CreatureId, cell: Cell) -> bool {
        let Some(n) = self.heroes.iter().position(|&h| h == hero) else {
            return false;
        };
        let Some(i) = self.level_of(hero).terrain.index(cell) else {
            return false;
        };
        self.caches
            .hero_views
            .get(n)
            .is_some_and(|v| v.binary_search(&i).is_ok())
    }

    /// The storage indices, sorted, of the tiles of their own level hero `hero` sees now
    /// (empty for one who is no hero).
    pub fn hero_view(&self, hero: CreatureId) -> &[usize] {
        let n = self.heroes.iter().position(|&h| h == hero);
        n.and_then(|n| self.caches.hero_views.get(n))
            .map_or(&[], Vec::as_slice)
    }

    /// Takes `tiles` (storage indices of their level) as what hero `hero` sees now, in place
    /// of what this world computes: a client's redacted world, whose never-seen tiles are
    /// walls, would see less than the server's world through them (ARCHITECTURE.md, "The
    /// network"). `false`, changing nothing, for one who is no hero or a tile off the level.
    pub fn adopt_view(&mut self, hero: CreatureId, mut tiles: Vec<usize>) -> bool {
        let Some(n) = self.heroes.iter().position(|&h| h == hero) else {
            return false;
        };
        let grid = &self.level_of(hero).terrain;
        if tiles.iter().any(|&i| !grid.is_tile(i)) || n >= self.caches.hero_views.len() {
            return false;
        }
        tiles.sort_unstable();
        tiles.dedup();
        self.caches.hero_views[n] = tiles;
        true
    }

    /// Recomputes the heroes' views and adds each to that hero's own memory of their level.
    pub(super) fn update_view(&mut self) {
        // The views depend only on the levels, their terrain, the heroes' tiles and sight:
        // while none of them changes they stay as they are.
        let heroes = self
            .heroes
            .iter()
            .map(|&h| &self.creatures[h])
            .map(|c| (c.depth, c.pos, c.sight))
            .collect();
        let key = (heroes, self.terrain_digest);
        if self.caches.view_key.as_ref() == Some(&key) {
            return;
        }
        self.caches.view_key = Some(key);
        self.show_view();
        for (n, &hero) in self.heroes.iter().enumerate() {
            let d = self.creatures[hero].depth as usize - 1;
            let depth = &mut self.depths[d];
            let storage = depth.level.terrain.storage_len();
            let Some(memory) = depth.memory.get_mut(hero) else {
                continue;
            };
            memory.seen.resize(storage, false);
            for &i in &self.caches.hero_views[n] {
                memory.seen[i] = true;
            }
        }
    }

    /// Recomputes which tiles each hero sees now on their own level, without adding them to
    /// their memory: a world loaded from a file keeps the memory its file holds (which a
    /// release with other rules of sight made) until the next action.
    pub(super) fn show_view(&mut self) {
        // The dead keep the view from where they fell: what killed them stays on screen.
        self.caches.hero_views = self
            .heroes
            .iter()
            .map(|&h| &self.creatures[h])
            .map(|h| visible_tiles(self.level_of(h.id), h.pos, h.sight))
            .collect();
    }

    /// Magic mapping: the player learns every tile of the level that can be walked on and the
    /// walls around them: those sharing a side or a corner with such a tile, on the level's
    /// tiling (as the second rule of field of view draws them, ARCHITECTURE.md "Field of view").
    pub(super) fn map_level(&mut self, reader: CreatureId) {
        let d = self.creatures[reader].depth as usize - 1;
        let here = &mut self.depths[d];
        let grid = &here.level.terrain;
        let tiling = grid.tiling();
        let touching: Vec<Vec<isize>> = (0..tiling.classes())
            .map(|class| {
                let offsets = tiling.touching(class).into_iter();
                offsets.map(|(dx, dy)| grid.offset_of(dx, dy)).collect()
            })
            .collect();
        for i in grid.indices() {
            let open = !grid[i].blocks_movement();
            let by_open = touching[grid.class(i)].iter().any(|&o| {
                let j = i.wrapping_add_signed(o);
                grid.is_tile(j) && !grid[j].blocks_movement()
            });
            if (open || by_open)
                && let Some(memory) = here.memory.get_mut(reader)
            {
                memory.seen[i] = true;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::World;
    use crate::content::Content;
    use crate::geom::{Cell, Tiling};
    use crate::map::{Grid, Level, Terrain};

    /// Walls of `tiling`, 12 cells by 7 rows, but for a room of 2 by 2 cells at `(2..=3,
    /// 2..=3)` and the player's pocket at `(9, 3)`, out of sight of the room.
    fn walled(tiling: Tiling) -> World {
        let cells: Vec<Cell> = (0..7)
            .flat_map(|y| (0..12).map(move |x| Cell::new(x, y)))
            .collect();
        let mut grid = Grid::from_cells(tiling, &cells, Terrain::Wall).unwrap();
        for c in [(2, 2), (3, 2), (2, 3), (3, 3), (9, 3)] {
            grid.set(Cell::new(c.0, c.1), Terrain::Floor);
        }
        let mut level = Level::new("walls", 1, grid);
        level.start = Some(Cell::new(9, 3));
        World::new(Content::bundled().unwrap().into(), level, 3).unwrap()
    }

    #[test]
    fn magic_mapping_shows_the_walls_touching_the_floor_on_every_tiling() {
        for tiling in Tiling::ALL {
            let mut world = walled(tiling);
            assert!(
                !world.is_seen(Cell::new(2, 2)),
                "{tiling}: the room is out of sight"
            );
            world.map_level(World::PLAYER);
            let g = &world.level().terrain;
            for i in g.indices() {
                let at = g.cell(i);
                let open = |c: Cell| g.get(c).is_some_and(|t| !t.blocks_movement());
                let near = tiling.touching(g.class(i)).into_iter();
                let by_open = near.map(|(dx, dy)| at.offset(dx, dy)).any(open);
                assert_eq!(world.is_seen(at), open(at) || by_open, "{tiling}: {at}");
            }
        }
        // On squares the room's corner walls touch its floor only by a corner.
        let mut world = walled(Tiling::Square);
        world.map_level(World::PLAYER);
        for corner in [(1, 1), (4, 1), (1, 4), (4, 4)] {
            assert!(world.is_seen(Cell::new(corner.0, corner.1)), "{corner:?}");
        }
        assert!(!world.is_seen(Cell::new(0, 0)) && !world.is_seen(Cell::new(5, 2)));
    }
}
