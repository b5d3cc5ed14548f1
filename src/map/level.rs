//! A level: terrain plus where the player starts and what stands on it.

use super::{CornerFeature, SideFeature, Sides};
use super::{Terrain, TerrainGrid};
use crate::geom::{Cell, Corner, Side};
use serde::{Deserialize, Serialize};
use std::any::Any;
use std::fmt;
use std::sync::{Arc, OnceLock};

/// What a placement puts on a tile.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PlacementKind {
    /// A monster, by its name in `data/monsters.toml`.
    Monster(String),
    /// An item, by its name in `data/items.toml`.
    Item(String),
}

/// A monster or item placed on a tile of a level.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Placement {
    /// Where it stands.
    pub at: Cell,
    /// What it is.
    pub kind: PlacementKind,
}

/// A playable map: terrain, a player start and placements.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Level {
    /// A name for the sidebar and messages.
    pub name: String,
    /// How deep this level is (1 = the first).
    pub depth: u32,
    /// The terrain of every tile; changes go through [`TerrainGrid`], which keeps the sight
    /// bits in step.
    pub terrain: TerrainGrid,
    /// Where the player starts, if the map says.
    pub start: Option<Cell>,
    /// Monsters and items, in the order the map lists them.
    pub placements: Vec<Placement>,
    /// What stands on the sides between tiles and on corners ([`Sides`]).
    sides: Sides,
    /// What the modules above `map` derive from the terrain grid's layout.
    topology: TopologyCache,
}

/// A value derived from a level's grid layout (its shape and storage stride, never its
/// terrain) by a module above `map`, built on first use and kept with the level: `fov` keeps
/// its line trees here. Clones of a level share it; it is no part of the level's value
/// (levels compare equal whatever it holds) and is never saved. The slot is typed at run time
/// so that `map` need not know the modules that fill it.
#[derive(Clone, Default)]
pub struct TopologyCache(Arc<OnceLock<Box<dyn Any + Send + Sync>>>);

impl TopologyCache {
    /// The value kept here, made by `init` on first use; `None` when the slot already holds a
    /// value of another type.
    pub fn get_or_init<C: Any + Send + Sync>(&self, init: impl FnOnce() -> C) -> Option<&C> {
        self.0.get_or_init(|| Box::new(init())).downcast_ref()
    }

    /// Whether `self` and `other` are one slot (a level and its clones share theirs).
    pub fn is_shared_with(&self, other: &TopologyCache) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl fmt::Debug for TopologyCache {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Nothing of what it holds: two equal levels print alike.
        f.write_str("TopologyCache(..)")
    }
}

/// A cache is not part of the value: every two compare equal.
impl PartialEq for TopologyCache {
    fn eq(&self, _: &TopologyCache) -> bool {
        true
    }
}

impl Eq for TopologyCache {}

impl Level {
    /// A level with no start and no placements.
    pub fn new(name: impl Into<String>, depth: u32, terrain: impl Into<TerrainGrid>) -> Level {
        Level {
            name: name.into(),
            depth,
            terrain: terrain.into(),
            start: None,
            placements: Vec::new(),
            sides: Sides::default(),
            topology: TopologyCache::default(),
        }
    }

    /// What the modules above `map` derive from this level's grid layout
    /// ([`TopologyCache`]).
    pub fn topology_cache(&self) -> &TopologyCache {
        &self.topology
    }

    /// The terrain at a hex; no tile reads as `None`.
    pub fn terrain_at(&self, hex: Cell) -> Option<Terrain> {
        self.terrain.get(hex).copied()
    }

    /// Whether a creature may enter the hex (a tile that does not block movement).
    pub fn passable(&self, hex: Cell) -> bool {
        self.terrain_at(hex).is_some_and(|t| !t.blocks_movement())
    }

    /// Whether a step from `from` to `to` is one of `from`'s moves and does not squeeze past a
    /// corner: a move through a corner (a square's diagonal, a triangle's shortcut) is
    /// refused when any tile it passes between is a wall, a closed door or no tile
    /// (ARCHITECTURE.md, "Tilings"). Whether `to` itself can be entered is [`Level::passable`].
    ///
    /// On a level with sides ([`Level::has_sides`]) the move must also cross its side or
    /// corner: no thin wall (a closed door is crossed by opening it, [`Level::door_between`]).
    pub fn move_allowed(&self, from: Cell, to: Cell) -> bool {
        self.terrain
            .move_index_between(from, to)
            .is_some_and(|(k, m)| {
                let squeezes_by = m.squeezes().iter().any(|&(dx, dy)| {
                    let beside = self.terrain_at(from.offset(dx, dy));
                    beside.is_none_or(Terrain::pinches)
                });
                let index = self.terrain.storage_index(from);
                !squeezes_by && index.is_none_or(|i| self.sides.passes(i, k))
            })
    }

    /// Whether a blow from `from` may reach `to`: a move that is allowed and crosses no
    /// closed door ([`Level::sight_crosses`]).
    pub fn blow_allowed(&self, from: Cell, to: Cell) -> bool {
        self.move_allowed(from, to) && self.sight_crosses(from, to)
    }

    /// Whether sight (and a missile) passes from tile `a` to the tile `b` one move away: no
    /// thin wall or closed door on the side between, no pillar or blocking side at a diagonal's
    /// corner. Always true on a level without sides, and for tiles not one move apart.
    pub fn sight_crosses(&self, a: Cell, b: Cell) -> bool {
        if !self.sides.any() {
            return true;
        }
        match self.terrain.move_index_between(a, b) {
            Some((k, _)) => {
                let index = self.terrain.storage_index(a);
                index.is_none_or(|i| self.sides.sees(i, k))
            }
            None => true,
        }
    }

    /// The tiles a missile from `from` toward `to` flies over: the line without its start, up
    /// to (not including) the first tile that lies off the map, blocks sight, or lies beyond
    /// a side sight cannot cross, and never past `to`. It flies along `line⁺` unless that
    /// is stopped before `to` and `line⁻` is not (ARCHITECTURE.md, "Field of view"): what
    /// can be seen can be shot at.
    pub fn open_line(&self, from: Cell, to: Cell) -> Vec<Cell> {
        let plus = self.open_prefix(&self.terrain.line(from, to));
        if from == to || plus.last() == Some(&to) {
            return plus;
        }
        let minus = self.open_prefix(&self.terrain.line_minus(from, to));
        if minus.last() == Some(&to) {
            minus
        } else {
            plus
        }
    }

    /// The tiles of `line` after its first, up to (not including) the first that lies off
    /// the map, blocks sight, or lies beyond a side sight cannot cross.
    fn open_prefix(&self, line: &[Cell]) -> Vec<Cell> {
        let mut out = Vec::with_capacity(line.len());
        for w in line.windows(2) {
            let (a, b) = (w[0], w[1]);
            if !self.terrain.contains(b) || self.blocks_sight(b) || !self.sight_crosses(a, b) {
                break;
            }
            out.push(b);
        }
        out
    }

    /// The closed door on the side between `from` and `to`, if one is there: a step across
    /// it opens it instead of crossing.
    pub fn door_between(&self, from: Cell, to: Cell) -> Option<Side> {
        let side = self.side_of(from, to)?;
        (self.side_at(side) == SideFeature::DoorClosed).then_some(side)
    }

    /// The closed door a step from `from` to `to` opens instead of crossing: the rules'
    /// one test of it, for the player's command, every creature's intention and travel. A
    /// step the level forbids ([`Level::move_allowed`]) opens nothing.
    pub fn door_opened_by_step(&self, from: Cell, to: Cell) -> Option<Side> {
        self.door_between(from, to)
            .filter(|_| self.move_allowed(from, to))
    }

    /// The side between two tiles that share one, on tilings with sides.
    pub fn side_of(&self, a: Cell, b: Cell) -> Option<Side> {
        self.terrain.tiling().side_between(a, b)
    }

    /// Whether any side or corner of the level holds a feature: thin walls, doors on sides
    /// or pillars (levels without keep no storage for them and search faster).
    pub fn has_sides(&self) -> bool {
        self.sides.any()
    }

    /// The side and corner features with their masks.
    pub fn sides(&self) -> &Sides {
        &self.sides
    }

    /// The feature on a side (open where none is).
    pub fn side_at(&self, side: Side) -> SideFeature {
        self.sides.side(&self.terrain, side)
    }

    /// Sets the feature on a side; `false` (nothing changes) when the side is not on this
    /// map's storage or the tiling has no sides.
    pub fn set_side(&mut self, side: Side, feature: SideFeature) -> bool {
        self.sides.set_side(&self.terrain, side, feature)
    }

    /// Sets the features of many sides at once ([`Sides::set_sides`]: the masks are
    /// recomputed once); returns how many sides were on this map's storage.
    pub fn set_sides(&mut self, features: impl IntoIterator<Item = (Side, SideFeature)>) -> usize {
        self.sides.set_sides(&self.terrain, features)
    }

    /// The feature on a corner.
    pub fn corner_at(&self, corner: Corner) -> CornerFeature {
        self.sides.corner(&self.terrain, corner)
    }

    /// Sets the feature on a corner; `false` when the corner is not on this map's storage.
    pub fn set_corner(&mut self, corner: Corner, feature: CornerFeature) -> bool {
        self.sides.set_corner(&self.terrain, corner, feature)
    }

    /// Every side holding a feature, in storage order of its upper or left tile.
    pub fn side_features(&self) -> Vec<(Side, SideFeature)> {
        self.sides.features(&self.terrain)
    }

    /// Every corner holding a feature.
    pub fn corner_features(&self) -> Vec<(Corner, CornerFeature)> {
        self.sides.corner_features(&self.terrain)
    }

    /// Whether the hex hides what lies beyond it; positions outside the shape block sight.
    pub fn blocks_sight(&self, hex: Cell) -> bool {
        self.terrain_at(hex).is_none_or(Terrain::blocks_sight)
    }

    /// The player's start: the given start if passable, else the up stairs, else the first
    /// passable tile in reading order.
    pub fn start_or_default(&self) -> Option<Cell> {
        if let Some(s) = self.start.filter(|&s| self.passable(s)) {
            return Some(s);
        }
        let mut tiles = self.terrain.iter();
        let stairs = tiles
            .find(|(_, t)| **t == Terrain::StairsUp)
            .map(|(h, _)| h);
        stairs.or_else(|| {
            self.terrain
                .iter()
                .find(|(_, t)| !t.blocks_movement())
                .map(|(h, _)| h)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::map::{Grid, Shape};

    #[test]
    fn default_start_prefers_up_stairs_then_reading_order() {
        let mut g = Grid::new(
            &Shape::Parallelogram {
                width: 3,
                height: 2,
            },
            Terrain::Wall,
        )
        .unwrap();
        g.set(Cell::new(2, 0), Terrain::Floor);
        g.set(Cell::new(1, 1), Terrain::StairsUp);
        let mut level = Level::new("t", 1, g);
        assert_eq!(level.start_or_default(), Some(Cell::new(1, 1)));
        level.terrain.set(Cell::new(1, 1), Terrain::Wall);
        assert_eq!(level.start_or_default(), Some(Cell::new(2, 0)));
        level.start = Some(Cell::new(0, 1));
        assert_eq!(
            level.start_or_default(),
            Some(Cell::new(2, 0)),
            "a wall start is ignored"
        );
    }

    fn open_floor() -> Grid<Terrain> {
        let shape = Shape::Parallelogram {
            width: 6,
            height: 6,
        };
        Grid::new(&shape, Terrain::Floor).unwrap()
    }

    #[test]
    fn a_missile_takes_the_other_line_where_the_first_is_stopped() {
        // Two steps straight up the screen from (1, 2) to (0, 0): the segment runs between
        // (1, 1) and (0, 1). With a wall on one of them the missile flies over the other.
        let (from, to) = (Cell::new(1, 2), Cell::new(0, 0));
        for wall in [Cell::new(1, 1), Cell::new(0, 1)] {
            let mut g = open_floor();
            g.set(wall, Terrain::Wall);
            let level = Level::new("t", 1, g);
            let plus = level.terrain.line(from, to);
            let minus = level.terrain.line_minus(from, to);
            assert_ne!(plus, minus);
            let flight = level.open_line(from, to);
            assert_eq!(flight.last(), Some(&to), "wall at {wall}");
            let free = if plus.contains(&wall) { &minus } else { &plus };
            assert_eq!(flight, free[1..]);
        }
        // Both lines stopped: the missile flies `line⁺` as far as it goes.
        let mut g = open_floor();
        g.set(Cell::new(1, 1), Terrain::Wall);
        g.set(Cell::new(0, 1), Terrain::Wall);
        let level = Level::new("t", 1, g);
        assert!(level.open_line(Cell::new(1, 2), Cell::new(0, 0)).is_empty());
    }

    #[test]
    fn outside_blocks_sight_and_movement() {
        let g = Grid::new(&Shape::Hexagon { radius: 1 }, Terrain::Floor).unwrap();
        let level = Level::new("t", 1, g);
        assert!(level.blocks_sight(Cell::new(5, 0)));
        assert!(!level.passable(Cell::new(5, 0)));
        assert!(level.passable(Cell::new(1, 0)));
    }
}
