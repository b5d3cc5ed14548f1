//! The shapes a map can take.

use crate::geom::Hex;

/// Which hexes a [`Grid`](super::Grid) holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Shape {
    /// `0 <= x < width`, `0 <= y < height`: slanted on screen.
    Parallelogram {
        /// Tiles per row.
        width: u32,
        /// Rows.
        height: u32,
    },
    /// A rectangle on screen: `width` tiles in each of `height` rows, odd rows drawn one
    /// column right of even rows (the guide's "rectangular map" of pointy hexes).
    Rectangle {
        /// Tiles per row.
        width: u32,
        /// Rows.
        height: u32,
    },
    /// Every hex within `radius` steps of the origin.
    Hexagon {
        /// Steps from the centre to the edge.
        radius: u32,
    },
    /// Exactly these hexes.
    Mask(Vec<Hex>),
}

impl Shape {
    /// The hexes of this shape, in reading order of the screen (row, then column).
    pub fn hexes(&self) -> Vec<Hex> {
        let mut out: Vec<Hex> = match self {
            Shape::Parallelogram { width, height } => (0..*height as i32)
                .flat_map(|y| (0..*width as i32).map(move |x| Hex::new(x, y)))
                .collect(),
            Shape::Rectangle { width, height } => (0..*height as i32)
                .flat_map(|y| {
                    let first = (y + 1).div_euclid(2);
                    (first..first + *width as i32).map(move |x| Hex::new(x, y))
                })
                .collect(),
            Shape::Hexagon { radius } => Hex::ORIGIN.range(*radius).collect(),
            Shape::Mask(hexes) => hexes.clone(),
        };
        out.sort_by_key(|h| (h.y, h.x));
        out.dedup();
        out
    }
}
