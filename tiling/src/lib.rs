//! hexdeep-tiling: the tilings of a grid game, without the game.
//!
//! Three tilings share one set of ideas: a tile has coordinates of its own kind ([`geom::Hex`],
//! [`geom::Square`], [`geom::Tri`]), and so do the sides between tiles and the corners where
//! they meet ([`geom::Side`], [`geom::Corner`], cells of the large projection). Each tiling
//! fixes its moves and their kinds, its distances, its lines (two of them, `line⁺` and
//! `line⁻`, for sight that does not depend on which way a line is nudged), its sight measure
//! and how it is drawn on a terminal ([`geom::Projection`]).
//!
//! ```
//! use hexdeep_tiling::geom::{Cell, Hex, Tiling};
//!
//! let a = Hex::new(0, 0);
//! assert_eq!(a.distance(Hex::new(3, -1)), 4);
//! // Two steps straight up the screen: the segment runs along a side, and each line of
//! // sight falls on one side of it.
//! let plus = Tiling::Hex.line(Cell::new(0, 0), Cell::new(-1, -2));
//! let minus = Tiling::Hex.line_minus(Cell::new(0, 0), Cell::new(-1, -2));
//! assert_ne!(plus[1], minus[1]);
//! ```
//!
//! The crate knows nothing of monsters, items, terminals or files. hexdeep, a terminal
//! roguelike, is its first user.

pub mod fov;
pub mod geom;
pub mod grid;
pub mod path;
pub mod system;
pub mod turn;
