//! Field of view by line drawing: two rules (ARCHITECTURE.md, "Field of view").
//!
//! 1. A tile `T` within the sight radius is visible from `P` when no tile strictly between
//!    them blocks sight on one of their two lines, `line⁺` ([`crate::geom::Tiling::line`])
//!    or `line⁻` ([`crate::geom::Tiling::line_minus`]); the blocking tile at the end of a
//!    clear line is itself visible.
//! 2. A tile within the radius that blocks sight is visible when one of its neighbours (by
//!    side or corner) is visible by rule 1, does not block sight, and is no farther from `P`
//!    than it is. So the walls around what you see show, all along a corridor and all around
//!    a room, and nothing behind them does.
//!
//! Positions outside the map block sight and are never visible. Between tiles that do not
//! block sight, sight is symmetric, and a map and its mirror image see alike.
//!
//! [`FovTree`] is the fast form on hexes: the lines from the origin to every offset within a
//! radius, precomputed once as a shared-prefix tree and walked with pruning at the first
//! blocker over a grid's sight bits ([`crate::grid::SightBits`]), the second rule a pass of
//! shifted rows. [`LatticeTree`] is the same idea on every tiling, for maps with features on
//! the sides between tiles and radii beyond [`FovTree::MAX_RADIUS`]. [`visible_by_lines`] is
//! the plain definition, for radii beyond [`MAX_TREE_RADIUS`] and as the oracle of the tests.
//!
//! ```
//! use hexdeep_tiling::fov::{FovTree, visible_by_lines};
//! use hexdeep_tiling::geom::Cell;
//! use hexdeep_tiling::grid::{Grid, Shape, SightBits};
//!
//! // A room of floor with one pillar; `true` blocks sight.
//! let mut grid = Grid::new(&Shape::Parallelogram { width: 9, height: 9 }, false).unwrap();
//! grid.set(Cell::new(5, 4), true);
//! let sight = SightBits::of(&grid, |i| grid[i]);
//! let viewer = grid.index(Cell::new(2, 4)).unwrap();
//! let mut seen = Vec::new();
//! FovTree::new(8).unwrap().compute(&sight, viewer, &mut seen);
//! assert_eq!(seen, visible_by_lines(&grid, |i| grid[i], Cell::new(2, 4), 8));
//! // The pillar shows; the tile right behind it does not.
//! assert!(seen.contains(&grid.index(Cell::new(5, 4)).unwrap()));
//! assert!(!seen.contains(&grid.index(Cell::new(7, 4)).unwrap()));
//! ```

mod lattice;
mod lines;
mod rim;
mod tree;

#[cfg(test)]
mod test_maps;

pub use lattice::LatticeTree;
pub use lines::{visible_by_lines, visible_by_lines_across};
pub use tree::FovTree;

/// The largest radius a tree of lines is built for (on hexes a [`LatticeTree`] beyond
/// [`FovTree::MAX_RADIUS`]); beyond it the lines are drawn one by one.
///
/// ```
/// use hexdeep_tiling::fov::{LatticeTree, MAX_TREE_RADIUS};
/// use hexdeep_tiling::geom::Tiling;
/// assert!(LatticeTree::new(Tiling::Square, MAX_TREE_RADIUS, 0).is_some());
/// assert!(LatticeTree::new(Tiling::Square, MAX_TREE_RADIUS + 1, 0).is_none());
/// ```
pub const MAX_TREE_RADIUS: u32 = 64;
