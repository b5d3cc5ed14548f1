//! The searches on every tiling against a plain search over cells.

use super::*;
use crate::geom::Tiling;
use crate::geom::{Cell, StepKind};
use crate::map::{CornerFeature, Level, SideFeature, Terrain};
use crate::path::{movement_range_level, passage, terrain_cost};
use crate::rng::{Stream, below, stream};
use proptest::prelude::*;
use std::collections::{BTreeMap, BTreeSet};

/// A `w` by `h` box of `tiling` with walls, water and brush in a random share.
fn level(tiling: Tiling, w: i32, h: i32, percent: usize, seed: u64) -> Level {
    let cells: Vec<Cell> = (0..h)
        .flat_map(|y| (0..w).map(move |x| Cell::new(x, y)))
        .collect();
    let mut grid = Grid::from_cells(tiling, &cells, Terrain::Floor).unwrap();
    let mut rng = stream(seed, Stream::Generation, percent as u64);
    let kinds = [
        Terrain::Wall,
        Terrain::ShallowWater,
        Terrain::Brush,
        Terrain::DoorClosed,
        Terrain::DeepWater,
    ];
    for i in grid.indices().collect::<Vec<_>>() {
        if below(&mut rng, 100) < percent {
            grid[i] = kinds[below(&mut rng, kinds.len())];
        }
    }
    Level::new("t", 1, grid)
}

/// `level` with a random feature on about `percent` of its sides (thin walls, closed and
/// open doors) and a pillar on some corners, on tilings with sides.
fn with_sides(mut level: Level, percent: usize, seed: u64) -> Level {
    let tiling = level.terrain.tiling();
    let mut rng = stream(seed, Stream::Generation, 99);
    let cells: Vec<Cell> = level
        .terrain
        .indices()
        .map(|i| level.terrain.cell(i))
        .collect();
    let kinds = [
        SideFeature::Wall,
        SideFeature::DoorClosed,
        SideFeature::DoorOpen,
    ];
    let mut features = Vec::new();
    for &c in &cells {
        for side in tiling.tile_sides(c) {
            if below(&mut rng, 100) < percent {
                features.push((side, kinds[below(&mut rng, kinds.len())]));
            }
        }
        for corner in tiling.tile_corners(c) {
            if below(&mut rng, 100) < percent / 4 {
                level.set_corner(corner, CornerFeature::Pillar);
            }
        }
    }
    level.set_sides(features);
    level
}

/// The cheapest cost from `from` to every tile, by cells and the tiling's own moves, asking
/// the level's own rules ([`Level::move_allowed`], [`Level::door_between`]) of every step:
/// what ARCHITECTURE.md says, written plainly.
fn reference(level: &Level, from: Cell) -> BTreeMap<Cell, u32> {
    let grid = &level.terrain;
    let t = grid.tiling();
    let terrain = |c: Cell| grid.index(c).map(|i| grid[i]);
    let mut best = BTreeMap::from([(from, 0u32)]);
    let mut frontier = BTreeSet::from([(0u32, from)]);
    while let Some((d, at)) = frontier.pop_first() {
        if best[&at] < d {
            continue;
        }
        for m in t.moves(t.class(at)).as_slice() {
            let to = at.offset(m.dx, m.dy);
            let Some(c) = terrain(to).and_then(Terrain::move_cost) else {
                continue;
            };
            let (a, b) = (at, to);
            if !level.move_allowed(a, b) {
                continue;
            }
            let door = u32::from(level.door_between(a, b).is_some());
            let nd = d + c + m.extra_cost + door;
            if best.get(&to).is_none_or(|&old| nd < old) {
                best.insert(to, nd);
                frontier.insert((nd, to));
            }
        }
    }
    best
}

/// Every tile's cost by the lattice Dijkstra with the exact squeezing rule.
fn by_lattice(level: &Level, from: usize) -> BTreeMap<Cell, u32> {
    let grid = &level.terrain;
    let mut scratch = PathScratch::new();
    scratch.dijkstra_on(
        &passage(level),
        terrain_cost(level),
        &[from],
        UNREACHED,
        |_, _| Flow::Continue,
    );
    grid.indices()
        .filter_map(|i| scratch.distance(i).map(|d| (grid.cell(i), d)))
        .collect()
}

#[test]
fn a_diagonal_does_not_squeeze_between_walls_or_past_a_closed_door() {
    let mut level = level(Tiling::Square, 3, 3, 0, 1);
    let at = |l: &Level, x, y| l.terrain.index(Cell::new(x, y)).unwrap();
    let (a, b) = (at(&level, 0, 0), at(&level, 1, 1));
    let cheapest = |l: &Level| PathScratch::new().astar_on(&passage(l), terrain_cost(l), a, b);
    assert_eq!(cheapest(&level), Some(1));
    let door = at(&level, 1, 0);
    level.terrain.set_index(door, Terrain::DoorClosed);
    assert_eq!(cheapest(&level), Some(2), "around the door by (0, 1)");
    let wall = at(&level, 0, 1);
    level.terrain.set_index(wall, Terrain::Wall);
    assert_eq!(cheapest(&level), Some(2), "through the door itself");
    level.terrain.set_index(door, Terrain::Floor);
    level.terrain.set_index(wall, Terrain::DeepWater);
    assert_eq!(
        cheapest(&level),
        Some(1),
        "deep water is no wall: the diagonal passes"
    );
}

#[test]
fn a_move_through_a_triangle_corner_costs_one_more() {
    let level = level(Tiling::Triangle, 12, 6, 0, 1);
    let grid = &level.terrain;
    let from = Cell::new(5, 2);
    let t = Tiling::Triangle;
    let mut s = PathScratch::new();
    for m in t.moves(t.class(from)).as_slice() {
        let (a, b) = (
            grid.index(from).unwrap(),
            grid.index(from.offset(m.dx, m.dy)).unwrap(),
        );
        let want = if m.kind == StepKind::Corner { 2 } else { 1 };
        assert_eq!(
            s.astar_on(&passage(&level), terrain_cost(&level), a, b),
            Some(want)
        );
        assert_eq!(s.index_path(b).len(), 2);
    }
}

#[test]
fn a_range_on_open_triangles_counts_moves_by_their_cost() {
    let level = level(Tiling::Triangle, 20, 12, 0, 1);
    let grid = &level.terrain;
    let from = Cell::new(9, 5);
    let range = |points| {
        let mut out = Vec::new();
        let start = grid.index(from).unwrap();
        let cost = terrain_cost(&level);
        movement_range_level(
            &mut PathScratch::new(),
            &level,
            cost,
            start,
            points,
            &mut out,
        );
        out
    };
    // One point: the three tiles across sides; two more: through corners and beyond sides.
    assert_eq!(range(1).len(), 4);
    let two = range(2);
    let want = reference(&level, from)
        .values()
        .filter(|&&d| d <= 2)
        .count();
    assert_eq!(two.len(), want);
    assert_eq!(
        want,
        1 + 3 + 9,
        "6 beyond the sides and 3 through the corners"
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    #[test]
    fn costs_are_the_plain_searchs_on_every_tiling(
        t in 0usize..3,
        percent in prop::sample::select(vec![0usize, 15, 35, 55]),
        seed in 0u64..500,
        x in 0i32..16,
        y in 0i32..10,
        sides in prop::sample::select(vec![0usize, 10, 30]),
    ) {
        let level = level(Tiling::ALL[t], 16, 10, percent, seed);
        let level = if sides > 0 { with_sides(level, sides, seed) } else { level };
        let grid = &level.terrain;
        let from = grid.index(Cell::new(x, y)).unwrap();
        let want = reference(&level, grid.cell(from));
        prop_assert_eq!(by_lattice(&level, from), want);
    }

    #[test]
    fn astar_paths_are_cheapest_and_made_of_moves(
        t in 0usize..3,
        percent in prop::sample::select(vec![0usize, 20, 40]),
        seed in 0u64..500,
        a in (0i32..16, 0i32..10),
        b in (0i32..16, 0i32..10),
        sides in prop::sample::select(vec![0usize, 10, 30]),
    ) {
        let level = level(Tiling::ALL[t], 16, 10, percent, seed);
        let level = if sides > 0 { with_sides(level, sides, seed) } else { level };
        let grid = &level.terrain;
        let tiling = grid.tiling();
        let (s, g) = (
            grid.index(Cell::new(a.0, a.1)).unwrap(),
            grid.index(Cell::new(b.0, b.1)).unwrap(),
        );
        let want = reference(&level, grid.cell(s)).get(&grid.cell(g)).copied();
        let goal_enterable = terrain_cost(&level)(g).is_some();
        let mut scratch = PathScratch::new();
        let got = scratch.astar_on(&passage(&level), terrain_cost(&level), s, g);
        prop_assert_eq!(got, if goal_enterable { want } else { None });
        if let Some(total) = got {
            let path = scratch.index_path(g);
            prop_assert_eq!(path.first(), Some(&s));
            prop_assert_eq!(path.last(), Some(&g));
            let mut sum = 0;
            for pair in path.windows(2) {
                let (from, to) = (grid.cell(pair[0]), grid.cell(pair[1]));
                let m = tiling
                    .moves(tiling.class(from))
                    .as_slice()
                    .iter()
                    .copied()
                    .find(|m| from.offset(m.dx, m.dy) == to);
                prop_assert!(m.is_some(), "{:?} to {:?} is no move", from, to);
                let (a, b) = (from, to);
                prop_assert!(level.move_allowed(a, b), "{:?} to {:?} is not allowed", from, to);
                let door = u32::from(level.door_between(a, b).is_some());
                sum += terrain_cost(&level)(pair[1]).unwrap() + m.unwrap().extra_cost + door;
            }
            prop_assert_eq!(sum, total);
        }
    }
}
