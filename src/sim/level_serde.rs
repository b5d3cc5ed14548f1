//! Serde for [`Level`] (which the map module keeps free of serde): the tiles as a list of
//! `(hex, terrain)` pairs, rebuilt through [`Grid::from_hexes`] on load so every check runs.

use crate::geom::Hex;
use crate::map::{Grid, Level, Placement, Terrain};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

#[derive(Serialize, Deserialize)]
struct LevelRepr {
    name: String,
    depth: u32,
    tiles: Vec<(Hex, Terrain)>,
    start: Option<Hex>,
    placements: Vec<Placement>,
}

/// Writes a level.
pub(super) fn serialize<S: Serializer>(level: &Level, s: S) -> Result<S::Ok, S::Error> {
    LevelRepr {
        name: level.name.clone(),
        depth: level.depth,
        tiles: level.terrain.iter().map(|(h, t)| (h, *t)).collect(),
        start: level.start,
        placements: level.placements.clone(),
    }
    .serialize(s)
}

/// Reads a level, rejecting tiles the grid cannot hold.
pub(super) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Level, D::Error> {
    let repr = LevelRepr::deserialize(d)?;
    let hexes: Vec<Hex> = repr.tiles.iter().map(|(h, _)| *h).collect();
    let mut grid = Grid::from_hexes(&hexes, Terrain::Floor).map_err(serde::de::Error::custom)?;
    for (h, t) in repr.tiles {
        grid.set(h, t);
    }
    let mut level = Level::new(repr.name, repr.depth, grid);
    level.start = repr.start;
    level.placements = repr.placements;
    Ok(level)
}

/// The same for a list of levels.
pub(super) mod list {
    use crate::map::Level;
    use serde::{Serialize, Serializer};

    #[derive(Serialize)]
    struct One(#[serde(with = "super")] Level);

    /// Writes the levels.
    pub(in crate::sim) fn serialize<S: Serializer>(
        levels: &[Level],
        s: S,
    ) -> Result<S::Ok, S::Error> {
        let all: Vec<One> = levels.iter().cloned().map(One).collect();
        all.serialize(s)
    }
}
