//! The second rule of field of view over the rows a tree walk marked, and the read-out of the
//! visible tiles in storage order.
//!
//! A tile that blocks sight is visible when one of its neighbours is visible by the first rule,
//! does not block sight, and is no farther from the viewer than it is. Seen from the open
//! neighbour `N`: it reveals `N + d` for each direction `d` in which that tile is within the
//! radius and no nearer to the viewer than `N`. [`Rim`] keeps, for each row of offsets and
//! direction, the offsets that may reveal that way; the rule is then six masked shifts of the
//! open rows, and the walls among the candidates are read from the map's sight bits sixty-four
//! cells at a time.

use crate::geom::{Direction, Hex};
use crate::grid::SightBits;

/// For each row of offsets and each direction, the offsets that may reveal their neighbour
/// that way (bit `dx + R` of row `dy + R`).
#[derive(Clone, Debug)]
pub(super) struct Rim {
    radius: usize,
    /// Row `j`'s masks by direction index at `masks[j + 1]`, with a clear row before the first
    /// and after the last.
    masks: Vec<[u64; 6]>,
}

impl Rim {
    /// The table for `radius` (at most 31).
    pub fn new(radius: u32) -> Rim {
        let r = radius as i32;
        let mut masks = vec![[0u64; 6]; 2 * radius as usize + 3];
        for d in Direction::ALL {
            let o = d.offset();
            for n in Hex::ORIGIN.range(radius) {
                let t = n + o;
                if t.length() <= r && t.length() >= n.length() {
                    masks[(n.y + r) as usize + 1][d.index()] |= 1 << (n.x + r);
                }
            }
        }
        Rim {
            radius: radius as usize,
            masks,
        }
    }

    /// How many rows of offsets there are: `2 · radius + 1`.
    pub fn rows(&self) -> usize {
        2 * self.radius + 1
    }

    /// Whether the offset `at` may reveal its neighbour in direction `d`.
    #[cfg(test)]
    pub fn may_reveal(&self, at: Hex, d: Direction) -> bool {
        let r = self.radius as i32;
        let row = (at.y + r) as usize + 1;
        (self.masks[row][d.index()] >> (at.x + r)) & 1 != 0
    }

    /// The second rule over a finished first-rule walk from the viewer at storage index
    /// `origin`, then the visible tiles in ascending storage order, a row at a time: `row`
    /// is given a storage index and the bits of the visible tiles from it on (bit `b` is the
    /// tile at the index plus `b`).
    ///
    /// `open` and `shut` hold a row of offsets a word (bit `dx + R` of word `dy + R`): the
    /// offsets the walk reached that let sight through, and those that do not (walls, and
    /// cells that are no tiles). A row is final once its own candidates are settled, so each
    /// is read out as soon as it is done.
    pub fn reveal(
        &self,
        open: &[u64],
        shut: &[u64],
        sight: &SightBits,
        origin: usize,
        mut row: impl FnMut(usize, u64),
    ) {
        let (r, rows) = (self.radius, self.rows());
        let (open, shut) = (&open[..rows], &shut[..rows]);
        // Rows further than one from those reached have no candidate.
        let reached = |j: usize| open[j] | shut[j] != 0;
        let first = (0..r).find(|&j| reached(j)).unwrap_or(r);
        let last = (r..rows).rev().find(|&j| reached(j)).unwrap_or(r);
        let (from, to) = (first.saturating_sub(1), (last + 2).min(rows));
        // The storage index of row `from`'s offset `dx = −R`; a row down adds the stride.
        let stride = sight.stride();
        let mut start =
            (origin as isize).wrapping_add((from as isize - r as isize) * stride - r as isize);
        // The visible tiles of row `j` that let sight through, the viewer's own tile among
        // them whatever it is.
        let open_in = |j: usize| match open.get(j) {
            Some(&o) if j == r => o | 1 << r,
            Some(&o) => o,
            None => 0,
        };
        // `Direction::ALL` is E, NE, NW, W, SW, SE.
        let [e, ne, nw, w, sw, se] = Direction::ALL.map(Direction::index);
        let mut above = from.checked_sub(1).map_or(0, open_in);
        let mut here = open_in(from);
        for (i, &walls_reached) in (from..to).zip(&shut[from..to]) {
            let below = open_in(i + 1);
            let Some([up, own, down]) = self.masks.get(i..i + 3) else {
                break;
            };
            let near = ((here & own[e]) << 1)
                | ((here & own[w]) >> 1)
                | (above & up[sw])
                | ((above & up[se]) << 1)
                | (below & down[ne])
                | ((below & down[nw]) >> 1);
            let walls = sight.wall_run(start);
            row(start as usize, here | ((walls_reached | near) & walls));
            start = start.wrapping_add(stride);
            (above, here) = (here, below);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_offset_reveals_only_neighbours_no_nearer_and_within_the_radius() {
        let radius = 3;
        let rim = Rim::new(radius);
        let count = |at: Hex| {
            Direction::ALL
                .iter()
                .filter(|&&d| rim.may_reveal(at, d))
                .count()
        };
        for at in Hex::ORIGIN.range(radius) {
            for d in Direction::ALL {
                let n = at + d.offset();
                let want = n.length() >= at.length() && n.length() <= radius as i32;
                assert_eq!(rim.may_reveal(at, d), want, "{at} toward {d:?}");
            }
        }
        // An edge tile reveals its two neighbours on its own ring and two beyond; a corner
        // two on its ring and three beyond; on the last ring only those on the ring.
        assert_eq!(count(Hex::new(1, 0)), 5);
        assert_eq!(count(Hex::new(2, 1)), 4);
        assert_eq!(count(Hex::new(3, 0)), 2);
        assert_eq!(count(Hex::ORIGIN), 6);
        assert_eq!((Rim::new(0).rows(), Rim::new(31).rows()), (1, 63));
    }
}
