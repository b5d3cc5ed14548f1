//! Collections of tiles: sets over a grid's storage with the set operations, flood fill,
//! connected regions, and a region's outline as closed sequences of its sides and corners.

use super::Grid;
use crate::geom::{Corner, Side, Tiling};
use std::collections::{BTreeMap, BTreeSet, VecDeque};

/// A set of storage indices of one grid, one bit each. Indices past the storage are never in
/// it (inserting one does nothing), so a set made for a grid can be read with any index.
///
/// ```
/// use hexdeep_tiling::grid::TileSet;
/// let a: TileSet = [1, 2, 3].into_iter().collect();
/// let b: TileSet = [3, 4].into_iter().collect();
/// assert_eq!(a.union(&b).iter().collect::<Vec<_>>(), [1, 2, 3, 4]);
/// assert_eq!(a.intersection(&b).iter().collect::<Vec<_>>(), [3]);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TileSet {
    words: Vec<u64>,
    len: usize,
}

impl TileSet {
    /// The empty set over a storage of `len` cells.
    ///
    /// ```
    /// use hexdeep_tiling::grid::TileSet;
    /// let set = TileSet::new(100);
    /// assert!(set.is_empty() && !set.contains(5));
    /// ```
    pub fn new(len: usize) -> TileSet {
        TileSet {
            words: vec![0; len.div_ceil(64)],
            len,
        }
    }

    /// The empty set over `grid`'s storage.
    ///
    /// ```
    /// use hexdeep_tiling::grid::{Grid, Shape, TileSet};
    /// let grid = Grid::new(&Shape::Hexagon { radius: 2 }, ()).unwrap();
    /// let mut set = TileSet::of(&grid);
    /// assert!(set.insert(grid.storage_len() - 1));
    /// assert!(!set.insert(grid.storage_len()));
    /// ```
    pub fn of<T>(grid: &Grid<T>) -> TileSet {
        TileSet::new(grid.storage_len())
    }

    /// Adds index `i`; whether it was not in the set already (false past the storage).
    ///
    /// ```
    /// use hexdeep_tiling::grid::TileSet;
    /// let mut set = TileSet::new(10);
    /// assert!(set.insert(3));
    /// assert!(!set.insert(3));
    /// assert!(!set.insert(10));
    /// ```
    pub fn insert(&mut self, i: usize) -> bool {
        if i >= self.len {
            return false;
        }
        let (w, b) = (i / 64, 1u64 << (i % 64));
        let new = self.words[w] & b == 0;
        self.words[w] |= b;
        new
    }

    /// Takes index `i` out; whether it was in the set.
    ///
    /// ```
    /// use hexdeep_tiling::grid::TileSet;
    /// let mut set: TileSet = [4, 5].into_iter().collect();
    /// assert!(set.remove(4));
    /// assert!(!set.remove(4));
    /// assert_eq!(set.count(), 1);
    /// ```
    pub fn remove(&mut self, i: usize) -> bool {
        if i >= self.len {
            return false;
        }
        let (w, b) = (i / 64, 1u64 << (i % 64));
        let was = self.words[w] & b != 0;
        self.words[w] &= !b;
        was
    }

    /// Whether index `i` is in the set.
    ///
    /// ```
    /// use hexdeep_tiling::grid::TileSet;
    /// let set: TileSet = [7].into_iter().collect();
    /// assert!(set.contains(7) && !set.contains(6) && !set.contains(1000));
    /// ```
    pub fn contains(&self, i: usize) -> bool {
        i < self.len && self.words[i / 64] >> (i % 64) & 1 == 1
    }

    /// How many indices the set holds.
    ///
    /// ```
    /// use hexdeep_tiling::grid::TileSet;
    /// let set: TileSet = [0, 64, 65, 64].into_iter().collect();
    /// assert_eq!(set.count(), 3);
    /// ```
    pub fn count(&self) -> usize {
        self.words.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Whether the set holds nothing.
    ///
    /// ```
    /// use hexdeep_tiling::grid::TileSet;
    /// let mut set = TileSet::new(8);
    /// assert!(set.is_empty());
    /// set.insert(2);
    /// assert!(!set.is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.words.iter().all(|&w| w == 0)
    }

    /// The indices in ascending order.
    ///
    /// ```
    /// use hexdeep_tiling::grid::TileSet;
    /// let set: TileSet = [70, 3, 9].into_iter().collect();
    /// assert_eq!(set.iter().collect::<Vec<_>>(), [3, 9, 70]);
    /// ```
    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.words.iter().enumerate().flat_map(|(k, &word)| {
            let mut w = word;
            std::iter::from_fn(move || {
                (w != 0).then(|| {
                    let bit = w.trailing_zeros() as usize;
                    w &= w - 1;
                    k * 64 + bit
                })
            })
        })
    }

    /// The indices in either set.
    ///
    /// ```
    /// use hexdeep_tiling::grid::TileSet;
    /// let a: TileSet = [1].into_iter().collect();
    /// let b: TileSet = [200].into_iter().collect();
    /// assert_eq!(a.union(&b).iter().collect::<Vec<_>>(), [1, 200]);
    /// ```
    pub fn union(&self, other: &TileSet) -> TileSet {
        self.combine(other, |a, b| a | b)
    }

    /// The indices in both sets.
    ///
    /// ```
    /// use hexdeep_tiling::grid::TileSet;
    /// let a: TileSet = [1, 2].into_iter().collect();
    /// let b: TileSet = [2, 300].into_iter().collect();
    /// assert_eq!(a.intersection(&b).iter().collect::<Vec<_>>(), [2]);
    /// ```
    pub fn intersection(&self, other: &TileSet) -> TileSet {
        self.combine(other, |a, b| a & b)
    }

    /// The indices of this set that are not in `other`.
    ///
    /// ```
    /// use hexdeep_tiling::grid::TileSet;
    /// let a: TileSet = [1, 2, 3].into_iter().collect();
    /// let b: TileSet = [2].into_iter().collect();
    /// assert_eq!(a.difference(&b).iter().collect::<Vec<_>>(), [1, 3]);
    /// ```
    pub fn difference(&self, other: &TileSet) -> TileSet {
        self.combine(other, |a, b| a & !b)
    }

    /// Word by word, over the longer of the two storages (the shorter reads as empty beyond
    /// its end).
    fn combine(&self, other: &TileSet, op: impl Fn(u64, u64) -> u64) -> TileSet {
        let len = self.len.max(other.len);
        let word = |s: &TileSet, k: usize| s.words.get(k).copied().unwrap_or(0);
        TileSet {
            words: (0..len.div_ceil(64))
                .map(|k| op(word(self, k), word(other, k)))
                .collect(),
            len,
        }
    }
}

impl FromIterator<usize> for TileSet {
    /// A set over a storage just long enough for the indices given.
    fn from_iter<I: IntoIterator<Item = usize>>(iter: I) -> TileSet {
        let indices: Vec<usize> = iter.into_iter().collect();
        let mut set = TileSet::new(indices.iter().max().map_or(0, |&m| m + 1));
        for i in indices {
            set.insert(i);
        }
        set
    }
}

/// Every tile reachable from the tile at storage index `start` by moves of the grid's tiling
/// between tiles that `joins(from, to)` lets through, `start` included (nothing when `start`
/// is no tile).
///
/// ```
/// use hexdeep_tiling::geom::Cell;
/// use hexdeep_tiling::grid::{Grid, Shape, flood_fill};
/// // A row of five hexes with a wall in the middle.
/// let mut wall = Grid::new(&Shape::Parallelogram { width: 5, height: 1 }, false).unwrap();
/// wall.set(Cell::new(2, 0), true);
/// let start = wall.index(Cell::new(0, 0)).unwrap();
/// assert_eq!(flood_fill(&wall, start, |_, to| !wall[to]).count(), 2);
/// assert_eq!(flood_fill(&wall, start, |_, _| true).count(), 5);
/// ```
pub fn flood_fill<T>(
    grid: &Grid<T>,
    start: usize,
    joins: impl Fn(usize, usize) -> bool,
) -> TileSet {
    let mut seen = TileSet::of(grid);
    if !grid.is_tile(start) {
        return seen;
    }
    let tiling = grid.tiling();
    let offsets: Vec<Vec<isize>> = (0..tiling.classes())
        .map(|class| grid.move_offsets(class))
        .collect();
    seen.insert(start);
    let mut queue = VecDeque::from([start]);
    while let Some(i) = queue.pop_front() {
        for &o in &offsets[grid.class(i)] {
            let j = i.wrapping_add_signed(o);
            if grid.is_tile(j) && !seen.contains(j) && joins(i, j) {
                seen.insert(j);
                queue.push_back(j);
            }
        }
    }
    seen
}

/// The connected regions of the grid's tiles, where two tiles one move apart are joined when
/// `joins(a, b)` says so (it should be symmetric): each a set, in the order of their lowest
/// index.
///
/// ```
/// use hexdeep_tiling::geom::Cell;
/// use hexdeep_tiling::grid::{Grid, Shape, regions};
/// let mut wall = Grid::new(&Shape::Parallelogram { width: 5, height: 1 }, false).unwrap();
/// wall.set(Cell::new(2, 0), true);
/// // Floor left of the wall, the wall, floor right of it.
/// let parts = regions(&wall, |a, b| wall[a] == wall[b]);
/// assert_eq!(parts.iter().map(|p| p.count()).collect::<Vec<_>>(), [2, 1, 2]);
/// ```
pub fn regions<T>(grid: &Grid<T>, joins: impl Fn(usize, usize) -> bool) -> Vec<TileSet> {
    let mut claimed = TileSet::of(grid);
    let mut out = Vec::new();
    for i in grid.indices() {
        if claimed.contains(i) {
            continue;
        }
        let region = flood_fill(grid, i, &joins);
        claimed = claimed.union(&region);
        out.push(region);
    }
    out
}

/// One closed boundary of a region: its corners in order and, after each, the side to the
/// next (the last side leads back to the first corner). The region lies on the same hand of
/// every side as the boundary is walked.
///
/// ```
/// use hexdeep_tiling::geom::Cell;
/// use hexdeep_tiling::grid::{Grid, Shape, TileSet, outline};
/// let grid = Grid::new(&Shape::Hexagon { radius: 1 }, ()).unwrap();
/// let set: TileSet = [grid.index(Cell::ORIGIN).unwrap()].into_iter().collect();
/// let loops = outline(&grid, &set);
/// assert_eq!(loops.len(), 1);
/// assert_eq!((loops[0].corners.len(), loops[0].sides.len()), (6, 6));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outline {
    /// The corners, in order around the boundary.
    pub corners: Vec<Corner>,
    /// `sides[k]` runs from `corners[k]` to `corners[(k + 1) % n]`.
    pub sides: Vec<Side>,
}

/// The outlines of a set of tiles of `grid` (on hexes and squares, whose sides and corners
/// have coordinates): one closed loop of sides and corners for the outer edge of each
/// connected part and one for each hole. A side is on the outline when exactly one of its two
/// tiles is in the set. Empty on triangles and for an empty set.
///
/// ```
/// use hexdeep_tiling::geom::Hex;
/// use hexdeep_tiling::grid::{Grid, Shape, TileSet, outline};
/// let grid = Grid::new(&Shape::Hexagon { radius: 2 }, ()).unwrap();
/// // The ring at distance 1: an outer loop of 18 sides and a hole of 6.
/// let ring: TileSet = Hex::ORIGIN.ring(1).iter().map(|&h| grid.index(h.into()).unwrap()).collect();
/// let mut lengths: Vec<usize> = outline(&grid, &ring).iter().map(|o| o.sides.len()).collect();
/// lengths.sort();
/// assert_eq!(lengths, [6, 18]);
/// ```
pub fn outline<T>(grid: &Grid<T>, set: &TileSet) -> Vec<Outline> {
    let tiling = grid.tiling();
    if !tiling.has_sides() {
        return Vec::new();
    }
    // Each boundary side, directed so that its tile in the set is on the left when walked.
    let mut from: BTreeMap<Corner, Vec<(Side, Corner)>> = BTreeMap::new();
    let mut edges = BTreeSet::new();
    for i in set.iter().filter(|&i| grid.is_tile(i)) {
        let here = grid.cell(i);
        for side in tiling.tile_sides(here) {
            let Some((a, b)) = tiling.side_tiles(side) else {
                continue;
            };
            let other = if a == here { b } else { a };
            if grid.index(other).is_some_and(|j| set.contains(j)) {
                continue;
            }
            let Some([p, q]) = tiling.side_corners(side) else {
                continue;
            };
            let (start, end) = if left_of(tiling, here, p, q) {
                (p, q)
            } else {
                (q, p)
            };
            from.entry(start).or_default().push((side, end));
            edges.insert((start, side));
        }
    }
    let mut out = Vec::new();
    while let Some(&(first, side)) = edges.iter().next() {
        out.push(walk_loop(&from, &mut edges, first, side));
    }
    out
}

/// Walks one loop of directed boundary sides from `first` along `side`, taking each side it
/// uses out of `edges`. Where two loops touch at a corner (squares meeting only at a corner),
/// it turns toward the set, so that each part keeps a loop of its own.
fn walk_loop(
    from: &BTreeMap<Corner, Vec<(Side, Corner)>>,
    edges: &mut BTreeSet<(Corner, Side)>,
    first: Corner,
    side: Side,
) -> Outline {
    let (mut corners, mut sides) = (Vec::new(), Vec::new());
    let (mut at, mut along) = (first, side);
    loop {
        edges.remove(&(at, along));
        corners.push(at);
        sides.push(along);
        let next = from[&at]
            .iter()
            .find(|(s, _)| *s == along)
            .map_or(at, |&(_, end)| end);
        if next == first {
            break;
        }
        let incoming = (next.c - at.c, next.r - at.r);
        let choices = from.get(&next).into_iter().flatten();
        let Some(&(s, _)) = choices
            .filter(|(s, _)| edges.contains(&(next, *s)))
            .max_by_key(|(_, end)| turn_left(incoming, (end.c - next.c, end.r - next.r)))
        else {
            break;
        };
        at = next;
        along = s;
    }
    Outline { corners, sides }
}

/// How sharply the walk turns to its left (toward the set) from `incoming` to `outgoing`, as
/// a rank: the cross product's sign first, then the smaller angle. Screen rows grow downward,
/// so a left turn has a negative cross product there.
fn turn_left(incoming: (i32, i32), outgoing: (i32, i32)) -> (i64, i64) {
    let cross = i64::from(incoming.0) * i64::from(outgoing.1)
        - i64::from(incoming.1) * i64::from(outgoing.0);
    let dot = i64::from(incoming.0) * i64::from(outgoing.0)
        + i64::from(incoming.1) * i64::from(outgoing.1);
    (-cross.signum(), if cross < 0 { -dot } else { dot })
}

/// Whether the tile `here` lies on the left of the way from corner `p` to corner `q`, in the
/// large projection (rows growing downward).
fn left_of(tiling: Tiling, here: crate::geom::Cell, p: Corner, q: Corner) -> bool {
    let Some((tc, tr)) = tiling.large_cell(here) else {
        return true;
    };
    let (dx, dy) = (i64::from(q.c - p.c), i64::from(q.r - p.r));
    let (tx, ty) = (i64::from(tc - p.c), i64::from(tr - p.r));
    dx * ty - dy * tx < 0
}

#[cfg(test)]
#[path = "region_tests.rs"]
mod tests;
