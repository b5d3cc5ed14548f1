//! Seeded level generation.
