//! Rings, spirals and ranges around a hex.

use super::{Direction, Hex};

impl Hex {
    /// The hexes at exactly `radius` steps, `6·radius` of them (the centre alone for 0),
    /// starting from the one `radius` steps to the SW and going around counter-clockwise.
    ///
    /// ```
    /// use hexdeep_tiling::geom::Hex;
    /// let ring = Hex::ORIGIN.ring(2);
    /// assert_eq!(ring.len(), 12);
    /// assert_eq!(ring[0], Hex::new(0, 2));
    /// assert!(ring.iter().all(|h| h.length() == 2));
    /// ```
    pub fn ring(self, radius: u32) -> Vec<Hex> {
        if radius == 0 {
            return vec![self];
        }
        let r = radius as i32;
        let mut out = Vec::with_capacity(6 * radius as usize);
        let mut hex = self + Direction::SW.offset() * r;
        // From SW, walking the six sides: E, NE, NW, W, SW, SE keeps the centre on the left.
        for dir in Direction::ALL {
            for _ in 0..radius {
                out.push(hex);
                hex = hex.neighbor(dir);
            }
        }
        out
    }

    /// The centre, then every ring out to `radius`: `3·r·(r + 1) + 1` distinct hexes.
    ///
    /// ```
    /// use hexdeep_tiling::geom::Hex;
    /// let s = Hex::new(5, 5).spiral(2);
    /// assert_eq!(s.len(), 19);
    /// assert_eq!(s[0], Hex::new(5, 5));
    /// ```
    pub fn spiral(self, radius: u32) -> Vec<Hex> {
        let mut out = Vec::with_capacity(spiral_len(radius));
        for r in 0..=radius {
            out.extend(self.ring(r));
        }
        out
    }

    /// Every hex within `radius` steps, row by row, without allocating.
    ///
    /// ```
    /// use hexdeep_tiling::geom::Hex;
    /// assert_eq!(Hex::ORIGIN.range(1).count(), 7);
    /// assert!(Hex::new(3, 0).range(2).all(|h| h.distance(Hex::new(3, 0)) <= 2));
    /// ```
    pub fn range(self, radius: u32) -> impl Iterator<Item = Hex> {
        let r = radius as i32;
        let centre = self;
        (-r..=r).flat_map(move |dy| {
            let lo = (-r).max(dy - r);
            let hi = r.min(dy + r);
            (lo..=hi).map(move |dx| centre + Hex::new(dx, dy))
        })
    }
}

/// The number of hexes within `radius` steps: `3·r·(r + 1) + 1`.
pub const fn spiral_len(radius: u32) -> usize {
    let r = radius as usize;
    3 * r * (r + 1) + 1
}
