//! What stands on the sides between tiles (thin walls, doors) and on corners (pillars), stored
//! densely beside the tiles, with the per-tile masks every rule reads.
//!
//! Each storage cell owns the sides toward its forward moves (those to a later storage index:
//! east, south-west and south-east on hexes; east and south on squares) and two corners on
//! hexes (its bottom and lower-right ones) or one on squares (lower right). Every side and
//! corner of a tile has one owner inside storage, because the grid's border surrounds the
//! tiles. A map without any feature keeps no storage at all.
//!
//! The masks hold, per storage index, one bit per move of the tile (in the order of
//! [`Tiling::moves`]): whether the move may cross ([`Sides::pass_mask`]: no thin wall in the
//! way; a closed door is crossed by opening it) and whether sight crosses
//! ([`Sides::see_mask`]: neither a wall nor a closed door). A move through a corner (a
//! square's diagonal) crosses only where the corner and every side meeting there are open or
//! open doors.

use super::Grid;
use super::features::{CornerFeature, SideFeature};
use crate::geom::{Cell, Corner, Moves, Side, StepKind, Tiling};

/// The side and corner features of a level (see the module docs).
///
/// ```
/// use hexdeep_tiling::geom::{Cell, Tiling};
/// use hexdeep_tiling::grid::{Grid, SideFeature, Sides};
/// let grid = Grid::from_cells(Tiling::Square, &[Cell::new(0, 0), Cell::new(1, 0)], ()).unwrap();
/// let wall = Tiling::Square.side_between(Cell::new(0, 0), Cell::new(1, 0)).unwrap();
/// let mut sides = Sides::default();
/// assert!(sides.set_side(&grid, wall, SideFeature::Wall));
/// assert_eq!(sides.side(&grid, wall), SideFeature::Wall);
/// assert!(!sides.passes(grid.index(Cell::new(0, 0)).unwrap(), 0));
/// ```
#[derive(Clone, Debug, Default)]
pub struct Sides {
    /// Per storage index, the sides it owns; empty while the level has no feature.
    owned: Vec<[SideFeature; 3]>,
    /// Per storage index, the corners it owns; empty while the level has no feature.
    corners: Vec<[CornerFeature; 2]>,
    /// Per storage index, one bit per move: the move may cross.
    pass: Vec<u8>,
    /// Per storage index, one bit per move: sight crosses.
    see: Vec<u8>,
}

/// Every move crosses.
const ALL_OPEN: u8 = u8::MAX;

/// The forward side moves of a tiling, in the order of a cell's owned slots.
fn forward(tiling: Tiling) -> &'static [(i32, i32)] {
    match tiling {
        Tiling::Hex => &[(1, 0), (0, 1), (1, 1)],
        Tiling::Square => &[(1, 0), (0, 1)],
        Tiling::Triangle => &[],
    }
}

/// A tiling's moves, and per move (in their order) whose slot holds the feature of the side it
/// crosses (`true`: the tile entered's) and which slot; `None` for a move through a corner.
struct Owners {
    moves: Moves,
    slots: Vec<Option<(bool, usize)>>,
}

/// The [`Owners`] of a tiling's moves.
fn side_owners(tiling: Tiling) -> Owners {
    let fwd = forward(tiling);
    let moves = tiling.moves(0);
    let slots = moves
        .as_slice()
        .iter()
        .map(|m| {
            let ahead = fwd.iter().position(|&f| f == (m.dx, m.dy));
            let behind = fwd.iter().position(|&f| f == (-m.dx, -m.dy));
            match m.kind {
                StepKind::Side => ahead.map(|s| (false, s)).or(behind.map(|s| (true, s))),
                StepKind::Corner => None,
            }
        })
        .collect();
    Owners { moves, slots }
}

impl Sides {
    /// Whether any side or corner of the level holds a feature (or ever did).
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Cell, Tiling};
    /// use hexdeep_tiling::grid::{Grid, SideFeature, Sides};
    /// let grid = Grid::from_cells(Tiling::Square, &[Cell::new(0, 0), Cell::new(1, 0)], ()).unwrap();
    /// let mut sides = Sides::default();
    /// assert!(!sides.any());
    /// sides.set_side(&grid, Tiling::Square.tile_sides(Cell::new(0, 0))[0], SideFeature::Wall);
    /// assert!(sides.any());
    /// ```
    pub fn any(&self) -> bool {
        !self.owned.is_empty()
    }

    /// The mask of moves from storage index `i` that may cross (all bits where the level has
    /// no feature).
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Cell, Tiling};
    /// use hexdeep_tiling::grid::{Grid, SideFeature, Sides};
    /// let grid = Grid::from_cells(Tiling::Square, &[Cell::new(0, 0), Cell::new(1, 0)], ()).unwrap();
    /// let i = grid.index(Cell::new(0, 0)).unwrap();
    /// let mut sides = Sides::default();
    /// assert_eq!(sides.pass_mask(i), u8::MAX);
    /// sides.set_side(&grid, Tiling::Square.tile_sides(Cell::new(0, 0))[0], SideFeature::Wall);
    /// assert_eq!(sides.pass_mask(i) & 1, 0);
    /// ```
    pub fn pass_mask(&self, i: usize) -> u8 {
        self.pass.get(i).copied().unwrap_or(ALL_OPEN)
    }

    /// The mask of moves from storage index `i` that sight crosses.
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Cell, Tiling};
    /// use hexdeep_tiling::grid::{Grid, SideFeature, Sides};
    /// let grid = Grid::from_cells(Tiling::Square, &[Cell::new(0, 0), Cell::new(1, 0)], ()).unwrap();
    /// let i = grid.index(Cell::new(0, 0)).unwrap();
    /// let mut sides = Sides::default();
    /// sides.set_side(&grid, Tiling::Square.tile_sides(Cell::new(0, 0))[0], SideFeature::DoorClosed);
    /// assert_eq!((sides.see_mask(i) & 1, sides.pass_mask(i) & 1), (0, 1));
    /// ```
    pub fn see_mask(&self, i: usize) -> u8 {
        self.see.get(i).copied().unwrap_or(ALL_OPEN)
    }

    /// Whether move `k` (in the order of [`Tiling::moves`]) from storage index `i` may cross
    /// (no thin wall; a closed door is crossed by opening it). Always, where the level has no
    /// feature.
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Cell, Tiling};
    /// use hexdeep_tiling::grid::{Grid, SideFeature, Sides};
    /// let grid = Grid::from_cells(Tiling::Square, &[Cell::new(0, 0), Cell::new(1, 0)], ()).unwrap();
    /// let i = grid.index(Cell::new(0, 0)).unwrap();
    /// let mut sides = Sides::default();
    /// sides.set_side(&grid, Tiling::Square.tile_sides(Cell::new(0, 0))[0], SideFeature::Wall);
    /// assert!(!sides.passes(i, 0));
    /// assert!(sides.passes(i, 4));
    /// ```
    pub fn passes(&self, i: usize, k: usize) -> bool {
        self.pass_mask(i) >> k & 1 == 1
    }

    /// Whether sight crosses move `k` from storage index `i` (neither a thin wall nor a
    /// closed door). Always, where the level has no feature.
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Cell, Tiling};
    /// use hexdeep_tiling::grid::{Grid, SideFeature, Sides};
    /// let grid = Grid::from_cells(Tiling::Square, &[Cell::new(0, 0), Cell::new(1, 0)], ()).unwrap();
    /// let i = grid.index(Cell::new(0, 0)).unwrap();
    /// let mut sides = Sides::default();
    /// sides.set_side(&grid, Tiling::Square.tile_sides(Cell::new(0, 0))[0], SideFeature::DoorOpen);
    /// assert!(sides.sees(i, 0));
    /// ```
    pub fn sees(&self, i: usize, k: usize) -> bool {
        self.see_mask(i) >> k & 1 == 1
    }

    /// Where a side's feature is kept: the owner's storage index and slot.
    fn slot_of_side<T>(grid: &Grid<T>, side: Side) -> Option<(usize, usize)> {
        let (a, b) = grid.tiling().side_tiles(side)?;
        let owner = grid.storage_index(a)?;
        grid.storage_index(b)?;
        let d = (b.x - a.x, b.y - a.y);
        let slot = forward(grid.tiling()).iter().position(|&f| f == d)?;
        Some((owner, slot))
    }

    /// Where a corner's feature is kept: the owner's storage index and slot.
    fn slot_of_corner<T>(grid: &Grid<T>, corner: Corner) -> Option<(usize, usize)> {
        let tiling = grid.tiling();
        if tiling.corner_tiles(corner).is_empty() {
            return None;
        }
        let (c, r) = (corner.c, corner.r);
        let (dc, slot) = match tiling {
            Tiling::Hex if (c + r).rem_euclid(4) == 1 => (0, 0),
            Tiling::Hex => (2, 1),
            _ => (2, 0),
        };
        let crate::geom::LargeCell::Tile(owner) = tiling.large_cell_at(c - dc, r - 1) else {
            return None;
        };
        Some((grid.storage_index(owner)?, slot))
    }

    /// The feature on a side (open where none is, or where the side is not on the map).
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Cell, Tiling};
    /// use hexdeep_tiling::grid::{Grid, SideFeature, Sides};
    /// let grid = Grid::from_cells(Tiling::Square, &[Cell::new(0, 0)], ()).unwrap();
    /// let side = Tiling::Square.tile_sides(Cell::new(0, 0))[1];
    /// assert_eq!(Sides::default().side(&grid, side), SideFeature::Open);
    /// ```
    pub fn side<T>(&self, grid: &Grid<T>, side: Side) -> SideFeature {
        match Sides::slot_of_side(grid, side) {
            Some((i, s)) if self.any() => self.owned[i][s],
            _ => SideFeature::Open,
        }
    }

    /// The feature on a corner.
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Cell, Tiling};
    /// use hexdeep_tiling::grid::{CornerFeature, Grid, Sides};
    /// let grid = Grid::from_cells(Tiling::Square, &[Cell::new(0, 0)], ()).unwrap();
    /// let corner = Tiling::Square.tile_corners(Cell::new(0, 0))[0];
    /// let mut sides = Sides::default();
    /// sides.set_corner(&grid, corner, CornerFeature::Pillar);
    /// assert_eq!(sides.corner(&grid, corner), CornerFeature::Pillar);
    /// ```
    pub fn corner<T>(&self, grid: &Grid<T>, corner: Corner) -> CornerFeature {
        match Sides::slot_of_corner(grid, corner) {
            Some((i, s)) if self.any() => self.corners[i][s],
            _ => CornerFeature::Open,
        }
    }

    /// Sets a side's feature; `false` (and nothing changes) when the side does not lie between
    /// two cells of the grid's storage or the tiling has no sides.
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Cell, Side, Tiling};
    /// use hexdeep_tiling::grid::{Grid, SideFeature, Sides};
    /// let grid = Grid::from_cells(Tiling::Square, &[Cell::new(0, 0)], ()).unwrap();
    /// let mut sides = Sides::default();
    /// // Far outside the grid's storage: refused.
    /// assert!(!sides.set_side(&grid, Side::new(42, 0), SideFeature::Wall));
    /// assert!(!sides.any());
    /// ```
    pub fn set_side<T>(&mut self, grid: &Grid<T>, side: Side, feature: SideFeature) -> bool {
        let Some((i, s)) = Sides::slot_of_side(grid, side) else {
            return false;
        };
        if feature != SideFeature::Open || self.any() {
            self.allocate(grid);
            self.owned[i][s] = feature;
            // The moves that cross it: the step between its two tiles, and on squares the
            // diagonals through its two corners.
            let tiling = grid.tiling();
            let tiles = tiling.side_tiles(side).map(|(a, b)| [a, b]);
            let ends = tiling
                .side_corners(side)
                .filter(|_| tiling == Tiling::Square);
            let around = ends.iter().flatten().flat_map(|&k| tiling.corner_tiles(k));
            self.refresh_tiles(grid, tiles.iter().flatten().copied().chain(around));
        }
        true
    }

    /// Sets the features of many sides at once, recomputing the masks once at the end: a
    /// whole level's walls (a generated maze) cost one pass over storage rather than one
    /// refresh per side as with [`Sides::set_side`]. Sides not between two cells of the
    /// grid's storage are skipped; returns how many were set.
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Cell, Tiling};
    /// use hexdeep_tiling::grid::{Grid, SideFeature, Sides};
    /// let grid = Grid::from_cells(Tiling::Square, &[Cell::new(0, 0)], ()).unwrap();
    /// let walls = Tiling::Square.tile_sides(Cell::new(0, 0)).into_iter().map(|s| (s, SideFeature::Wall));
    /// let mut sides = Sides::default();
    /// assert_eq!(sides.set_sides(&grid, walls), 4);
    /// assert_eq!(sides.features(&grid).len(), 4);
    /// ```
    pub fn set_sides<T>(
        &mut self,
        grid: &Grid<T>,
        features: impl IntoIterator<Item = (Side, SideFeature)>,
    ) -> usize {
        let mut set = 0;
        for (side, feature) in features {
            let Some((i, s)) = Sides::slot_of_side(grid, side) else {
                continue;
            };
            if feature != SideFeature::Open || self.any() {
                self.allocate(grid);
                self.owned[i][s] = feature;
            }
            set += 1;
        }
        if self.any() {
            self.refresh_all(grid);
        }
        set
    }

    /// Sets a corner's feature; `false` when the corner is not in the grid's storage.
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Cell, Corner, Tiling};
    /// use hexdeep_tiling::grid::{CornerFeature, Grid, Sides};
    /// let grid = Grid::from_cells(Tiling::Square, &[Cell::new(0, 0)], ()).unwrap();
    /// let mut sides = Sides::default();
    /// assert!(sides.set_corner(&grid, Tiling::Square.tile_corners(Cell::new(0, 0))[2], CornerFeature::Pillar));
    /// assert!(!sides.set_corner(&grid, Corner::new(42, 1), CornerFeature::Pillar));
    /// ```
    pub fn set_corner<T>(
        &mut self,
        grid: &Grid<T>,
        corner: Corner,
        feature: CornerFeature,
    ) -> bool {
        let Some((i, s)) = Sides::slot_of_corner(grid, corner) else {
            return false;
        };
        if feature != CornerFeature::Open || self.any() {
            self.allocate(grid);
            self.corners[i][s] = feature;
            let tiles = grid.tiling().corner_tiles(corner);
            self.refresh_tiles(grid, tiles.into_iter());
        }
        true
    }

    /// Every side holding a feature, in storage order.
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Cell, Tiling};
    /// use hexdeep_tiling::grid::{Grid, SideFeature, Sides};
    /// let grid = Grid::from_cells(Tiling::Square, &[Cell::new(0, 0), Cell::new(1, 0)], ()).unwrap();
    /// let door = Tiling::Square.side_between(Cell::new(0, 0), Cell::new(1, 0)).unwrap();
    /// let mut sides = Sides::default();
    /// sides.set_side(&grid, door, SideFeature::DoorOpen);
    /// assert_eq!(sides.features(&grid), [(door, SideFeature::DoorOpen)]);
    /// ```
    pub fn features<T>(&self, grid: &Grid<T>) -> Vec<(Side, SideFeature)> {
        let tiling = grid.tiling();
        let mut out = Vec::new();
        for (i, owned) in self.owned.iter().enumerate() {
            let here = grid.cell(i);
            for (&f, &(dx, dy)) in owned.iter().zip(forward(tiling)) {
                if f != SideFeature::Open
                    && let Some(side) = tiling.side_between(here, here.offset(dx, dy))
                {
                    out.push((side, f));
                }
            }
        }
        out
    }

    /// Every corner holding a feature, in storage order.
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Cell, Tiling};
    /// use hexdeep_tiling::grid::{CornerFeature, Grid, Sides};
    /// let grid = Grid::from_cells(Tiling::Square, &[Cell::new(0, 0)], ()).unwrap();
    /// let corner = Tiling::Square.tile_corners(Cell::new(0, 0))[3];
    /// let mut sides = Sides::default();
    /// sides.set_corner(&grid, corner, CornerFeature::Pillar);
    /// assert_eq!(sides.corner_features(&grid), [(corner, CornerFeature::Pillar)]);
    /// ```
    pub fn corner_features<T>(&self, grid: &Grid<T>) -> Vec<(Corner, CornerFeature)> {
        let tiling = grid.tiling();
        let mut out = Vec::new();
        for (i, owned) in self.corners.iter().enumerate() {
            let Some((c, r)) = tiling.large_cell(grid.cell(i)) else {
                continue;
            };
            let mine: &[(i32, i32)] = match tiling {
                Tiling::Hex => &[(0, 1), (2, 1)],
                _ => &[(2, 1)],
            };
            for (&f, &(dc, dr)) in owned.iter().zip(mine) {
                if f != CornerFeature::Open {
                    out.push((Corner::new(c + dc, r + dr), f));
                }
            }
        }
        out
    }

    /// Makes room for features, every side and corner open.
    fn allocate<T>(&mut self, grid: &Grid<T>) {
        if self.any() {
            return;
        }
        let n = grid.storage_len();
        self.owned = vec![[SideFeature::Open; 3]; n];
        self.corners = vec![[CornerFeature::Open; 2]; n];
        self.pass = vec![ALL_OPEN; n];
        self.see = vec![ALL_OPEN; n];
    }

    /// Recomputes the masks of `tiles` (cells in storage; others are skipped).
    fn refresh_tiles<T>(&mut self, grid: &Grid<T>, tiles: impl Iterator<Item = Cell>) {
        let owners = side_owners(grid.tiling());
        for t in tiles {
            if let Some(i) = grid.storage_index(t) {
                (self.pass[i], self.see[i]) = self.masks_of(grid, &owners, i);
            }
        }
    }

    /// Recomputes every mask.
    fn refresh_all<T>(&mut self, grid: &Grid<T>) {
        let owners = side_owners(grid.tiling());
        for i in 0..grid.storage_len() {
            (self.pass[i], self.see[i]) = self.masks_of(grid, &owners, i);
        }
    }

    /// Recomputes the masks of storage index `i`.
    #[cfg(test)]
    fn refresh<T>(&mut self, grid: &Grid<T>, i: usize) {
        let owners = side_owners(grid.tiling());
        (self.pass[i], self.see[i]) = self.masks_of(grid, &owners, i);
    }

    /// The pass and sight masks of storage index `i`, reading a side's feature straight from
    /// its owner's slot (`owners`: [`side_owners`] of the grid's tiling).
    fn masks_of<T>(&self, grid: &Grid<T>, owners: &Owners, i: usize) -> (u8, u8) {
        let here = grid.cell(i);
        let (mut pass, mut see) = (ALL_OPEN, ALL_OPEN);
        for (k, m) in owners.moves.as_slice().iter().enumerate() {
            let (crosses, seen) = match (m.kind, owners.slots[k]) {
                (StepKind::Side, Some((theirs, slot))) => {
                    let there = grid.storage_index(here.offset(m.dx, m.dy));
                    let f = there.map_or(SideFeature::Open, |j| {
                        self.owned[if theirs { j } else { i }][slot]
                    });
                    (!f.blocks_movement(), !f.blocks_sight())
                }
                (StepKind::Side, None) => (true, true),
                (StepKind::Corner, _) => {
                    let open = self.corner_open(grid, here, m.dx, m.dy);
                    (open, open)
                }
            };
            if !crosses {
                pass &= !(1 << k);
            }
            if !seen {
                see &= !(1 << k);
            }
        }
        (pass, see)
    }

    /// Whether a square's diagonal from `here` by `(dx, dy)` passes its corner: the corner
    /// holds no pillar and no side meeting there blocks sight.
    fn corner_open<T>(&self, grid: &Grid<T>, here: Cell, dx: i32, dy: i32) -> bool {
        let tiling = grid.tiling();
        let Some((c, r)) = tiling.large_cell(here) else {
            return true;
        };
        let corner = Corner::new(c + 2 * dx, r + dy);
        self.corner(grid, corner) == CornerFeature::Open
            && tiling
                .corner_sides(corner)
                .into_iter()
                .all(|s| !self.side(grid, s).blocks_sight())
    }
}

/// Levels compare by their features: no storage reads as every side open.
impl PartialEq for Sides {
    fn eq(&self, other: &Sides) -> bool {
        let open_sides =
            |v: &[[SideFeature; 3]]| v.iter().flatten().all(|&f| f == SideFeature::Open);
        let open_corners =
            |v: &[[CornerFeature; 2]]| v.iter().flatten().all(|&f| f == CornerFeature::Open);
        match (self.any(), other.any()) {
            (true, true) => self.owned == other.owned && self.corners == other.corners,
            (true, false) => open_sides(&self.owned) && open_corners(&self.corners),
            (false, true) => open_sides(&other.owned) && open_corners(&other.corners),
            (false, false) => true,
        }
    }
}

impl Eq for Sides {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::LargeCell;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn masks_kept_up_to_date_equal_masks_made_afresh(
            t in 0usize..2,
            picks in proptest::collection::vec((0i32..40, 0i32..20, 0usize..4), 1..60),
        ) {
            let tiling = [Tiling::Hex, Tiling::Square][t];
            let cells: Vec<Cell> = (0..8).flat_map(|y| (0..8).map(move |x| Cell::new(x, y))).collect();
            let grid = Grid::from_cells(tiling, &cells, ()).unwrap();
            let mut sides = Sides::default();
            for (c, r, f) in picks {
                let c = c - 14;
                match tiling.large_cell_at(c, r) {
                    LargeCell::Side(s) => {
                        sides.set_side(&grid, s, SideFeature::ALL[f]);
                    }
                    LargeCell::Corner(k) => {
                        let pillar = if f == 0 { CornerFeature::Pillar } else { CornerFeature::Open };
                        sides.set_corner(&grid, k, pillar);
                    }
                    _ => {}
                }
            }
            let kept = sides.clone();
            let mut fresh = kept.clone();
            for i in 0..grid.storage_len() {
                if fresh.any() {
                    fresh.refresh(&grid, i);
                }
            }
            prop_assert_eq!(kept.pass, fresh.pass);
            prop_assert_eq!(kept.see, fresh.see);
        }
    }
}
