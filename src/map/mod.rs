//! Tile maps: the terrain kinds, the features on the sides between tiles, and levels, over the
//! dense storage of the tiling crate ([`Grid`], re-exported here): the bounding box of a
//! shape with a border of "no tile" around it, so the neighbours of any tile are found by
//! adding fixed index offsets; algorithms work on these flat indices.

mod level;
#[cfg(test)]
mod sides_tests;
mod terrain;
mod terrain_grid;

pub use hexdeep_tiling::grid::{
    CornerFeature, Grid, GridError, Layout, MAX_STORAGE, Shape, SideFeature, Sides, SightBits,
};
pub use level::{Level, Placement, PlacementKind, TopologyCache};
pub use terrain::Terrain;
pub use terrain_grid::TerrainGrid;
