//! The levels of a game: what each holds besides its creatures (items on the floor, what each
//! hero has seen), how the dungeon is put together, and taking the stairs.

use super::{FloorItem, World};
use crate::content::Content;
use crate::geom::Cell;
use crate::map::{Level, PlacementKind, Terrain};
use crate::sim::CreatureId;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

pub use crate::content::MAX_DEPTH;

/// One hero's memory of one level (ARCHITECTURE.md, "Heroes on different depths").
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Memory {
    /// Per storage index: ever seen by the hero.
    pub seen: Vec<bool>,
    /// Whether the hero has been here.
    pub visited: bool,
}

/// One level as it is now: its terrain, the items lying on it and each hero's memory of it.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Depth {
    /// Terrain (doors open as creatures pass), start and placements.
    #[serde(with = "crate::sim::level_serde")]
    pub(super) level: Level,
    /// Per hero, by id: what they remember of the level.
    pub(super) memory: Vec<Memory>,
    /// Items lying on the floor, in the order they came to lie there.
    pub(super) floor: Vec<FloorItem>,
}

impl Depth {
    /// A level nobody has seen yet, for a party of `heroes`.
    pub(super) fn new(level: Level, heroes: usize) -> Depth {
        let storage = level.terrain.storage_len();
        let blank = Memory {
            seen: vec![false; storage],
            visited: false,
        };
        Depth {
            level,
            memory: vec![blank; heroes],
            floor: Vec::new(),
        }
    }

    /// The level's terrain and placements.
    pub fn level(&self) -> &Level {
        &self.level
    }

    /// Whether any hero has been on this level.
    pub fn visited(&self) -> bool {
        self.memory.iter().any(|m| m.visited)
    }

    /// Whether hero `hero` has been on this level.
    pub fn visited_by(&self, hero: CreatureId) -> bool {
        self.memory.get(hero).is_some_and(|m| m.visited)
    }

    /// Whether hero `hero` has seen `hex` of this level.
    pub fn is_seen_by(&self, hero: CreatureId, hex: Cell) -> bool {
        let Some(memory) = self.memory.get(hero) else {
            return false;
        };
        self.level
            .terrain
            .index(hex)
            .is_some_and(|i| memory.seen.get(i).copied().unwrap_or(false))
    }

    /// How many tiles of this level hero `hero` has seen.
    pub fn seen_count_by(&self, hero: CreatureId) -> usize {
        self.memory
            .get(hero)
            .map_or(0, |m| m.seen.iter().filter(|&&s| s).count())
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
    /// Marks the level of each of `heroes` (who have just come to it) visited by them, and
    /// refreshes the views; a level that was waiting has its monsters plan at once, the
    /// levels the segment under way runs when it ends.
    pub(super) fn enter_level(&mut self, heroes: &[CreatureId]) {
        for &hero in heroes {
            let depth = self.creatures[hero].depth;
            if let Some(m) = self.depths[depth as usize - 1].memory.get_mut(hero) {
                m.visited = true;
            }
            self.story.deepest = self.story.deepest.max(depth);
        }
        self.caches.resolver = None;
        self.update_view();
        let mut arrived: Vec<u32> = heroes.iter().map(|&h| self.creatures[h].depth).collect();
        arrived.dedup();
        for depth in arrived {
            if !self.running.contains(&depth) {
                let mut plans = std::mem::take(&mut self.plans);
                plans.resize(self.creatures.len(), None);
                self.replan_level(depth, &mut plans);
                self.plans = plans;
            }
        }
    }

    /// Moves hero `hero` through the stairs they stand on to the level they lead to,
    /// arriving on the stairs leading back (or the free tile nearest them), with the allies
    /// following them from near enough; the other heroes stay where they are.
    pub(super) fn take_stairs(&mut self, hero: CreatureId, way: Stairs) {
        let from = self.creatures[hero].depth;
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
        // The hero arrives on the stairs (or the free tile nearest them), and the allies
        // following them from near enough on the free tiles nearest the hero in steps, so
        // that none lands where the hero cannot reach.
        let mut party = vec![hero];
        party.extend(self.companions(&party, from));
        let mut first = None;
        for &hero in &party {
            let spot = match first {
                None => self.free_tile_near(to, arrival),
                Some(at) => self.free_tile_reached(to, at),
            }
            .unwrap_or(arrival);
            first.get_or_insert(spot);
            let moved = &mut self.creatures[hero];
            (moved.depth, moved.busy, moved.pos) = (to, 0, spot);
        }
        self.enter_level(&[hero]);
    }

    /// Whether `cell` of the level at `depth` can be entered and no living creature stands
    /// there.
    fn free_on(&self, depth: u32, cell: Cell) -> bool {
        let level = &self.depths[depth as usize - 1].level;
        let here = |c: &&crate::sim::Creature| c.alive && c.depth == depth;
        level.passable(cell) && self.creatures.iter().filter(here).all(|c| c.pos != cell)
    }

    /// The free tile of the level at `depth` nearest to `from` in steps (ties in coordinate
    /// order), `from` itself first, within eight steps.
    fn free_tile_reached(&self, depth: u32, from: Cell) -> Option<Cell> {
        let level = &self.depths[depth as usize - 1].level;
        let mut reached = vec![from];
        let mut frontier = vec![from];
        for _ in 0..=8 {
            if let Some(&free) = frontier.iter().find(|&&c| self.free_on(depth, c)) {
                return Some(free);
            }
            let mut next: Vec<Cell> = frontier
                .iter()
                .flat_map(|&c| level.terrain.neighbours(c).map(move |n| (c, n)))
                .filter(|&(c, n)| level.passable(n) && level.move_allowed(c, n))
                .map(|(_, n)| n)
                .filter(|n| !reached.contains(n))
                .collect();
            next.sort_unstable();
            next.dedup();
            reached.extend(next.iter().copied());
            frontier = next;
        }
        None
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
        let mut made = Depth::new(level, self.heroes.len());
        made.place_items(&content);
        self.depths.push(made);
        true
    }

    /// The free tile of the level at `depth` nearest to `hex` (`hex` itself first),
    /// searching outwards ring by ring.
    fn free_tile_near(&self, depth: u32, hex: Cell) -> Option<Cell> {
        let level = &self.depths[depth as usize - 1].level;
        let free = |h: Cell| self.free_on(depth, h);
        (0..=8).find_map(|r| level.terrain.ring(hex, r).into_iter().find(|&h| free(h)))
    }
}

#[cfg(test)]
mod tests {
    use crate::content::Content;
    use crate::geom::Cell;
    use crate::map::{Grid, Level, Placement, PlacementKind, Shape, Terrain};
    use crate::sim::world::spawn_monsters;
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
    fn a_following_ally_arrives_where_its_hero_can_reach_it() {
        // Below: a corridor from the stairs up at (3, 2) west to (0, 2), rats on the two
        // tiles next to the stairs, and a walled-in pocket at (5, 2), two tiles east.
        let shape = Shape::Parallelogram {
            width: 8,
            height: 5,
        };
        let mut below = Grid::new(&shape, Terrain::Wall).unwrap();
        for x in 0..=2 {
            below.set(Cell::new(x, 2), Terrain::Floor);
        }
        below.set(Cell::new(3, 2), Terrain::StairsUp);
        let pocket = Cell::new(5, 2);
        below.set(pocket, Terrain::Floor);
        let mut second = Level::new("below", 2, below);
        second.start = Some(Cell::new(3, 2));
        for x in [1, 2] {
            second.placements.push(Placement {
                at: Cell::new(x, 2),
                kind: PlacementKind::Monster("rat".into()),
            });
        }
        let mut world = two_levels();
        world.depths[1] = super::Depth::new(second.clone(), 2);
        spawn_monsters(&world.content_handle(), &second, 2, &mut world.creatures);
        // A rat of the first level follows the first hero.
        let ally = world.creatures.len();
        let kind = world.content_handle();
        let mut rat =
            crate::sim::Creature::monster(ally, kind.monster("rat").unwrap(), Cell::new(4, 2));
        rat.faction = world.creatures[0].faction;
        world.creatures.push(rat);
        world.allies.push(crate::sim::ally::Ally {
            id: ally,
            leader: 0,
            task: crate::sim::ally::Task::Follow,
        });
        world.creatures[0].pos = Cell::new(3, 2);
        world.creatures[1].pos = Cell::new(1, 2);
        world.replan();
        world.apply_all(&[(0, Command::Descend)]).unwrap();
        let (first, other) = (world.creatures()[0].pos, world.creatures()[ally].pos);
        assert_eq!(first, Cell::new(3, 2), "the hero on the stairs");
        assert_eq!(world.creatures()[ally].depth, 2);
        assert_ne!(other, pocket, "not in the pocket");
        assert_eq!(other, Cell::new(0, 2), "the free tile nearest in steps");
        assert_eq!(world.creatures()[1].depth, 1, "the other hero stays");
    }

    #[test]
    fn once_the_first_hero_fell_the_world_runs_the_level_of_the_heroes_left() {
        let mut world = two_levels();
        world.creatures[0].alive = false;
        world.creatures[0].hp = 0;
        world.creatures[1].pos = Cell::new(3, 2);
        world.apply_all(&[(1, Command::Descend)]).unwrap();
        let hero = &world.creatures()[1];
        assert_eq!((hero.depth, world.lead_depth()), (2, 2));
        assert_eq!(world.occupied_depths(), [2], "the level the world runs");
        assert_eq!(world.level_of(1).depth, 2);
        assert!(world.hero_sees(1, hero.pos));
        assert!(
            world.depths()[1].is_seen_by(1, hero.pos),
            "the second level is seen"
        );
        assert!(world.depths()[1].visited_by(1));
        assert_eq!(
            world.depth(),
            1,
            "the fallen viewer still looks at their level"
        );
    }
}
