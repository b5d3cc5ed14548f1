//! The topology on cells agrees with each tiling's own types, and its distance with a search.

use super::*;
use crate::geom::{Cabinet, Projection, SquareProjection, TriProjection};
use proptest::prelude::*;
use std::collections::{BTreeMap, BTreeSet};

fn cell() -> impl Strategy<Value = Cell> {
    (-500i32..500, -500i32..500).prop_map(|(x, y)| Cell::new(x, y))
}

fn tiling() -> impl Strategy<Value = Tiling> {
    prop::sample::select(Tiling::ALL.to_vec())
}

/// The cells a tile's moves lead to, by the tiling's own type.
fn native_moves(t: Tiling, c: Cell) -> BTreeSet<(Cell, Compass, StepKind)> {
    match t {
        Tiling::Hex => Direction::ALL
            .iter()
            .map(|&d| {
                let to = Hex::from(c).neighbor(d);
                (Cell::from(to), hex_compass(d), StepKind::Side)
            })
            .collect(),
        Tiling::Square => Square::from(c)
            .steps()
            .iter()
            .map(|s| (Cell::from(s.to), s.dir, s.kind))
            .collect(),
        Tiling::Triangle => Tri::from(c)
            .steps()
            .iter()
            .map(|s| (Cell::from(s.to), s.dir, s.kind))
            .collect(),
    }
}

/// Cheapest costs from `from` to every cell of the box `|dx|, |dy| <= bound` around it, each
/// move costing 1 plus its extra cost: Dijkstra by the move tables.
fn search(t: Tiling, from: Cell, bound: i32) -> BTreeMap<Cell, i32> {
    let mut best = BTreeMap::from([(from, 0)]);
    let mut frontier = BTreeSet::from([(0, from)]);
    while let Some((d, at)) = frontier.pop_first() {
        if best[&at] < d {
            continue;
        }
        for m in t.moves(t.class(at)).as_slice() {
            let to = at.offset(m.dx, m.dy);
            if (to.x - from.x).abs() > bound || (to.y - from.y).abs() > bound {
                continue;
            }
            let nd = d + 1 + m.extra_cost as i32;
            if best.get(&to).is_none_or(|&old| nd < old) {
                best.insert(to, nd);
                frontier.insert((nd, to));
            }
        }
    }
    best
}

#[test]
fn degrees_and_classes() {
    for t in Tiling::ALL {
        for class in 0..t.classes() {
            let moves = t.moves(class);
            assert_eq!(moves.as_slice().len(), t.degree(), "{t}");
            let touching = t.touching(class);
            let want = match t {
                Tiling::Hex => 6,
                Tiling::Square => 8,
                Tiling::Triangle => 12,
            };
            assert_eq!(touching.len(), want, "{t}");
        }
    }
    // Down-pointing (s = 0) and up-pointing (s = 1) triangles alternate along a row.
    assert_eq!(Tiling::Triangle.class(Cell::new(0, 0)), 0);
    assert_eq!(Tiling::Triangle.class(Cell::new(1, 0)), 1);
    assert_eq!(Tiling::Triangle.class(Cell::new(1, 1)), 0);
    assert_eq!(Tiling::Triangle.class(Cell::new(-1, 0)), 1);
}

#[test]
fn squeezes_are_the_tiles_a_corner_move_passes() {
    let sq = Tiling::Square.moves(0);
    for m in sq.as_slice() {
        let want: Vec<(i32, i32)> = Square::new(0, 0)
            .passes_between(m.dir)
            .map(|p| p.iter().map(|q| (q.x, q.y)).collect())
            .unwrap_or_default();
        assert_eq!(m.squeezes(), want.as_slice(), "{:?}", m.dir);
        assert_eq!(m.extra_cost, 0, "a square's diagonal costs as a side step");
    }
    for class in 0..2 {
        let here = Cell::new(class as i32, 0);
        for m in Tiling::Triangle.moves(class).as_slice() {
            let want: Vec<(i32, i32)> = Tri::from(here)
                .beside_corner_move(m.dir)
                .map(|p| {
                    p.iter()
                        .map(|&q| {
                            let c = Cell::from(q);
                            (c.x - here.x, c.y - here.y)
                        })
                        .collect()
                })
                .unwrap_or_default();
            assert_eq!(m.squeezes(), want.as_slice());
            assert_eq!(m.extra_cost, u32::from(m.kind == StepKind::Corner));
        }
    }
    assert!(
        Tiling::Hex
            .moves(0)
            .as_slice()
            .iter()
            .all(|m| m.squeezes().is_empty() && m.extra_cost == 0)
    );
}

#[test]
fn triangle_moves_on_screen_are_the_design_lists() {
    // An up-pointing tile at column 1: left, right and below across sides; above, and two
    // columns left and right on the row below, through corners.
    let moves_of = |class| -> BTreeSet<(i32, i32, StepKind)> {
        Tiling::Triangle
            .moves(class)
            .as_slice()
            .iter()
            .map(|m| (m.dx, m.dy, m.kind))
            .collect()
    };
    let up = moves_of(1);
    let want = BTreeSet::from([
        (-1, 0, StepKind::Side),
        (1, 0, StepKind::Side),
        (0, 1, StepKind::Side),
        (0, -1, StepKind::Corner),
        (-2, 1, StepKind::Corner),
        (2, 1, StepKind::Corner),
    ]);
    assert_eq!(up, want);
    let down = moves_of(0);
    let want = BTreeSet::from([
        (-1, 0, StepKind::Side),
        (1, 0, StepKind::Side),
        (0, -1, StepKind::Side),
        (0, 1, StepKind::Corner),
        (-2, -1, StepKind::Corner),
        (2, -1, StepKind::Corner),
    ]);
    assert_eq!(down, want);
}

#[test]
fn distances_equal_searches_on_every_tiling() {
    for t in Tiling::ALL {
        for from in [Cell::new(0, 0), Cell::new(1, 0), Cell::new(7, -3)] {
            let found = search(t, from, 12);
            let mut checked = 0;
            for (&to, &d) in &found {
                // Far from the box's edge, where the box cannot have cut a shorter path.
                if (to.x - from.x).abs() <= 4 && (to.y - from.y).abs() <= 4 {
                    assert_eq!(t.distance(from, to), d, "{t} {from:?} -> {to:?}");
                    checked += 1;
                }
            }
            assert!(checked >= 40, "{t}: {checked}");
        }
    }
}

#[test]
fn screen_matches_each_projection() {
    for (x, y) in [(0, 0), (3, 1), (-2, 5), (4, -4)] {
        let c = Cell::new(x, y);
        for h in [0, 7] {
            assert_eq!(
                Tiling::Hex.screen(c, h),
                Cabinet::new(h).to_screen(Hex::from(c))
            );
            assert_eq!(
                Tiling::Square.screen(c, h),
                SquareProjection::new(h).to_screen(Square::from(c))
            );
            assert_eq!(
                Tiling::Triangle.screen(c, h),
                TriProjection::new(h).to_screen(Tri::from(c))
            );
        }
    }
}

proptest! {
    #[test]
    fn cells_and_tiles_round_trip(c in cell(), x in -500i32..500, y in -500i32..500, s in 0u8..2) {
        prop_assert_eq!(Cell::from(Tri::from(c)), c);
        prop_assert_eq!(Tri::from(Cell::from(Tri::new(x, y, s))), Tri::new(x, y, s));
        prop_assert_eq!(Cell::from(Hex::from(c)), c);
        prop_assert_eq!(Cell::from(Square::from(c)), c);
        // A triangle's class is which way it points.
        prop_assert_eq!(Tiling::Triangle.class(c), usize::from(Tri::from(c).s));
    }

    #[test]
    fn moves_are_each_tilings_own(t in tiling(), c in cell()) {
        let by_table: BTreeSet<(Cell, Compass, StepKind)> = t
            .moves(t.class(c))
            .as_slice()
            .iter()
            .map(|m| (c.offset(m.dx, m.dy), m.dir, m.kind))
            .collect();
        prop_assert_eq!(by_table, native_moves(t, c));
    }

    #[test]
    fn touching_tiles_are_each_tilings_own(t in tiling(), c in cell()) {
        let by_table: BTreeSet<Cell> = t
            .touching(t.class(c))
            .iter()
            .map(|&(dx, dy)| c.offset(dx, dy))
            .collect();
        let want: BTreeSet<Cell> = match t {
            Tiling::Hex => Hex::from(c).neighbors().iter().map(|&h| Cell::from(h)).collect(),
            Tiling::Square => Square::from(c).neighbors().iter().map(|&q| Cell::from(q)).collect(),
            Tiling::Triangle => Tri::from(c).corner_sharing().iter().map(|&q| Cell::from(q)).collect(),
        };
        prop_assert_eq!(by_table, want);
    }

    #[test]
    fn lines_keep_their_laws(t in tiling(), a in cell(), b in cell()) {
        let line = t.line(a, b);
        prop_assert_eq!(line.first(), Some(&a));
        prop_assert_eq!(line.last(), Some(&b));
        let mut back = t.line(b, a);
        back.reverse();
        prop_assert_eq!(&back, &line);
        for pair in line.windows(2) {
            let touch = t.touching(t.class(pair[0]));
            prop_assert!(touch.contains(&(pair[1].x - pair[0].x, pair[1].y - pair[0].y)));
        }
    }

    #[test]
    fn the_other_line_keeps_the_laws_and_mirrors_the_first(t in tiling(), a in cell(), b in cell()) {
        let line = t.line_minus(a, b);
        prop_assert_eq!(line.first(), Some(&a));
        prop_assert_eq!(line.last(), Some(&b));
        let mut back = t.line_minus(b, a);
        back.reverse();
        prop_assert_eq!(&back, &line);
        for pair in line.windows(2) {
            let touch = t.touching(t.class(pair[0]));
            prop_assert!(touch.contains(&(pair[1].x - pair[0].x, pair[1].y - pair[0].y)));
        }
        // The reflection through the origin swaps the two lines.
        let mirrored: Vec<Cell> = t.line(t.reflect(a), t.reflect(b)).into_iter().map(|c| t.reflect(c)).collect();
        prop_assert_eq!(mirrored, line);
        prop_assert_eq!(t.reflect(t.reflect(a)), a);
        prop_assert_eq!(t.class(t.reflect(a)), t.classes() - 1 - t.class(a));
    }

    #[test]
    fn sight_ranges_hold_exactly_the_tiles_within_sight(t in tiling(), c in cell(), r in 0u32..7) {
        let range = t.sight_range(c, r);
        prop_assert!(range.windows(2).all(|p| (p[0].y, p[0].x) < (p[1].y, p[1].x)));
        prop_assert!(range.iter().all(|&o| t.within_sight(c, o, r)));
        // Nothing within sight lies outside the box the range scans.
        for dy in -(r as i32) - 2..=r as i32 + 2 {
            for dx in -2 * r as i32 - 4..=2 * r as i32 + 4 {
                let o = c.offset(dx, dy);
                prop_assert_eq!(t.within_sight(c, o, r), range.contains(&o));
            }
        }
        prop_assert!(range.contains(&c));
    }
}
