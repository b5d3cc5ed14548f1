//! Caverns, water and brush from noise: sampled once per tile, quantised to integers at
//! once, and turned into terrain by rank (the top so many per mille of the interior), so the
//! amount of each terrain does not depend on the noise's range.

use super::around::Around;
use super::dice;
use super::style::Wetness;
use crate::geom::{Cell, Tiling};
use crate::map::{Grid, Terrain};
use crate::rng::GameRng;
use noise::{Fbm, MultiFractal, NoiseFn, Perlin};
use std::cmp::Ordering;

/// Per mille of tiles whose rock/floor state is flipped at random before smoothing.
const JITTER: usize = 60;
/// Rounds of cellular smoothing.
const SMOOTHING_ROUNDS: usize = 3;

/// Samples fractal noise at every interior tile, quantised to integers; other cells hold
/// `i32::MIN`. `scale` is the noise frequency per tile; `octaves` the layers of detail (each
/// one costs a Perlin sample per tile, the bulk of generation time).
fn noise_field(
    grid: &Grid<Terrain>,
    interior: &[bool],
    rng: &mut GameRng,
    scale: f64,
    octaves: usize,
) -> Vec<i32> {
    let fbm: Fbm<Perlin> = Fbm::new(dice::noise_seed(rng)).set_octaves(octaves);
    // A random offset so the lattice points, where Perlin noise is zero, fall anywhere.
    let ox = dice::below(rng, 4096) as f64 + 0.37;
    let oy = dice::below(rng, 4096) as f64 + 0.61;
    let mut field = vec![i32::MIN; grid.storage_len()];
    let tiling = grid.tiling();
    for i in grid.indices().filter(|&i| interior[i]) {
        let (px, py) = centre(tiling, grid.cell(i));
        let v = fbm.get([px * scale + ox, py * scale + oy]);
        field[i] = (v * 1_000_000.0).round() as i32;
    }
    field
}

/// A tile's centre on screen in hex widths (two columns), the plane the noise is sampled
/// on: hex rows are √3/2 apart; a square is one wide and one high; a triangle is half as
/// wide as a hex, in rows as far apart as a hex's, its centre a third of a row from its flat
/// side.
fn centre(tiling: Tiling, h: Cell) -> (f64, f64) {
    const ROW: f64 = 0.866_025_4;
    match tiling {
        Tiling::Hex => (f64::from(h.x) - 0.5 * f64::from(h.y), ROW * f64::from(h.y)),
        Tiling::Square => (f64::from(h.x), f64::from(h.y)),
        Tiling::Triangle => {
            let down = tiling.class(h) == 0;
            let lift = if down { -1.0 / 6.0 } else { 1.0 / 6.0 };
            (0.5 * f64::from(h.x), ROW * (f64::from(h.y) + lift))
        }
    }
}

/// The smallest value among the top `per_mille` of the interior's values (`i32::MAX`, which
/// nothing reaches, when that is no tile).
fn top_threshold(field: &[i32], interior: &[bool], per_mille: usize) -> i32 {
    let mut values: Vec<i32> = field
        .iter()
        .zip(interior)
        .filter_map(|(&v, &inside)| inside.then_some(v))
        .collect();
    let take = values.len() * per_mille / 1000;
    if take == 0 {
        return i32::MAX;
    }
    let at = values.len() - take;
    *values.select_nth_unstable(at).1
}

/// Fills the interior with noise caverns (floor and wall), `rock` per mille of it wall before
/// smoothing; border tiles become wall.
pub(super) fn carve_caves(
    grid: &mut Grid<Terrain>,
    interior: &[bool],
    rng: &mut GameRng,
    rock: usize,
) {
    let field = noise_field(grid, interior, rng, 0.11, 3);
    let rock = top_threshold(&field, interior, rock);
    for i in grid.indices().collect::<Vec<_>>() {
        let mut wall = !interior[i] || field[i] >= rock;
        if interior[i] && dice::chance(rng, JITTER, 1000) {
            wall = !wall;
        }
        grid[i] = if wall { Terrain::Wall } else { Terrain::Floor };
    }
    let mut walls: Vec<bool> = (0..grid.storage_len())
        .map(|i| !grid.is_tile(i) || grid[i] == Terrain::Wall)
        .collect();
    for _ in 0..SMOOTHING_ROUNDS {
        walls = smooth(grid, interior, &walls);
    }
    if grid.tiling() == Tiling::Triangle {
        walls = prune_teeth(grid, &walls);
    }
    for i in grid.indices().collect::<Vec<_>>() {
        grid[i] = if walls[i] {
            Terrain::Wall
        } else {
            Terrain::Floor
        };
    }
}

/// One round of cellular smoothing over the tiles touching each tile (sharing a side or a
/// corner: 6 on hexes, 8 on squares, 12 on triangles): an interior cell with more than half
/// of them wall becomes wall, one with fewer than half becomes floor, exactly half keeps its
/// state (on hexes: four or more, two or fewer, three). Cells outside the interior stay wall.
pub(super) fn smooth<T>(grid: &Grid<T>, interior: &[bool], walls: &[bool]) -> Vec<bool> {
    let around = Around::touching(grid);
    let half = around.count() / 2;
    let mut out = vec![true; walls.len()];
    for i in grid.indices().filter(|&i| interior[i]) {
        let n = around.at(grid, i).filter(|&j| walls[j]).count();
        out[i] = match n.cmp(&half) {
            Ordering::Less => false,
            Ordering::Equal => walls[i],
            Ordering::Greater => true,
        };
    }
    out
}

/// Fills the lone triangles of floor that smoothing leaves along a cave's edge, each open on
/// one side only (a row of them reads as a comb): a floor cell with fewer than two floor
/// cells across its sides becomes wall.
fn prune_teeth<T>(grid: &Grid<T>, walls: &[bool]) -> Vec<bool> {
    let sides = Around::sides(grid);
    let mut out = walls.to_vec();
    for i in grid.indices().filter(|&i| !walls[i]) {
        let open = sides.at(grid, i).filter(|&j| !walls[j]).count();
        if open < 2 {
            out[i] = true;
        }
    }
    out
}

/// Floods the lowest-lying floor with water (deep in the middle of a pool, shallow round it)
/// and grows brush on other floor, both from their own noise fields, in the shares `wet`
/// gives.
pub(super) fn add_water_and_brush(
    grid: &mut Grid<Terrain>,
    interior: &[bool],
    rng: &mut GameRng,
    wet: Wetness,
) {
    let water = noise_field(grid, interior, rng, 0.09, 2);
    let deep = top_threshold(&water, interior, wet.deep);
    let shallow = top_threshold(&water, interior, wet.any);
    let brush_field = noise_field(grid, interior, rng, 0.16, 2);
    let brush = top_threshold(&brush_field, interior, wet.brush);
    for i in grid.indices().collect::<Vec<_>>() {
        if grid[i] != Terrain::Floor {
            continue;
        }
        grid[i] = if water[i] >= deep {
            Terrain::DeepWater
        } else if water[i] >= shallow {
            Terrain::ShallowWater
        } else if brush_field[i] >= brush {
            Terrain::Brush
        } else {
            Terrain::Floor
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::map::Shape;
    use crate::mapgen::connect::interior_mask;
    use crate::rng::from_seed;

    fn open(size: u32) -> Grid<Terrain> {
        let shape = Shape::Parallelogram {
            width: size,
            height: size,
        };
        Grid::new(&shape, Terrain::Floor).unwrap()
    }

    #[test]
    fn smoothing_removes_lone_cells_and_keeps_the_border() {
        let g = open(7);
        let interior = interior_mask(&g);
        let mut walls: Vec<bool> = (0..g.storage_len()).map(|i| !interior[i]).collect();
        let lone_wall = g.index(crate::geom::Cell::new(3, 3)).unwrap();
        walls[lone_wall] = true;
        let out = smooth(&g, &interior, &walls);
        assert!(!out[lone_wall], "a wall with no wall neighbours opens");
        assert!(g.indices().filter(|&i| !interior[i]).all(|i| out[i]));

        let mut solid: Vec<bool> = vec![true; g.storage_len()];
        solid[lone_wall] = false;
        let out = smooth(&g, &interior, &solid);
        assert!(out[lone_wall], "a floor with six wall neighbours closes");
    }

    #[test]
    fn smoothing_keeps_a_cell_with_three_wall_neighbours() {
        let g = open(7);
        let interior = interior_mask(&g);
        let centre = g.index(crate::geom::Cell::new(3, 3)).unwrap();
        let offsets = g.neighbor_offsets();
        for state in [false, true] {
            let mut walls = vec![false; g.storage_len()];
            walls[centre] = state;
            for &o in &offsets[..3] {
                walls[centre.wrapping_add_signed(o)] = true;
            }
            assert_eq!(smooth(&g, &interior, &walls)[centre], state);
        }
    }

    #[test]
    fn on_every_tiling_smoothing_follows_the_majority_of_touching_tiles() {
        for t in Tiling::ALL {
            let g = crate::mapgen::rock_on(t, 9, 7).map(|_| Terrain::Floor);
            let interior = interior_mask(&g);
            let around = Around::touching(&g);
            for at in [Cell::new(4, 3), Cell::new(5, 3)] {
                let centre = g.index(at).unwrap();
                let near: Vec<usize> = around.at(&g, centre).collect();
                let half = near.len() / 2;
                for (walls_round, state, want) in [
                    (half - 1, true, false),
                    (half, true, true),
                    (half, false, false),
                    (half + 1, false, true),
                ] {
                    let mut walls = vec![false; g.storage_len()];
                    walls[centre] = state;
                    for &j in &near[..walls_round] {
                        walls[j] = true;
                    }
                    let out = smooth(&g, &interior, &walls);
                    assert_eq!(out[centre], want, "{t} {walls_round} of {}", near.len());
                }
            }
        }
    }

    #[test]
    fn triangle_caves_lose_their_teeth() {
        let g = crate::mapgen::rock_on(Tiling::Triangle, 9, 7);
        let mut walls = vec![true; g.storage_len()];
        // A strip of floor along row 3 with a tooth above it: up-pointing (7, 2) shares its
        // flat bottom with down-pointing (7, 3), and nothing else. The strip's two ends,
        // open on one side, go too.
        let at = |x, y| g.index(Cell::new(x, y)).unwrap();
        for x in 3..12 {
            walls[at(x, 3)] = false;
        }
        walls[at(7, 2)] = false;
        let out = prune_teeth(&g, &walls);
        assert!(out[at(7, 2)], "the tooth is filled");
        assert!((4..11).all(|x| !out[at(x, 3)]), "the strip stays");
    }

    #[test]
    fn thresholds_take_the_requested_share() {
        let g = open(20);
        let interior = interior_mask(&g);
        let field = noise_field(&g, &interior, &mut from_seed(1), 0.1, 3);
        let t = top_threshold(&field, &interior, 250);
        let inside = interior.iter().filter(|&&b| b).count();
        let above = g
            .indices()
            .filter(|&i| interior[i] && field[i] >= t)
            .count();
        // Exactly a quarter, give or take ties at the threshold.
        assert!(
            above >= inside / 4 && above <= inside / 4 + 2,
            "{above} of {inside}"
        );
        assert_eq!(top_threshold(&field, &interior, 0), i32::MAX);
    }
}
