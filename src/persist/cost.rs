//! What the levels of a world cost in memory once built, by their storage cells: one measure
//! for the file's budget, checked before any level of a file is built (`persist::schema`), and
//! for the replay viewer's estimate of a snapshot (`ui::replay`), so that neither can leave
//! out a kind of cell the other counts.

/// Bytes a storage cell of any level takes: its terrain and whether it is a tile.
pub const TILE_BYTES: usize = 2;

/// Bytes a storage cell of a level already made takes besides: the player's memory of it.
pub const MEMORY_BYTES: usize = 1;

/// Bytes a storage cell takes besides once its level has a feature on a side or a corner
/// (a thin wall, a door on a side, a pillar): the features it owns (three sides, two corners)
/// and the masks of the moves and the sight they let through.
pub const SIDE_BYTES: usize = 7;

/// The bytes of a level of `cells` storage cells: `sided` when it holds a feature on a side
/// or a corner, `made` when it is one of the world's levels (not a map still to come), which
/// the player's memory covers.
pub fn level_bytes(cells: usize, sided: bool, made: bool) -> usize {
    let per_cell =
        TILE_BYTES + if made { MEMORY_BYTES } else { 0 } + if sided { SIDE_BYTES } else { 0 };
    cells.saturating_mul(per_cell)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sides_cost_more_than_the_tiles_and_maps_to_come_have_no_memory() {
        assert_eq!(level_bytes(10, false, true), 30);
        assert_eq!(level_bytes(10, true, true), 100);
        assert_eq!(level_bytes(10, false, false), 20);
        assert_eq!(level_bytes(usize::MAX, true, true), usize::MAX);
    }
}
