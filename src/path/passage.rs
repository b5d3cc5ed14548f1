//! The one description of how a walker crosses a level that every search reads: which moves
//! squeeze past a corner, which cross a thin wall, and what a door on a side costs.
//!
//! It is the rules of [`Level::move_allowed`] and of stepping into a closed door on a side
//! (ARCHITECTURE.md, "Tilings" and "Tile sides and corners"), read from the level's storage:
//! a move through a corner is refused beside a wall, a closed door or no tile (never beside
//! deep water, which only cannot be entered); a move across a side is refused at a thin wall;
//! a step into a closed door on a side opens it and the opener stays, so crossing one takes an
//! action more than the tile entered costs.

use crate::map::{Grid, Level, Sides, Terrain};

/// How a search may cross a level: its terrain (for squeezing past corners) and its sides
/// (for thin walls and doors). What entering a tile costs is the search's own cost function.
#[derive(Copy, Clone, Debug)]
pub struct Passage<'a> {
    grid: &'a Grid<Terrain>,
    sides: &'a Sides,
    /// The actions a step into a closed door on a side takes before the step through it.
    door: u32,
}

impl<'a> Passage<'a> {
    /// The rules' passage over a level.
    pub fn of(level: &'a Level) -> Passage<'a> {
        Passage::new(&level.terrain, level.sides())
    }

    /// The rules' passage over terrain and sides not yet made into a level (a level being
    /// generated).
    pub fn new(grid: &'a Grid<Terrain>, sides: &'a Sides) -> Passage<'a> {
        Passage {
            grid,
            sides,
            door: 1,
        }
    }

    /// The same passage where a closed door on a side is crossed in one step, as if open:
    /// for counting steps (how far apart two places are) rather than actions.
    pub fn doors_as_steps(self) -> Passage<'a> {
        Passage { door: 0, ..self }
    }

    /// The terrain searched over.
    pub fn grid(&self) -> &'a Grid<Terrain> {
        self.grid
    }

    /// Whether the plain hex searches answer for this passage: hexes (no move passes between
    /// tiles) and no feature on any side.
    pub(super) fn plain_hexes(&self) -> bool {
        self.grid.tiling() == crate::geom::Tiling::Hex && !self.sides.any()
    }

    /// Whether a move through a corner may not pass beside storage index `i`: a wall, a
    /// closed door, or no tile.
    #[inline]
    pub(super) fn pinches(&self, i: usize) -> bool {
        !self.grid.is_tile(i) || self.grid.cells().get(i).is_none_or(|t| t.pinches())
    }

    /// What moves from storage index `i` cost beyond the tile entered, one bit a move in the
    /// order of the tiling's moves: `(may cross, costs an opening)`. A move that may cross
    /// but that sight does not is a step into a closed door on a side (a move through a
    /// corner crosses exactly where sight does).
    #[inline]
    pub(super) fn masks(&self, i: usize) -> (u8, u8) {
        let pass = self.sides.pass_mask(i);
        let opens = if self.door > 0 {
            pass & !self.sides.see_mask(i)
        } else {
            0
        };
        (pass, opens)
    }

    /// The actions an opening takes (see [`Passage::masks`]).
    #[inline]
    pub(super) fn door_cost(&self) -> u32 {
        self.door
    }

    /// The actions move `k` from storage index `i` takes to open a door before it crosses.
    pub(super) fn opening(&self, i: usize, k: usize) -> u32 {
        let (_, opens) = self.masks(i);
        if opens >> k & 1 == 1 { self.door } else { 0 }
    }
}
