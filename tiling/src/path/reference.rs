//! The first, plain forms of A* and Dijkstra, kept as references for tests: one branch per
//! question and an `Option` per tile. The fast searches must settle tiles in the same order
//! and keep the same parents, so that paths (and the monsters that follow them, and so the
//! replays of old games) never change.

use super::scratch::PathScratch;
use super::{BucketQueue, Passage};
use crate::geom::{Direction, Hex};
use crate::grid::{Grid, Shape, Sides};
use proptest::prelude::*;

/// What a search knows of a tile: its distance, its parent, whether it is settled.
type Known = Option<(u32, usize, bool)>;

/// A*'s search after its checks: the cost, the tiles as known at the end, and the order in
/// which tiles were first reached.
fn astar(
    grid: &Grid<u8>,
    cost: &impl Fn(usize) -> Option<u32>,
    start: usize,
    goal: usize,
) -> (Option<u32>, Vec<Known>, Vec<usize>) {
    let mut known: Vec<Known> = vec![None; grid.storage_len()];
    let mut reached = vec![start];
    let target = Hex::from(grid.cell(goal));
    let h = |hex: Hex| hex.distance(target) as u32;
    let mut queue = BucketQueue::new();
    known[start] = Some((0, start, false));
    queue.reset(h(Hex::from(grid.cell(start))));
    queue.push(h(Hex::from(grid.cell(start))), start as u32);
    while let Some((_, i)) = queue.pop() {
        let i = i as usize;
        let Some((g, parent, false)) = known[i] else {
            continue;
        };
        known[i] = Some((g, parent, true));
        if i == goal {
            return (Some(g), known, reached);
        }
        for dir in Direction::ALL {
            let j = grid.neighbor_index(i, dir);
            if !grid.is_tile(j) || matches!(known[j], Some((_, _, true))) {
                continue;
            }
            let Some(c) = cost(j) else { continue };
            let ng = g.saturating_add(c.max(1));
            match known[j] {
                Some((d, _, _)) if ng >= d => continue,
                Some(_) => {}
                None => reached.push(j),
            }
            known[j] = Some((ng, i, false));
            queue.push(
                ng.saturating_add(h(Hex::from(grid.cell(i)) + dir.offset())),
                j as u32,
            );
        }
    }
    (None, known, reached)
}

/// Dijkstra from `sources` up to `limit`: the tiles as known at the end, and the settled
/// tiles with their distances in the order settled.
fn dijkstra(
    grid: &Grid<u8>,
    cost: &impl Fn(usize) -> Option<u32>,
    sources: &[usize],
    limit: u32,
) -> (Vec<Known>, Vec<(usize, u32)>) {
    let mut known: Vec<Known> = vec![None; grid.storage_len()];
    let mut settled = Vec::new();
    let mut queue = BucketQueue::new();
    for &s in sources {
        if grid.is_tile(s) && known[s].is_none() {
            known[s] = Some((0, s, false));
            queue.push(0, s as u32);
        }
    }
    while let Some((d, i)) = queue.pop() {
        let i = i as usize;
        let Some((di, parent, false)) = known[i] else {
            continue;
        };
        if d > di {
            continue;
        }
        known[i] = Some((d, parent, true));
        settled.push((i, d));
        for dir in Direction::ALL {
            let j = grid.neighbor_index(i, dir);
            if !grid.is_tile(j) {
                continue;
            }
            let Some(c) = cost(j) else { continue };
            let nd = d.saturating_add(c.max(1));
            let better = match known[j] {
                None => true,
                Some((dj, _, closed)) => !closed && nd < dj,
            };
            if nd <= limit && better {
                known[j] = Some((nd, i, false));
                queue.push(nd, j as u32);
            }
        }
    }
    (known, settled)
}

/// A random map of entry costs (0: cannot be entered): a few shapes, walls and costly
/// tiles in a random share.
pub(super) fn map(seed: u64) -> Grid<u8> {
    // Floor, floor, water and brush (cost 2), a wall.
    const COSTS: [u8; 5] = [1, 1, 2, 2, 0];
    let mut state = seed;
    let mut below = |n: u64| {
        // splitmix64: the same on every machine.
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        (z ^ (z >> 31)) % n
    };
    let shape = match seed % 3 {
        0 => Shape::Parallelogram {
            width: 1 + below(39) as u32,
            height: 1 + below(39) as u32,
        },
        1 => Shape::Rectangle {
            width: 1 + below(39) as u32,
            height: 1 + below(39) as u32,
        },
        _ => Shape::Hexagon {
            radius: below(20) as u32,
        },
    };
    let mut grid = Grid::new(&shape, 1u8).unwrap();
    let walls = below(60);
    for i in grid.indices().collect::<Vec<_>>() {
        grid[i] = if below(100) < walls {
            0
        } else {
            COSTS[below(4) as usize]
        };
    }
    grid
}

/// The cost of entering each tile of a cost map.
pub(super) fn costs(grid: &Grid<u8>) -> impl Fn(usize) -> Option<u32> + '_ {
    move |i| {
        let c = grid.cells().get(i).copied().unwrap_or(0);
        (c > 0 && grid.is_tile(i)).then_some(u32::from(c))
    }
}

/// The parent of every tile `scratch` reached, by index, from its paths.
fn parents(scratch: &PathScratch, known: &[Known]) -> Vec<Option<usize>> {
    (0..known.len())
        .map(|i| match scratch.index_path(i).as_slice() {
            [] => None,
            [only] => Some(*only),
            [.., p, _] => Some(*p),
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    #[test]
    fn astar_searches_exactly_as_the_reference(seed in any::<u64>(), picks in any::<[prop::sample::Index; 8]>()) {
        let grid = &map(seed);
        let cost = costs(grid);
        let tiles: Vec<usize> = grid.indices().collect();
        let mut scratch = PathScratch::new();
        for pair in picks.chunks(2) {
            let (s, g) = (tiles[pair[0].index(tiles.len())], tiles[pair[1].index(tiles.len())]);
            let got = scratch.astar_with(grid, &cost, s, g);
            if cost(g).is_none() || (s != g && got.is_none()) {
                // Refused before searching (goal not enterable, or walled in), or no way:
                // the reference must find none either.
                prop_assert_eq!(got, None);
                if cost(g).is_some() {
                    prop_assert_eq!(astar(grid, &cost, s, g).0, None);
                }
                continue;
            }
            let (want, known, reached) = astar(grid, &cost, s, g);
            prop_assert_eq!(got, want);
            prop_assert_eq!(scratch.reached_count(), reached.len());
            let dists: Vec<Option<u32>> = (0..known.len()).map(|i| scratch.distance(i)).collect();
            let want_dists: Vec<Option<u32>> = known.iter().map(|k| k.map(|k| k.0)).collect();
            prop_assert_eq!(dists, want_dists);
            let want_parents: Vec<Option<usize>> = known.iter().map(|k| k.map(|k| k.1)).collect();
            prop_assert_eq!(parents(&scratch, &known), want_parents);
        }
    }

    #[test]
    fn dijkstra_settles_exactly_as_the_reference(
        seed in any::<u64>(), picks in any::<[prop::sample::Index; 3]>(), limit in 0u32..40,
    ) {
        let grid = &map(seed);
        let cost = costs(grid);
        let tiles: Vec<usize> = grid.indices().collect();
        let sources: Vec<usize> = picks.iter().map(|k| tiles[k.index(tiles.len())]).collect();
        let mut scratch = PathScratch::new();
        for _ in 0..2 {
            let mut settled = Vec::new();
            scratch.dijkstra_with(grid, &cost, &sources, limit, |i, d| {
                settled.push((i, d));
                super::Flow::Continue
            });
            let (known, want_settled) = dijkstra(grid, &cost, &sources, limit);
            prop_assert_eq!(settled, want_settled);
            let dists: Vec<Option<u32>> = (0..known.len()).map(|i| scratch.distance(i)).collect();
            let want_dists: Vec<Option<u32>> = known.iter().map(|k| k.map(|k| k.0)).collect();
            prop_assert_eq!(dists, want_dists);
            let want_parents: Vec<Option<usize>> = known.iter().map(|k| k.map(|k| k.1)).collect();
            prop_assert_eq!(parents(&scratch, &known), want_parents);
            let mut reached = scratch.reached().to_vec();
            reached.sort_unstable();
            let mut want_reached: Vec<u32> = (0..known.len())
                .filter(|&i| known[i].is_some())
                .map(|i| i as u32)
                .collect();
            want_reached.sort_unstable();
            prop_assert_eq!(reached, want_reached);
            let mut range = Vec::new();
            let sides = Sides::default();
            let way = Passage::new(grid, &sides, |&c| c == 0);
            super::movement_range(&mut scratch, &way, &cost, sources[0], limit, &mut range);
            let (known, _) = dijkstra(grid, &cost, &sources[..1], limit);
            let want_range: Vec<(usize, u32)> = (0..known.len())
                .filter_map(|i| known[i].map(|k| (i, k.0)))
                .collect();
            prop_assert_eq!(range, want_range);
        }
    }
}
