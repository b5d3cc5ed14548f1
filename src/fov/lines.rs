//! Field of view straight from its definition, line by line: the slow form, used for radii
//! too large for a tree and as the oracle the tree is tested against.

use crate::geom::Hex;
use crate::map::Grid;

/// The tile indices visible from `origin` within `radius`, in ascending order, by the two
/// rules of DESIGN.md taken literally: a tile is visible when no tile strictly between it and
/// the viewer on their line blocks sight (`blocks(i)`; positions outside the map always block);
/// a tile that blocks sight is visible, too, when a neighbour of it is visible by that first
/// rule, does not block sight and is no farther from the viewer. Empty when `origin` is no
/// tile.
pub fn visible_by_lines<T>(
    grid: &Grid<T>,
    blocks: impl Fn(usize) -> bool,
    origin: Hex,
    radius: u32,
) -> Vec<usize> {
    if !grid.contains(origin) {
        return Vec::new();
    }
    let within = |hex: Hex| u64::from(origin.distance(hex).unsigned_abs()) <= u64::from(radius);
    let mut by_line = vec![false; grid.storage_len()];
    for target in grid.indices() {
        let hex = grid.hex(target);
        if !within(hex) {
            continue;
        }
        let line = origin.line_to(hex);
        let inner = &line[1..line.len().saturating_sub(1).max(1)];
        by_line[target] = inner
            .iter()
            .all(|&h| grid.index(h).is_some_and(|i| !blocks(i)));
    }
    grid.indices()
        .filter(|&target| {
            if by_line[target] {
                return true;
            }
            let hex = grid.hex(target);
            blocks(target)
                && within(hex)
                && hex.neighbors().iter().any(|&n| {
                    grid.index(n).is_some_and(|i| {
                        by_line[i] && !blocks(i) && origin.distance(n) <= origin.distance(hex)
                    })
                })
        })
        .collect()
}
