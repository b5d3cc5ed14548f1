//! A shared-prefix tree of the lines from the origin to every offset within a radius, on
//! hexes.
//!
//! The two lines to each offset (`line⁺`, [`Hex::line_to`], and `line⁻`,
//! [`Tiling::line_minus`]) are precomputed once; lines that start alike share nodes, so an
//! offset has a second node only where its two lines part. Walking the tree depth-first from a
//! viewer and skipping a node's subtree at the first tile that does not let sight through
//! visits each open line prefix once, and reaches a node that ends a line to an offset exactly
//! when nothing strictly between the viewer and it on that line blocks: the offset is visible
//! when either of its nodes is reached, the first rule of ARCHITECTURE.md. The walk marks those offsets in a bit set laid
//! out one row of offsets to a word; the second rule and the read-out in storage order are
//! then a pass over those rows ([`Rim`]).
//!
//! The walk reads a map's [`SightBits`] (one bit a cell, kept in step with the map):
//! a node costs one bit test and one marking write, whatever the terrain. Each node stores its
//! offset from the viewer, so the walk needs no stack: the tile of a node is the viewer's
//! storage index plus `dy · stride + dx`. That is the tile the line really reaches, because
//! the walk only descends through tiles, and a step from a tile never leaves the grid's
//! storage (its border row and column hold no tiles). A tree made for one grid stride
//! ([`FovTree::for_grid`]) keeps that sum per node, in nodes of 8 bytes.

use super::rim::Rim;
use crate::geom::{Cell, Hex, Tiling};
use crate::grid::{Grid, SightBits};
use std::collections::BTreeMap;

/// Words the walk marks beyond the rows of offsets: a node that does not end its line marks
/// one of these, by its position in the tree. Spreading them keeps one marking write from
/// waiting on the last (a single spare word made every other write wait on the one before).
const SPARE_WORDS: usize = 16;

/// One node, in depth-first order: where its tile lies from the viewer's (`At`: an offset
/// `[dx, dy]`, or a storage index offset for one grid stride, which keeps a node in 8
/// bytes), the word and bit it marks when reached (its offset's row `dy + R` and column
/// `dx + R` when it ends the line to that offset, else a spare word's bit 0), and where the
/// node after its subtree starts.
#[derive(Copy, Clone, Debug)]
struct Node<At> {
    at: At,
    next: u16,
    word: u8,
    bit: u8,
}

/// Where a node's tile lies from the viewer's.
trait Offset: Copy {
    /// The storage index offset on a grid whose rows are `stride` cells apart.
    fn delta(self, stride: isize) -> isize;
}

impl Offset for [i8; 2] {
    #[inline]
    fn delta(self, stride: isize) -> isize {
        isize::from(self[1]) * stride + isize::from(self[0])
    }
}

impl Offset for i32 {
    #[inline]
    fn delta(self, _: isize) -> isize {
        self as isize
    }
}

/// The line tree for one radius; build once and reuse for every viewer on every map.
///
/// ```
/// use hexdeep_tiling::{fov::FovTree, geom::Cell, grid::{Grid, Shape, SightBits}};
/// let grid = Grid::new(&Shape::Hexagon { radius: 5 }, false).unwrap();
/// let sight = SightBits::of(&grid, |i| grid[i]);
/// let tree = FovTree::new(3).unwrap();
/// let mut seen = Vec::new();
/// tree.compute(&sight, grid.index(Cell::ORIGIN).unwrap(), &mut seen);
/// assert_eq!(seen.len(), 37); // every hex within 3 steps: 3·3·4 + 1
/// ```
#[derive(Clone, Debug)]
pub struct FovTree {
    radius: u32,
    nodes: Vec<Node<[i8; 2]>>,
    /// The grid stride `flat` was made for (0: none).
    stride: isize,
    /// `nodes` with their offsets as storage index offsets for `stride`.
    flat: Vec<Node<i32>>,
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
    /// The largest radius a tree is built for: a row of its offsets, `2 · radius + 1` of
    /// them, fits one 64-bit word.
    ///
    /// ```
    /// use hexdeep_tiling::fov::FovTree;
    /// assert!(FovTree::new(FovTree::MAX_RADIUS).is_some());
    /// assert!(FovTree::new(FovTree::MAX_RADIUS + 1).is_none());
    /// ```
    pub const MAX_RADIUS: u32 = 31;

    /// The tree of every line from the origin to the offsets within `radius`, or `None` when
    /// `radius` exceeds [`FovTree::MAX_RADIUS`].
    ///
    /// ```
    /// use hexdeep_tiling::fov::FovTree;
    /// assert_eq!(FovTree::new(8).map(|t| t.radius()), Some(8));
    /// assert!(FovTree::new(40).is_none());
    /// ```
    pub fn new(radius: u32) -> Option<FovTree> {
        if radius > Self::MAX_RADIUS {
            return None;
        }
        // Node 0 is the root (the viewer); it is not stored in the final tree.
        let mut drafts = vec![Draft::default()];
        let mut index: BTreeMap<(u32, u8), u32> = BTreeMap::new();
        for target in Hex::ORIGIN.range(radius) {
            for line in lines_to(target) {
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
        }
        let mut nodes = Vec::with_capacity(drafts.len());
        flatten(&drafts, radius as i32, 0, &mut nodes)?;
        Some(FovTree {
            radius,
            nodes,
            stride: 0,
            flat: Vec::new(),
            rim: Rim::new(radius),
        })
    }

    /// This tree, made faster for grids whose storage rows are as long as `grid`'s (any grid
    /// of the same bounding box). It still works on every grid.
    ///
    /// ```
    /// use hexdeep_tiling::{fov::FovTree, geom::Cell, grid::{Grid, Shape, SightBits}};
    /// let mut grid = Grid::new(&Shape::Hexagon { radius: 6 }, false).unwrap();
    /// grid.set(Cell::new(1, 0), true);
    /// let sight = SightBits::of(&grid, |i| grid[i]);
    /// let (plain, fast) = (FovTree::new(6).unwrap(), FovTree::new(6).unwrap().for_grid(&grid));
    /// let (centre, mut a, mut b) = (grid.index(Cell::ORIGIN).unwrap(), Vec::new(), Vec::new());
    /// (plain.compute(&sight, centre, &mut a), fast.compute(&sight, centre, &mut b));
    /// assert_eq!(a, b);
    /// ```
    pub fn for_grid<T>(&self, grid: &Grid<T>) -> FovTree {
        self.for_stride(grid.offset_of(0, 1))
    }

    /// This tree, made faster for grids whose storage index offset of one row down is
    /// `stride` ([`FovTree::for_grid`]).
    ///
    /// ```
    /// use hexdeep_tiling::{fov::FovTree, geom::Cell, grid::{Grid, Shape, SightBits}};
    /// let grid = Grid::new(&Shape::Hexagon { radius: 4 }, false).unwrap();
    /// let sight = SightBits::of(&grid, |i| grid[i]);
    /// let tree = FovTree::new(2).unwrap().for_stride(grid.offset_of(0, 1));
    /// let mut seen = Vec::new();
    /// tree.compute(&sight, grid.index(Cell::ORIGIN).unwrap(), &mut seen);
    /// assert_eq!(seen.len(), 19);
    /// ```
    pub fn for_stride(&self, stride: isize) -> FovTree {
        let flat = self
            .nodes
            .iter()
            .map(|n| {
                Some(Node {
                    // Grids hold at most 2^24 cells, so a row is shorter than 2^24 and the
                    // offset (at most 31 rows) fits.
                    at: i32::try_from(n.at.delta(stride)).ok()?,
                    next: n.next,
                    word: n.word,
                    bit: n.bit,
                })
            })
            .collect::<Option<Vec<Node<i32>>>>()
            .unwrap_or_default();
        FovTree {
            stride,
            flat,
            ..self.clone()
        }
    }

    /// The radius this tree covers.
    ///
    /// ```
    /// use hexdeep_tiling::fov::FovTree;
    /// assert_eq!(FovTree::new(5).unwrap().radius(), 5);
    /// ```
    pub fn radius(&self) -> u32 {
        self.radius
    }

    /// Calls `visit` with the storage index of every tile visible from the tile at storage
    /// index `origin`, each once, in ascending order: the tiles seen along clear lines, and the
    /// sight-blocking tiles next to one of those that does not block and is no farther.
    /// `sight` says which cells are tiles and which of them block sight (a game may keep its
    /// own in step with its map, as hexdeep's levels do); cells that are no tiles always block
    /// and are never visited. Nothing is visited when `origin` is no tile.
    ///
    /// ```
    /// use hexdeep_tiling::fov::FovTree;
    /// use hexdeep_tiling::geom::Cell;
    /// use hexdeep_tiling::grid::{Grid, Shape, SightBits};
    /// let grid = Grid::new(&Shape::Hexagon { radius: 3 }, false).unwrap();
    /// let sight = SightBits::of(&grid, |i| grid[i]);
    /// let mut count = 0;
    /// FovTree::new(1).unwrap().visit(&sight, grid.index(Cell::ORIGIN).unwrap(), |_| count += 1);
    /// assert_eq!(count, 7);
    /// ```
    pub fn visit(&self, sight: &SightBits, origin: usize, mut visit: impl FnMut(usize)) {
        self.rows(sight, origin, |base, mut bits| {
            while bits != 0 {
                visit(base.wrapping_add(bits.trailing_zeros() as usize));
                bits &= bits - 1;
            }
        });
    }

    /// The visible tiles from `origin`, as [`FovTree::visit`] finds them, written to `out`
    /// (cleared first), in ascending index order.
    ///
    /// ```
    /// use hexdeep_tiling::{fov::FovTree, geom::Cell, grid::{Grid, Shape, SightBits}};
    /// // The viewer at the centre, walled in by its six neighbours: it sees them and itself.
    /// let grid = Grid::new(&Shape::Hexagon { radius: 4 }, ()).unwrap();
    /// let sight = SightBits::of(&grid, |i| grid.distance(Cell::ORIGIN, grid.cell(i)) == 1);
    /// let mut seen = Vec::new();
    /// FovTree::new(4).unwrap().compute(&sight, grid.index(Cell::ORIGIN).unwrap(), &mut seen);
    /// assert_eq!(seen.len(), 7);
    /// ```
    pub fn compute(&self, sight: &SightBits, origin: usize, out: &mut Vec<usize>) {
        out.clear();
        self.visit(sight, origin, |cell| out.push(cell));
    }

    /// The visible tiles from `origin` a row at a time, in ascending storage order: `row`
    /// gets a storage index and the bits of the visible tiles from it on.
    fn rows(&self, sight: &SightBits, origin: usize, row: impl FnMut(usize, u64)) {
        // The rows of offsets and the spare words, in a power of two so that the walk's
        // indices need no bounds check.
        if self.rim.rows() + SPARE_WORDS <= 64 {
            self.rows_sized::<64>(sight, origin, row);
        } else {
            self.rows_sized::<128>(sight, origin, row);
        }
    }

    /// [`FovTree::rows`] with the walk's marks in `W` words on the stack.
    fn rows_sized<const W: usize>(
        &self,
        sight: &SightBits,
        origin: usize,
        row: impl FnMut(usize, u64),
    ) {
        if !sight.is_tile(origin) {
            return;
        }
        let mut reached = [[0u64; W]; 2];
        if sight.stride() == self.stride && self.flat.len() == self.nodes.len() {
            walk(&self.flat, sight, origin, &mut reached);
        } else {
            walk(&self.nodes, sight, origin, &mut reached);
        }
        let [open, shut] = &reached;
        self.rim.reveal(open, shut, sight, origin, row);
    }
}

/// The first rule, by the tree: marks in `reached` (one row of offsets a word) every offset
/// whose line is clear, by walking `nodes` from the viewer at storage index `origin`: in
/// `reached[0]` those that let sight through, in `reached[1]` the others. The nodes that end
/// no line mark the spare words after the rows. Kept out of line: inlined into its caller it
/// lost registers to the second rule, and reloaded them from the stack at every node.
#[inline(never)]
fn walk<At: Offset, const W: usize>(
    nodes: &[Node<At>],
    sight: &SightBits,
    origin: usize,
    reached: &mut [[u64; W]; 2],
) {
    let stride = sight.stride();
    let [open, shut] = reached;
    let mut n = 0;
    // The parent of every node reached is an open tile, so the node's index is inside
    // storage.
    while n < nodes.len() {
        let node = &nodes[n];
        let cell = origin.wrapping_add_signed(node.at.delta(stride));
        let (word, bit) = (usize::from(node.word), u32::from(node.bit));
        // `W` is a power of two: the indices need no bounds check.
        if sight.is_clear(cell) {
            open[word % W] |= 1u64.wrapping_shl(bit);
            n += 1;
        } else {
            shut[word % W] |= 1u64.wrapping_shl(bit);
            n = usize::from(node.next);
        }
    }
}

/// The two lines of sight from the origin to `target`, `line⁺` and `line⁻` (one when they are
/// the same).
fn lines_to(target: Hex) -> Vec<Vec<Hex>> {
    let plus = Hex::ORIGIN.line_to(target);
    let minus: Vec<Hex> = Tiling::Hex
        .line_minus(Cell::from(Hex::ORIGIN), Cell::from(target))
        .into_iter()
        .map(Hex::from)
        .collect();
    if minus == plus {
        vec![plus]
    } else {
        vec![plus, minus]
    }
}

/// Appends the subtree under draft `id` (not `id` itself) in depth-first order, for a tree of
/// radius `radius`; `None` when the tree has too many nodes to name in 16 bits.
fn flatten(drafts: &[Draft], radius: i32, id: usize, out: &mut Vec<Node<[i8; 2]>>) -> Option<()> {
    let mut children: Vec<u32> = drafts[id].children.clone();
    children.sort_by_key(|&c| drafts[c as usize].dir);
    let rows = 2 * radius as usize + 1;
    for c in children {
        let at = out.len();
        let draft = &drafts[c as usize];
        let (x, y) = (draft.offset.x, draft.offset.y);
        // Offsets, rows and columns of a radius up to 31 fit a byte.
        let (word, bit) = if draft.terminal {
            ((y + radius) as u8, (x + radius) as u8)
        } else {
            ((rows + at % SPARE_WORDS) as u8, 0)
        };
        out.push(Node {
            at: [x as i8, y as i8],
            word,
            bit,
            next: 0,
        });
        flatten(drafts, radius, c as usize, out)?;
        out[at].next = u16::try_from(out.len()).ok()?;
    }
    Some(())
}

#[cfg(test)]
#[path = "tree_tests.rs"]
mod tests;
