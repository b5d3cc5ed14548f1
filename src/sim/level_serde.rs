//! Serde for [`Level`] (which the map module keeps free of serde): the tiles as a list of
//! `(cell, terrain)` pairs of a hex grid, rebuilt through [`Grid::from_cells`] on load so every
//! check runs.

use crate::geom::{Cell, Side, Tiling};
use crate::map::{Grid, Level, Placement, SideFeature, Terrain};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

#[derive(Serialize, Deserialize)]
struct LevelRepr {
    name: String,
    depth: u32,
    tiles: Vec<(Cell, Terrain)>,
    start: Option<Cell>,
    placements: Vec<Placement>,
    /// The features on sides, absent (not written) on a level without any.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    sides: Vec<(Side, SideFeature)>,
}

/// Writes a level.
pub(super) fn serialize<S: Serializer>(level: &Level, s: S) -> Result<S::Ok, S::Error> {
    LevelRepr {
        name: level.name.clone(),
        depth: level.depth,
        tiles: level.terrain.iter().map(|(h, t)| (h, *t)).collect(),
        start: level.start,
        placements: level.placements.clone(),
        sides: level.side_features(),
    }
    .serialize(s)
}

/// Reads a level, rejecting tiles the grid cannot hold.
pub(super) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Level, D::Error> {
    let repr = LevelRepr::deserialize(d)?;
    let cells: Vec<Cell> = repr.tiles.iter().map(|(h, _)| *h).collect();
    let mut grid =
        Grid::from_cells(Tiling::Hex, &cells, Terrain::Floor).map_err(serde::de::Error::custom)?;
    for (h, t) in repr.tiles {
        grid.set(h, t);
    }
    let mut level = Level::new(repr.name, repr.depth, grid);
    level.start = repr.start;
    level.placements = repr.placements;
    for (side, feature) in repr.sides {
        if !level.set_side(side, feature) {
            return Err(serde::de::Error::custom(format!(
                "side ({}, {}) is not on the level",
                side.c, side.r
            )));
        }
    }
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
