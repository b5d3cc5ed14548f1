//! Field of view straight from its definition, line by line: the slow form, used for radii
//! too large for a tree and as the oracle the trees are tested against.

use crate::geom::Cell;
use crate::grid::Grid;

/// The tile indices visible from `origin` within `radius`, in ascending order, by the two
/// rules of ARCHITECTURE.md taken literally on the grid's tiling: a tile is visible when no tile
/// strictly between it and the viewer on one of their two lines (`line⁺` and `line⁻`) blocks
/// sight (`blocks(i)`; positions outside the map always block); a tile that blocks sight is visible, too, when a tile
/// sharing a side or a corner with it is visible by that first rule, does not block sight and
/// is no farther from the viewer by the tiling's sight measure. Empty when `origin` is no
/// tile (`origin` is the viewer's cell).
///
/// ```
/// use hexdeep_tiling::{fov::visible_by_lines, geom::Cell, grid::{Grid, Shape}};
/// // A row of hexes with a wall at x = 3: the wall shows, what is behind it does not.
/// let mut wall = Grid::new(&Shape::Parallelogram { width: 6, height: 1 }, false).unwrap();
/// wall.set(Cell::new(3, 0), true);
/// let seen = visible_by_lines(&wall, |i| wall[i], Cell::new(0, 0), 10);
/// let xs: Vec<i32> = seen.iter().map(|&i| wall.cell(i).x).collect();
/// assert_eq!(xs, [0, 1, 2, 3]);
/// ```
pub fn visible_by_lines<T>(
    grid: &Grid<T>,
    blocks: impl Fn(usize) -> bool,
    origin: Cell,
    radius: u32,
) -> Vec<usize> {
    visible_by_lines_across(grid, blocks, |_, _| true, origin, radius)
}

/// [`visible_by_lines`] on a map with sides between tiles (ARCHITECTURE.md, "Tile sides and
/// corners"): `crosses(i, j)` says whether sight passes from tile `i` to the tile `j` one
/// move away. A line is blocked at a side it cannot cross (between two consecutive tiles of
/// the line, the last step included), sight passes when either line is clear, and in the second rule a blocking tile is seen from a
/// neighbour only when sight crosses from that neighbour to it.
///
/// ```
/// use hexdeep_tiling::{fov::visible_by_lines_across, geom::Cell, grid::{Grid, Shape}};
/// // A row of hexes, no wall tiles, but sight does not cross between x = 1 and x = 2.
/// let grid = Grid::new(&Shape::Parallelogram { width: 4, height: 1 }, ()).unwrap();
/// let (a, b) = (grid.index(Cell::new(1, 0)).unwrap(), grid.index(Cell::new(2, 0)).unwrap());
/// let crosses = |i: usize, j: usize| (i, j) != (a, b) && (i, j) != (b, a);
/// let seen = visible_by_lines_across(&grid, |_| false, crosses, Cell::new(0, 0), 5);
/// assert_eq!(seen.len(), 2);
/// ```
pub fn visible_by_lines_across<T>(
    grid: &Grid<T>,
    blocks: impl Fn(usize) -> bool,
    crosses: impl Fn(usize, usize) -> bool,
    origin: Cell,
    radius: u32,
) -> Vec<usize> {
    if !grid.contains(origin) {
        return Vec::new();
    }
    let tiling = grid.tiling();
    let from = origin;
    let within = |c: Cell| tiling.within_sight(from, c, radius);
    let mut by_line = vec![false; grid.storage_len()];
    for target in grid.indices() {
        let cell = grid.cell(target);
        if !within(cell) {
            continue;
        }
        let clear = |line: &[Cell]| {
            let inner = &line[1..line.len().saturating_sub(1).max(1)];
            let open = inner
                .iter()
                .all(|&c| grid.index(c).is_some_and(|i| !blocks(i)));
            open && line.windows(2).all(|w| {
                let (a, b) = (grid.index(w[0]), grid.index(w[1]));
                a.zip(b).is_some_and(|(a, b)| crosses(a, b))
            })
        };
        by_line[target] = clear(&tiling.line(from, cell)) || clear(&tiling.line_minus(from, cell));
    }
    grid.indices()
        .filter(|&target| {
            if by_line[target] {
                return true;
            }
            let cell = grid.cell(target);
            let far = tiling.sight_measure(from, cell);
            blocks(target)
                && within(cell)
                && tiling.touching(tiling.class(cell)).iter().any(|&(dx, dy)| {
                    let n = cell.offset(dx, dy);
                    grid.index(n).is_some_and(|i| {
                        by_line[i]
                            && !blocks(i)
                            && tiling.sight_measure(from, n) <= far
                            && crosses(i, target)
                    })
                })
        })
        .collect()
}
