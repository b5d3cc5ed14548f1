//! A shared-prefix tree of the lines from the origin to every offset within a radius.
//!
//! The line to each offset is precomputed once with [`Hex::line_to`]; lines that start alike
//! share nodes. Walking the tree depth-first from a viewer and skipping a node's subtree at the
//! first tile that blocks sight visits each open line prefix once, and marks an offset visible
//! exactly when nothing strictly between the viewer and it blocks: the first rule of DESIGN.md.
//! The open tiles the walk finds visible then reveal their blocking neighbours that are within
//! the radius and no nearer to the viewer ([`Rim`]): the second rule. Bit sets laid out by rows
//! ([`Layout`]) keep every tile reported once, in index order. The walk also marks the tiles it
//! reads on the way to others, open or blocking, in sets of their own: most of the second
//! rule's candidates are among them, and need no test of the map.
//!
//! Each node stores its tile's offset from the viewer, so the walk needs no stack: the tile
//! of a node is the viewer's storage index plus `dy · stride + dx`. That is the tile the line
//! really reaches, because the walk only descends through tiles, and a step from a tile never
//! leaves the grid's storage (its border row and column hold no tiles). A tree made for one
//! grid stride ([`FovTree::for_grid`]) also keeps that sum per node, in nodes of 8 bytes for
//! radii up to 31, and its walk on grids of that stride is one addition per node.

use super::marks::{Layout, each_tile, mark};
use super::rim::{Rim, Sight, Walk};
use crate::geom::{Direction, Hex};
use crate::map::Grid;
use std::collections::BTreeMap;

/// The largest radius a tree is built for; beyond it [`FovTree::new`] refuses.
pub const MAX_TREE_RADIUS: u32 = 64;

/// Set in a node's `mark` when the node ends the line to its own offset.
const END: u32 = 1 << 31;

/// One node, in depth-first order: its offset from the viewer, the bit of its offset
/// ([`Layout::bit`] with [`END`] when the node ends the line to that offset, else
/// [`Layout::read_bit`]), and where the node after its subtree starts. Every node visited ORs
/// into its bit's word, so the walk marks without a branch.
#[derive(Copy, Clone, Debug)]
struct Node {
    dx: i8,
    dy: i8,
    mark: u32,
    skip: u32,
}

/// A node for one grid stride, in 8 bytes (the walk's nodes of radius 20 then stay in the
/// first-level cache): its storage index offset from the viewer, where the node after its
/// subtree starts, and the bit it marks as in [`Node`], with [`FLAT_END`] for [`END`].
#[derive(Copy, Clone, Debug)]
struct FlatNode {
    delta: i32,
    next: u16,
    mark: u16,
}

/// [`END`] in a [`FlatNode`].
const FLAT_END: u16 = 1 << 15;

/// The line tree for one radius; build once and reuse for every viewer on every map.
#[derive(Clone, Debug)]
pub struct FovTree {
    radius: u32,
    nodes: Vec<Node>,
    /// The grid stride `flat` was made for (0: none).
    stride: isize,
    /// `nodes` with their offsets as storage index offsets for `stride`.
    flat: Vec<FlatNode>,
    /// Where each offset has its bit.
    layout: Layout,
    /// What the open tiles reveal by the second rule.
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
        let layout = Layout::new(radius);
        let mut nodes = Vec::with_capacity(drafts.len());
        flatten(&drafts, &layout, 0, &mut nodes);
        let rim = Rim::new(&layout);
        Some(FovTree {
            radius,
            nodes,
            stride: 0,
            flat: Vec::new(),
            layout,
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
        // Trees too large for the small nodes (radius 32 and up) keep none.
        let flat = self
            .nodes
            .iter()
            .map(|n| {
                let delta = isize::from(n.dy) * stride + isize::from(n.dx);
                let bit = u16::try_from(n.mark & !END)
                    .ok()
                    .filter(|&b| b < FLAT_END)?;
                Some(FlatNode {
                    // Grids hold at most 2^24 cells, so a row is shorter than 2^24 and
                    // `delta` (at most 65 rows) fits.
                    delta: delta as i32,
                    next: u16::try_from(n.skip).ok()?,
                    mark: bit | if n.mark & END == 0 { 0 } else { FLAT_END },
                })
            })
            .collect::<Option<Vec<FlatNode>>>()
            .unwrap_or_default();
        FovTree {
            stride,
            flat,
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
        visit: impl FnMut(usize),
    ) {
        let words = self.layout.set_words();
        if words <= 32 {
            self.visit_sized::<T, 64>(grid, blocks, origin, visit);
        } else if words <= 64 {
            self.visit_sized::<T, 128>(grid, blocks, origin, visit);
        } else {
            self.visit_sized::<T, 1024>(grid, blocks, origin, visit);
        }
    }

    /// [`FovTree::visit`] with the walk's marks in cleared sets of `W` words on the stack,
    /// twice the layout's [`Layout::set_words`]: a power of two the walk's indices are cut to,
    /// so they need no bounds check.
    fn visit_sized<T, const W: usize>(
        &self,
        grid: &Grid<T>,
        blocks: impl Fn(usize) -> bool,
        origin: usize,
        mut visit: impl FnMut(usize),
    ) {
        let mut sets = [[0u64; W]; 2];
        if !self.walk(grid, &blocks, origin, &mut sets) {
            return;
        }
        let [marks, shut] = &mut sets;
        let (words, half) = (self.layout.words, W / 2);
        let (seen, read_open) = marks.split_at_mut(half);
        let (shut, read_shut) = shut.split_at_mut(half);
        let walk = Walk {
            seen: &mut seen[..words],
            shut: &mut shut[..words],
            read_open: &read_open[..words],
            read_shut: &read_shut[..words],
        };
        let stride = Self::stride_of(grid);
        let sight = Sight {
            row_cell: self.word_cells(stride, origin),
            stride,
            mask: grid.tile_mask(),
            blocks,
        };
        if self.layout.row_words == 1 {
            self.rim.reveal_rows(walk, &sight, visit);
        } else {
            self.rim.reveal(&self.layout, walk, &sight);
            for (i, &bits) in seen[..words].iter().enumerate() {
                each_tile((sight.row_cell)(i), bits, &mut visit);
            }
        }
    }

    /// The storage index of bit 0 of each word of the sets, for a viewer at `origin` on a grid
    /// with rows `stride` cells apart.
    fn word_cells(&self, stride: isize, origin: usize) -> impl Fn(usize) -> usize + '_ {
        move |word| origin.wrapping_add_signed(self.layout.word_delta(word, stride))
    }

    /// The first rule, by the tree: marks in `sets[0]` the tiles seen along clear lines (the
    /// first half of the words, [`Layout::bit`]) and the open tiles read on the way to others
    /// (the second half), and in `sets[1]`, at the same places, the tiles read that block.
    /// The sets are clear on entry. False when `origin` is no tile.
    fn walk<T, const W: usize>(
        &self,
        grid: &Grid<T>,
        blocks: impl Fn(usize) -> bool,
        origin: usize,
        sets: &mut [[u64; W]; 2],
    ) -> bool {
        if !grid.is_tile(origin) {
            return false;
        }
        let [marks, shut] = sets;
        mark(marks, self.layout.bit(0, 0) as usize);
        let stride = Self::stride_of(grid);
        let mask = grid.tile_mask();
        // A node's bit is in the first half when it ends its line, in the second when it does
        // not ([`Layout::read_bit`]). An open tile marks it, and lets the walk go on down its
        // subtree: one write, the usual case on open ground. A blocking tile marks it in
        // `shut`, and in `marks` too when it ends its line (a wall seen).
        let mut visit = |cell: usize, bit: usize, end: u64| -> bool {
            let clear = mask[cell] & !blocks(cell);
            // `W` is a power of two, so the index needs no bounds check.
            let (word, shift) = (bit / 64 % W, bit % 64);
            if clear {
                marks[word] |= 1 << shift;
            } else {
                let tile = u64::from(mask[cell]) << shift;
                marks[word] |= tile & end.wrapping_neg();
                shut[word] |= tile;
            }
            clear
        };
        // In both loops the parent is an open tile, so a node's index is inside storage.
        if stride == self.stride && self.flat.len() == self.nodes.len() {
            let nodes = self.flat.as_slice();
            let mut n = 0;
            while let Some(node) = nodes.get(n) {
                let cell = origin.wrapping_add_signed(node.delta as isize);
                let (bit, end) = (node.mark & !FLAT_END, node.mark >> 15);
                n = if visit(cell, usize::from(bit), u64::from(end)) {
                    n + 1
                } else {
                    usize::from(node.next)
                };
            }
        } else {
            let nodes = self.nodes.as_slice();
            let mut n = 0;
            while let Some(node) = nodes.get(n) {
                let cell = origin
                    .wrapping_add_signed(isize::from(node.dy) * stride + isize::from(node.dx));
                let (bit, end) = (node.mark & !END, node.mark >> 31);
                n = if visit(cell, bit as usize, u64::from(end)) {
                    n + 1
                } else {
                    node.skip as usize
                };
            }
        }
        true
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
    /// first), without a sort: the walk marks bits laid out in storage order
    /// (`Layout`), and reading them in order lists the tiles in order.
    pub fn compute_sorted<T>(
        &self,
        grid: &Grid<T>,
        blocks: impl Fn(usize) -> bool,
        origin: usize,
        out: &mut Vec<usize>,
    ) {
        out.clear();
        self.visit(grid, blocks, origin, |cell| out.push(cell));
    }
}

/// Appends the subtree under draft `id` (not `id` itself) in depth-first order.
fn flatten(drafts: &[Draft], layout: &Layout, id: usize, out: &mut Vec<Node>) {
    let mut children: Vec<u32> = drafts[id].children.clone();
    children.sort_by_key(|&c| drafts[c as usize].dir);
    for c in children {
        let at = out.len();
        let draft = &drafts[c as usize];
        let own = layout.bit(draft.offset.x, draft.offset.y);
        out.push(Node {
            dx: draft.offset.x as i8,
            dy: draft.offset.y as i8,
            mark: if draft.terminal {
                own | END
            } else {
                layout.read_bit(own)
            },
            skip: 0,
        });
        flatten(drafts, layout, c as usize, out);
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
            let bit = |n: &Node| (n.mark & !END) as usize;
            let mut ends: Vec<(i32, i32)> = tree
                .nodes
                .iter()
                .filter(|n| n.mark & END != 0)
                .map(|n| {
                    let at = tree.layout.offset(bit(n)).unwrap();
                    assert_eq!(at, (i32::from(n.dx), i32::from(n.dy)));
                    at
                })
                .collect();
            ends.sort_unstable();
            // Every offset but the origin's own, once each.
            let mut want: Vec<(i32, i32)> = Hex::ORIGIN
                .range(r)
                .filter(|&h| h != Hex::ORIGIN)
                .map(|h| (h.x, h.y))
                .collect();
            want.sort_unstable();
            assert_eq!(ends, want, "radius {r}");
            // An inner node marks its offset's bit in the second set.
            let read = tree.layout.read_bit(0) as usize;
            assert!(tree.nodes.iter().all(|n| {
                let at = if n.mark & END == 0 {
                    bit(n).checked_sub(read)
                } else {
                    Some(bit(n))
                };
                at.and_then(|b| tree.layout.offset(b)) == Some((i32::from(n.dx), i32::from(n.dy)))
                    && Hex::new(i32::from(n.dx), i32::from(n.dy)).length() as u32 <= r
            }));
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
    fn rows_of_one_word_and_of_several_agree_with_the_line_by_line_form() {
        // Radius 20 lays a row in one word, 40 in two; a tree made for the grid walks small
        // nodes, a general one the rest. The walls the walk read on the way to other tiles
        // are revealed without a test, those it did not read with one: both must be right.
        use crate::rng::{Stream, below, stream};
        for percent in [5, 30, 50] {
            let mut grid = Grid::new(
                &Shape::Parallelogram {
                    width: 90,
                    height: 90,
                },
                Terrain::Floor,
            )
            .unwrap();
            let mut rng = stream(3, Stream::Generation, percent);
            for i in grid.indices().collect::<Vec<_>>() {
                if below(&mut rng, 100) < percent as usize {
                    grid[i] = Terrain::Wall;
                }
            }
            let blocks = |i: usize| grid[i].blocks_sight();
            for radius in [20, 40] {
                let general = FovTree::new(radius).unwrap();
                let flat = general.for_grid(&grid);
                for viewer in [Hex::new(45, 45), Hex::new(3, 80), Hex::new(70, 12)] {
                    let want = super::super::lines::visible_by_lines(&grid, blocks, viewer, radius);
                    let o = grid.index(viewer).unwrap();
                    let mut out = Vec::new();
                    for tree in [&general, &flat] {
                        tree.compute(&grid, blocks, o, &mut out);
                        assert_eq!(out, want, "{percent}% walls, radius {radius}, {viewer}");
                    }
                }
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
