//! The tilings' coordinates and geometry, from the `hexdeep-tiling` crate: the game uses them
//! as they are.

pub use hexdeep_tiling::geom::*;
