//! What one hero of a party knows: the world's player-knowledge queries asked for the hero a
//! bot plays. The party shares its memory of the map (what any hero has seen); each hero sees
//! by their own sight ([`World::hero_sees`]) and carries their own pack. For the first hero
//! each answer is the world's own (`World::visible_monsters`, …), so a bot playing one hero
//! decides as it always did.

use super::together::Chosen;
use crate::geom::Cell;
use crate::sim::{Creature, CreatureId, Gear, Plan, World};

/// The world as hero `hero` knows it.
#[derive(Copy, Clone)]
pub(super) struct Eye<'a> {
    /// The world, for what the party shares: the level, its memory, the items on the floor.
    pub world: &'a World,
    /// The hero.
    pub hero: CreatureId,
    /// What the companions whose bots chose before this one's chose for the coming segment.
    pub chosen: &'a [Chosen],
}

impl<'a> Eye<'a> {
    /// Hero `hero`'s knowledge of `world`.
    pub(super) fn new(world: &'a World, hero: CreatureId) -> Eye<'a> {
        Eye::after(world, hero, &[])
    }

    /// Hero `hero`'s knowledge of `world`, told what the companions before it `chosen`.
    pub(super) fn after(world: &'a World, hero: CreatureId, chosen: &'a [Chosen]) -> Eye<'a> {
        Eye {
            world,
            hero,
            chosen,
        }
    }

    /// The hero's creature.
    pub(super) fn me(&self) -> &'a Creature {
        &self.world.creatures()[self.hero]
    }

    /// Whether the hero sees `cell` of the level now.
    pub(super) fn sees(&self, cell: Cell) -> bool {
        // The first hero's view is the world's own, kept as a flag per tile: the quick way.
        if self.hero == World::PLAYER {
            self.world.is_visible(cell)
        } else {
            self.world.hero_sees(self.hero, cell)
        }
    }

    /// The living creature the hero sees at `cell`, if any.
    pub(super) fn visible_creature(&self, cell: Cell) -> Option<&'a Creature> {
        self.world.creature_at(cell).filter(|_| self.sees(cell))
    }

    /// The living creatures in view but the hero (monsters and the other heroes), nearest
    /// first (then by id).
    pub(super) fn visible_monsters(&self) -> Vec<&'a Creature> {
        let me = self.me();
        let world = self.world;
        let mut list: Vec<&Creature> = world
            .creatures_here()
            .filter(|c| c.id != me.id && self.sees(c.pos))
            .collect();
        list.sort_by_key(|c| (world.dist(me.pos, c.pos), c.id));
        list
    }

    /// The plans of the monsters in view, in id order.
    pub(super) fn visible_plans(&self) -> Vec<Plan> {
        let mut plans = self.world.planned();
        plans.retain(|p| self.sees(p.from));
        plans
    }

    /// The tile a monster in view is telegraphed to step onto in the coming segment, or its
    /// own when it does not step then.
    pub(super) fn telegraphed_tile(&self, monster: &Creature) -> Cell {
        crate::sim::telegraphed_among(&self.visible_plans(), monster)
    }

    /// The way to the nearest known item worth picking up, or else to the nearest unexplored
    /// place, from the hero's tile.
    pub(super) fn explore_path(&self) -> Option<Vec<Cell>> {
        self.world.explore_path_for(self.hero)
    }

    /// The seen stairs down nearest the hero.
    pub(super) fn nearest_seen_stairs_down(&self) -> Option<Cell> {
        let me = self.me().pos;
        self.world
            .seen_stairs_down()
            .into_iter()
            .min_by_key(|&h| (self.world.dist(me, h), h))
    }

    /// The hero's blow and armour now.
    pub(super) fn gear(&self) -> Gear {
        self.world.gear_now(self.hero)
    }

    /// The hero's blow and armour with `item` in hand or on.
    pub(super) fn gear_with(&self, item: &str) -> Option<Gear> {
        self.world.gear_with(self.hero, item)
    }

    /// The range of the hero's item under `letter` when thrown or fired now.
    pub(super) fn throw_range(&self, letter: char) -> Option<u32> {
        self.world.throw_range_by(self.hero, letter)
    }

    /// Whether the hero carries the artifact.
    pub(super) fn carries_artifact(&self) -> bool {
        self.world.carries_artifact_by(self.hero)
    }

    /// Whether a living hero of the party (the hero too), on any level, carries the
    /// artifact. On any level: a hero above the bearer, called down to them, went down onto
    /// the stairs the bearer was stepping onto, then up again with them, and so to and fro
    /// until the game ran out of time.
    pub(super) fn party_carries_artifact(&self) -> bool {
        self.world.heroes().iter().any(|&h| {
            let c = &self.world.creatures()[h];
            c.alive && self.world.carries_artifact_by(h)
        })
    }
}
