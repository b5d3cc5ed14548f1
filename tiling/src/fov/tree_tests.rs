use super::*;
use crate::fov::test_maps::{Stream, Terrain, below, stream};
use crate::fov::visible_by_lines;
use crate::grid::{Grid, Shape};

/// A parallelogram of `width` by `height` with `percent` of its tiles walls (brush every
/// fifth of them), from a seeded stream.
fn walled(width: u32, height: u32, percent: u64, seed: u64) -> Grid<Terrain> {
    let shape = Shape::Parallelogram { width, height };
    let mut grid = Grid::new(&shape, Terrain::Floor).unwrap();
    let mut rng = stream(seed, Stream::Generation, percent);
    for (k, i) in grid.indices().collect::<Vec<_>>().into_iter().enumerate() {
        if below(&mut rng, 100) < percent as usize {
            grid[i] = if k % 5 == 0 {
                Terrain::Brush
            } else {
                Terrain::Wall
            };
        }
    }
    grid
}

/// The sight bits of a terrain grid.
fn sight(grid: &Grid<Terrain>) -> SightBits {
    SightBits::of(grid, |i| grid[i].blocks_sight())
}

/// What the tree sees from `o`, checked to come once each and in order, and by
/// [`FovTree::compute`] alike.
fn seen(tree: &FovTree, sight: &SightBits, o: usize) -> Vec<usize> {
    let mut visited = Vec::new();
    tree.visit(sight, o, |i| visited.push(i));
    assert!(
        visited.windows(2).all(|p| p[0] < p[1]),
        "ascending, no repeats"
    );
    let mut out = vec![usize::MAX];
    tree.compute(sight, o, &mut out);
    assert_eq!(out, visited, "compute is visit");
    visited
}

#[test]
fn every_offset_ends_a_node_for_each_of_its_lines_and_marks_its_own_row() {
    for r in [0, 1, 5, 20, 23, 24, FovTree::MAX_RADIUS] {
        let tree = FovTree::new(r).unwrap();
        let rows = 2 * r as usize + 1;
        let mut ends: Vec<(i32, i32)> = tree
            .nodes
            .iter()
            .filter(|n| usize::from(n.word) < rows)
            .map(|n| {
                let at = (i32::from(n.at[0]), i32::from(n.at[1]));
                let r = r as i32;
                assert_eq!((i32::from(n.bit), i32::from(n.word)), (at.0 + r, at.1 + r));
                at
            })
            .collect();
        ends.sort_unstable();
        // Every offset but the origin's own: once, or twice where its two lines part.
        let mut want: Vec<(i32, i32)> = Hex::ORIGIN
            .range(r)
            .filter(|&h| h != Hex::ORIGIN)
            .flat_map(|h| vec![(h.x, h.y); lines_to(h).len()])
            .collect();
        want.sort_unstable();
        if r >= 2 {
            // Two steps straight up the screen: the lines run along a side, one each way.
            let up = Hex::new(-1, -2);
            assert_eq!(lines_to(up).len(), 2);
            assert_eq!(ends.iter().filter(|&&e| e == (up.x, up.y)).count(), 2);
        }
        assert_eq!(ends, want, "radius {r}");
        // The other nodes mark a spare word's bit 0, and every node lies within the radius.
        let spare = |n: &&Node<[i8; 2]>| usize::from(n.word) >= rows;
        assert!(
            tree.nodes
                .iter()
                .filter(spare)
                .all(|n| n.bit == 0 && usize::from(n.word) < rows + SPARE_WORDS)
        );
        assert!(
            tree.nodes
                .iter()
                .all(|n| { Hex::new(i32::from(n.at[0]), i32::from(n.at[1])).length() as u32 <= r })
        );
        // A subtree ends after its node and no later than the tree.
        for (i, n) in tree.nodes.iter().enumerate() {
            let next = usize::from(n.next);
            assert!(next > i && next <= tree.nodes.len(), "radius {r}, node {i}");
        }
        // A tree of the largest radius on a wide grid still has nodes of 8 bytes.
        let made = tree.for_stride(4000);
        assert_eq!(made.flat.len(), made.nodes.len(), "radius {r}");
    }
    assert!(FovTree::new(FovTree::MAX_RADIUS + 1).is_none());
    assert_eq!(std::mem::size_of::<Node<i32>>(), 8);
}

#[test]
fn a_tree_made_for_another_stride_still_works() {
    let (narrow, wide) = (walled(20, 20, 0, 1), walled(40, 20, 0, 1));
    assert_ne!(narrow.offset_of(0, 1), wide.offset_of(0, 1));
    let tree = FovTree::new(6).unwrap().for_grid(&narrow);
    for grid in [&narrow, &wide] {
        let o = grid.index(Cell::new(10, 10)).unwrap();
        let want: Vec<usize> = Hex::new(10, 10)
            .range(6)
            .filter_map(|h| grid.index(h.into()))
            .collect::<std::collections::BTreeSet<_>>()
            .into_iter()
            .collect();
        assert_eq!(seen(&tree, &sight(grid), o), want);
    }
}

#[test]
fn narrow_maps_and_edges_see_as_the_lines_do() {
    // Narrow maps put the stride below the tree's width: offsets must still land on the
    // right tiles, rows must not run into the next, and the reading order must stay the
    // index order.
    for (w, h) in [(1, 9), (3, 3), (5, 40), (40, 5), (30, 30)] {
        let grid = walled(w, h, 15, 2);
        let sight = sight(&grid);
        let blocks = |i: usize| grid[i].blocks_sight();
        let general = FovTree::new(12).unwrap();
        let made = general.for_grid(&grid);
        for o in grid.indices() {
            let want = visible_by_lines(&grid, blocks, grid.cell(o), 12);
            let at = grid.cell(o);
            assert_eq!(seen(&general, &sight, o), want, "{w}x{h} from {at}");
            assert_eq!(
                seen(&made, &sight, o),
                want,
                "made for this grid, from {at}"
            );
        }
    }
}

#[test]
fn every_radius_and_density_agrees_with_the_line_by_line_form() {
    // From open floor to mostly walls, viewers on floor, walls and brush alike, and radii
    // whose marks take one or two powers of two of words.
    for percent in [0, 5, 30, 60, 90] {
        let grid = walled(90, 90, percent, 3);
        let sight = sight(&grid);
        let blocks = |i: usize| grid[i].blocks_sight();
        for radius in [0, 1, 2, 7, 20, 23, 24, 31] {
            let general = FovTree::new(radius).unwrap();
            let made = general.for_grid(&grid);
            let viewers = [(45, 45), (3, 80), (70, 12), (0, 0), (89, 89), (0, 89)];
            for viewer in viewers.map(|(x, y)| Cell::new(x, y)) {
                let want = visible_by_lines(&grid, blocks, viewer, radius);
                let o = grid.index(viewer).unwrap();
                for tree in [&general, &made] {
                    let got = seen(tree, &sight, o);
                    assert_eq!(got, want, "{percent}% walls, radius {radius}, {viewer}");
                }
            }
        }
    }
}

#[test]
fn no_tile_sees_nothing() {
    let grid = walled(10, 10, 0, 4);
    let sight = sight(&grid);
    let tree = FovTree::new(5).unwrap();
    for o in [
        0,
        11,
        grid.storage_len() - 1,
        grid.storage_len() + 5,
        usize::MAX,
    ] {
        assert!(seen(&tree, &sight, o).is_empty(), "cell {o}");
    }
}
