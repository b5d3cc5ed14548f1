//! Small random helpers built only on `next_u64`, whose output the PCG stream documents, so
//! that generated levels do not depend on how a `rand` release maps bits to ranges.

use crate::rng::GameRng;
use rand::Rng;

pub(super) use crate::rng::below;

/// A number in `lo..=hi` (`lo` when the range is empty).
pub(super) fn between(rng: &mut GameRng, lo: usize, hi: usize) -> usize {
    lo + below(rng, (hi + 1).saturating_sub(lo))
}

/// True with probability `num / den`.
pub(super) fn chance(rng: &mut GameRng, num: usize, den: usize) -> bool {
    below(rng, den) < num
}

/// Shuffles a slice in place (Fisher–Yates).
pub(super) fn shuffle<T>(rng: &mut GameRng, items: &mut [T]) {
    for i in (1..items.len()).rev() {
        let j = below(rng, i + 1);
        items.swap(i, j);
    }
}

/// A seed for a noise source.
pub(super) fn noise_seed(rng: &mut GameRng) -> u32 {
    (rng.next_u64() >> 32) as u32
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::from_seed;

    #[test]
    fn below_stays_in_range_and_covers_it() {
        let mut rng = from_seed(3);
        let mut seen = [false; 7];
        for _ in 0..500 {
            let v = below(&mut rng, 7);
            assert!(v < 7);
            seen[v] = true;
        }
        assert!(seen.iter().all(|&s| s));
        assert_eq!(below(&mut rng, 0), 0);
        assert_eq!(between(&mut rng, 5, 4), 5);
    }

    #[test]
    fn shuffle_is_a_permutation() {
        let mut rng = from_seed(9);
        let mut v: Vec<u32> = (0..50).collect();
        shuffle(&mut rng, &mut v);
        assert_ne!(v, (0..50).collect::<Vec<_>>());
        v.sort_unstable();
        assert_eq!(v, (0..50).collect::<Vec<_>>());
    }
}
