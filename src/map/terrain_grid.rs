//! A level's terrain: the grid of [`Terrain`] with the sight bits kept in step with it.

use super::{Grid, SightBits, Terrain};
use crate::geom::Cell;
use std::fmt;
use std::ops::Deref;

/// The terrain of a level. It reads as the [`Grid`] of [`Terrain`] it holds, and every change
/// goes through it, so that its [`SightBits`] (what the field of view reads) always agree
/// with the tiles.
#[derive(Clone)]
pub struct TerrainGrid {
    grid: Grid<Terrain>,
    sight: SightBits,
}

impl TerrainGrid {
    /// The terrain of `grid`.
    pub fn new(grid: Grid<Terrain>) -> TerrainGrid {
        let sight = sight_of(&grid);
        TerrainGrid { grid, sight }
    }

    /// The tiles.
    pub fn grid(&self) -> &Grid<Terrain> {
        &self.grid
    }

    /// Which cells let sight through and which are walls.
    pub fn sight(&self) -> &SightBits {
        &self.sight
    }

    /// Sets the tile at a hex; `false` (nothing changes) outside the shape.
    pub fn set(&mut self, hex: Cell, terrain: Terrain) -> bool {
        match self.grid.index(hex) {
            Some(i) => {
                self.set_index(i, terrain);
                true
            }
            None => false,
        }
    }

    /// Sets the cell at storage index `index`, as `grid[index] = terrain` would (a cell that
    /// is no tile holds a value but stays no tile).
    ///
    /// # Panics
    /// When `index` is past the storage, as indexing a grid does.
    pub fn set_index(&mut self, index: usize, terrain: Terrain) {
        self.grid.cells_mut()[index] = terrain;
        if self.grid.is_tile(index) {
            self.sight.set(index, terrain.blocks_sight());
        }
    }

    /// Runs `change` on the tiles, then brings the sight bits up to date with all of them:
    /// for changes too broad to make one tile at a time.
    pub fn edit<R>(&mut self, change: impl FnOnce(&mut Grid<Terrain>) -> R) -> R {
        let out = change(&mut self.grid);
        self.sight = sight_of(&self.grid);
        out
    }

    /// The tiles, without the sight bits.
    pub fn into_grid(self) -> Grid<Terrain> {
        self.grid
    }
}

/// The sight bits of a terrain grid.
fn sight_of(grid: &Grid<Terrain>) -> SightBits {
    SightBits::of(grid, |i| grid[i].blocks_sight())
}

impl Deref for TerrainGrid {
    type Target = Grid<Terrain>;

    fn deref(&self) -> &Grid<Terrain> {
        &self.grid
    }
}

impl From<Grid<Terrain>> for TerrainGrid {
    fn from(grid: Grid<Terrain>) -> TerrainGrid {
        TerrainGrid::new(grid)
    }
}

/// Two terrains are equal when their tiles are (the sight bits follow from them).
impl PartialEq for TerrainGrid {
    fn eq(&self, other: &TerrainGrid) -> bool {
        self.grid == other.grid
    }
}

impl Eq for TerrainGrid {}

/// A terrain equals a grid holding the same tiles.
impl PartialEq<Grid<Terrain>> for TerrainGrid {
    fn eq(&self, other: &Grid<Terrain>) -> bool {
        self.grid == *other
    }
}

impl fmt::Debug for TerrainGrid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.grid.fmt(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::map::Shape;

    fn terrain() -> TerrainGrid {
        let grid = Grid::new(&Shape::Hexagon { radius: 4 }, Terrain::Floor).unwrap();
        TerrainGrid::new(grid)
    }

    /// The sight bits made afresh from the tiles.
    fn afresh(t: &TerrainGrid) -> SightBits {
        sight_of(t.grid())
    }

    #[test]
    fn every_change_keeps_the_sight_bits_in_step() {
        let mut t = terrain();
        let kinds = [
            Terrain::Wall,
            Terrain::Brush,
            Terrain::DoorClosed,
            Terrain::DoorOpen,
            Terrain::Floor,
            Terrain::ShallowWater,
        ];
        for (k, i) in t.indices().collect::<Vec<_>>().into_iter().enumerate() {
            t.set_index(i, kinds[k % kinds.len()]);
            assert_eq!(t.sight(), &afresh(&t), "after setting cell {i}");
        }
        assert!(t.set(Cell::new(1, 1), Terrain::Wall));
        assert!(!t.set(Cell::new(40, 40), Terrain::Wall), "no tile there");
        assert_eq!(t.sight(), &afresh(&t));
        // A cell of the border holds what it is given and stays no tile.
        t.set_index(0, Terrain::Floor);
        assert!(!t.sight().is_tile(0));
        t.edit(|g| g.fill(Terrain::Wall));
        assert_eq!(t.sight(), &afresh(&t));
        assert!(t.indices().all(|i| t.sight().is_wall(i)));
    }

    #[test]
    fn terrains_compare_and_print_as_their_tiles() {
        let (a, mut b) = (terrain(), terrain());
        assert_eq!(a, b);
        assert_eq!(format!("{a:?}"), format!("{:?}", a.grid()));
        b.set(Cell::ORIGIN, Terrain::Wall);
        assert_ne!(a, b);
        assert!(b == *b.grid() && a != *b.grid());
        assert_eq!(b.clone().into_grid(), *b.grid());
    }
}
