//! A shared-prefix tree of the lines from the origin to every offset within a radius.
//!
//! The line to each offset is precomputed once with [`Hex::line_to`]; lines that start alike
//! share nodes. Walking the tree depth-first from a viewer and skipping a node's subtree at the
//! first tile that blocks sight visits each open line prefix once, and marks an offset visible
//! exactly when nothing strictly between the viewer and it blocks: the first rule of DESIGN.md.
//! The open tiles the walk finds visible then reveal their blocking neighbours that are within
//! the radius and no nearer to the viewer ([`Rim`]): the second rule. Bit sets by offset rank
//! keep every tile reported once, in index order.
//!
//! Each node stores its tile's offset from the viewer, so the walk needs no stack: the tile
//! of a node is the viewer's storage index plus `dy · stride + dx`. That is the tile the line
//! really reaches, because the walk only descends through tiles, and a step from a tile never
//! leaves the grid's storage (its border row and column hold no tiles). A tree made for one
//! grid stride ([`FovTree::for_grid`]) also keeps that sum per node, and its walk on grids
//! of that stride is one addition per node.

use super::rim::{Rim, WalkMarks, mark, ranks};
use crate::geom::{Direction, Hex};
use crate::map::Grid;
use std::collections::BTreeMap;

/// The largest radius a tree is built for; beyond it [`FovTree::new`] refuses.
pub const MAX_TREE_RADIUS: u32 = 64;

/// Marks a node whose offset is not the end of its own line.
const INNER: u16 = u16::MAX;

/// One node, in depth-first order: its offset from the viewer, its offset's rank in reading
/// order when the node ends the line to its own offset ([`INNER`] otherwise), and where the
/// node after its subtree starts.
#[derive(Copy, Clone, Debug)]
struct Node {
    dx: i8,
    dy: i8,
    rank: u16,
    skip: u32,
}

/// A node for one grid stride: its storage index offset from the viewer, where the node after
/// its subtree starts, and its rank as in [`Node`].
#[derive(Copy, Clone, Debug)]
struct FlatNode {
    delta: i32,
    next: u32,
    rank: u16,
}

/// How many words of marks a walk keeps on the stack (radius 25 and below); larger radii
/// allocate them.
const STACK_MARK_WORDS: usize = 32;

/// The line tree for one radius; build once and reuse for every viewer on every map.
#[derive(Clone, Debug)]
pub struct FovTree {
    radius: u32,
    nodes: Vec<Node>,
    /// The grid stride `flat` was made for (0: none).
    stride: isize,
    /// `nodes` with their offsets as storage index offsets for `stride`.
    flat: Vec<FlatNode>,
    /// `by_rank` as storage index offsets for `stride`.
    flat_by_rank: Vec<i32>,
    /// Every offset within the radius, in reading order (by `dy`, then `dx`): the offsets by
    /// rank. Storage indices of tiles sort the same way, so visiting ranks in order lists
    /// tiles in ascending index order.
    by_rank: Vec<(i8, i8)>,
    /// What each offset reveals by the second rule.
    rim: Rim,
}

/// A node while building: children by direction.
#[derive(Default)]
struct Draft {
    dir: u8,
    offset: Hex,
    terminal: bool,
    children: Vec<u32>,
}

impl FovTree {
    /// The tree of every line from the origin to the offsets within `radius`, or `None` when
    /// `radius` exceeds [`MAX_TREE_RADIUS`].
    pub fn new(radius: u32) -> Option<FovTree> {
        if radius > MAX_TREE_RADIUS {
            return None;
        }
        // Node 0 is the root (the viewer); it is not stored in the final tree.
        let mut drafts = vec![Draft::default()];
        let mut index: BTreeMap<(u32, u8), u32> = BTreeMap::new();
        for target in Hex::ORIGIN.range(radius) {
            let line = Hex::ORIGIN.line_to(target);
            let mut at = 0u32;
            for pair in line.windows(2) {
                let dir = pair[0].direction_to(pair[1])?.index() as u8;
                at = *index.entry((at, dir)).or_insert_with(|| {
                    drafts.push(Draft {
                        dir,
                        offset: pair[1],
                        ..Draft::default()
                    });
                    let id = (drafts.len() - 1) as u32;
                    drafts[at as usize].children.push(id);
                    id
                });
            }
            drafts[at as usize].terminal = true;
        }
        let mut by_rank: Vec<(i8, i8)> = Hex::ORIGIN
            .range(radius)
            .map(|h| (h.x as i8, h.y as i8))
            .collect();
        by_rank.sort_unstable_by_key(|&(dx, dy)| (dy, dx));
        let rank: BTreeMap<(i8, i8), u16> = by_rank
            .iter()
            .enumerate()
            .map(|(k, &o)| (o, k as u16))
            .collect();
        let mut nodes = Vec::with_capacity(drafts.len());
        flatten(&drafts, &rank, 0, &mut nodes);
        let rim = Rim::new(radius, &by_rank, |o| rank[&o]);
        Some(FovTree {
            radius,
            nodes,
            stride: 0,
            flat: Vec::new(),
            flat_by_rank: Vec::new(),
            by_rank,
            rim,
        })
    }

    /// This tree, made faster for grids whose storage rows are as long as `grid`'s (any grid
    /// of the same bounding box). It still works on every grid.
    pub fn for_grid<T>(&self, grid: &Grid<T>) -> FovTree {
        self.for_stride(Self::stride_of(grid))
    }

    /// This tree, made faster for grids whose storage index offset of one row down is
    /// `stride` ([`FovTree::for_grid`]).
    pub(super) fn for_stride(&self, stride: isize) -> FovTree {
        let flat = self
            .nodes
            .iter()
            .map(|n| {
                let delta = isize::from(n.dy) * stride + isize::from(n.dx);
                FlatNode {
                    // Grids hold at most 2^24 cells, so a row is shorter than 2^24 and
                    // `delta` (at most 65 rows) fits.
                    delta: delta as i32,
                    next: n.skip,
                    rank: n.rank,
                }
            })
            .collect();
        // As above, these fit.
        let flat_by_rank = self
            .by_rank
            .iter()
            .map(|&(dx, dy)| (isize::from(dy) * stride + isize::from(dx)) as i32)
            .collect();
        FovTree {
            stride,
            flat,
            flat_by_rank,
            ..self.clone()
        }
    }

    /// The storage index offset of one row down in `grid`.
    pub(super) fn stride_of<T>(grid: &Grid<T>) -> isize {
        grid.neighbor_offsets()[Direction::SW.index()]
    }

    /// The radius this tree covers.
    pub fn radius(&self) -> u32 {
        self.radius
    }

    /// Calls `visit` with the storage index of every tile visible from the tile at storage
    /// index `origin`, each once, in ascending order: the tiles seen along clear lines, and the
    /// sight-blocking tiles next to one of those that does not block and is no farther.
    /// `blocks(i)` says whether tile `i` blocks sight; positions outside the map's shape always
    /// block and are never visited. Nothing is visited when `origin` is no tile.
    pub fn visit<T>(
        &self,
        grid: &Grid<T>,
        blocks: impl Fn(usize) -> bool,
        origin: usize,
        mut visit: impl FnMut(usize),
    ) {
        self.with_marks(|walk| {
            if self.walk(grid, blocks, origin, walk) {
                let cell_of = self.cells_for(grid, origin);
                ranks(walk.seen).for_each(|rank| visit(cell_of(rank)));
            }
        });
    }

    /// Runs `f` with cleared marks for one walk: on the stack for small radii.
    fn with_marks<R>(&self, f: impl FnOnce(&mut WalkMarks) -> R) -> R {
        let words = self.by_rank.len().div_ceil(64);
        let run = |store: &mut [u64]| {
            let (seen, open) = store.split_at_mut(words);
            f(&mut WalkMarks { seen, open })
        };
        if words <= STACK_MARK_WORDS {
            run(&mut [0u64; 2 * STACK_MARK_WORDS][..2 * words])
        } else {
            run(&mut vec![0u64; 2 * words])
        }
    }

    /// The storage index of each offset rank for a viewer at `origin` on `grid`.
    fn cells_for<'a, T>(&'a self, grid: &Grid<T>, origin: usize) -> impl Fn(usize) -> usize + 'a {
        let stride = Self::stride_of(grid);
        let flat = (stride == self.stride && self.flat_by_rank.len() == self.by_rank.len())
            .then_some(self.flat_by_rank.as_slice());
        move |rank| {
            let delta = if let Some(deltas) = flat {
                deltas[rank] as isize
            } else {
                let (dx, dy) = self.by_rank[rank];
                isize::from(dy) * stride + isize::from(dx)
            };
            origin.wrapping_add_signed(delta)
        }
    }

    /// The walk behind [`FovTree::visit`]: marks every visible tile in `walk.seen` (clear on
    /// entry), the first rule by the tree and then the second from the open tiles found
    /// ([`Rim::reveal`]). False when `origin` is no tile.
    fn walk<T>(
        &self,
        grid: &Grid<T>,
        blocks: impl Fn(usize) -> bool,
        origin: usize,
        walk: &mut WalkMarks,
    ) -> bool {
        if !grid.is_tile(origin) {
            return false;
        }
        mark(walk.seen, self.origin_rank());
        let stride = Self::stride_of(grid);
        let mask = grid.tile_mask();
        // A tile at the end of its line is seen; an open one may reveal walls.
        let mut found = |rank: u16, open: bool| {
            let rank = usize::from(rank);
            mark(walk.seen, rank);
            if open {
                mark(walk.open, rank);
            }
        };
        // In both loops the parent is an open tile, so a node's index is inside storage.
        if stride == self.stride && self.flat.len() == self.nodes.len() {
            let nodes = self.flat.as_slice();
            let mut n = 0;
            while let Some(node) = nodes.get(n) {
                let cell = origin.wrapping_add_signed(node.delta as isize);
                if mask[cell] {
                    let open = !blocks(cell);
                    if node.rank != INNER {
                        found(node.rank, open);
                    }
                    if open {
                        n += 1;
                        continue;
                    }
                }
                n = node.next as usize;
            }
        } else {
            let nodes = self.nodes.as_slice();
            let mut n = 0;
            while let Some(node) = nodes.get(n) {
                let cell = origin
                    .wrapping_add_signed(isize::from(node.dy) * stride + isize::from(node.dx));
                if mask[cell] {
                    let open = !blocks(cell);
                    if node.rank != INNER {
                        found(node.rank, open);
                    }
                    if open {
                        n += 1;
                        continue;
                    }
                }
                n = node.skip as usize;
            }
        }
        let offsets = grid.neighbor_offsets();
        self.rim
            .reveal(walk, self.cells_for(grid, origin), &offsets, mask, blocks);
        true
    }

    /// The rank of the viewer's own offset: the middle of the reading order.
    fn origin_rank(&self) -> usize {
        self.by_rank.len() / 2
    }

    /// The visible tiles from `origin`, as [`FovTree::visit`] finds them, written to `out`
    /// (cleared first). They come in ascending index order, like [`FovTree::compute_sorted`]:
    /// reading the walk's bit set in order costs no more than any other order.
    pub fn compute<T>(
        &self,
        grid: &Grid<T>,
        blocks: impl Fn(usize) -> bool,
        origin: usize,
        out: &mut Vec<usize>,
    ) {
        self.compute_sorted(grid, blocks, origin, out);
    }

    /// The visible tiles from `origin` in ascending index order, written to `out` (cleared
    /// first), without a sort: the walk marks ranks in a bit set; the set, read in rank order,
    /// gives the tiles in reading order.
    pub fn compute_sorted<T>(
        &self,
        grid: &Grid<T>,
        blocks: impl Fn(usize) -> bool,
        origin: usize,
        out: &mut Vec<usize>,
    ) {
        out.clear();
        self.with_marks(|walk| {
            if self.walk(grid, blocks, origin, walk) {
                out.reserve(self.by_rank.len());
                let cell_of = self.cells_for(grid, origin);
                for (w, &word) in walk.seen.iter().enumerate() {
                    let mut bits = word;
                    while bits != 0 {
                        out.push(cell_of(w * 64 + bits.trailing_zeros() as usize));
                        bits &= bits - 1;
                    }
                }
            }
        });
    }
}

/// Appends the subtree under draft `id` (not `id` itself) in depth-first order.
fn flatten(drafts: &[Draft], rank: &BTreeMap<(i8, i8), u16>, id: usize, out: &mut Vec<Node>) {
    let mut children: Vec<u32> = drafts[id].children.clone();
    children.sort_by_key(|&c| drafts[c as usize].dir);
    for c in children {
        let at = out.len();
        let draft = &drafts[c as usize];
        let (dx, dy) = (draft.offset.x as i8, draft.offset.y as i8);
        out.push(Node {
            dx,
            dy,
            rank: if draft.terminal {
                rank[&(dx, dy)]
            } else {
                INNER
            },
            skip: 0,
        });
        flatten(drafts, rank, c as usize, out);
        out[at].skip = out.len() as u32;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::map::{Shape, Terrain};

    #[test]
    fn every_offset_ends_exactly_one_node() {
        for r in [0, 1, 5, 20, MAX_TREE_RADIUS] {
            let tree = FovTree::new(r).unwrap();
            let mut ranks: Vec<u16> = tree
                .nodes
                .iter()
                .filter(|n| n.rank != INNER)
                .map(|n| n.rank)
                .collect();
            ranks.sort_unstable();
            let all = 3 * r as usize * (r as usize + 1);
            // Every offset but the origin's own, once each.
            let origin = tree.origin_rank() as u16;
            let want: Vec<u16> = (0..=all as u16).filter(|&k| k != origin).collect();
            assert_eq!(ranks, want, "radius {r}");
            assert_eq!(tree.by_rank[usize::from(origin)], (0, 0));
            assert!(
                tree.nodes
                    .iter()
                    .all(|n| { Hex::new(i32::from(n.dx), i32::from(n.dy)).length() as u32 <= r })
            );
        }
        assert!(FovTree::new(MAX_TREE_RADIUS + 1).is_none());
    }

    #[test]
    fn a_tree_made_for_another_stride_still_works() {
        let grid = |w| {
            Grid::new(
                &Shape::Parallelogram {
                    width: w,
                    height: 20,
                },
                Terrain::Floor,
            )
            .unwrap()
        };
        let (narrow, wide) = (grid(20), grid(40));
        let tree = FovTree::new(6).unwrap().for_grid(&narrow);
        assert_ne!(FovTree::stride_of(&narrow), FovTree::stride_of(&wide));
        let o = wide.index(Hex::new(10, 10)).unwrap();
        let mut out = Vec::new();
        tree.compute_sorted(&wide, |_| false, o, &mut out);
        let want: Vec<usize> = Hex::new(10, 10)
            .range(6)
            .filter_map(|h| wide.index(h))
            .collect::<std::collections::BTreeSet<_>>()
            .into_iter()
            .collect();
        assert_eq!(out, want);
    }

    #[test]
    fn sorted_and_unsorted_walks_agree_near_edges_and_on_narrow_maps() {
        // Narrow maps put the stride below the tree's width: offsets must still land on the
        // right tiles, and the reading order must still be the index order.
        for (w, h) in [(1, 9), (3, 3), (5, 40), (40, 5), (30, 30)] {
            let mut grid = Grid::new(
                &Shape::Parallelogram {
                    width: w,
                    height: h,
                },
                Terrain::Floor,
            )
            .unwrap();
            let tiles: Vec<usize> = grid.indices().collect();
            for (k, &i) in tiles.iter().enumerate() {
                if k % 7 == 3 {
                    grid[i] = Terrain::Wall;
                }
            }
            let tree = FovTree::new(12).unwrap();
            let flat = tree.for_grid(&grid);
            let blocks = |i: usize| grid[i].blocks_sight();
            for &o in &tiles {
                let (mut a, mut b) = (Vec::new(), Vec::new());
                tree.compute(&grid, blocks, o, &mut a);
                tree.compute_sorted(&grid, blocks, o, &mut b);
                assert!(b.windows(2).all(|p| p[0] < p[1]), "ascending, no repeats");
                a.sort_unstable();
                assert_eq!(a, b, "{w}x{h} from {}", grid.hex(o));
                let (mut c, mut d) = (Vec::new(), Vec::new());
                flat.compute(&grid, blocks, o, &mut c);
                flat.compute_sorted(&grid, blocks, o, &mut d);
                c.sort_unstable();
                assert_eq!((&c, &d), (&a, &b), "made for this grid");
            }
        }
    }

    #[test]
    fn both_ways_of_the_second_rule_agree_with_the_line_by_line_form() {
        // An open map leaves fewer tiles unseen than it has open ones (the rule is applied
        // from the unseen side); a dense one the other way round (from the open side).
        use crate::rng::{Stream, below, stream};
        for percent in [0, 3, 10, 30, 60, 90] {
            let mut grid = Grid::new(
                &Shape::Parallelogram {
                    width: 30,
                    height: 30,
                },
                Terrain::Floor,
            )
            .unwrap();
            let mut rng = stream(1, Stream::Generation, percent);
            for i in grid.indices().collect::<Vec<_>>() {
                if below(&mut rng, 100) < percent as usize {
                    grid[i] = Terrain::Wall;
                }
            }
            let viewer = Hex::new(15, 15);
            grid.set(viewer, Terrain::Floor);
            let blocks = |i: usize| grid[i].blocks_sight();
            let want = super::super::lines::visible_by_lines(&grid, blocks, viewer, 7);
            let o = grid.index(viewer).unwrap();
            let mut out = Vec::new();
            for tree in [
                FovTree::new(7).unwrap(),
                FovTree::new(7).unwrap().for_grid(&grid),
            ] {
                tree.compute(&grid, blocks, o, &mut out);
                assert_eq!(out, want, "{percent}% walls");
            }
        }
    }
}
