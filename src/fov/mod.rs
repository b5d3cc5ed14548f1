//! Field of view in the game: the two rules of ARCHITECTURE.md ("Field of view"), computed by
//! the tiling crate's line trees ([`hexdeep_tiling::fov`], re-exported here) over a level's
//! sight bits and the features on its sides. [`visible_tiles`] uses the trees kept with the
//! level ([`FovCache`]): no lock and no process-wide state.

mod cache;

pub use cache::FovCache;
pub use hexdeep_tiling::fov::{
    FovTree, LatticeTree, MAX_TREE_RADIUS, visible_by_lines, visible_by_lines_across,
};

use crate::geom::Cell;
use crate::map::Level;

/// The tile indices visible from `origin` within `radius` by both rules of the module docs, in
/// ascending order, on the level's tiling (`origin` is the viewer's cell written as a hex).
/// Empty when the origin is not a tile.
pub fn visible_tiles(level: &Level, origin: Cell, radius: u32) -> Vec<usize> {
    let grid = &level.terrain;
    let Some(start) = grid.index(origin) else {
        return Vec::new();
    };
    let blocks = |i: usize| grid[i].blocks_sight();
    // No tile of the map lies farther than its bounding box spans, so a larger radius sees
    // nothing more.
    let (lo, hi) = grid.bounds();
    let span = (i64::from(hi.x) - i64::from(lo.x)) + (i64::from(hi.y) - i64::from(lo.y));
    let radius = u32::try_from(span).map_or(radius, |s| radius.min(s));
    if level.has_sides() {
        return visible_across_sides(level, start, radius);
    }
    let Some(trees) = FovCache::of(level) else {
        return visible_by_lines(grid, blocks, origin, radius);
    };
    // Room for what a radius-8 view of open ground shows, so that the pushes of a usual view
    // never reallocate.
    let mut out = Vec::with_capacity(256);
    if let Some(tree) = trees.tree(radius) {
        tree.compute(grid.sight(), start, &mut out);
    } else {
        let Some(tree) = trees.lattice_tree(radius, grid.class(start)) else {
            return visible_by_lines(grid, blocks, origin, radius);
        };
        tree.compute(grid, blocks, start, &mut out);
    }
    out
}

/// [`visible_tiles`] on a level with sides between tiles: the lattice tree of its tiling (on
/// hexes too), stopping at the sides sight cannot cross.
fn visible_across_sides(level: &Level, start: usize, radius: u32) -> Vec<usize> {
    let grid = &level.terrain;
    let blocks = |i: usize| grid[i].blocks_sight();
    let tree = FovCache::of(level).and_then(|t| t.lattice_tree(radius, grid.class(start)));
    let Some(tree) = tree else {
        let crosses = |i: usize, j: usize| level.sight_crosses(grid.cell(i), grid.cell(j));
        return visible_by_lines_across(grid, blocks, crosses, grid.cell(start), radius);
    };
    let mut out = Vec::with_capacity(256);
    let sides = level.sides();
    tree.compute_across(grid, blocks, |i, k| sides.sees(i, k), start, &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::Tiling;
    use crate::map::{Grid, Shape, Terrain};

    #[test]
    fn huge_radii_fall_back_to_lines_and_agree_with_the_trees() {
        // A 70-wide row: radius 69 needs the line-by-line path, 64 the lattice tree, 31 the
        // hex tree.
        let mut g = Grid::new(
            &Shape::Parallelogram {
                width: 70,
                height: 2,
            },
            Terrain::Floor,
        )
        .unwrap();
        g.set(Cell::new(30, 0), Terrain::Wall);
        let level = Level::new("t", 1, g);
        let far = visible_tiles(&level, Cell::new(0, 1), u32::MAX);
        let grid = &level.terrain;
        let from = grid.index(Cell::new(0, 1)).unwrap();
        let within = |r: i32| -> Vec<usize> {
            let near = far.iter().copied();
            near.filter(|&i| grid.distance(grid.cell(i), Cell::new(0, 1)) <= r)
                .collect()
        };
        let mut by_tree = Vec::new();
        let blocks = |i: usize| grid[i].blocks_sight();
        LatticeTree::new(Tiling::Hex, 64, 0)
            .unwrap()
            .compute(grid, blocks, from, &mut by_tree);
        assert_eq!(within(64), by_tree);
        FovTree::new(31)
            .unwrap()
            .compute(grid.sight(), from, &mut by_tree);
        assert_eq!(within(31), by_tree);
        assert_eq!(visible_tiles(&level, Cell::new(0, 1), 40), within(40));
        assert!(far.contains(&grid.index(Cell::new(69, 1)).unwrap()));
        // Along row 0 the wall at (30, 0) hides the far end.
        let row0 = visible_tiles(&level, Cell::new(0, 0), u32::MAX);
        assert!(row0.contains(&grid.index(Cell::new(30, 0)).unwrap()));
        assert!(!row0.contains(&grid.index(Cell::new(69, 0)).unwrap()));
    }

    #[test]
    fn levels_of_every_tiling_see_by_their_own_lines() {
        use crate::geom::Cell;
        for tiling in Tiling::ALL {
            let cells: Vec<Cell> = (0..12)
                .flat_map(|y| (0..30).map(move |x| Cell::new(x, y)))
                .collect();
            let mut g = Grid::from_cells(tiling, &cells, Terrain::Floor).unwrap();
            for (k, i) in g.indices().collect::<Vec<_>>().into_iter().enumerate() {
                if k % 5 == 2 || k % 11 == 0 {
                    g[i] = Terrain::Wall;
                }
            }
            let level = Level::new("t", 1, g);
            let grid = &level.terrain;
            for viewer in [Cell::new(3, 3), Cell::new(14, 6), Cell::new(15, 6)] {
                for radius in [2, 7, 70] {
                    let o = viewer;
                    let want = visible_by_lines(grid, |i| grid[i].blocks_sight(), o, radius);
                    assert_eq!(
                        visible_tiles(&level, o, radius),
                        want,
                        "{tiling} {viewer:?}"
                    );
                }
            }
        }
    }
}
