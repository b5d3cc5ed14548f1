//! hexdeep: a terminal roguelike on a hex grid, drawn as cabinet-projection ASCII, where the
//! player and the monsters act simultaneously.
//!
//! The core (`geom`, `map`, `fov`, `path`, `mapgen`, `sim`) is pure: no terminal, no files, no
//! clock, no unseeded randomness. The shells (`ui`, `mapfile`'s tools) sit around it.
//!
//! ```
//! use hexdeep::geom::{Compass, Cell};
//! use hexdeep::map::{Grid, Level, Shape, Terrain};
//! use hexdeep::sim::{Command, World};
//!
//! let grid = Grid::new(&Shape::Hexagon { radius: 3 }, Terrain::Floor).unwrap();
//! let mut world = World::new(hexdeep::content::Content::bundled().unwrap().into(), Level::new("a clearing", 1, grid), 7).unwrap();
//! let start = world.player().pos;
//! world.apply(Command::Move(Compass::E)).unwrap();
//! assert_eq!(world.player().pos, start.offset(1, 0));
//! ```

pub mod bot;
pub mod botcli;
pub mod content;
pub mod files;
pub mod fnv;
pub mod fov;
pub mod geom;
pub mod map;
pub mod mapfile;
pub mod mapgen;
pub mod net;
pub mod output;
pub mod path;
pub mod persist;
pub mod rng;
pub mod sim;
pub mod text;
pub mod ui;
