//! What the field of view's tests draw their maps from: three kinds of tile and a small seeded
//! generator, so that the tests need no game and no random-number crate.

/// A tile of a test map.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Terrain {
    /// Lets sight through.
    Floor,
    /// Blocks sight.
    Wall,
    /// Blocks sight too (the game's brush: seen, but not seen through).
    Brush,
}

impl Terrain {
    /// Whether the tile blocks sight.
    pub fn blocks_sight(self) -> bool {
        self != Terrain::Floor
    }
}

/// Which use a stream is for (only one here, kept so that tests read as the game's do).
#[derive(Copy, Clone, Debug)]
pub enum Stream {
    /// Making maps.
    Generation,
}

/// A splitmix64 generator: small, seeded, and the same on every machine.
pub struct Rng(u64);

/// The stream of `seed` for `use_` and `part`.
pub fn stream(seed: u64, use_: Stream, part: u64) -> Rng {
    let _ = use_;
    Rng(seed ^ part.wrapping_mul(0x9E37_79B9_7F4A_7C15))
}

/// A number below `n` from `rng` (0 when `n` is 0).
pub fn below(rng: &mut Rng, n: usize) -> usize {
    rng.0 = rng.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = rng.0;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^= z >> 31;
    if n == 0 { 0 } else { (z % n as u64) as usize }
}
