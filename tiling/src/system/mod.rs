//! Grid systems: grids joined by seams into one space that neighbours, lines, field of view
//! and searches go through (ARCHITECTURE.md, "Grid systems"): the wraparound grid, one
//! rectangle glued to itself along its opposite edges, and hex grids joined by seams and
//! portals with a turn.

mod joined;
mod wrap;

pub use joined::{JoinError, Joined, Place, Seam};
pub use wrap::{Wrap, WrapError};
