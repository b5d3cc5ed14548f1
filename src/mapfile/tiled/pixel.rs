//! Tiled's layouts: the staggered hex layout (tile offsets to axial hexes) and the orthogonal
//! one (tile `(column, row)` is square `(column, row)`), and pixels to tiles.

use crate::geom::{Cell, Hex};

/// How a Tiled map lays out its tiles.
#[derive(Copy, Clone, Debug)]
pub enum Placing {
    /// `orientation="hexagonal"`.
    Hex(Layout),
    /// `orientation="orthogonal"`: tiles of this width and height in pixels, read as squares.
    Square {
        /// Tile width in pixels.
        width: f64,
        /// Tile height in pixels.
        height: f64,
    },
}

impl Placing {
    /// The storage cell of tile column `col`, row `row` (`None` beyond the coordinate limit):
    /// the axial hex, or the square `(col, row)`.
    pub fn to_cell(self, col: i64, row: i64) -> Option<Cell> {
        match self {
            Placing::Hex(layout) => layout.to_hex(col, row).map(Cell::from),
            Placing::Square { .. } => {
                let c = Cell::new(i32::try_from(col).ok()?, i32::try_from(row).ok()?);
                c.in_limits().then_some(c)
            }
        }
    }

    /// The tile under a pixel (`None` for a degenerate layout or a pixel far out of range).
    pub fn tile_at(self, px: f64, py: f64) -> Option<(i64, i64)> {
        match self {
            Placing::Hex(layout) => layout.tile_at(px, py),
            Placing::Square { width, height } => {
                if !(width > 0.0 && height > 0.0 && px.is_finite() && py.is_finite()) {
                    return None;
                }
                let limit = f64::from(crate::geom::COORD_LIMIT) * 4.0;
                let (col, row) = ((px / width).floor(), (py / height).floor());
                (col.abs() <= limit && row.abs() <= limit).then_some((col as i64, row as i64))
            }
        }
    }
}

/// The layout of a hexagonal Tiled map.
#[derive(Copy, Clone, Debug)]
pub struct Layout {
    /// `staggeraxis="x"` (flat-top columns) rather than `y`.
    pub axis_x: bool,
    /// `staggerindex="odd"` rather than `even`.
    pub odd: bool,
    /// Tile width in pixels.
    pub width: f64,
    /// Tile height in pixels.
    pub height: f64,
    /// `hexsidelength` in pixels.
    pub side: f64,
}

impl Layout {
    /// The half-step shift of stagger coordinate `s`: `ceil(s/2)` for odd, `floor(s/2)` for
    /// even, by Euclidean division so negative chunks work.
    fn shift(self, s: i64) -> i64 {
        if self.odd {
            (s + 1).div_euclid(2)
        } else {
            s.div_euclid(2)
        }
    }

    /// Whether row (or column) `s` is the shifted one.
    fn staggered(self, s: i64) -> bool {
        (s.rem_euclid(2) == 1) == self.odd
    }

    /// The axial hex of tile column `col`, row `row` (`None` beyond the coordinate limit).
    pub fn to_hex(self, col: i64, row: i64) -> Option<Hex> {
        let (x, y) = if self.axis_x {
            (col, row + self.shift(col))
        } else {
            (col + self.shift(row), row)
        };
        let h = Hex::new(i32::try_from(x).ok()?, i32::try_from(y).ok()?);
        h.in_limits().then_some(h)
    }

    /// The pixel centre of a tile.
    fn centre(self, col: i64, row: i64) -> (f64, f64) {
        let (w, h) = (self.width, self.height);
        if self.axis_x {
            let step = f64::midpoint(w, self.side);
            let dy = if self.staggered(col) { h / 2.0 } else { 0.0 };
            (col as f64 * step + w / 2.0, row as f64 * h + dy + h / 2.0)
        } else {
            let step = f64::midpoint(h, self.side);
            let dx = if self.staggered(row) { w / 2.0 } else { 0.0 };
            (col as f64 * w + dx + w / 2.0, row as f64 * step + h / 2.0)
        }
    }

    /// The tile whose centre is nearest a pixel (`None` for a degenerate layout or a pixel
    /// far out of range).
    pub fn tile_at(self, px: f64, py: f64) -> Option<(i64, i64)> {
        let (w, h) = (self.width, self.height);
        if !(w > 0.0 && h > 0.0 && px.is_finite() && py.is_finite()) {
            return None;
        }
        let (cw, rh) = if self.axis_x {
            (f64::midpoint(w, self.side), h)
        } else {
            (w, f64::midpoint(h, self.side))
        };
        let limit = f64::from(crate::geom::COORD_LIMIT) * 4.0;
        let (gc, gr) = ((px / cw).floor(), (py / rh).floor());
        if gc.abs() > limit || gr.abs() > limit {
            return None;
        }
        let (gc, gr) = (gc as i64, gr as i64);
        let mut best: Option<((i64, i64), f64)> = None;
        for col in gc - 2..=gc + 2 {
            for row in gr - 2..=gr + 2 {
                let (cx, cy) = self.centre(col, row);
                let d = (cx - px).powi(2) + (cy - py).powi(2);
                if best.is_none_or(|(_, b)| d < b) {
                    best = Some(((col, row), d));
                }
            }
        }
        best.map(|(t, _)| t)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn layout(axis_x: bool, odd: bool) -> Layout {
        Layout {
            axis_x,
            odd,
            width: 32.0,
            height: 32.0,
            side: 16.0,
        }
    }

    #[test]
    fn offsets_follow_the_formula() {
        let l = layout(false, true);
        assert_eq!(l.to_hex(0, 1), Some(Hex::new(1, 1)));
        assert_eq!(l.to_hex(0, -1), Some(Hex::new(0, -1)));
        let e = layout(false, false);
        assert_eq!(e.to_hex(0, 1), Some(Hex::new(0, 1)));
        assert_eq!(e.to_hex(0, -1), Some(Hex::new(-1, -1)));
        assert_eq!(layout(true, true).to_hex(3, 0), Some(Hex::new(3, 2)));
    }

    #[test]
    fn neighbouring_tiles_are_neighbouring_hexes() {
        // In a staggered layout a tile's six touching tiles are its hex neighbours.
        for axis_x in [false, true] {
            for odd in [false, true] {
                let l = layout(axis_x, odd);
                for col in -3..3 {
                    for row in -3..3 {
                        let (cx, cy) = l.centre(col, row);
                        let here = l.to_hex(col, row).unwrap();
                        let mut near = 0;
                        for c in col - 2..=col + 2 {
                            for r in row - 2..=row + 2 {
                                let (x, y) = l.centre(c, r);
                                let d = ((x - cx).powi(2) + (y - cy).powi(2)).sqrt();
                                if (c, r) != (col, row) && d < 33.0 {
                                    near += 1;
                                    assert!(here.is_adjacent(l.to_hex(c, r).unwrap()));
                                }
                            }
                        }
                        assert_eq!(near, 6, "{axis_x} {odd} {col} {row}");
                        assert_eq!(l.tile_at(cx + 3.0, cy - 2.0), Some((col, row)));
                    }
                }
            }
        }
    }
}
