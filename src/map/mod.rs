//! Tile maps: dense storage over any hex shape, the terrain kinds, and levels.
//!
//! Storage is the axial bounding box of the shape with a one-tile border of "no tile" around
//! it, so the six neighbours of any tile are found by adding fixed index offsets
//! ([`Grid::neighbor_offsets`]); algorithms work on these flat indices.

mod grid;
mod level;
mod shape;
mod sides;
mod sight;
mod space;
mod terrain;
mod terrain_grid;

pub use grid::{Grid, GridError, MAX_STORAGE};
pub use level::{Level, Placement, PlacementKind, TopologyCache};
pub use shape::Shape;
pub use sides::{CornerFeature, SideFeature, Sides};
pub use sight::SightBits;
pub use terrain::Terrain;
pub use terrain_grid::TerrainGrid;
