//! Sight in the game by two lines (ARCHITECTURE.md, "Field of view"): in a corridor that
//! zigzags straight up the screen the player keeps every monster in view, whichever way the
//! corridor starts, and each of them sees the player back.
#![allow(clippy::unwrap_used)]

use hexdeep::fov::visible_tiles;
use hexdeep::geom::Cell;
use hexdeep::map::{Grid, Level, Placement, PlacementKind, Shape, Terrain};
use hexdeep::sim::World;

/// A world of walls around a zigzag corridor going up from (10, 12), the player at its bottom
/// and a rat on every second tile straight up from there.
fn corridor(first_ne: bool) -> (World, Vec<Cell>) {
    let shape = Shape::Parallelogram {
        width: 20,
        height: 14,
    };
    let mut grid = Grid::new(&shape, Terrain::Wall).unwrap();
    let mut at = Cell::new(10, 12);
    let mut tiles = vec![at];
    for k in 0..8 {
        let ne = (k % 2 == 0) == first_ne;
        at = if ne {
            at.offset(0, -1)
        } else {
            at.offset(-1, -1)
        };
        tiles.push(at);
    }
    for &h in &tiles {
        grid.set(h, Terrain::Floor);
    }
    let mut level = Level::new("zigzag", 1, grid);
    level.start = Some(tiles[0]);
    let rats: Vec<Cell> = tiles.iter().copied().skip(2).step_by(2).collect();
    for &h in &rats {
        level.placements.push(Placement {
            at: h,
            kind: PlacementKind::Monster("rat".to_string()),
        });
    }
    let content = hexdeep::content::Content::bundled().unwrap().into();
    (World::new(content, level, 5).unwrap(), rats)
}

#[test]
fn every_monster_up_a_zigzag_corridor_is_in_view_and_sees_the_player() {
    for first_ne in [true, false] {
        let (world, rats) = corridor(first_ne);
        let player = world.player().pos;
        let seen: Vec<Cell> = world.visible_monsters().iter().map(|c| c.pos).collect();
        for &rat in &rats {
            assert!(
                seen.contains(&rat),
                "first step NE {first_ne}: rat at {rat} out of view"
            );
            assert!(world.is_visible(rat));
            let back = visible_tiles(world.level(), rat, 8);
            let me = world.level().terrain.index(player).unwrap();
            assert!(
                back.contains(&me),
                "the rat at {rat} does not see the player"
            );
        }
    }
}
