//! The line trees of one grid layout, by radius, kept with the level that uses them.
//!
//! A tree is built the first time a radius is asked for and then read without a lock: each
//! radius has its own [`OnceLock`]. The cache lives in the level's
//! [`TopologyCache`](crate::map::TopologyCache), so clones of a level share it and two games
//! never do.

use super::tree::{FovTree, MAX_TREE_RADIUS};
use crate::map::{Grid, Level};
use std::fmt;
use std::sync::OnceLock;

/// The trees for grids of one storage stride ([`FovTree::for_grid`]), by radius.
pub struct FovCache {
    /// The storage index offset of one row down on the grids the trees are made for.
    stride: isize,
    /// Slot `r` holds the tree of radius `r` once asked for.
    trees: Box<[OnceLock<FovTree>]>,
}

impl FovCache {
    /// An empty cache for grids laid out like `grid` (the same bounding box width).
    pub fn for_grid<T>(grid: &Grid<T>) -> FovCache {
        FovCache {
            stride: FovTree::stride_of(grid),
            trees: (0..=MAX_TREE_RADIUS).map(|_| OnceLock::new()).collect(),
        }
    }

    /// The cache kept with `level`, made for its terrain on first use. `None` only when the
    /// level's slot holds something else.
    pub fn of(level: &Level) -> Option<&FovCache> {
        level
            .topology_cache()
            .get_or_init(|| FovCache::for_grid(&level.terrain))
    }

    /// The tree for `radius`, made for this cache's stride and built on first use; `None`
    /// above [`MAX_TREE_RADIUS`].
    pub fn tree(&self, radius: u32) -> Option<&FovTree> {
        let slot = self.trees.get(usize::try_from(radius).ok()?)?;
        Some(slot.get_or_init(|| {
            FovTree::new(radius)
                .unwrap_or_else(|| unreachable!("a slot exists for every radius a tree has"))
                .for_stride(self.stride)
        }))
    }

    /// The storage stride the trees are made for.
    pub fn stride(&self) -> isize {
        self.stride
    }
}

impl fmt::Debug for FovCache {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let built: Vec<usize> = (0..self.trees.len())
            .filter(|&r| self.trees[r].get().is_some())
            .collect();
        f.debug_struct("FovCache")
            .field("stride", &self.stride)
            .field("radii_built", &built)
            .finish()
    }
}
