//! Seeded level generation.
use crate::map::{Grid, Level, Shape, Terrain};
/// Default width.
pub const DEFAULT_WIDTH: u32 = 80;
/// Default height.
pub const DEFAULT_HEIGHT: u32 = 40;
/// Temp.
pub fn generate(_seed: u64, depth: u32, width: u32, height: u32) -> Level {
    let mut g =
        Grid::new(&Shape::Rectangle { width, height }, Terrain::Floor).unwrap_or_else(|_| {
            Grid::new(&Shape::Hexagon { radius: 1 }, Terrain::Floor).expect("hexagon")
        });
    let hexes: Vec<_> = g.iter().map(|(h, _)| h).collect();
    for (k, h) in hexes.into_iter().enumerate() {
        if k % 7 == 0 || h.y == 0 || h.y == height as i32 - 1 {
            g.set(h, Terrain::Wall);
        }
        if k % 13 == 0 {
            g.set(h, Terrain::ShallowWater);
        }
    }
    Level::new(format!("Depth {depth}"), depth, g)
}
