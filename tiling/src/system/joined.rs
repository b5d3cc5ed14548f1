//! Hex grids joined by seams and portals into one space (ARCHITECTURE.md, "Grid systems").
//!
//! A seam glues the side of one tile to another tile, of the same grid or another, with a
//! turn: a step across it lands on the tile beyond, and every direction after it is turned
//! by that many sixths of a circle (counter-clockwise, [`Direction::counter_clockwise`]). A
//! portal is a seam between tiles that are not neighbours in the plane; a seam on a side that
//! has a tile beyond it in the plane replaces that neighbour.
//!
//! A line, and so field of view, is walked step by step in the plane of the viewer: where it
//! crosses a seam it goes on beyond, the rest of its steps turned. Searches count a step
//! across a seam like any other. Where no seam leaves a grid's edge, the edge ends the space.

use crate::geom::{Cell, Direction, Hex, Tiling};
use crate::grid::Layout;
use std::cmp::Reverse;
use std::collections::{BTreeMap, BTreeSet, BinaryHeap};

/// A tile of a joined system: the grid it is on and its cell there.
///
/// ```
/// use hexdeep_tiling::geom::Cell;
/// use hexdeep_tiling::grid::{Layout, Shape};
/// use hexdeep_tiling::system::{Joined, Place};
/// let room = Layout::of_shape(&Shape::Hexagon { radius: 2 }).unwrap();
/// let rooms = Joined::new(vec![room.clone(), room]).unwrap();
/// assert!(rooms.contains(Place::new(1, Cell::new(0, 0))));
/// assert!(!rooms.contains(Place::new(2, Cell::new(0, 0))));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Place {
    /// The grid's number, its place in the list the system was made from.
    pub grid: usize,
    /// The tile's cell in that grid.
    pub cell: Cell,
}

impl Place {
    /// The tile at `cell` of grid `grid`.
    ///
    /// ```
    /// use hexdeep_tiling::geom::Cell;
    /// use hexdeep_tiling::system::Place;
    /// let p = Place::new(1, Cell::new(-2, 0));
    /// assert_eq!((p.grid, p.cell), (1, Cell::new(-2, 0)));
    /// ```
    pub const fn new(grid: usize, cell: Cell) -> Place {
        Place { grid, cell }
    }
}

/// A seam: the side of `from` that faces `dir` is glued to `to`, so that a step from `from`
/// going `dir` lands on `to` with every later direction turned by `turn` sixths; the way back
/// is the reverse (a step from `to` going `dir` turned and reversed lands on `from`).
///
/// ```
/// use hexdeep_tiling::{geom::{Cell, Direction}, grid::{Layout, Shape}};
/// use hexdeep_tiling::system::{Joined, Place, Seam};
/// let room = Layout::of_shape(&Shape::Hexagon { radius: 2 }).unwrap();
/// let mut rooms = Joined::new(vec![room.clone(), room]).unwrap();
/// // The two rooms' east corners glued together, the second turned half round.
/// let (a, b) = (Place::new(0, Cell::new(2, 0)), Place::new(1, Cell::new(2, 0)));
/// rooms.join(Seam { from: a, dir: Direction::E, to: b, turn: 3 }).unwrap();
/// assert_eq!(rooms.step(a, Direction::E), Some((b, 3)));
/// assert_eq!(rooms.step(b, Direction::E), Some((a, 3)));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Seam {
    /// The tile on the near side.
    pub from: Place,
    /// The side of `from` that is glued.
    pub dir: Direction,
    /// The tile on the far side.
    pub to: Place,
    /// The turn a step across applies, in sixths of a circle counter-clockwise (0 to 5).
    pub turn: u8,
}

/// Why grids could not be joined.
///
/// ```
/// use hexdeep_tiling::{geom::{Cell, Direction, Tiling}, grid::{Layout, Shape}};
/// use hexdeep_tiling::system::{JoinError, Joined, Place, Seam};
/// let squares = Layout::new(Tiling::Square, &[Cell::new(0, 0)]).unwrap();
/// assert_eq!(Joined::new(vec![squares]).unwrap_err(), JoinError::NotHex(0));
/// let mut one = Joined::new(vec![Layout::of_shape(&Shape::Hexagon { radius: 1 }).unwrap()]).unwrap();
/// let (a, far) = (Place::new(0, Cell::new(1, 0)), Place::new(0, Cell::new(5, 0)));
/// assert_eq!(one.join(Seam { from: a, dir: Direction::E, to: far, turn: 0 }), Err(JoinError::NoTile(far)));
/// assert_eq!(one.join(Seam { from: a, dir: Direction::E, to: a, turn: 6 }), Err(JoinError::Turn(6)));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum JoinError {
    /// Joined systems are made of hex grids.
    #[error("grid {0} is not a hex grid: only hex grids are joined by seams")]
    NotHex(usize),
    /// An end of a seam is no tile of the system.
    #[error("grid {grid} has no tile at ({x}, {y})", grid = .0.grid, x = .0.cell.x, y = .0.cell.y)]
    NoTile(Place),
    /// A side already has a seam.
    #[error("the side {dir:?} of ({x}, {y}) in grid {grid} already has a seam", dir = .1, grid = .0.grid, x = .0.cell.x, y = .0.cell.y)]
    Taken(Place, Direction),
    /// A turn of six sixths or more.
    #[error("a seam turns by 0 to 5 sixths of a circle, not {0}")]
    Turn(u8),
}

/// Hex grids joined by seams and portals.
///
/// ```
/// use hexdeep_tiling::geom::{Cell, Direction, Hex};
/// use hexdeep_tiling::grid::{Layout, Shape};
/// use hexdeep_tiling::system::{Joined, Place, Seam};
///
/// let room = Layout::of_shape(&Shape::Hexagon { radius: 2 }).unwrap();
/// let mut rooms = Joined::new(vec![room.clone(), room]).unwrap();
/// // East of room 0's east corner is room 1's west corner.
/// let (door, beyond) = (Place::new(0, Cell::new(2, 0)), Place::new(1, Cell::new(-2, 0)));
/// rooms.join(Seam { from: door, dir: Direction::E, to: beyond, turn: 0 }).unwrap();
/// assert_eq!(rooms.step(door, Direction::E), Some((beyond, 0)));
/// assert_eq!(rooms.step(beyond, Direction::W), Some((door, 0)));
/// // Room 1's centre is two steps past the door, and seen from room 0's centre.
/// let (here, there) = (Place::new(0, Cell::new(0, 0)), Place::new(1, Cell::new(0, 0)));
/// assert_eq!(rooms.distance(here, there), Some(5));
/// assert!(rooms.field_of_view(|_| false, here, 5).contains(&there));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Joined {
    layouts: Vec<Layout>,
    seams: BTreeMap<(Place, Direction), (Place, u8)>,
}

/// `dir` turned by `turn` sixths counter-clockwise.
fn turned(dir: Direction, turn: u8) -> Direction {
    Direction::ALL[(dir.index() + usize::from(turn)) % 6]
}

impl Joined {
    /// The hex grids `layouts`, not yet joined.
    ///
    /// ```
    /// use hexdeep_tiling::grid::{Layout, Shape};
    /// use hexdeep_tiling::system::Joined;
    /// let room = Layout::of_shape(&Shape::Hexagon { radius: 2 }).unwrap();
    /// assert_eq!(Joined::new(vec![room.clone(), room]).unwrap().layouts().len(), 2);
    /// ```
    pub fn new(layouts: Vec<Layout>) -> Result<Joined, JoinError> {
        if let Some(k) = layouts.iter().position(|l| l.tiling() != Tiling::Hex) {
            return Err(JoinError::NotHex(k));
        }
        Ok(Joined {
            layouts,
            seams: BTreeMap::new(),
        })
    }

    /// The grids, by number.
    ///
    /// ```
    /// use hexdeep_tiling::grid::{Layout, Shape};
    /// use hexdeep_tiling::system::Joined;
    /// let small = Layout::of_shape(&Shape::Hexagon { radius: 1 }).unwrap();
    /// let big = Layout::of_shape(&Shape::Hexagon { radius: 3 }).unwrap();
    /// let system = Joined::new(vec![small, big]).unwrap();
    /// assert_eq!(system.layouts()[1].len(), 37);
    /// ```
    pub fn layouts(&self) -> &[Layout] {
        &self.layouts
    }

    /// Whether `place` is a tile of the system.
    ///
    /// ```
    /// use hexdeep_tiling::geom::Cell;
    /// use hexdeep_tiling::grid::{Layout, Shape};
    /// use hexdeep_tiling::system::{Joined, Place};
    /// let system = Joined::new(vec![Layout::of_shape(&Shape::Hexagon { radius: 2 }).unwrap()]).unwrap();
    /// assert!(system.contains(Place::new(0, Cell::new(2, 0))));
    /// assert!(!system.contains(Place::new(0, Cell::new(3, 0))));
    /// ```
    pub fn contains(&self, place: Place) -> bool {
        self.layouts
            .get(place.grid)
            .is_some_and(|l| l.contains(place.cell))
    }

    /// Glues a seam, both ways. Refused when an end is no tile, the turn is 6 or more, or
    /// either side already has a seam.
    ///
    /// ```
    /// use hexdeep_tiling::{geom::{Cell, Direction}, grid::{Layout, Shape}};
    /// use hexdeep_tiling::system::{JoinError, Joined, Place, Seam};
    /// let room = Layout::of_shape(&Shape::Hexagon { radius: 2 }).unwrap();
    /// let mut rooms = Joined::new(vec![room.clone(), room]).unwrap();
    /// let (door, beyond) = (Place::new(0, Cell::new(2, 0)), Place::new(1, Cell::new(-2, 0)));
    /// let seam = Seam { from: door, dir: Direction::E, to: beyond, turn: 0 };
    /// assert_eq!(rooms.join(seam), Ok(()));
    /// assert_eq!(rooms.join(seam), Err(JoinError::Taken(seam.from, Direction::E)));
    /// ```
    pub fn join(&mut self, seam: Seam) -> Result<(), JoinError> {
        for end in [seam.from, seam.to] {
            if !self.contains(end) {
                return Err(JoinError::NoTile(end));
            }
        }
        if seam.turn >= 6 {
            return Err(JoinError::Turn(seam.turn));
        }
        let back = turned(seam.dir, seam.turn).opposite();
        for key in [(seam.from, seam.dir), (seam.to, back)] {
            if self.seams.contains_key(&key) {
                return Err(JoinError::Taken(key.0, key.1));
            }
        }
        let undo = (6 - seam.turn) % 6;
        self.seams
            .insert((seam.from, seam.dir), (seam.to, seam.turn));
        self.seams.insert((seam.to, back), (seam.from, undo));
        Ok(())
    }

    /// Where a step from `from` going `dir` lands, with the turn it applies: across a seam
    /// on that side, else the neighbour in the plane when it is a tile of the same grid.
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Cell, Direction};
    /// use hexdeep_tiling::grid::{Layout, Shape};
    /// use hexdeep_tiling::system::{Joined, Place};
    /// let system = Joined::new(vec![Layout::of_shape(&Shape::Hexagon { radius: 2 }).unwrap()]).unwrap();
    /// let edge = Place::new(0, Cell::new(2, 0));
    /// assert_eq!(system.step(edge, Direction::W), Some((Place::new(0, Cell::new(1, 0)), 0)));
    /// // No seam there and no tile of the grid: the step leaves the space.
    /// assert_eq!(system.step(edge, Direction::E), None);
    /// ```
    pub fn step(&self, from: Place, dir: Direction) -> Option<(Place, u8)> {
        if let Some(&beyond) = self.seams.get(&(from, dir)) {
            return Some(beyond);
        }
        let next = Place::new(from.grid, Cell::from(Hex::from(from.cell) + dir.offset()));
        self.contains(next).then_some((next, 0))
    }

    /// The tiles one step from `from`, with the direction (in `from`'s grid) that reaches
    /// each.
    ///
    /// ```
    /// use hexdeep_tiling::{geom::{Cell, Direction}, grid::{Layout, Shape}};
    /// use hexdeep_tiling::system::{Joined, Place, Seam};
    /// let room = Layout::of_shape(&Shape::Hexagon { radius: 2 }).unwrap();
    /// let mut rooms = Joined::new(vec![room.clone(), room]).unwrap();
    /// let (door, beyond) = (Place::new(0, Cell::new(2, 0)), Place::new(1, Cell::new(-2, 0)));
    /// assert_eq!(rooms.neighbours(door).len(), 3);
    /// rooms.join(Seam { from: door, dir: Direction::E, to: beyond, turn: 0 }).unwrap();
    /// assert!(rooms.neighbours(door).contains(&(beyond, Direction::E)));
    /// ```
    pub fn neighbours(&self, from: Place) -> Vec<(Place, Direction)> {
        Direction::ALL
            .into_iter()
            .filter_map(|d| self.step(from, d).map(|(p, _)| (p, d)))
            .collect()
    }

    /// The tiles a walk from `from` visits taking `steps` (as seen from `from`'s grid), each
    /// with the turn gathered so far; `from` first. It stops where a step leaves the space.
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Cell, Direction};
    /// use hexdeep_tiling::system::Place;
    /// // The two rooms of the example on `Joined`, room 0's (2, 0) glued east to room 1's (−2, 0).
    /// # use hexdeep_tiling::{grid::{Layout, Shape}, system::{Joined, Seam}};
    /// # let room = Layout::of_shape(&Shape::Hexagon { radius: 2 }).unwrap();
    /// # let mut rooms = Joined::new(vec![room.clone(), room]).unwrap();
    /// let (door, beyond) = (Place::new(0, Cell::new(2, 0)), Place::new(1, Cell::new(-2, 0)));
    /// # rooms.join(Seam { from: door, dir: Direction::E, to: beyond, turn: 0 }).unwrap();
    /// let walked = rooms.walk(Place::new(0, Cell::new(0, 0)), &[Direction::E; 3]);
    /// assert_eq!(walked.len(), 4);
    /// assert_eq!(walked[3], (beyond, 0));
    /// ```
    pub fn walk(&self, from: Place, steps: &[Direction]) -> Vec<(Place, u8)> {
        let mut out = Vec::with_capacity(steps.len() + 1);
        let (mut at, mut turn) = (from, 0u8);
        out.push((at, turn));
        for &dir in steps {
            let Some((next, extra)) = self.step(at, turned(dir, turn)) else {
                break;
            };
            (at, turn) = (next, (turn + extra) % 6);
            out.push((at, turn));
        }
        out
    }

    /// The tiles of the line from `from` to the tile `offset` away in `from`'s plane
    /// (`line⁺`, or `line⁻` when `minus`), walked across the seams: shorter than the line
    /// when it leaves the space.
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Cell, Direction, Hex};
    /// use hexdeep_tiling::system::Place;
    /// // The two rooms of the example on `Joined`, room 0's (2, 0) glued east to room 1's (−2, 0).
    /// # use hexdeep_tiling::{grid::{Layout, Shape}, system::{Joined, Seam}};
    /// # let room = Layout::of_shape(&Shape::Hexagon { radius: 2 }).unwrap();
    /// # let mut rooms = Joined::new(vec![room.clone(), room]).unwrap();
    /// let (door, beyond) = (Place::new(0, Cell::new(2, 0)), Place::new(1, Cell::new(-2, 0)));
    /// # rooms.join(Seam { from: door, dir: Direction::E, to: beyond, turn: 0 }).unwrap();
    /// let line = rooms.line(Place::new(0, Cell::new(0, 0)), Hex::new(4, 0), false);
    /// assert_eq!(line.last(), Some(&(Place::new(1, Cell::new(-1, 0)), 0)));
    /// ```
    pub fn line(&self, from: Place, offset: Hex, minus: bool) -> Vec<(Place, u8)> {
        let (a, b) = (Cell::new(0, 0), Cell::from(offset));
        let plane = if minus {
            Tiling::Hex.line_minus(a, b)
        } else {
            Tiling::Hex.line(a, b)
        };
        let steps: Vec<Direction> = plane
            .windows(2)
            .filter_map(|w| Direction::from_offset(Hex::from(w[1]) - Hex::from(w[0])))
            .collect();
        self.walk(from, &steps)
    }
}

impl Joined {
    /// The tiles visible from `origin` within `radius` steps in its plane (at most 1,024),
    /// where `blocks(p)` says whether `p` blocks sight, in order of place: the field of view
    /// of ARCHITECTURE.md walked across the seams. A tile is seen by the first rule when one
    /// of its two lines, walked from the origin, reaches it with no tile before it blocking
    /// (a line that leaves the space sees nothing beyond); a tile that blocks sight is seen
    /// by the second rule from a tile next to it that the first rule sees, that does not
    /// block and that is no farther in the plane.
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Cell, Direction};
    /// use hexdeep_tiling::system::Place;
    /// // The two rooms of the example on `Joined`, room 0's (2, 0) glued east to room 1's (−2, 0).
    /// # use hexdeep_tiling::{grid::{Layout, Shape}, system::{Joined, Seam}};
    /// # let room = Layout::of_shape(&Shape::Hexagon { radius: 2 }).unwrap();
    /// # let mut rooms = Joined::new(vec![room.clone(), room]).unwrap();
    /// let (door, beyond) = (Place::new(0, Cell::new(2, 0)), Place::new(1, Cell::new(-2, 0)));
    /// # rooms.join(Seam { from: door, dir: Direction::E, to: beyond, turn: 0 }).unwrap();
    /// // A wall on the door: it shows, the room behind it does not.
    /// let seen = rooms.field_of_view(|p| p == door, Place::new(0, Cell::new(0, 0)), 5);
    /// assert!(seen.contains(&door) && !seen.contains(&beyond));
    /// ```
    pub fn field_of_view(
        &self,
        blocks: impl Fn(Place) -> bool,
        origin: Place,
        radius: u32,
    ) -> Vec<Place> {
        if !self.contains(origin) {
            return Vec::new();
        }
        let r = i32::try_from(radius.min(1024)).unwrap_or(1024);
        let mut seen = BTreeSet::new();
        let mut open_ends = Vec::new();
        for offset in Hex::ORIGIN.range(r as u32) {
            let steps = offset.length() as usize;
            for minus in [false, true] {
                let line = self.line(origin, offset, minus);
                let clear = line.len() == steps + 1
                    && line[1..steps.max(1)].iter().all(|&(p, _)| !blocks(p));
                if !clear {
                    continue;
                }
                let end = line[steps];
                seen.insert(end.0);
                if !blocks(end.0) {
                    open_ends.push((offset, end));
                }
            }
        }
        for (offset, (at, turn)) in open_ends {
            for d in Direction::ALL {
                let next = offset + d.offset();
                if next.length() > r || next.length() < offset.length() {
                    continue;
                }
                match self.step(at, turned(d, turn)) {
                    Some((p, _)) if blocks(p) => {
                        seen.insert(p);
                    }
                    _ => {}
                }
            }
        }
        seen.into_iter().collect()
    }

    /// The cheapest cost from any of `sources` to every tile it reaches for at most `limit`,
    /// where `cost(p)` is the cost of entering `p` (`None`: it cannot be entered; below 1
    /// counts as 1). Sources cost 0. In order of place.
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Cell, Direction};
    /// use hexdeep_tiling::system::Place;
    /// // The two rooms of the example on `Joined`, room 0's (2, 0) glued east to room 1's (−2, 0).
    /// # use hexdeep_tiling::{grid::{Layout, Shape}, system::{Joined, Seam}};
    /// # let room = Layout::of_shape(&Shape::Hexagon { radius: 2 }).unwrap();
    /// # let mut rooms = Joined::new(vec![room.clone(), room]).unwrap();
    /// let (door, beyond) = (Place::new(0, Cell::new(2, 0)), Place::new(1, Cell::new(-2, 0)));
    /// # rooms.join(Seam { from: door, dir: Direction::E, to: beyond, turn: 0 }).unwrap();
    /// let costs = rooms.costs(|_| Some(2), &[Place::new(0, Cell::new(0, 0))], 6);
    /// assert_eq!(costs.get(&beyond), Some(&6));
    /// assert_eq!(costs.get(&Place::new(1, Cell::new(-1, 0))), None);
    /// ```
    pub fn costs(
        &self,
        cost: impl Fn(Place) -> Option<u32>,
        sources: &[Place],
        limit: u32,
    ) -> BTreeMap<Place, u32> {
        let mut best: BTreeMap<Place, u32> = BTreeMap::new();
        let mut queue = BinaryHeap::new();
        for &s in sources.iter().filter(|&&s| self.contains(s)) {
            if best.insert(s, 0).is_none() {
                queue.push(Reverse((0u32, s)));
            }
        }
        while let Some(Reverse((d, here))) = queue.pop() {
            if best.get(&here) != Some(&d) {
                continue;
            }
            for (to, _) in self.neighbours(here) {
                let Some(c) = cost(to) else { continue };
                let nd = d.saturating_add(c.max(1));
                if nd <= limit && best.get(&to).is_none_or(|&b| nd < b) {
                    best.insert(to, nd);
                    queue.push(Reverse((nd, to)));
                }
            }
        }
        best
    }

    /// The fewest steps from `a` to `b` across the seams, or `None` when `b` cannot be
    /// reached.
    ///
    /// ```
    /// use hexdeep_tiling::{geom::Cell, grid::{Layout, Shape}, system::{Joined, Place}};
    /// let room = Layout::of_shape(&Shape::Hexagon { radius: 2 }).unwrap();
    /// let rooms = Joined::new(vec![room.clone(), room]).unwrap();
    /// let (a, b) = (Place::new(0, Cell::new(-2, 0)), Place::new(0, Cell::new(2, 0)));
    /// assert_eq!(rooms.distance(a, b), Some(4));
    /// // No seam yet: the second room cannot be reached.
    /// assert_eq!(rooms.distance(a, Place::new(1, Cell::new(0, 0))), None);
    /// ```
    pub fn distance(&self, a: Place, b: Place) -> Option<u32> {
        self.costs(|_| Some(1), &[a], u32::MAX).get(&b).copied()
    }
}

#[cfg(test)]
#[path = "joined_tests.rs"]
mod tests;
