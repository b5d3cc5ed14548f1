//! Paths against plain references: A* against Dijkstra, ranges against repeated relaxation,
//! travel through known tiles only, and auto-explore uncovering a whole cave.
#![allow(clippy::unwrap_used)]

use hexdeep::fov::visible_tiles;
use hexdeep::geom::{Cell, Hex};
use hexdeep::map::{Grid, Level, Shape, Terrain};
use hexdeep::path::{
    PathScratch, UNREACHED, astar_in, dijkstra_map_in, explore_step, explore_step_around,
    movement_range_level, terrain_cost, travel_path,
};
use hexdeep::rng::{Stream, stream};
use proptest::prelude::*;
use rand::RngExt;

const KINDS: [Terrain; 7] = [
    Terrain::Floor,
    Terrain::Floor,
    Terrain::Floor,
    Terrain::ShallowWater,
    Terrain::Brush,
    Terrain::Wall,
    Terrain::DeepWater,
];

/// A random level with mixed costs: floor 1, water and brush 2, walls and deep water blocked.
fn level() -> impl Strategy<Value = Level> {
    let shape = prop_oneof![
        (1u32..16, 1u32..16).prop_map(|(width, height)| Shape::Parallelogram { width, height }),
        (0u32..7).prop_map(|radius| Shape::Hexagon { radius }),
        proptest::collection::vec((-8i32..8, -8i32..8), 1..120)
            .prop_map(|v| Shape::Mask(v.into_iter().map(|(x, y)| Hex::new(x, y)).collect())),
    ];
    (shape, proptest::collection::vec(0usize..KINDS.len(), 256)).prop_map(|(shape, kinds)| {
        let mut grid = Grid::new(&shape, Terrain::Floor).unwrap();
        for (k, h) in shape.hexes().into_iter().enumerate() {
            grid.set(h.into(), KINDS[kinds[k % kinds.len()]]);
        }
        Level::new("t", 1, grid)
    })
}

/// Cheapest costs by naive repeated relaxation (Bellman-Ford), from `sources`.
fn relaxed(level: &Level, sources: &[usize]) -> Vec<u32> {
    let grid = &level.terrain;
    let mut dist = vec![UNREACHED; grid.storage_len()];
    for &s in sources {
        dist[s] = 0;
    }
    loop {
        let mut changed = false;
        for i in grid.indices() {
            let Some(c) = grid[i].move_cost() else {
                continue;
            };
            for n in grid.neighbours(grid.cell(i)) {
                let Some(j) = grid.index(n) else { continue };
                if dist[j] != UNREACHED && dist[j] + c < dist[i] {
                    dist[i] = dist[j] + c;
                    changed = true;
                }
            }
        }
        if !changed {
            return dist;
        }
    }
}

fn pick(level: &Level, k: prop::sample::Index) -> Cell {
    let tiles: Vec<usize> = level.terrain.indices().collect();
    level.terrain.cell(tiles[k.index(tiles.len())])
}

/// Checks that `path` runs from `a` to `b` by steps between neighbours over enterable tiles,
/// and returns the sum of the costs of the tiles entered.
fn walk_cost(level: &Level, path: &[Cell], a: Cell, b: Cell) -> u32 {
    assert_eq!(path.first(), Some(&a));
    assert_eq!(path.last(), Some(&b));
    assert!(
        path.windows(2).all(|w| level.terrain.adjacent(w[0], w[1])),
        "{path:?}"
    );
    path[1..]
        .iter()
        .map(|&h| level.terrain_at(h).and_then(Terrain::move_cost).unwrap())
        .sum()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn astar_costs_what_dijkstra_and_relaxation_say(
        level in level(), a in any::<prop::sample::Index>(), b in any::<prop::sample::Index>()
    ) {
        let (start, goal) = (pick(&level, a), pick(&level, b));
        let grid = &level.terrain;
        let (s, g) = (grid.index(start).unwrap(), grid.index(goal).unwrap());
        let dij = dijkstra_map_in(&level, terrain_cost(&level), &[s], UNREACHED);
        let reference = relaxed(&level, &[s]);
        prop_assert_eq!(&dij, &reference);
        match astar_in(&level, terrain_cost(&level), start, goal) {
            Some((path, cost)) => {
                prop_assert_eq!(cost, reference[g]);
                prop_assert_eq!(walk_cost(&level, &path, start, goal), cost);
            }
            None => prop_assert!(reference[g] == UNREACHED || grid[g].blocks_movement()),
        }
    }

    #[test]
    fn dijkstra_maps_from_many_sources_match_relaxation(
        level in level(), picks in proptest::collection::vec(any::<prop::sample::Index>(), 1..5),
        limit in 0u32..12,
    ) {
        let grid = &level.terrain;
        let sources: Vec<usize> = picks.into_iter().map(|k| grid.index(pick(&level, k)).unwrap()).collect();
        let got = dijkstra_map_in(&level, terrain_cost(&level), &sources, limit);
        let want: Vec<u32> = relaxed(&level, &sources)
            .into_iter()
            .map(|d| if d <= limit { d } else { UNREACHED })
            .collect();
        prop_assert_eq!(got, want);
    }

    #[test]
    fn movement_range_matches_relaxation(
        level in level(), a in any::<prop::sample::Index>(), points in 0u32..10
    ) {
        let start = pick(&level, a);
        let grid = &level.terrain;
        let s = grid.index(start).unwrap();
        let want: Vec<(usize, u32)> = relaxed(&level, &[s])
            .into_iter()
            .enumerate()
            .filter(|&(_, d)| d <= points)
            .collect();
        let mut got = Vec::new();
        movement_range_level(&mut PathScratch::new(), &level, terrain_cost(&level), s, points, &mut got);
        prop_assert_eq!(got, want);
    }

    #[test]
    fn travel_plans_through_known_tiles_only(
        level in level(), a in any::<prop::sample::Index>(), b in any::<prop::sample::Index>(),
        unknown in proptest::collection::vec(any::<bool>(), 64),
    ) {
        let (start, goal) = (pick(&level, a), pick(&level, b));
        let grid = &level.terrain;
        let known = |i: usize| !unknown[i % unknown.len()] || grid.cell(i) == start;
        // The reference: the same level with every unknown tile walled up.
        let mut walled = level.clone();
        for i in grid.indices() {
            if !known(i) {
                walled.terrain.set_index(i, Terrain::Wall);
            }
        }
        let want = astar_in(&walled, terrain_cost(&walled), start, goal).map(|p| p.1);
        let got = travel_path(&level, known, start, goal);
        prop_assert_eq!(got.as_ref().map(|p| walk_cost(&walled, p, start, goal)), want);
    }

    #[test]
    fn exploring_round_tiles_is_exploring_with_them_walled_up(
        level in level(), a in any::<prop::sample::Index>(),
        unknown in proptest::collection::vec(any::<bool>(), 64),
        avoided in proptest::collection::vec(any::<bool>(), 16..48),
    ) {
        let start = pick(&level, a);
        let grid = &level.terrain;
        let known = |i: usize| !unknown[i % unknown.len()] || grid.cell(i) == start;
        let avoid = |i: usize| avoided[i % avoided.len()] && grid.cell(i) != start;
        // The reference: the tiles someone stands on become known walls, which no way
        // crosses, no way ends on, and which border nothing unknown to anyone beside them.
        let mut walled = level.clone();
        for i in grid.indices() {
            if avoid(i) {
                walled.terrain.set_index(i, Terrain::Wall);
            }
        }
        let want = explore_step(&walled, |i| known(i) || avoid(i), start);
        let got = explore_step_around(&level, |i| known(i) || avoid(i), avoid, start);
        prop_assert_eq!(got, want);
    }
}

#[test]
fn unreachable_goals_give_none() {
    let mut grid = Grid::new(
        &Shape::Parallelogram {
            width: 30,
            height: 30,
        },
        Terrain::Floor,
    )
    .unwrap();
    // A wall line from top to bottom cuts the map in two.
    for y in 0..30 {
        grid.set(Cell::new(15, y), Terrain::Wall);
    }
    grid.set(Cell::new(25, 25), Terrain::DeepWater);
    let level = Level::new("cut", 1, grid);
    let cost = terrain_cost(&level);
    assert_eq!(
        astar_in(&level, &cost, Cell::new(1, 1), Cell::new(28, 3)),
        None
    );
    assert_eq!(
        astar_in(&level, &cost, Cell::new(20, 1), Cell::new(25, 25)),
        None,
        "deep water"
    );
    assert_eq!(
        astar_in(&level, &cost, Cell::new(1, 1), Cell::new(15, 3)),
        None,
        "a wall"
    );
    assert_eq!(
        astar_in(&level, &cost, Cell::new(1, 1), Cell::new(99, 3)),
        None,
        "off the map"
    );
    assert!(astar_in(&level, &cost, Cell::new(1, 1), Cell::new(14, 29)).is_some());
}

/// A cave: random walls, then everything outside the start's component walled up.
fn cave(seed: u64) -> (Level, Cell) {
    let mut rng = stream(seed, Stream::Generation, 7);
    let (w, h) = (40u32, 30u32);
    let mut grid = Grid::new(
        &Shape::Parallelogram {
            width: w,
            height: h,
        },
        Terrain::Floor,
    )
    .unwrap();
    for i in grid.indices().collect::<Vec<_>>() {
        let roll = rng.random_range(0..100);
        grid[i] = match roll {
            0..35 => Terrain::Wall,
            35..40 => Terrain::Brush,
            40..43 => Terrain::DoorClosed,
            43..46 => Terrain::ShallowWater,
            _ => Terrain::Floor,
        };
    }
    let start = Cell::new(20, 15);
    grid.set(start, Terrain::Floor);
    let level = Level::new("cave", 1, grid);
    let reach = relaxed(&level, &[level.terrain.index(start).unwrap()]);
    let mut level = level;
    for i in level.terrain.indices().collect::<Vec<_>>() {
        if reach[i] == UNREACHED {
            level.terrain.set_index(i, Terrain::Wall);
        }
    }
    (level, start)
}

#[test]
fn auto_explore_uncovers_every_reachable_tile() {
    for seed in 0..12 {
        let (level, start) = cave(seed);
        let grid = &level.terrain;
        let mut known = vec![false; grid.storage_len()];
        let see = |at: Cell, known: &mut Vec<bool>| {
            for i in visible_tiles(&level, at, 4) {
                known[i] = true;
            }
        };
        see(start, &mut known);
        let mut at = start;
        let mut trips = 0;
        while let Some(path) = explore_step(&level, |i| known[i], at) {
            assert!(path.len() >= 2, "every trip moves");
            for &step in &path[1..] {
                assert!(level.passable(step));
                assert!(
                    known[grid.index(step).unwrap()],
                    "planned through the unknown"
                );
                see(step, &mut known);
            }
            at = *path.last().unwrap();
            trips += 1;
            assert!(trips <= grid.len(), "seed {seed}: exploring never ends");
        }
        let reach = relaxed(&level, &[grid.index(start).unwrap()]);
        let missed: Vec<Cell> = grid
            .indices()
            .filter(|&i| reach[i] != UNREACHED && !known[i])
            .map(|i| grid.cell(i))
            .collect();
        assert!(missed.is_empty(), "seed {seed}: never saw {missed:?}");
        assert!(
            trips > 0,
            "seed {seed}: a radius-4 view cannot see a 40x30 cave at once"
        );
    }
}

#[test]
fn explore_takes_the_nearest_frontier() {
    let grid = Grid::new(
        &Shape::Parallelogram {
            width: 9,
            height: 1,
        },
        Terrain::Floor,
    )
    .unwrap();
    let level = Level::new("row", 1, grid);
    let g = &level.terrain;
    // Known: x in 2..=5. Frontiers: (2, 0) (unknown (1, 0) beside it) and (5, 0).
    let known = |i: usize| (2..=5).contains(&g.cell(i).x);
    let path = explore_step(&level, known, Cell::new(4, 0)).unwrap();
    assert_eq!(path, vec![Cell::new(4, 0), Cell::new(5, 0)]);
    let path = explore_step(&level, known, Cell::new(3, 0)).unwrap();
    assert_eq!(path, vec![Cell::new(3, 0), Cell::new(2, 0)]);
    let all = |_| true;
    assert_eq!(explore_step(&level, all, Cell::new(3, 0)), None);
}
