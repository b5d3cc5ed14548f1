use super::*;
use crate::geom::{Cell, Hex};
use crate::grid::Shape;
use proptest::prelude::*;

/// A box of `tiling`, `w` by `h` cells.
fn boxed(tiling: Tiling, w: i32, h: i32) -> Grid<()> {
    let cells: Vec<Cell> = (0..h)
        .flat_map(|y| (0..w).map(move |x| Cell::new(x, y)))
        .collect();
    Grid::from_cells(tiling, &cells, ()).unwrap()
}

fn tiling() -> impl Strategy<Value = Tiling> {
    prop_oneof![
        Just(Tiling::Hex),
        Just(Tiling::Square),
        Just(Tiling::Triangle)
    ]
}

/// The set of the tiles picked by `bits` (one a tile, in index order).
fn picked<T>(grid: &Grid<T>, bits: &[bool]) -> TileSet {
    let mut set = TileSet::of(grid);
    for (k, i) in grid.indices().enumerate() {
        if bits[k % bits.len()] {
            set.insert(i);
        }
    }
    set
}

proptest! {
    #[test]
    fn sets_behave_as_sets(
        a in proptest::collection::vec(0usize..300, 0..80),
        b in proptest::collection::vec(0usize..300, 0..80),
        gone in proptest::collection::vec(0usize..300, 0..20),
    ) {
        let model = |v: &[usize]| v.iter().copied().collect::<BTreeSet<usize>>();
        let (mut sa, sb) = (TileSet::new(256), TileSet::new(300));
        let mut ma = BTreeSet::new();
        for &i in &a {
            prop_assert_eq!(sa.insert(i), i < 256 && ma.insert(i));
        }
        for &i in &gone {
            prop_assert_eq!(sa.remove(i), ma.remove(&i));
        }
        let mut sb = sb;
        for &i in &b {
            sb.insert(i);
        }
        let mb = model(&b);
        prop_assert_eq!(sa.iter().collect::<Vec<_>>(), ma.iter().copied().collect::<Vec<_>>());
        prop_assert_eq!(sa.count(), ma.len());
        prop_assert_eq!(sa.is_empty(), ma.is_empty());
        let union: Vec<usize> = ma.union(&mb).copied().collect();
        prop_assert_eq!(sa.union(&sb).iter().collect::<Vec<_>>(), union);
        let both: Vec<usize> = ma.intersection(&mb).copied().collect();
        prop_assert_eq!(sa.intersection(&sb).iter().collect::<Vec<_>>(), both);
        let only: Vec<usize> = ma.difference(&mb).copied().collect();
        prop_assert_eq!(sa.difference(&sb).iter().collect::<Vec<_>>(), only);
        prop_assert!(!sa.contains(usize::MAX));
        let collected: TileSet = ma.iter().copied().collect();
        prop_assert_eq!(collected.iter().collect::<Vec<_>>(), ma.iter().copied().collect::<Vec<_>>());
    }

    #[test]
    fn regions_split_the_tiles_into_connected_maximal_parts(
        t in tiling(), bits in proptest::collection::vec(any::<bool>(), 1..200),
    ) {
        let grid = boxed(t, 12, 8);
        let inside = picked(&grid, &bits);
        let same = |a: usize, b: usize| inside.contains(a) == inside.contains(b);
        let parts = regions(&grid, same);
        let mut all = TileSet::of(&grid);
        for part in &parts {
            prop_assert!(all.intersection(part).is_empty(), "disjoint");
            all = all.union(part);
            // Connected: a flood from its first tile is the part itself; maximal: no tile
            // one move away that `same` joins lies outside it.
            let first = part.iter().next().unwrap();
            prop_assert_eq!(&flood_fill(&grid, first, same), part);
            for i in part.iter() {
                for n in grid.neighbours(grid.cell(i)) {
                    if let Some(j) = grid.index(n) {
                        prop_assert!(!same(i, j) || part.contains(j));
                    }
                }
            }
        }
        prop_assert_eq!(all.count(), grid.len());
    }

    #[test]
    fn an_outline_walks_every_boundary_side_once_with_the_set_on_its_left(
        square in any::<bool>(), bits in proptest::collection::vec(any::<bool>(), 1..120),
    ) {
        let t = if square { Tiling::Square } else { Tiling::Hex };
        let grid = boxed(t, 9, 7);
        let set = picked(&grid, &bits);
        let loops = outline(&grid, &set);
        let mut walked = BTreeSet::new();
        for lp in &loops {
            let n = lp.sides.len();
            prop_assert_eq!(lp.corners.len(), n);
            for k in 0..n {
                let (p, q) = (lp.corners[k], lp.corners[(k + 1) % n]);
                let ends = t.side_corners(lp.sides[k]).unwrap();
                prop_assert!(ends == [p, q] || ends == [q, p], "side {k} joins its corners");
                prop_assert!(walked.insert(lp.sides[k]), "each side once");
                let (a, b) = t.side_tiles(lp.sides[k]).unwrap();
                let inside = |c: Cell| grid.index(c).is_some_and(|i| set.contains(i));
                prop_assert!(inside(a) != inside(b), "a boundary side");
                let tile = if inside(a) { a } else { b };
                prop_assert!(left_of(t, tile, p, q), "the set on the left");
            }
        }
        // Every side with exactly one tile in the set is walked.
        let mut boundary = BTreeSet::new();
        for i in set.iter() {
            for side in t.tile_sides(grid.cell(i)) {
                let (a, b) = t.side_tiles(side).unwrap();
                let inside = |c: Cell| grid.index(c).is_some_and(|i| set.contains(i));
                if inside(a) != inside(b) {
                    boundary.insert(side);
                }
            }
        }
        prop_assert_eq!(walked, boundary);
    }
}

#[test]
fn one_tile_is_outlined_by_its_own_sides_and_a_ring_by_two_loops() {
    for (t, n) in [(Tiling::Hex, 6), (Tiling::Square, 4)] {
        let grid = boxed(t, 7, 7);
        let one: TileSet = [grid.index(Cell::new(3, 3)).unwrap()].into_iter().collect();
        let loops = outline(&grid, &one);
        assert_eq!(loops.len(), 1, "{t}");
        assert_eq!(loops[0].sides.len(), n, "{t}");
        let corners: BTreeSet<Corner> = loops[0].corners.iter().copied().collect();
        assert_eq!(corners.len(), n, "{t}: every corner once");
    }
    // A hexagon of radius 2 less its middle: an outer loop and a hole.
    let grid = Grid::new(&Shape::Hexagon { radius: 3 }, ()).unwrap();
    let ring: TileSet = Hex::ORIGIN
        .range(2)
        .filter(|&h| h != Hex::ORIGIN)
        .map(|h| grid.index(h.into()).unwrap())
        .collect();
    let loops = outline(&grid, &ring);
    let mut lengths: Vec<usize> = loops.iter().map(|l| l.sides.len()).collect();
    lengths.sort_unstable();
    assert_eq!(lengths, [6, 30], "the hole, then the outer edge");
    // Triangles have no side coordinates.
    let tri = boxed(Tiling::Triangle, 4, 4);
    assert!(outline(&tri, &TileSet::of(&tri).union(&[5].into_iter().collect())).is_empty());
}

#[test]
fn squares_meeting_at_a_corner_keep_a_loop_each() {
    let grid = boxed(Tiling::Square, 5, 5);
    let two: TileSet = [Cell::new(1, 1), Cell::new(2, 2)]
        .into_iter()
        .map(|c| grid.index(c).unwrap())
        .collect();
    let loops = outline(&grid, &two);
    assert_eq!(loops.len(), 2);
    assert!(loops.iter().all(|l| l.sides.len() == 4));
}
