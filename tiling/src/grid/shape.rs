//! The shapes a map can take.

use crate::geom::Hex;

/// Which hexes a [`Grid`](super::Grid) holds.
///
/// ```
/// use hexdeep_tiling::grid::Shape;
/// assert_eq!(Shape::Parallelogram { width: 4, height: 3 }.hexes().len(), 12);
/// assert_eq!(Shape::Rectangle { width: 4, height: 3 }.hexes().len(), 12);
/// assert_eq!(Shape::Hexagon { radius: 2 }.hexes().len(), 19);
/// ```
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
    ///
    /// ```
    /// use hexdeep_tiling::geom::Hex;
    /// use hexdeep_tiling::grid::Shape;
    /// // Odd rows are drawn one column right: their first hex moves one step east.
    /// let rect = Shape::Rectangle { width: 3, height: 2 }.hexes();
    /// assert_eq!(rect[..4], [Hex::new(0, 0), Hex::new(1, 0), Hex::new(2, 0), Hex::new(1, 1)]);
    /// assert_eq!(Shape::Mask(vec![Hex::new(1, 0), Hex::new(0, 0)]).hexes(), [Hex::new(0, 0), Hex::new(1, 0)]);
    /// ```
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
