//! Rings, spirals and ranges around a hex.

use super::{Direction, Hex};

impl Hex {
    /// The hexes at exactly `radius` steps, `6·radius` of them (the centre alone for 0),
    /// starting from the one `radius` steps to the SW and going around counter-clockwise.
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
    pub fn spiral(self, radius: u32) -> Vec<Hex> {
        let mut out = Vec::with_capacity(spiral_len(radius));
        for r in 0..=radius {
            out.extend(self.ring(r));
        }
        out
    }

    /// Every hex within `radius` steps, row by row, without allocating.
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
