//! Grid systems: grids joined by seams into one space that neighbours, lines, field of view
//! and searches go through (ARCHITECTURE.md, "Grid systems"). Here: the wraparound grid, one
//! rectangle glued to itself along its opposite edges.

mod wrap;

pub use wrap::{Wrap, WrapError};
