//! The tiles around a tile as storage offsets, for the generators on every tiling: the ones
//! across a side (the moves never refused for squeezing, which carry connectivity) and the
//! ones sharing a side or a corner (which decide borders, smoothing and room walls).
//!
//! On hexes both lists are the six neighbours in the order of
//! [`Direction::ALL`](crate::geom::Direction::ALL), as [`Grid::neighbor_offsets`] gives them,
//! so the hex generators see exactly what they always saw.

use crate::map::Grid;

/// Storage offsets of the tiles around a tile, per tile class.
pub(super) struct Around {
    classes: Vec<Vec<isize>>,
}

impl Around {
    /// The tiles across a side ([`Grid::side_offsets`]), in the tiling's order.
    pub(super) fn sides<T>(grid: &Grid<T>) -> Around {
        let classes = (0..grid.tiling().classes())
            .map(|class| grid.side_offsets(class))
            .collect();
        Around { classes }
    }

    /// The tiles sharing a side or a corner ([`crate::geom::Tiling::touching`]): 6 on
    /// hexes, 8 on squares, 12 on triangles.
    pub(super) fn touching<T>(grid: &Grid<T>) -> Around {
        let tiling = grid.tiling();
        let classes = (0..tiling.classes())
            .map(|class| {
                tiling
                    .touching(class)
                    .into_iter()
                    .map(|(dx, dy)| grid.offset_of(dx, dy))
                    .collect()
            })
            .collect();
        Around { classes }
    }

    /// The offsets around storage index `i` of `grid` (a tile or a cell next to one).
    pub(super) fn of<T>(&self, grid: &Grid<T>, i: usize) -> &[isize] {
        if self.classes.len() == 1 {
            &self.classes[0]
        } else {
            &self.classes[grid.class(i)]
        }
    }

    /// The storage indices around `i`.
    pub(super) fn at<'a, T>(
        &'a self,
        grid: &Grid<T>,
        i: usize,
    ) -> impl Iterator<Item = usize> + 'a {
        self.of(grid, i)
            .iter()
            .map(move |&o| i.wrapping_add_signed(o))
    }

    /// How many tiles are around each tile.
    pub(super) fn count(&self) -> usize {
        self.classes[0].len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::{Cell, Tiling};

    #[test]
    fn on_hexes_both_are_the_six_neighbours_in_order() {
        let g = crate::mapgen::rock_on(Tiling::Hex, 8, 6);
        let want = g.neighbor_offsets().to_vec();
        assert_eq!(Around::sides(&g).classes, vec![want.clone()]);
        assert_eq!(Around::touching(&g).classes, vec![want]);
    }

    #[test]
    fn counts_per_tiling() {
        for (t, sides, touching) in [
            (Tiling::Hex, 6, 6),
            (Tiling::Square, 4, 8),
            (Tiling::Triangle, 3, 12),
        ] {
            let g = crate::mapgen::rock_on(t, 8, 6);
            assert_eq!(Around::sides(&g).count(), sides, "{t}");
            assert_eq!(Around::touching(&g).count(), touching, "{t}");
            let i = g.index(Cell::new(4, 3)).unwrap();
            let j = g.index(Cell::new(5, 3)).unwrap();
            for k in [i, j] {
                for n in Around::sides(&g).at(&g, k) {
                    assert!(g.adjacent(g.cell(k), g.cell(n)), "{t}");
                }
            }
        }
    }
}
