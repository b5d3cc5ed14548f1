//! A simple deterministic scripted player for tests and benchmarks, driven only by the
//! world's queries: attack an adjacent visible monster, rest when hurt and alone, step onto
//! and descend the nearest seen stairs down once the level is explored, else explore.

#![allow(dead_code)]

use hexdeep::geom::Cell;
use hexdeep::map::Terrain;
use hexdeep::persist::SavedGame;
use hexdeep::sim::{Command, GameRecord, Origin, World};

/// The command the scripted player chooses in `world`, going no deeper than `deepest`: once
/// that level is explored it walks between its stairs up and down, changing every 100 turns.
pub fn choose(world: &World, deepest: u32) -> Command {
    let me = world.player();
    let monsters = world.visible_monsters();
    let grid = &world.level().terrain;
    if let Some(dir) = monsters.iter().find_map(|m| grid.direction(me.pos, m.pos)) {
        return Command::Attack(dir);
    }
    if monsters.is_empty() && me.hp * 3 < me.max_hp * 2 {
        return Command::Rest;
    }
    let explore = world.explore_path();
    let on_stairs = world.level().terrain.get(me.pos) == Some(&Terrain::StairsDown);
    if on_stairs && explore.is_none() && world.depth() < deepest {
        return Command::Descend;
    }
    let route = explore.or_else(|| {
        let target = if world.depth() < deepest || (world.turn() / 100).is_multiple_of(2) {
            world.nearest_seen_stairs_down()?
        } else {
            *world.seen_stairs_up().first()?
        };
        world.known_path(me.pos, target)
    });
    step_along(world, me.pos, route.as_deref()).unwrap_or(Command::Rest)
}

fn step_along(world: &World, from: Cell, route: Option<&[Cell]>) -> Option<Command> {
    let next = *route?.first()?;
    world
        .level()
        .terrain
        .direction(from, next)
        .map(Command::Move)
}

/// A game of `seed` played by [`choose`] no deeper than `deepest` until it ends or reaches `turns` turns (or
/// `turns` × 20 commands, in case it stalls).
pub fn play(seed: u64, turns: u64, deepest: u32) -> SavedGame {
    let mut world = World::new_game(
        hexdeep::content::Content::bundled().unwrap().into(),
        hexdeep::mapgen::dungeon(),
        seed,
        Vec::new(),
    )
    .expect("a generated dungeon");
    let mut record = GameRecord::new(world.clone(), Origin::Fresh);
    let mut commands = 0;
    while !world.is_over() && world.turn() < turns && commands < turns * 20 {
        let mut command = choose(&world, deepest);
        if world.apply(command).is_err() {
            // A refused command changes nothing and takes no time.
            command = Command::Rest;
            if world.apply(command).is_err() {
                break;
            }
        }
        record.push(command, &world);
        commands += 1;
    }
    SavedGame {
        name: format!("scripted-{seed}"),
        record,
        current: world,
        log: Vec::new(),
    }
}
