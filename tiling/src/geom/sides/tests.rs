use super::*;
use proptest::prelude::*;

const WITH_SIDES: [Tiling; 2] = [Tiling::Hex, Tiling::Square];

fn tiling() -> impl Strategy<Value = Tiling> {
    (0usize..2).prop_map(|i| WITH_SIDES[i])
}

fn cell() -> impl Strategy<Value = Cell> {
    (-300i32..300, -300i32..300).prop_map(|(x, y)| Cell::new(x, y))
}

#[test]
fn a_hex_is_drawn_with_the_classic_outline() {
    let t = Tiling::Hex;
    let glyphs: Vec<char> = t
        .tile_sides(Cell::new(0, 0))
        .into_iter()
        .map(|s| t.side_shape(s).unwrap().glyph())
        .collect();
    // E, NE, NW, W, SW, SE.
    assert_eq!(glyphs, ['|', '\\', '/', '|', '\\', '/']);
    assert_eq!(t.large_cell(Cell::new(1, 1)), Some((2, 2)));
    assert_eq!(
        t.side_between(Cell::new(0, 0), Cell::new(1, 0)),
        Some(Side::new(2, 0))
    );
    assert_eq!(t.side_between(Cell::new(0, 0), Cell::new(2, 0)), None);
    assert_eq!(t.side_between(Cell::new(0, 0), Cell::new(1, -1)), None);
}

#[test]
fn squares_have_upright_and_level_sides() {
    let t = Tiling::Square;
    let glyphs: Vec<char> = t
        .tile_sides(Cell::new(3, 4))
        .into_iter()
        .map(|s| t.side_shape(s).unwrap().glyph())
        .collect();
    assert_eq!(glyphs, ['|', '-', '|', '-']);
    assert_eq!(
        t.side_between(Cell::new(0, 0), Cell::new(1, 1)),
        None,
        "diagonal"
    );
    assert_eq!(t.corner_tiles(Corner::new(2, 1)).len(), 4);
}

#[test]
fn triangles_have_no_sides_here() {
    let t = Tiling::Triangle;
    assert!(!t.has_sides());
    assert!(t.tile_sides(Cell::new(0, 0)).is_empty());
    assert_eq!(t.side_between(Cell::new(0, 0), Cell::new(1, 0)), None);
    assert_eq!(t.large_cell_at(0, 0), LargeCell::Gap);
}

proptest! {
    #[test]
    fn every_side_has_exactly_two_tiles(t in tiling(), c in -400i32..400, r in -400i32..400) {
        match t.large_cell_at(c, r) {
            LargeCell::Side(s) => {
                let (a, b) = t.side_tiles(s).unwrap();
                prop_assert_ne!(a, b);
                prop_assert_eq!(t.side_between(a, b), Some(s));
                prop_assert_eq!(t.side_between(b, a), Some(s));
                prop_assert!(t.tile_sides(a).contains(&s) && t.tile_sides(b).contains(&s));
                let [p, q] = t.side_corners(s).unwrap();
                for corner in [p, q] {
                    let around = t.corner_tiles(corner);
                    prop_assert!(around.contains(&a) && around.contains(&b));
                    prop_assert!(t.corner_sides(corner).contains(&s));
                }
            }
            other => {
                let s = Side::new(c, r);
                prop_assert_eq!(t.side_tiles(s), None, "{:?}", other);
                prop_assert_eq!(t.side_corners(s), None);
            }
        }
    }

    #[test]
    fn tiles_round_trip_and_have_their_sides_and_corners(t in tiling(), a in cell()) {
        let (c, r) = t.large_cell(a).unwrap();
        prop_assert_eq!(t.large_cell_at(c, r), LargeCell::Tile(a));
        let sides = t.tile_sides(a);
        let want = if t == Tiling::Hex { 6 } else { 4 };
        prop_assert_eq!(sides.len(), want);
        let mut distinct = sides.clone();
        distinct.sort();
        distinct.dedup();
        prop_assert_eq!(distinct.len(), want);
        // Each side lies across one of the tile's moves across a side, in their order.
        let across = t.moves(0).as_slice().iter().filter(|m| m.kind == crate::geom::StepKind::Side).map(|m| a.offset(m.dx, m.dy)).collect::<Vec<_>>();
        for (s, b) in sides.iter().zip(&across) {
            prop_assert_eq!(t.side_between(a, *b), Some(*s));
        }
        let corners = t.tile_corners(a);
        prop_assert_eq!(corners.len(), want);
        for k in corners {
            let around = t.corner_tiles(k);
            prop_assert_eq!(around.len(), if t == Tiling::Hex { 3 } else { 4 });
            prop_assert!(around.contains(&a));
            prop_assert_eq!(t.corner_sides(k).len(), if t == Tiling::Hex { 3 } else { 4 });
        }
    }
}
