//! The geometry of a grid's own tiling on its tiles, written as the rules use them: positions
//! as [`Cell`]s, moves by screen direction ([`Compass`]).
//!
//! On hexes every answer is the hex one ([`Hex::distance`], [`Hex::line_to`], neighbours in the
//! order of [`Direction::ALL`](crate::geom::Direction::ALL)), so the hex game is unchanged.

use super::Layout;
use crate::geom::{Cell, Compass, Hex, Move, Tiling};

impl Layout {
    /// The moves from the tile at `from`, in the tiling's order.
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Cell, StepKind};
    /// use hexdeep_tiling::grid::{Layout, Shape};
    /// let layout = Layout::of_shape(&Shape::Hexagon { radius: 1 }).unwrap();
    /// let moves: Vec<_> = layout.moves_at(Cell::ORIGIN).collect();
    /// assert_eq!(moves.len(), 6);
    /// assert!(moves.iter().all(|(to, m)| layout.adjacent(*to, Cell::ORIGIN) && m.kind == StepKind::Side));
    /// ```
    #[inline]
    pub fn moves_at(&self, from: Cell) -> impl Iterator<Item = (Cell, Move)> {
        let t = self.tiling();
        let moves = t.moves(t.class(from));
        (0..moves.as_slice().len()).map(move |k| {
            let m = moves.as_slice()[k];
            (from.offset(m.dx, m.dy), m)
        })
    }

    /// The tiles one move from `from` (on the map or not), in the tiling's order.
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Cell, Tiling};
    /// use hexdeep_tiling::grid::Layout;
    /// let layout = Layout::new(Tiling::Square, &[Cell::new(0, 0)]).unwrap();
    /// // Off the map too: eight squares around the one tile.
    /// assert_eq!(layout.neighbours(Cell::ORIGIN).count(), 8);
    /// ```
    #[inline]
    pub fn neighbours(&self, from: Cell) -> impl Iterator<Item = Cell> {
        self.moves_at(from).map(|(to, _)| to)
    }

    /// The move from `from` that goes `dir` on screen, if the tile has one that way.
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Compass, Cell};
    /// use hexdeep_tiling::grid::{Layout, Shape};
    /// let layout = Layout::of_shape(&Shape::Hexagon { radius: 1 }).unwrap();
    /// assert_eq!(layout.step(Cell::ORIGIN, Compass::E).map(|(to, _)| to), Some(Cell::new(1, 0)));
    /// // A hex has no side straight up.
    /// assert!(layout.step(Cell::ORIGIN, Compass::N).is_none());
    /// ```
    #[inline]
    pub fn step(&self, from: Cell, dir: Compass) -> Option<(Cell, Move)> {
        self.moves_at(from).find(|(_, m)| m.dir == dir)
    }

    /// The move from `a` to `b`, if `b` is one move away.
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Compass, Cell};
    /// use hexdeep_tiling::grid::{Layout, Shape};
    /// let layout = Layout::of_shape(&Shape::Hexagon { radius: 1 }).unwrap();
    /// assert_eq!(layout.move_between(Cell::ORIGIN, Cell::new(1, 1)).map(|m| m.dir), Some(Compass::SE));
    /// assert!(layout.move_between(Cell::ORIGIN, Cell::new(2, 1)).is_none());
    /// ```
    #[inline]
    pub fn move_between(&self, a: Cell, b: Cell) -> Option<Move> {
        self.moves_at(a).find(|&(to, _)| to == b).map(|(_, m)| m)
    }

    /// The index of the move from `a` to `b` among `a`'s moves ([`Layout::moves_at`]), with
    /// the move, if `b` is one move away.
    ///
    /// ```
    /// use hexdeep_tiling::geom::Cell;
    /// use hexdeep_tiling::grid::{Layout, Shape};
    /// let layout = Layout::of_shape(&Shape::Hexagon { radius: 1 }).unwrap();
    /// // West is the fourth of a hex's moves (E, NE, NW, W, SW, SE).
    /// assert_eq!(layout.move_index_between(Cell::ORIGIN, Cell::new(-1, 0)).map(|(i, _)| i), Some(3));
    /// ```
    #[inline]
    pub fn move_index_between(&self, a: Cell, b: Cell) -> Option<(usize, Move)> {
        self.moves_at(a)
            .enumerate()
            .find(|(_, (to, _))| *to == b)
            .map(|(k, (_, m))| (k, m))
    }

    /// Whether `b` is one move from `a`.
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Cell, Hex, Tiling};
    /// use hexdeep_tiling::grid::Layout;
    /// let squares = Layout::new(Tiling::Square, &[Cell::new(0, 0)]).unwrap();
    /// assert!(squares.adjacent(Cell::new(0, 0), Cell::new(1, 1)));
    /// let hexes = Layout::of_hexes(&[Hex::ORIGIN]).unwrap();
    /// assert!(!hexes.adjacent(Cell::new(0, 0), Cell::new(1, -1)));
    /// ```
    #[inline]
    pub fn adjacent(&self, a: Cell, b: Cell) -> bool {
        self.move_between(a, b).is_some()
    }

    /// The screen direction of the move from `a` to `b`, if `b` is one move away.
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Cell, Compass, Tiling};
    /// use hexdeep_tiling::grid::Layout;
    /// let squares = Layout::new(Tiling::Square, &[Cell::new(0, 0)]).unwrap();
    /// assert_eq!(squares.direction(Cell::new(0, 0), Cell::new(0, -1)), Some(Compass::N));
    /// ```
    #[inline]
    pub fn direction(&self, a: Cell, b: Cell) -> Option<Compass> {
        self.move_between(a, b).map(|m| m.dir)
    }

    /// How far apart two tiles are: the cost of the cheapest path on open floor
    /// ([`Tiling::distance`]).
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Cell, Hex, Tiling};
    /// use hexdeep_tiling::grid::Layout;
    /// let squares = Layout::new(Tiling::Square, &[Cell::new(0, 0)]).unwrap();
    /// assert_eq!(squares.distance(Cell::new(0, 0), Cell::new(3, 2)), 3);
    /// let hexes = Layout::of_hexes(&[Hex::ORIGIN]).unwrap();
    /// assert_eq!(hexes.distance(Cell::new(0, 0), Cell::new(3, -2)), 5);
    /// ```
    #[inline]
    pub fn distance(&self, a: Cell, b: Cell) -> i32 {
        match self.tiling() {
            Tiling::Hex => Hex::from(a).distance(Hex::from(b)),
            t => t.distance(a, b),
        }
    }

    /// The tiles on the line from `a` to `b`, both ends included.
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Cell, Hex};
    /// use hexdeep_tiling::grid::{Layout, Shape};
    /// let layout = Layout::of_shape(&Shape::Hexagon { radius: 2 }).unwrap();
    /// assert_eq!(layout.line(Cell::new(-2, 0), Cell::new(2, 0)).len(), 5);
    /// let hexes = Hex::new(-1, 1).line_to(Hex::new(2, 1));
    /// assert_eq!(layout.line(Cell::new(-1, 1), Cell::new(2, 1)), hexes.into_iter().map(Cell::from).collect::<Vec<_>>());
    /// ```
    #[inline]
    pub fn line(&self, a: Cell, b: Cell) -> Vec<Cell> {
        self.tiling().line(a, b)
    }

    /// The other line of sight from `a` to `b` ([`Tiling::line_minus`]).
    ///
    /// ```
    /// use hexdeep_tiling::geom::Cell;
    /// use hexdeep_tiling::grid::{Layout, Shape};
    /// let layout = Layout::of_shape(&Shape::Hexagon { radius: 2 }).unwrap();
    /// let (a, b) = (Cell::new(0, 0), Cell::new(-1, -2));
    /// assert_ne!(layout.line(a, b)[1], layout.line_minus(a, b)[1]);
    /// ```
    #[inline]
    pub fn line_minus(&self, a: Cell, b: Cell) -> Vec<Cell> {
        self.tiling().line_minus(a, b)
    }

    /// The positions at exactly `radius` from `centre` by [`Layout::distance`]: on hexes in the
    /// order of [`Hex::ring`], elsewhere row by row.
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Cell, Hex, Tiling};
    /// use hexdeep_tiling::grid::Layout;
    /// let hexes = Layout::of_hexes(&[Hex::ORIGIN]).unwrap();
    /// let ring: Vec<Cell> = Hex::ORIGIN.ring(2).into_iter().map(Cell::from).collect();
    /// assert_eq!(hexes.ring(Cell::ORIGIN, 2), ring);
    /// let squares = Layout::new(Tiling::Square, &[Cell::new(0, 0)]).unwrap();
    /// assert_eq!(squares.ring(Cell::ORIGIN, 1).len(), 8);
    /// ```
    #[inline]
    pub fn ring(&self, centre: Cell, radius: u32) -> Vec<Cell> {
        if self.tiling() == Tiling::Hex {
            let ring = Hex::from(centre).ring(radius);
            return ring.into_iter().map(Cell::from).collect();
        }
        let r = radius.min(1 << 16) as i32;
        let want = i64::from(r);
        (-r..=r)
            .flat_map(|dy| (-2 * r - 1..=2 * r + 1).map(move |dx| (dx, dy)))
            .map(|(dx, dy)| centre.offset(dx, dy))
            .filter(|&h| i64::from(self.distance(centre, h)) == want)
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::Direction;
    use crate::grid::Grid;

    fn grid(tiling: Tiling) -> Grid<u8> {
        let cells: Vec<Cell> = (0..10)
            .flat_map(|y| (0..20).map(move |x| Cell::new(x, y)))
            .collect();
        Grid::from_cells(tiling, &cells, 0).unwrap()
    }

    #[test]
    fn on_hexes_everything_is_the_hex_geometry() {
        let g = grid(Tiling::Hex);
        let at = Hex::new(5, 5);
        let cells = |hexes: Vec<Hex>| hexes.into_iter().map(Cell::from).collect::<Vec<_>>();
        let want = cells(Direction::ALL.iter().map(|&d| at.neighbor(d)).collect());
        assert_eq!(g.neighbours(at.into()).collect::<Vec<_>>(), want);
        for d in Direction::ALL {
            let dir = crate::geom::hex_compass(d);
            let next = Cell::from(at.neighbor(d));
            assert_eq!(g.step(at.into(), dir).map(|s| s.0), Some(next));
            assert_eq!(g.direction(at.into(), next), Some(dir));
        }
        assert_eq!(g.step(at.into(), Compass::N), None);
        let far = Hex::new(9, 2);
        assert_eq!(g.distance(at.into(), far.into()), at.distance(far));
        assert_eq!(g.line(at.into(), far.into()), cells(at.line_to(far)));
        assert_eq!(g.ring(at.into(), 2), cells(at.ring(2)));
    }

    #[test]
    fn rings_hold_the_tiles_at_their_distance() {
        for t in Tiling::ALL {
            let g = grid(t);
            let at = Cell::new(9, 4);
            for r in 0..4 {
                let ring = g.ring(at, r);
                assert!(ring.iter().all(|&h| g.distance(at, h) == r as i32), "{t}");
                let count = (-6..=6)
                    .flat_map(|dy| (-12..=12).map(move |dx| Cell::new(9 + dx, 4 + dy)))
                    .filter(|&h| g.distance(at, h) == r as i32)
                    .count();
                assert_eq!(ring.len(), count, "{t} radius {r}");
            }
        }
    }

    #[test]
    fn squares_step_eight_ways_and_triangles_six() {
        let g = grid(Tiling::Square);
        let at = Cell::new(5, 5);
        assert_eq!(g.neighbours(at).count(), 8);
        assert_eq!(g.step(at, Compass::N).map(|s| s.0), Some(Cell::new(5, 4)));
        assert!(g.adjacent(at, Cell::new(6, 6)));
        let g = grid(Tiling::Triangle);
        // Cell (5, 5) points down (5 + 5 even): N across its flat top, S through its tip.
        assert_eq!(g.step(at, Compass::N).map(|s| s.0), Some(Cell::new(5, 4)));
        assert_eq!(g.step(at, Compass::SW), None, "no move that way from here");
        let up = Cell::new(6, 5);
        assert_eq!(g.step(up, Compass::SW).map(|s| s.0), Some(Cell::new(4, 6)));
    }
}
