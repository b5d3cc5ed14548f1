//! Worked examples from the hexagon guide in our convention, and the laws as property tests.

use super::*;
use proptest::prelude::*;
use std::collections::VecDeque;

fn h(x: i32, y: i32) -> Hex {
    Hex::new(x, y)
}

#[test]
fn neighbours_follow_the_design_example() {
    // ARCHITECTURE.md: the neighbours of (3,1) are E (4,1), W (2,1), NE (3,0), NW (2,0), SE (4,2), SW (3,2).
    let at = h(3, 1);
    assert_eq!(at.neighbor(Direction::E), h(4, 1));
    assert_eq!(at.neighbor(Direction::W), h(2, 1));
    assert_eq!(at.neighbor(Direction::NE), h(3, 0));
    assert_eq!(at.neighbor(Direction::NW), h(2, 0));
    assert_eq!(at.neighbor(Direction::SE), h(4, 2));
    assert_eq!(at.neighbor(Direction::SW), h(3, 2));
    assert_eq!(
        at.neighbors(),
        [h(4, 1), h(3, 0), h(2, 0), h(2, 1), h(3, 2), h(4, 2)]
    );
}

#[test]
fn neighbours_are_where_the_screen_says() {
    for dir in Direction::ALL {
        let (c0, r0) = to_screen(h(5, 5), 0);
        let (c1, r1) = to_screen(h(5, 5).neighbor(dir), 0);
        let expected = match dir {
            Direction::E => (2, 0),
            Direction::W => (-2, 0),
            Direction::NE => (1, -1),
            Direction::NW => (-1, -1),
            Direction::SE => (1, 1),
            Direction::SW => (-1, 1),
        };
        assert_eq!((c1 - c0, r1 - r0), expected, "{dir:?}");
    }
}

#[test]
fn diagonals_are_two_steps_between_neighbours() {
    let c = h(0, 0);
    assert_eq!(
        c.diagonals(),
        [h(1, -1), h(-1, -2), h(-2, -1), h(-1, 1), h(1, 2), h(2, 1)]
    );
    for d in c.diagonals() {
        assert_eq!(c.distance(d), 2);
    }
}

#[test]
fn distance_examples() {
    assert_eq!(h(0, 0).distance(h(1, 1)), 1);
    assert_eq!(h(0, 0).distance(h(1, -1)), 2);
    assert_eq!(h(0, 0).distance(h(3, -2)), 5);
    assert_eq!(h(0, 0).distance(h(-3, -2)), 3);
    assert_eq!(h(2, 7).distance(h(2, 7)), 0);
}

/// The roguelike hex seed's distance: sum for opposite signs of x and y, max otherwise is the
/// right rule; the seed has them the wrong way round, which (1, 1) shows.
#[test]
fn the_seed_distance_formula_is_wrong_for_the_diagonal_neighbour() {
    fn seed_dist(x: i32, y: i32) -> i32 {
        if x * y < 0 {
            x.abs().max(y.abs())
        } else {
            x.abs() + y.abs()
        }
    }
    assert_eq!(seed_dist(1, 1), 2);
    assert_eq!(h(0, 0).distance(h(1, 1)), 1);
}

#[test]
fn cube_matches_the_design_mapping() {
    assert_eq!(h(3, 1).to_cube(), (2, 1, -3));
    assert_eq!(Hex::from_cube(2, 1, -3), h(3, 1));
}

#[test]
fn offset_examples_from_the_guide() {
    // The guide's cube (q, r, s) = (1, 2, −3) is our (3, 2).
    let hex = h(3, 2);
    assert_eq!(hex.to_cube(), (1, 2, -3));
    assert_eq!(hex.to_offset(Offset::OddR), (2, 2));
    assert_eq!(hex.to_offset(Offset::EvenR), (2, 2));
    // Row 1 differs between odd-r and even-r: cube (0, 1, −1) is our (1, 1).
    assert_eq!(h(1, 1).to_offset(Offset::OddR), (0, 1));
    assert_eq!(h(1, 1).to_offset(Offset::EvenR), (1, 1));
    // Column 1 differs between odd-q and even-q: cube (1, 0, −1) is our (1, 0).
    assert_eq!(h(1, 0).to_offset(Offset::OddQ), (1, 0));
    assert_eq!(h(1, 0).to_offset(Offset::EvenQ), (1, 1));
    // Negative rows use arithmetic that rounds the same way as the guide's bit trick.
    assert_eq!(h(-2, -1).to_offset(Offset::OddR), (-2, -1));
    assert_eq!(h(-2, -1).to_offset(Offset::EvenR), (-1, -1));
}

#[test]
fn doubled_r_is_the_screen_column() {
    for hex in [h(0, 0), h(3, 1), h(-4, 7), h(9, -2)] {
        let (col, row) = to_screen(hex, 0);
        assert_eq!(hex.to_doubled(Doubled::R), (col, row));
    }
    assert_eq!(h(1, 0).to_doubled(Doubled::Q), (1, 1));
}

#[test]
fn cabinet_matches_the_design_drawing() {
    // Row 1 of the ARCHITECTURE.md drawing: (1,1) at column 1, @ (3,1) at column 5.
    assert_eq!(to_screen(h(1, 1), 0), (1, 1));
    assert_eq!(to_screen(h(3, 1), 0), (5, 1));
    assert_eq!(to_screen(h(1, 2), 0), (0, 2));
    assert_eq!(from_screen(5, 1, 0), Some(h(3, 1)));
    assert_eq!(from_screen(4, 1, 0), None);
    assert_eq!(from_screen(-1, 1, 0), Some(h(0, 1)));
    assert_eq!(to_screen(h(0, 3), 3), (0, 3));
}

#[test]
fn rotation_turns_east_to_south_east() {
    let c = h(0, 0);
    assert_eq!(h(1, 0).rotate_cw(c), h(1, 1));
    assert_eq!(h(1, 0).rotate_ccw(c), h(0, -1));
    // Clockwise on screen runs through ALL backwards.
    for dir in Direction::ALL {
        assert_eq!(c.neighbor(dir).rotate_cw(c), c.neighbor(dir.clockwise()));
    }
}

#[test]
fn reflections_fix_their_axis() {
    let c = h(2, 3);
    // Reflecting across the q axis keeps q and swaps r and s: it fixes the diagonal
    // cube (2, −1, −1) and swaps the neighbours either side of it.
    let diag_q = Hex::from_cube(2, -1, -1) + c;
    assert_eq!(diag_q.reflect_q(c), diag_q);
    assert_eq!(
        c.neighbor(Direction::NE).reflect_q(c),
        c.neighbor(Direction::E)
    );
    let diag_r = Hex::from_cube(1, -2, 1) + c;
    assert_eq!(diag_r.reflect_r(c), diag_r);
    assert_eq!(
        c.neighbor(Direction::SW).reflect_r(c),
        c.neighbor(Direction::SE)
    );
    let diag_s = Hex::from_cube(1, 1, -2) + c;
    assert_eq!(diag_s.reflect_s(c), diag_s);
    assert_eq!(
        c.neighbor(Direction::SE).reflect_s(c),
        c.neighbor(Direction::E)
    );
}

#[test]
fn ring_and_spiral_small_cases() {
    assert_eq!(h(0, 0).ring(0), vec![h(0, 0)]);
    assert_eq!(h(0, 0).ring(1).len(), 6);
    let spiral = h(0, 0).spiral(1);
    assert_eq!(spiral[0], h(0, 0));
    assert_eq!(spiral.len(), 7);
}

#[test]
fn line_examples() {
    assert_eq!(h(0, 0).line_to(h(0, 0)), vec![h(0, 0)]);
    assert_eq!(
        h(0, 0).line_to(h(3, 0)),
        vec![h(0, 0), h(1, 0), h(2, 0), h(3, 0)]
    );
    // Along a diagonal the nudge picks one side consistently.
    let line = h(0, 0).line_to(h(2, 1));
    assert_eq!(line.len(), 3);
    assert_eq!(line[0], h(0, 0));
    assert_eq!(line[2], h(2, 1));
}

#[test]
fn round_examples() {
    assert_eq!(Hex::round(0.1, -0.2), h(0, 0));
    assert_eq!(Hex::round(0.9, 0.1), h(1, 0));
    assert_eq!(Hex::round(2.1, 2.8), h(2, 3));
    assert_eq!(Hex::round(-1.2, 0.1), h(-1, 0));
}

fn bfs_distances(radius: i32) -> Vec<(Hex, i32)> {
    let mut seen = std::collections::BTreeMap::new();
    let mut queue = VecDeque::from([(h(0, 0), 0)]);
    seen.insert(h(0, 0), 0);
    while let Some((hex, d)) = queue.pop_front() {
        for n in hex.neighbors() {
            if n.x.abs() <= radius && n.y.abs() <= radius && !seen.contains_key(&n) {
                seen.insert(n, d + 1);
                queue.push_back((n, d + 1));
            }
        }
    }
    seen.into_iter().collect()
}

#[test]
fn distance_equals_breadth_first_steps() {
    // Within a box of radius 8 from the origin every hex with |x|, |y| <= 4 is reached by a
    // shortest path that stays inside the box.
    for (hex, steps) in bfs_distances(8) {
        if hex.x.abs() <= 4 && hex.y.abs() <= 4 {
            assert_eq!(h(0, 0).distance(hex), steps, "{hex}");
        }
    }
}

/// The hex line with both ends nudged by `−(3e-6, 2e-6)`, in plain floating point.
fn float_line_minus(a: Hex, b: Hex) -> Vec<Hex> {
    let n = a.distance(b);
    let (ax, ay) = (f64::from(a.x) - 3e-6, f64::from(a.y) - 2e-6);
    let (bx, by) = (f64::from(b.x) - 3e-6, f64::from(b.y) - 2e-6);
    (0..=n)
        .map(|i| {
            let t = if n == 0 {
                0.0
            } else {
                f64::from(i) / f64::from(n)
            };
            Hex::round(ax + (bx - ax) * t, ay + (by - ay) * t)
        })
        .collect()
}

#[test]
fn the_two_lines_part_along_a_boundary_and_nowhere_else() {
    // Two steps straight up the screen, NE then NW: the segment runs along the side between
    // (0, -1) and (-1, -1), and each nudge falls on one side of it.
    let (a, b) = (h(0, 0), h(-1, -2));
    let plus = a.line_to(b);
    let minus = Tiling::Hex.line_minus(Cell::from(a), Cell::from(b));
    let minus: Vec<Hex> = minus.into_iter().map(Hex::from).collect();
    assert_eq!(plus.len(), 3);
    assert_ne!(plus[1], minus[1]);
    assert_eq!(
        [plus[1], minus[1]]
            .into_iter()
            .collect::<std::collections::BTreeSet<_>>(),
        [h(0, -1), h(-1, -1)].into_iter().collect()
    );
    // Along a row the two lines are one.
    let row = Tiling::Hex.line_minus(Cell::new(0, 0), Cell::new(5, 0));
    assert_eq!(row, Tiling::Hex.line(Cell::new(0, 0), Cell::new(5, 0)));
}

fn small() -> impl Strategy<Value = Hex> {
    (-60i32..60, -60i32..60).prop_map(|(x, y)| h(x, y))
}

fn any_hex() -> impl Strategy<Value = Hex> {
    (-COORD_LIMIT..=COORD_LIMIT, -COORD_LIMIT..=COORD_LIMIT).prop_map(|(x, y)| h(x, y))
}

proptest! {
    #[test]
    fn line_has_distance_plus_one_adjacent_tiles(a in small(), b in small()) {
        let line = a.line_to(b);
        prop_assert_eq!(line.len() as i32, a.distance(b) + 1);
        prop_assert_eq!(line[0], a);
        prop_assert_eq!(*line.last().unwrap(), b);
        for pair in line.windows(2) {
            prop_assert!(pair[0].is_adjacent(pair[1]), "{:?}", line);
        }
    }

    #[test]
    fn line_minus_is_the_rule_with_the_other_nudge(a in small(), b in small()) {
        let minus: Vec<Hex> = Tiling::Hex
            .line_minus(Cell::from(a), Cell::from(b))
            .into_iter()
            .map(Hex::from)
            .collect();
        prop_assert_eq!(minus, float_line_minus(a, b));
    }

    #[test]
    fn line_is_symmetric(a in small(), b in small()) {
        let mut back = b.line_to(a);
        back.reverse();
        prop_assert_eq!(a.line_to(b), back);
    }

    #[test]
    fn ring_has_6r_tiles_at_distance_r(c in small(), r in 1u32..20) {
        let ring = c.ring(r);
        prop_assert_eq!(ring.len(), 6 * r as usize);
        for hex in &ring {
            prop_assert_eq!(c.distance(*hex), r as i32);
        }
        for pair in ring.windows(2) {
            prop_assert!(pair[0].is_adjacent(pair[1]));
        }
    }

    #[test]
    fn spiral_has_all_distinct_tiles(c in small(), r in 0u32..15) {
        let spiral = c.spiral(r);
        let expected = 3 * r as usize * (r as usize + 1) + 1;
        prop_assert_eq!(spiral.len(), expected);
        let mut sorted = spiral.clone();
        sorted.sort();
        sorted.dedup();
        prop_assert_eq!(sorted.len(), expected);
        let mut range: Vec<Hex> = c.range(r).collect();
        range.sort();
        prop_assert_eq!(range, sorted);
    }

    #[test]
    fn six_rotations_are_the_identity(a in small(), c in small()) {
        let mut cw = a;
        let mut ccw = a;
        for _ in 0..6 {
            cw = cw.rotate_cw(c);
            ccw = ccw.rotate_ccw(c);
        }
        prop_assert_eq!(cw, a);
        prop_assert_eq!(ccw, a);
        prop_assert_eq!(a.rotate_cw(c).rotate_ccw(c), a);
        prop_assert_eq!(c.distance(a.rotate_cw(c)), c.distance(a));
    }

    #[test]
    fn reflections_are_involutions(a in small(), c in small()) {
        prop_assert_eq!(a.reflect_q(c).reflect_q(c), a);
        prop_assert_eq!(a.reflect_r(c).reflect_r(c), a);
        prop_assert_eq!(a.reflect_s(c).reflect_s(c), a);
        prop_assert_eq!(c.distance(a.reflect_q(c)), c.distance(a));
    }

    #[test]
    fn conversions_round_trip(a in any_hex()) {
        let (q, r, s) = a.to_cube();
        prop_assert_eq!(q + r + s, 0);
        prop_assert_eq!(Hex::from_cube(q, r, s), a);
        for kind in [Offset::OddR, Offset::EvenR, Offset::OddQ, Offset::EvenQ] {
            let (col, row) = a.to_offset(kind);
            prop_assert_eq!(Hex::from_offset(kind, col, row), a);
        }
        for kind in [Doubled::Q, Doubled::R] {
            let (col, row) = a.to_doubled(kind);
            prop_assert_eq!(Hex::from_doubled(kind, col, row), a);
        }
        for off in [-7, 0, 40] {
            let (col, row) = to_screen(a, off);
            prop_assert_eq!(from_screen(col, row, off), Some(a));
            prop_assert_eq!(from_screen(col + 1, row, off), None);
        }
    }

    #[test]
    fn offset_neighbours_keep_their_layout(a in small()) {
        // Rows of odd-r/even-r hold constant y; columns of odd-q/even-q hold constant q.
        prop_assert_eq!(a.to_offset(Offset::OddR).1, a.y);
        prop_assert_eq!(a.to_offset(Offset::EvenQ).0, a.x - a.y);
        let e = a.neighbor(Direction::E);
        prop_assert_eq!(e.to_offset(Offset::OddR).0, a.to_offset(Offset::OddR).0 + 1);
    }

    #[test]
    fn distance_is_a_metric(a in small(), b in small(), c in small()) {
        prop_assert_eq!(a.distance(b), b.distance(a));
        prop_assert!(a.distance(c) <= a.distance(b) + b.distance(c));
        prop_assert_eq!(a.distance(b) == 0, a == b);
    }

    #[test]
    fn round_of_a_hex_is_itself(a in small(), dx in -0.3f64..0.3, dy in -0.3f64..0.3) {
        // A point near a hex centre (within the inscribed circle in cube metric) rounds to it.
        let (fx, fy) = (f64::from(a.x) + dx * 0.5, f64::from(a.y) + dy * 0.5);
        prop_assert_eq!(Hex::round(fx, fy), a);
    }
}

/// The screen cell of a hex with column offset `h`.
fn to_screen(hex: Hex, h: i32) -> (i32, i32) {
    Cabinet::new(h).to_screen(hex)
}

/// The hex at a screen cell with column offset `h`.
fn from_screen(col: i32, row: i32, h: i32) -> Option<Hex> {
    Cabinet::new(h).tile_at(col, row)
}
