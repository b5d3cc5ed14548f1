//! Connectivity on flat indices: the interior mask, passable regions, joining regions with
//! corridors, filling what cannot be reached, and step counts.
//!
//! Regions and corridors go across sides only ([`Around::sides`]): a step across a side is
//! never refused for squeezing past a corner, so whatever they join is joined by the rules'
//! moves on every tiling. Step counts ([`bfs_steps`]) follow all the rules' moves.
//!
//! Every function sees the thin walls of the level being made ([`Sides`]): regions and step
//! counts never cross a thin wall (a closed door on a side is crossed, as the rules open it),
//! and a corridor that joins two regions clears the sides it crosses. Without any feature on
//! sides the searches are the ones they always were.

use super::around::Around;
use crate::geom::Tiling;
use crate::map::{Grid, SideFeature, Sides, Terrain};
use crate::path::{PathScratch, passage_over};

/// Steps value meaning "not reached".
pub(super) const FAR: u32 = u32::MAX;

/// Which storage indices are interior tiles: tiles all of whose touching tiles (sharing a
/// side or a corner) are tiles. Every other tile is a border tile and stays wall.
pub(super) fn interior_mask<T>(grid: &Grid<T>) -> Vec<bool> {
    let around = Around::touching(grid);
    let mut mask = vec![false; grid.storage_len()];
    for i in grid.indices() {
        mask[i] = around.at(grid, i).all(|j| grid.is_tile(j));
    }
    mask
}

/// Whether storage index `i` is a tile a creature may enter.
pub(super) fn passable(grid: &Grid<Terrain>, i: usize) -> bool {
    grid.is_tile(i) && !grid[i].blocks_movement()
}

/// Steps over passable tiles from any of `sources` to every storage index ([`FAR`] where
/// unreached), by the rules' moves: each tile entered counts one, a triangle's move through a
/// corner one more, and no move squeezes past a wall or closed door (the cost of the path on
/// open floor, [`Grid::distance`]). Sources count as reached whatever their terrain. No step
/// crosses a thin wall of `sides`.
pub(super) fn bfs_steps(grid: &Grid<Terrain>, sides: &Sides, sources: &[usize]) -> Vec<u32> {
    if sides.any() || grid.tiling() != Tiling::Hex {
        return lattice_steps(grid, sides, sources);
    }
    let offsets = grid.neighbor_offsets();
    let mut dist = vec![FAR; grid.storage_len()];
    let mut queue = Vec::with_capacity(grid.len());
    for &s in sources {
        if grid.is_tile(s) && dist[s] == FAR {
            dist[s] = 0;
            queue.push(s);
        }
    }
    let mut head = 0;
    while let Some(&i) = queue.get(head) {
        head += 1;
        for o in offsets {
            let j = i.wrapping_add_signed(o);
            if dist[j] == FAR && passable(grid, j) {
                dist[j] = dist[i] + 1;
                queue.push(j);
            }
        }
    }
    dist
}

/// [`bfs_steps`] off hexes, where moves through corners cost more and may be refused, and on
/// levels with features on sides, whose thin walls no move crosses.
fn lattice_steps(grid: &Grid<Terrain>, sides: &Sides, sources: &[usize]) -> Vec<u32> {
    let cost = |i: usize| passable(grid, i).then_some(1);
    let mut dist = vec![FAR; grid.storage_len()];
    let visit = |i: usize, d: u32| {
        dist[i] = d;
        crate::path::Flow::Continue
    };
    // The rules' moves, each a step: a door on a side counts as the one step through it.
    let way = passage_over(grid, sides).doors_as_steps();
    PathScratch::new().dijkstra_on(&way, cost, sources, u32::MAX - 1, visit);
    dist
}

/// Whether a step from `i` to its neighbour `j` is not stopped by a thin wall: the move's bit
/// from `i` ([`Sides::passes`]) (always, on a level without features on sides).
pub(super) fn crosses(grid: &Grid<Terrain>, sides: &Sides, i: usize, j: usize) -> bool {
    if !sides.any() {
        return true;
    }
    let step = j as isize - i as isize;
    let moves = grid.tiling().moves(grid.class(i));
    moves
        .as_slice()
        .iter()
        .position(|m| grid.offset_of(m.dx, m.dy) == step)
        .is_none_or(|k| sides.passes(i, k))
}

/// Labels the connected regions of passable tiles: `labels[i]` is the region of index `i`
/// (`u32::MAX` for impassable cells), numbered in reading order of their first tile; also
/// returns each region's size. Tiles are connected across their sides, where no thin wall
/// stands.
pub(super) fn regions(grid: &Grid<Terrain>, walls: &Sides) -> (Vec<u32>, Vec<usize>) {
    let sides = Around::sides(grid);
    let mut labels = vec![u32::MAX; grid.storage_len()];
    let mut sizes = Vec::new();
    let mut stack = Vec::new();
    for start in grid.indices() {
        if labels[start] != u32::MAX || !passable(grid, start) {
            continue;
        }
        let label = sizes.len() as u32;
        let mut size = 0;
        labels[start] = label;
        stack.push(start);
        while let Some(i) = stack.pop() {
            size += 1;
            for j in sides.at(grid, i) {
                if labels[j] == u32::MAX && passable(grid, j) && crosses(grid, walls, i, j) {
                    labels[j] = label;
                    stack.push(j);
                }
            }
        }
        sizes.push(size);
    }
    (labels, sizes)
}

/// Joins every passable region to the largest one with a corridor through interior tiles,
/// after filling regions smaller than `min_size` with wall. Corridors turn wall into floor and
/// deep water into shallow water (a ford), open the thin walls they cross, and take a
/// shortest route.
pub(super) fn join_regions(
    grid: &mut Grid<Terrain>,
    walls: &mut Sides,
    interior: &[bool],
    min_size: usize,
) {
    let (labels, sizes) = regions(grid, walls);
    // The largest region; ties go to the first in reading order.
    let Some(main) = (0..sizes.len()).max_by_key(|&r| (sizes[r], usize::MAX - r)) else {
        return;
    };
    let main = main as u32;
    for i in grid.indices().collect::<Vec<_>>() {
        let r = labels[i];
        if r != u32::MAX && r != main && sizes[r as usize] < min_size {
            grid[i] = Terrain::Wall;
        }
    }
    // Breadth-first search from the main region through interior tiles of any terrain,
    // across sides.
    let sides = Around::sides(grid);
    let mut parent = vec![usize::MAX; grid.storage_len()];
    let mut queue: Vec<usize> = grid.indices().filter(|&i| labels[i] == main).collect();
    for &i in &queue {
        parent[i] = i;
    }
    // The first tile each region meets in search order is its closest to the main region.
    let mut nearest = vec![usize::MAX; sizes.len()];
    let mut head = 0;
    while let Some(&i) = queue.get(head) {
        head += 1;
        let r = labels[i];
        if r != u32::MAX && r != main && nearest[r as usize] == usize::MAX {
            nearest[r as usize] = i;
        }
        for j in sides.at(grid, i) {
            if parent[j] == usize::MAX && interior[j] {
                parent[j] = i;
                queue.push(j);
            }
        }
    }
    for (r, &from) in nearest.iter().enumerate() {
        if from == usize::MAX || sizes[r] < min_size {
            continue;
        }
        let mut at = from;
        while parent[at] != at {
            open_up(&mut grid[at]);
            clear_side(grid, walls, at, parent[at]);
            at = parent[at];
        }
    }
}

/// Makes a tile part of a corridor: walls become floor, deep water a ford.
pub(super) fn open_up(tile: &mut Terrain) {
    match *tile {
        Terrain::Wall => *tile = Terrain::Floor,
        Terrain::DeepWater => *tile = Terrain::ShallowWater,
        _ => {}
    }
}

/// Takes a thin wall off the side between neighbours `i` and `j` (a corridor passes there).
fn clear_side(grid: &Grid<Terrain>, walls: &mut Sides, i: usize, j: usize) {
    if !crosses(grid, walls, i, j)
        && let Some(side) = grid.tiling().side_between(grid.cell(i), grid.cell(j))
    {
        walls.set_side(grid, side, SideFeature::Open);
    }
}

/// Turns every passable tile that cannot be reached from `start` (past the thin walls of
/// `sides`) into wall.
pub(super) fn fill_unreachable(grid: &mut Grid<Terrain>, sides: &Sides, start: usize) {
    let dist = bfs_steps(grid, sides, &[start]);
    for i in grid.indices().collect::<Vec<_>>() {
        if dist[i] == FAR && !grid[i].blocks_movement() {
            grid[i] = Terrain::Wall;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::Cell;
    use crate::map::Shape;

    /// A map from rows of glyphs, as a parallelogram (row `y`, column `x`).
    fn map(rows: &[&str]) -> Grid<Terrain> {
        let shape = Shape::Parallelogram {
            width: rows[0].len() as u32,
            height: rows.len() as u32,
        };
        let mut g = Grid::new(&shape, Terrain::Wall).unwrap();
        for (y, row) in rows.iter().enumerate() {
            for (x, c) in row.chars().enumerate() {
                g.set(
                    Cell::new(x as i32, y as i32),
                    Terrain::from_glyph(c).unwrap(),
                );
            }
        }
        g
    }

    fn count(g: &Grid<Terrain>, t: Terrain) -> usize {
        g.indices().filter(|&i| g[i] == t).count()
    }

    #[test]
    fn interior_excludes_the_edge() {
        let g = map(&["####", "####", "####"]);
        let inner: Vec<Cell> = g
            .indices()
            .filter(|&i| interior_mask(&g)[i])
            .map(|i| g.cell(i))
            .collect();
        assert_eq!(inner, vec![Cell::new(1, 1), Cell::new(2, 1)]);
    }

    #[test]
    fn regions_split_by_walls_and_deep_water() {
        let g = map(&["#########", "#..#..=.#", "#########"]);
        let (labels, sizes) = regions(&g, &Sides::default());
        assert_eq!(sizes, vec![2, 2, 1]);
        assert_eq!(labels[g.index(Cell::new(1, 1)).unwrap()], 0);
        assert_eq!(labels[g.index(Cell::new(7, 1)).unwrap()], 2);
        assert_eq!(labels[g.index(Cell::new(3, 1)).unwrap()], u32::MAX);
    }

    #[test]
    fn join_connects_big_regions_and_fills_small_ones() {
        let mut g = map(&[
            "############",
            "#....###...#",
            "#....###...#",
            "#########.##",
            "############",
        ]);
        let interior = interior_mask(&g);
        join_regions(&mut g, &mut Sides::default(), &interior, 4);
        let (_, sizes) = regions(&g, &Sides::default());
        assert_eq!(sizes.len(), 1, "one region left");
        // The 7-tile region was joined (not filled), through a 3-tile corridor.
        assert_eq!(sizes[0], 8 + 7 + 3);

        let mut g = map(&["#######", "#...#.#", "#######"]);
        let interior = interior_mask(&g);
        join_regions(&mut g, &mut Sides::default(), &interior, 2);
        assert_eq!(count(&g, Terrain::Floor), 3, "the lone tile was filled");
    }

    #[test]
    fn corridors_ford_deep_water() {
        let mut g = map(&["#######", "#..=..#", "#######"]);
        let interior = interior_mask(&g);
        join_regions(&mut g, &mut Sides::default(), &interior, 1);
        assert_eq!(g.get(Cell::new(3, 1)), Some(&Terrain::ShallowWater));
    }

    /// Floor on the cells `(x, y)` of `cells` of a rock map on `tiling`.
    fn dig(tiling: Tiling, w: u32, h: u32, cells: &[(i32, i32)]) -> Grid<Terrain> {
        let mut g = crate::mapgen::rock_on(tiling, w, h);
        for &(x, y) in cells {
            let i = g.index(crate::geom::Cell::new(x, y)).unwrap();
            g[i] = Terrain::Floor;
        }
        g
    }

    #[test]
    fn the_interior_keeps_clear_of_every_touching_tile_off_the_map() {
        // Squares: one ring; triangles: a row above and below and two columns each side.
        for (t, w, h, want) in [
            (Tiling::Square, 6, 5, (1..=4, 1..=3)),
            (Tiling::Triangle, 6, 5, (2..=9, 1..=3)),
        ] {
            let g = crate::mapgen::rock_on(t, w, h);
            let mask = interior_mask(&g);
            for i in g.indices() {
                let c = g.cell(i);
                let inside = want.0.contains(&c.x) && want.1.contains(&c.y);
                assert_eq!(mask[i], inside, "{t} {c:?}");
            }
        }
    }

    #[test]
    fn off_hexes_regions_and_corridors_go_across_sides() {
        // Two blocks meeting only at a corner are two regions, and the corridor that joins
        // them can be walked by side steps.
        let mut g = dig(
            Tiling::Square,
            12,
            8,
            &[(2, 2), (3, 2), (2, 3), (3, 3), (4, 4), (5, 4)],
        );
        assert_eq!(regions(&g, &Sides::default()).1, vec![4, 2]);
        let interior = interior_mask(&g);
        join_regions(&mut g, &mut Sides::default(), &interior, 2);
        assert_eq!(regions(&g, &Sides::default()).1.len(), 1);
        assert_eq!(count(&g, Terrain::Floor), 7, "one tile of corridor");

        let mut g = dig(
            Tiling::Triangle,
            12,
            9,
            &[(4, 2), (5, 2), (6, 2), (14, 6), (15, 6)],
        );
        let interior = interior_mask(&g);
        join_regions(&mut g, &mut Sides::default(), &interior, 2);
        let (labels, sizes) = regions(&g, &Sides::default());
        assert_eq!(sizes.len(), 1);
        let a = g.index(crate::geom::Cell::new(4, 2)).unwrap();
        let b = g.index(crate::geom::Cell::new(15, 6)).unwrap();
        assert_eq!(labels[a], labels[b]);
    }

    #[test]
    fn off_hexes_steps_follow_the_rules_moves() {
        // A square's diagonal between two walls is refused; a triangle's move through a
        // corner costs two.
        let g = dig(Tiling::Square, 8, 8, &[(2, 2), (3, 3), (4, 4), (5, 4)]);
        let a = g.index(crate::geom::Cell::new(2, 2)).unwrap();
        let d = bfs_steps(&g, &Sides::default(), &[a]);
        assert!(g.indices().filter(|&i| i != a).all(|i| d[i] == FAR));
        let block: Vec<(i32, i32)> = (2..5).flat_map(|y| (2..5).map(move |x| (x, y))).collect();
        let mut g = dig(Tiling::Square, 8, 8, &block);
        let far = g.index(crate::geom::Cell::new(4, 4)).unwrap();
        assert_eq!(
            bfs_steps(&g, &Sides::default(), &[a])[far],
            2,
            "diagonals past open floor"
        );
        let middle = g.index(crate::geom::Cell::new(3, 3)).unwrap();
        g[middle] = Terrain::Wall;
        assert_eq!(
            bfs_steps(&g, &Sides::default(), &[a])[far],
            4,
            "round the pillar by its sides"
        );

        let mut g = crate::mapgen::rock_on(Tiling::Triangle, 8, 6).map(|_| Terrain::Floor);
        let a = g.index(crate::geom::Cell::new(5, 2)).unwrap();
        let d = bfs_steps(&g, &Sides::default(), &[a]);
        for i in g.indices() {
            let want = g.distance(g.cell(a), g.cell(i));
            assert_eq!(d[i], want as u32, "{:?}", g.cell(i));
        }
        // Up-pointing (6, 3) reaches (6, 2) above it through its top corner, at a cost of
        // two; with a wall at that corner, by three sides.
        let up = g.index(crate::geom::Cell::new(6, 3)).unwrap();
        let above = g.index(crate::geom::Cell::new(6, 2)).unwrap();
        assert_eq!(bfs_steps(&g, &Sides::default(), &[up])[above], 2);
        let wall = g.index(crate::geom::Cell::new(7, 2)).unwrap();
        g[wall] = Terrain::Wall;
        assert_eq!(
            bfs_steps(&g, &Sides::default(), &[up])[above],
            3,
            "no squeezing past the wall"
        );
    }

    #[test]
    fn bfs_counts_steps_and_fill_walls_the_rest() {
        let mut g = map(&["#######", "#...#.#", "#######"]);
        let a = g.index(Cell::new(1, 1)).unwrap();
        let d = bfs_steps(&g, &Sides::default(), &[a]);
        assert_eq!(d[g.index(Cell::new(3, 1)).unwrap()], 2);
        assert_eq!(d[g.index(Cell::new(5, 1)).unwrap()], FAR);
        fill_unreachable(&mut g, &Sides::default(), a);
        assert_eq!(g.get(Cell::new(5, 1)), Some(&Terrain::Wall));
        assert_eq!(count(&g, Terrain::Floor), 3);
    }
}
