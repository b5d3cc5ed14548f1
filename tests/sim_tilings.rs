//! The rules on squares and triangles: moves by screen direction, no squeezing past a wall's
//! corner, and a triangle's move through a corner costing one action more.
#![allow(clippy::unwrap_used)]

use hexdeep::content::Content;
use hexdeep::geom::{Cell, Compass, Tiling};
use hexdeep::map::{Grid, Level, Placement, PlacementKind, Terrain};
use hexdeep::sim::{Command, Rejection, World};

/// An open room of `tiling`, `w` cells by `h` rows, walled around, the player at `start`.
fn room(tiling: Tiling, w: i32, h: i32, start: Cell) -> World {
    room_with(tiling, w, h, start, &[])
}

/// [`room`] with `inside` set inside it (terrain at cells).
fn room_with(tiling: Tiling, w: i32, h: i32, start: Cell, inside: &[(Cell, Terrain)]) -> World {
    room_with_monster(tiling, w, h, start, inside, None)
}

/// [`room_with`] and a monster of `kind` at a cell.
fn room_with_monster(
    tiling: Tiling,
    w: i32,
    h: i32,
    start: Cell,
    inside: &[(Cell, Terrain)],
    monster: Option<(&str, Cell)>,
) -> World {
    let cells: Vec<Cell> = (0..h)
        .flat_map(|y| (0..w).map(move |x| Cell::new(x, y)))
        .collect();
    let mut grid = Grid::from_cells(tiling, &cells, Terrain::Floor).unwrap();
    for i in grid.indices().collect::<Vec<_>>() {
        let c = grid.cell(i);
        if c.x == 0 || c.y == 0 || c.x == w - 1 || c.y == h - 1 {
            grid[i] = Terrain::Wall;
        }
    }
    for &(c, t) in inside {
        grid.set(c, t);
    }
    let mut level = Level::new("room", 1, grid);
    level.start = Some(start);
    if let Some((kind, at)) = monster {
        level.placements.push(Placement {
            at,
            kind: PlacementKind::Monster(kind.to_string()),
        });
    }
    let content = Content::bundled().unwrap().into();
    World::new(content, level, 3).unwrap()
}

/// Commands until the player may act again: how many segments a command took.
fn segments_of(world: &mut World, command: Command) -> u32 {
    let (turn, segment) = (world.turn(), world.segment());
    world.apply(command).unwrap();
    let now = world.turn() * 4 + u64::from(world.segment());
    (now - (turn * 4 + u64::from(segment))) as u32
}

#[test]
fn squares_step_eight_ways_and_never_squeeze_past_a_wall() {
    let mut world = room(Tiling::Square, 8, 6, Cell::new(3, 3));
    world.apply(Command::Move(Compass::N)).unwrap();
    assert_eq!(world.player().pos, Cell::new(3, 2));
    world.apply(Command::Move(Compass::SE)).unwrap();
    assert_eq!(world.player().pos, Cell::new(4, 3));
    // Up against the top wall: north-east passes between the wall above and the floor
    // beside, so it squeezes past the wall's corner.
    world.apply(Command::Move(Compass::N)).unwrap();
    world.apply(Command::Move(Compass::N)).unwrap();
    assert_eq!(world.player().pos, Cell::new(4, 1));
    assert_eq!(
        world.apply(Command::Move(Compass::NE)).unwrap_err(),
        Rejection::Blocked(Terrain::Wall)
    );
    world.apply(Command::Move(Compass::S)).unwrap();
    let mut wall = world.level().clone();
    wall.terrain.set(Cell::new(5, 2), Terrain::Wall);
    assert!(!wall.move_allowed(Cell::new(4, 2), Cell::new(5, 1)));
    assert!(!wall.move_allowed(Cell::new(4, 2), Cell::new(5, 3)));
    assert!(wall.move_allowed(Cell::new(4, 2), Cell::new(3, 3)));
}

#[test]
fn a_diagonal_past_a_pillar_or_a_closed_door_is_refused_with_a_reason() {
    for beside in [Terrain::Wall, Terrain::DoorClosed] {
        let mut world = room_with(
            Tiling::Square,
            8,
            6,
            Cell::new(3, 3),
            &[(Cell::new(4, 3), beside)],
        );
        // North-east from (3, 3) to (4, 2) passes (4, 3) and (3, 2): the pillar is one.
        assert_eq!(
            world.apply(Command::Move(Compass::NE)).unwrap_err(),
            Rejection::Squeeze
        );
        world.apply(Command::Move(Compass::N)).unwrap();
        world.apply(Command::Move(Compass::E)).unwrap();
        let before = world.player().pos;
        assert_eq!(before, Cell::new(4, 2));
        // South-east from (4, 2) to (5, 3) passes (5, 2) and (4, 3): the {beside:?}.
        assert_eq!(
            world.apply(Command::Move(Compass::SE)).unwrap_err(),
            Rejection::Squeeze,
            "{beside:?}"
        );
        assert_eq!(world.player().pos, before);
    }
}

#[test]
fn hexes_have_no_north_and_triangles_only_their_six_ways() {
    let mut hexes = room(Tiling::Hex, 8, 6, Cell::new(3, 3));
    assert_eq!(
        hexes.apply(Command::Move(Compass::N)).unwrap_err(),
        Rejection::NoMove(Compass::N)
    );
    // Cell (6, 3) points up (6 + 3 odd): it steps W E S across sides, N SW SE through corners.
    let mut tri = room(Tiling::Triangle, 14, 7, Cell::new(6, 3));
    assert_eq!(
        tri.apply(Command::Move(Compass::NW)).unwrap_err(),
        Rejection::NoMove(Compass::NW)
    );
    tri.apply(Command::Move(Compass::S)).unwrap();
    assert_eq!(tri.player().pos, Cell::new(6, 4));
}

#[test]
fn a_move_through_a_triangle_corner_takes_one_action_more() {
    let mut world = room(Tiling::Triangle, 14, 7, Cell::new(6, 3));
    let side = segments_of(&mut world, Command::Move(Compass::E));
    assert_eq!(world.player().pos, Cell::new(7, 3));
    // (7, 3) points down: south is through its tip.
    let corner = segments_of(&mut world, Command::Move(Compass::S));
    assert_eq!(world.player().pos, Cell::new(7, 4));
    assert_eq!(corner, 2 * side, "side {side}, corner {corner}");
}

#[test]
fn a_monster_past_a_pillar_s_corner_comes_round_it_instead_of_striking_in_vain() {
    // The goblin at (4, 2) and the player at (3, 3) are diagonal across the pillar at (4, 3):
    // the diagonal squeezes past the pillar, so no blow crosses it.
    let mut world = room_with_monster(
        Tiling::Square,
        9,
        7,
        Cell::new(3, 3),
        &[(Cell::new(4, 3), Terrain::Wall)],
        Some(("goblin", Cell::new(4, 2))),
    );
    let hp = world.player().hp;
    let mut struck = false;
    for _ in 0..12 {
        world.apply(Command::Wait).unwrap();
        struck |= world.player().hp < hp;
        if struck || world.is_over() {
            break;
        }
    }
    let goblin = world
        .creatures()
        .iter()
        .find(|c| c.name == "goblin")
        .unwrap();
    assert!(
        struck,
        "the goblin came round and struck; it is at {:?}",
        goblin.pos
    );
    assert!(world.level().move_allowed(goblin.pos, world.player().pos));
}
