//! Issue 28, "no dance without end": a hurt coward flees only by a step that gets it out of
//! the player's reach or out of their sight. A step into the brush beside the player costs
//! them more to enter, but leaves the coward where they see it and strike it: that is no
//! flight, and a coward with nothing better is cornered and fights.
#![allow(clippy::unwrap_used)]

use hexdeep::content::Content;
use hexdeep::geom::{Cell, Compass};
use hexdeep::map::{Grid, Level, Placement, PlacementKind, Shape, Terrain};
use hexdeep::sim::{Command, Event, Intention, World};

/// Where the player stands.
const ME: Cell = Cell::new(3, 2);
/// The kobold, east of the player.
const KOBOLD: Cell = Cell::new(4, 2);
/// The tile south-east of the player and south-west of the kobold: next to both.
const BESIDE: Cell = Cell::new(4, 3);

/// Walls everywhere but the player's tile, the kobold's, the tile beside both (`beside`
/// terrain) and, when `away`, a tile east of the kobold, out of the player's reach.
fn pocket(beside: Terrain, away: bool) -> World {
    let shape = Shape::Parallelogram {
        width: 8,
        height: 5,
    };
    let mut grid = Grid::new(&shape, Terrain::Wall).unwrap();
    grid.set(ME, Terrain::Floor);
    grid.set(KOBOLD, Terrain::Floor);
    grid.set(BESIDE, beside);
    if away {
        grid.set(Cell::new(5, 2), Terrain::Floor);
    }
    let mut level = Level::new("pocket", 1, grid);
    level.start = Some(ME);
    level.placements.push(Placement {
        at: KOBOLD,
        kind: PlacementKind::Monster("kobold".to_string()),
    });
    let content: std::sync::Arc<Content> = Content::bundled().unwrap().into();
    let world = World::new(content.clone(), level, 3).unwrap();
    let mut parts = world.to_parts();
    parts.creatures[1].hp = 1;
    parts.plans[1] = None;
    let mut world = World::from_parts(parts, content).unwrap();
    // A moment for it to see how hurt it is and choose.
    world.apply(Command::Wait).unwrap();
    world
}

fn plan(world: &World) -> Intention {
    world.planned()[0].intention
}

#[test]
fn a_coward_whose_only_step_is_into_the_brush_beside_the_player_fights() {
    let mut world = pocket(Terrain::Brush, false);
    assert!(world.is_visible(BESIDE));
    // The brush costs the player two to enter and the kobold's own tile one: by cost alone
    // the brush is farther, and before, it stepped there as the player struck.
    assert_eq!(plan(&world), Intention::Attack(ME));
    let events = world.apply(Command::Attack(Compass::E)).unwrap();
    assert!(
        events.iter().any(|e| matches!(
            e,
            Event::Hit {
                attacker: 0,
                victim: 1,
                ..
            }
        )),
        "{events:?}"
    );
    assert!(!world.creatures()[1].alive);
}

#[test]
fn a_coward_with_a_way_out_of_reach_still_flees_that_way() {
    let world = pocket(Terrain::Brush, true);
    assert_eq!(plan(&world), Intention::Move(Cell::new(5, 2)));
}
