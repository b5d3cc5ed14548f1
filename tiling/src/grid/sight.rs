//! Which storage cells of a grid let sight through and which are walls, one bit a cell: what
//! the field of view reads, sixty-four cells to a word.

use super::Grid;

/// Two bit sets over a grid's storage: bit `i` of the clear set is on when cell `i` is a tile
/// that does not block sight, of the wall set when it is a tile that does. A cell that is no
/// tile is in neither, so it blocks sight and is never seen.
///
/// A game keeps one in step with its map (hexdeep's levels do); [`SightBits::of`]
/// makes one for any grid and rule of sight.
///
/// ```
/// use hexdeep_tiling::geom::Cell;
/// use hexdeep_tiling::grid::{Grid, Shape, SightBits};
/// let mut wall = Grid::new(&Shape::Hexagon { radius: 1 }, false).unwrap();
/// wall.set(Cell::new(1, 0), true);
/// let bits = SightBits::of(&wall, |i| wall[i]);
/// assert!(bits.is_wall(wall.index(Cell::new(1, 0)).unwrap()));
/// assert!(bits.is_clear(wall.index(Cell::ORIGIN).unwrap()));
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SightBits {
    /// The clear set, sixty-four cells a word.
    clear: Vec<u64>,
    /// The wall set, as long as the clear set.
    wall: Vec<u64>,
    /// The storage index offset of one row down.
    stride: isize,
}

impl SightBits {
    /// The bits of `grid`, where `blocks(i)` says whether tile `i` blocks sight.
    ///
    /// ```
    /// use hexdeep_tiling::geom::Cell;
    /// use hexdeep_tiling::grid::{Grid, Shape, SightBits};
    /// let grid = Grid::new(&Shape::Hexagon { radius: 1 }, ()).unwrap();
    /// let bits = SightBits::of(&grid, |_| false);
    /// assert_eq!(grid.indices().filter(|&i| bits.is_clear(i)).count(), 7);
    /// // The border around the hexagon is no tile: neither clear nor wall.
    /// let border = grid.storage_index(Cell::new(2, 0)).unwrap();
    /// assert!(!bits.is_clear(border) && !bits.is_wall(border));
    /// ```
    pub fn of<T>(grid: &Grid<T>, blocks: impl Fn(usize) -> bool) -> SightBits {
        let words = grid.storage_len().div_ceil(64);
        let mut bits = SightBits {
            clear: vec![0; words],
            wall: vec![0; words],
            stride: grid.offset_of(0, 1),
        };
        for i in grid.indices() {
            bits.set(i, blocks(i));
        }
        bits
    }

    /// Marks the tile at storage index `index` as blocking sight or not; an index past the
    /// storage changes nothing. Only tiles may be set: a cell that is no tile stays in neither
    /// set when it is never set.
    ///
    /// ```
    /// use hexdeep_tiling::geom::Cell;
    /// use hexdeep_tiling::grid::{Grid, Shape, SightBits};
    /// let grid = Grid::new(&Shape::Hexagon { radius: 1 }, ()).unwrap();
    /// let mut bits = SightBits::of(&grid, |_| false);
    /// let centre = grid.index(Cell::ORIGIN).unwrap();
    /// bits.set(centre, true);
    /// assert!(bits.is_wall(centre) && !bits.is_clear(centre));
    /// ```
    pub fn set(&mut self, index: usize, blocks: bool) {
        let (word, bit) = (index / 64, 1u64 << (index % 64));
        let (Some(clear), Some(wall)) = (self.clear.get_mut(word), self.wall.get_mut(word)) else {
            return;
        };
        let (on, off) = if blocks { (wall, clear) } else { (clear, wall) };
        *on |= bit;
        *off &= !bit;
    }

    /// Whether cell `index` is a tile that does not block sight.
    ///
    /// ```
    /// use hexdeep_tiling::geom::Cell;
    /// use hexdeep_tiling::grid::{Grid, Shape, SightBits};
    /// let grid = Grid::new(&Shape::Hexagon { radius: 1 }, ()).unwrap();
    /// let bits = SightBits::of(&grid, |_| false);
    /// assert!(bits.is_clear(grid.index(Cell::ORIGIN).unwrap()));
    /// ```
    #[inline]
    pub fn is_clear(&self, index: usize) -> bool {
        is_set(&self.clear, index)
    }

    /// Whether cell `index` is a tile that blocks sight.
    ///
    /// ```
    /// use hexdeep_tiling::geom::Cell;
    /// use hexdeep_tiling::grid::{Grid, Shape, SightBits};
    /// let grid = Grid::new(&Shape::Hexagon { radius: 1 }, ()).unwrap();
    /// let bits = SightBits::of(&grid, |_| true);
    /// assert!(bits.is_wall(grid.index(Cell::ORIGIN).unwrap()));
    /// ```
    #[inline]
    pub fn is_wall(&self, index: usize) -> bool {
        is_set(&self.wall, index)
    }

    /// Whether cell `index` is a tile.
    ///
    /// ```
    /// use hexdeep_tiling::geom::Cell;
    /// use hexdeep_tiling::grid::{Grid, Shape, SightBits};
    /// let grid = Grid::new(&Shape::Hexagon { radius: 1 }, ()).unwrap();
    /// let bits = SightBits::of(&grid, |i| i % 2 == 0);
    /// assert!(grid.indices().all(|i| bits.is_tile(i)));
    /// assert!(!bits.is_tile(grid.storage_index(Cell::new(-1, 1)).unwrap()));
    /// ```
    #[inline]
    pub fn is_tile(&self, index: usize) -> bool {
        self.is_clear(index) || self.is_wall(index)
    }

    /// Sixty-four cells of the wall set from storage index `from` on (bit `b` is cell
    /// `from + b`); cells before the storage or past it are no walls.
    ///
    /// ```
    /// use hexdeep_tiling::geom::Cell;
    /// use hexdeep_tiling::grid::{Grid, Shape, SightBits};
    /// let grid = Grid::new(&Shape::Parallelogram { width: 3, height: 1 }, ()).unwrap();
    /// let wall = grid.index(Cell::new(2, 0)).unwrap();
    /// let bits = SightBits::of(&grid, |i| i == wall);
    /// let first = grid.index(Cell::new(0, 0)).unwrap();
    /// assert_eq!(bits.wall_run(first as isize), 0b100);
    /// ```
    #[inline]
    pub fn wall_run(&self, from: isize) -> u64 {
        run(&self.wall, from)
    }

    /// The storage index offset of one row down in the grid the bits were made for.
    ///
    /// ```
    /// use hexdeep_tiling::grid::{Grid, Shape, SightBits};
    /// let grid = Grid::new(&Shape::Hexagon { radius: 2 }, ()).unwrap();
    /// assert_eq!(SightBits::of(&grid, |_| false).stride(), grid.offset_of(0, 1));
    /// ```
    #[inline]
    pub fn stride(&self) -> isize {
        self.stride
    }
}

/// The 64 bits of `words` from bit `from` on, bits outside the set reading as off.
#[inline]
fn run(words: &[u64], from: isize) -> u64 {
    let Ok(from) = usize::try_from(from) else {
        // Starting before bit 0: only the first word reaches into the run.
        let before = from.unsigned_abs();
        return words
            .first()
            .filter(|_| before < 64)
            .map_or(0, |w| w << before);
    };
    let (word, shift) = (from / 64, (from % 64) as u32);
    let low = words.get(word).map_or(0, |&w| w >> shift);
    // Two shifts, so that a run starting on a word boundary takes nothing of the next word.
    let high = words.get(word + 1).map_or(0, |&w| (w << 1) << (63 - shift));
    low | high
}

/// Whether bit `index` of `words` is on (off past the end).
#[inline]
fn is_set(words: &[u64], index: usize) -> bool {
    words
        .get(index / 64)
        .is_some_and(|w| (w >> (index % 64)) & 1 != 0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::Cell;
    use crate::grid::Shape;

    /// Whether each tile blocks sight: every third of row 2 does.
    fn grid() -> Grid<bool> {
        let mut g = Grid::new(
            &Shape::Parallelogram {
                width: 40,
                height: 5,
            },
            false,
        )
        .unwrap();
        for x in (0..40).step_by(3) {
            g.set(Cell::new(x, 2), true);
        }
        g
    }

    #[test]
    fn every_cell_is_clear_wall_or_no_tile_as_the_grid_says() {
        let g = grid();
        let bits = SightBits::of(&g, |i| g[i]);
        for i in 0..g.storage_len() + 70 {
            let tile = g.is_tile(i);
            let blocks = tile && g[i];
            assert_eq!(bits.is_clear(i), tile && !blocks, "cell {i}");
            assert_eq!(bits.is_wall(i), blocks, "cell {i}");
            assert_eq!(bits.is_tile(i), tile, "cell {i}");
        }
        assert_eq!(bits.stride(), g.offset_of(0, 1));
    }

    #[test]
    fn a_run_reads_sixty_four_cells_from_anywhere() {
        let g = grid();
        let bits = SightBits::of(&g, |i| g[i]);
        let len = g.storage_len() as isize;
        for from in -70..len + 70 {
            let (mut clear, mut wall) = (0u64, 0u64);
            for b in 0..64 {
                let Ok(i) = usize::try_from(from + b) else {
                    continue;
                };
                clear |= u64::from(bits.is_clear(i)) << b;
                wall |= u64::from(bits.is_wall(i)) << b;
            }
            assert_eq!(bits.wall_run(from), wall, "walls from {from}");
            assert_eq!(run(&bits.clear, from), clear, "clear from {from}");
        }
    }

    #[test]
    fn setting_a_tile_moves_it_between_the_sets() {
        let g = grid();
        let mut bits = SightBits::of(&g, |i| g[i]);
        let i = g.index(Cell::new(0, 2)).unwrap();
        assert!(bits.is_wall(i));
        bits.set(i, false);
        assert!(bits.is_clear(i) && !bits.is_wall(i));
        bits.set(i, true);
        assert!(bits.is_wall(i) && !bits.is_clear(i));
        let before = bits.clone();
        bits.set(usize::MAX, true);
        assert_eq!(bits, before, "past the storage: nothing");
    }
}
