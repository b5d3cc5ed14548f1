//! Counts as English: "138 darts", "2 potions of healing", "3 suits of chain mail", "a dart".
//! The rules' messages count with the same words, so they live beside them in `sim`.

pub use crate::sim::words::{how_many, plural};
