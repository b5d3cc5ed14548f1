//! The bit sets one walk marks, laid out by rows: every offset within a radius has a bit, and
//! each row of offsets starts on a word of its own.
//!
//! Row `dy` (from `−R` to `R`) holds the offsets `dx` from `−R` to `R` at bits `dx + R` of its
//! `row_words` words, so a step to a neighbour is a fixed shift of the whole set: one bit
//! east or west, one row (`64 · row_words` bits) north or south. The second rule of field of
//! view is then a few shifted ORs over the rows in view ([`super::rim`]), and a set read in
//! bit order lists tiles in storage order (rows top to bottom, each west to east).

/// Where each offset of one radius has its bit.
#[derive(Clone, Debug)]
pub(super) struct Layout {
    /// The radius `R`.
    pub radius: i32,
    /// Words per row: `⌈(2R + 1) / 64⌉`.
    pub row_words: usize,
    /// Words per set: `(2R + 1) · row_words`.
    pub words: usize,
}

impl Layout {
    /// The layout for `radius`.
    pub fn new(radius: u32) -> Layout {
        let width = 2 * radius as usize + 1;
        let row_words = width.div_ceil(64);
        Layout {
            radius: radius as i32,
            row_words,
            words: width * row_words,
        }
    }

    /// The words a set of this layout is given: [`Layout::words`] rounded up to a power of
    /// two.
    pub fn set_words(&self) -> usize {
        self.words.next_power_of_two()
    }

    /// Where the field of view's walk marks the tile of offset bit `bit` when it reads that
    /// tile on the way to another: the same bit of a second set, [`Layout::set_words`] words
    /// after the first.
    pub fn read_bit(&self, bit: u32) -> u32 {
        bit + 64 * self.set_words() as u32
    }

    /// The bits a row spans.
    pub fn row_bits(&self) -> i64 {
        64 * self.row_words as i64
    }

    /// The bit of offset `(dx, dy)`, which must lie in the square `|dx|, |dy| ≤ R`.
    pub fn bit(&self, dx: i32, dy: i32) -> u32 {
        let r = i64::from(self.radius);
        let bit = (i64::from(dy) + r) * self.row_bits() + i64::from(dx) + r;
        // At most (2·64 + 1) rows of three words for the largest tree.
        bit as u32
    }

    /// The offset of bit `bit`, when it lies in a row's first `2R + 1` bits.
    #[cfg(test)]
    pub fn offset(&self, bit: usize) -> Option<(i32, i32)> {
        let row_bits = self.row_bits() as usize;
        let (row, col) = (bit / row_bits, bit % row_bits);
        let width = 2 * self.radius as usize + 1;
        (row < width && col < width).then(|| (col as i32 - self.radius, row as i32 - self.radius))
    }

    /// The storage index offset of bit 0 of word `word`, for a grid whose rows are `stride`
    /// cells apart: a set bit `b` of that word is the tile at the viewer's index plus this plus
    /// `b`.
    pub fn word_delta(&self, word: usize, stride: isize) -> isize {
        let (row, part) = if self.row_words == 1 {
            (word, 0)
        } else {
            (word / self.row_words, word % self.row_words)
        };
        let r = self.radius as isize;
        (row as isize - r) * stride + (64 * part) as isize - r
    }
}

/// Sets bit `bit` of `marks`.
#[inline]
pub(super) fn mark(marks: &mut [u64], bit: usize) {
    marks[bit / 64] |= 1 << (bit % 64);
}

/// Calls `visit` with `base + b` for each bit `b` set in `bits`, lowest first: the tiles of
/// one word of a set whose bit 0 is the tile `base`.
#[inline]
pub(super) fn each_tile(base: usize, mut bits: u64, visit: &mut impl FnMut(usize)) {
    while bits != 0 {
        visit(base.wrapping_add(bits.trailing_zeros() as usize));
        bits &= bits - 1;
    }
}

/// Whether bit `bit` of `marks` is set.
#[cfg(test)]
pub(super) fn is_marked(marks: &[u64], bit: usize) -> bool {
    marks[bit / 64] & (1 << (bit % 64)) != 0
}

/// Word `i` of a bit set shifted by `by` bits toward higher bits (lower when negative), where
/// `word(j)` is word `j` of the set before the shift (clear outside the set).
#[inline]
pub(super) fn shifted_word(word: impl Fn(i64) -> u64, by: i64, i: usize) -> u64 {
    let from = 64 * i as i64 - by;
    let (j, r) = (from.div_euclid(64), from.rem_euclid(64));
    if r == 0 {
        word(j)
    } else {
        (word(j) >> r) | (word(j + 1) << (64 - r))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bits_and_offsets_round_trip_and_rows_start_on_words() {
        for radius in [0, 1, 20, 31, 32, 64] {
            let l = Layout::new(radius);
            let r = radius as i32;
            for dy in -r..=r {
                assert_eq!(l.bit(-r, dy) % 64, 0, "row {dy} of radius {radius}");
                for dx in -r..=r {
                    let b = l.bit(dx, dy) as usize;
                    assert!(b < 64 * l.words);
                    assert_eq!(l.offset(b), Some((dx, dy)));
                }
            }
        }
        let l = Layout::new(20);
        assert_eq!((l.row_words, l.words), (1, 41));
        assert_eq!(l.offset(41), None, "past the row's offsets");
        assert_eq!(Layout::new(32).row_words, 2);
    }

    #[test]
    fn a_word_delta_finds_the_tile_of_its_bits() {
        let stride = 300isize;
        for radius in [3, 40] {
            let l = Layout::new(radius);
            let r = radius as i32;
            for (dx, dy) in [(-r, -r), (0, 0), (r, r), (r, -r), (5.min(r), -1)] {
                let b = l.bit(dx, dy) as usize;
                let got = l.word_delta(b / 64, stride) + (b % 64) as isize;
                assert_eq!(got, dy as isize * stride + dx as isize, "({dx}, {dy})");
            }
        }
    }

    #[test]
    fn shifting_moves_every_bit_by_the_amount_and_drops_what_falls_outside() {
        let mut marks = [0u64; 4];
        for b in [0, 1, 63, 64, 100, 191, 255] {
            mark(&mut marks, b);
        }
        let word = |lo: usize, hi: usize| {
            move |j: i64| {
                usize::try_from(j)
                    .ok()
                    .filter(|j| (lo..hi).contains(j))
                    .map_or(0, |j| marks[j])
            }
        };
        for by in [-129i64, -65, -64, -1, 0, 1, 63, 64, 65, 128] {
            let got: Vec<u64> = (0..4).map(|i| shifted_word(word(0, 4), by, i)).collect();
            for b in 0..256i64 {
                let want = (0..256).contains(&(b - by)) && is_marked(&marks, (b - by) as usize);
                assert_eq!(is_marked(&got, b as usize), want, "bit {b} shifted by {by}");
            }
        }
        // Words outside the set count as clear.
        assert_eq!(shifted_word(word(1, 2), 64, 1), 0);
        assert_eq!(shifted_word(word(1, 2), 64, 2), marks[1]);
    }
}
