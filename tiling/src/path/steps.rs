//! A path as a checked sequence of steps: each tile one move of its tiling from the one before.

use crate::geom::{Cell, Compass, Move, Tiling};

/// Why a list of tiles is no path.
///
/// ```
/// use hexdeep_tiling::geom::{Cell, Tiling};
/// use hexdeep_tiling::path::{NotAStep, TilePath};
/// let tiles = vec![Cell::new(0, 0), Cell::new(1, 0), Cell::new(3, 0)];
/// let err = TilePath::new(Tiling::Hex, tiles).unwrap_err();
/// assert_eq!(err, NotAStep { index: 2 });
/// assert_eq!(err.to_string(), "tile 2 of the path is not one move from the tile before it");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("tile {index} of the path is not one move from the tile before it")]
pub struct NotAStep {
    /// The index in the list of the first tile that does not follow.
    pub index: usize,
}

/// Tiles of one tiling, each one move from the one before (a single tile is a path of no
/// steps; so is none).
///
/// ```
/// use hexdeep_tiling::geom::{Cell, Compass, Tiling};
/// use hexdeep_tiling::path::TilePath;
///
/// let path = TilePath::new(Tiling::Square, vec![Cell::new(0, 0), Cell::new(1, 1), Cell::new(1, 2)]).unwrap();
/// assert_eq!(path.directions(), [Compass::SE, Compass::S]);
/// assert!(TilePath::new(Tiling::Square, vec![Cell::new(0, 0), Cell::new(2, 0)]).is_err());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TilePath {
    tiling: Tiling,
    tiles: Vec<Cell>,
    moves: Vec<Move>,
}

impl TilePath {
    /// The path through `tiles` in order, or the first tile that is not one move from the
    /// tile before it.
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Cell, Tiling};
    /// use hexdeep_tiling::path::TilePath;
    /// assert!(TilePath::new(Tiling::Hex, vec![Cell::new(0, 0), Cell::new(1, 1)]).is_ok());
    /// // (1, −1) is no hex neighbour of (0, 0).
    /// assert!(TilePath::new(Tiling::Hex, vec![Cell::new(0, 0), Cell::new(1, -1)]).is_err());
    /// ```
    pub fn new(tiling: Tiling, tiles: Vec<Cell>) -> Result<TilePath, NotAStep> {
        let mut moves = Vec::with_capacity(tiles.len().saturating_sub(1));
        for (k, pair) in tiles.windows(2).enumerate() {
            let (a, b) = (pair[0], pair[1]);
            let step = tiling
                .moves(tiling.class(a))
                .as_slice()
                .iter()
                .find(|m| a.offset(m.dx, m.dy) == b)
                .copied()
                .ok_or(NotAStep { index: k + 1 })?;
            moves.push(step);
        }
        Ok(TilePath {
            tiling,
            tiles,
            moves,
        })
    }

    /// The path from `start` taking each direction in turn, or the index of the first
    /// direction with no move from the tile reached (a triangle has six of the eight).
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Cell, Compass, Tiling};
    /// use hexdeep_tiling::path::TilePath;
    /// let steps = [Compass::E, Compass::E, Compass::S];
    /// let path = TilePath::from_directions(Tiling::Square, Cell::new(0, 0), &steps).unwrap();
    /// assert_eq!(path.tiles().last(), Some(&Cell::new(2, 1)));
    /// // A hex has no step straight north.
    /// assert_eq!(TilePath::from_directions(Tiling::Hex, Cell::new(0, 0), &[Compass::N]).unwrap_err().index, 1);
    /// ```
    pub fn from_directions(
        tiling: Tiling,
        start: Cell,
        directions: &[Compass],
    ) -> Result<TilePath, NotAStep> {
        let mut tiles = vec![start];
        for (k, &dir) in directions.iter().enumerate() {
            let at = tiles[tiles.len() - 1];
            let moves = tiling.moves(tiling.class(at));
            let step = moves
                .as_slice()
                .iter()
                .find(|m| m.dir == dir)
                .ok_or(NotAStep { index: k + 1 })?;
            tiles.push(at.offset(step.dx, step.dy));
        }
        TilePath::new(tiling, tiles)
    }

    /// The tiling of the path.
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Cell, Tiling};
    /// use hexdeep_tiling::path::TilePath;
    /// assert_eq!(TilePath::new(Tiling::Square, vec![Cell::new(0, 0)]).unwrap().tiling(), Tiling::Square);
    /// ```
    pub fn tiling(&self) -> Tiling {
        self.tiling
    }

    /// The tiles, the start first.
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Cell, Tiling};
    /// use hexdeep_tiling::path::TilePath;
    /// let tiles = vec![Cell::new(0, 0), Cell::new(0, 1)];
    /// assert_eq!(TilePath::new(Tiling::Square, tiles.clone()).unwrap().tiles(), tiles);
    /// ```
    pub fn tiles(&self) -> &[Cell] {
        &self.tiles
    }

    /// The moves, one per step.
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Cell, StepKind, Tiling};
    /// use hexdeep_tiling::path::TilePath;
    /// let path = TilePath::new(Tiling::Square, vec![Cell::new(0, 0), Cell::new(1, 1), Cell::new(1, 2)]).unwrap();
    /// let kinds: Vec<StepKind> = path.moves().iter().map(|m| m.kind).collect();
    /// assert_eq!(kinds, [StepKind::Corner, StepKind::Side]);
    /// ```
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The direction of each step on screen.
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Cell, Compass, Tiling};
    /// use hexdeep_tiling::path::TilePath;
    /// let path = TilePath::new(Tiling::Hex, vec![Cell::new(0, 0), Cell::new(1, 0), Cell::new(1, -1)]).unwrap();
    /// assert_eq!(path.directions(), [Compass::E, Compass::NE]);
    /// ```
    pub fn directions(&self) -> Vec<Compass> {
        self.moves.iter().map(|m| m.dir).collect()
    }

    /// How many steps the path takes.
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Cell, Tiling};
    /// use hexdeep_tiling::path::TilePath;
    /// let path = TilePath::new(Tiling::Hex, vec![Cell::new(0, 0), Cell::new(1, 0), Cell::new(2, 0)]).unwrap();
    /// assert_eq!(path.len(), 2);
    /// ```
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Whether the path takes no step.
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Cell, Tiling};
    /// use hexdeep_tiling::path::TilePath;
    /// assert!(TilePath::new(Tiling::Hex, vec![Cell::new(4, 4)]).unwrap().is_empty());
    /// assert!(TilePath::new(Tiling::Hex, vec![]).unwrap().is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// What walking it costs: for each step, `enter` of the tile entered plus what the
    /// move's kind adds (a triangle's step through a corner costs one more).
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Cell, StepKind, Tiling};
    /// use hexdeep_tiling::path::TilePath;
    /// // A triangle's step through a corner costs one more than the tile entered.
    /// let moves = Tiling::Triangle.moves(0);
    /// let corner = moves.as_slice().iter().find(|m| m.kind == StepKind::Corner).unwrap();
    /// let path = TilePath::new(Tiling::Triangle, vec![Cell::new(0, 0), Cell::new(corner.dx, corner.dy)]).unwrap();
    /// assert_eq!(path.cost(|_| 1), 2);
    /// ```
    pub fn cost(&self, enter: impl Fn(Cell) -> u32) -> u32 {
        self.tiles[1.min(self.tiles.len())..]
            .iter()
            .zip(&self.moves)
            .map(|(&c, m)| enter(c).saturating_add(m.extra_cost))
            .fold(0, u32::saturating_add)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn tiling() -> impl Strategy<Value = Tiling> {
        prop_oneof![
            Just(Tiling::Hex),
            Just(Tiling::Square),
            Just(Tiling::Triangle)
        ]
    }

    proptest! {
        #[test]
        fn a_walk_of_moves_is_a_path_its_directions_retrace(
            t in tiling(), picks in proptest::collection::vec(0usize..8, 0..30),
        ) {
            let mut tiles = vec![Cell::new(3, 5)];
            for k in picks {
                let at = tiles[tiles.len() - 1];
                let moves = t.moves(t.class(at));
                let m = moves.as_slice()[k % moves.as_slice().len()];
                tiles.push(at.offset(m.dx, m.dy));
            }
            let path = TilePath::new(t, tiles.clone()).unwrap();
            prop_assert_eq!(path.len() + 1, tiles.len());
            let again = TilePath::from_directions(t, tiles[0], &path.directions()).unwrap();
            prop_assert_eq!(again.tiles(), &tiles[..]);
            // Each step costs at least the tiling's distance it covers.
            let cost = path.cost(|_| 1);
            let far = t.distance(tiles[0], tiles[tiles.len() - 1]);
            prop_assert!(i64::from(cost) >= i64::from(far));
        }

        #[test]
        fn a_gap_is_refused_where_it_is(t in tiling(), at in 1usize..6) {
            // East is one column on every tiling (on triangles from one triangle to the
            // next along the row).
            let tiles: Vec<Cell> = (0..7).map(|x| Cell::new(x, 4)).collect();
            prop_assert!(TilePath::new(t, tiles.clone()).is_ok());
            let mut broken = tiles;
            for c in &mut broken[at..] {
                *c = c.offset(3, 0);
            }
            prop_assert_eq!(TilePath::new(t, broken).unwrap_err(), NotAStep { index: at });
        }
    }

    #[test]
    fn a_triangles_step_through_a_corner_costs_one_more() {
        let t = Tiling::Triangle;
        // Cell (4, 2) points down: south through its tip is a corner step.
        let path = TilePath::from_directions(t, Cell::new(4, 2), &[Compass::S]).unwrap();
        assert_eq!(path.cost(|_| 1), 2);
        let across = TilePath::from_directions(t, Cell::new(4, 2), &[Compass::E]).unwrap();
        assert_eq!(across.cost(|_| 1), 1);
        assert!(TilePath::from_directions(t, Cell::new(4, 2), &[Compass::SW]).is_err());
    }
}
