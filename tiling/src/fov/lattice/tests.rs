//! The tree on every tiling against the line-by-line definition.

use super::*;
use crate::fov::test_maps::{Stream, Terrain, below, stream};
use crate::fov::{FovTree, visible_by_lines};
use crate::grid::SightBits;
use proptest::prelude::*;

/// A `w` by `h` box of cells of `tiling`, `percent`% of them walls (and one in 10 of the rest
/// brush, which also blocks sight), from `seed`.
fn map(tiling: Tiling, w: i32, h: i32, percent: usize, seed: u64) -> Grid<Terrain> {
    let cells: Vec<Cell> = (0..h)
        .flat_map(|y| (0..w).map(move |x| Cell::new(x, y)))
        .collect();
    let mut grid = Grid::from_cells(tiling, &cells, Terrain::Floor).unwrap();
    let mut rng = stream(seed, Stream::Generation, percent as u64);
    for i in grid.indices().collect::<Vec<_>>() {
        let roll = below(&mut rng, 100);
        if roll < percent {
            grid[i] = Terrain::Wall;
        } else if roll % 10 == 0 {
            grid[i] = Terrain::Brush;
        }
    }
    grid
}

fn check(grid: &Grid<Terrain>, viewer: Cell, radius: u32) -> Result<(), TestCaseError> {
    let t = grid.tiling();
    let Some(o) = grid.index(viewer) else {
        return Ok(());
    };
    let blocks = |i: usize| grid[i].blocks_sight();
    let want = visible_by_lines(grid, blocks, viewer, radius);
    let tree = LatticeTree::new(t, radius, t.class(viewer)).unwrap();
    let mut got = Vec::new();
    tree.compute(grid, blocks, o, &mut got);
    prop_assert_eq!(&got, &want, "{} from {:?} radius {}", t, viewer, radius);
    Ok(())
}

#[test]
fn an_open_square_room_shows_a_disc_and_its_walls() {
    let mut grid = map(Tiling::Square, 21, 21, 0, 1);
    for i in grid.indices().collect::<Vec<_>>() {
        let c = grid.cell(i);
        grid[i] = if c.x == 0 || c.y == 0 || c.x == 20 || c.y == 20 {
            Terrain::Wall
        } else {
            Terrain::Floor
        };
    }
    let viewer = Cell::new(10, 10);
    let tree = LatticeTree::new(Tiling::Square, 3, 0).unwrap();
    let mut got = Vec::new();
    tree.compute(
        &grid,
        |i| grid[i].blocks_sight(),
        grid.index(viewer).unwrap(),
        &mut got,
    );
    // dx² + dy² ≤ 12: 37 squares.
    assert_eq!(got.len(), 37);
    assert!(got.contains(&grid.index(Cell::new(13, 11)).unwrap()));
    assert!(!got.contains(&grid.index(Cell::new(13, 12)).unwrap()));
}

#[test]
fn a_closed_triangle_room_shows_its_walls_and_nothing_behind() {
    // Floor inside columns 3..=12 of rows 2..=5, walls around, floor beyond the walls.
    let mut grid = map(Tiling::Triangle, 18, 9, 0, 1);
    let inside = |c: Cell| (3..=12).contains(&c.x) && (2..=5).contains(&c.y);
    let wall = |c: Cell| !inside(c) && (1..=14).contains(&c.x) && (1..=6).contains(&c.y);
    for i in grid.indices().collect::<Vec<_>>() {
        let c = grid.cell(i);
        grid[i] = if wall(c) {
            Terrain::Wall
        } else {
            Terrain::Floor
        };
    }
    let viewer = Cell::new(7, 3);
    let o = grid.index(viewer).unwrap();
    let tree = LatticeTree::new(Tiling::Triangle, 20, grid.class(o)).unwrap();
    let mut got = Vec::new();
    tree.compute(&grid, |i| grid[i].blocks_sight(), o, &mut got);
    for i in grid.indices() {
        let c = grid.cell(i);
        let touches_inside = Tiling::Triangle
            .touching(Tiling::Triangle.class(c))
            .iter()
            .any(|&(dx, dy)| inside(c.offset(dx, dy)));
        if inside(c) {
            assert!(got.contains(&i), "floor {c:?} seen");
        } else if wall(c) && touches_inside {
            assert!(got.contains(&i), "wall {c:?} seen");
        } else {
            assert!(!got.contains(&i), "{c:?} hidden");
        }
    }
}

#[test]
fn on_hexes_it_agrees_with_the_hex_tree() {
    for percent in [0, 10, 30, 60] {
        let grid = map(Tiling::Hex, 30, 30, percent, 7);
        let blocks = |i: usize| grid[i].blocks_sight();
        let sight = SightBits::of(&grid, blocks);
        let (hex, general) = (
            FovTree::new(8).unwrap(),
            LatticeTree::new(Tiling::Hex, 8, 0).unwrap(),
        );
        for o in grid.indices().step_by(13) {
            let (mut a, mut b) = (Vec::new(), Vec::new());
            hex.compute(&sight, o, &mut a);
            general.compute(&grid, blocks, o, &mut b);
            assert_eq!(a, b, "{percent}% from {:?}", grid.cell(o));
        }
    }
}

#[test]
fn no_tree_beyond_the_limit_or_for_a_missing_class() {
    assert!(LatticeTree::new(Tiling::Square, MAX_TREE_RADIUS + 1, 0).is_none());
    assert!(LatticeTree::new(Tiling::Square, 3, 1).is_none());
    assert!(LatticeTree::new(Tiling::Triangle, 3, 1).is_some());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn every_tiling_agrees_with_the_lines(
        t in 0usize..3,
        percent in prop::sample::select(vec![0usize, 5, 20, 40, 70]),
        seed in 0u64..1000,
        x in 0i32..24,
        y in 0i32..16,
        radius in 0u32..13,
    ) {
        let grid = map(Tiling::ALL[t], 24, 16, percent, seed);
        check(&grid, Cell::new(x, y), radius)?;
    }
}
