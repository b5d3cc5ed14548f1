//! Field of view against a plain reference of the definition in ARCHITECTURE.md, and its laws.
#![allow(clippy::unwrap_used)]

use hexdeep::fov::{FovTree, visible_by_lines, visible_tiles};
use hexdeep::geom::{Cell, Hex, Tiling};
use hexdeep::map::{Grid, Level, Shape, SightBits, Terrain};
use proptest::prelude::*;

/// The hex distance between two cells of a hex level.
fn dist(a: Cell, b: Cell) -> i32 {
    Tiling::Hex.distance(a, b)
}

/// The six hex neighbours of a cell of a hex level.
fn neighbours(c: Cell) -> [Cell; 6] {
    Hex::from(c).neighbors().map(Cell::from)
}

/// Rule 1: `target` is within the radius and nothing strictly between it and the viewer on
/// one of their two lines blocks sight: `line⁺`, both ends nudged by `+(3e-6, 2e-6)`, or
/// `line⁻`, nudged by `−(3e-6, 2e-6)`, each drawn here in plain floating point.
fn by_line(level: &Level, origin: Cell, radius: u32, target: Cell) -> bool {
    if !level.terrain.contains(origin) || dist(origin, target) as u32 > radius {
        return false;
    }
    [1.0, -1.0].into_iter().any(|sign| {
        let line = nudged_line(origin, target, sign);
        let n = line.len();
        line.iter()
            .enumerate()
            .all(|(k, &h)| k == 0 || k + 1 == n || !level.blocks_sight(h))
    })
}

/// The hex line from `a` to `b` with both ends nudged by `sign · (3e-6, 2e-6)`.
fn nudged_line(a: Cell, b: Cell, sign: f64) -> Vec<Cell> {
    let n = dist(a, b);
    let (ex, ey) = (sign * 3e-6, sign * 2e-6);
    let (ax, ay) = (f64::from(a.x) + ex, f64::from(a.y) + ey);
    let (bx, by) = (f64::from(b.x) + ex, f64::from(b.y) + ey);
    (0..=n)
        .map(|i| {
            let t = if n == 0 {
                0.0
            } else {
                f64::from(i) / f64::from(n)
            };
            Cell::from(Hex::round(ax + (bx - ax) * t, ay + (by - ay) * t))
        })
        .collect()
}

/// Rule 2's condition on a neighbour `n` of a sight-blocking `target`: visible by rule 1, open,
/// and no farther from the viewer.
fn reveals(level: &Level, origin: Cell, radius: u32, n: Cell, target: Cell) -> bool {
    by_line(level, origin, radius, n)
        && !level.blocks_sight(n)
        && dist(origin, n) <= dist(origin, target)
}

/// The definition, both rules checked hex by hex for every tile of the map.
fn reference(level: &Level, origin: Cell, radius: u32) -> Vec<usize> {
    let grid = &level.terrain;
    grid.indices()
        .filter(|&i| {
            let target = grid.cell(i);
            by_line(level, origin, radius, target)
                || (level.blocks_sight(target)
                    && dist(origin, target) as u32 <= radius
                    && neighbours(target)
                        .iter()
                        .any(|&n| reveals(level, origin, radius, n, target)))
        })
        .collect()
}

const KINDS: [Terrain; 8] = [
    Terrain::Floor,
    Terrain::Floor,
    Terrain::Floor,
    Terrain::Wall,
    Terrain::Brush,
    Terrain::DoorClosed,
    Terrain::DeepWater,
    Terrain::ShallowWater,
];

fn shape() -> impl Strategy<Value = Shape> {
    prop_oneof![
        (1u32..14, 1u32..14).prop_map(|(width, height)| Shape::Parallelogram { width, height }),
        (1u32..14, 1u32..14).prop_map(|(width, height)| Shape::Rectangle { width, height }),
        (0u32..7).prop_map(|radius| Shape::Hexagon { radius }),
        proptest::collection::vec((-8i32..8, -8i32..8), 1..120)
            .prop_map(|v| Shape::Mask(v.into_iter().map(|(x, y)| Hex::new(x, y)).collect())),
    ]
}

/// A level of random shape and terrain, a viewer position (maybe off the map) and a radius.
fn scene() -> impl Strategy<Value = (Level, Cell, u32)> {
    (
        shape(),
        proptest::collection::vec(0usize..KINDS.len(), 256),
        any::<prop::sample::Index>(),
        0u32..12,
        any::<bool>(),
    )
        .prop_map(|(shape, kinds, pick, radius, on_map)| {
            let mut grid = Grid::new(&shape, Terrain::Floor).unwrap();
            let hexes: Vec<Cell> = shape.hexes().into_iter().map(Cell::from).collect();
            for (k, &h) in hexes.iter().enumerate() {
                grid.set(h, KINDS[kinds[k % kinds.len()]]);
            }
            let origin = if on_map {
                hexes[pick.index(hexes.len())]
            } else {
                Cell::new(pick.index(24) as i32 - 12, 3)
            };
            (Level::new("t", 1, grid), origin, radius)
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn visible_tiles_follow_the_definition((level, origin, radius) in scene()) {
        prop_assert_eq!(visible_tiles(&level, origin, radius), reference(&level, origin, radius));
    }

    #[test]
    fn the_line_by_line_form_follows_the_definition((level, origin, radius) in scene()) {
        let grid = &level.terrain;
        let plain = visible_by_lines(grid, |i| grid[i].blocks_sight(), origin, radius);
        prop_assert_eq!(plain, reference(&level, origin, radius));
    }

    #[test]
    fn nothing_is_seen_but_by_a_clear_line_or_beside_one((level, origin, radius) in scene()) {
        let grid = &level.terrain;
        for i in visible_tiles(&level, origin, radius) {
            let t = grid.cell(i);
            if by_line(&level, origin, radius, t) {
                continue;
            }
            // Seen only by rule 2: a wall next to an open tile seen along its line, and no
            // nearer than it.
            prop_assert!(level.blocks_sight(t), "open {} seen through a wall", t);
            prop_assert!(
                neighbours(t).iter().any(|&n| reveals(&level, origin, radius, n, t)),
                "wall {} seen with no open neighbour in view",
                t
            );
        }
    }

    #[test]
    fn a_fresh_tree_over_sight_bits_agrees((level, origin, radius) in scene()) {
        let grid = &level.terrain;
        let mask: Vec<bool> = grid.cells().iter().map(|t| t.blocks_sight()).collect();
        let sight = SightBits::of(grid, |i| mask[i]);
        prop_assert_eq!(&sight, grid.sight(), "the level's bits are the grid's");
        let mut out = Vec::new();
        let start = grid.index(origin).unwrap_or(usize::MAX);
        let tree = FovTree::new(radius).unwrap();
        tree.compute(&sight, start, &mut out);
        let want = reference(&level, origin, radius);
        prop_assert_eq!(&out, &want);
        let mut visited = Vec::new();
        tree.visit(&sight, start, |i| visited.push(i));
        prop_assert_eq!(&visited, &want, "visit");
        tree.for_grid(grid).compute(&sight, start, &mut out);
        prop_assert_eq!(&out, &want, "made for this grid");
    }

    #[test]
    fn only_tiles_are_seen_and_the_origin_is((level, origin, radius) in scene()) {
        let seen = visible_tiles(&level, origin, radius);
        let grid = &level.terrain;
        prop_assert!(seen.iter().all(|&i| grid.is_tile(i)));
        prop_assert!(seen.windows(2).all(|w| w[0] < w[1]), "sorted, no repeats");
        match grid.index(origin) {
            Some(o) => prop_assert!(seen.contains(&o)),
            None => prop_assert!(seen.is_empty()),
        }
    }

    #[test]
    fn sight_between_open_tiles_is_symmetric((level, origin, radius) in scene()) {
        let grid = &level.terrain;
        prop_assume!(grid.contains(origin) && !level.blocks_sight(origin));
        let a = grid.index(origin).unwrap();
        for b in visible_tiles(&level, origin, radius) {
            if grid[b].blocks_sight() {
                continue;
            }
            let back = visible_tiles(&level, grid.cell(b), radius);
            prop_assert!(back.contains(&a), "{} sees {} but not back", origin, grid.cell(b));
        }
    }
}

/// A level of walls with a hexagonal room of `radius` floor tiles around `centre`.
fn hex_room(centre: Cell, radius: u32) -> Level {
    let side = centre.x.max(centre.y) as u32 * 2 + 1;
    let mut grid = Grid::new(
        &Shape::Parallelogram {
            width: side,
            height: side,
        },
        Terrain::Wall,
    )
    .unwrap();
    for h in Hex::from(centre).range(radius) {
        grid.set(h.into(), Terrain::Floor);
    }
    Level::new("room", 1, grid)
}

/// The walls touching a floor tile.
fn bounding_walls(level: &Level) -> Vec<usize> {
    let grid = &level.terrain;
    grid.indices()
        .filter(|&i| {
            grid[i] == Terrain::Wall
                && neighbours(grid.cell(i))
                    .iter()
                    .any(|&n| level.terrain_at(n) == Some(Terrain::Floor))
        })
        .collect()
}

#[test]
fn the_walls_of_a_lit_room_are_visible_from_its_centre() {
    // From the centre, the line to a wall at distance r + 1 passes tiles at distances 1..=r:
    // all floor. So every bounding wall shows. (From a corner of the room the walls of the
    // two sides meeting there can hide one another: lines along a wall graze it, as the
    // definition says.)
    for r in 1..=8 {
        let centre = Cell::new(10, 10);
        let level = hex_room(centre, r);
        let seen = visible_tiles(&level, centre, r + 1);
        let walls = bounding_walls(&level);
        assert_eq!(walls.len(), 6 * (r as usize + 1));
        for w in walls {
            assert!(
                seen.contains(&w),
                "radius {r}: wall {} hidden",
                level.terrain.cell(w)
            );
        }
        // Walls beyond them never show.
        for &i in &seen {
            assert!(dist(centre, level.terrain.cell(i)) as u32 <= r + 1);
        }
    }
}

#[test]
fn nothing_outside_the_map_is_visible() {
    let grid = Grid::new(&Shape::Hexagon { radius: 3 }, Terrain::Floor).unwrap();
    let level = Level::new("open", 1, grid);
    let seen = visible_tiles(&level, Cell::ORIGIN, 20);
    assert_eq!(seen.len(), 37, "exactly the 37 tiles of the hexagon");
    assert!(visible_tiles(&level, Cell::new(9, 9), 20).is_empty());
}

/// One hex-convex piece of a room: `x`, `y` and `x − y` each within a range.
#[derive(Clone, Debug)]
struct Piece {
    x: (i32, i32),
    y: (i32, i32),
    z: (i32, i32),
}

impl Piece {
    fn contains(&self, h: Cell) -> bool {
        let within = |v: i32, (lo, hi): (i32, i32)| lo <= v && v <= hi;
        within(h.x, self.x) && within(h.y, self.y) && within(h.x - h.y, self.z)
    }
}

/// Side of the wall-filled grid rooms are carved in.
const ROOM_GRID: u32 = 20;

fn piece() -> impl Strategy<Value = Piece> {
    (2i32..17, 1i32..9, 2i32..17, 1i32..9, -9i32..9, 1i32..12).prop_map(|(x0, w, y0, h, z0, d)| {
        Piece {
            x: (x0, (x0 + w).min(17)),
            y: (y0, (y0 + h).min(17)),
            z: (z0, z0 + d),
        }
    })
}

/// A closed room in a grid of walls: the union of one to three hex-convex pieces (so concave
/// rooms too), some of its walls closed doors; the pieces that hold a tile, a viewer tile in
/// one of them (by index), and a radius.
fn room() -> impl Strategy<Value = (Level, Vec<Piece>, usize, Cell, u32)> {
    (
        proptest::collection::vec(piece(), 1..4),
        proptest::collection::vec(any::<bool>(), 64),
        any::<prop::sample::Index>(),
        any::<prop::sample::Index>(),
        1u32..14,
    )
        .prop_filter_map("no floor", |(pieces, doors, which, at, radius)| {
            let mut grid = Grid::new(
                &Shape::Parallelogram {
                    width: ROOM_GRID,
                    height: ROOM_GRID,
                },
                Terrain::Wall,
            )
            .unwrap();
            let hexes = grid.indices().map(|i| grid.cell(i)).collect::<Vec<_>>();
            let pieces: Vec<Piece> = pieces
                .into_iter()
                .filter(|p| hexes.iter().any(|&h| p.contains(h)))
                .collect();
            let piece = pieces.get(which.index(pieces.len().max(1)))?.clone();
            for &h in &hexes {
                if pieces.iter().any(|p| p.contains(h)) {
                    grid.set(h, Terrain::Floor);
                }
            }
            let level = Level::new("room", 1, grid.clone());
            for (k, w) in bounding_walls(&level).into_iter().enumerate() {
                if doors[k % doors.len()] && k % 3 == 0 {
                    grid[w] = Terrain::DoorClosed;
                }
            }
            let inside: Vec<Cell> = hexes
                .iter()
                .copied()
                .filter(|&h| piece.contains(h))
                .collect();
            let viewer = inside[at.index(inside.len())];
            let k = pieces.iter().position(|p| p.contains(viewer))?;
            Some((Level::new("room", 1, grid), pieces, k, viewer, radius))
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// From any floor tile, the walls and doors around the convex part of the room it stands
    /// in all show within the radius (a whole convex room's, then), and nothing beyond the
    /// room's own walls does. (Around a concave room's corner the far walls hide, as they
    /// should: only the walls next to a floor tile in view are drawn.)
    #[test]
    fn a_room_shows_its_walls_and_nothing_behind_them(
        (level, pieces, k, viewer, radius) in room()
    ) {
        let grid = &level.terrain;
        let seen = visible_tiles(&level, viewer, radius);
        let in_piece = |h: Cell| pieces[k].contains(h) && grid.contains(h);
        for i in grid.indices() {
            let h = grid.cell(i);
            let wall_of_piece = level.blocks_sight(h) && neighbours(h).iter().any(|&n| in_piece(n));
            if (in_piece(h) || wall_of_piece) && dist(viewer, h) as u32 <= radius {
                prop_assert!(seen.contains(&i), "{} hidden from {} (radius {})", h, viewer, radius);
            }
        }
        let room_walls = bounding_walls_or_doors(&level);
        for &i in &seen {
            let t = grid[i];
            prop_assert!(
                t == Terrain::Floor || room_walls.binary_search(&i).is_ok(),
                "{} seen behind the room's walls", grid.cell(i)
            );
        }
    }
}

/// The walls and doors touching a floor tile, ascending.
fn bounding_walls_or_doors(level: &Level) -> Vec<usize> {
    let grid = &level.terrain;
    grid.indices()
        .filter(|&i| {
            grid[i].blocks_sight()
                && neighbours(grid.cell(i))
                    .iter()
                    .any(|&n| level.terrain_at(n) == Some(Terrain::Floor))
        })
        .collect()
}

/// The bundled fortress map, read from inside the repository.
fn fortress() -> Level {
    let text = include_str!("../data/maps/fortress.hexmap");
    hexdeep::mapfile::parse_hexmap("data/maps/fortress.hexmap", text.as_bytes())
        .unwrap()
        .level
}

#[test]
fn the_fortress_room_below_the_moat_shows_its_walls_and_its_door() {
    // The room of rows 13 and 14 ("# . . . @ . . . #" in the file), seen from (18, 14) with
    // the player's sight.
    let level = fortress();
    let grid = &level.terrain;
    let seen = |from: Cell| -> Vec<Cell> {
        visible_tiles(&level, from, 8)
            .into_iter()
            .map(|i| grid.cell(i))
            .collect()
    };
    let view = seen(Cell::new(18, 14));
    // The wall row below the player, its open door (19, 15) included: every tile of it that
    // touches the room. (23, 15), the row's last `#` in the file, touches only the moat and
    // the room's east wall, so by the definition it stays hidden.
    for x in 15..=22 {
        let h = Cell::new(x, 15);
        assert!(level.blocks_sight(h) || x == 19, "{h} is a wall");
        assert!(view.contains(&h), "wall {h} below the player is hidden");
    }
    assert_eq!(level.terrain_at(Cell::new(19, 15)), Some(Terrain::DoorOpen));
    // The closed door in the room's north-east corner, from the room and from the corridor
    // outside it.
    let door = Cell::new(21, 12);
    assert_eq!(level.terrain_at(door), Some(Terrain::DoorClosed));
    assert!(view.contains(&door), "the door is hidden from the room");
    for from in [Cell::new(14, 11), Cell::new(20, 11), Cell::new(26, 11)] {
        assert!(seen(from).contains(&door), "the door is hidden from {from}");
    }
    // Nothing past the walls: not the corridor above, not the moat on either side.
    assert!(
        view.iter().all(|&h| h.y >= 12),
        "seen through the north wall"
    );
    for moat in [
        Cell::new(13, 13),
        Cell::new(13, 14),
        Cell::new(23, 14),
        Cell::new(23, 13),
    ] {
        assert_eq!(
            level.terrain_at(moat),
            Some(Terrain::ShallowWater),
            "{moat}"
        );
        assert!(!view.contains(&moat), "{moat} seen through a wall");
    }
}
