//! The geometry of a grid's own tiling on its tiles, written as the rules use them: positions
//! as [`Hex`] values holding cells ([`Cell`]), moves by screen direction ([`Compass`]).
//!
//! On hexes every answer is the hex one ([`Hex::distance`], [`Hex::line_to`], neighbours in the
//! order of [`Direction::ALL`](crate::geom::Direction::ALL)), so the hex game is unchanged.

use super::Layout;
use crate::geom::{Cell, Compass, Hex, Move, Tiling};

impl Layout {
    /// The moves from the tile at `from`, in the tiling's order.
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Hex, StepKind};
    /// use hexdeep_tiling::grid::{Layout, Shape};
    /// let layout = Layout::of_shape(&Shape::Hexagon { radius: 1 }).unwrap();
    /// let moves: Vec<_> = layout.moves_at(Hex::ORIGIN).collect();
    /// assert_eq!(moves.len(), 6);
    /// assert!(moves.iter().all(|(to, m)| to.is_adjacent(Hex::ORIGIN) && m.kind == StepKind::Side));
    /// ```
    #[inline]
    pub fn moves_at(&self, from: Hex) -> impl Iterator<Item = (Hex, Move)> {
        let t = self.tiling();
        let moves = t.moves(t.class(Cell::from(from)));
        (0..moves.as_slice().len()).map(move |k| {
            let m = moves.as_slice()[k];
            (from + Hex::new(m.dx, m.dy), m)
        })
    }

    /// The tiles one move from `from` (on the map or not), in the tiling's order.
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Cell, Hex, Tiling};
    /// use hexdeep_tiling::grid::Layout;
    /// let layout = Layout::new(Tiling::Square, &[Cell::new(0, 0)]).unwrap();
    /// // Off the map too: eight squares around the one tile.
    /// assert_eq!(layout.neighbours(Hex::ORIGIN).count(), 8);
    /// ```
    #[inline]
    pub fn neighbours(&self, from: Hex) -> impl Iterator<Item = Hex> {
        self.moves_at(from).map(|(to, _)| to)
    }

    /// The move from `from` that goes `dir` on screen, if the tile has one that way.
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Compass, Hex};
    /// use hexdeep_tiling::grid::{Layout, Shape};
    /// let layout = Layout::of_shape(&Shape::Hexagon { radius: 1 }).unwrap();
    /// assert_eq!(layout.step(Hex::ORIGIN, Compass::E).map(|(to, _)| to), Some(Hex::new(1, 0)));
    /// // A hex has no side straight up.
    /// assert!(layout.step(Hex::ORIGIN, Compass::N).is_none());
    /// ```
    #[inline]
    pub fn step(&self, from: Hex, dir: Compass) -> Option<(Hex, Move)> {
        self.moves_at(from).find(|(_, m)| m.dir == dir)
    }

    /// The move from `a` to `b`, if `b` is one move away.
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Compass, Hex};
    /// use hexdeep_tiling::grid::{Layout, Shape};
    /// let layout = Layout::of_shape(&Shape::Hexagon { radius: 1 }).unwrap();
    /// assert_eq!(layout.move_between(Hex::ORIGIN, Hex::new(1, 1)).map(|m| m.dir), Some(Compass::SE));
    /// assert!(layout.move_between(Hex::ORIGIN, Hex::new(2, 1)).is_none());
    /// ```
    #[inline]
    pub fn move_between(&self, a: Hex, b: Hex) -> Option<Move> {
        self.moves_at(a).find(|&(to, _)| to == b).map(|(_, m)| m)
    }

    /// The index of the move from `a` to `b` among `a`'s moves ([`Layout::moves_at`]), with
    /// the move, if `b` is one move away.
    ///
    /// ```
    /// use hexdeep_tiling::geom::Hex;
    /// use hexdeep_tiling::grid::{Layout, Shape};
    /// let layout = Layout::of_shape(&Shape::Hexagon { radius: 1 }).unwrap();
    /// // West is the fourth of a hex's moves (E, NE, NW, W, SW, SE).
    /// assert_eq!(layout.move_index_between(Hex::ORIGIN, Hex::new(-1, 0)).map(|(i, _)| i), Some(3));
    /// ```
    #[inline]
    pub fn move_index_between(&self, a: Hex, b: Hex) -> Option<(usize, Move)> {
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
    /// assert!(squares.adjacent(Hex::new(0, 0), Hex::new(1, 1)));
    /// let hexes = Layout::of_hexes(&[Hex::ORIGIN]).unwrap();
    /// assert!(!hexes.adjacent(Hex::new(0, 0), Hex::new(1, -1)));
    /// ```
    #[inline]
    pub fn adjacent(&self, a: Hex, b: Hex) -> bool {
        self.move_between(a, b).is_some()
    }

    /// The screen direction of the move from `a` to `b`, if `b` is one move away.
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Cell, Compass, Hex, Tiling};
    /// use hexdeep_tiling::grid::Layout;
    /// let squares = Layout::new(Tiling::Square, &[Cell::new(0, 0)]).unwrap();
    /// assert_eq!(squares.direction(Hex::new(0, 0), Hex::new(0, -1)), Some(Compass::N));
    /// ```
    #[inline]
    pub fn direction(&self, a: Hex, b: Hex) -> Option<Compass> {
        self.move_between(a, b).map(|m| m.dir)
    }

    /// How far apart two tiles are: the cost of the cheapest path on open floor
    /// ([`Tiling::distance`]).
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Cell, Hex, Tiling};
    /// use hexdeep_tiling::grid::Layout;
    /// let squares = Layout::new(Tiling::Square, &[Cell::new(0, 0)]).unwrap();
    /// assert_eq!(squares.distance(Hex::new(0, 0), Hex::new(3, 2)), 3);
    /// let hexes = Layout::of_hexes(&[Hex::ORIGIN]).unwrap();
    /// assert_eq!(hexes.distance(Hex::new(0, 0), Hex::new(3, -2)), 5);
    /// ```
    #[inline]
    pub fn distance(&self, a: Hex, b: Hex) -> i32 {
        match self.tiling() {
            Tiling::Hex => a.distance(b),
            t => t.distance(Cell::from(a), Cell::from(b)),
        }
    }

    /// The tiles on the line from `a` to `b`, both ends included.
    ///
    /// ```
    /// use hexdeep_tiling::geom::Hex;
    /// use hexdeep_tiling::grid::{Layout, Shape};
    /// let layout = Layout::of_shape(&Shape::Hexagon { radius: 2 }).unwrap();
    /// assert_eq!(layout.line(Hex::new(-2, 0), Hex::new(2, 0)).len(), 5);
    /// assert_eq!(layout.line(Hex::new(-1, 1), Hex::new(2, 1)), Hex::new(-1, 1).line_to(Hex::new(2, 1)));
    /// ```
    #[inline]
    pub fn line(&self, a: Hex, b: Hex) -> Vec<Hex> {
        match self.tiling() {
            Tiling::Hex => a.line_to(b),
            t => t
                .line(Cell::from(a), Cell::from(b))
                .into_iter()
                .map(Hex::from)
                .collect(),
        }
    }

    /// The other line of sight from `a` to `b` ([`Tiling::line_minus`]).
    ///
    /// ```
    /// use hexdeep_tiling::geom::Hex;
    /// use hexdeep_tiling::grid::{Layout, Shape};
    /// let layout = Layout::of_shape(&Shape::Hexagon { radius: 2 }).unwrap();
    /// let (a, b) = (Hex::new(0, 0), Hex::new(-1, -2));
    /// assert_ne!(layout.line(a, b)[1], layout.line_minus(a, b)[1]);
    /// ```
    #[inline]
    pub fn line_minus(&self, a: Hex, b: Hex) -> Vec<Hex> {
        let t = self.tiling();
        let line = t.line_minus(Cell::from(a), Cell::from(b));
        line.into_iter().map(Hex::from).collect()
    }

    /// The positions at exactly `radius` from `centre` by [`Layout::distance`]: on hexes in the
    /// order of [`Hex::ring`], elsewhere row by row.
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Cell, Hex, Tiling};
    /// use hexdeep_tiling::grid::Layout;
    /// let hexes = Layout::of_hexes(&[Hex::ORIGIN]).unwrap();
    /// assert_eq!(hexes.ring(Hex::ORIGIN, 2), Hex::ORIGIN.ring(2));
    /// let squares = Layout::new(Tiling::Square, &[Cell::new(0, 0)]).unwrap();
    /// assert_eq!(squares.ring(Hex::ORIGIN, 1).len(), 8);
    /// ```
    #[inline]
    pub fn ring(&self, centre: Hex, radius: u32) -> Vec<Hex> {
        if self.tiling() == Tiling::Hex {
            return centre.ring(radius);
        }
        let r = radius.min(1 << 16) as i32;
        let want = i64::from(r);
        (-r..=r)
            .flat_map(|dy| (-2 * r - 1..=2 * r + 1).map(move |dx| (dx, dy)))
            .map(|(dx, dy)| centre + Hex::new(dx, dy))
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
        let want: Vec<Hex> = Direction::ALL.iter().map(|&d| at.neighbor(d)).collect();
        assert_eq!(g.neighbours(at).collect::<Vec<_>>(), want);
        for d in Direction::ALL {
            let dir = crate::geom::hex_compass(d);
            assert_eq!(g.step(at, dir).map(|s| s.0), Some(at.neighbor(d)));
            assert_eq!(g.direction(at, at.neighbor(d)), Some(dir));
        }
        assert_eq!(g.step(at, Compass::N), None);
        assert_eq!(g.distance(at, Hex::new(9, 2)), at.distance(Hex::new(9, 2)));
        assert_eq!(g.line(at, Hex::new(9, 2)), at.line_to(Hex::new(9, 2)));
        assert_eq!(g.ring(at, 2), at.ring(2));
    }

    #[test]
    fn rings_hold_the_tiles_at_their_distance() {
        for t in Tiling::ALL {
            let g = grid(t);
            let at = Hex::new(9, 4);
            for r in 0..4 {
                let ring = g.ring(at, r);
                assert!(ring.iter().all(|&h| g.distance(at, h) == r as i32), "{t}");
                let count = (-6..=6)
                    .flat_map(|dy| (-12..=12).map(move |dx| Hex::new(9 + dx, 4 + dy)))
                    .filter(|&h| g.distance(at, h) == r as i32)
                    .count();
                assert_eq!(ring.len(), count, "{t} radius {r}");
            }
        }
    }

    #[test]
    fn squares_step_eight_ways_and_triangles_six() {
        let g = grid(Tiling::Square);
        let at = Hex::new(5, 5);
        assert_eq!(g.neighbours(at).count(), 8);
        assert_eq!(g.step(at, Compass::N).map(|s| s.0), Some(Hex::new(5, 4)));
        assert!(g.adjacent(at, Hex::new(6, 6)));
        let g = grid(Tiling::Triangle);
        // Cell (5, 5) points down (5 + 5 even): N across its flat top, S through its tip.
        assert_eq!(g.step(at, Compass::N).map(|s| s.0), Some(Hex::new(5, 4)));
        assert_eq!(g.step(at, Compass::SW), None, "no move that way from here");
        let up = Hex::new(6, 5);
        assert_eq!(g.step(up, Compass::SW).map(|s| s.0), Some(Hex::new(4, 6)));
    }
}
