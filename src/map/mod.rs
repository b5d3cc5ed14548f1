//! Tile maps: the terrain kinds, the features on the sides between tiles, and levels, over the
//! dense storage of the tiling crate ([`Grid`], re-exported here): the bounding box of a
//! shape with a border of "no tile" around it, so the neighbours of any tile are found by
//! adding fixed index offsets; algorithms work on these flat indices.

mod level;
mod sides;
mod terrain;
mod terrain_grid;

pub use hexdeep_tiling::grid::{Grid, GridError, MAX_STORAGE, Shape, SightBits};
pub use level::{Level, Placement, PlacementKind, TopologyCache};
pub use sides::{CornerFeature, SideFeature, Sides};
pub use terrain::Terrain;
pub use terrain_grid::TerrainGrid;
