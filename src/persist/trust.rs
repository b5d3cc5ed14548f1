//! What a loaded game must prove beyond holding together: that its worlds keep the numbers
//! the content allows (`World::check_content_limits`), and that the record's start is the
//! world its seed and its maps make, generated again here and compared in full. Both need the
//! content and the rules the file was made with: a file played with other data, or whose
//! start was made under other rules, is checked only as far as those allow.

use crate::content::Content;
use crate::sim::{GameRecord, InvalidWorld, MAX_DEPTH, Origin, World};
use std::sync::Arc;

/// Checks the worlds of a game loaded from a file played with the content of hash `played`.
pub fn check(
    record: &GameRecord,
    current: &World,
    played: Option<u64>,
) -> Result<(), InvalidWorld> {
    let content = current.content_handle();
    if played != Some(content.hash()) {
        return Ok(());
    }
    current.check_content_limits()?;
    record.start.check_content_limits()?;
    for upgrade in &record.upgrades {
        upgrade.state.check_content_limits()?;
    }
    if record.origin == Origin::Fresh && record.made_by.same_rules() {
        check_start(&record.start, &content)?;
    }
    Ok(())
}

/// The start of a fresh game made again from its seed and its maps (the levels it holds,
/// which a map file or the generator made), compared with the one saved.
fn check_start(start: &World, content: &Arc<Content>) -> Result<(), InvalidWorld> {
    let again = make_again(start, content).ok_or_else(|| {
        InvalidWorld::Inconsistent("the record's start cannot be made from its maps".into())
    })?;
    let differences = again.differences(start);
    // A party's start saved before format 7 holds the party's shared memory in every hero
    // (its migration gave them that): the same world as far as the rules go.
    let shared = || shared_memory(&again).is_some_and(|s| s.differences(start).is_empty());
    if differences.is_empty() || shared() {
        return Ok(());
    }
    let shown = differences[..differences.len().min(3)].join("; ");
    Err(InvalidWorld::Inconsistent(format!(
        "the record's start is not the world its seed and maps make (made against saved): \
         {shown}"
    )))
}

/// `world` with every hero remembering of each level what any of them remembers (the
/// party's shared memory of format 6 and before).
fn shared_memory(world: &World) -> Option<World> {
    let mut parts = world.to_parts();
    for depth in &mut parts.depths {
        let mut union = depth.memory.first()?.clone();
        for m in &depth.memory[1..] {
            union
                .seen
                .iter_mut()
                .zip(&m.seen)
                .for_each(|(u, s)| *u |= *s);
            union.visited |= m.visited;
        }
        depth.memory.iter_mut().for_each(|m| m.clone_from(&union));
    }
    World::from_parts(parts, world.content_handle()).ok()
}

/// A fresh game's start from `start`'s seed and levels, for its party under their names: a
/// whole dungeon whose first level is made (with the maps still to come after it), or a
/// world of levels all given.
fn make_again(start: &World, content: &Arc<Content>) -> Option<World> {
    let levels = start.depths().iter().map(|d| d.level().clone());
    let tiling = start.level().terrain.tiling();
    let heroes = start.heroes().len();
    let mut again = if start.depth_count() == MAX_DEPTH && start.depths().len() == 1 {
        let maps = levels.chain(start.pending_maps().iter().cloned()).collect();
        let source = crate::mapgen::dungeon_on(tiling);
        World::new_party(Arc::clone(content), source, start.seed(), maps, heroes)
    } else if start.pending_maps().is_empty() {
        World::party_on_levels(Arc::clone(content), levels.collect(), start.seed(), heroes)
    } else {
        None
    }?;
    let names: Vec<String> = start
        .heroes()
        .iter()
        .map(|&h| start.creatures()[h].name.clone())
        .collect();
    again.name_heroes(&names);
    Some(again)
}
