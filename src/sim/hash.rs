//! A stable hash of the world for replays: FNV-1a over a canonical serialisation (JSON of the
//! whole world, whose field order is fixed by the type definitions).

use super::World;

pub use crate::fnv::Fnv64;

impl World {
    /// A hash of the whole state (map, creatures, clock, random stream, plans, the player's
    /// view): equal worlds hash equal on every machine.
    pub fn state_hash(&self) -> u64 {
        let mut h = Fnv64::default();
        // Serialising plain data into a writer cannot fail; a failure would only weaken the
        // hash, never panic.
        let _ = serde_json::to_writer(&mut h, self);
        h.finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fnv_matches_the_reference_values() {
        // Published FNV-1a 64 test vectors.
        let mut h = Fnv64::default();
        assert_eq!(h.finish(), 0xcbf2_9ce4_8422_2325);
        h.write(b"a");
        assert_eq!(h.finish(), 0xaf63_dc4c_8601_ec8c);
        let mut h = Fnv64::default();
        h.write(b"foobar");
        assert_eq!(h.finish(), 0x8594_4171_f739_67e8);
    }
}
