//! The second rule of field of view, as shifted bit sets: which walls the visible open tiles
//! reveal.
//!
//! A tile that blocks sight is visible when one of its neighbours is visible by the first rule,
//! does not block sight, and is no farther from the viewer than it is. Seen from the open
//! neighbour `N`: it reveals `N + d` for each direction `d` in which that tile is within the
//! radius and no nearer to the viewer than `N`. [`Rim`] keeps, for each direction, the set of
//! offsets that may reveal that way; the rule is then six shifted ORs of the open tiles over
//! the rows in view ([`Layout`]), and one blocking test for each candidate neither seen yet
//! nor read by the first rule's walk on its way to other tiles.

use super::marks::{Layout, each_tile, mark, shifted_word};
use crate::geom::{Direction, Hex};

/// The most rows a layout of one word a row has (radius 31).
const MAX_ONE_WORD_ROWS: usize = 63;

/// For each direction: how far a bit moves in the layout, and the offsets that may reveal
/// their neighbour that way.
#[derive(Clone, Debug)]
pub(super) struct Rim {
    steps: [(i64, Vec<u64>); 6],
    /// For layouts of one word a row: row `j`'s words of `steps`, by direction index, at
    /// `rows[j + 1]`, with a clear row before the first and after the last.
    rows: Vec<[u64; 6]>,
}

impl Rim {
    /// The table for `layout`'s radius.
    pub fn new(layout: &Layout) -> Rim {
        let radius = layout.radius;
        let steps = Direction::ALL.map(|d| {
            let o = d.offset();
            let mut may = vec![0u64; layout.words];
            for n in Hex::ORIGIN.range(radius as u32) {
                let t = n + o;
                if t.length() <= radius && t.length() >= n.length() {
                    mark(&mut may, layout.bit(n.x, n.y) as usize);
                }
            }
            (i64::from(o.y) * layout.row_bits() + i64::from(o.x), may)
        });
        let rows = if layout.row_words == 1 {
            let inside = (0..layout.words).map(|j| std::array::from_fn(|d| steps[d].1[j]));
            std::iter::once([0; 6])
                .chain(inside)
                .chain(std::iter::once([0; 6]))
                .collect()
        } else {
            Vec::new()
        };
        Rim { steps, rows }
    }

    /// Whether the offset at `bit` may reveal its neighbour in direction `d`.
    #[cfg(test)]
    pub fn may_reveal(&self, bit: usize, d: Direction) -> bool {
        super::marks::is_marked(&self.steps[d.index()].1, bit)
    }

    /// The second rule over a finished first-rule walk, for layouts of one word a row
    /// ([`Layout::row_words`] 1), then the visible tiles in ascending storage order, each
    /// given to `visit`: every tile that blocks sight next to a visible one that does not, and
    /// no nearer to the viewer, is added to `walk.seen`. Row `i`'s candidates come from the
    /// open visible tiles of rows `i − 1`, `i` and `i + 1`, each computed whole, and row `i`
    /// is final once its own candidates are settled.
    pub fn reveal_rows<F, B>(&self, walk: Walk, sight: &Sight<F, B>, mut visit: impl FnMut(usize))
    where
        F: Fn(usize) -> usize,
        B: Fn(usize) -> bool,
    {
        let Walk {
            seen,
            shut,
            read_open,
            read_shut,
        } = walk;
        let words = seen.len().min(MAX_ONE_WORD_ROWS);
        // Bit `j`: row `j` has a visible tile. Rows further than one from those have no
        // candidate.
        let rows_seen = seen[..words]
            .iter()
            .enumerate()
            .fold(0u64, |m, (j, &s)| m | (u64::from(s != 0) << j));
        if rows_seen == 0 {
            return;
        }
        let first = rows_seen.trailing_zeros() as usize;
        let last = 63 - rows_seen.leading_zeros() as usize;
        let (from, to) = (first.saturating_sub(1), (last + 2).min(words));
        // `Direction::ALL` is E, NE, NW, W, SW, SE.
        let [e, ne, nw, w, sw, se] = Direction::ALL.map(Direction::index);
        // The open visible tiles of rows `i − 1` and `i`, taken before row `i − 1` gained its
        // walls.
        let open = |seen: &[u64], j: usize| seen[j] & !shut[j];
        let mut above = if from == 0 { 0 } else { open(seen, from - 1) };
        let mut here = open(seen, from);
        let mut base = (sight.row_cell)(from);
        for i in from..to {
            let below = if i + 1 < words { open(seen, i + 1) } else { 0 };
            let (may_above, may, may_below) = (&self.rows[i], &self.rows[i + 1], &self.rows[i + 2]);
            let near = ((here & may[e]) << 1)
                | ((here & may[w]) >> 1)
                | (above & may_above[sw])
                | ((above & may_above[se]) << 1)
                | (below & may_below[ne])
                | ((below & may_below[nw]) >> 1);
            // The walk read some candidates already: those need no test.
            let fresh = near & !seen[i] & !read_open[i];
            let walls = (fresh & read_shut[i]) | sight.walls_among(fresh & !read_shut[i], base);
            seen[i] |= walls;
            each_tile(base, seen[i], &mut visit);
            base = base.wrapping_add_signed(sight.stride);
            (above, here) = (here, below);
        }
    }

    /// The second rule over a finished first-rule walk, for layouts of several words a row:
    /// marks in `walk.seen` every tile that blocks sight next to a visible one that does not,
    /// and no nearer to the viewer. `walk.shut` is left holding the open visible tiles.
    pub fn reveal<F, B>(&self, layout: &Layout, walk: Walk, sight: &Sight<F, B>)
    where
        F: Fn(usize) -> usize,
        B: Fn(usize) -> bool,
    {
        let Walk {
            seen,
            shut,
            read_open,
            read_shut,
        } = walk;
        // The visible tiles that do not block, in place of those that do.
        for (o, s) in shut.iter_mut().zip(seen.iter()) {
            *o = s & !*o;
        }
        let open: &[u64] = shut;
        let Some(lo) = open.iter().position(|&w| w != 0) else {
            return;
        };
        let hi = open.len() - open.iter().rev().position(|&w| w != 0).unwrap_or(0);
        // A step moves a bit by at most one row and one bit.
        let reach = layout.row_words + 1;
        let from = lo.saturating_sub(reach);
        let to = (hi + reach).min(layout.words);
        for i in from..to {
            let mut candidates = 0;
            for (by, may) in &self.steps {
                let source = |j: i64| {
                    usize::try_from(j)
                        .ok()
                        .filter(|j| (lo..hi).contains(j))
                        .map_or(0, |j| open[j] & may[j])
                };
                candidates |= shifted_word(source, *by, i);
            }
            let fresh = candidates & !seen[i] & !read_open[i];
            let unknown = fresh & !read_shut[i];
            seen[i] |= (fresh & read_shut[i]) | sight.walls_among(unknown, (sight.row_cell)(i));
        }
    }
}

/// What the first rule's walk marked, one slice per set, each as long as the layout.
pub(super) struct Walk<'a> {
    /// The tiles seen along clear lines; the second rule adds the walls it reveals.
    pub seen: &'a mut [u64],
    /// The seen tiles that block sight.
    pub shut: &'a mut [u64],
    /// The open tiles the walk read on the way to others.
    pub read_open: &'a [u64],
    /// The blocking tiles the walk read on the way to others.
    pub read_shut: &'a [u64],
}

/// How the second rule finds the tiles of a set and tests them.
pub(super) struct Sight<'a, F, B> {
    /// The storage index of bit 0 of each word of the sets (the tile of bit `b` of word `i`
    /// is `row_cell(i) + b`).
    pub row_cell: F,
    /// The storage index offset of one row down.
    pub stride: isize,
    /// The grid's tile mask.
    pub mask: &'a [bool],
    /// Whether a tile blocks sight.
    pub blocks: B,
}

impl<F, B: Fn(usize) -> bool> Sight<'_, F, B> {
    /// The bits of `candidates` whose tiles block sight, bit `b` being the tile at
    /// `base + b`. Each candidate is next to an open tile, so inside storage.
    fn walls_among(&self, mut candidates: u64, base: usize) -> u64 {
        let mut walls = 0;
        while candidates != 0 {
            let b = candidates.trailing_zeros();
            candidates &= candidates - 1;
            let cell = base.wrapping_add(b as usize);
            walls |= u64::from(self.mask[cell] & (self.blocks)(cell)) << b;
        }
        walls
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_offset_reveals_only_neighbours_no_nearer_and_within_the_radius() {
        let radius = 3;
        let layout = Layout::new(radius);
        let rim = Rim::new(&layout);
        let count = |at: Hex| {
            Direction::ALL
                .iter()
                .filter(|&&d| rim.may_reveal(layout.bit(at.x, at.y) as usize, d))
                .count()
        };
        for at in Hex::ORIGIN.range(radius) {
            for d in Direction::ALL {
                let n = at + d.offset();
                let want = n.length() >= at.length() && n.length() <= radius as i32;
                let bit = layout.bit(at.x, at.y) as usize;
                assert_eq!(rim.may_reveal(bit, d), want, "{at} toward {d:?}");
            }
        }
        // An edge tile reveals its two neighbours on its own ring and two beyond; a corner
        // two on its ring and three beyond; on the last ring only those on the ring.
        assert_eq!(count(Hex::new(1, 0)), 5);
        assert_eq!(count(Hex::new(2, 1)), 4);
        assert_eq!(count(Hex::new(3, 0)), 2);
        assert_eq!(count(Hex::ORIGIN), 6);
    }
}
