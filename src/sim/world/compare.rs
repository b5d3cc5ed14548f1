//! Words for how two worlds differ, over their whole state: what `replay --verify` compares
//! between the state a save kept and the state its record replays to, so that nothing in a
//! save (a creature's strength, the story, the player's memory) can be altered unseen.

use super::{Ending, Story, World};
use crate::map::Level;
use crate::sim::Creature;

impl World {
    /// Words for how this world differs from `other`, over every part of the state (the
    /// caches left out): the clock, the seed and the generator, every creature field by field,
    /// the plans, the story, the healing under way, the terrain digest, and each level's map,
    /// memory, floor and visit. Empty when they agree on all of it.
    pub fn differences(&self, other: &World) -> Vec<String> {
        let mut out = Vec::new();
        if (self.turn, self.segment) != (other.turn, other.segment) {
            out.push(format!(
                "turn {}.{} against {}.{}",
                self.turn, self.segment, other.turn, other.segment
            ));
        }
        for (a, b) in self.creatures.iter().zip(&other.creatures) {
            creature_differences(a, b, &mut out);
        }
        if self.creatures.len() != other.creatures.len() {
            out.push(format!(
                "{} creatures against {}",
                self.creatures.len(),
                other.creatures.len()
            ));
        }
        let whole = [
            ("the seed", self.seed == other.seed),
            ("the random generator", self.rng == other.rng),
            ("the monsters' generator", self.ai_rng == other.ai_rng),
            ("the monsters' plans", self.plans == other.plans),
            ("the allies", self.allies == other.allies),
            (
                "the story of the run",
                same_story(&self.story, &other.story),
            ),
            (
                "the healing under way",
                self.regen.parts() == other.regen.parts(),
            ),
            (
                "the digest of changed terrain",
                self.terrain_digest == other.terrain_digest,
            ),
            (
                "the number of levels",
                self.depths.len() == other.depths.len(),
            ),
            (
                "the number of depths",
                self.depth_count == other.depth_count,
            ),
            ("the maps still to come", self.same_maps_to_come(other)),
        ];
        out.extend(
            whole
                .iter()
                .filter(|(_, same)| !same)
                .map(|(what, _)| (*what).to_string()),
        );
        self.level_differences(other, &mut out);
        out
    }

    /// Whether both have the same maps still to come.
    fn same_maps_to_come(&self, other: &World) -> bool {
        self.pending_maps.len() == other.pending_maps.len()
            && self
                .pending_maps
                .iter()
                .zip(&other.pending_maps)
                .all(|(a, b)| same_map(a, b) && a.terrain.iter().eq(b.terrain.iter()))
    }

    /// Each level's terrain (the first tile that differs), the rest of its map, the player's
    /// memory of it, the items on its floor and whether it was visited.
    fn level_differences(&self, other: &World, out: &mut Vec<String>) {
        for (d, (a, b)) in self.depths.iter().zip(&other.depths).enumerate() {
            let depth = d + 1;
            let tile = a
                .level
                .terrain
                .iter()
                .zip(b.level.terrain.iter())
                .find(|(x, y)| x != y);
            if let Some(((h, t), (_, u))) = tile {
                out.push(format!("tile {h} of depth {depth}: {t:?} against {u:?}"));
            } else if !same_map(&a.level, &b.level) {
                out.push(format!("the map of depth {depth}"));
            }
            for (what, same) in [
                ("the items on the floor", a.floor == b.floor),
                ("the heroes' memory", same_memory(a, b)),
                (
                    "whether the heroes have been on",
                    a.memory
                        .iter()
                        .map(|m| m.visited)
                        .eq(b.memory.iter().map(|m| m.visited)),
                ),
            ] {
                if !same {
                    out.push(format!("{what} of depth {depth}"));
                }
            }
        }
    }
}

/// Whether two levels hold the same tiles, terrain, name, start and placements (how their
/// storage is laid out aside).
fn same_map(a: &Level, b: &Level) -> bool {
    a.terrain.iter().eq(b.terrain.iter())
        && a.side_features() == b.side_features()
        && a.corner_features() == b.corner_features()
        && (&a.name, a.depth, a.start, &a.placements) == (&b.name, b.depth, b.start, &b.placements)
}

/// Whether every hero remembers the same tiles of two levels (how their storage is laid out
/// aside).
fn same_memory(a: &super::Depth, b: &super::Depth) -> bool {
    a.memory.len() == b.memory.len()
        && (0..a.memory.len()).all(|n| seen_tiles(a, n).eq(seen_tiles(b, n)))
}

/// Hero `hero`'s memory of a level, tile by tile in the grid's order.
fn seen_tiles(depth: &super::Depth, hero: usize) -> impl Iterator<Item = bool> + '_ {
    let seen = &depth.memory[hero].seen;
    depth
        .level
        .terrain
        .indices()
        .map(move |i| seen.get(i).copied().unwrap_or(false))
}

/// Whether two stories agree; a game abandoned from outside the rules ([`World::abandon`]:
/// quit, or out of time) agrees with the same game not yet abandoned, since no command
/// records the abandoning.
fn same_story(a: &Story, b: &Story) -> bool {
    let abandoned = |e: &Option<Ending>| matches!(e, Some(Ending::Quit | Ending::OutOfTime));
    let endings = a.ending == b.ending
        || (a.ending.is_none() && abandoned(&b.ending))
        || (b.ending.is_none() && abandoned(&a.ending));
    endings && (a.deepest, &a.kills, &a.items_used) == (b.deepest, &b.kills, &b.items_used)
}

/// How two states of one creature differ: where it is and its hit points told in full, any
/// other field by name.
fn creature_differences(a: &Creature, b: &Creature, out: &mut Vec<String>) {
    if (a.depth, a.pos, a.hp, a.alive) != (b.depth, b.pos, b.hp, b.alive) {
        let dead = |c: &Creature| if c.alive { "" } else { " (dead)" };
        out.push(format!(
            "{} #{}: depth {} at {} with {} hp{} against depth {} at {} with {} hp{}",
            a.name,
            a.id,
            a.depth,
            a.pos,
            a.hp,
            dead(a),
            b.depth,
            b.pos,
            b.hp,
            dead(b),
        ));
    }
    let fields = [
        ("name", a.name == b.name && a.glyph == b.glyph),
        ("maximum hit points", a.max_hp == b.max_hp),
        ("damage", a.damage == b.damage),
        ("strength", a.strength == b.strength),
        ("speed", a.speed == b.speed),
        ("sight", a.sight == b.sight),
        ("side", a.faction == b.faction),
        ("initiative", a.initiative == b.initiative),
        (
            "behaviour",
            a.behaviour == b.behaviour && a.attack == b.attack,
        ),
        ("memory", a.memory == b.memory),
        ("pack", a.inventory == b.inventory),
        ("remembered letters", a.letters == b.letters),
        ("armour", a.armour == b.armour),
        ("gear", a.wielded == b.wielded && a.worn == b.worn),
        ("actions owed", a.busy == b.busy),
        ("post", a.home == b.home),
        ("charge", a.charge == b.charge),
        ("id", a.id == b.id),
    ];
    let differing: Vec<&str> = fields
        .iter()
        .filter(|(_, same)| !same)
        .map(|(what, _)| *what)
        .collect();
    if !differing.is_empty() {
        out.push(format!(
            "{} #{}: {} differ",
            a.name,
            a.id,
            differing.join(", ")
        ));
    }
}

#[cfg(test)]
mod tests {
    use crate::sim::{Command, World};

    type Alter = fn(&mut World);

    fn played() -> World {
        let mut world = World::new_game(
            crate::content::Content::bundled().unwrap().into(),
            crate::mapgen::dungeon(),
            4,
            Vec::new(),
        )
        .unwrap();
        for _ in 0..6 {
            let _ = world.apply(Command::Rest);
        }
        world
    }

    /// One change to each part of the state, with the words its difference is told in.
    fn alterations() -> Vec<(&'static str, Alter)> {
        vec![
            ("strength", |w| w.creatures[0].strength += 1),
            ("armour", |w| w.creatures[0].armour += 1),
            ("speed", |w| w.creatures[0].speed += 1),
            ("sight", |w| w.creatures[0].sight -= 1),
            ("maximum hit points", |w| w.creatures[0].max_hp += 1),
            ("pack", |w| w.creatures[0].inventory[0].count += 1),
            ("remembered letters", |w| {
                w.creatures[0].letters.push(("bomb".into(), 'x'));
            }),
            ("initiative", |w| w.creatures[1].initiative += 1),
            ("seed", |w| w.seed += 1),
            ("random generator", |w| w.rng = crate::rng::GameRng::new(3)),
            ("plans", |w| w.plans.clear()),
            ("story", |w| w.story.deepest += 1),
            ("story", |w| w.story.ending = Some(crate::sim::Ending::Won)),
            ("healing", |w| {
                w.regen = super::super::regen::Regen::from_parts((7, true));
            }),
            ("terrain", |w| w.terrain_digest ^= 1),
            ("memory of depth 1", |w| {
                let first = w.depths[0].level.terrain.indices().next().unwrap();
                w.depths[0].memory[0].seen[first] ^= true;
            }),
            ("been on of depth 1", |w| {
                w.depths[0].memory[0].visited ^= true;
            }),
            ("number of levels", |w| {
                let again = w.depths[0].clone();
                w.depths.push(again);
            }),
            ("number of depths", |w| w.depth_count -= 1),
            ("maps still to come", |w| {
                let map = w.depths[0].level.clone();
                w.pending_maps.push(map);
            }),
            ("map of depth 1", |w| w.depths[0].level.name.push('!')),
            ("map of depth 1", |w| w.depths[0].level.start = None),
            ("map of depth 1", |w| {
                let level = &mut w.depths[0].level;
                let first = level.terrain.indices().next().unwrap();
                let here = level.terrain.cell(first);
                let side = level.terrain.tiling().tile_sides(here)[0];
                level.set_side(side, crate::map::SideFeature::Wall);
            }),
            ("map of depth 1", |w| {
                let level = &mut w.depths[0].level;
                let first = level.terrain.indices().next().unwrap();
                let here = level.terrain.cell(first);
                let corner = level.terrain.tiling().tile_corners(here)[0];
                level.set_corner(corner, crate::map::CornerFeature::Pillar);
            }),
        ]
    }

    #[test]
    fn every_part_of_the_state_is_compared() {
        let world = played();
        assert!(world.differences(&world.clone()).is_empty());
        let alterations = alterations();
        let mut quit = world.clone();
        quit.abandon(crate::sim::Ending::OutOfTime);
        assert!(
            quit.differences(&world).is_empty(),
            "abandoning is no command"
        );
        assert!(world.differences(&quit).is_empty());
        for (words, alter) in alterations {
            let mut altered = world.clone();
            alter(&mut altered);
            let told = altered.differences(&world).join("; ");
            assert!(told.contains(words), "{words}: {told:?}");
        }
    }
}
