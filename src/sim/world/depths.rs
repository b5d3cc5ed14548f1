//! The levels of a game: what each holds besides its creatures (items on the floor, what the
//! player has seen), how the dungeon is put together, and taking the stairs.

use super::{FloorItem, World};
use crate::content::Content;
use crate::geom::Cell;
use crate::map::{Level, PlacementKind, Terrain};
use crate::sim::CreatureId;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

pub use crate::content::MAX_DEPTH;

/// One level as it is now: its terrain, the items lying on it and the player's memory of it.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Depth {
    /// Terrain (doors open as creatures pass), start and placements.
    #[serde(with = "crate::sim::level_serde")]
    pub(super) level: Level,
    /// Per storage index: ever seen by the player.
    pub(super) seen: Vec<bool>,
    /// Items lying on the floor, in the order they came to lie there.
    pub(super) floor: Vec<FloorItem>,
    /// Whether the player has been here.
    pub(super) visited: bool,
}

impl Depth {
    pub(super) fn new(level: Level) -> Depth {
        let storage = level.terrain.storage_len();
        Depth {
            level,
            seen: vec![false; storage],
            floor: Vec::new(),
            visited: false,
        }
    }

    /// The level's terrain and placements.
    pub fn level(&self) -> &Level {
        &self.level
    }

    /// Whether the player has been on this level.
    pub fn visited(&self) -> bool {
        self.visited
    }

    /// Whether the player has seen `hex` of this level.
    pub fn is_seen(&self, hex: Cell) -> bool {
        self.level
            .terrain
            .index(hex)
            .is_some_and(|i| self.seen.get(i).copied().unwrap_or(false))
    }

    /// How many tiles of this level the player has seen.
    pub fn seen_count(&self) -> usize {
        self.seen.iter().filter(|&&s| s).count()
    }

    /// Every item lying on this level.
    pub fn floor_items(&self) -> &[FloorItem] {
        &self.floor
    }

    /// Puts the level's item placements on the floor.
    pub(super) fn place_items(&mut self, content: &Content) {
        let items: Vec<(Cell, String)> = self
            .level
            .placements
            .iter()
            .filter_map(|p| match &p.kind {
                PlacementKind::Item(name) => Some((p.at, name.clone())),
                PlacementKind::Monster(_) => None,
            })
            .collect();
        for (at, name) in items {
            self.drop_item(content, at, &name);
        }
    }

    /// The first tile of the given terrain in reading order.
    fn find(&self, terrain: Terrain) -> Option<Cell> {
        self.level
            .terrain
            .iter()
            .find(|(_, t)| **t == terrain)
            .map(|(h, _)| h)
    }
}

/// Which way a flight of stairs leads.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Stairs {
    /// To the next depth.
    Down,
    /// To the depth above, or out of the dungeon from depth 1.
    Up,
}

impl World {
    /// Marks the current level visited and refreshes the view and the plans.
    pub(super) fn enter_level(&mut self) {
        let depth = self.depth();
        self.here_mut().visited = true;
        self.story.deepest = self.story.deepest.max(depth);
        self.resolver = None;
        self.update_view();
        self.replan();
    }

    /// Moves the player through the stairs they stand on to the level they lead to, arriving
    /// on the stairs leading back (or the free tile nearest them).
    pub(super) fn take_stairs(&mut self, way: Stairs) {
        let from = self.depth();
        let to = match way {
            Stairs::Down => from + 1,
            Stairs::Up => from - 1,
        };
        if to as usize > self.depths.len() && !self.make_depth() {
            return;
        }
        let target = &self.depths[to as usize - 1];
        let arrival = match way {
            Stairs::Down => target.find(Terrain::StairsUp),
            Stairs::Up => target.find(Terrain::StairsDown),
        }
        .or_else(|| target.level.start_or_default());
        let Some(arrival) = arrival else {
            return;
        };
        // The party goes together: every living hero on the level arrives, the player on
        // the stairs (or the free tile nearest them) and the others on the free tiles
        // nearest that.
        let party: Vec<CreatureId> = self
            .heroes
            .iter()
            .copied()
            .filter(|&h| self.creatures[h].alive && self.creatures[h].depth == from)
            .collect();
        for hero in party {
            self.creatures[hero].depth = to;
            self.creatures[hero].busy = 0;
            // Off the map until placed, so that the free tile search does not count it.
            self.creatures[hero].alive = false;
            let spot = self.free_tile_near(arrival).unwrap_or(arrival);
            self.creatures[hero].pos = spot;
            self.creatures[hero].alive = true;
        }
        self.enter_level();
    }

    /// Makes the next depth: the next map file given, or the level the world's source
    /// makes, with its monsters (new ids, after every creature so far) and its items. `false`
    /// when there is neither.
    fn make_depth(&mut self) -> bool {
        let depth = self.depths.len() as u32 + 1;
        let content = Arc::clone(&self.content);
        let mut level = if !self.pending_maps.is_empty() {
            self.pending_maps.remove(0)
        } else if let Some(levels) = &self.levels {
            levels.level(&content, self.seed, depth)
        } else {
            return false;
        };
        level.depth = depth;
        super::spawn_monsters(&content, &level, depth, &mut self.creatures);
        let mut made = Depth::new(level);
        made.place_items(&content);
        self.depths.push(made);
        true
    }

    /// The passable tile without a creature nearest to `hex` on the player's level (`hex`
    /// itself first), searching outwards ring by ring.
    pub(super) fn free_tile_near(&self, hex: Cell) -> Option<Cell> {
        let level = self.level();
        let free = |h: Cell| level.passable(h) && self.creatures_here().all(|c| c.pos != h);
        (0..=8).find_map(|r| level.terrain.ring(hex, r).into_iter().find(|&h| free(h)))
    }
}

#[cfg(test)]
mod tests {
    use crate::content::Content;
    use crate::geom::Cell;
    use crate::map::{Grid, Level, Shape, Terrain};
    use crate::sim::{Command, World};

    /// Two levels of open floor with stairs down at (3, 2) of the first; a party of two.
    fn two_levels() -> World {
        let shape = Shape::Parallelogram {
            width: 12,
            height: 5,
        };
        let mut grid = Grid::new(&shape, Terrain::Floor).unwrap();
        grid.set(Cell::new(3, 2), Terrain::StairsDown);
        let mut first = Level::new("first", 1, grid.clone());
        first.start = Some(Cell::new(1, 2));
        let mut second = Level::new("second", 2, grid);
        second.start = Some(Cell::new(8, 2));
        let content = Content::bundled().unwrap().into();
        World::party_on_levels(content, vec![first, second], 5, 2).unwrap()
    }

    #[test]
    fn once_the_first_hero_fell_the_world_runs_the_level_of_the_heroes_left() {
        let mut world = two_levels();
        world.creatures[0].alive = false;
        world.creatures[0].hp = 0;
        world.creatures[1].pos = Cell::new(3, 2);
        world.apply_all(&[(1, Command::Descend)]).unwrap();
        let hero = &world.creatures()[1];
        assert_eq!((hero.depth, world.depth()), (2, 2));
        assert_eq!(world.level().depth, 2, "the level the world runs is the hero's");
        assert!(world.hero_sees(1, hero.pos));
        assert!(world.depths()[1].is_seen(hero.pos), "the second level is seen");
        assert!(world.depths()[1].visited());
    }
}
