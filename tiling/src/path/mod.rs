//! Paths over a grid: A*, Dijkstra maps, movement range and arrivals, one family of searches
//! on every tiling.
//!
//! Every search works on storage indices of a [`crate::grid::Grid`] and reads one description
//! of how a walker crosses it, a [`Passage`] (no squeezing past a tile that pinches at a
//! corner, no crossing a thin wall, an action to open a closed door on a side); a cost
//! function says what entering a tile costs (`None`: it cannot be entered). Costs are small
//! positive integers; a cost of 0 counts as 1. A search may ask the cost of any storage index
//! next to a tile, tile or not, settled or not (asking costs less than deciding whether to
//! ask), and ignores the answer for non-tiles. Searches use a bucket queue and
//! generation-stamped buffers ([`PathScratch`]); keep one and reuse it across calls.
//!
//! On hexes with nothing on their sides, where no move passes between tiles, the searches
//! take a fast form of their own (`astar.rs`, `dijkstra.rs`) that finds the same costs and
//! paths.

mod astar;
mod bucket;
mod dijkstra;
mod lattice;
mod passage;
mod placement;
mod range;
mod reach;
mod scratch;
mod steps;

#[cfg(test)]
mod reference;

pub use bucket::BucketQueue;
pub use dijkstra::Flow;
pub use passage::Passage;
pub use range::movement_range;
pub use reach::{arrivals, turn_of_action};
pub use scratch::PathScratch;
pub use steps::{NotAStep, TilePath};

/// The cost meaning "not reached".
///
/// ```
/// use hexdeep_tiling::{geom::Cell, grid::{Grid, Shape, Sides}};
/// use hexdeep_tiling::path::{Flow, Passage, PathScratch, UNREACHED};
/// // As a limit it means "no limit": the search reaches the far end of a long row.
/// let grid = Grid::new(&Shape::Parallelogram { width: 50, height: 1 }, ()).unwrap();
/// let (sides, mut scratch) = (Sides::default(), PathScratch::new());
/// let (way, start) = (Passage::new(&grid, &sides, |_| false), grid.index(Cell::new(0, 0)).unwrap());
/// scratch.dijkstra_on(&way, |_| Some(1), &[start], UNREACHED, |_, _| Flow::Continue);
/// assert_eq!(scratch.distance(grid.index(Cell::new(49, 0)).unwrap()), Some(49));
/// ```
pub const UNREACHED: u32 = u32::MAX;
