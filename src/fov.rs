//! Field of view by line drawing, as DESIGN.md defines it.
//!
//! A tile `T` within the sight radius is visible from `P` when no tile strictly between them on
//! `P.line_to(T)` blocks sight. Positions outside the map block sight and are never visible.

use crate::geom::Hex;
use crate::map::Level;

/// The tile indices visible from `origin` within `radius`, in ascending order. Empty when the
/// origin is not a tile.
pub fn visible_tiles(level: &Level, origin: Hex, radius: u32) -> Vec<usize> {
    let grid = &level.terrain;
    if grid.index(origin).is_none() {
        return Vec::new();
    }
    let mut out: Vec<usize> = origin
        .range(radius)
        .filter_map(|target| {
            let index = grid.index(target)?;
            let line = origin.line_to(target);
            let inner = &line[1..line.len().saturating_sub(1).max(1)];
            let clear = inner.iter().all(|&h| !level.blocks_sight(h));
            clear.then_some(index)
        })
        .collect();
    out.sort_unstable();
    out
}
