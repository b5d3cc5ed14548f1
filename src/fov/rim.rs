//! The second rule of field of view, as a table: which walls a visible open tile reveals.
//!
//! A tile that blocks sight is visible when one of its neighbours is visible by the first rule,
//! does not block sight, and is no farther from the viewer than it is. Seen from the open
//! neighbour: it reveals its blocking neighbours that are within the radius and no nearer to
//! the viewer than itself. [`Rim`] lists those neighbours for every offset of a radius, so the
//! walk reveals them with a few table reads, bit tests and blocking tests.

use crate::geom::{Direction, Hex};

/// Mark bits, one per offset rank: a set of visible tiles of one walk.
pub(super) type Marks = [u64];

/// Sets bit `rank` of `marks`; returns whether it was clear.
#[inline]
pub(super) fn mark(marks: &mut Marks, rank: usize) -> bool {
    let (word, bit) = (rank / 64, 1u64 << (rank % 64));
    let fresh = marks[word] & bit == 0;
    marks[word] |= bit;
    fresh
}

/// For one offset: the ranks of its six neighbours, and which of them it may reveal.
#[derive(Copy, Clone, Debug, Default)]
pub(super) struct Around {
    /// The neighbour's rank by direction index (meaningless where `dirs` has no bit).
    pub ranks: [u16; 6],
    /// Bit `d` set when the neighbour in direction `d` is within the radius and no nearer to
    /// the viewer than this offset.
    pub dirs: u8,
}

/// The [`Around`] of every offset within a radius, by rank.
#[derive(Clone, Debug, Default)]
pub(super) struct Rim {
    around: Vec<Around>,
}

impl Rim {
    /// The table for the offsets `by_rank` (every offset within `radius`, in rank order);
    /// `rank_of` gives an offset's rank.
    pub fn new(radius: u32, by_rank: &[(i8, i8)], rank_of: impl Fn((i8, i8)) -> u16) -> Rim {
        let radius = i64::from(radius);
        let around = by_rank
            .iter()
            .map(|&(dx, dy)| {
                let at = Hex::new(i32::from(dx), i32::from(dy));
                let near = i64::from(at.length());
                let mut a = Around::default();
                for d in Direction::ALL {
                    let n = at + d.offset();
                    let far = i64::from(n.length());
                    if far <= radius && far >= near {
                        a.dirs |= 1 << d.index();
                        // Within the radius, so the offset fits in i8.
                        a.ranks[d.index()] = rank_of((n.x as i8, n.y as i8));
                    }
                }
                a
            })
            .collect();
        Rim { around }
    }

    /// The neighbours of the offset of rank `rank`.
    #[inline]
    pub fn get(&self, rank: usize) -> &Around {
        &self.around[rank]
    }

    /// Reveals the blocking neighbours of `cell`, a visible open tile at offset rank `rank`:
    /// each one within the radius, no nearer than `cell` and not yet in `marks` is marked and
    /// passed to `seen` with its rank. `offsets` are the grid's neighbour index offsets and
    /// `mask` its tile mask; `cell` is a tile, so its neighbours are inside storage.
    #[inline]
    #[allow(clippy::too_many_arguments)]
    pub fn reveal(
        &self,
        cell: usize,
        rank: usize,
        offsets: &[isize; 6],
        mask: &[bool],
        blocks: &impl Fn(usize) -> bool,
        marks: &mut Marks,
        seen: &mut impl FnMut(usize, usize),
    ) {
        let around = self.get(rank);
        let mut dirs = around.dirs;
        while dirs != 0 {
            let d = dirs.trailing_zeros() as usize;
            dirs &= dirs - 1;
            let wall = cell.wrapping_add_signed(offsets[d]);
            if mask[wall] && blocks(wall) {
                let r = usize::from(around.ranks[d]);
                if mark(marks, r) {
                    seen(wall, r);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_offset_reveals_only_neighbours_no_nearer_and_within_the_radius() {
        let radius = 3;
        let mut by_rank: Vec<(i8, i8)> = Hex::ORIGIN
            .range(radius)
            .map(|h| (h.x as i8, h.y as i8))
            .collect();
        by_rank.sort_unstable_by_key(|&(dx, dy)| (dy, dx));
        let rank_of = |o| by_rank.iter().position(|&p| p == o).unwrap() as u16;
        let rim = Rim::new(radius, &by_rank, rank_of);
        for (k, &(dx, dy)) in by_rank.iter().enumerate() {
            let at = Hex::new(i32::from(dx), i32::from(dy));
            let a = rim.get(k);
            for d in Direction::ALL {
                let n = at + d.offset();
                let want = n.length() >= at.length() && n.length() <= radius as i32;
                assert_eq!(a.dirs & (1 << d.index()) != 0, want, "{at} toward {d:?}");
                if want {
                    assert_eq!(
                        by_rank[usize::from(a.ranks[d.index()])],
                        (n.x as i8, n.y as i8)
                    );
                }
            }
        }
        // An edge tile reveals its two neighbours on its own ring and two beyond; a corner
        // two on its ring and three beyond; on the last ring only those on the ring.
        let count = |o: (i8, i8)| rim.get(usize::from(rank_of(o))).dirs.count_ones();
        assert_eq!(count((1, 0)), 5);
        assert_eq!(count((2, 1)), 4);
        assert_eq!(count((3, 0)), 2);
        assert_eq!(count((0, 0)), 6);
    }

    #[test]
    fn marking_says_whether_the_bit_was_clear() {
        let mut marks = [0u64; 2];
        assert!(mark(&mut marks, 70));
        assert!(!mark(&mut marks, 70));
        assert_eq!(marks, [0, 1 << 6]);
    }
}
