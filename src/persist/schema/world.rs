//! Worlds, creatures and commands between the rules' types and the schema's.

use super::level::{
    cell, level_from_schema, level_to_schema, seen_from_bits, seen_to_bits, tile, tiling_code,
    tiling_of,
};
use super::{SchemaError, check_text, v5, v6, v7};
use crate::content::Content;
use crate::geom::Compass;
use crate::rng::GameRng;
use crate::sim::ally::{Ally, Task, Tell};
use crate::sim::{
    Attack, Behaviour, Command, Creature, DepthParts, Ending, Faction, FloorItem, Intention,
    Memory, Planned, Stack, Story, World, WorldParts,
};
use std::sync::Arc;

/// The schema's code for a direction: the six hex directions keep the codes 0 to 5 they have
/// had since format 1; north and south (squares, triangles) are 6 and 7.
pub fn direction_code(d: Compass) -> u8 {
    match d {
        Compass::E => 0,
        Compass::NE => 1,
        Compass::NW => 2,
        Compass::W => 3,
        Compass::SW => 4,
        Compass::SE => 5,
        Compass::N => 6,
        Compass::S => 7,
    }
}

fn direction_of(code: u8) -> Result<Compass, SchemaError> {
    Ok(match code {
        0 => Compass::E,
        1 => Compass::NE,
        2 => Compass::NW,
        3 => Compass::W,
        4 => Compass::SW,
        5 => Compass::SE,
        6 => Compass::N,
        7 => Compass::S,
        _ => return Err(SchemaError::new(format!("unknown direction code {code}"))),
    })
}

/// The generator's state as serde writes it (`rand_pcg`'s one field).
#[derive(serde::Serialize, serde::Deserialize)]
struct RngState {
    state: u128,
}

pub(super) fn rng_state(rng: &GameRng) -> u128 {
    // Both sides are bincode's encoding of the same one-field struct.
    crate::persist::codec::encode(rng)
        .ok()
        .and_then(|b| crate::persist::codec::decode::<RngState>(&b).ok())
        .map_or(1, |s| s.state)
}

fn rng_of(state: u128) -> Result<GameRng, SchemaError> {
    if state & 1 == 0 {
        return Err(SchemaError::new("the random generator's state is even"));
    }
    Ok(GameRng::new(state))
}

/// A world as the schema writes it: the first hero's memory in each level, the others'
/// beside it.
pub fn world_to_schema(world: &World) -> v7::World {
    let parts = world.to_parts();
    let heroes = u32::try_from(parts.heroes).unwrap_or(u32::MAX);
    let memories = parts
        .depths
        .iter()
        .map(|d| {
            let others = d.memory.iter().skip(1);
            others
                .map(|m| v7::Memory {
                    seen: seen_to_bits(&d.level, &m.seen),
                    visited: m.visited,
                })
                .collect()
        })
        .collect();
    let party = v6::World {
        allies: parts.allies.iter().map(ally_to_schema).collect(),
        base: world_parts_to_schema(world, parts),
        heroes,
    };
    v7::World { party, memories }
}

/// The world's pieces as format 5 wrote a world.
fn world_parts_to_schema(world: &World, parts: WorldParts) -> v5::World {
    v5::World {
        seed: parts.seed,
        tiling: tiling_code(world.level().terrain.tiling()),
        depths: parts
            .depths
            .iter()
            .map(|d| v5::Depth {
                level: level_to_schema(&d.level),
                seen: d
                    .memory
                    .first()
                    .map_or_else(Vec::new, |m| seen_to_bits(&d.level, &m.seen)),
                floor: d
                    .floor
                    .iter()
                    .map(|f| v5::FloorItem {
                        at: tile(f.at),
                        item: f.item.clone(),
                    })
                    .collect(),
                visited: d.memory.first().is_some_and(|m| m.visited),
            })
            .collect(),
        depth_count: parts.depth_count,
        pending_maps: parts.pending_maps.iter().map(level_to_schema).collect(),
        creatures: parts.creatures.iter().map(creature_to_schema).collect(),
        turn: parts.turn,
        segment: parts.segment,
        rng: rng_state(&parts.rng),
        ai_rng: rng_state(&parts.ai_rng),
        plans: parts
            .plans
            .iter()
            .map(|p| {
                p.map(|p| v5::Plan {
                    from: tile(p.from),
                    intention: intention_to_schema(p.intention),
                })
            })
            .collect(),
        story: v5::Story {
            ending: parts.story.ending.as_ref().map(ending_to_schema),
            deepest: parts.story.deepest,
            kills: parts.story.kills.into_iter().collect(),
            items_used: parts.story.items_used.into_iter().collect(),
        },
        terrain_digest: parts.terrain_digest,
        regen_progress: parts.regen.0,
        regen_busy: parts.regen.1,
    }
}

/// A world from the schema, checked as every loaded world is; its deeper levels come from
/// the standard dungeon on its tiling.
pub fn world_from_schema(world: &v7::World, content: &Arc<Content>) -> Result<World, SchemaError> {
    let party = &world.party;
    let w = &party.base;
    // The world checks the party's size against its creatures when it is built.
    let heroes = usize::try_from(party.heroes).unwrap_or(usize::MAX);
    let tiling = check_levels(w)?;
    let pending_maps = w
        .pending_maps
        .iter()
        .map(level_from_schema)
        .collect::<Result<_, _>>()?;
    if world.memories.len() != w.depths.len() {
        return Err(SchemaError::new(format!(
            "the heroes' memories are of {} levels, the world has made {}",
            world.memories.len(),
            w.depths.len()
        )));
    }
    let depths = w
        .depths
        .iter()
        .zip(&world.memories)
        .map(|(d, others)| depth_from_schema(d, others))
        .collect::<Result<_, SchemaError>>()?;
    let creatures = w
        .creatures
        .iter()
        .map(creature_from_schema)
        .collect::<Result<_, _>>()?;
    let parts = WorldParts {
        allies: party.allies.iter().map(ally_from_schema).collect(),
        seed: w.seed,
        depths,
        depth_count: w.depth_count,
        pending_maps,
        creatures,
        heroes,
        turn: w.turn,
        segment: w.segment,
        rng: rng_of(w.rng)?,
        ai_rng: rng_of(w.ai_rng)?,
        plans: w
            .plans
            .iter()
            .map(|p| {
                p.map(|p| Planned {
                    from: cell(p.from),
                    intention: intention_from_schema(p.intention),
                })
            })
            .collect(),
        story: story_from_schema(&w.story)?,
        terrain_digest: w.terrain_digest,
        regen: (w.regen_progress, w.regen_busy),
    };
    World::from_parts(parts, Arc::clone(content))
        .map(|w| w.with_levels(crate::mapgen::dungeon_on(tiling)))
        .map_err(|e| SchemaError::new(format!("the world is invalid: {e}")))
}

/// The world's tiling, once every level (made and to come) is checked to be on it and the
/// levels are no more than the game's depths.
fn check_levels(w: &v5::World) -> Result<crate::geom::Tiling, SchemaError> {
    let tiling = tiling_of(w.tiling)?;
    let levels = w.depths.iter().map(|d| &d.level).chain(&w.pending_maps);
    for level in levels {
        let on = tiling_of(level.tiling)?;
        if on != tiling {
            return Err(SchemaError::new(format!(
                "a level on the {on} tiling in a game on the {tiling} tiling"
            )));
        }
    }
    let levels = w.depths.len() + w.pending_maps.len();
    if levels > w.depth_count as usize || w.depth_count > crate::sim::MAX_DEPTH {
        return Err(SchemaError::new(format!(
            "{levels} levels in a game of {} depths (at most {})",
            w.depth_count,
            crate::sim::MAX_DEPTH
        )));
    }
    Ok(tiling)
}

/// One depth of the world from the schema: its level, what each hero has seen of it (the
/// first hero in the level, the `others` beside it) and the items on its floor.
fn depth_from_schema(d: &v5::Depth, others: &[v7::Memory]) -> Result<DepthParts, SchemaError> {
    let level = level_from_schema(&d.level)?;
    let mut memory = vec![Memory {
        seen: seen_from_bits(&level, &d.seen)?,
        visited: d.visited,
    }];
    for m in others {
        memory.push(Memory {
            seen: seen_from_bits(&level, &m.seen)?,
            visited: m.visited,
        });
    }
    let floor = d
        .floor
        .iter()
        .map(|f| {
            check_text("an item's name", &f.item)?;
            Ok(FloorItem {
                at: cell(f.at),
                item: f.item.clone(),
            })
        })
        .collect::<Result<_, SchemaError>>()?;
    Ok(DepthParts {
        level,
        memory,
        floor,
    })
}

/// The story of the run from the schema.
fn story_from_schema(s: &v5::Story) -> Result<Story, SchemaError> {
    Ok(Story {
        ending: s.ending.as_ref().map(ending_from_schema).transpose()?,
        deepest: s.deepest,
        kills: counts(&s.kills)?,
        items_used: counts(&s.items_used)?,
    })
}

fn counts(pairs: &[(String, u32)]) -> Result<std::collections::BTreeMap<String, u32>, SchemaError> {
    let mut out = std::collections::BTreeMap::new();
    for (name, n) in pairs {
        check_text("a name in the story", name)?;
        if out.insert(name.clone(), *n).is_some() {
            return Err(SchemaError::new(format!("{name:?} is counted twice")));
        }
    }
    Ok(out)
}

fn creature_to_schema(c: &Creature) -> v5::Creature {
    v5::Creature {
        id: c.id as u32,
        name: c.name.clone(),
        glyph: c.glyph,
        at: tile(c.pos),
        depth: c.depth,
        hp: c.hp,
        max_hp: c.max_hp,
        damage: c.damage,
        strength: c.strength,
        speed: c.speed,
        sight: c.sight,
        faction: c.faction.0,
        alive: c.alive,
        initiative: c.initiative,
        behaviour: c.behaviour.map(behaviour_to_schema),
        memory: c.memory.map(tile),
        inventory: c
            .inventory
            .iter()
            .map(|s| v5::Stack {
                item: s.item.clone(),
                count: s.count,
                letter: s.letter,
            })
            .collect(),
        armour: c.armour,
        attack: match c.attack {
            Attack::Blow => 0,
            Attack::Sweep => 1,
        },
        wielded: c.wielded.clone(),
        worn: c.worn.clone(),
        busy: c.busy,
        home: c.home.map(tile),
        charge: c.charge.map(direction_code),
        letters: c.letters.clone(),
    }
}

fn creature_from_schema(c: &v5::Creature) -> Result<Creature, SchemaError> {
    check_text("a creature's name", &c.name)?;
    for s in &c.inventory {
        check_text("an item's name", &s.item)?;
    }
    for name in c.wielded.iter().chain(&c.worn) {
        check_text("an item's name", name)?;
    }
    for (name, _) in &c.letters {
        check_text("an item's name", name)?;
    }
    Ok(Creature {
        id: c.id as usize,
        name: c.name.clone(),
        glyph: c.glyph,
        pos: cell(c.at),
        hp: c.hp,
        max_hp: c.max_hp,
        damage: c.damage,
        strength: c.strength,
        speed: c.speed,
        sight: c.sight,
        faction: Faction(c.faction),
        alive: c.alive,
        initiative: c.initiative,
        behaviour: c.behaviour.map(behaviour_from_schema),
        memory: c.memory.map(cell),
        inventory: c
            .inventory
            .iter()
            .map(|s| Stack {
                item: s.item.clone(),
                count: s.count,
                letter: s.letter,
            })
            .collect(),
        depth: c.depth,
        armour: c.armour,
        attack: match c.attack {
            0 => Attack::Blow,
            1 => Attack::Sweep,
            n => return Err(SchemaError::new(format!("unknown attack code {n}"))),
        },
        wielded: c.wielded.clone(),
        worn: c.worn.clone(),
        busy: c.busy,
        home: c.home.map(cell),
        charge: c.charge.map(direction_of).transpose()?,
        letters: c.letters.clone(),
    })
}

fn behaviour_to_schema(b: Behaviour) -> v5::Behaviour {
    match b {
        Behaviour::Chaser => v5::Behaviour::Chaser,
        Behaviour::Coward { flee_below } => v5::Behaviour::Coward { flee_below },
        Behaviour::Pack { size, radius } => v5::Behaviour::Pack { size, radius },
        Behaviour::Ranged { range, damage } => v5::Behaviour::Ranged { range, damage },
        Behaviour::Charger { range } => v5::Behaviour::Charger { range },
        Behaviour::Guardian { radius } => v5::Behaviour::Guardian { radius },
    }
}

fn behaviour_from_schema(b: v5::Behaviour) -> Behaviour {
    match b {
        v5::Behaviour::Chaser => Behaviour::Chaser,
        v5::Behaviour::Coward { flee_below } => Behaviour::Coward { flee_below },
        v5::Behaviour::Pack { size, radius } => Behaviour::Pack { size, radius },
        v5::Behaviour::Ranged { range, damage } => Behaviour::Ranged { range, damage },
        v5::Behaviour::Charger { range } => Behaviour::Charger { range },
        v5::Behaviour::Guardian { radius } => Behaviour::Guardian { radius },
    }
}

fn intention_to_schema(i: Intention) -> v5::Intention {
    match i {
        Intention::Stay => v5::Intention::Stay,
        Intention::Move(t) => v5::Intention::Move(tile(t)),
        Intention::Attack(t) => v5::Intention::Attack(tile(t)),
        Intention::Throw(t) => v5::Intention::Throw(tile(t)),
    }
}

fn intention_from_schema(i: v5::Intention) -> Intention {
    match i {
        v5::Intention::Stay => Intention::Stay,
        v5::Intention::Move(t) => Intention::Move(cell(t)),
        v5::Intention::Attack(t) => Intention::Attack(cell(t)),
        v5::Intention::Throw(t) => Intention::Throw(cell(t)),
    }
}

/// An ending in the schema.
pub fn ending_to_schema(e: &Ending) -> v5::Ending {
    match e {
        Ending::Won => v5::Ending::Won,
        Ending::Died { cause, depth } => v5::Ending::Died {
            cause: cause.clone(),
            depth: *depth,
        },
        Ending::Quit => v5::Ending::Quit,
        Ending::OutOfTime => v5::Ending::OutOfTime,
    }
}

/// An ending from the schema.
pub fn ending_from_schema(e: &v5::Ending) -> Result<Ending, SchemaError> {
    Ok(match e {
        v5::Ending::Won => Ending::Won,
        v5::Ending::Died { cause, depth } => {
            check_text("a cause of death", cause)?;
            Ending::Died {
                cause: cause.clone(),
                depth: *depth,
            }
        }
        v5::Ending::Quit => Ending::Quit,
        v5::Ending::OutOfTime => Ending::OutOfTime,
    })
}

/// A directive in the schema: a hero's command, or what an ally is told.
pub fn directive_to_schema(c: Command) -> v6::Directive {
    use v6::Directive::Act;
    match c {
        Command::Lead(tell) => v6::Directive::Lead(tell_to_schema(tell)),
        Command::Move(d) => Act(v5::Command::Move(direction_code(d))),
        Command::Attack(d) => Act(v5::Command::Attack(direction_code(d))),
        Command::Wait => Act(v5::Command::Wait),
        Command::Rest => Act(v5::Command::Rest),
        Command::Throw { item, at } => Act(v5::Command::Throw { item, at: tile(at) }),
        Command::Drink(l) => Act(v5::Command::Drink(l)),
        Command::Read(l) => Act(v5::Command::Read(l)),
        Command::Wield(l) => Act(v5::Command::Wield(l)),
        Command::Wear(l) => Act(v5::Command::Wear(l)),
        Command::Drop(l) => Act(v5::Command::Drop(l)),
        Command::PickUp => Act(v5::Command::PickUp),
        Command::Descend => Act(v5::Command::Descend),
        Command::Ascend => Act(v5::Command::Ascend),
    }
}

/// A directive from the schema.
pub fn directive_from_schema(d: v6::Directive) -> Result<Command, SchemaError> {
    let c = match d {
        v6::Directive::Lead(tell) => return Ok(Command::Lead(tell_from_schema(tell))),
        v6::Directive::Act(c) => c,
    };
    Ok(match c {
        v5::Command::Move(d) => Command::Move(direction_of(d)?),
        v5::Command::Attack(d) => Command::Attack(direction_of(d)?),
        v5::Command::Wait => Command::Wait,
        v5::Command::Rest => Command::Rest,
        v5::Command::Throw { item, at } => Command::Throw { item, at: cell(at) },
        v5::Command::Drink(l) => Command::Drink(l),
        v5::Command::Read(l) => Command::Read(l),
        v5::Command::Wield(l) => Command::Wield(l),
        v5::Command::Wear(l) => Command::Wear(l),
        v5::Command::Drop(l) => Command::Drop(l),
        v5::Command::PickUp => Command::PickUp,
        v5::Command::Descend => Command::Descend,
        v5::Command::Ascend => Command::Ascend,
    })
}

fn tell_to_schema(t: Tell) -> v6::Tell {
    match t {
        Tell::Follow => v6::Tell::Follow,
        Tell::Stay => v6::Tell::Stay,
        Tell::Guard => v6::Tell::Guard,
        Tell::Attack(at) => v6::Tell::Attack(tile(at)),
    }
}

fn tell_from_schema(t: v6::Tell) -> Tell {
    match t {
        v6::Tell::Follow => Tell::Follow,
        v6::Tell::Stay => Tell::Stay,
        v6::Tell::Guard => Tell::Guard,
        v6::Tell::Attack(at) => Tell::Attack(cell(at)),
    }
}

fn ally_to_schema(a: &Ally) -> v6::Ally {
    let id = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
    v6::Ally {
        id: id(a.id),
        leader: id(a.leader),
        task: match a.task {
            Task::Follow => v6::Task::Follow,
            Task::Stay(at) => v6::Task::Stay(tile(at)),
            Task::Guard(at) => v6::Task::Guard(tile(at)),
            Task::Attack(foe) => v6::Task::Attack(id(foe)),
        },
    }
}

/// An ally from the schema; the world checks that its ids name creatures that can be one
/// when it is built.
fn ally_from_schema(a: &v6::Ally) -> Ally {
    let id = |n: u32| usize::try_from(n).unwrap_or(usize::MAX);
    Ally {
        id: id(a.id),
        leader: id(a.leader),
        task: match a.task {
            v6::Task::Follow => Task::Follow,
            v6::Task::Stay(at) => Task::Stay(cell(at)),
            v6::Task::Guard(at) => Task::Guard(cell(at)),
            v6::Task::Attack(foe) => Task::Attack(id(foe)),
        },
    }
}
