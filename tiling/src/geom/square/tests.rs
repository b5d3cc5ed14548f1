//! Square tiles: worked examples from ARCHITECTURE.md and the laws as property tests, each formula
//! against a breadth-first search or a plain floating-point version of ARCHITECTURE.md's rule.

use super::*;
use crate::geom::{Cell, Tiling};
use proptest::prelude::*;
use std::collections::{BTreeMap, VecDeque};

fn sq(x: i32, y: i32) -> Square {
    Square::new(x, y)
}

fn small() -> impl Strategy<Value = Square> {
    (-60i32..60, -60i32..60).prop_map(|(x, y)| sq(x, y))
}

fn medium() -> impl Strategy<Value = Square> {
    (-20_000i32..20_000, -20_000i32..20_000).prop_map(|(x, y)| sq(x, y))
}

fn in_limits() -> impl Strategy<Value = Square> {
    (-COORD_LIMIT..=COORD_LIMIT, -COORD_LIMIT..=COORD_LIMIT).prop_map(|(x, y)| sq(x, y))
}

/// Steps from the origin to every square of the box `|x|, |y| <= bound`, moving only inside it.
fn bfs(bound: i32) -> BTreeMap<Square, i32> {
    let mut seen = BTreeMap::from([(Square::ORIGIN, 0)]);
    let mut queue = VecDeque::from([Square::ORIGIN]);
    while let Some(at) = queue.pop_front() {
        let d = seen[&at];
        for step in at.steps() {
            let n = step.to;
            if n.x.abs() <= bound && n.y.abs() <= bound && !seen.contains_key(&n) {
                seen.insert(n, d + 1);
                queue.push_back(n);
            }
        }
    }
    seen
}

/// ARCHITECTURE.md's line rule in plain floating point, as the hex line computes it: the oracle.
fn float_line(a: Square, b: Square) -> Vec<Square> {
    float_line_nudged(a, b, 1.0)
}

/// The line rule in plain floating point with both ends nudged by `sign · (3e-6, 2e-6)`.
fn float_line_nudged(a: Square, b: Square, sign: f64) -> Vec<Square> {
    let n = a.distance(b);
    if n == 0 {
        return vec![a];
    }
    let (ex, ey) = (sign * 3e-6, sign * 2e-6);
    let (ax, ay) = (f64::from(a.x) + ex, f64::from(a.y) + ey);
    let (bx, by) = (f64::from(b.x) + ex, f64::from(b.y) + ey);
    (0..=n)
        .map(|i| {
            let t = f64::from(i) / f64::from(n);
            let (x, y) = (ax + (bx - ax) * t, ay + (by - ay) * t);
            sq(x.round() as i32, y.round() as i32)
        })
        .collect()
}

#[test]
fn eight_moves_four_of_each_kind() {
    let at = sq(3, 1);
    let steps = at.steps();
    let to: Vec<Square> = steps.iter().map(|s| s.to).collect();
    assert_eq!(
        to,
        [
            sq(4, 1),
            sq(4, 0),
            sq(3, 0),
            sq(2, 0),
            sq(2, 1),
            sq(2, 2),
            sq(3, 2),
            sq(4, 2)
        ]
    );
    assert_eq!(at.neighbors().to_vec(), to);
    let corners = steps.iter().filter(|s| s.kind == StepKind::Corner).count();
    assert_eq!(corners, 4);
    assert_eq!(
        at.side_neighbors(),
        [sq(4, 1), sq(3, 0), sq(2, 1), sq(3, 2)]
    );
}

#[test]
fn moves_look_on_screen_as_they_are_named() {
    let p = SquareProjection::new(5);
    let at = sq(-2, 7);
    let (c0, r0) = p.to_screen(at);
    for step in at.steps() {
        let (c1, r1) = p.to_screen(step.to);
        let (sc, sr) = step.dir.signs();
        assert_eq!((c1 - c0, r1 - r0), (2 * sc, sr), "{:?}", step.dir);
    }
}

#[test]
fn a_diagonal_passes_between_the_two_squares_beside_both_ends() {
    let at = sq(0, 0);
    assert_eq!(at.passes_between(Compass::NE), Some([sq(1, 0), sq(0, -1)]));
    assert_eq!(at.passes_between(Compass::N), None);
    for step in at.steps() {
        match at.passes_between(step.dir) {
            None => assert_eq!(step.kind, StepKind::Side),
            Some(pair) => {
                assert_eq!(step.kind, StepKind::Corner);
                for s in pair {
                    assert_eq!(at.step_kind(s), Some(StepKind::Side));
                    assert_eq!(step.to.step_kind(s), Some(StepKind::Side));
                }
            }
        }
    }
}

#[test]
fn distance_equals_breadth_first_steps() {
    // Inside a box of 8 every square with |x|, |y| <= 4 has a shortest path within the box.
    let steps = bfs(8);
    let mut checked = 0;
    for (&s, &d) in &steps {
        if s.x.abs() <= 4 && s.y.abs() <= 4 {
            assert_eq!(Square::ORIGIN.distance(s), d, "{s}");
            checked += 1;
        }
    }
    assert_eq!(checked, 81);
}

#[test]
fn sight_examples() {
    let o = Square::ORIGIN;
    // R = 1: the eight neighbours (2 <= 2); R = 2: not the corner (2, 2) (8 > 6).
    assert!(o.within_sight(sq(1, 1), 1));
    assert!(!o.within_sight(sq(2, 0), 1));
    assert!(o.within_sight(sq(2, 1), 2));
    assert!(!o.within_sight(sq(2, 2), 2));
    assert!(o.within_sight(sq(0, 0), 0));
    let far = sq(COORD_LIMIT, COORD_LIMIT);
    // The farthest pair in limits: dx² + dy² = 2⁴³, first within R = 2965821.
    let near = sq(-COORD_LIMIT, -COORD_LIMIT);
    assert!(!near.within_sight(far, 2_965_820));
    assert!(near.within_sight(far, 2_965_821));
    assert!(near.within_sight(far, u32::MAX));
}

#[test]
fn line_examples() {
    let o = Square::ORIGIN;
    assert_eq!(o.line_to(o), vec![o]);
    assert_eq!(o.line_to(sq(3, 0)), vec![o, sq(1, 0), sq(2, 0), sq(3, 0)]);
    // A diagonal line steps through corners: consecutive squares need not share a side.
    assert_eq!(o.line_to(sq(2, 2)), vec![o, sq(1, 1), sq(2, 2)]);
    // Halves round the way the nudge pushes them: towards +x, +y.
    assert_eq!(o.line_to(sq(2, 1)), vec![o, sq(1, 1), sq(2, 1)]);
    assert_eq!(o.line_to(sq(-2, -1)), vec![o, sq(-1, 0), sq(-2, -1)]);
    assert_eq!(sq(-2, -1).line_to(o), vec![sq(-2, -1), sq(-1, 0), o]);
}

#[test]
fn the_longest_line_in_limits_does_not_overflow() {
    let (a, b) = (
        sq(-COORD_LIMIT, COORD_LIMIT),
        sq(COORD_LIMIT, -COORD_LIMIT + 1),
    );
    let mut count = 0i64;
    let mut last = a;
    a.line_points(b, |s| {
        count += 1;
        last = s;
    });
    assert_eq!(count, 2 * i64::from(COORD_LIMIT) + 1);
    assert_eq!(last, b);
    assert_eq!(a.distance(b), 2 * COORD_LIMIT);
}

#[test]
fn ring_and_range_small_cases() {
    assert_eq!(Square::ORIGIN.ring(0), vec![Square::ORIGIN]);
    assert_eq!(Square::ORIGIN.ring(1)[0], sq(-1, -1));
    assert_eq!(Square::ORIGIN.range(1).count(), 9);
    assert_eq!(
        Square::ORIGIN.range(0).collect::<Vec<_>>(),
        [Square::ORIGIN]
    );
}

#[test]
fn projection_examples() {
    let p = SquareProjection::MAP_FILE;
    assert_eq!(p.to_screen(sq(3, 1)), (6, 1));
    assert_eq!(p.tile_at(6, 1), Some(sq(3, 1)));
    assert_eq!(p.tile_at(7, 1), None);
    assert_eq!(p.tile_at(-1, 0), None);
    assert_eq!(p.tile_at(-2, 0), Some(sq(-1, 0)));
    assert_eq!(SquareProjection::fitting([]), p);
    assert_eq!(SquareProjection::fitting([sq(-3, 0), sq(4, 2)]).h, 6);
    // Cells too far out for any square give none, and nothing overflows.
    assert_eq!(SquareProjection::new(i32::MIN).tile_at(i32::MAX, 0), None);
    assert_eq!(
        SquareProjection::new(i32::MAX).tile_at(i32::MIN + 1, i32::MIN),
        Some(sq(i32::MIN + 1, i32::MIN))
    );
}

proptest! {
    #[test]
    fn line_has_distance_plus_one_squares_each_beside_the_next(a in small(), b in small()) {
        let line = a.line_to(b);
        prop_assert_eq!(line.len() as i32, a.distance(b) + 1);
        prop_assert_eq!(line[0], a);
        prop_assert_eq!(line[line.len() - 1], b);
        // Each step is one of the eight moves, and the longer axis advances by one every step
        // (so a step can be diagonal: neighbours by corner, not always by side).
        let (dx, dy) = ((b.x - a.x).signum(), (b.y - a.y).signum());
        let x_major = (b.x - a.x).abs() >= (b.y - a.y).abs();
        for pair in line.windows(2) {
            prop_assert!(pair[0].direction_to(pair[1]).is_some(), "{:?}", line);
            if x_major {
                prop_assert_eq!(pair[1].x - pair[0].x, dx);
            } else {
                prop_assert_eq!(pair[1].y - pair[0].y, dy);
            }
        }
    }

    #[test]
    fn line_is_symmetric(a in in_limits(), b in small()) {
        let b = a + b;
        let mut back = b.line_to(a);
        back.reverse();
        prop_assert_eq!(a.line_to(b), back);
    }

    #[test]
    fn line_is_the_same_wherever_it_is(a in small(), b in small(), shift in in_limits()) {
        let moved: Vec<Square> = a.line_to(b).into_iter().map(|s| s + shift).collect();
        prop_assert_eq!((a + shift).line_to(b + shift), moved);
    }

    #[test]
    fn line_is_design_rule_in_floating_point(a in small(), b in small()) {
        prop_assert_eq!(a.line_to(b), float_line(a, b));
    }

    #[test]
    fn line_minus_is_the_rule_with_the_other_nudge(a in small(), b in small()) {
        let minus = Tiling::Square.line_minus(Cell::from(a), Cell::from(b));
        let want: Vec<Cell> = float_line_nudged(a, b, -1.0).into_iter().map(Cell::from).collect();
        prop_assert_eq!(minus, want);
    }

    #[test]
    fn long_lines_are_design_rule_in_floating_point(a in medium(), b in medium()) {
        prop_assert_eq!(a.line_to(b), float_line(a, b));
    }

    #[test]
    fn neighbours_are_mutual_and_of_one_kind(a in small(), b in small()) {
        let b = sq(a.x + b.x.rem_euclid(5) - 2, a.y + b.y.rem_euclid(5) - 2);
        prop_assert_eq!(a.step_kind(b), b.step_kind(a));
        prop_assert_eq!(a.direction_to(b).map(Compass::opposite), b.direction_to(a));
        prop_assert_eq!(a.direction_to(b).is_some(), a.distance(b) == 1);
        for step in a.steps() {
            prop_assert_eq!(step.to.step_kind(a), Some(step.kind));
        }
    }

    #[test]
    fn distance_is_a_metric(a in in_limits(), b in in_limits(), c in in_limits()) {
        prop_assert_eq!(a.distance(b), b.distance(a));
        prop_assert!(a.distance(c) <= a.distance(b) + b.distance(c));
        prop_assert_eq!(a.distance(b) == 0, a == b);
    }

    #[test]
    fn ring_has_8r_squares_at_distance_r(c in small(), r in 1u32..20) {
        let ring = c.ring(r);
        prop_assert_eq!(ring.len(), 8 * r as usize);
        for pair in ring.windows(2) {
            prop_assert_eq!(pair[0].step_kind(pair[1]), Some(StepKind::Side));
        }
        let mut sorted = ring.clone();
        sorted.sort();
        let mut expected: Vec<Square> =
            c.range(r).filter(|s| c.distance(*s) == r as i32).collect();
        expected.sort();
        prop_assert_eq!(sorted, expected);
    }

    #[test]
    fn range_is_every_square_within_the_distance(c in small(), r in 0u32..12) {
        let mut range: Vec<Square> = c.range(r).collect();
        let side = 2 * r as usize + 1;
        prop_assert_eq!(range.len(), side * side);
        range.sort();
        range.dedup();
        prop_assert_eq!(range.len(), side * side);
        let r = r as i32;
        for dy in -r - 1..=r + 1 {
            for dx in -r - 1..=r + 1 {
                let s = c + sq(dx, dy);
                prop_assert_eq!(range.binary_search(&s).is_ok(), c.distance(s) <= r);
            }
        }
    }

    #[test]
    fn projection_round_trips(t in in_limits(), h in -10_000i32..10_000) {
        let p = SquareProjection::new(h);
        let (col, row) = p.to_screen(t);
        prop_assert_eq!(p.tile_at(col, row), Some(t));
        prop_assert_eq!(p.tile_at(col + 1, row), None);
        prop_assert_eq!(p.tile_at(col - 1, row), None);
    }

    #[test]
    fn a_cell_that_gives_a_square_is_its_cell(col in any::<i32>(), row in any::<i32>(), h in any::<i32>()) {
        let p = SquareProjection::new(h);
        if let Some(t) = p.tile_at(col, row) {
            // Only cells whose square is in limits need to map back without overflow.
            if t.in_limits() && h.abs() <= COORD_LIMIT {
                prop_assert_eq!(p.to_screen(t), (col, row));
            }
        }
    }

    #[test]
    fn fitting_puts_the_leftmost_square_at_column_zero(tiles in proptest::collection::vec(small(), 1..30)) {
        let p = SquareProjection::fitting(tiles.iter().copied());
        prop_assert_eq!(tiles.iter().map(|&t| p.to_screen(t).0).min(), Some(0));
    }
}
