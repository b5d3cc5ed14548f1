//! hexdeep: a terminal roguelike on a hex grid, drawn as cabinet-projection ASCII, where the
//! player and the monsters act simultaneously.
//!
//! The core (`geom`, `map`, `fov`, `path`, `mapgen`, `sim`) is pure: no terminal, no files, no
//! clock, no unseeded randomness. The shells (`ui`, `mapfile`'s tools) sit around it.

pub mod fov;
pub mod geom;
pub mod map;
pub mod mapfile;
pub mod mapgen;
pub mod output;
pub mod path;
pub mod rng;
pub mod sim;
pub mod ui;
