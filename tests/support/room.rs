//! The small open room the screen tests play in: 12 by 5 tiles of floor, the player at
//! (1, 2), and the monsters each test asks for.
#![allow(dead_code)]

use hexdeep::geom::Cell;
use hexdeep::map::{Grid, Level, Placement, PlacementKind, Shape, Terrain};
use hexdeep::sim::World;

/// The room as a level, with `monsters` (kind, tile) placed in order.
pub fn level(monsters: &[(&str, Cell)]) -> Level {
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
    for (name, at) in monsters {
        level.placements.push(Placement {
            at: *at,
            kind: PlacementKind::Monster((*name).to_string()),
        });
    }
    level
}

/// A game in the room with `monsters`, seed 5.
pub fn world(monsters: &[(&str, Cell)]) -> World {
    World::new(
        hexdeep::content::Content::bundled().unwrap().into(),
        level(monsters),
        5,
    )
    .unwrap()
}
