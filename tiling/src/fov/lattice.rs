//! Field of view on any tiling: a shared-prefix tree of the tiling's lines, as [`FovTree`]
//! is for hexes, with the second rule read from a table per offset.
//!
//! A tree is made for one tiling, one radius and one class of viewer (a triangle's lines
//! depend on which way the viewer's tile points). Its nodes are cell offsets from the viewer
//! in depth-first order, along both lines of sight to each offset (`line⁺` and `line⁻`, which
//! share nodes until they part); the walk skips a node's subtree at the first tile that
//! blocks sight, so a node that ends a line to its offset is reached exactly when nothing
//! strictly between the viewer and it on that line blocks (the first rule). Each such node that is an open tile
//! then reveals the sight-blocking tiles sharing a side or corner with it that are within
//! the radius and no nearer to the viewer (the second rule), from a list made with the tree.
//!
//! [`FovTree`]: super::FovTree

use super::MAX_TREE_RADIUS;
use crate::geom::{Cell, Tiling};
use crate::grid::Grid;
use std::collections::BTreeMap;

/// One node, in depth-first order.
#[derive(Copy, Clone, Debug)]
struct Node {
    dx: i16,
    dy: i16,
    /// Whether the node ends the line to its own offset.
    end: bool,
    /// Where the node after this one's subtree starts.
    skip: u32,
    /// This offset's reveals, `reveals[from..to]` (empty unless `end`).
    reveal: (u32, u32),
    /// The offset of the node's parent (the viewer's for the first step of a line).
    parent: (i16, i16),
    /// The index of the move from the parent's tile to this one ([`Tiling::moves`]), for
    /// maps with sides.
    step: u8,
}

/// One tile a node may reveal by the second rule: its offset from the viewer and the index
/// of the move to it from the revealing tile ([`NO_MOVE`] when it shares only a corner).
#[derive(Copy, Clone, Debug)]
struct Reveal {
    dx: i16,
    dy: i16,
    step: u8,
}

/// The step index of a tile reached by no move (a triangle's corner neighbour).
const NO_MOVE: u8 = u8::MAX;

/// The index of the move from a tile at `from` to the tile `(dx, dy)` away, or [`NO_MOVE`].
fn step_index(tiling: Tiling, from: Cell, dx: i32, dy: i32) -> u8 {
    let moves = tiling.moves(tiling.class(from));
    moves
        .as_slice()
        .iter()
        .position(|m| (m.dx, m.dy) == (dx, dy))
        .map_or(NO_MOVE, |k| k as u8)
}

/// The line tree of one tiling, radius and viewer class.
///
/// ```
/// use hexdeep_tiling::{fov::LatticeTree, geom::{Cell, Tiling}, grid::Grid};
/// // A room of 7 × 7 squares with a pillar at (3, 3), which hides (5, 5) from (1, 1).
/// let cells: Vec<Cell> = (0..49).map(|i| Cell::new(i % 7, i / 7)).collect();
/// let grid = Grid::from_cells(Tiling::Square, &cells, ()).unwrap();
/// let [pillar, viewer, behind] = [(3, 3), (1, 1), (5, 5)].map(|(x, y)| grid.index(Cell::new(x, y)).unwrap());
/// let mut seen = Vec::new();
/// LatticeTree::new(Tiling::Square, 8, 0).unwrap().compute(&grid, |i| i == pillar, viewer, &mut seen);
/// assert!(seen.contains(&pillar) && !seen.contains(&behind));
/// ```
#[derive(Clone, Debug)]
pub struct LatticeTree {
    tiling: Tiling,
    radius: u32,
    class: usize,
    nodes: Vec<Node>,
    /// For each offset, the offsets next to it that it may reveal by the second rule.
    reveals: Vec<Reveal>,
    /// The viewer's own reveals: on triangles a tile sharing only a corner with the viewer
    /// may lie behind a wall on its line and still be next to the viewer.
    root: (u32, u32),
}

/// A node while building: its offset and children by offset.
struct Draft {
    offset: (i32, i32),
    end: bool,
    children: Vec<u32>,
}

impl LatticeTree {
    /// The tree for viewers of class `class` ([`Tiling::class`]) on `tiling` within `radius`,
    /// or `None` when the radius exceeds [`MAX_TREE_RADIUS`] or the class does not exist.
    ///
    /// ```
    /// use hexdeep_tiling::fov::LatticeTree;
    /// use hexdeep_tiling::geom::Tiling;
    /// // Triangles have two classes of viewer, the other tilings one.
    /// assert!(LatticeTree::new(Tiling::Triangle, 5, 1).is_some());
    /// assert!(LatticeTree::new(Tiling::Hex, 5, 1).is_none());
    /// ```
    pub fn new(tiling: Tiling, radius: u32, class: usize) -> Option<LatticeTree> {
        if radius > MAX_TREE_RADIUS || class >= tiling.classes() {
            return None;
        }
        // A viewer of the class: cell (class, 0) has class `class` on every tiling.
        let here = Cell::new(class as i32, 0);
        let rel = |c: Cell| (c.x - here.x, c.y - here.y);
        let mut drafts = vec![Draft {
            offset: (0, 0),
            end: false,
            children: Vec::new(),
        }];
        let mut index: BTreeMap<(u32, (i32, i32)), u32> = BTreeMap::new();
        for target in tiling.sight_range(here, radius) {
            for line in [tiling.line(here, target), tiling.line_minus(here, target)] {
                let mut at = 0u32;
                for &c in &line[1..] {
                    let offset = rel(c);
                    at = *index.entry((at, offset)).or_insert_with(|| {
                        drafts.push(Draft {
                            offset,
                            end: false,
                            children: Vec::new(),
                        });
                        let id = (drafts.len() - 1) as u32;
                        drafts[at as usize].children.push(id);
                        id
                    });
                }
                drafts[at as usize].end = true;
            }
        }
        let mut tree = LatticeTree {
            tiling,
            radius,
            class,
            nodes: Vec::with_capacity(drafts.len()),
            reveals: Vec::new(),
            root: (0, 0),
        };
        tree.root = tree.reveals_of(here, (0, 0));
        tree.flatten(&drafts, 0, here);
        Some(tree)
    }

    /// The radius this tree covers.
    ///
    /// ```
    /// use hexdeep_tiling::fov::LatticeTree;
    /// use hexdeep_tiling::geom::Tiling;
    /// assert_eq!(LatticeTree::new(Tiling::Hex, 12, 0).unwrap().radius(), 12);
    /// ```
    pub fn radius(&self) -> u32 {
        self.radius
    }

    /// The class of viewer this tree is for.
    ///
    /// ```
    /// use hexdeep_tiling::fov::LatticeTree;
    /// use hexdeep_tiling::geom::Tiling;
    /// assert_eq!(LatticeTree::new(Tiling::Triangle, 4, 1).unwrap().class(), 1);
    /// ```
    pub fn class(&self) -> usize {
        self.class
    }

    /// Appends the subtree under draft `id` (not `id` itself) in depth-first order.
    fn flatten(&mut self, drafts: &[Draft], id: usize, here: Cell) {
        let mut children = drafts[id].children.clone();
        children.sort_by_key(|&c| drafts[c as usize].offset);
        let parent = drafts[id].offset;
        let parent_cell = here.offset(parent.0, parent.1);
        for c in children {
            let draft = &drafts[c as usize];
            let (dx, dy) = (draft.offset.0 - parent.0, draft.offset.1 - parent.1);
            let step = step_index(self.tiling, parent_cell, dx, dy);
            let at = self.nodes.len();
            let reveal = if draft.end {
                self.reveals_of(here, draft.offset)
            } else {
                (0, 0)
            };
            self.nodes.push(Node {
                dx: draft.offset.0 as i16,
                dy: draft.offset.1 as i16,
                end: draft.end,
                skip: 0,
                reveal,
                parent: (parent.0 as i16, parent.1 as i16),
                step,
            });
            self.flatten(drafts, c as usize, here);
            self.nodes[at].skip = self.nodes.len() as u32;
        }
    }

    /// Adds to `reveals` the offsets next to `offset` (by side or corner) within the radius
    /// and no nearer to the viewer at `here`; returns where they lie.
    fn reveals_of(&mut self, here: Cell, offset: (i32, i32)) -> (u32, u32) {
        let t = self.tiling;
        let cell = here.offset(offset.0, offset.1);
        let near = t.sight_measure(here, cell);
        let from = self.reveals.len() as u32;
        for (dx, dy) in t.touching(t.class(cell)) {
            let n = cell.offset(dx, dy);
            if t.within_sight(here, n, self.radius) && t.sight_measure(here, n) >= near {
                self.reveals.push(Reveal {
                    dx: (offset.0 + dx) as i16,
                    dy: (offset.1 + dy) as i16,
                    step: step_index(t, cell, dx, dy),
                });
            }
        }
        (from, self.reveals.len() as u32)
    }

    /// The visible tiles from the tile at storage index `origin` of `grid` (of this tree's
    /// tiling, the viewer of this tree's class), in ascending index order, written to `out`
    /// (cleared first). `blocks(i)` says whether tile `i` blocks sight. Nothing when
    /// `origin` is no tile.
    ///
    /// ```
    /// use hexdeep_tiling::{fov::LatticeTree, geom::{Cell, Tiling}, grid::Grid};
    /// // Three squares in a row, all floor: the viewer at the left end sees all three.
    /// let row = [Cell::new(0, 0), Cell::new(1, 0), Cell::new(2, 0)];
    /// let grid = Grid::from_cells(Tiling::Square, &row, false).unwrap();
    /// let mut seen = Vec::new();
    /// let tree = LatticeTree::new(Tiling::Square, 3, 0).unwrap();
    /// tree.compute(&grid, |i| grid[i], grid.index(row[0]).unwrap(), &mut seen);
    /// assert_eq!(seen.len(), 3);
    /// ```
    pub fn compute<T>(
        &self,
        grid: &Grid<T>,
        blocks: impl Fn(usize) -> bool,
        origin: usize,
        out: &mut Vec<usize>,
    ) {
        self.walk(grid, blocks, |_, _| true, origin, out);
    }

    /// [`LatticeTree::compute`] on a map with features on the sides between tiles:
    /// `sees(i, k)` says whether sight crosses move `k` ([`crate::geom::Tiling::moves`]) from
    /// the tile at storage index `i`. A line stops at a side sight cannot cross, and a
    /// blocking tile is revealed only across a side sight crosses (ARCHITECTURE.md, "Tile
    /// sides and corners").
    ///
    /// ```
    /// use hexdeep_tiling::{fov::LatticeTree, geom::{Cell, Tiling}};
    /// use hexdeep_tiling::grid::{Grid, SideFeature, Sides};
    /// let row = [Cell::new(0, 0), Cell::new(1, 0), Cell::new(2, 0)]; // a closed door after row[1]:
    /// let (grid, mut sides) = (Grid::from_cells(Tiling::Square, &row, ()).unwrap(), Sides::default());
    /// sides.set_side(&grid, Tiling::Square.side_between(row[1], row[2]).unwrap(), SideFeature::DoorClosed);
    /// let (tree, mut seen) = (LatticeTree::new(Tiling::Square, 3, 0).unwrap(), Vec::new());
    /// tree.compute_across(&grid, |_| false, |i, k| sides.sees(i, k), grid.index(row[0]).unwrap(), &mut seen);
    /// assert_eq!(seen.len(), 2);
    /// ```
    pub fn compute_across<T>(
        &self,
        grid: &Grid<T>,
        blocks: impl Fn(usize) -> bool,
        sees: impl Fn(usize, usize) -> bool,
        origin: usize,
        out: &mut Vec<usize>,
    ) {
        // A tile reached by no move (a triangle's corner neighbour) is never behind a side.
        let crosses = |from: usize, step: u8| step == NO_MOVE || sees(from, usize::from(step));
        self.walk(grid, blocks, crosses, origin, out);
    }

    /// The walk of both forms: `crosses(i, k)` says whether sight crosses move `k` from
    /// storage index `i` (always, on a map without sides: the test then compiles away).
    fn walk<T>(
        &self,
        grid: &Grid<T>,
        blocks: impl Fn(usize) -> bool,
        crosses: impl Fn(usize, u8) -> bool,
        origin: usize,
        out: &mut Vec<usize>,
    ) {
        out.clear();
        if !grid.is_tile(origin) {
            return;
        }
        out.push(origin);
        let mask = grid.tile_mask();
        let at = |dx: i16, dy: i16| {
            origin.wrapping_add_signed(grid.offset_of(i32::from(dx), i32::from(dy)))
        };
        let reveal = |(from, to): (u32, u32), by: usize, out: &mut Vec<usize>| {
            for r in &self.reveals[from as usize..to as usize] {
                let wall = at(r.dx, r.dy);
                if mask[wall] && blocks(wall) && crosses(by, r.step) {
                    out.push(wall);
                }
            }
        };
        if !blocks(origin) {
            reveal(self.root, origin, out);
        }
        let mut n = 0;
        while let Some(node) = self.nodes.get(n) {
            if !crosses(at(node.parent.0, node.parent.1), node.step) {
                n = node.skip as usize;
                continue;
            }
            // The parent is an open tile, so the node's cell lies inside storage.
            let cell = at(node.dx, node.dy);
            let tile = mask[cell];
            let open = tile && !blocks(cell);
            if node.end && tile {
                out.push(cell);
            }
            if open && node.end {
                reveal(node.reveal, cell, out);
            }
            n = if open { n + 1 } else { node.skip as usize };
        }
        out.sort_unstable();
        out.dedup();
    }
}

#[cfg(test)]
mod tests;
