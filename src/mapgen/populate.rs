//! Stairs, monsters and items on a finished map.

use super::connect::{FAR, bfs_steps, passable};
use super::{SAFE_RADIUS, dice};
use crate::map::{Grid, Placement, PlacementKind, Terrain};
use crate::rng::GameRng;

/// Map tiles per group of monsters at depth 1.
const TILES_PER_GROUP: usize = 400;
/// Map tiles per item.
const TILES_PER_ITEM: usize = 800;

/// Puts the up stairs and the down stairs on passable ground far apart (preferring floor)
/// and returns the up stairs' index, the player's start. `None` when nothing is passable. With
/// a single passable tile there are no down stairs.
pub(super) fn place_stairs(grid: &mut Grid<Terrain>, rng: &mut GameRng) -> Option<usize> {
    let open: Vec<usize> = grid.indices().filter(|&i| passable(grid, i)).collect();
    let probe = *open.get(dice::below(rng, open.len()))?;
    // Two sweeps: the tile farthest from a random one, then the tile farthest from that.
    let up = farthest(grid, &bfs_steps(grid, &[probe]), None)?;
    let down = farthest(grid, &bfs_steps(grid, &[up]), Some(up));
    grid[up] = Terrain::StairsUp;
    if let Some(down) = down {
        grid[down] = Terrain::StairsDown;
    }
    Some(up)
}

/// The reached tile with the most steps, floor before other ground, lowest index on ties.
fn farthest(grid: &Grid<Terrain>, steps: &[u32], except: Option<usize>) -> Option<usize> {
    grid.indices()
        .filter(|&i| steps[i] != FAR && Some(i) != except && passable(grid, i))
        .max_by_key(|&i| (grid[i] == Terrain::Floor, steps[i], usize::MAX - i))
}

/// What may be placed at a depth, with weights: monsters get more and tougher deeper down.
fn monster_table(depth: u32) -> [(&'static str, usize); 5] {
    let d = depth.clamp(1, 30) as usize;
    [
        ("goblin", 30),
        ("kobold", 30usize.saturating_sub(3 * d).max(6)),
        ("jackal", 18),
        ("imp", if d >= 2 { 6 + 3 * d } else { 0 }),
        ("ogre", if d >= 3 { 2 + 4 * d } else { 0 }),
    ]
}

/// Picks a name from a weighted table.
fn pick(rng: &mut GameRng, table: &[(&'static str, usize)]) -> &'static str {
    let total: usize = table.iter().map(|&(_, w)| w).sum();
    let mut roll = dice::below(rng, total);
    for &(name, w) in table {
        if roll < w {
            return name;
        }
        roll -= w;
    }
    table[0].0
}

/// Monster groups (jackals in packs of 2–4) beyond [`SAFE_RADIUS`] of the start, and a few
/// darts and potions, each on its own reachable tile of floor, brush or shallow water.
pub(super) fn place_things(
    grid: &Grid<Terrain>,
    start: usize,
    depth: u32,
    rng: &mut GameRng,
) -> Vec<Placement> {
    let steps = bfs_steps(grid, &[start]);
    let origin = grid.hex(start);
    let standable = |i: usize| {
        steps[i] != FAR
            && matches!(
                grid[i],
                Terrain::Floor | Terrain::Brush | Terrain::ShallowWater
            )
    };
    let mut spots: Vec<usize> = grid.indices().filter(|&i| standable(i)).collect();
    dice::shuffle(rng, &mut spots);
    let mut taken = vec![false; grid.storage_len()];
    taken[start] = true;
    let mut out = Vec::new();

    let far_enough = |i: usize| grid.hex(i).distance(origin) > SAFE_RADIUS;
    let d = depth.clamp(1, 30) as usize;
    let groups = (grid.len() / TILES_PER_GROUP * (3 + d) / 4).min(spots.len() / 8);
    let table = monster_table(depth);
    let mut next = spots.iter().copied().filter(|&i| far_enough(i));
    for _ in 0..groups {
        let Some(at) = next.by_ref().find(|&i| !taken[i]) else {
            break;
        };
        let name = pick(rng, &table);
        let size = if name == "jackal" {
            dice::between(rng, 2, 4)
        } else {
            1
        };
        for i in pack_spots(grid, at, size, |j| {
            standable(j) && far_enough(j) && !taken[j]
        }) {
            taken[i] = true;
            out.push(monster(grid, i, name));
        }
    }

    let items = 1 + grid.len() / TILES_PER_ITEM;
    let mut free = spots.iter().copied().filter(|&i| grid[i] == Terrain::Floor);
    for _ in 0..items {
        let Some(at) = free.by_ref().find(|&i| !taken[i]) else {
            break;
        };
        taken[at] = true;
        let name = if dice::chance(rng, 1, 2) {
            "dart"
        } else {
            "potion"
        };
        out.push(Placement {
            at: grid.hex(at),
            kind: PlacementKind::Item(name.to_owned()),
        });
    }
    out
}

fn monster(grid: &Grid<Terrain>, i: usize, name: &str) -> Placement {
    Placement {
        at: grid.hex(i),
        kind: PlacementKind::Monster(name.to_owned()),
    }
}

/// Up to `size` tiles for a group: `at`, then the nearest tiles around it (within three
/// steps) that `ok` accepts, in breadth-first order. A pack may come out smaller where the
/// ground is cramped.
fn pack_spots(
    grid: &Grid<Terrain>,
    at: usize,
    size: usize,
    ok: impl Fn(usize) -> bool,
) -> Vec<usize> {
    let offsets = grid.neighbor_offsets();
    let mut chosen = vec![at];
    let mut frontier = vec![at];
    let mut seen = vec![at];
    for _ in 0..3 {
        let mut next = Vec::new();
        for &i in &frontier {
            for o in offsets {
                let j = i.wrapping_add_signed(o);
                if seen.contains(&j) || !passable(grid, j) {
                    continue;
                }
                seen.push(j);
                next.push(j);
                if chosen.len() < size && ok(j) {
                    chosen.push(j);
                }
            }
        }
        frontier = next;
    }
    chosen
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::Hex;
    use crate::map::Shape;
    use crate::rng::from_seed;

    fn open(w: u32, h: u32) -> Grid<Terrain> {
        let shape = Shape::Parallelogram {
            width: w,
            height: h,
        };
        Grid::new(&shape, Terrain::Floor).unwrap()
    }

    #[test]
    fn stairs_go_to_opposite_ends_of_a_corridor() {
        let mut g = open(30, 1);
        let up = place_stairs(&mut g, &mut from_seed(4)).unwrap();
        let ends = [Hex::new(0, 0), Hex::new(29, 0)];
        assert!(ends.contains(&g.hex(up)));
        let downs: Vec<Hex> = g
            .iter()
            .filter(|(_, t)| **t == Terrain::StairsDown)
            .map(|(h, _)| h)
            .collect();
        assert_eq!(downs.len(), 1);
        assert_eq!(downs[0].distance(g.hex(up)), 29);
    }

    #[test]
    fn one_tile_gets_up_stairs_only_and_walls_get_none() {
        let mut g = open(1, 1);
        assert!(place_stairs(&mut g, &mut from_seed(1)).is_some());
        assert_eq!(g.get(Hex::new(0, 0)), Some(&Terrain::StairsUp));
        let mut w = g.map(|_| Terrain::Wall);
        assert_eq!(place_stairs(&mut w, &mut from_seed(1)), None);
    }

    #[test]
    fn things_keep_their_distance_and_their_own_tiles() {
        let g = open(60, 30);
        let start = g.index(Hex::new(5, 5)).unwrap();
        for depth in [1, 5, 12] {
            let things = place_things(&g, start, depth, &mut from_seed(u64::from(depth)));
            assert!(
                things
                    .iter()
                    .any(|p| matches!(p.kind, PlacementKind::Monster(_)))
            );
            assert!(
                things
                    .iter()
                    .any(|p| matches!(p.kind, PlacementKind::Item(_)))
            );
            let mut tiles: Vec<Hex> = things.iter().map(|p| p.at).collect();
            tiles.sort();
            tiles.dedup();
            assert_eq!(tiles.len(), things.len(), "one thing per tile");
            for p in &things {
                if matches!(p.kind, PlacementKind::Monster(_)) {
                    assert!(p.at.distance(Hex::new(5, 5)) > SAFE_RADIUS);
                }
            }
        }
    }

    #[test]
    fn deeper_tables_hold_tougher_monsters() {
        let weight = |d, name| monster_table(d).iter().find(|e| e.0 == name).unwrap().1;
        assert_eq!(weight(1, "ogre"), 0);
        assert!(weight(6, "ogre") > weight(3, "ogre"));
        assert!(weight(6, "kobold") < weight(1, "kobold"));
    }
}
