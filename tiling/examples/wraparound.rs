//! A wraparound map with a field of view: a small hex torus of pillars, seen from near its
//! edge, where sight goes on across the seam and comes back on the other side.
//!
//! `cargo run -p hexdeep-tiling --example wraparound`

use hexdeep_tiling::geom::{Cell, Tiling};
use hexdeep_tiling::system::Wrap;

fn main() {
    let torus = Wrap::new(Tiling::Hex, 24, 12).expect("a torus");
    let pillar = |c: Cell| (c.x * 7 + c.y * 5) % 11 == 0;
    let viewer = Cell::new(1, 6);
    let seen = torus.field_of_view(pillar, viewer, 7);
    let (w, h) = torus.periods();
    // The rectangle in the cabinet projection: tile (x, y) at column 2x − y + h.
    let mut rows = vec![vec![' '; (2 * w + h) as usize]; h as usize];
    for c in torus.cells() {
        let glyph = if c == viewer {
            '@'
        } else if seen
            .binary_search_by_key(&torus.index(c), |&s| torus.index(s))
            .is_err()
        {
            ' '
        } else if pillar(c) {
            '#'
        } else {
            '.'
        };
        rows[c.y as usize][(2 * c.x - c.y + h) as usize] = glyph;
    }
    for row in rows {
        println!("{}", row.iter().collect::<String>().trim_end());
    }
    let across = seen.iter().filter(|c| c.x >= w / 2).count();
    println!(
        "{} tiles in view, {across} of them across the seam on the far side.",
        seen.len()
    );
}
