//! Hex grids joined by seams against the plane: a grid cut in two and seamed back (its
//! second half turned, or not) sees, walks and searches as the whole grid does.

use super::*;
use crate::fov::visible_by_lines;
use crate::grid::{Grid, Shape};
use proptest::prelude::*;

/// `h` turned by one sixth counter-clockwise about the origin (E to NE, NE to NW).
fn rotate(h: Hex) -> Hex {
    Hex::new(h.y, h.y - h.x)
}

fn unrotate(h: Hex) -> Hex {
    Hex::new(h.x - h.y, h.x)
}

/// A parallelogram of `width` by `height` hexes with walls where `wall(index)`, the plane.
#[derive(Clone, Debug)]
struct Plane {
    grid: Grid<bool>,
}

impl Plane {
    fn new(width: u32, height: u32, rolls: &[u8], percent: u8) -> Plane {
        let mut grid = Grid::new(&Shape::Parallelogram { width, height }, false).unwrap();
        let tiles: Vec<usize> = grid.indices().collect();
        for (k, i) in tiles.into_iter().enumerate() {
            grid[i] = rolls[k % rolls.len()].wrapping_mul(k as u8 | 1) % 100 < percent;
        }
        Plane { grid }
    }

    fn wall(&self, h: Hex) -> bool {
        self.grid.get(h.into()).copied().unwrap_or(true)
    }

    /// The plane cut at column `cut`: grid 0 holds `x < cut`, grid 1 the rest, turned by
    /// `turn` sixths (its cells are the plane's turned about the origin), every side between
    /// the halves seamed. Also the map from a place back to the plane.
    fn cut(&self, cut: i32, turn: u8) -> (Joined, impl Fn(Place) -> Hex + use<>) {
        let turn_by = move |mut h: Hex, k: u8, f: fn(Hex) -> Hex| {
            for _ in 0..k {
                h = f(h);
            }
            h
        };
        let tiles: Vec<Hex> = self.grid.iter().map(|(c, _)| Hex::from(c)).collect();
        let (left, right): (Vec<Hex>, Vec<Hex>) = tiles.iter().partition(|h| h.x < cut);
        let right_turned: Vec<Hex> = right.iter().map(|&h| turn_by(h, turn, rotate)).collect();
        let mut joined = Joined::new(vec![
            Layout::of_hexes(&left).unwrap(),
            Layout::of_hexes(&right_turned).unwrap(),
        ])
        .unwrap();
        for &h in &left {
            for d in Direction::ALL {
                let n = h + d.offset();
                if n.x >= cut && self.grid.contains(n.into()) {
                    let seam = Seam {
                        from: Place::new(0, h.into()),
                        dir: d,
                        to: Place::new(1, turn_by(n, turn, rotate).into()),
                        turn,
                    };
                    joined.join(seam).unwrap();
                }
            }
        }
        let back = move |p: Place| {
            let h = Hex::from(p.cell);
            if p.grid == 0 {
                h
            } else {
                turn_by(h, turn, unrotate)
            }
        };
        (joined, back)
    }
}

fn scene() -> impl Strategy<Value = (Plane, i32, u8, Hex, u32)> {
    (
        4u32..12,
        3u32..9,
        proptest::collection::vec(0u8..100, 64),
        0u8..45,
        0u8..6,
        (0i32..64, 0i32..64),
        1u32..8,
    )
        .prop_map(|(w, h, rolls, percent, turn, (ox, oy), r)| {
            let plane = Plane::new(w, h, &rolls, percent);
            let cut = (w / 2) as i32;
            let origin = Hex::new(ox % cut, oy % h as i32);
            (plane, cut, turn, origin, r)
        })
}

proptest! {
    /// From the unturned half, the field of view through the seams is the plane's.
    #[test]
    fn a_cut_plane_sees_as_the_plane((plane, cut, turn, origin, r) in scene()) {
        let (joined, back) = plane.cut(cut, turn);
        let blocks = |p: Place| plane.wall(back(p));
        let mut through: Vec<Hex> = joined
            .field_of_view(blocks, Place::new(0, origin.into()), r)
            .into_iter()
            .map(&back)
            .collect();
        through.sort_by_key(|h| (h.y, h.x));
        let g = &plane.grid;
        let mut want: Vec<Hex> = visible_by_lines(g, |i| g[i], origin.into(), r)
            .into_iter()
            .map(|i| Hex::from(g.cell(i)))
            .collect();
        want.sort_by_key(|h| (h.y, h.x));
        prop_assert_eq!(through, want);
    }

    /// Searches count a step across a seam like any other: the cheapest costs through the
    /// seams are the plane's, walls not entered.
    #[test]
    fn a_cut_plane_searches_as_the_plane((plane, cut, turn, origin, _r) in scene()) {
        let (joined, back) = plane.cut(cut, turn);
        let whole = Joined::new(vec![plane.grid.layout().clone()]).unwrap();
        let same = |p: Place| Hex::from(p.cell);
        let open = |p: Place| (!plane.wall(back(p))).then_some(1);
        let open_whole = |p: Place| (!plane.wall(same(p))).then_some(1);
        let mut through: Vec<(Hex, u32)> = joined
            .costs(open, &[Place::new(0, origin.into())], 40)
            .into_iter()
            .map(|(p, c)| (back(p), c))
            .collect();
        through.sort_unstable();
        let mut want: Vec<(Hex, u32)> = whole
            .costs(open_whole, &[Place::new(0, origin.into())], 40)
            .into_iter()
            .map(|(p, c)| (same(p), c))
            .collect();
        want.sort_unstable();
        prop_assert_eq!(through, want);
    }

    /// Every seam is crossed back the way it was crossed: the step back from where a step
    /// landed returns, undoing its turn.
    #[test]
    fn every_seam_is_crossed_back((plane, cut, turn, _origin, _r) in scene()) {
        let (joined, _) = plane.cut(cut, turn);
        for (k, layout) in joined.layouts().iter().enumerate() {
            for i in layout.indices() {
                let from = Place::new(k, layout.cell(i));
                for d in Direction::ALL {
                    if let Some((to, t)) = joined.step(from, d) {
                        let back = turned(d, t).opposite();
                        prop_assert_eq!(joined.step(to, back), Some((from, (6 - t) % 6)));
                    }
                }
            }
        }
    }
}

#[test]
fn bad_seams_are_refused() {
    let room = Layout::of_shape(&Shape::Hexagon { radius: 1 }).unwrap();
    let mut two = Joined::new(vec![room.clone(), room]).unwrap();
    let (a, b) = (
        Place::new(0, Cell::new(1, 0)),
        Place::new(1, Cell::new(-1, 0)),
    );
    let seam = |from, to, turn| Seam {
        from,
        dir: Direction::E,
        to,
        turn,
    };
    let nowhere = Place::new(2, Cell::new(0, 0));
    assert_eq!(
        two.join(seam(a, nowhere, 0)),
        Err(JoinError::NoTile(nowhere))
    );
    assert_eq!(two.join(seam(a, b, 6)), Err(JoinError::Turn(6)));
    two.join(seam(a, b, 0)).unwrap();
    assert_eq!(
        two.join(seam(a, Place::new(1, Cell::new(0, 0)), 0)),
        Err(JoinError::Taken(a, Direction::E))
    );
    let square = Layout::new(Tiling::Square, &[Cell::new(0, 0)]).unwrap();
    assert_eq!(Joined::new(vec![square]).unwrap_err(), JoinError::NotHex(0));
}

#[test]
fn a_portal_replaces_the_neighbour_in_the_plane_and_lines_turn_through_it() {
    // A row of five tiles; stepping east from the middle lands on a second row's first
    // tile, turned a sixth: east there is what NE was.
    let row = Layout::of_hexes(&(0..5).map(|x| Hex::new(x, 0)).collect::<Vec<_>>()).unwrap();
    let mut joined = Joined::new(vec![row.clone(), row]).unwrap();
    let mid = Place::new(0, Cell::new(2, 0));
    let far = Place::new(1, Cell::new(0, 0));
    let seam = Seam {
        from: mid,
        dir: Direction::E,
        to: far,
        turn: 5,
    };
    joined.join(seam).unwrap();
    assert_eq!(joined.step(mid, Direction::E), Some((far, 5)));
    // Walking east from the first tile: two steps, the portal, then east turned by five
    // sixths is SE, which leaves the row: the walk stops.
    let walk = joined.walk(Place::new(0, Cell::new(0, 0)), &[Direction::E; 4]);
    let tiles: Vec<Place> = walk.iter().map(|&(p, _)| p).collect();
    assert_eq!(
        tiles,
        [
            Place::new(0, Cell::new(0, 0)),
            Place::new(0, Cell::new(1, 0)),
            mid,
            far
        ]
    );
    // Walking E then NE goes on along the second row (NE turned by five sixths is E).
    let walk = joined.walk(mid, &[Direction::E, Direction::NE, Direction::NE]);
    assert_eq!(walk.last(), Some(&(Place::new(1, Cell::new(2, 0)), 5)));
    assert_eq!(
        joined.distance(
            Place::new(0, Cell::new(0, 0)),
            Place::new(1, Cell::new(4, 0))
        ),
        Some(7)
    );
}
