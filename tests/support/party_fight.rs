//! A party's fight in the test room (issue 31): Ann and Bob with a rat beside Ann and an ogre
//! beside Bob. Each segment every acting hero strikes a monster next to them, Ann the one with
//! the fewest hit points; the game goes on until a hero falls, then for some more segments,
//! and the party gives up. Its record holds every resolved segment, as a hotseat game's does.
#![allow(dead_code, clippy::unwrap_used)]

use hexdeep::content::Content;
use hexdeep::geom::Cell;
use hexdeep::map::{Grid, Level, Placement, PlacementKind, Shape, Terrain};
use hexdeep::persist::SavedGame;
use hexdeep::sim::control::{Control, PlayerId};
use hexdeep::sim::{Command, Ending, GameRecord, Origin, World};

/// The room, 12 by 5, the party's start at (1, 2), a rat at (1, 1) and an ogre at (1, 3).
fn level() -> Level {
    let grid = Grid::new(
        &Shape::Parallelogram {
            width: 12,
            height: 5,
        },
        Terrain::Floor,
    )
    .unwrap();
    let mut level = Level::new("room", 1, grid);
    level.start = Some(Cell::new(1, 2));
    for (name, at) in [("rat", Cell::new(1, 1)), ("ogre", Cell::new(2, 3))] {
        level.placements.push(Placement {
            at,
            kind: PlacementKind::Monster(name.to_string()),
        });
    }
    level
}

/// What hero `hero` does: strike the weakest monster next to them (by hit points, then id),
/// else wait.
fn strike(world: &World, hero: usize) -> Command {
    let me = &world.creatures()[hero];
    let grid = &world.level().terrain;
    world
        .creatures_here()
        .filter(|c| !world.on_heroes_side(c.id) && grid.adjacent(me.pos, c.pos))
        .min_by_key(|c| (c.hp, c.id))
        .and_then(|c| grid.direction(me.pos, c.pos))
        .map_or(Command::Wait, Command::Attack)
}

/// The fight, played until a hero fell and `after` more segments (or the party's end), then
/// abandoned unless the last hero fell: the game's record and its end.
pub fn game(after: usize) -> SavedGame {
    let content = Content::bundled().unwrap().into();
    let mut world = World::party_on_levels(content, vec![level()], 7, 2).unwrap();
    let names = ["Ann".to_string(), "Bob".to_string()];
    world.name_heroes(&names);
    let mut control = Control::of_party(&world, &names);
    let mut record = GameRecord::new(world.clone(), Origin::Fresh);
    let mut left = None;
    for _ in 0..400 {
        if world.is_over() || left == Some(0) {
            break;
        }
        for hero in world.acting_heroes() {
            let person = PlayerId(u16::try_from(hero + 1).unwrap());
            let command = strike(&world, hero);
            control.give(&world, person, hero, command).unwrap();
        }
        let resolved = control.resolve(&mut world, |_| false).unwrap();
        record.push_segment(&resolved.given, &world);
        let fallen = world.heroes().iter().any(|&h| !world.creatures()[h].alive);
        left = match left {
            None if fallen => Some(after),
            Some(n) => Some(n.saturating_sub(1)),
            none => none,
        };
    }
    world.abandon(Ending::Quit);
    SavedGame {
        name: "fight".into(),
        record,
        current: world,
        log: Vec::new(),
    }
}
