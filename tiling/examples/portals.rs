//! A hexagonal room whose east wall is a window of portals onto a hall that lies elsewhere,
//! turned a third of a circle: the viewer in the room looks through them and sees the hall as
//! if the room went on straight ahead.
//!
//! `cargo run -p hexdeep-tiling --example portals`

use hexdeep_tiling::geom::{Cell, Direction, Hex};
use hexdeep_tiling::grid::{Layout, Shape};
use hexdeep_tiling::system::{Joined, Place, Seam};

/// The radius of each room.
const R: i32 = 4;

fn main() {
    let room = Layout::of_shape(&Shape::Hexagon { radius: R as u32 }).expect("a room");
    let hall = Layout::of_shape(&Shape::Hexagon {
        radius: 3 * R as u32,
    })
    .expect("a hall");
    let mut rooms = Joined::new(vec![room.clone(), hall]).expect("hex grids");
    // The plane east of the room is the hall's, moved so that the room's east corner's
    // neighbour is the hall's centre's neighbour, and turned by two sixths.
    let beyond = |h: Hex| turn_twice(h - Hex::new(2 * R + 1, 0));
    for i in room.indices() {
        let here = Hex::from(room.cell(i));
        for dir in Direction::ALL {
            let next = here + dir.offset();
            if next.length() > R && next.x > R {
                let seam = Seam {
                    from: Place::new(0, here.into()),
                    dir,
                    to: Place::new(1, beyond(next).into()),
                    turn: 2,
                };
                rooms.join(seam).expect("a portal");
            }
        }
    }
    let pillar = |p: Place| p.grid == 1 && (p.cell.x * 3 + p.cell.y * 5).rem_euclid(13) == 1;
    let viewer = Place::new(0, Cell::new(0, 0));
    let seen = rooms.field_of_view(pillar, viewer, 4 * R as u32);
    println!("The room:");
    draw(0, viewer, &seen, pillar);
    println!("The hall, as much of it as the room sees:");
    draw(1, viewer, &seen, pillar);
    let in_hall = seen.iter().filter(|p| p.grid == 1).count();
    let steps = rooms.distance(viewer, Place::new(1, Cell::new(0, 0)));
    println!(
        "{in_hall} tiles of the hall in view; its centre is {} steps away.",
        steps.map_or("no".to_string(), |s| s.to_string())
    );
}

/// `h` turned by two sixths counter-clockwise about the origin.
fn turn_twice(h: Hex) -> Hex {
    let once = |h: Hex| Hex::new(h.y, h.y - h.x);
    once(once(h))
}

/// Draws one room in the cabinet projection (tile `(x, y)` at column `2x − y`), the tiles in
/// view as `.` (pillars `#`), the others blank.
fn draw(grid: usize, viewer: Place, seen: &[Place], pillar: impl Fn(Place) -> bool) {
    let r = if grid == 0 { R } else { 3 * R };
    for y in -r..=r {
        let mut row = String::new();
        for col in -3 * r..=3 * r {
            let (twice_x, odd) = (col + y, (col + y) % 2 != 0);
            let here = Place::new(grid, Cell::from(Hex::new(twice_x / 2, y)));
            let glyph = if odd || Hex::from(here.cell).length() > r {
                ' '
            } else if here == viewer {
                '@'
            } else if seen.binary_search(&here).is_err() {
                ' '
            } else if pillar(here) {
                '#'
            } else {
                '.'
            };
            row.push(glyph);
        }
        println!("{}", row.trim_end());
    }
}
