//! The line trees of one tiling, by radius, kept with the level that uses them.
//!
//! A tree is built the first time a radius is asked for and then read without a lock: each
//! radius has its own [`OnceLock`]. The cache lives in the level's
//! [`TopologyCache`](crate::map::TopologyCache), so clones of a level share it and two games
//! never do.

use super::{FovTree, LatticeTree, MAX_TREE_RADIUS};
use crate::geom::Tiling;
use crate::map::{Grid, Level};
use std::fmt;
use std::sync::OnceLock;

/// The trees for grids of one tiling and storage stride ([`FovTree::for_grid`]), by radius:
/// hex trees on hexes up to [`FovTree::MAX_RADIUS`], [`LatticeTree`]s (one per class of
/// viewer) on the other tilings, beyond that radius and for levels with sides.
pub struct FovCache {
    /// The tiling of the grids the trees are made for.
    tiling: Tiling,
    /// The storage index offset of one row down on the grids the hex trees are made for.
    stride: isize,
    /// Slot `r` holds the tree of radius `r` once asked for.
    trees: Box<[OnceLock<FovTree>]>,
    /// Slot `r` holds the trees of radius `r` for each class of viewer, off hexes.
    lattice: Box<[[OnceLock<LatticeTree>; 2]]>,
}

impl FovCache {
    /// An empty cache for grids laid out like `grid` (the same tiling and bounding box
    /// width).
    pub fn for_grid<T>(grid: &Grid<T>) -> FovCache {
        FovCache {
            tiling: grid.tiling(),
            stride: grid.offset_of(0, 1),
            trees: (0..=FovTree::MAX_RADIUS).map(|_| OnceLock::new()).collect(),
            lattice: (0..=MAX_TREE_RADIUS).map(|_| Default::default()).collect(),
        }
    }

    /// The cache kept with `level`, made for its terrain on first use. `None` only when the
    /// level's slot holds something else.
    pub fn of(level: &Level) -> Option<&FovCache> {
        level
            .topology_cache()
            .get_or_init(|| FovCache::for_grid(&level.terrain))
    }

    /// The hex tree for `radius`, made for this cache's stride and built on first use; `None`
    /// above [`FovTree::MAX_RADIUS`] and off hexes.
    pub fn tree(&self, radius: u32) -> Option<&FovTree> {
        if self.tiling != Tiling::Hex {
            return None;
        }
        let slot = self.trees.get(usize::try_from(radius).ok()?)?;
        Some(slot.get_or_init(|| {
            FovTree::new(radius)
                .unwrap_or_else(|| unreachable!("a slot exists for every radius a tree has"))
                .for_stride(self.stride)
        }))
    }

    /// The tree of the cache's tiling for `radius` and viewers of class `class`, built on
    /// first use; `None` above [`MAX_TREE_RADIUS`] or for a class the tiling lacks.
    pub fn lattice_tree(&self, radius: u32, class: usize) -> Option<&LatticeTree> {
        let slot = self
            .lattice
            .get(usize::try_from(radius).ok()?)?
            .get(class)?;
        if class >= self.tiling.classes() {
            return None;
        }
        Some(slot.get_or_init(|| {
            LatticeTree::new(self.tiling, radius, class)
                .unwrap_or_else(|| unreachable!("a slot exists for every radius and class"))
        }))
    }

    /// The tiling the trees are made for.
    pub fn tiling(&self) -> Tiling {
        self.tiling
    }
}

impl fmt::Debug for FovCache {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let built: Vec<usize> = (0..self.lattice.len())
            .filter(|&r| {
                let tree = self.trees.get(r).is_some_and(|t| t.get().is_some());
                tree || self.lattice[r].iter().any(|t| t.get().is_some())
            })
            .collect();
        f.debug_struct("FovCache")
            .field("tiling", &self.tiling)
            .field("stride", &self.stride)
            .field("radii_built", &built)
            .finish()
    }
}
