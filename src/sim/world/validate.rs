//! Checks of a world read from a file: a loaded state must be one the rules could have made,
//! so that nothing panics later on an index outside a map or a creature that is not there.

use super::World;
use thiserror::Error;

/// Why a loaded world cannot be played.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum InvalidWorld {
    /// No level, or no player.
    #[error("the world has no {0}")]
    Missing(&'static str),
    /// Something stands or lies outside its level, or on no level.
    #[error("{0}")]
    Outside(String),
    /// Two living creatures share a tile.
    #[error("{first} and {second} stand on the same tile {at} of depth {depth}")]
    SharedTile {
        /// One creature.
        first: String,
        /// The other.
        second: String,
        /// The tile.
        at: crate::geom::Cell,
        /// Its depth.
        depth: u32,
    },
    /// Numbers the rules never produce.
    #[error("{0}")]
    Inconsistent(String),
}

impl World {
    /// Checks that every creature stands on a passable tile of an existing level, that no two
    /// living creatures share a tile, that ids match positions in the list, that per-tile
    /// tables fit their levels and the clock is in range, and that every number, name and
    /// item keeps the bounds of the data and the rules (`bounds.rs`).
    pub fn validate(&self) -> Result<(), InvalidWorld> {
        self.check_frame()?;
        self.check_depths()?;
        let taken = self.check_creatures()?;
        let all_dead = self.heroes.iter().all(|&h| !self.creatures[h].alive);
        if all_dead && self.story.ending.is_none() {
            return Err(InvalidWorld::Inconsistent(
                "every hero is dead but the game goes on".into(),
            ));
        }
        check_shared_tiles(&self.creatures, taken)?;
        self.check_allies()?;
        self.check_bounds()
    }

    /// The world's frame: levels and maps to come within its depths, the player first, and
    /// the segment within the turn.
    fn check_frame(&self) -> Result<(), InvalidWorld> {
        if self.depths.is_empty() {
            return Err(InvalidWorld::Missing("level"));
        }
        if self.depths.len() + self.pending_maps.len() > self.depth_count as usize {
            return Err(InvalidWorld::Inconsistent(format!(
                "{} levels made and {} maps to come in a game of {} depths",
                self.depths.len(),
                self.pending_maps.len(),
                self.depth_count
            )));
        }
        if self.creatures.is_empty() {
            return Err(InvalidWorld::Missing("player"));
        }
        if let Some(&h) = self.heroes.iter().find(|&&h| {
            self.creatures
                .get(h)
                .is_none_or(|hero| hero.behaviour.is_some())
        }) {
            return Err(InvalidWorld::Inconsistent(format!(
                "creature {h} is not a hero"
            )));
        }
        if !(1..=super::SEGMENTS).contains(&self.segment) {
            return Err(InvalidWorld::Inconsistent(format!(
                "segment {} is not 1 to {}",
                self.segment,
                super::SEGMENTS
            )));
        }
        Ok(())
    }

    /// Each ally is a creature that is no hero, listed once in order, on its hero's side, and
    /// follows a hero; one told to attack names a creature.
    fn check_allies(&self) -> Result<(), InvalidWorld> {
        let bad = |what: String| Err(InvalidWorld::Inconsistent(what));
        for (i, a) in self.allies.iter().enumerate() {
            if i > 0 && self.allies[i - 1].id >= a.id {
                return bad(format!("ally {} is listed out of order or twice", a.id));
            }
            let (Some(me), Some(leader)) = (self.creatures.get(a.id), self.creatures.get(a.leader))
            else {
                return bad(format!(
                    "ally {} or its hero {} does not exist",
                    a.id, a.leader
                ));
            };
            if self.is_hero(a.id) || !self.is_hero(a.leader) || me.faction != leader.faction {
                return bad(format!(
                    "creature {} cannot be an ally of {}",
                    a.id, a.leader
                ));
            }
            if let crate::sim::ally::Task::Attack(foe) = a.task
                && foe >= self.creatures.len()
            {
                return bad(format!(
                    "ally {} attacks creature {foe}, which does not exist",
                    a.id
                ));
            }
        }
        Ok(())
    }

    /// Each level's memory fits its map, and its items lie on floor.
    fn check_depths(&self) -> Result<(), InvalidWorld> {
        for (d, depth) in self.depths.iter().enumerate() {
            let storage = depth.level.terrain.storage_len();
            if depth.memory.len() != self.heroes.len()
                || depth.memory.iter().any(|m| m.seen.len() != storage)
            {
                return Err(InvalidWorld::Inconsistent(format!(
                    "the memory of depth {} does not fit its map",
                    d + 1
                )));
            }
            if let Some(f) = depth.floor.iter().find(|f| !depth.level.passable(f.at)) {
                return Err(InvalidWorld::Outside(format!(
                    "{} lies on {} of depth {}, which is no floor",
                    f.item,
                    f.at,
                    d + 1
                )));
            }
        }
        Ok(())
    }

    /// Each creature's id, depth, tile and hit points; returns the tiles the living stand on
    /// (depth, tile, creature).
    fn check_creatures(&self) -> Result<Vec<(u32, crate::geom::Cell, usize)>, InvalidWorld> {
        let mut taken: Vec<(u32, crate::geom::Cell, usize)> = Vec::new();
        for (i, c) in self.creatures.iter().enumerate() {
            if c.id != i {
                return Err(InvalidWorld::Inconsistent(format!(
                    "creature {i} calls itself {}",
                    c.id
                )));
            }
            let Some(depth) = (c.depth as usize)
                .checked_sub(1)
                .and_then(|d| self.depths.get(d))
            else {
                return Err(InvalidWorld::Outside(format!(
                    "{} #{} is on depth {}, which does not exist",
                    c.name, c.id, c.depth
                )));
            };
            if c.alive && !depth.level.passable(c.pos) {
                return Err(InvalidWorld::Outside(format!(
                    "{} #{} stands on {} of depth {}, where nothing can stand",
                    c.name, c.id, c.pos, c.depth
                )));
            }
            if c.max_hp < 1 || (c.alive && (c.hp < 1 || c.hp > c.max_hp)) {
                return Err(InvalidWorld::Inconsistent(format!(
                    "{} #{} has {} of {} hit points",
                    c.name, c.id, c.hp, c.max_hp
                )));
            }
            if c.alive {
                taken.push((c.depth, c.pos, i));
            }
        }
        Ok(taken)
    }
}

/// No two living creatures share a tile: `taken` holds (depth, tile, creature) of the living.
fn check_shared_tiles(
    creatures: &[crate::sim::Creature],
    mut taken: Vec<(u32, crate::geom::Cell, usize)>,
) -> Result<(), InvalidWorld> {
    taken.sort_unstable();
    for pair in taken.windows(2) {
        let ((d1, h1, a), (d2, h2, b)) = (pair[0], pair[1]);
        if (d1, h1) == (d2, h2) {
            return Err(InvalidWorld::SharedTile {
                first: creatures[a].name.clone(),
                second: creatures[b].name.clone(),
                at: h1,
                depth: d1,
            });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::Cell;
    use crate::map::{Grid, Level, Placement, PlacementKind, Shape, Terrain};

    fn world() -> World {
        let grid = Grid::new(
            &Shape::Parallelogram {
                width: 6,
                height: 4,
            },
            Terrain::Floor,
        )
        .unwrap();
        let mut level = Level::new("t", 1, grid);
        level.start = Some(Cell::new(0, 0));
        level.placements.push(Placement {
            at: Cell::new(4, 2),
            kind: PlacementKind::Monster("goblin".into()),
        });
        World::new(crate::content::Content::bundled().unwrap().into(), level, 1).unwrap()
    }

    #[test]
    fn a_world_the_rules_made_is_valid() {
        assert_eq!(world().validate(), Ok(()));
    }

    #[test]
    fn impossible_worlds_are_refused() {
        let mut w = world();
        w.creatures.clear();
        assert_eq!(w.validate(), Err(InvalidWorld::Missing("player")));

        let mut w = world();
        let at = w.creatures[0].pos;
        w.creatures[1].pos = at;
        assert!(matches!(w.validate(), Err(InvalidWorld::SharedTile { .. })));

        let mut w = world();
        w.creatures[1].pos = Cell::new(50, 50);
        assert!(matches!(w.validate(), Err(InvalidWorld::Outside(_))));

        let mut w = world();
        w.creatures[1].depth = 7;
        assert!(matches!(w.validate(), Err(InvalidWorld::Outside(_))));

        let mut w = world();
        w.depths[0].memory[0].seen.pop();
        assert!(matches!(w.validate(), Err(InvalidWorld::Inconsistent(_))));

        let mut w = world();
        w.segment = 9;
        assert!(matches!(w.validate(), Err(InvalidWorld::Inconsistent(_))));
    }
}
