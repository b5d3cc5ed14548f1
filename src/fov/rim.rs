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

/// The [`Around`] of every offset within a radius, by rank, both ways.
#[derive(Clone, Debug, Default)]
pub(super) struct Rim {
    /// What each offset reveals: its neighbours no nearer to the viewer, within the radius.
    around: Vec<Around>,
    /// What may reveal each offset: its neighbours no farther from the viewer.
    back: Vec<Around>,
}

impl Rim {
    /// The table for the offsets `by_rank` (every offset within `radius`, in rank order);
    /// `rank_of` gives an offset's rank.
    pub fn new(radius: u32, by_rank: &[(i8, i8)], rank_of: impl Fn((i8, i8)) -> u16) -> Rim {
        let radius = i64::from(radius);
        let table = |keep: &dyn Fn(i64, i64) -> bool| -> Vec<Around> {
            by_rank
                .iter()
                .map(|&(dx, dy)| {
                    let at = Hex::new(i32::from(dx), i32::from(dy));
                    let here = i64::from(at.length());
                    let mut a = Around::default();
                    for d in Direction::ALL {
                        let n = at + d.offset();
                        let there = i64::from(n.length());
                        if there <= radius && keep(here, there) {
                            a.dirs |= 1 << d.index();
                            // Within the radius, so the offset fits in i8.
                            a.ranks[d.index()] = rank_of((n.x as i8, n.y as i8));
                        }
                    }
                    a
                })
                .collect()
        };
        Rim {
            around: table(&|here, there| there >= here),
            back: table(&|here, there| there <= here),
        }
    }

    /// The neighbours the offset of rank `rank` may reveal.
    #[inline]
    pub fn get(&self, rank: usize) -> &Around {
        &self.around[rank]
    }

    /// The neighbours that may reveal the offset of rank `rank`.
    #[inline]
    pub fn back(&self, rank: usize) -> &Around {
        &self.back[rank]
    }

    /// The second rule over a finished first-rule walk: marks in `seen` every tile that blocks
    /// sight next to a tile in `open` (the visible tiles that do not block) and no nearer to
    /// the viewer. Works from whichever side is smaller: the open tiles, or the tiles not yet
    /// seen. `cell_of(rank)` is the storage index of an offset for this viewer, `offsets` the
    /// grid's neighbour index offsets, `mask` its tile mask.
    pub fn reveal(
        &self,
        walk: &mut WalkMarks,
        cell_of: impl Fn(usize) -> usize,
        offsets: &[isize; 6],
        mask: &[bool],
        blocks: impl Fn(usize) -> bool,
    ) {
        let count = self.around.len();
        let open = count_ones(walk.open);
        let unseen = count - count_ones(walk.seen);
        if open <= unseen {
            self.reveal_from_open(walk, cell_of, offsets, mask, blocks);
        } else {
            self.reveal_unseen(walk, cell_of, mask, blocks);
        }
    }

    /// The second rule from each open visible tile: its qualifying neighbours are marked when
    /// they are tiles that block, with no branch on the map (a neighbour of a tile is inside
    /// storage, so `blocks` may be asked about it).
    fn reveal_from_open(
        &self,
        walk: &mut WalkMarks,
        cell_of: impl Fn(usize) -> usize,
        offsets: &[isize; 6],
        mask: &[bool],
        blocks: impl Fn(usize) -> bool,
    ) {
        for w in 0..walk.open.len() {
            let mut open = walk.open[w];
            while open != 0 {
                let rank = w * 64 + open.trailing_zeros() as usize;
                open &= open - 1;
                let cell = cell_of(rank);
                let around = self.get(rank);
                let mut dirs = around.dirs;
                while dirs != 0 {
                    let d = dirs.trailing_zeros() as usize;
                    dirs &= dirs - 1;
                    let wall = cell.wrapping_add_signed(offsets[d]);
                    let hit = mask[wall] & blocks(wall);
                    let r = usize::from(around.ranks[d]);
                    walk.seen[r / 64] |= u64::from(hit) << (r % 64);
                }
            }
        }
    }

    /// The second rule from each tile not seen yet: it is asked about only when one of its
    /// neighbours no farther from the viewer is open and visible.
    fn reveal_unseen(
        &self,
        walk: &mut WalkMarks,
        cell_of: impl Fn(usize) -> usize,
        mask: &[bool],
        blocks: impl Fn(usize) -> bool,
    ) {
        let count = self.around.len();
        for w in 0..walk.seen.len() {
            let mut bits = !walk.seen[w];
            while bits != 0 {
                let rank = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if rank >= count {
                    break;
                }
                let back = self.back(rank);
                let mut dirs = back.dirs;
                let mut lit = false;
                while dirs != 0 && !lit {
                    let d = dirs.trailing_zeros() as usize;
                    dirs &= dirs - 1;
                    lit = is_marked(walk.open, usize::from(back.ranks[d]));
                }
                if lit {
                    // Next to an open tile, so inside storage.
                    let cell = cell_of(rank);
                    if mask[cell] && blocks(cell) {
                        mark(walk.seen, rank);
                    }
                }
            }
        }
    }
}

/// The two bit sets of one walk, by offset rank.
pub(super) struct WalkMarks<'a> {
    /// Every tile found visible.
    pub seen: &'a mut Marks,
    /// The visible tiles that do not block sight.
    pub open: &'a mut Marks,
}

/// Whether bit `rank` of `marks` is set.
#[inline]
pub(super) fn is_marked(marks: &Marks, rank: usize) -> bool {
    marks[rank / 64] & (1 << (rank % 64)) != 0
}

/// How many bits of `marks` are set.
pub(super) fn count_ones(marks: &Marks) -> usize {
    marks.iter().map(|w| w.count_ones() as usize).sum()
}

/// The set bits of `marks`, in rank order.
pub(super) fn ranks(marks: &Marks) -> impl Iterator<Item = usize> + '_ {
    marks.iter().enumerate().flat_map(|(w, &word)| {
        let mut bits = word;
        std::iter::from_fn(move || {
            (bits != 0).then(|| {
                let rank = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                rank
            })
        })
    })
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
