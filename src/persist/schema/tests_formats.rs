//! Games of formats 2 and 3, written here as those formats wrote them from a current game:
//! each loads as the game it was, migrated.

use super::tests::{old_file, played_game, scratch};
use super::{envelope, v3, v5};
use crate::persist::{codec, load_game};

/// A format 5 level as format 3 wrote it (on hexes, with no tiling and no sides written).
fn v3_level(l: &v5::Level) -> v3::Level {
    assert_eq!(l.tiling, 0, "format 3 knew hexes only");
    assert!(l.sides.is_empty() && l.corners.is_empty(), "and no sides");
    v3::Level {
        name: l.name.clone(),
        depth: l.depth,
        runs: l.runs.clone(),
        start: l.start,
        placements: l.placements.clone(),
    }
}

/// A format 5 world of hexes without sides as format 3 wrote it.
fn v3_world(w: &v5::World) -> v3::World {
    v3::World {
        seed: w.seed,
        depths: w
            .depths
            .iter()
            .map(|d| v3::Depth {
                level: v3_level(&d.level),
                seen: d.seen.clone(),
                floor: d.floor.clone(),
                visited: d.visited,
            })
            .collect(),
        depth_count: w.depth_count,
        pending_maps: w.pending_maps.iter().map(v3_level).collect(),
        creatures: w.creatures.clone(),
        turn: w.turn,
        segment: w.segment,
        rng: w.rng,
        ai_rng: w.ai_rng,
        plans: w.plans.clone(),
        story: w.story.clone(),
        terrain_digest: w.terrain_digest,
        regen_progress: w.regen_progress,
        regen_busy: w.regen_busy,
    }
}

/// A format 3 world as format 2 wrote it (its creatures remember no letters).
fn v2_world(w: &v3::World) -> super::v2::World {
    use super::v2;
    v2::World {
        seed: w.seed,
        depths: w.depths.clone(),
        depth_count: w.depth_count,
        pending_maps: w.pending_maps.clone(),
        creatures: w
            .creatures
            .iter()
            .map(|c| v2::Creature {
                id: c.id,
                name: c.name.clone(),
                glyph: c.glyph,
                at: c.at,
                depth: c.depth,
                hp: c.hp,
                max_hp: c.max_hp,
                damage: c.damage,
                strength: c.strength,
                speed: c.speed,
                sight: c.sight,
                faction: c.faction,
                alive: c.alive,
                initiative: c.initiative,
                behaviour: c.behaviour,
                memory: c.memory,
                inventory: c.inventory.clone(),
                armour: c.armour,
                attack: c.attack,
                wielded: c.wielded.clone(),
                worn: c.worn.clone(),
                busy: c.busy,
                home: c.home,
                charge: c.charge,
            })
            .collect(),
        turn: w.turn,
        segment: w.segment,
        rng: w.rng,
        ai_rng: w.ai_rng,
        plans: w.plans.clone(),
        story: w.story.clone(),
        terrain_digest: w.terrain_digest,
        regen_progress: w.regen_progress,
        regen_busy: w.regen_busy,
    }
}

#[test]
fn a_format_2_file_loads_as_it_was_with_no_letters_remembered() {
    use super::v2;
    let game = played_game();
    assert!(game.current.creatures.iter().all(|c| c.letters.is_empty()));
    let old = v2::SavedGame {
        name: game.name.clone(),
        record: envelope::Record {
            start: v2_world(&v3_world(&game.record.start)),
            steps: game.record.steps.clone(),
            origin: game.record.origin.clone(),
            made_by: game.record.made_by.clone(),
            upgrades: Vec::new(),
        },
        current: v2_world(&v3_world(&game.current)),
        log: game.log.clone(),
    };
    let content = crate::content::Content::bundled().unwrap();
    let dir = scratch("format2");
    let path = old_file(&dir, 2, "format2.hdsave", &codec::encode(&old).unwrap());
    let loaded = load_game(&path).unwrap();
    let current =
        super::game::game_from_schema(&super::tests::to_current(game.clone()), &content.into())
            .unwrap();
    assert!(loaded.current.differences(&current.current).is_empty());
    assert_eq!(loaded.record.steps.len(), game.record.steps.len());
    assert!(loaded.current.player().letters.is_empty());
}

#[test]
fn a_format_3_file_loads_as_a_game_on_hexes() {
    let game = played_game();
    let old = v3::SavedGame {
        name: game.name.clone(),
        record: envelope::Record {
            start: v3_world(&game.record.start),
            steps: game.record.steps.clone(),
            origin: game.record.origin.clone(),
            made_by: game.record.made_by.clone(),
            upgrades: Vec::new(),
        },
        current: v3_world(&game.current),
        log: game.log.clone(),
    };
    let dir = scratch("format3");
    let path = old_file(&dir, 3, "format3.hdsave", &codec::encode(&old).unwrap());
    let loaded = load_game(&path).unwrap();
    let content = crate::content::Content::bundled().unwrap();
    let current =
        super::game::game_from_schema(&super::tests::to_current(game.clone()), &content.into())
            .unwrap();
    assert!(loaded.current.differences(&current.current).is_empty());
    for world in [&loaded.current, &loaded.record.start] {
        assert!(
            world
                .depths()
                .iter()
                .all(|d| d.level().terrain.tiling() == crate::geom::Tiling::Hex)
        );
    }
    assert_eq!(loaded.record.steps.len(), game.record.steps.len());
}
