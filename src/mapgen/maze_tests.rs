use super::*;
use crate::geom::Tiling;
use crate::mapgen::connect::{FAR, bfs_steps, interior_mask};
use crate::rng::from_seed;

/// A maze carved on a rock map of `tiling`, with its interior.
fn maze(tiling: Tiling, seed: u64) -> (Grid<Terrain>, Vec<bool>, Sides) {
    let mut g = crate::mapgen::rock_on(tiling, 40, 24);
    let interior = interior_mask(&g);
    let sides = carve_maze(&mut g, &interior, &mut from_seed(seed));
    (g, interior, sides)
}

fn count(sides: &Sides, g: &Grid<Terrain>, f: SideFeature) -> usize {
    sides.features(g).iter().filter(|&&(_, x)| x == f).count()
}

#[test]
fn the_interior_is_open_floor_walled_only_on_sides() {
    for t in [Tiling::Hex, Tiling::Square] {
        for seed in 0..5 {
            let (g, interior, sides) = maze(t, seed);
            for i in g.indices() {
                let want = if interior[i] {
                    Terrain::Floor
                } else {
                    Terrain::Wall
                };
                assert_eq!(g[i], want, "{t}");
            }
            assert!(count(&sides, &g, SideFeature::Wall) > g.len() / 2, "{t}");
            assert!(count(&sides, &g, SideFeature::DoorClosed) >= 2, "{t}");
            for (side, _) in sides.features(&g) {
                let (a, b) = t.side_tiles(side).unwrap();
                let inside = |c| interior[g.index(c).unwrap()];
                assert!(inside(a) && inside(b), "{t}: features stand inside");
            }
        }
    }
}

#[test]
fn every_tile_is_joined_past_the_thin_walls() {
    for t in [Tiling::Hex, Tiling::Square] {
        for seed in 0..5 {
            let (g, interior, sides) = maze(t, seed);
            let first = g.indices().find(|&i| interior[i]).unwrap();
            let steps = bfs_steps(&g, &sides, &[first]);
            assert!(g.indices().all(|i| !interior[i] || steps[i] != FAR), "{t}");
        }
    }
}

#[test]
fn walls_make_the_way_long_and_loops_make_it_shorter_than_a_tree() {
    for t in [Tiling::Hex, Tiling::Square] {
        let (g, interior, sides) = maze(t, 3);
        let first = g.indices().find(|&i| interior[i]).unwrap();
        let walled = bfs_steps(&g, &sides, &[first]);
        let open = bfs_steps(&g, &Sides::default(), &[first]);
        let sum = |d: &[u32]| {
            g.indices()
                .filter(|&i| interior[i])
                .map(|i| d[i])
                .sum::<u32>()
        };
        assert!(sum(&walled) > 2 * sum(&open), "{t}: a maze, not a hall");
        // A spanning tree opens one side fewer than there are parts; loops open more.
        let tiles = g.indices().filter(|&i| interior[i]).count();
        let inner = candidate_sides(
            &g,
            &interior,
            &place_chambers(&g, &interior, &mut from_seed(3)),
        );
        let closed = count(&sides, &g, SideFeature::Wall);
        let opened = inner.len() - closed;
        assert!(
            opened > tiles / 2,
            "{t}: {opened} sides open of {}",
            inner.len()
        );
    }
}

#[test]
fn chambers_are_round_apart_and_inside() {
    for t in [Tiling::Hex, Tiling::Square] {
        let g = crate::mapgen::rock_on(t, 60, 30);
        let interior = interior_mask(&g);
        let labels = place_chambers(&g, &interior, &mut from_seed(1));
        assert!(labels.count >= 3, "{t}: {} chambers", labels.count);
        let around = Around::touching(&g);
        for i in g.indices().filter(|&i| labels.of[i] != NONE) {
            assert!(interior[i]);
            for j in around.at(&g, i) {
                assert!(labels.of[j] == NONE || labels.of[j] == labels.of[i], "{t}");
            }
        }
    }
}

#[test]
fn the_same_seed_gives_the_same_maze() {
    for t in [Tiling::Hex, Tiling::Square] {
        let (a, _, sa) = maze(t, 11);
        let (b, _, sb) = maze(t, 11);
        assert_eq!(sa.features(&a), sb.features(&b));
        let (c, _, sc) = maze(t, 12);
        assert_ne!(sa.features(&a), sc.features(&c));
    }
}

#[test]
fn triangles_get_open_floor_and_no_sides() {
    let (g, interior, sides) = maze(Tiling::Triangle, 1);
    assert!(!sides.any());
    assert!(g.indices().all(|i| !interior[i] || g[i] == Terrain::Floor));
}
