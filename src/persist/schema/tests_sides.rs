//! Format 5's sides and corners: a level keeps them through the schema at a cost of two bytes
//! when it has none, a format 4 file loads with none, and a file whose marks do not fit its
//! map is refused with the file and the mark named.

use super::tests::{old_file, played_game, refused, scratch, write_file};
use super::{envelope, v4, v5};
use crate::geom::{Cell, Tiling};
use crate::map::{CornerFeature, Grid, Level, Shape, SideFeature, Terrain};
use crate::persist::{codec, load_game};

/// A hex level of radius 3 with a wall, both doors on sides and a pillar.
fn walled() -> Level {
    let grid = Grid::new(&Shape::Hexagon { radius: 3 }, Terrain::Floor).unwrap();
    let mut level = Level::new("walled", 1, grid);
    let hex = Tiling::Hex;
    let side = |a: (i32, i32), b: (i32, i32)| {
        hex.side_between(Cell::new(a.0, a.1), Cell::new(b.0, b.1))
            .unwrap()
    };
    assert!(level.set_side(side((0, 0), (1, 0)), SideFeature::Wall));
    assert!(level.set_side(side((0, 0), (0, 1)), SideFeature::DoorClosed));
    assert!(level.set_side(side((-1, -1), (0, 0)), SideFeature::DoorOpen));
    let corner = hex.tile_corners(Cell::new(1, 1))[0];
    assert!(level.set_corner(corner, CornerFeature::Pillar));
    level
}

#[test]
fn a_level_keeps_its_sides_and_corners_through_the_schema() {
    let level = walled();
    let schema = super::level::level_to_schema(&level);
    assert_eq!(schema.sides.len(), 3);
    assert_eq!(schema.corners.len(), 1);
    let mut codes: Vec<u8> = schema.sides.iter().map(|m| m.feature).collect();
    codes.sort_unstable();
    assert_eq!(codes, [1, 2, 3]);
    let back = super::level::level_from_schema(&schema).unwrap();
    // The grid is rebuilt from the tiles (its storage laid out anew), so compare by tile.
    assert!(back.terrain.iter().eq(level.terrain.iter()));
    let sorted = |mut v: Vec<_>| {
        v.sort_unstable();
        v
    };
    assert_eq!(sorted(back.side_features()), sorted(level.side_features()));
    assert_eq!(back.side_features().len(), 3);
    assert_eq!(back.corner_features(), level.corner_features());
    for (side, feature) in level.side_features() {
        assert_eq!(back.side_at(side), feature);
    }
}

#[test]
fn a_level_of_squares_keeps_its_sides_and_corners_through_the_schema() {
    let cells: Vec<Cell> = (0..5)
        .flat_map(|y| (0..7).map(move |x| Cell::new(x, y)))
        .collect();
    let grid = Grid::from_cells(Tiling::Square, &cells, Terrain::Floor).unwrap();
    let mut level = Level::new("squares", 1, grid);
    let sq = Tiling::Square;
    let between = |a: Cell, b: Cell| sq.side_between(a, b).unwrap();
    let (a, b, c) = (Cell::new(2, 2), Cell::new(3, 2), Cell::new(2, 3));
    assert!(level.set_side(between(a, b), SideFeature::Wall));
    assert!(level.set_side(between(a, c), SideFeature::DoorOpen));
    assert!(level.set_corner(sq.tile_corners(a)[0], CornerFeature::Pillar));
    let back = super::level::level_from_schema(&super::level::level_to_schema(&level)).unwrap();
    assert_eq!(back.side_at(between(a, b)), SideFeature::Wall);
    assert_eq!(back.side_at(between(a, c)), SideFeature::DoorOpen);
    assert_eq!(back.corner_features(), level.corner_features());
    assert_eq!(back.side_features().len(), 2);
}

#[test]
fn a_level_without_sides_costs_two_bytes_more_than_in_format_4() {
    let grid = Grid::new(&Shape::Hexagon { radius: 3 }, Terrain::Floor).unwrap();
    let plain = super::level::level_to_schema(&Level::new("plain", 1, grid));
    assert!(plain.sides.is_empty() && plain.corners.is_empty());
    let old = v4::Level {
        name: plain.name.clone(),
        depth: plain.depth,
        tiling: plain.tiling,
        runs: plain.runs.clone(),
        start: plain.start,
        placements: plain.placements.clone(),
    };
    let (new, old) = (codec::encode(&plain).unwrap(), codec::encode(&old).unwrap());
    assert_eq!(new.len(), old.len() + 2);
}

/// A format 5 world as format 4 wrote it (no level had sides).
fn v4_world(w: &v5::World) -> v4::World {
    let level = |l: &v5::Level| {
        assert!(l.sides.is_empty() && l.corners.is_empty());
        v4::Level {
            name: l.name.clone(),
            depth: l.depth,
            tiling: l.tiling,
            runs: l.runs.clone(),
            start: l.start,
            placements: l.placements.clone(),
        }
    };
    v4::World {
        seed: w.seed,
        tiling: w.tiling,
        depths: w
            .depths
            .iter()
            .map(|d| v4::Depth {
                level: level(&d.level),
                seen: d.seen.clone(),
                floor: d.floor.clone(),
                visited: d.visited,
            })
            .collect(),
        depth_count: w.depth_count,
        pending_maps: w.pending_maps.iter().map(level).collect(),
        creatures: w.creatures.clone(),
        turn: w.turn,
        segment: w.segment,
        rng: w.rng,
        ai_rng: w.ai_rng,
        plans: w.plans.clone(),
        story: w.story.clone(),
        terrain_digest: w.terrain_digest,
        regen_progress: w.regen_progress,
        regen_busy: w.regen_busy,
    }
}

#[test]
fn a_format_4_file_loads_as_the_same_game_with_no_sides() {
    let game = played_game();
    let old = v4::SavedGame {
        name: game.name.clone(),
        record: envelope::Record {
            start: v4_world(&game.record.start),
            steps: game.record.steps.clone(),
            origin: game.record.origin.clone(),
            made_by: game.record.made_by.clone(),
            upgrades: Vec::new(),
        },
        current: v4_world(&game.current),
        log: game.log.clone(),
    };
    let dir = scratch("format4");
    let path = old_file(&dir, 4, "format4.hdsave", &codec::encode(&old).unwrap());
    let loaded = load_game(&path).unwrap();
    let content = crate::content::Content::bundled().unwrap();
    let current =
        super::game::game_from_schema(&super::tests::to_current(game.clone()), &content.into())
            .unwrap();
    assert!(loaded.current.differences(&current.current).is_empty());
    assert_eq!(loaded.current.level(), current.current.level());
    assert!(!loaded.current.level().has_sides());
    assert_eq!(loaded.record.steps.len(), game.record.steps.len());
}

/// The large-projection cell of the player's tile in a schema game, and its east side's.
fn player_cells(game: &v5::SavedGame) -> ((i32, i32), (i32, i32)) {
    let at = game.current.creatures[0].at;
    let (c, r) = Tiling::Hex.large_cell(Cell::new(at.x, at.y)).unwrap();
    ((c, r), (c + 2, r))
}

fn side_mark((c, r): (i32, i32), feature: u8) -> v5::SideMark {
    v5::SideMark { c, r, feature }
}

type Alter = fn(&mut v5::SavedGame);

#[test]
fn side_marks_that_do_not_fit_the_map_are_refused_naming_the_file_and_the_mark() {
    let alterations: Vec<(&str, Alter)> = vec![
        ("no side of this map", |g| {
            let (tile, _) = player_cells(g);
            g.current.depths[0].level.sides.push(side_mark(tile, 1));
        }),
        ("no side of this map", |g| {
            let far = side_mark((40_002, 20_000), 1);
            g.current.depths[0].level.sides.push(far);
        }),
        ("unknown side feature code 9", |g| {
            let (_, east) = player_cells(g);
            g.current.depths[0].level.sides.push(side_mark(east, 9));
        }),
        ("unknown side feature code 0", |g| {
            let (_, east) = player_cells(g);
            g.record.start.depths[0]
                .level
                .sides
                .push(side_mark(east, 0));
        }),
        ("listed twice", |g| {
            let (_, east) = player_cells(g);
            let sides = &mut g.current.depths[0].level.sides;
            sides.extend([side_mark(east, 1), side_mark(east, 2)]);
        }),
        ("no corner of this map", |g| {
            let (_, (c, r)) = player_cells(g);
            let corner = v5::CornerMark { c, r, feature: 1 };
            g.current.depths[0].level.corners.push(corner);
        }),
        ("unknown corner feature code 2", |g| {
            let (c, r) = player_cells(g).0;
            let corner = v5::CornerMark {
                c,
                r: r + 1,
                feature: 2,
            };
            g.current.depths[0].level.corners.push(corner);
        }),
    ];
    let dir = scratch("side-marks");
    for (i, (words, alter)) in alterations.into_iter().enumerate() {
        let mut game = played_game();
        alter(&mut game);
        let name = format!("marks-{i}.hdsave");
        let path = write_file(&dir, &name, &codec::encode(&game).unwrap());
        let err = refused(&path);
        assert!(err.contains(words), "{words}: {err}");
        assert!(err.contains("column") && err.contains("row"), "{err}");
    }
}

#[test]
fn a_side_on_a_level_of_triangles_is_refused() {
    let cells: Vec<Cell> = (0..4)
        .flat_map(|y| (0..6).map(move |x| Cell::new(x, y)))
        .collect();
    let grid = Grid::from_cells(Tiling::Triangle, &cells, Terrain::Floor).unwrap();
    let mut schema = super::level::level_to_schema(&Level::new("tri", 1, grid));
    assert!(schema.sides.is_empty());
    schema.sides.push(side_mark((2, 0), 1));
    let err = super::level::level_from_schema(&schema)
        .unwrap_err()
        .to_string();
    assert!(err.contains("triangle tiling has none"), "{err}");
}
