//! A shared-prefix tree of the lines from the origin to every offset within a radius.
//!
//! The line to each offset is precomputed once with [`Hex::line_to`]; lines that start alike
//! share nodes. Walking the tree depth-first from a viewer and skipping a node's subtree at the
//! first tile that blocks sight visits each open line prefix once, and marks an offset visible
//! exactly when nothing strictly between the viewer and it blocks: the definition of DESIGN.md.

use crate::geom::Hex;
use crate::map::Grid;
use std::collections::BTreeMap;

/// The largest radius a tree is built for; beyond it [`FovTree::new`] refuses.
pub const MAX_TREE_RADIUS: u32 = 64;

/// One node: the step from its parent, its depth, whether it ends the line to its own offset,
/// and where the node after its subtree starts (the nodes are stored in depth-first order).
#[derive(Copy, Clone, Debug)]
struct Node {
    dir: u8,
    terminal: bool,
    depth: u16,
    skip: u32,
}

/// The line tree for one radius; build once and reuse for every viewer on every map.
#[derive(Clone, Debug)]
pub struct FovTree {
    radius: u32,
    nodes: Vec<Node>,
}

/// A node while building: children by direction.
#[derive(Default)]
struct Draft {
    dir: u8,
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
                        ..Draft::default()
                    });
                    let id = (drafts.len() - 1) as u32;
                    drafts[at as usize].children.push(id);
                    id
                });
            }
            drafts[at as usize].terminal = true;
        }
        let mut nodes = Vec::with_capacity(drafts.len());
        flatten(&drafts, 0, 0, &mut nodes);
        Some(FovTree { radius, nodes })
    }

    /// The radius this tree covers.
    pub fn radius(&self) -> u32 {
        self.radius
    }

    /// Calls `visit` with the storage index of every tile visible from the tile at storage
    /// index `origin` (itself first), each once, in no particular order. `blocks(i)` says
    /// whether tile `i` blocks sight; positions outside the map's shape always block and are
    /// never visited. Nothing is visited when `origin` is no tile.
    pub fn visit<T>(
        &self,
        grid: &Grid<T>,
        blocks: impl Fn(usize) -> bool,
        origin: usize,
        mut visit: impl FnMut(usize),
    ) {
        if !grid.is_tile(origin) {
            return;
        }
        visit(origin);
        let offsets = grid.neighbor_offsets();
        let mask = grid.tile_mask();
        let mut stack = [origin; MAX_TREE_RADIUS as usize + 1];
        let mut n = 0;
        while let Some(node) = self.nodes.get(n) {
            let depth = usize::from(node.depth);
            // The parent is an open tile, so this neighbour index is inside storage.
            let cell = stack[depth - 1].wrapping_add_signed(offsets[usize::from(node.dir)]);
            let tile = mask[cell];
            if node.terminal && tile {
                visit(cell);
            }
            if tile && !blocks(cell) {
                stack[depth] = cell;
                n += 1;
            } else {
                n = node.skip as usize;
            }
        }
    }

    /// The visible tiles from `origin`, as [`FovTree::visit`] finds them, written to `out`
    /// (cleared first) in no particular order.
    pub fn compute<T>(
        &self,
        grid: &Grid<T>,
        blocks: impl Fn(usize) -> bool,
        origin: usize,
        out: &mut Vec<usize>,
    ) {
        out.clear();
        self.visit(grid, blocks, origin, |i| out.push(i));
    }
}

/// Appends the subtree under draft `id` (not `id` itself) in depth-first order.
fn flatten(drafts: &[Draft], id: usize, depth: u16, out: &mut Vec<Node>) {
    let mut children: Vec<u32> = drafts[id].children.clone();
    children.sort_by_key(|&c| drafts[c as usize].dir);
    for c in children {
        let at = out.len();
        let draft = &drafts[c as usize];
        out.push(Node {
            dir: draft.dir,
            terminal: draft.terminal,
            depth: depth + 1,
            skip: 0,
        });
        flatten(drafts, c as usize, depth + 1, out);
        out[at].skip = out.len() as u32;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_offset_ends_exactly_one_node() {
        for r in [0, 1, 5, 20] {
            let tree = FovTree::new(r).unwrap();
            let terminals = tree.nodes.iter().filter(|n| n.terminal).count();
            assert_eq!(terminals, 3 * r as usize * (r as usize + 1), "radius {r}");
            assert!(tree.nodes.iter().all(|n| u32::from(n.depth) <= r));
        }
        assert!(FovTree::new(MAX_TREE_RADIUS + 1).is_none());
    }
}
