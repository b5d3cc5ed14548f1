//! How a tiling is laid out on a grid of characters: the screen, and a map file (which is the
//! screen with its column offset at 0).
//!
//! Each tiling has its own projection type beside the others: hexes in the cabinet projection
//! ([`Cabinet`](super::Cabinet)), squares at column `2x`, row `y`
//! ([`SquareProjection`](super::SquareProjection)), triangles at column `2x + y + s`
//! ([`TriProjection`](super::TriProjection)). The drawings of whole maps, tiles with their sides
//! and corners, compact or large, on every tiling, are [`Drawing`](super::Drawing)s.

/// A projection of tiles onto character cells `(column, row)`.
///
/// The law every projection keeps: a tile's cell gives the tile back, and a cell that gives a
/// tile is that tile's cell. Other cells (between tiles) give no tile.
///
/// ```
/// use hexdeep_tiling::geom::{Projection, Square, SquareProjection};
/// let tiles = [Square::new(-2, 0), Square::new(3, 1)];
/// let p = SquareProjection::fitting(tiles);
/// assert_eq!(p.to_screen(Square::new(-2, 0)), (0, 0));
/// assert_eq!(p.tile_at(10, 1), Some(Square::new(3, 1)));
/// ```
pub trait Projection: Copy {
    /// The tiles this projection draws.
    type Tile: Copy;

    /// The cell `(column, row)` a tile is drawn at.
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Projection, Square, SquareProjection};
    /// assert_eq!(SquareProjection::new(0).to_screen(Square::new(2, 3)), (4, 3));
    /// ```
    fn to_screen(self, tile: Self::Tile) -> (i32, i32);

    /// The tile drawn at a cell, or `None` for a cell between tiles.
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Projection, SquareProjection};
    /// assert!(SquareProjection::new(0).tile_at(3, 0).is_none());
    /// ```
    fn tile_at(self, col: i32, row: i32) -> Option<Self::Tile>;

    /// The projection that draws the leftmost of `tiles` at column 0: the offset a map of
    /// this shape is drawn with.
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Projection, Square, SquareProjection};
    /// let p = SquareProjection::fitting([Square::new(-2, 0), Square::new(1, 4)]);
    /// assert_eq!(p, SquareProjection::new(4));
    /// ```
    fn fitting(tiles: impl IntoIterator<Item = Self::Tile>) -> Self;
}
