//! Sides between tiles in the rules (ARCHITECTURE.md, "Tile sides and corners"): no line of sight
//! and no path crosses a thin wall, a closed door on a side lets nothing through until it is
//! opened, field of view with sides agrees with its line-by-line form, and a closed room of
//! thin walls shows everything inside and nothing outside.
#![allow(clippy::unwrap_used)]

use hexdeep::content::Content;
use hexdeep::fov::{visible_by_lines_across, visible_tiles};
use hexdeep::geom::{Cell, Compass, LargeCell, StepKind, Tiling};
use hexdeep::map::{CornerFeature, Grid, Level, Placement, PlacementKind, SideFeature, Terrain};
use hexdeep::path::{UNREACHED, astar_in, dijkstra_map_in, terrain_cost};
use hexdeep::sim::{Command, Event, Rejection, World};
use proptest::prelude::*;
use std::collections::BTreeSet;

const WIDTH: i32 = 14;
const HEIGHT: i32 = 10;

/// An open level of `tiling`, `WIDTH` by `HEIGHT` cells.
fn open_level(tiling: Tiling) -> Level {
    let cells: Vec<Cell> = (0..HEIGHT)
        .flat_map(|y| (0..WIDTH).map(move |x| Cell::new(x, y)))
        .collect();
    Level::new(
        "t",
        1,
        Grid::from_cells(tiling, &cells, Terrain::Floor).unwrap(),
    )
}

/// A level with tiles and sides drawn from `bits`: some wall and water tiles, and features
/// on the sides and corners of the large projection.
fn random_level(tiling: Tiling, bits: &[u8]) -> Level {
    let mut level = open_level(tiling);
    let tiles: Vec<usize> = level.terrain.indices().collect();
    let mut next = bits.iter().copied().cycle();
    for &i in &tiles {
        level.terrain.set_index(
            i,
            match next.next().unwrap() % 16 {
                0 | 1 => Terrain::Wall,
                2 => Terrain::ShallowWater,
                3 => Terrain::DoorClosed,
                _ => Terrain::Floor,
            },
        );
    }
    for r in -1..=2 * HEIGHT {
        for c in -2 * HEIGHT - 2..4 * WIDTH + 2 {
            let roll = next.next().unwrap();
            match tiling.large_cell_at(c, r) {
                LargeCell::Side(s) => {
                    let feature = match roll % 8 {
                        0 | 1 => SideFeature::Wall,
                        2 => SideFeature::DoorClosed,
                        3 => SideFeature::DoorOpen,
                        _ => SideFeature::Open,
                    };
                    level.set_side(s, feature);
                }
                LargeCell::Corner(k) if roll % 16 == 0 => {
                    level.set_corner(k, CornerFeature::Pillar);
                }
                _ => {}
            }
        }
    }
    level
}

fn tiling() -> impl Strategy<Value = Tiling> {
    prop_oneof![Just(Tiling::Hex), Just(Tiling::Square)]
}

fn bits() -> impl Strategy<Value = Vec<u8>> {
    proptest::collection::vec(any::<u8>(), 64..400)
}

/// Whether sight crosses from tile index `i` to the tile index `j` one move away.
fn crosses(level: &Level) -> impl Fn(usize, usize) -> bool + '_ {
    let grid = &level.terrain;
    move |i, j| level.sight_crosses(grid.cell(i), grid.cell(j))
}

/// The cheapest cost from `start` to every tile by a plain Dijkstra over the moves the rules
/// allow ([`Level::move_allowed`]), by storage index.
fn reference_costs(level: &Level, start: Cell) -> Vec<u32> {
    let grid = &level.terrain;
    let mut dist = vec![UNREACHED; grid.storage_len()];
    let mut queue = BTreeSet::new();
    let s = grid.index(start).unwrap();
    dist[s] = 0;
    queue.insert((0u32, s));
    while let Some((d, i)) = queue.pop_first() {
        if d > dist[i] {
            continue;
        }
        let here = grid.cell(i);
        for (to, _) in grid.moves_at(here).collect::<Vec<_>>() {
            let Some(j) = grid.index(to) else { continue };
            let Some(cost) = grid[j].move_cost() else {
                continue;
            };
            if !level.move_allowed(here, to) {
                continue;
            }
            // A step into a closed door on a side opens it; the next goes through.
            let opening = u32::from(level.door_between(here, to).is_some());
            let nd = d + cost.max(1) + opening;
            if nd < dist[j] {
                dist[j] = nd;
                queue.insert((nd, j));
            }
        }
    }
    dist
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn fov_with_sides_agrees_with_its_line_by_line_form(
        t in tiling(), bits in bits(), x in 0i32..WIDTH, y in 0i32..HEIGHT, radius in 1u32..9,
    ) {
        let level = random_level(t, &bits);
        let grid = &level.terrain;
        let viewer = Cell::new(x, y);
        let want = visible_by_lines_across(
            grid, |i| grid[i].blocks_sight(), crosses(&level), viewer, radius,
        );
        prop_assert_eq!(visible_tiles(&level, viewer, radius), want);
    }

    #[test]
    fn no_line_of_sight_crosses_a_walled_side(
        t in tiling(), bits in bits(), x in 0i32..WIDTH, y in 0i32..HEIGHT,
    ) {
        let level = random_level(t, &bits);
        let grid = &level.terrain;
        let viewer = Cell::new(x, y);
        let cross = crosses(&level);
        for i in visible_tiles(&level, viewer, 12) {
            let seen = grid.cell(i);
            // Sight by either of the two lines (`line⁺`, `line⁻`) crossing no blocking side.
            let clear = |line: Vec<Cell>| line.windows(2).all(|w| {
                cross(grid.index(w[0]).unwrap(), grid.index(w[1]).unwrap())
            });
            let by_line = clear(grid.line(viewer, seen)) || clear(grid.line_minus(viewer, seen));
            if grid[i].blocks_sight() && !by_line {
                // Only the second rule shows it: from a neighbour across an open side.
                let across = grid.neighbours(seen).any(|n| {
                    grid.index(n).is_some_and(|j| !grid[j].blocks_sight() && cross(j, i))
                });
                prop_assert!(across, "{seen:?} from {viewer:?}");
            } else {
                prop_assert!(by_line, "{seen:?} is seen from {viewer:?} across a blocking side");
            }
        }
    }

    #[test]
    fn no_path_crosses_a_walled_side(
        t in tiling(), bits in bits(), a in (0i32..WIDTH, 0i32..HEIGHT), b in (0i32..WIDTH, 0i32..HEIGHT),
    ) {
        let level = random_level(t, &bits);
        let grid = &level.terrain;
        let (start, goal) = (Cell::new(a.0, a.1), Cell::new(b.0, b.1));
        let want = reference_costs(&level, start);
        let got = dijkstra_map_in(&level, terrain_cost(&level), &[grid.index(start).unwrap()], UNREACHED - 1);
        for i in grid.indices() {
            prop_assert_eq!(got[i], want[i], "{:?}", grid.cell(i));
        }
        let path = astar_in(&level, terrain_cost(&level), start, goal);
        let g = grid.index(goal).unwrap();
        prop_assert_eq!(path.as_ref().map(|p| p.1), (want[g] != UNREACHED && grid[g].move_cost().is_some()).then_some(want[g]));
        if let Some((tiles, _)) = path {
            for w in tiles.windows(2) {
                prop_assert!(level.move_allowed(w[0], w[1]), "{:?} -> {:?}", w[0], w[1]);
                let side = level.side_of(w[0], w[1]);
                prop_assert!(side.is_none_or(|s| level.side_at(s) != SideFeature::Wall));
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn a_closed_door_on_a_side_lets_no_sight_missile_or_blow_through(t in tiling(), bits in bits()) {
        let level = random_level(t, &bits);
        let grid = &level.terrain;
        for (side, feature) in level.side_features() {
            let Some((a, b)) = t.side_tiles(side) else { continue };
            let (a, b) = (a, b);
            if !grid.contains(a) || !grid.contains(b) {
                continue;
            }
            for (from, to) in [(a, b), (b, a)] {
                let shut = feature.blocks_sight();
                prop_assert_eq!(level.sight_crosses(from, to), !shut);
                prop_assert_eq!(level.blow_allowed(from, to), !shut);
                if shut {
                    prop_assert!(level.open_line(from, to).is_empty(), "a missile stops at {side:?}");
                    // An open tile is seen only along its line, which is this one step.
                    let (i, j) = (grid.index(from).unwrap(), grid.index(to).unwrap());
                    if !grid[i].blocks_sight() && !grid[j].blocks_sight() {
                        prop_assert!(!visible_tiles(&level, from, 3).contains(&j));
                    }
                }
                // A step across a closed door is one the rules allow: it opens the door.
                prop_assert_eq!(level.door_between(from, to).is_some(), feature == SideFeature::DoorClosed);
                prop_assert_eq!(level.move_allowed(from, to), feature != SideFeature::Wall);
            }
        }
    }
}

/// The tiles of a closed room: within `r` of `centre` by the tiling's distance.
fn room_tiles(level: &Level, centre: Cell, r: i32) -> BTreeSet<Cell> {
    let grid = &level.terrain;
    grid.iter()
        .map(|(h, _)| h)
        .filter(|&h| grid.distance(h, centre) <= r)
        .collect()
}

#[test]
fn a_closed_room_of_thin_walls_shows_all_of_itself_and_nothing_outside() {
    for tiling in [Tiling::Hex, Tiling::Square] {
        let mut level = open_level(tiling);
        let centre = Cell::new(7, 5);
        let room = room_tiles(&level, centre, 3);
        let mut walls = Vec::new();
        for &h in &room {
            for (n, m) in level.terrain.moves_at(h).collect::<Vec<_>>() {
                if m.kind == StepKind::Side && !room.contains(&n) {
                    let side = level.side_of(h, n).unwrap();
                    assert!(level.set_side(side, SideFeature::Wall));
                    walls.push((h, n));
                }
            }
        }
        for &viewer in &room {
            let seen: BTreeSet<Cell> = visible_tiles(&level, viewer, 20)
                .into_iter()
                .map(|i| level.terrain.cell(i))
                .collect();
            assert_eq!(seen, room, "{tiling} from {viewer:?}");
        }
        // Every side of the room borders a seen tile, so all of them are seen from inside.
        assert!(walls.iter().all(|(inside, _)| room.contains(inside)));
        assert!(!walls.is_empty());
    }
}

/// A room of `tiling` split in two by thin walls from top to bottom between columns 3 and 4
/// (cells), a closed door on the side at `door` (row), the player at `start` and a rat at
/// `rat`.
fn split_room(tiling: Tiling, door: Option<i32>, start: Cell, rat: Option<Cell>) -> World {
    let mut level = open_level(tiling);
    for y in 0..HEIGHT {
        // On hexes the column of a row slants: split by screen column instead.
        let split = |c: Cell| match tiling {
            Tiling::Hex => 2 * c.x - c.y >= 6,
            _ => c.x >= 4,
        };
        for x in 0..WIDTH {
            let a = Cell::new(x, y);
            for (to, m) in level.terrain.moves_at(a).collect::<Vec<_>>() {
                let b = to;
                if m.kind == StepKind::Side && !split(a) && split(b) && level.terrain.contains(to) {
                    let side = level.side_of(a, to).unwrap();
                    let feature = if door == Some(y) && b.y == y {
                        SideFeature::DoorClosed
                    } else {
                        SideFeature::Wall
                    };
                    level.set_side(side, feature);
                }
            }
        }
    }
    level.start = Some(start);
    if let Some(at) = rat {
        level.placements.push(Placement {
            at,
            kind: PlacementKind::Monster("rat".to_string()),
        });
    }
    World::new(Content::bundled().unwrap().into(), level, 3).unwrap()
}

/// The tile east of a cell (on hexes and squares alike one more `x` on the same row).
fn east_of(_tiling: Tiling, c: Cell) -> Cell {
    Cell::new(c.x + 1, c.y)
}

#[test]
fn a_thin_wall_refuses_a_step_and_a_blow_and_a_rat_behind_it_never_strikes() {
    for tiling in [Tiling::Hex, Tiling::Square] {
        // On hexes row 2's split falls between x = 3 (column 4) and x = 4 (column 6).
        let me = Cell::new(3, 2);
        let rat = east_of(tiling, me);
        let mut world = split_room(tiling, None, me, Some(rat));
        assert_eq!(
            world.apply(Command::Move(Compass::E)),
            Err(Rejection::Side(SideFeature::Wall)),
            "{tiling}"
        );
        assert_eq!(
            world.apply(Command::Attack(Compass::E)),
            Err(Rejection::Side(SideFeature::Wall))
        );
        assert!(!world.is_visible(rat), "the rat is behind the wall");
        let hp = world.player().hp;
        for _ in 0..20 {
            world.apply(Command::Wait).unwrap();
        }
        assert_eq!(
            world.player().hp,
            hp,
            "{tiling}: nothing reached the player"
        );
        assert_eq!(world.player().pos, me);
    }
}

#[test]
fn a_closed_door_on_a_side_lets_nothing_through_until_it_is_opened() {
    for tiling in [Tiling::Hex, Tiling::Square] {
        let me = Cell::new(3, 2);
        let beyond = east_of(tiling, me);
        let mut world = split_room(tiling, Some(2), me, None);
        let side = world.level().side_of(me, beyond).unwrap();
        assert_eq!(world.level().side_at(side), SideFeature::DoorClosed);
        assert!(
            !world.is_visible(beyond),
            "{tiling}: sight stops at the door"
        );
        assert!(world.flight_path(me, beyond).is_empty());
        assert_eq!(
            world.apply(Command::Attack(Compass::E)),
            Err(Rejection::Side(SideFeature::DoorClosed))
        );
        let events = world.apply(Command::Move(Compass::E)).unwrap();
        assert!(
            events.iter().any(|e| matches!(e, Event::DoorOpened { .. })),
            "{tiling}: the step opens the door"
        );
        assert_eq!(world.player().pos, me, "the opener stays");
        assert_eq!(world.level().side_at(side), SideFeature::DoorOpen);
        assert!(world.is_visible(beyond));
        assert_eq!(world.flight_path(me, beyond), vec![beyond]);
        world.apply(Command::Move(Compass::E)).unwrap();
        assert_eq!(world.player().pos, beyond, "{tiling}: and then crosses");
    }
}

#[test]
fn explore_and_travel_go_through_doors_on_sides() {
    for tiling in [Tiling::Hex, Tiling::Square] {
        let me = Cell::new(1, 2);
        let mut world = split_room(tiling, Some(2), me, None);
        let far = Cell::new(WIDTH - 1, 2);
        for _ in 0..200 {
            let Some(path) = world.explore_path() else {
                break;
            };
            let me = world.player().pos;
            let dir = world.level().terrain.direction(me, path[0]).unwrap();
            world.apply(Command::Move(dir)).unwrap();
        }
        assert!(
            world.is_seen(far),
            "{tiling}: explore went through the door"
        );
        // Travel back: the known way crosses the now open door, never a thin wall.
        let home = me;
        let path = world.known_path(world.player().pos, home).unwrap();
        let mut at = world.player().pos;
        for &next in &path {
            assert!(world.level().move_allowed(at, next));
            at = next;
        }
        assert_eq!(at, home);
    }
}

#[test]
fn a_square_diagonal_cannot_pass_a_pillar_or_a_wall_end() {
    let mut level = open_level(Tiling::Square);
    level.start = Some(Cell::new(2, 2));
    let pillar = hexdeep::geom::Corner::new(10, 5);
    assert!(level.set_corner(pillar, CornerFeature::Pillar));
    let mut world = World::new(Content::bundled().unwrap().into(), level, 3).unwrap();
    assert_eq!(
        world.apply(Command::Move(Compass::SE)),
        Err(Rejection::Squeeze)
    );
    world.apply(Command::Move(Compass::E)).unwrap();
    assert_eq!(world.player().pos, Cell::new(3, 2));
}

#[test]
fn a_door_on_a_side_opens_even_onto_water() {
    for tiling in [Tiling::Hex, Tiling::Square] {
        let me = Cell::new(3, 2);
        let beyond = east_of(tiling, me);
        let mut level = open_level(tiling);
        level.terrain.set(beyond, Terrain::DeepWater);
        let side = level.side_of(me, beyond).unwrap();
        level.set_side(side, SideFeature::DoorClosed);
        level.start = Some(me);
        let mut world = World::new(Content::bundled().unwrap().into(), level, 3).unwrap();
        world.apply(Command::Move(Compass::E)).unwrap();
        assert_eq!(
            world.level().side_at(side),
            SideFeature::DoorOpen,
            "{tiling}"
        );
        assert_eq!(world.player().pos, me);
        assert_eq!(
            world.apply(Command::Move(Compass::E)),
            Err(Rejection::Blocked(Terrain::DeepWater)),
            "and the water beyond cannot be entered"
        );
    }
}
