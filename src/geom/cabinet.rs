//! The cabinet projection: how hexes map to terminal cells.
//!
//! Tile `(x, y)` is drawn at column `2x − y + h`, row `y`. The columns between tiles (where
//! `col + row − h` is odd) hold no tile.

use super::Hex;

/// The terminal `(column, row)` of a hex, with `h` the column offset.
pub const fn to_screen(hex: Hex, h: i32) -> (i32, i32) {
    (2 * hex.x - hex.y + h, hex.y)
}

/// The hex drawn at `(col, row)`, or `None` for an in-between column.
pub const fn from_screen(col: i32, row: i32, h: i32) -> Option<Hex> {
    let sum = col - h + row;
    if sum.rem_euclid(2) != 0 {
        return None;
    }
    Some(Hex::new(sum.div_euclid(2), row))
}
