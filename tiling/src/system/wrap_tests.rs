//! A wraparound grid against the same queries on a repeated plane: a grid holding copies of
//! the rectangle side by side, searched and seen with the crate's plane algorithms.

use super::*;
use crate::fov::LatticeTree;
use crate::grid::Sides;
use crate::path::{Flow, Passage, PathScratch};
use proptest::prelude::*;

fn tiling() -> impl Strategy<Value = Tiling> {
    prop_oneof![
        Just(Tiling::Hex),
        Just(Tiling::Square),
        Just(Tiling::Triangle)
    ]
}

/// A torus of `tiling`, its even size from the strategy, and which of its cells are walls.
fn torus() -> impl Strategy<Value = (Wrap, Vec<bool>)> {
    (
        tiling(),
        3i32..9,
        3i32..7,
        proptest::collection::vec(0u8..100, 128),
        0u8..50,
    )
        .prop_map(|(t, w, h, rolls, percent)| {
            let wrap = Wrap::new(t, 2 * w, 2 * h).unwrap();
            let walls = (0..wrap.len())
                .map(|i| rolls[i % rolls.len()].wrapping_mul(i as u8 | 1) % 100 < percent)
                .collect();
            (wrap, walls)
        })
}

/// `copies` by `copies` of the rectangle laid side by side in the plane, from cell
/// `(-k·width, -k·height)` with `k = copies / 2`, holding each cell's wall.
fn plane(wrap: &Wrap, walls: &[bool], copies: i32) -> Grid<bool> {
    let (w, h) = wrap.periods();
    let k = copies / 2;
    let cells: Vec<Cell> = (-k * h..(copies - k) * h)
        .flat_map(|y| (-k * w..(copies - k) * w).map(move |x| Cell::new(x, y)))
        .collect();
    let mut grid = Grid::from_cells(wrap.tiling(), &cells, false).unwrap();
    for i in grid.indices().collect::<Vec<_>>() {
        grid[i] = walls[wrap.index(grid.cell(i))];
    }
    grid
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn neighbours_are_the_planes_read_as_copies_and_mutual((wrap, _) in torus(), at in any::<prop::sample::Index>()) {
        let c = wrap.cell(at.index(wrap.len()));
        for (n, m) in wrap.neighbours(c) {
            prop_assert_eq!(n, wrap.canonical(c.offset(m.dx, m.dy)));
            prop_assert!(wrap.neighbours(n).iter().any(|&(back, _)| back == c));
        }
    }

    #[test]
    fn field_of_view_is_the_repeated_planes((wrap, walls) in torus(), at in any::<prop::sample::Index>(), radius in 0u32..9) {
        let origin = wrap.cell(at.index(wrap.len()));
        let got = wrap.field_of_view(|c| walls[wrap.index(c)], origin, radius);
        let grid = plane(&wrap, &walls, 5);
        let o = grid.index(origin).unwrap();
        let tree = LatticeTree::new(wrap.tiling(), radius, wrap.tiling().class(origin)).unwrap();
        let mut seen = Vec::new();
        tree.compute(&grid, |i| grid[i], o, &mut seen);
        let mut want: Vec<Cell> = seen.into_iter().map(|i| wrap.canonical(grid.cell(i))).collect();
        want.sort_by_key(|&c| wrap.index(c));
        want.dedup();
        prop_assert_eq!(got, want);
    }

    #[test]
    fn costs_are_the_repeated_planes_cheapest((wrap, walls) in torus(), at in any::<prop::sample::Index>(), limit in 0u32..12) {
        let start = wrap.cell(at.index(wrap.len()));
        let open = |c: Cell| {
            let c = wrap.canonical(c);
            (!walls[wrap.index(c)]).then_some(1 + u32::from(c.x % 3 == 0))
        };
        let got = wrap.costs(open, |c| walls[wrap.index(c)], &[start], limit);
        let grid = plane(&wrap, &walls, 5);
        let sides = Sides::default();
        let way = Passage::new(&grid, &sides, |&wall| wall);
        let cost = |i: usize| grid.is_tile(i).then(|| open(grid.cell(i))).flatten();
        let mut scratch = PathScratch::new();
        let s = grid.index(start).unwrap();
        scratch.dijkstra_on(&way, cost, &[s], limit, |_, _| Flow::Continue);
        let mut want: Vec<Option<u32>> = vec![None; wrap.len()];
        for i in grid.indices() {
            if let Some(d) = scratch.distance(i) {
                let k = wrap.index(grid.cell(i));
                want[k] = Some(want[k].map_or(d, |w| w.min(d)));
            }
        }
        prop_assert_eq!(got, want);
    }

    #[test]
    fn distance_is_the_open_torus_cheapest_path((wrap, _) in torus(), a in any::<prop::sample::Index>(), b in any::<prop::sample::Index>()) {
        let (a, b) = (wrap.cell(a.index(wrap.len())), wrap.cell(b.index(wrap.len())));
        let costs = wrap.costs(|_| Some(1), |_| false, &[a], u32::MAX);
        prop_assert_eq!(costs[wrap.index(b)], Some(wrap.distance(a, b) as u32));
        let line = wrap.line(a, b);
        prop_assert_eq!(line.first(), Some(&a));
        prop_assert_eq!(line.last(), Some(&b));
        // Each tile of the line touches the next across the seams.
        let t = wrap.tiling();
        for pair in line.windows(2) {
            let touching = t.touching(t.class(pair[0]));
            prop_assert!(touching.iter().any(|&(dx, dy)| wrap.canonical(pair[0].offset(dx, dy)) == pair[1]));
        }
    }
}

#[test]
fn sizes_are_checked() {
    assert_eq!(
        Wrap::new(Tiling::Triangle, 5, 4),
        Err(WrapError::OddTriangles(5, 4))
    );
    assert_eq!(Wrap::new(Tiling::Hex, 0, 4), Err(WrapError::Size(0, 4)));
    assert!(Wrap::new(Tiling::Square, 1, 1).is_ok());
    let torus = Wrap::new(Tiling::Hex, 10, 8).unwrap();
    assert_eq!(torus.canonical(Cell::new(-1, 8)), Cell::new(9, 0));
    assert_eq!(torus.cells().count(), 80);
}
