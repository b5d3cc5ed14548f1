//! Stairs, monsters and items on a finished map. What is placed comes from the data: kinds
//! whose depth range holds the level's depth, chosen by their `frequency`.

use super::around::Around;
use super::connect::{FAR, bfs_steps, crosses, passable};
use super::table::{Kinds, item_table, monster_table, pick};
use super::{SAFE_RADIUS, dice};
use crate::content::MonsterKind;
use crate::map::{Grid, Placement, PlacementKind, Sides, Terrain};
use crate::rng::GameRng;

/// Map tiles per group of monsters (at depth 1; more deeper down).
const TILES_PER_GROUP: usize = 400;

/// The share of monster groups a triangle level gets: moving away through a triangle's
/// corners costs an action more, so a monster is harder to shake off there, and the bot's
/// win rate fell below the band of the other tilings (see the README's balance).
const TRIANGLE_GROUPS: (usize, usize) = (2, 3);
/// Map tiles per item, besides the one every level gets and the extra ones deeper down.
const TILES_PER_ITEM: usize = 1000;
/// Depths per extra item.
const DEPTHS_PER_ITEM: usize = 3;

/// Puts the up stairs and, when `down` is set, the down stairs on passable ground far apart
/// (preferring floor), and returns the up stairs' index, the player's start. The up stairs
/// go as far as possible from `anchor` (from a random tile without one). `None` when nothing
/// is passable. With a single passable tile there are no down stairs. Steps go round the thin
/// walls of `sides`.
pub(super) fn place_stairs(
    grid: &mut Grid<Terrain>,
    sides: &Sides,
    rng: &mut GameRng,
    anchor: Option<usize>,
    down: bool,
) -> Option<usize> {
    let open: Vec<usize> = grid.indices().filter(|&i| passable(grid, i)).collect();
    let probe = *open.get(dice::below(rng, open.len()))?;
    let from = anchor.filter(|&a| passable(grid, a)).unwrap_or(probe);
    // Two sweeps: the tile farthest from the anchor, then the tile farthest from that.
    let up = farthest(grid, &bfs_steps(grid, sides, &[from]), None)?;
    grid[up] = Terrain::StairsUp;
    if down && let Some(down) = stairs_down_from(grid, sides, up) {
        grid[down] = Terrain::StairsDown;
    }
    Some(up)
}

/// Where the stairs down of a level of `grid` and `sides` go when its way in is the tile
/// `from`: where the generator puts them, the passable tile farthest from it by steps
/// (floor before other ground, lowest index on ties). `None` when no other tile is reached.
pub fn stairs_down_from(grid: &Grid<Terrain>, sides: &Sides, from: usize) -> Option<usize> {
    farthest(grid, &bfs_steps(grid, sides, &[from]), Some(from))
}

/// The reached tile with the most steps, floor before other ground, lowest index on ties.
pub(super) fn farthest(
    grid: &Grid<Terrain>,
    steps: &[u32],
    except: Option<usize>,
) -> Option<usize> {
    grid.indices()
        .filter(|&i| steps[i] != FAR && Some(i) != except && passable(grid, i))
        .max_by_key(|&i| (grid[i] == Terrain::Floor, steps[i], usize::MAX - i))
}

/// Puts things on a level, one per tile, on reachable ground, and remembers what it put.
pub(super) struct Placer<'g> {
    grid: &'g Grid<Terrain>,
    /// The thin walls and doors between tiles.
    sides: &'g Sides,
    /// Steps from the start.
    steps: Vec<u32>,
    start: usize,
    taken: Vec<bool>,
    /// Tiles a monster or item may stand on, in a random order.
    spots: Vec<usize>,
    out: Vec<Placement>,
}

impl<'g> Placer<'g> {
    /// A placer for `grid` with its `sides` and the player starting at `start` (a tile
    /// nothing else takes).
    pub(super) fn new(
        grid: &'g Grid<Terrain>,
        sides: &'g Sides,
        start: usize,
        rng: &mut GameRng,
    ) -> Placer<'g> {
        let steps = bfs_steps(grid, sides, &[start]);
        let mut taken = vec![false; grid.storage_len()];
        taken[start] = true;
        let mut placer = Placer {
            grid,
            sides,
            steps,
            start,
            taken,
            spots: Vec::new(),
            out: Vec::new(),
        };
        let mut spots: Vec<usize> = grid.indices().filter(|&i| placer.standable(i)).collect();
        dice::shuffle(rng, &mut spots);
        placer.spots = spots;
        placer
    }

    /// The placements made so far, in the order they were made.
    pub(super) fn finish(self) -> Vec<Placement> {
        self.out
    }

    /// The level's terrain.
    pub(super) fn grid(&self) -> &'g Grid<Terrain> {
        self.grid
    }

    /// The thin walls and doors between the level's tiles.
    pub(super) fn sides(&self) -> &'g Sides {
        self.sides
    }

    /// Steps from the start to every storage index ([`FAR`] where unreached).
    pub(super) fn steps(&self) -> &[u32] {
        &self.steps
    }

    /// Whether a monster or item may stand on `i`: reachable floor, brush or shallow water.
    fn standable(&self, i: usize) -> bool {
        self.grid.is_tile(i)
            && self.steps[i] != FAR
            && matches!(
                self.grid[i],
                Terrain::Floor | Terrain::Brush | Terrain::ShallowWater
            )
    }

    /// Whether a monster may stand on `i`: standable, free, and beyond [`SAFE_RADIUS`].
    pub(super) fn monster_may_stand(&self, i: usize) -> bool {
        self.standable(i)
            && !self.taken[i]
            && self
                .grid
                .distance(self.grid.cell(i), self.grid.cell(self.start))
                > SAFE_RADIUS
    }

    /// Whether an item may lie on `i`: free reachable floor.
    pub(super) fn item_may_lie(&self, i: usize) -> bool {
        self.standable(i) && !self.taken[i] && self.grid[i] == Terrain::Floor
    }

    /// Puts a monster or item on `i`, which must be free.
    pub(super) fn put(&mut self, i: usize, kind: PlacementKind) {
        self.taken[i] = true;
        self.out.push(Placement {
            at: self.grid.cell(i),
            kind,
        });
    }

    /// Places up to `size` monsters of one kind around `at`: on `at` itself and the nearest
    /// tiles within three steps where a monster may stand. Returns how many were placed.
    pub(super) fn group(&mut self, at: usize, size: usize, kind: &MonsterKind) -> usize {
        let ok = |j| self.monster_may_stand(j);
        let tiles = pack_spots(self.grid, self.sides, at, size, ok);
        for &i in &tiles {
            self.put(i, PlacementKind::Monster(kind.name.clone()));
        }
        tiles.len()
    }

    /// Monster groups chosen by frequency among the kinds for `depth`: more groups on larger
    /// maps and deeper down, each of its kind's group size, beyond [`SAFE_RADIUS`], with as
    /// many of its escort's kind beside it when it has one.
    pub(super) fn monsters(&mut self, depth: u32, content: &Kinds<'_>, rng: &mut GameRng) {
        let table = monster_table(content.monsters, depth);
        let d = depth.clamp(1, 30) as usize;
        let area = super::in_hex_areas(self.grid, self.grid.len());
        let groups = (area / TILES_PER_GROUP * (7 + d) / 8).min(self.spots.len() / 8);
        let (num, den) = match self.grid.tiling() {
            crate::geom::Tiling::Triangle => TRIANGLE_GROUPS,
            _ => (1, 1),
        };
        let groups = groups * num / den;
        let mut next = 0;
        for _ in 0..groups {
            let Some(kind) = pick(rng, &table) else {
                return;
            };
            let Some(at) = self.next_spot(&mut next, Self::monster_may_stand) else {
                return;
            };
            let (least, most) = kind.group;
            let size = dice::between(rng, least as usize, most as usize);
            let placed = self.group(at, size, kind);
            let escort = kind
                .escort
                .as_deref()
                .and_then(|name| content.monsters.iter().find(|k| k.name == name));
            if let Some(escort) = escort {
                // Beside the group: one of the escort's kind for each one placed.
                self.group(at, placed, escort);
            }
        }
    }

    /// Items chosen by frequency among the kinds for `depth`, on free floor: one, one more per
    /// [`TILES_PER_ITEM`] tiles, and one more every [`DEPTHS_PER_ITEM`] depths.
    pub(super) fn items(&mut self, depth: u32, content: &Kinds<'_>, rng: &mut GameRng) {
        let table = item_table(content.items, depth);
        let d = depth.clamp(1, 30) as usize;
        let area = super::in_hex_areas(self.grid, self.grid.len());
        let count = 1 + area / TILES_PER_ITEM + d / DEPTHS_PER_ITEM;
        let mut next = 0;
        for _ in 0..count {
            let Some(kind) = pick(rng, &table) else {
                return;
            };
            let Some(at) = self.next_spot(&mut next, Self::item_may_lie) else {
                return;
            };
            self.put(at, PlacementKind::Item(kind.name.clone()));
        }
    }

    /// The next spot from `*from` on in the shuffled order that `ok` accepts.
    fn next_spot(&self, from: &mut usize, ok: fn(&Self, usize) -> bool) -> Option<usize> {
        while let Some(&i) = self.spots.get(*from) {
            *from += 1;
            if ok(self, i) {
                return Some(i);
            }
        }
        None
    }
}

/// Up to `size` tiles for a group: `at`, then the nearest tiles around it (within three
/// steps across sides, none through a thin wall of `walls`) that `ok` accepts, in
/// breadth-first order. A pack may come out smaller where the ground is cramped.
pub(super) fn pack_spots(
    grid: &Grid<Terrain>,
    walls: &Sides,
    at: usize,
    size: usize,
    ok: impl Fn(usize) -> bool,
) -> Vec<usize> {
    let sides = Around::sides(grid);
    let mut chosen = Vec::new();
    if ok(at) && size > 0 {
        chosen.push(at);
    }
    let mut frontier = vec![at];
    let mut seen = vec![at];
    for _ in 0..3 {
        let mut next = Vec::new();
        for &i in &frontier {
            for j in sides.at(grid, i) {
                if seen.contains(&j) || !passable(grid, j) || !crosses(grid, walls, i, j) {
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
    use crate::geom::Cell;
    use crate::map::Shape;
    use crate::rng::from_seed;

    fn open(w: u32, h: u32) -> Grid<Terrain> {
        let shape = Shape::Parallelogram {
            width: w,
            height: h,
        };
        Grid::new(&shape, Terrain::Floor).unwrap()
    }

    fn data() -> crate::content::Content {
        crate::content::Content::bundled().unwrap()
    }

    #[test]
    fn stairs_go_to_opposite_ends_of_a_corridor() {
        let mut g = open(30, 1);
        let up = place_stairs(&mut g, &Sides::default(), &mut from_seed(4), None, true).unwrap();
        let ends = [Cell::new(0, 0), Cell::new(29, 0)];
        assert!(ends.contains(&g.cell(up)));
        let downs: Vec<Cell> = g
            .iter()
            .filter(|(_, t)| **t == Terrain::StairsDown)
            .map(|(h, _)| h)
            .collect();
        assert_eq!(downs.len(), 1);
        assert_eq!(g.distance(downs[0], g.cell(up)), 29);
    }

    #[test]
    fn on_every_tiling_stairs_go_to_opposite_ends_of_a_corridor() {
        for t in crate::geom::Tiling::ALL {
            let mut g = crate::mapgen::rock_on(t, 30, 3);
            let row: Vec<usize> = g.indices().filter(|&i| g.cell(i).y == 1).collect();
            for &i in &row {
                g[i] = Terrain::Floor;
            }
            let up =
                place_stairs(&mut g, &Sides::default(), &mut from_seed(4), None, true).unwrap();
            let ends = [row[0], row[row.len() - 1]];
            assert!(ends.contains(&up), "{t}");
            let down = g.indices().find(|&i| g[i] == Terrain::StairsDown).unwrap();
            assert!(ends.contains(&down) && down != up, "{t}");
        }
    }

    #[test]
    fn off_hexes_monsters_keep_the_tilings_safe_distance() {
        for t in [crate::geom::Tiling::Square, crate::geom::Tiling::Triangle] {
            let g = crate::mapgen::rock_on(t, 60, 30).map(|_| Terrain::Floor);
            let start = g.index(crate::geom::Cell::new(5, 5)).unwrap();
            let data = data();
            let mut rng = from_seed(9);
            let no_sides = Sides::default();
            let mut placer = Placer::new(&g, &no_sides, start, &mut rng);
            placer.monsters(5, &Kinds::of(&data), &mut rng);
            let things = placer.finish();
            assert!(!things.is_empty(), "{t}");
            for p in &things {
                assert!(g.distance(p.at, g.cell(start)) > SAFE_RADIUS, "{t}");
            }
        }
    }

    #[test]
    fn an_anchor_sends_the_up_stairs_away_and_down_may_be_left_out() {
        let mut g = open(30, 1);
        let anchor = g.index(Cell::new(3, 0));
        let up = place_stairs(&mut g, &Sides::default(), &mut from_seed(4), anchor, false).unwrap();
        assert_eq!(g.cell(up), Cell::new(29, 0));
        assert!(g.iter().all(|(_, t)| *t != Terrain::StairsDown));
    }

    #[test]
    fn one_tile_gets_up_stairs_only_and_walls_get_none() {
        let mut g = open(1, 1);
        assert!(place_stairs(&mut g, &Sides::default(), &mut from_seed(1), None, true).is_some());
        assert_eq!(g.get(Cell::new(0, 0)), Some(&Terrain::StairsUp));
        let mut w = g.map(|_| Terrain::Wall);
        assert_eq!(
            place_stairs(&mut w, &Sides::default(), &mut from_seed(1), None, true),
            None
        );
    }

    #[test]
    fn things_keep_their_distance_and_their_own_tiles() {
        let g = open(60, 30);
        let data = data();
        let start = g.index(Cell::new(5, 5)).unwrap();
        for depth in [1, 5, 10] {
            let mut rng = from_seed(u64::from(depth));
            let no_sides = Sides::default();
            let mut placer = Placer::new(&g, &no_sides, start, &mut rng);
            placer.monsters(depth, &Kinds::of(&data), &mut rng);
            placer.items(depth, &Kinds::of(&data), &mut rng);
            let things = placer.finish();
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
            let mut tiles: Vec<Cell> = things.iter().map(|p| p.at).collect();
            tiles.sort();
            tiles.dedup();
            assert_eq!(tiles.len(), things.len(), "one thing per tile");
            assert!(!tiles.contains(&Cell::new(5, 5)), "the start stays free");
            for p in &things {
                if matches!(p.kind, PlacementKind::Monster(_)) {
                    assert!(g.distance(p.at, Cell::new(5, 5)) > SAFE_RADIUS);
                }
            }
        }
    }

    #[test]
    fn nothing_is_placed_where_the_data_has_nothing() {
        let g = open(40, 20);
        let start = g.index(Cell::new(2, 2)).unwrap();
        let data = data();
        let mut rng = from_seed(1);
        let no_sides = Sides::default();
        let mut placer = Placer::new(&g, &no_sides, start, &mut rng);
        let empty = Kinds {
            monsters: &[],
            items: &[],
        };
        placer.monsters(3, &empty, &mut rng);
        placer.items(3, &empty, &mut rng);
        // Depth 0 lies above every kind's range.
        placer.monsters(0, &Kinds::of(&data), &mut rng);
        placer.items(0, &Kinds::of(&data), &mut rng);
        assert!(placer.finish().is_empty());
    }

    #[test]
    fn packs_stay_together_and_skip_refused_tiles() {
        let g = open(10, 10);
        let at = g.index(Cell::new(5, 5)).unwrap();
        let all = pack_spots(&g, &Sides::default(), at, 4, |_| true);
        assert_eq!(all.len(), 4);
        assert_eq!(all[0], at);
        assert!(
            all.iter()
                .all(|&i| g.distance(g.cell(i), Cell::new(5, 5)) == 1 || i == at)
        );
        let not_at = pack_spots(&g, &Sides::default(), at, 2, |i| i != at);
        assert!(!not_at.contains(&at));
        assert_eq!(not_at.len(), 2);
    }
}
