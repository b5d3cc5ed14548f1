use super::*;
use crate::geom::{Cell, Corner, LargeCell, Side};
use crate::geom::{StepKind, Tiling};
use crate::map::{Level, Shape, Terrain};
use proptest::prelude::*;

fn level(tiling: Tiling, w: i32, h: i32) -> Level {
    let cells: Vec<Cell> = (0..h)
        .flat_map(|y| (0..w).map(move |x| Cell::new(x, y)))
        .collect();
    Level::new(
        "t",
        1,
        Grid::from_cells(tiling, &cells, Terrain::Floor).unwrap(),
    )
}

#[test]
fn a_level_without_features_keeps_no_storage_and_equals_an_opened_one() {
    let mut a = level(Tiling::Hex, 6, 6);
    let b = a.clone();
    assert!(!a.has_sides());
    let side = Side::new(2, 0);
    assert!(a.set_side(side, SideFeature::Open));
    assert!(!a.has_sides(), "setting open allocates nothing");
    a.set_side(side, SideFeature::Wall);
    assert!(a.has_sides());
    assert_ne!(a, b);
    a.set_side(side, SideFeature::Open);
    assert_eq!(
        a, b,
        "a level with every side open again equals one that never had any"
    );
}

#[test]
fn a_thin_wall_refuses_the_step_and_sight_across_it_only() {
    let mut l = level(Tiling::Hex, 6, 6);
    let (a, b) = (Cell::new(2, 2), Cell::new(3, 2));
    let side = l.side_of(a, b).unwrap();
    l.set_side(side, SideFeature::Wall);
    assert!(!l.move_allowed(a, b) && !l.move_allowed(b, a));
    assert!(!l.sight_crosses(a, b) && !l.sight_crosses(b, a));
    assert!(l.move_allowed(a, Cell::new(2, 3)));
    l.set_side(side, SideFeature::DoorClosed);
    assert!(
        l.move_allowed(a, b),
        "a closed door is crossed by opening it"
    );
    assert!(!l.sight_crosses(a, b) && !l.blow_allowed(a, b));
    assert_eq!(l.door_between(b, a), Some(side));
    l.set_side(side, SideFeature::DoorOpen);
    assert!(l.blow_allowed(a, b) && l.door_between(a, b).is_none());
    assert_eq!(l.side_features(), vec![(side, SideFeature::DoorOpen)]);
}

#[test]
fn a_step_opens_a_closed_door_on_its_side_and_nothing_else() {
    for tiling in [Tiling::Hex, Tiling::Square] {
        let mut l = level(tiling, 6, 6);
        let (a, b) = (Cell::new(2, 2), Cell::new(3, 2));
        let side = l.side_of(a, b).unwrap();
        l.set_side(side, SideFeature::DoorClosed);
        assert_eq!(l.door_opened_by_step(a, b), Some(side), "{tiling}");
        assert_eq!(l.door_opened_by_step(b, a), Some(side), "{tiling}");
        // No door on another side, none two tiles away, none once it stands open.
        assert_eq!(l.door_opened_by_step(a, Cell::new(2, 3)), None, "{tiling}");
        assert_eq!(l.door_opened_by_step(a, Cell::new(4, 2)), None, "{tiling}");
        l.set_side(side, SideFeature::DoorOpen);
        assert_eq!(l.door_opened_by_step(a, b), None, "{tiling}");
    }
}

#[test]
fn a_square_diagonal_needs_its_corner_and_sides_open() {
    let mut l = level(Tiling::Square, 5, 5);
    let (a, b) = (Cell::new(1, 1), Cell::new(2, 2));
    assert!(l.move_allowed(a, b));
    let corner = Corner::new(6, 3);
    assert_eq!(l.terrain.tiling().corner_tiles(corner).len(), 4);
    l.set_corner(corner, CornerFeature::Pillar);
    assert!(!l.move_allowed(a, b) && !l.sight_crosses(b, a));
    assert!(l.move_allowed(a, Cell::new(2, 1)), "the sides stay open");
    assert_eq!(l.corner_features(), vec![(corner, CornerFeature::Pillar)]);
    l.set_corner(corner, CornerFeature::Open);
    let east = l.side_of(Cell::new(1, 2), Cell::new(2, 2)).unwrap();
    l.set_side(east, SideFeature::Wall);
    assert!(!l.move_allowed(a, b), "no squeezing past a thin wall's end");
    assert!(l.move_allowed(Cell::new(2, 1), Cell::new(3, 2)));
}

#[test]
fn sides_set_at_once_equal_sides_set_one_by_one() {
    for tiling in [Tiling::Hex, Tiling::Square] {
        let mut one = level(tiling, 7, 6);
        let mut all = one.clone();
        let mut features = Vec::new();
        for (k, i) in one.terrain.indices().enumerate() {
            let here = one.terrain.cell(i);
            for (n, side) in tiling.tile_sides(here).into_iter().enumerate() {
                let f = SideFeature::ALL[(k + n) % 4];
                features.push((side, f));
            }
        }
        for &(side, f) in &features {
            one.set_side(side, f);
        }
        assert_eq!(all.set_sides(features.iter().copied()), features.len());
        assert_eq!(all, one, "{tiling}");
        for i in 0..all.terrain.storage_len() {
            assert_eq!(
                all.sides().pass_mask(i),
                one.sides().pass_mask(i),
                "{tiling} {i}"
            );
            assert_eq!(
                all.sides().see_mask(i),
                one.sides().see_mask(i),
                "{tiling} {i}"
            );
        }
        assert_eq!(all.set_sides([(Side::new(-40, -40), SideFeature::Wall)]), 0);
    }
}

#[test]
fn triangles_take_no_sides() {
    let mut l = level(Tiling::Triangle, 6, 4);
    assert!(!l.set_side(Side::new(2, 0), SideFeature::Wall));
    assert!(!l.has_sides());
}

#[test]
fn sides_off_the_map_are_refused() {
    let mut l = Level::new(
        "t",
        1,
        Grid::new(&Shape::Hexagon { radius: 2 }, Terrain::Floor).unwrap(),
    );
    assert!(!l.set_side(Side::new(400, 0), SideFeature::Wall));
    assert_eq!(l.side_at(Side::new(400, 0)), SideFeature::Open);
}

proptest! {
    #[test]
    fn features_read_back_where_they_were_set(
        t in 0usize..2,
        picks in proptest::collection::vec((0i32..40, 0i32..20, 0usize..4), 1..30),
    ) {
        let tiling = [Tiling::Hex, Tiling::Square][t];
        let mut l = level(tiling, 8, 8);
        let mut want = std::collections::BTreeMap::new();
        for (c, r, f) in picks {
            // Shift into the map's large cells (hexes slant left by 2 per row).
            let c = c - 14;
            if let LargeCell::Side(s) = tiling.large_cell_at(c, r)
                && l.set_side(s, SideFeature::ALL[f]) {
                    want.insert(s, SideFeature::ALL[f]);
                }
        }
        for (&s, &f) in &want {
            prop_assert_eq!(l.side_at(s), f);
        }
        let mut listed: Vec<(Side, SideFeature)> = l.side_features();
        listed.sort();
        let expected: Vec<(Side, SideFeature)> =
            want.into_iter().filter(|&(_, f)| f != SideFeature::Open).collect();
        prop_assert_eq!(listed, expected);
        // The masks agree with the features on every move of every tile.
        for i in l.terrain.indices() {
            let here = l.terrain.cell(i);
            for (to, m) in l.terrain.moves_at(here).collect::<Vec<_>>() {
                if m.kind != StepKind::Side {
                    continue;
                }
                let f = l.side_at(l.side_of(here, to).unwrap());
                prop_assert_eq!(l.move_allowed(here, to), !f.blocks_movement());
                prop_assert_eq!(l.sight_crosses(here, to), !f.blocks_sight());
            }
        }
    }
}
