//! Seeded random streams: one each for world generation, the rules and cosmetics, all drawn
//! from a single game seed so that a seed names a whole game.
//!
//! The generator is `rand_pcg::Pcg64Mcg`, whose output stream is documented and stable; a
//! golden-value test pins its first outputs so a dependency update cannot change old games.

use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

/// The portable generator used everywhere in the core.
pub type GameRng = Pcg64Mcg;

/// The name written into save headers for [`GameRng`].
pub const RNG_ID: &str = "pcg64mcg";

/// Which stream a generator serves; each gets an independent seed from the game seed.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum Stream {
    /// Level generation.
    Generation,
    /// Rules: initiative, AI choices, combat.
    Rules,
    /// Looks only: flavour text, animations. Never affects the world.
    Cosmetic,
    /// The monsters' choices, apart from the rules' rolls so that a change to the AI never
    /// moves a later initiative or combat roll.
    Ai,
}

impl Stream {
    const fn salt(self) -> u64 {
        match self {
            Stream::Generation => 0x6765_6e65_7261_7465,
            Stream::Rules => 0x7275_6c65_7321_2121,
            Stream::Cosmetic => 0x636f_736d_6574_6963,
            Stream::Ai => 0x6d6f_6e73_7465_7273,
        }
    }
}

/// `SplitMix64`: a good way to turn related seeds into unrelated ones.
pub const fn splitmix64(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The generator for one stream of a game seed; `sub` separates further uses (a depth, say).
pub fn stream(seed: u64, which: Stream, sub: u64) -> GameRng {
    let a = splitmix64(seed ^ which.salt());
    let b = splitmix64(a ^ sub.wrapping_mul(0x2545_f491_4f6c_dd1d));
    let state = (u128::from(a) << 64) | u128::from(b);
    Pcg64Mcg::new(state | 1)
}

/// A number in `0..n` (0 when `n` is 0; `n` is taken below 2^32), by Lemire's multiply-shift
/// over `next_u64` alone, so results never depend on how a `rand` release maps bits to
/// ranges.
pub fn below(rng: &mut GameRng, n: usize) -> usize {
    use rand::Rng;
    let n = n as u64 & 0xffff_ffff;
    (((rng.next_u64() >> 32) * n) >> 32) as usize
}

/// A generator from a plain seed, for tools and tests.
pub fn from_seed(seed: u64) -> GameRng {
    GameRng::seed_from_u64(seed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::Rng;

    #[test]
    fn pcg_stream_is_pinned() {
        // The PCG reference suite's (C version) first outputs for state 42: if these change,
        // every recorded game changes with them.
        let mut rng = Pcg64Mcg::new(42);
        let first: Vec<u64> = (0..3).map(|_| rng.next_u64()).collect();
        assert_eq!(first, GOLDEN_PCG);
        let mut s = stream(7, Stream::Rules, 0);
        assert_eq!(s.next_u64(), GOLDEN_STREAM);
    }

    const GOLDEN_PCG: [u64; 3] = [
        0x63b4_a3a8_13ce_700a,
        0x3829_5420_0617_ab24,
        0xa7fd_85ae_3fe9_50ce,
    ];
    /// Pins the derivation of stream seeds from a game seed: seed 7 must keep its world.
    const GOLDEN_STREAM: u64 = 7_252_623_197_139_370_113;

    #[test]
    fn below_is_pinned_and_in_range() {
        let mut rng = Pcg64Mcg::new(42);
        // (0x63b4_a3a8 * 10) >> 32 = 3, from the first reference output above.
        assert_eq!(below(&mut rng, 10), 3);
        for n in [1, 2, 7, 1000] {
            for _ in 0..200 {
                assert!(below(&mut rng, n) < n);
            }
        }
        assert_eq!(below(&mut rng, 0), 0);
    }

    #[test]
    fn streams_differ() {
        let mut a = stream(1, Stream::Rules, 0);
        let mut b = stream(1, Stream::Generation, 0);
        let mut c = stream(1, Stream::Rules, 1);
        let (x, y, z) = (a.next_u64(), b.next_u64(), c.next_u64());
        assert!(x != y && x != z && y != z);
    }
}
