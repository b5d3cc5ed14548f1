//! Rooms and corridors carved over the caverns: screen rectangles (and on hexes hexagons, on
//! squares round rooms, on triangles hexagons of triangles) walled all round, joined in a
//! chain (with the odd loop) by two-legged corridors that pass through a room's wall by a
//! door or an opening. Off hexes a corridor is a path of steps across sides, so it can be
//! walked whatever lies beside it.

use super::around::Around;
use super::{connect, dice};
use crate::geom::{Cabinet, Cell, Hex, StepKind, Tiling, Tri, TriMeasure};
use crate::map::{Grid, Terrain};
use crate::rng::GameRng;

/// The fewest rooms wanted on any level (small maps may fit fewer).
const MIN_ROOMS: usize = 2;
/// The most rooms on any level.
const MAX_ROOMS: usize = 150;
/// Placement attempts per room wanted.
const TRIES_PER_ROOM: usize = 8;

/// What part of a room layout a cell is.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Part {
    Outside,
    Inside,
    RoomWall,
}

/// A carved room: where corridors start and end.
struct Room {
    centre: Cell,
}

/// Carves rooms into the interior, one wanted per `area_per_room` interior tiles (at least
/// [`MIN_ROOMS`]), joins them with corridors, and returns how many were carved.
pub(super) fn carve_rooms(
    grid: &mut Grid<Terrain>,
    interior: &[bool],
    rng: &mut GameRng,
    area_per_room: usize,
) -> usize {
    let spots: Vec<usize> = grid.indices().filter(|&i| interior[i]).collect();
    if spots.is_empty() {
        return 0;
    }
    let area = super::in_hex_areas(grid, spots.len());
    let wanted = (area / area_per_room.max(1)).clamp(MIN_ROOMS, MAX_ROOMS);
    let mut parts = vec![Part::Outside; grid.storage_len()];
    let mut rooms = Vec::new();
    let around = Around::touching(grid);
    for _ in 0..wanted * TRIES_PER_ROOM {
        if rooms.len() == wanted {
            break;
        }
        let centre = grid.cell(spots[dice::below(rng, spots.len())]);
        let inside = room_shape(rng, grid.tiling(), centre);
        if let Some(room) = try_place(&around, grid, interior, &mut parts, centre, &inside) {
            rooms.push(room);
        }
    }
    let centres: Vec<Cell> = rooms.iter().map(|r| r.centre).collect();
    let distance = |a: Cell, b: Cell| grid.distance(a, b);
    for (a, b) in links(&centres, distance, rng) {
        corridor(&around, grid, interior, &parts, rng, centres[a], centres[b]);
    }
    rooms.len()
}

/// Which rooms to join: a shortest tree over the centres (by `distance`, grown from the
/// first room), and now and then a loop from a room to its nearest room not yet joined to it.
fn links(
    centres: &[Cell],
    distance: impl Fn(Cell, Cell) -> i32,
    rng: &mut GameRng,
) -> Vec<(usize, usize)> {
    let n = centres.len();
    let mut edges = Vec::new();
    let mut in_tree = vec![false; n];
    // For each room outside the tree: its nearest room inside and how far that is.
    let mut best: Vec<(i32, usize)> = vec![(i32::MAX, 0); n];
    let mut next = 0;
    for _ in 0..n {
        in_tree[next] = true;
        for j in (0..n).filter(|&j| !in_tree[j]) {
            let d = distance(centres[next], centres[j]);
            if d < best[j].0 {
                best[j] = (d, next);
            }
        }
        let Some(j) = (0..n).filter(|&j| !in_tree[j]).min_by_key(|&j| best[j].0) else {
            break;
        };
        edges.push((best[j].1, j));
        next = j;
    }
    for a in 0..n {
        if !dice::chance(rng, 1, LOOP_ODDS) {
            continue;
        }
        let joined = |b: usize| edges.contains(&(a, b)) || edges.contains(&(b, a));
        let nearest = (0..n)
            .filter(|&b| b != a && !joined(b))
            .min_by_key(|&b| distance(centres[a], centres[b]));
        if let Some(b) = nearest {
            edges.push((a, b));
        }
    }
    edges
}

/// One room in this many gets an extra corridor that closes a loop.
const LOOP_ODDS: usize = 4;

/// The inside tiles of a random room around `centre`: one time in three a round room
/// ([`round_room`]), otherwise a rectangle on screen 8–18 columns wide (4–9 hexes or squares,
/// 8–18 triangles) by 3–5 rows.
fn room_shape(rng: &mut GameRng, tiling: Tiling, centre: Cell) -> Vec<Cell> {
    if tiling != Tiling::Hex {
        if dice::chance(rng, 1, 3) {
            let radius = dice::between(rng, 2, 3) as i32;
            return round_room(tiling, centre, radius);
        }
        let w = dice::between(rng, 4, 9) as i32 * super::columns_per_tile(tiling) as i32;
        let h = dice::between(rng, 3, 5) as i32;
        let (left, top) = (centre.x - w / 2, centre.y - h / 2);
        return (top..top + h)
            .flat_map(|y| (left..left + w).map(move |x| Cell::new(x, y)))
            .collect();
    }
    if dice::chance(rng, 1, 3) {
        let radius = dice::between(rng, 2, 3) as u32;
        return Hex::from(centre).range(radius).map(Cell::from).collect();
    }
    let w = dice::between(rng, 4, 9) as i32;
    let h = dice::between(rng, 3, 5) as i32;
    let top = centre.y - h / 2;
    // Keep each row's first tile in the same screen column band, as `Shape::Rectangle` does.
    let shift = centre.x - (centre.y + 1).div_euclid(2) - w / 2;
    (top..top + h)
        .flat_map(|y| {
            let first = (y + 1).div_euclid(2) + shift;
            (first..first + w).map(move |x| Cell::new(x, y))
        })
        .collect()
}

/// A round room of `radius` around `centre` off hexes: on squares the tiles within sight
/// radius `radius` (a disc), on triangles the tiles that share a corner with the centre's
/// within `radius − 1` steps (a hexagon of triangles).
fn round_room(tiling: Tiling, centre: Cell, radius: i32) -> Vec<Cell> {
    let r = radius;
    let c = centre;
    (-r - 1..=r + 1)
        .flat_map(|dy| (-2 * r - 3..=2 * r + 3).map(move |dx| c.offset(dx, dy)))
        .filter(|&o| match tiling {
            Tiling::Triangle => Tri::from(o).distance(Tri::from(c), TriMeasure::Corners) < r,
            Tiling::Hex | Tiling::Square => tiling.within_sight(c, o, r as u32),
        })
        .collect()
}

/// Carves a room if it fits: its inside on interior tiles, and neither its inside nor its
/// walls touching another room.
fn try_place(
    around: &Around,
    grid: &mut Grid<Terrain>,
    interior: &[bool],
    parts: &mut [Part],
    centre: Cell,
    inside: &[Cell],
) -> Option<Room> {
    let mut cells = Vec::with_capacity(inside.len());
    for &h in inside {
        let i = grid.index(h).filter(|&i| interior[i])?;
        let clear =
            parts[i] == Part::Outside && around.at(grid, i).all(|j| parts[j] == Part::Outside);
        if !clear {
            return None;
        }
        cells.push(i);
    }
    for &i in &cells {
        parts[i] = Part::Inside;
        grid[i] = Terrain::Floor;
    }
    for &i in &cells {
        for j in around.at(grid, i) {
            if parts[j] == Part::Outside {
                parts[j] = Part::RoomWall;
                grid[j] = Terrain::Wall;
            }
        }
    }
    Some(Room { centre })
}

/// Carves a corridor from `a` to `b`: along a row first and then a straight line, or the
/// other way round. Where it crosses a room's wall into or out of the room it leaves a
/// closed door (two times in three, never beside another door) or an opening.
fn corridor(
    around: &Around,
    grid: &mut Grid<Terrain>,
    interior: &[bool],
    parts: &[Part],
    rng: &mut GameRng,
    a: Cell,
    b: Cell,
) {
    let path = if grid.tiling() == Tiling::Hex {
        let screen = Cabinet::MAP_FILE;
        let corner = if dice::chance(rng, 1, 2) {
            // Along row a.y to the screen column of b.
            screen.at_or_left_of(screen.to_screen(b.into()).0, a.y)
        } else {
            // A straight line to row b.y, then along that row.
            screen.at_or_left_of(screen.to_screen(a.into()).0, b.y)
        };
        let (a, b) = (Hex::from(a), Hex::from(b));
        let mut path = a.line_to(corner);
        path.extend(corner.line_to(b).into_iter().skip(1));
        path.into_iter().map(Cell::from).collect()
    } else {
        // Cells are screen columns in order: along row a.y to b's column, or down a's
        // column to row b.y first.
        let corner = if dice::chance(rng, 1, 2) {
            Cell::new(b.x, a.y)
        } else {
            Cell::new(a.x, b.y)
        };
        let mut path = side_walk(grid, a, corner);
        path.extend(side_walk(grid, corner, b).into_iter().skip(1));
        path
    };
    let cells: Vec<Option<usize>> = path
        .iter()
        .map(|&h| grid.index(h).filter(|&i| interior[i]))
        .collect();
    let part = |c: Option<usize>| c.map_or(Part::Outside, |i| parts[i]);
    for k in 0..cells.len() {
        let Some(i) = cells[k] else { continue };
        match parts[i] {
            Part::Inside => {}
            Part::RoomWall => {
                let before = k.checked_sub(1).map_or(Part::Outside, |p| part(cells[p]));
                let after = cells.get(k + 1).map_or(Part::Outside, |&c| part(c));
                let enters = (before == Part::Inside) != (after == Part::Inside);
                // No door beside a door: where two rooms' walls meet, one door is enough.
                let beside_door = around.at(grid, i).any(|j| grid[j] == Terrain::DoorClosed);
                if grid[i] == Terrain::Wall {
                    grid[i] = if enters && !beside_door && dice::chance(rng, 2, 3) {
                        Terrain::DoorClosed
                    } else {
                        Terrain::Floor
                    };
                }
            }
            Part::Outside => connect::open_up(&mut grid[i]),
        }
    }
}

/// The cells from `from` to `to` (both included) by steps across sides, off hexes: toward
/// `to`'s row first, and along the row where the tile has no side that way (a triangle
/// pointing away from it), then along `to`'s row. Each cell shares a side with the next.
fn side_walk<T>(grid: &Grid<T>, from: Cell, to: Cell) -> Vec<Cell> {
    let mut path = vec![from];
    let mut at = from;
    while at != to {
        let sides = || grid.moves_at(at).filter(|(_, m)| m.kind == StepKind::Side);
        let dy = (to.y - at.y).signum();
        let across = if at.x == to.x {
            1
        } else {
            (to.x - at.x).signum()
        };
        let vertical = sides().find(|(_, m)| dy != 0 && m.dy == dy && m.dx == 0);
        let along = sides().find(|(_, m)| m.dy == 0 && m.dx == across);
        let Some((next, _)) = vertical.or(along) else {
            break;
        };
        at = next;
        path.push(at);
    }
    path
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mapgen::connect::{interior_mask, regions};
    use crate::mapgen::{rock, rock_on};
    use crate::rng::from_seed;

    #[test]
    fn links_join_every_room_by_short_corridors() {
        let centres: Vec<Cell> = (0..12)
            .map(|k| Cell::new(7 * (k % 4), 9 * (k / 4)))
            .collect();
        let hex = |a: Cell, b: Cell| Tiling::Hex.distance(a, b);
        for seed in 0..10 {
            let edges = links(&centres, hex, &mut from_seed(seed));
            assert!(edges.len() >= centres.len() - 1);
            // Every room is joined to the first, through the links.
            let mut joined = vec![false; centres.len()];
            joined[0] = true;
            for _ in 0..centres.len() {
                for &(a, b) in &edges {
                    if joined[a] || joined[b] {
                        joined[a] = true;
                        joined[b] = true;
                    }
                }
            }
            assert!(joined.iter().all(|&j| j), "seed {seed}");
            // The tree takes neighbours on the lattice, never a long way round.
            let tree = &edges[..centres.len() - 1];
            assert!(tree.iter().all(|&(a, b)| hex(centres[a], centres[b]) <= 9));
        }
        assert!(links(&[], hex, &mut from_seed(1)).is_empty());
        assert!(links(&[Cell::new(3, 3)], hex, &mut from_seed(1)).is_empty());
    }

    #[test]
    fn rooms_are_walled_and_never_overlap() {
        let mut g = rock(30, 20);
        let interior = interior_mask(&g);
        let mut parts = vec![Part::Outside; g.storage_len()];
        let inside = room_shape(&mut from_seed(1), Tiling::Hex, Cell::new(10, 8));
        assert!(
            try_place(
                &Around::touching(&g),
                &mut g,
                &interior,
                &mut parts,
                Cell::new(10, 8),
                &inside
            )
            .is_some()
        );
        let floor = g.indices().filter(|&i| g[i] == Terrain::Floor).count();
        assert_eq!(floor, inside.len());
        // Every floor tile's neighbours are floor or the room's wall.
        for i in g.indices().filter(|&i| g[i] == Terrain::Floor) {
            for o in g.neighbor_offsets() {
                assert_ne!(parts[i.wrapping_add_signed(o)], Part::Outside);
            }
        }
        let again = room_shape(&mut from_seed(2), Tiling::Hex, Cell::new(11, 8));
        assert!(
            try_place(
                &Around::touching(&g),
                &mut g,
                &interior,
                &mut parts,
                Cell::new(11, 8),
                &again
            )
            .is_none()
        );
    }

    #[test]
    fn on_every_tiling_rooms_are_walled_all_round_and_keep_apart() {
        for t in Tiling::ALL {
            for seed in 0..6 {
                let mut g = rock_on(t, 30, 20);
                let interior = interior_mask(&g);
                let mut parts = vec![Part::Outside; g.storage_len()];
                let at = Cell::new(20, 9);
                let inside = room_shape(&mut from_seed(seed), t, at);
                assert!(
                    try_place(
                        &Around::touching(&g),
                        &mut g,
                        &interior,
                        &mut parts,
                        at,
                        &inside
                    )
                    .is_some()
                );
                let floor: Vec<usize> = g.indices().filter(|&i| g[i] == Terrain::Floor).collect();
                assert_eq!(floor.len(), inside.len(), "{t}");
                let around = Around::touching(&g);
                for &i in &floor {
                    assert!(around.at(&g, i).all(|j| parts[j] != Part::Outside), "{t}");
                }
                // As wide on screen as a hex room: 8 to 18 columns, 3 to 7 rows.
                let screen = |i: usize| t.screen(g.cell(i), 0);
                let cols: Vec<i32> = floor.iter().map(|&i| screen(i).0).collect();
                let rows: Vec<i32> = floor.iter().map(|&i| screen(i).1).collect();
                let wide = cols.iter().max().unwrap() - cols.iter().min().unwrap() + 1;
                let tall = rows.iter().max().unwrap() - rows.iter().min().unwrap() + 1;
                assert!(
                    (7..=19).contains(&wide) && (3..=7).contains(&tall),
                    "{t} {wide}×{tall}"
                );
                let next = Cell::new(21, 9);
                let again = room_shape(&mut from_seed(seed + 1), t, next);
                assert!(
                    try_place(
                        &Around::touching(&g),
                        &mut g,
                        &interior,
                        &mut parts,
                        next,
                        &again
                    )
                    .is_none()
                );
            }
        }
    }

    #[test]
    fn side_walks_step_across_sides_from_end_to_end() {
        for t in [Tiling::Square, Tiling::Triangle] {
            let g = rock_on(t, 30, 20);
            for (a, b) in [((3, 3), (20, 15)), ((25, 17), (4, 2)), ((7, 2), (8, 16))] {
                let (a, b) = (Cell::new(a.0, a.1), Cell::new(b.0, b.1));
                let walk = side_walk(&g, a, b);
                assert_eq!((walk[0], *walk.last().unwrap()), (a, b), "{t}");
                for w in walk.windows(2) {
                    let m = g.move_between(w[0], w[1]).unwrap();
                    assert_eq!(m.kind, StepKind::Side, "{t}");
                }
            }
        }
    }

    #[test]
    fn a_corridor_joins_two_rooms_through_doors_or_openings() {
        // Off hexes the corridor goes across sides: walkable whatever lies beside it.
        for t in Tiling::ALL {
            for seed in 0..20 {
                let mut g = rock_on(t, 40, 20);
                let interior = interior_mask(&g);
                let mut parts = vec![Part::Outside; g.storage_len()];
                let mut rng = from_seed(seed);
                let (a, b) = (Cell::new(8, 5), Cell::new(30, 15));
                let around = Around::touching(&g);
                for c in [a, b] {
                    let inside = round_room(t, c, 2);
                    let placed = try_place(&around, &mut g, &interior, &mut parts, c, &inside);
                    assert!(placed.is_some());
                }
                corridor(&around, &mut g, &interior, &parts, &mut rng, a, b);
                let (labels, sizes) = regions(&g, &crate::map::Sides::default());
                assert_eq!(sizes.len(), 1, "{t} seed {seed}: one region");
                assert_eq!(labels[g.index(a).unwrap()], labels[g.index(b).unwrap()]);
            }
        }
    }
}
