//! The thin-walled maze ([`super::Style::Maze`]): every interior tile is open floor, and the
//! labyrinth stands on the sides between them. A few chambers (hexagons on hexes, squares on
//! squares) are walled off by thin walls and entered by closed doors on their sides; the
//! passages between them are a maze grown at random over the tiles' sides (a spanning tree
//! by the growing-tree method, so every tile is joined), with one dead end in [`LOOP_ODDS`]
//! opened onto a neighbour so that passages loop and a fight need not end in a dead end.
//!
//! Only tilings with sides ([`crate::geom::Tiling::has_sides`]) get mazes; on the others no
//! wall could stand and the level is all floor.

use super::around::Around;
use super::dice;
use crate::map::{Grid, SideFeature, Sides, Terrain};
use crate::rng::GameRng;

/// Interior tiles per chamber wanted.
const AREA_PER_CHAMBER: usize = 280;
/// The most chambers on any level.
const MAX_CHAMBERS: usize = 60;
/// Placement attempts per chamber wanted.
const TRIES_PER_CHAMBER: usize = 8;
/// A chamber's radius, in steps through sides and corners, is 2 or 3.
const CHAMBER_RADIUS: (usize, usize) = (2, 3);
/// Doors a chamber gets while the maze grows; more only where nothing else joins a part.
const DOORS_PER_CHAMBER: usize = 3;
/// One dead end of the passages in this many is opened onto a neighbour, closing a loop.
const LOOP_ODDS: usize = 2;
/// One step of the growth in this many branches from an older tile than the newest.
const BRANCH_ODDS: usize = 4;

/// No chamber: a passage tile, or not an interior tile.
const NONE: u32 = u32::MAX;

/// Opens the interior as floor and plans the maze's thin walls and doors on it: the
/// features returned stand on sides between two interior tiles.
pub(super) fn carve_maze(grid: &mut Grid<Terrain>, interior: &[bool], rng: &mut GameRng) -> Sides {
    for i in grid.indices().collect::<Vec<_>>() {
        if interior[i] {
            grid[i] = Terrain::Floor;
        }
    }
    let chambers = place_chambers(grid, interior, rng);
    let tiling = grid.tiling();
    let features = plan_sides(grid, interior, &chambers, rng)
        .into_iter()
        .filter(|&(_, _, f)| f != SideFeature::Open)
        .filter_map(|(i, j, f)| Some((tiling.side_between(grid.cell(i), grid.cell(j))?, f)));
    let mut sides = Sides::default();
    sides.set_sides(grid, features);
    sides
}

/// Chambers on the interior: `labels[i]` is the chamber of storage index `i` ([`NONE`] for
/// passages). Chambers keep a tile of passage between them and the border.
fn place_chambers(grid: &Grid<Terrain>, interior: &[bool], rng: &mut GameRng) -> Labels {
    let spots: Vec<usize> = grid.indices().filter(|&i| interior[i]).collect();
    let mut labels = Labels {
        of: vec![NONE; grid.storage_len()],
        count: 0,
    };
    if spots.is_empty() {
        return labels;
    }
    let wanted = (super::in_hex_areas(grid, spots.len()) / AREA_PER_CHAMBER).min(MAX_CHAMBERS);
    let around = Around::touching(grid);
    let mut seen = vec![false; grid.storage_len()];
    for _ in 0..wanted * TRIES_PER_CHAMBER {
        if labels.count as usize == wanted {
            break;
        }
        let centre = spots[dice::below(rng, spots.len())];
        let radius = dice::between(rng, CHAMBER_RADIUS.0, CHAMBER_RADIUS.1);
        let tiles = ball(grid, &around, &mut seen, centre, radius);
        let fits = tiles.iter().all(|&i| {
            interior[i]
                && around
                    .at(grid, i)
                    .all(|j| interior[j] && labels.of[j] == NONE)
        });
        if fits {
            for i in tiles {
                labels.of[i] = labels.count;
            }
            labels.count += 1;
        }
    }
    labels
}

/// Which chamber each storage index belongs to.
struct Labels {
    /// Per storage index, its chamber or [`NONE`].
    of: Vec<u32>,
    /// How many chambers there are.
    count: u32,
}

/// The indices within `radius` steps of `centre` through sides and corners (a hexagon on
/// hexes, a square on squares), in breadth-first order. `seen` is all `false` before and
/// after.
fn ball(
    grid: &Grid<Terrain>,
    around: &Around,
    seen: &mut [bool],
    centre: usize,
    radius: usize,
) -> Vec<usize> {
    let mut out = vec![centre];
    seen[centre] = true;
    let mut done = 0;
    for _ in 0..radius {
        let end = out.len();
        for k in done..end {
            for j in around.at(grid, out[k]) {
                if grid.is_tile(j) && !seen[j] {
                    seen[j] = true;
                    out.push(j);
                }
            }
        }
        done = end;
    }
    for &i in &out {
        seen[i] = false;
    }
    out
}

/// What stands on each side between two interior tiles not of the same chamber: a maze grown
/// from a random tile by the growing-tree method (mostly from the newest tile reached, so
/// passages run long, now and then from an older one, so they branch), opening a side to
/// each part not yet reached (a door where it bounds a chamber), walls elsewhere; then half
/// the dead ends of passages are opened onto a neighbour, closing loops.
fn plan_sides(
    grid: &Grid<Terrain>,
    interior: &[bool],
    chambers: &Labels,
    rng: &mut GameRng,
) -> Vec<(usize, usize, SideFeature)> {
    let mut maze = Growth::new(grid, candidate_sides(grid, interior, chambers), chambers);
    let passages: Vec<usize> = grid
        .indices()
        .filter(|&i| interior[i] && chambers.of[i] == NONE)
        .collect();
    if let Some(&first) = passages.get(dice::below(rng, passages.len())) {
        maze.grow(first, rng);
    }
    maze.join_the_rest();
    maze.braid(&passages, rng);
    maze.plan
}

/// A maze being grown over the sides of the interior.
struct Growth<'a> {
    /// Every side between two interior tiles not of one chamber, with its feature so far.
    plan: Vec<(usize, usize, SideFeature)>,
    /// Per node (a passage tile's storage index, or a chamber after them), its sides in `plan`.
    sides_of: Vec<Vec<usize>>,
    /// The parts joined so far.
    sets: Sets,
    /// Nodes reached by the growth.
    reached: Vec<bool>,
    /// Doors each chamber has.
    doors: Vec<usize>,
    chambers: &'a Labels,
    storage_len: usize,
}

impl<'a> Growth<'a> {
    /// Every side walled, every node apart.
    fn new(
        grid: &Grid<Terrain>,
        plan: Vec<(usize, usize, SideFeature)>,
        chambers: &'a Labels,
    ) -> Growth<'a> {
        let nodes = grid.storage_len() + chambers.count as usize;
        let mut maze = Growth {
            sides_of: vec![Vec::new(); nodes],
            sets: Sets::new(nodes),
            reached: vec![false; nodes],
            doors: vec![0; chambers.count as usize],
            chambers,
            storage_len: grid.storage_len(),
            plan,
        };
        for (k, &(i, j, _)) in maze.plan.iter().enumerate() {
            let (a, b) = (maze.node(i), maze.node(j));
            maze.sides_of[a].push(k);
            maze.sides_of[b].push(k);
        }
        maze
    }

    /// The node of storage index `i`: itself, or its chamber's.
    fn node(&self, i: usize) -> usize {
        match self.chambers.of[i] {
            NONE => i,
            c => self.storage_len + c as usize,
        }
    }

    /// The chamber a side bounds, if any.
    fn chamber_of(&self, k: usize) -> Option<usize> {
        let (i, j, _) = self.plan[k];
        [self.chambers.of[i], self.chambers.of[j]]
            .into_iter()
            .find(|&c| c != NONE)
            .map(|c| c as usize)
    }

    /// Opens side `k` (a door where it bounds a chamber) and joins its two parts.
    fn open(&mut self, k: usize) {
        let (i, j, _) = self.plan[k];
        self.plan[k].2 = match self.chamber_of(k) {
            Some(c) => {
                self.doors[c] += 1;
                SideFeature::DoorClosed
            }
            None => SideFeature::Open,
        };
        let (a, b) = (self.node(i), self.node(j));
        self.sets.join(a, b);
    }

    /// The node across side `k` from `node`.
    fn across(&self, k: usize, node: usize) -> usize {
        let (i, j, _) = self.plan[k];
        let a = self.node(i);
        if a == node { self.node(j) } else { a }
    }

    /// Grows the maze from `first` until no reached node has an unreached neighbour it may
    /// open onto (a chamber opens no more than [`DOORS_PER_CHAMBER`] doors).
    fn grow(&mut self, first: usize, rng: &mut GameRng) {
        let mut active = vec![self.node(first)];
        self.reached[active[0]] = true;
        while !active.is_empty() {
            let at = if dice::chance(rng, 1, BRANCH_ODDS) {
                dice::below(rng, active.len())
            } else {
                active.len() - 1
            };
            let node = active[at];
            let full = node >= self.storage_len
                && self.doors[node - self.storage_len] >= DOORS_PER_CHAMBER;
            let ways: Vec<usize> = self.sides_of[node]
                .iter()
                .copied()
                .filter(|&k| !full && !self.reached[self.across(k, node)])
                .collect();
            let Some(&k) = ways.get(dice::below(rng, ways.len())) else {
                active.remove(at);
                continue;
            };
            let next = self.across(k, node);
            let door_full = self
                .chamber_of(k)
                .is_some_and(|c| self.doors[c] >= DOORS_PER_CHAMBER);
            if door_full {
                // A chamber with all its doors is entered no more from here.
                self.sides_of[node].retain(|&s| s != k);
                continue;
            }
            self.open(k);
            self.reached[next] = true;
            active.push(next);
        }
    }

    /// Joins whatever the growth did not reach, side by side in storage order, by doors
    /// beyond a chamber's share where nothing else joins.
    fn join_the_rest(&mut self) {
        for k in 0..self.plan.len() {
            let (i, j, _) = self.plan[k];
            let (a, b) = (self.node(i), self.node(j));
            if !self.sets.same(a, b) {
                self.open(k);
            }
        }
    }

    /// Opens one walled side of a passage's dead end (a tile with a single open side) onto
    /// another passage tile, for one dead end in [`LOOP_ODDS`].
    fn braid(&mut self, passages: &[usize], rng: &mut GameRng) {
        for &i in passages {
            let open = |k: &usize| self.plan[*k].2 != SideFeature::Wall;
            if self.sides_of[i].iter().filter(|k| open(k)).count() != 1 {
                continue;
            }
            let walls: Vec<usize> = self.sides_of[i]
                .iter()
                .copied()
                .filter(|&k| !open(&k) && self.chamber_of(k).is_none())
                .collect();
            if !walls.is_empty() && dice::chance(rng, 1, LOOP_ODDS) {
                let k = walls[dice::below(rng, walls.len())];
                self.open(k);
            }
        }
    }
}

/// Every side between two interior tiles that are not of one chamber, in storage order,
/// walled.
fn candidate_sides(
    grid: &Grid<Terrain>,
    interior: &[bool],
    chambers: &Labels,
) -> Vec<(usize, usize, SideFeature)> {
    let across = Around::sides(grid);
    let mut out = Vec::new();
    for i in grid.indices().filter(|&i| interior[i]) {
        for j in across.at(grid, i) {
            let one_chamber = chambers.of[i] != NONE && chambers.of[i] == chambers.of[j];
            if j > i && interior[j] && !one_chamber {
                out.push((i, j, SideFeature::Wall));
            }
        }
    }
    out
}

/// Disjoint sets of nodes (union–find with path halving).
struct Sets {
    parent: Vec<usize>,
}

impl Sets {
    /// Every node in a set of its own.
    fn new(n: usize) -> Sets {
        Sets {
            parent: (0..n).collect(),
        }
    }

    /// The representative of `a`'s set.
    fn root(&mut self, mut a: usize) -> usize {
        while self.parent[a] != a {
            self.parent[a] = self.parent[self.parent[a]];
            a = self.parent[a];
        }
        a
    }

    /// Whether `a` and `b` are in one set.
    fn same(&mut self, a: usize, b: usize) -> bool {
        self.root(a) == self.root(b)
    }

    /// Puts `a`'s and `b`'s sets together.
    fn join(&mut self, a: usize, b: usize) {
        let (ra, rb) = (self.root(a), self.root(b));
        self.parent[ra] = rb;
    }
}

#[cfg(test)]
#[path = "maze_tests.rs"]
mod tests;
