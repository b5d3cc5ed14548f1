//! A fallen hero's pack: what a hero carried, wielded and wore falls where the hero fell, for
//! a companion to pick up (ARCHITECTURE.md, "Simultaneous turns"). Only while another hero
//! lives: the death of the last hero ends the game, and leaving the pack on the body then
//! keeps every recorded game of one hero hashing as it did.

use super::World;
use super::change::{Change, Effect};
use crate::sim::{CreatureId, Event};

impl World {
    /// The packs of the heroes among `fallen` (creatures that die this segment) falling on
    /// the tiles where they fell, when some hero still lives: each pack empties, and an
    /// event for each kind dropped. Computed before the deaths are made.
    pub(super) fn pack_changes(&self, fallen: &[CreatureId]) -> Vec<Change> {
        let someone_lives = self
            .heroes
            .iter()
            .any(|&h| self.creatures[h].alive && !fallen.contains(&h));
        let mut changes = Vec::new();
        if !someone_lives {
            return changes;
        }
        for &who in fallen.iter().filter(|&&who| self.is_hero(who)) {
            changes.push(Change::Quiet(Effect::EmptyPack { who }));
            for stack in &self.creatures[who].inventory {
                changes.push(Change::Apply(Event::Dropped {
                    who,
                    item: stack.item.clone(),
                    count: stack.count,
                }));
            }
        }
        changes
    }
}

#[cfg(test)]
mod tests {
    use crate::content::Content;
    use crate::geom::Cell;
    use crate::map::{Grid, Level, Placement, PlacementKind, Shape, Terrain};
    use crate::sim::{Command, Event, World};

    /// A long room with a rat at its east end; `heroes` heroes at its west end, the last one
    /// moved next to the rat with one hit point left.
    fn doomed(heroes: usize) -> World {
        let grid = Grid::new(
            &Shape::Parallelogram {
                width: 14,
                height: 3,
            },
            Terrain::Floor,
        )
        .unwrap();
        let mut level = Level::new("room", 1, grid);
        level.start = Some(Cell::new(1, 1));
        level.placements.push(Placement {
            at: Cell::new(13, 1),
            kind: PlacementKind::Monster("rat".to_string()),
        });
        let content = Content::bundled().unwrap().into();
        let mut world = World::party_on_levels(content, vec![level], 3, heroes).unwrap();
        let last = heroes - 1;
        world.creatures[last].pos = Cell::new(12, 1);
        world.creatures[last].hp = 1;
        world
    }

    /// Every hero waits until hero `who` has died (or 40 segments passed); the events.
    fn until_dead(world: &mut World, who: usize) -> Vec<Event> {
        let mut events = Vec::new();
        for _ in 0..40 {
            if !world.creatures[who].alive || world.is_over() {
                break;
            }
            let waits: Vec<(usize, Command)> = world
                .acting_heroes()
                .iter()
                .map(|&h| (h, Command::Wait))
                .collect();
            events = world.apply_all(&waits).unwrap();
        }
        assert!(!world.creatures[who].alive, "the rat killed hero {who}");
        events
    }

    /// The items lying on `at`, sorted.
    fn floor_at(world: &World, at: Cell) -> Vec<String> {
        let mut items: Vec<String> = world.items_at(at).map(|f| f.item.clone()).collect();
        items.sort();
        items
    }

    #[test]
    fn a_fallen_hero_s_pack_and_gear_lie_where_they_fell_for_the_companion() {
        let mut world = doomed(2);
        let hero = world.creatures[1].clone();
        let mut carried: Vec<String> = hero
            .inventory
            .iter()
            .flat_map(|s| std::iter::repeat_n(s.item.clone(), s.count as usize))
            .collect();
        carried.sort();
        assert!(!carried.is_empty());
        let events = until_dead(&mut world, 1);
        assert!(!world.is_over(), "the first hero lives on");
        assert_eq!(floor_at(&world, hero.pos), carried);
        let fallen = &world.creatures[1];
        assert!(fallen.inventory.is_empty() && fallen.wielded.is_none() && fallen.worn.is_none());
        let told = events
            .iter()
            .filter(|e| matches!(e, Event::Dropped { who: 1, .. }))
            .count();
        assert_eq!(told, hero.inventory.len(), "one event for each kind");
        // The companion can take it all.
        world.creatures[0].pos = hero.pos;
        let before = world.creatures[0].count_of("potion of healing");
        world.apply_all(&[(0, Command::PickUp)]).unwrap();
        assert!(world.items_at(hero.pos).next().is_none());
        assert!(world.creatures[0].count_of("potion of healing") > before);
    }

    #[test]
    fn the_last_hero_s_pack_stays_with_them_so_a_game_of_one_hashes_as_before() {
        let mut world = doomed(1);
        let hero = world.creatures[0].clone();
        until_dead(&mut world, 0);
        assert!(world.is_over());
        assert!(world.items_at(hero.pos).next().is_none());
        assert_eq!(world.creatures[0].inventory, hero.inventory);
    }
}
