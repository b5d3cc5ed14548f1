//! The second rule of field of view, as shifted bit sets: which walls the visible open tiles
//! reveal.
//!
//! A tile that blocks sight is visible when one of its neighbours is visible by the first rule,
//! does not block sight, and is no farther from the viewer than it is. Seen from the open
//! neighbour `N`: it reveals `N + d` for each direction `d` in which that tile is within the
//! radius and no nearer to the viewer than `N`. [`Rim`] keeps, for each direction, the set of
//! offsets that may reveal that way; the rule is then six shifted ORs of the open tiles over
//! the rows in view ([`Layout`]), and one blocking test for each candidate not seen yet.

use super::marks::{Layout, mark, shifted_word};
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

    /// The second rule over a finished first-rule walk: marks in `seen` every tile that blocks
    /// sight next to a tile in `open` (the visible tiles that do not block) and no nearer to
    /// the viewer. `word_cell(i)` is the storage index of bit 0 of word `i` for this viewer
    /// (the tile of bit `b` of that word is that plus `b`), `mask` the grid's tile mask.
    pub fn reveal(
        &self,
        layout: &Layout,
        seen: &mut [u64],
        open: &[u64],
        word_cell: impl Fn(usize) -> usize,
        mask: &[bool],
        blocks: impl Fn(usize) -> bool,
    ) {
        let Some(lo) = open.iter().position(|&w| w != 0) else {
            return;
        };
        let hi = open.len() - open.iter().rev().position(|&w| w != 0).unwrap_or(0);
        // A step moves a bit by at most one row and one bit.
        let reach = layout.row_words + 1;
        let from = lo.saturating_sub(reach);
        let to = (hi + reach).min(layout.words);
        let mut test = |i: usize, candidates: u64| {
            // Each candidate is next to an open tile, so inside storage.
            let mut fresh = candidates & !seen[i];
            if fresh == 0 {
                return;
            }
            let base = word_cell(i);
            let mut walls = 0;
            while fresh != 0 {
                let b = fresh.trailing_zeros();
                fresh &= fresh - 1;
                let cell = base.wrapping_add(b as usize);
                walls |= u64::from(mask[cell] & blocks(cell)) << b;
            }
            seen[i] |= walls;
        };
        if layout.row_words == 1 {
            // A row is one word with room to spare: a step is a word up or down and a shift
            // within the word. Row `i`'s candidates come from the open tiles of rows `i − 1`,
            // `i` and `i + 1`, each computed whole (no word written twice).
            // `Direction::ALL` is E, NE, NW, W, SW, SE.
            let [e, ne, nw, w, sw, se] = Direction::ALL.map(Direction::index);
            // Row `j` of the open tiles at `padded[j + 1]`, clear rows around.
            let mut padded = [0u64; MAX_ONE_WORD_ROWS + 2];
            padded[(lo + 1)..=hi].copy_from_slice(&open[lo..hi]);
            for i in from..to {
                let (above, o, below) = (padded[i], padded[i + 1], padded[i + 2]);
                let (may_above, may, may_below) =
                    (&self.rows[i], &self.rows[i + 1], &self.rows[i + 2]);
                let near = ((o & may[e]) << 1)
                    | ((o & may[w]) >> 1)
                    | (above & may_above[sw])
                    | ((above & may_above[se]) << 1)
                    | (below & may_below[ne])
                    | ((below & may_below[nw]) >> 1);
                test(i, near);
            }
            return;
        }
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
            test(i, candidates);
        }
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
