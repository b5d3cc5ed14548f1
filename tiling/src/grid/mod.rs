//! Dense storage of values over the tiles of a shape, on any tiling.
//!
//! Storage is the bounding box of the shape's cells with a border of cells that are no tiles
//! around it, so every move and every tile touching a tile is found by adding a fixed index
//! offset ([`Layout::neighbor_offsets`], [`Layout::move_offsets`]); algorithms work on these flat
//! indices. [`SightBits`] is one bit a cell of whether it lets sight through, for the field of
//! view's inner loop.

mod features;
#[allow(clippy::module_inception)]
mod grid;
mod layout;
mod region;
mod shape;
mod sides;
mod sight;
mod space;

pub use features::{CornerFeature, SideFeature};
pub use grid::Grid;
pub use layout::{GridError, Layout, MAX_STORAGE};
pub use region::{Outline, TileSet, flood_fill, outline, regions};
pub use shape::Shape;
pub use sides::Sides;
pub use sight::SightBits;
