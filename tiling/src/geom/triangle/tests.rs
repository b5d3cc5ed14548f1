//! Triangle tiles: ARCHITECTURE.md's lists as examples, and every formula against a breadth-first
//! search (or, for the line, a plain floating-point version of ARCHITECTURE.md's rule).

use super::*;
use crate::geom::{Cell, Tiling};
use proptest::prelude::*;
use std::cmp::Reverse;
use std::collections::{BTreeMap, BinaryHeap};

fn t(x: i32, y: i32, s: u8) -> Tri {
    Tri::new(x, y, s)
}

fn small() -> impl Strategy<Value = Tri> {
    (-40i32..40, -40i32..40, 0u8..2).prop_map(|(x, y, s)| t(x, y, s))
}

fn medium() -> impl Strategy<Value = Tri> {
    (-3000i32..3000, -3000i32..3000, 0u8..2).prop_map(|(x, y, s)| t(x, y, s))
}

fn in_limits() -> impl Strategy<Value = Tri> {
    (
        -COORD_LIMIT..=COORD_LIMIT,
        -COORD_LIMIT..=COORD_LIMIT,
        0u8..2,
    )
        .prop_map(|(x, y, s)| t(x, y, s))
}

/// The cheapest cost from `from` to every tile of the box `|x|, |y| <= bound`, moving inside
/// it with `moves` (each with its cost): Dijkstra, which is breadth-first search when every
/// cost is 1.
fn search(from: Tri, bound: i32, moves: impl Fn(Tri) -> Vec<(Tri, i32)>) -> BTreeMap<Tri, i32> {
    let mut best = BTreeMap::from([(from, 0)]);
    let mut queue = BinaryHeap::from([Reverse((0, from))]);
    while let Some(Reverse((d, at))) = queue.pop() {
        if best[&at] < d {
            continue;
        }
        for (n, cost) in moves(at) {
            let inside = n.x.abs() <= bound && n.y.abs() <= bound;
            if inside && best.get(&n).is_none_or(|&old| old > d + cost) {
                best.insert(n, d + cost);
                queue.push(Reverse((d + cost, n)));
            }
        }
    }
    best
}

fn side_moves(a: Tri) -> Vec<(Tri, i32)> {
    a.side_neighbors().map(|n| (n, 1)).to_vec()
}

/// ARCHITECTURE.md's costs on open floor: 1 across a side, 1 + 1 through a corner.
fn priced_moves(a: Tri) -> Vec<(Tri, i32)> {
    a.steps()
        .map(|s| (s.to, if s.kind == StepKind::Side { 1 } else { 2 }))
        .to_vec()
}

fn unit_six_moves(a: Tri) -> Vec<(Tri, i32)> {
    a.steps().map(|s| (s.to, 1)).to_vec()
}

fn corner_moves(a: Tri) -> Vec<(Tri, i32)> {
    a.corner_sharing().map(|n| (n, 1)).to_vec()
}

/// Checks `formula` against `found` on every tile with `|x|, |y| <= 4` (a box of 10 leaves
/// room for every shortest path): the number of tiles checked.
fn agrees(found: &BTreeMap<Tri, i32>, formula: impl Fn(Tri) -> i32) -> usize {
    let mut checked = 0;
    for (&tile, &d) in found {
        if tile.x.abs() <= 4 && tile.y.abs() <= 4 {
            assert_eq!(formula(tile), d, "{tile}");
            checked += 1;
        }
    }
    checked
}

/// The tile containing the lattice point `(px, py)`.
fn tile_at_point(px: f64, py: f64) -> Tri {
    let (fx, fy, fw) = (px.floor(), py.floor(), (px + py).floor());
    t(fx as i32, fy as i32, (fw - fx - fy) as u8)
}

/// ARCHITECTURE.md's line in plain floating point: every crossing of a lattice line, sorted; the
/// tiles at the ends and half way between crossings. The oracle for small coordinates.
fn float_line(a: Tri, b: Tri) -> Vec<Tri> {
    float_line_nudged(a, b, 1.0)
}

/// [`float_line`] with both ends moved by `sign · (2e-6, 1e-6)`.
fn float_line_nudged(a: Tri, b: Tri, sign: f64) -> Vec<Tri> {
    let (ex, ey) = (sign * 2e-6, sign * 1e-6);
    let (ax, ay) = (a.centre().0 + ex, a.centre().1 + ey);
    let (bx, by) = (b.centre().0 + ex, b.centre().1 + ey);
    let mut ts = vec![0.0, 1.0];
    for (from, to) in [(ax, bx), (ay, by), (ax + ay, bx + by)] {
        let (lo, hi) = (from.min(to), from.max(to));
        let mut k = lo.floor() + 1.0;
        while k < hi {
            ts.push((k - from) / (to - from));
            k += 1.0;
        }
    }
    ts.sort_by(f64::total_cmp);
    let at = |u: f64| tile_at_point(ax + (bx - ax) * u, ay + (by - ay) * u);
    ts.windows(2)
        .map(|w| at(f64::midpoint(w[0], w[1])))
        .collect()
}

#[test]
fn moves_are_design_lists() {
    let (x, y) = (3, 1);
    let down: Vec<(Tri, StepKind)> = t(x, y, 0).steps().iter().map(|s| (s.to, s.kind)).collect();
    assert_eq!(
        down,
        [
            (t(x, y, 1), StepKind::Side),
            (t(x - 1, y, 1), StepKind::Side),
            (t(x, y - 1, 1), StepKind::Side),
            (t(x - 1, y + 1, 1), StepKind::Corner),
            (t(x - 1, y - 1, 1), StepKind::Corner),
            (t(x + 1, y - 1, 1), StepKind::Corner),
        ]
    );
    let up: Vec<(Tri, StepKind)> = t(x, y, 1).steps().iter().map(|s| (s.to, s.kind)).collect();
    assert_eq!(
        up,
        [
            (t(x, y, 0), StepKind::Side),
            (t(x + 1, y, 0), StepKind::Side),
            (t(x, y + 1, 0), StepKind::Side),
            (t(x + 1, y - 1, 0), StepKind::Corner),
            (t(x - 1, y + 1, 0), StepKind::Corner),
            (t(x + 1, y + 1, 0), StepKind::Corner),
        ]
    );
}

#[test]
fn moves_look_on_screen_as_design_says() {
    let p = TriProjection::new(7);
    for at in [t(3, 1, 0), t(3, 1, 1), t(-5, -2, 0), t(-5, -2, 1)] {
        let (c0, r0) = p.to_screen(at);
        for step in at.steps() {
            let (c1, r1) = p.to_screen(step.to);
            let (dc, dr) = (c1 - c0, r1 - r0);
            assert_eq!(
                (dc.signum(), dr.signum()),
                step.dir.signs(),
                "{at} {step:?}"
            );
            // Across a side: one column left or right, or straight up or down. Through a
            // corner: straight up or down, or two columns left or right on the next row.
            let expected = match (step.kind, step.dir.is_diagonal()) {
                (StepKind::Side, false) => dc.abs() + dr.abs() == 1,
                (StepKind::Corner, false) => dc == 0 && dr.abs() == 1,
                (StepKind::Corner, true) => dc.abs() == 2 && dr.abs() == 1,
                (StepKind::Side, true) => false,
            };
            assert!(expected, "{at} {step:?}");
        }
    }
}

#[test]
fn which_way_tiles_point() {
    assert_eq!(t(0, 0, 0).pointing(), Pointing::Down);
    assert_eq!(t(0, 0, 1).pointing(), Pointing::Up);
    // The tile under an up-pointing one is the down-pointing one sharing its flat side.
    let up = t(4, -3, 1);
    let under = up.step(Compass::S).map(|s| s.to);
    assert_eq!(under, Some(t(4, -2, 0)));
    let p = TriProjection::MAP_FILE;
    assert_eq!(p.to_screen(up).0, p.to_screen(t(4, -2, 0)).0);
    assert_eq!(up.step_kind(t(4, -2, 0)), Some(StepKind::Side));
    // A down-pointing tile has no move down across a side: down is its tip.
    assert_eq!(
        t(0, 0, 0).step(Compass::S).map(|s| s.kind),
        Some(StepKind::Corner)
    );
    assert_eq!(t(0, 0, 0).step(Compass::SE), None);
}

#[test]
fn sides_share_two_corners_and_shortcuts_one() {
    for at in [t(0, 0, 0), t(0, 0, 1)] {
        for step in at.steps() {
            let shared = at
                .corners()
                .iter()
                .filter(|c| step.to.corners().contains(c))
                .count();
            let expected = if step.kind == StepKind::Side { 2 } else { 1 };
            assert_eq!(shared, expected, "{at} {step:?}");
        }
    }
}

#[test]
fn around_a_corner_six_tiles_each_beside_the_next() {
    let around = Tri::around_corner(2, -1);
    for i in 0..6 {
        let (a, b) = (around[i], around[(i + 1) % 6]);
        assert_eq!(a.step_kind(b), Some(StepKind::Side), "{a} {b}");
        assert_eq!(a.step_kind(around[(i + 3) % 6]), Some(StepKind::Corner));
        assert!(a.corners().contains(&(2, -1)));
    }
}

#[test]
fn a_corner_move_passes_four_other_tiles() {
    for at in [t(0, 0, 0), t(0, 0, 1)] {
        for step in at.steps() {
            let beside = at.beside_corner_move(step.dir);
            if step.kind == StepKind::Side {
                assert_eq!(beside, None);
                continue;
            }
            let [a, b, c, d] = beside.expect("a corner move");
            // Two chains of side neighbours around the corner: at–a–b–to and at–d–c–to.
            assert_eq!(at.step_kind(a), Some(StepKind::Side));
            assert_eq!(a.step_kind(b), Some(StepKind::Side));
            assert_eq!(b.step_kind(step.to), Some(StepKind::Side));
            assert_eq!(at.step_kind(d), Some(StepKind::Side));
            assert_eq!(d.step_kind(c), Some(StepKind::Side));
            assert_eq!(c.step_kind(step.to), Some(StepKind::Side));
        }
    }
    assert_eq!(
        t(0, 0, 1).beside_corner_move(Compass::N),
        Some([t(0, 0, 0), t(0, -1, 1), t(1, -1, 1), t(1, 0, 0)])
    );
}

#[test]
fn twelve_tiles_share_a_corner() {
    for at in [t(0, 0, 0), t(0, 0, 1), t(5, -7, 1)] {
        let sharing = at.corner_sharing();
        for n in sharing {
            assert!(n.corners().iter().any(|c| at.corners().contains(c)));
            assert_eq!(at.corner_distance(n), 1);
        }
        for step in at.steps() {
            assert!(sharing.contains(&step.to));
        }
        // No other tile nearby touches it.
        for other in at.range(3, TriMeasure::Sides) {
            let touches = other != at && other.corners().iter().any(|c| at.corners().contains(c));
            assert_eq!(touches, sharing.contains(&other), "{other}");
        }
    }
}

/// The three formulas of the triangle seed (and ARCHITECTURE.md), each against a search from a tile
/// of either kind.
#[test]
fn distances_equal_searches() {
    for from in [t(0, 0, 0), t(0, 0, 1)] {
        let sides = search(from, 10, side_moves);
        assert_eq!(agrees(&sides, |b| from.side_distance(b)), 162);
        let priced = search(from, 10, priced_moves);
        assert_eq!(agrees(&priced, |b| from.shortcut_distance(b)), 162);
        let corners = search(from, 10, corner_moves);
        assert_eq!(agrees(&corners, |b| from.corner_distance(b)), 162);
    }
}

/// Where the seed is wrong, in ARCHITECTURE.md's convention:
/// - Its "diagonal shortcut" distance (the sum minus the smallest term) is a cost, with a move
///   through a corner costing 2, as the seed's own text says; it is not the number of moves when
///   every one of the six moves counts 1. The opposite tile through a corner is one move away
///   but the formula says 2.
/// - The tactics seed's `worldToGrid` truncates with `int(…)`; left of or above the origin it
///   names the wrong tile, and its `gridToWorld` gives both halves of a rhombus the same point.
/// - The square-tile-map seed's distance has lost its operators (`d_{i} = 2 × i_{1}»1  i_{2}»1`)
///   and cannot be checked as printed; we rely on the three formulas above instead.
#[test]
fn the_seed_shortcut_distance_is_a_cost_not_a_count_of_moves() {
    let from = t(0, 0, 0);
    let opposite = t(-1, -1, 1);
    assert_eq!(from.step_kind(opposite), Some(StepKind::Corner));
    assert_eq!(from.shortcut_distance(opposite), 2);
    let moves = search(from, 10, unit_six_moves);
    assert_eq!(moves[&opposite], 1);
    let wrong = moves
        .iter()
        .filter(|(b, d)| b.x.abs() <= 4 && b.y.abs() <= 4 && from.shortcut_distance(**b) != **d)
        .count();
    assert!(wrong > 100, "{wrong}");

    // The seed's worldToGrid on the lattice point (−0.5, 0.25), inside (−1, 0, 0).
    let (px, py) = (-0.5f64, 0.25f64);
    let seed_s = u8::from(px - px.floor() + py - py.floor() > 1.0);
    let seed = t(px as i32, py as i32, seed_s);
    assert_eq!(tile_at_point(px, py), t(-1, 0, 0));
    assert_eq!(seed, t(0, 0, 0));
}

#[test]
fn sight_is_by_corner_distance() {
    let o = Tri::ORIGIN;
    for n in o.corner_sharing() {
        assert!(o.within_sight(n, 1));
    }
    assert!(o.within_sight(o, 0));
    assert!(!o.within_sight(t(2, 0, 0), 1));
    let far = t(COORD_LIMIT, COORD_LIMIT, 1);
    assert_eq!(
        t(-COORD_LIMIT, -COORD_LIMIT, 0).corner_distance(far),
        4 * COORD_LIMIT + 1
    );
    assert!(t(-COORD_LIMIT, -COORD_LIMIT, 0).within_sight(far, u32::MAX));
}

#[test]
fn line_examples() {
    let o = Tri::ORIGIN;
    assert_eq!(o.line_to(o), vec![o]);
    assert_eq!(o.line_to(t(0, 0, 1)), vec![o, t(0, 0, 1)]);
    // Along a row: down, up, down, …
    assert_eq!(
        o.line_to(t(2, 0, 0)),
        vec![o, t(0, 0, 1), t(1, 0, 0), t(1, 0, 1), t(2, 0, 0)]
    );
    // Straight at the opposite tile through a corner, the offset picks a side.
    let opposite = t(-1, -1, 1);
    let line = o.line_to(opposite);
    assert_eq!(line.len(), 4);
    assert_eq!(line, float_line(o, opposite));
}

#[test]
fn the_longest_line_in_limits_does_not_overflow() {
    let l = COORD_LIMIT;
    let (a, b) = (t(-l, -l, 0), t(l, l, 1));
    let mut count = 0i64;
    let mut last = a;
    a.line_points(b, |x| {
        count += 1;
        last = x;
    });
    assert_eq!(last, b);
    assert_eq!(count, i64::from(a.side_distance(b)) + 1);
}

/// The offset keeps short lines off lattice corners, not every line in limits: this one,
/// about 500,000 rows long, runs exactly through the corner (0, 83334). There the line steps
/// straight to the opposite tile (two tiles fewer, one step through a corner), and it is
/// still the same both ways.
#[test]
fn a_line_exactly_through_a_corner_goes_to_the_opposite_tile() {
    let (a, b) = (t(0, 0, 0), t(-2, 499_999, 0));
    let line = a.line_to(b);
    assert_eq!(line[line.len() - 1], b);
    assert_eq!(line.len() as i32, a.side_distance(b) - 1);
    let kinds: Vec<Option<StepKind>> = line.windows(2).map(|w| w[0].step_kind(w[1])).collect();
    let corner = kinds.iter().position(|k| *k == Some(StepKind::Corner));
    let corner = corner.expect("one step through a corner");
    assert!(line[corner].corners().contains(&(0, 83_334)));
    assert!(line[corner + 1].corners().contains(&(0, 83_334)));
    assert!(
        kinds
            .iter()
            .enumerate()
            .all(|(i, k)| i == corner || *k == Some(StepKind::Side))
    );
    let mut back = b.line_to(a);
    back.reverse();
    assert_eq!(back, line);
}

#[test]
fn projection_examples() {
    let p = TriProjection::MAP_FILE;
    assert_eq!(p.to_screen(t(0, 0, 0)), (0, 0));
    assert_eq!(p.to_screen(t(0, 0, 1)), (1, 0));
    assert_eq!(p.to_screen(t(0, 1, 0)), (1, 1));
    assert_eq!(p.to_screen(t(-1, 1, 1)), (0, 1));
    // ARCHITECTURE.md's map file rule: s = (c + y) mod 2, x = (c − y − s) / 2.
    for row in -4i32..4 {
        for col in -9..9 {
            let s = (col + row).rem_euclid(2);
            let expected = t((col - row - s) / 2, row, s as u8);
            assert_eq!(p.tile_at(col, row), Some(expected), "({col}, {row})");
        }
    }
    assert_eq!(TriProjection::fitting([]), p);
    assert_eq!(TriProjection::fitting([t(-3, 2, 1), t(0, 0, 0)]).h, 3);
    assert_eq!(
        TriProjection::new(i32::MIN).tile_at(i32::MAX, 0),
        Some(t(i32::MAX, 0, 1))
    );
    assert_eq!(
        TriProjection::new(i32::MIN).tile_at(i32::MAX, i32::MIN),
        None
    );
}

proptest! {
    #[test]
    fn line_crosses_sides_from_end_to_end(a in small(), b in small()) {
        let line = a.line_to(b);
        prop_assert_eq!(line[0], a);
        prop_assert_eq!(line[line.len() - 1], b);
        prop_assert_eq!(line.len() as i32, a.side_distance(b) + 1);
        for pair in line.windows(2) {
            prop_assert_eq!(pair[0].step_kind(pair[1]), Some(StepKind::Side), "{:?}", line);
        }
    }

    #[test]
    fn line_is_design_rule_in_floating_point(a in small(), b in small()) {
        prop_assert_eq!(a.line_to(b), float_line(a, b));
    }

    #[test]
    fn line_minus_is_the_rule_with_the_other_nudge(a in small(), b in small()) {
        let minus = Tiling::Triangle.line_minus(Cell::from(a), Cell::from(b));
        let want: Vec<Cell> = float_line_nudged(a, b, -1.0).into_iter().map(Cell::from).collect();
        prop_assert_eq!(minus, want);
    }

    #[test]
    fn long_lines_are_design_rule_in_floating_point(a in medium(), b in medium()) {
        prop_assert_eq!(a.line_to(b), float_line(a, b));
    }

    #[test]
    fn line_is_symmetric(a in in_limits(), b in small()) {
        let b = t(a.x + b.x, a.y + b.y, b.s);
        let mut back = b.line_to(a);
        back.reverse();
        prop_assert_eq!(a.line_to(b), back);
    }

    #[test]
    fn line_is_the_same_wherever_it_is(a in small(), b in small(), dx in -COORD_LIMIT / 2..COORD_LIMIT / 2, dy in -COORD_LIMIT / 2..COORD_LIMIT / 2) {
        let shift = |v: Tri| v.shifted(dx, dy);
        let moved: Vec<Tri> = a.line_to(b).into_iter().map(shift).collect();
        prop_assert_eq!(shift(a).line_to(shift(b)), moved);
    }

    #[test]
    fn moves_are_mutual_and_of_one_kind(a in small()) {
        for step in a.steps() {
            prop_assert_eq!(step.to.step_kind(a), Some(step.kind));
            let back = step.to.step(step.dir.opposite());
            prop_assert_eq!(back.map(|s| (s.to, s.kind)), Some((a, step.kind)));
        }
        let mut dirs: Vec<Compass> = a.steps().iter().map(|s| s.dir).collect();
        dirs.sort();
        dirs.dedup();
        prop_assert_eq!(dirs.len(), 6);
        let sharing = a.corner_sharing();
        prop_assert!(sharing.windows(2).all(|w| w[0] < w[1]));
        for n in sharing {
            prop_assert!(n.corner_sharing().contains(&a));
        }
        for step in a.steps().iter().filter(|s| s.kind == StepKind::Corner) {
            let beside = a.beside_corner_move(step.dir);
            prop_assert!(beside.is_some());
            for b in beside.into_iter().flatten() {
                prop_assert!(sharing.contains(&b) && b != step.to);
            }
        }
    }

    #[test]
    fn distances_are_metrics(a in in_limits(), b in in_limits(), c in in_limits()) {
        for m in [TriMeasure::Sides, TriMeasure::Shortcuts, TriMeasure::Corners] {
            prop_assert_eq!(a.distance(b, m), b.distance(a, m));
            prop_assert!(a.distance(c, m) <= a.distance(b, m) + b.distance(c, m));
            prop_assert_eq!(a.distance(b, m) == 0, a == b);
        }
        prop_assert!(a.corner_distance(b) <= a.shortcut_distance(b));
        prop_assert!(a.shortcut_distance(b) <= a.side_distance(b));
    }

    #[test]
    fn range_and_ring_follow_the_measure(c in small(), r in 0u32..8) {
        for m in [TriMeasure::Sides, TriMeasure::Shortcuts, TriMeasure::Corners] {
            let range: Vec<Tri> = c.range(r, m).collect();
            let mut sorted = range.clone();
            sorted.sort();
            sorted.dedup();
            prop_assert_eq!(sorted.len(), range.len());
            let ri = r as i32;
            for dy in -ri - 1..=ri + 1 {
                for dx in -ri - 1..=ri + 1 {
                    for s in [0, 1] {
                        let other = t(c.x + dx, c.y + dy, s);
                        let d = c.distance(other, m);
                        prop_assert_eq!(sorted.binary_search(&other).is_ok(), d <= ri);
                    }
                }
            }
            let ring = c.ring(r, m);
            prop_assert!(ring.iter().all(|&x| c.distance(x, m) == ri));
            prop_assert_eq!(ring.len(), range.iter().filter(|&&x| c.distance(x, m) == ri).count());
        }
    }

    #[test]
    fn projection_round_trips(tile in in_limits(), h in -10_000i32..10_000) {
        let p = TriProjection::new(h);
        let (col, row) = p.to_screen(tile);
        prop_assert_eq!(p.tile_at(col, row), Some(tile));
    }

    #[test]
    fn every_cell_is_a_tile_drawn_there(col in -COORD_LIMIT..COORD_LIMIT, row in -COORD_LIMIT..COORD_LIMIT, h in -10_000i32..10_000) {
        let p = TriProjection::new(h);
        let tile = p.tile_at(col, row);
        prop_assert!(tile.is_some());
        prop_assert_eq!(tile.map(|x| p.to_screen(x)), Some((col, row)));
    }

    #[test]
    fn far_cells_never_overflow(col in any::<i32>(), row in any::<i32>(), h in any::<i32>()) {
        if let Some(tile) = TriProjection::new(h).tile_at(col, row) {
            prop_assert!(tile.s <= 1);
        }
    }

    #[test]
    fn fitting_puts_the_leftmost_tile_at_column_zero(tiles in proptest::collection::vec(small(), 1..30)) {
        let p = TriProjection::fitting(tiles.iter().copied());
        prop_assert_eq!(tiles.iter().map(|&x| p.to_screen(x).0).min(), Some(0));
    }
}
