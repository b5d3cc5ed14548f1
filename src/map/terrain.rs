//! Terrain kinds and their properties.

use crate::geom::Tiling;
use serde::{Deserialize, Serialize};

/// The floor of a triangle pointing down, on screen and in map files.
const DOWN_FLOOR: char = '`';

/// What a tile is made of.
#[derive(
    Copy, Clone, Eq, PartialEq, Ord, PartialOrd, Hash, Debug, Default, Serialize, Deserialize,
)]
pub enum Terrain {
    /// Open ground, cost 1.
    #[default]
    Floor,
    /// Solid rock: impassable, blocks sight.
    Wall,
    /// A closed door: cost 1, opens when entered, blocks sight while closed.
    DoorClosed,
    /// An open door: cost 1.
    DoorOpen,
    /// Wading depth: cost 2.
    ShallowWater,
    /// Too deep to cross, but see-through.
    DeepWater,
    /// Tall growth: cost 2, blocks sight.
    Brush,
    /// The way down: cost 1.
    StairsDown,
    /// The way up: cost 1.
    StairsUp,
}

impl Terrain {
    /// Every terrain kind.
    pub const ALL: [Terrain; 9] = [
        Terrain::Floor,
        Terrain::Wall,
        Terrain::DoorClosed,
        Terrain::DoorOpen,
        Terrain::ShallowWater,
        Terrain::DeepWater,
        Terrain::Brush,
        Terrain::StairsDown,
        Terrain::StairsUp,
    ];

    /// The movement cost of entering this tile, or `None` where it cannot be entered.
    pub const fn move_cost(self) -> Option<u32> {
        match self {
            Terrain::Wall | Terrain::DeepWater => None,
            Terrain::ShallowWater | Terrain::Brush => Some(2),
            _ => Some(1),
        }
    }

    /// Whether creatures cannot enter this tile.
    pub const fn blocks_movement(self) -> bool {
        self.move_cost().is_none()
    }

    /// Whether a move through a corner may not pass beside this tile (a wall or a closed door:
    /// ARCHITECTURE.md, "Tilings"); outside the map counts as such too.
    pub const fn pinches(self) -> bool {
        matches!(self, Terrain::Wall | Terrain::DoorClosed)
    }

    /// Whether this tile hides what lies beyond it: a wall, a closed door or brush.
    ///
    /// Read from a bit per kind rather than compared kind by kind, so that field of view, which
    /// asks this of every tile on every line, does not branch on the answer.
    pub const fn blocks_sight(self) -> bool {
        const HIDING: u16 = (1 << Terrain::Wall as u16)
            | (1 << Terrain::DoorClosed as u16)
            | (1 << Terrain::Brush as u16);
        (HIDING >> self as u16) & 1 != 0
    }

    /// The glyph of this terrain in `.hexmap` files and on screen.
    pub const fn glyph(self) -> char {
        match self {
            Terrain::Floor => '.',
            Terrain::Wall => '#',
            Terrain::DoorClosed => '+',
            Terrain::DoorOpen => '\'',
            Terrain::ShallowWater => '~',
            Terrain::DeepWater => '=',
            Terrain::Brush => '"',
            Terrain::StairsDown => '>',
            Terrain::StairsUp => '<',
        }
    }

    /// The terrain drawn with `glyph`, if any (`` ` `` is floor too: a down-pointing
    /// triangle's floor, [`Terrain::glyph_on`]).
    pub fn from_glyph(glyph: char) -> Option<Terrain> {
        if glyph == DOWN_FLOOR {
            return Some(Terrain::Floor);
        }
        Terrain::ALL.into_iter().find(|t| t.glyph() == glyph)
    }

    /// The glyph of this terrain on a tile of `class` of `tiling`: as [`Terrain::glyph`],
    /// except that the floor of a triangle pointing down (class 0) is `` ` `` (high in its
    /// cell) and that of one pointing up `.` (low in its cell), so that a row of triangles
    /// shows which way each points, and so which keys step from it.
    pub fn glyph_on(self, tiling: Tiling, class: usize) -> char {
        match (self, tiling, class) {
            (Terrain::Floor, Tiling::Triangle, 0) => DOWN_FLOOR,
            _ => self.glyph(),
        }
    }

    /// The name used in data files and legends, such as `"shallow_water"`.
    pub const fn name(self) -> &'static str {
        match self {
            Terrain::Floor => "floor",
            Terrain::Wall => "wall",
            Terrain::DoorClosed => "closed_door",
            Terrain::DoorOpen => "open_door",
            Terrain::ShallowWater => "shallow_water",
            Terrain::DeepWater => "deep_water",
            Terrain::Brush => "brush",
            Terrain::StairsDown => "stairs_down",
            Terrain::StairsUp => "stairs_up",
        }
    }

    /// The terrain with a data-file name; also accepts spaces or hyphens for underscores and
    /// the aliases `door` (closed) and `water` (shallow).
    pub fn from_name(name: &str) -> Option<Terrain> {
        let norm = name.trim().to_ascii_lowercase().replace([' ', '-'], "_");
        match norm.as_str() {
            "door" => Some(Terrain::DoorClosed),
            "water" => Some(Terrain::ShallowWater),
            _ => Terrain::ALL.into_iter().find(|t| t.name() == norm),
        }
    }

    /// A description for the look command and the sidebar.
    pub const fn describe(self) -> &'static str {
        match self {
            Terrain::Floor => "the floor",
            Terrain::Wall => "a wall",
            Terrain::DoorClosed => "a closed door",
            Terrain::DoorOpen => "an open door",
            Terrain::ShallowWater => "shallow water",
            Terrain::DeepWater => "deep water",
            Terrain::Brush => "brush",
            Terrain::StairsDown => "stairs down",
            Terrain::StairsUp => "stairs up",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn properties_follow_the_table() {
        assert_eq!(Terrain::Floor.move_cost(), Some(1));
        assert!(Terrain::Wall.blocks_movement() && Terrain::Wall.blocks_sight());
        assert!(Terrain::DoorClosed.blocks_sight() && !Terrain::DoorClosed.blocks_movement());
        assert!(!Terrain::DoorOpen.blocks_sight());
        assert_eq!(Terrain::ShallowWater.move_cost(), Some(2));
        assert!(Terrain::DeepWater.blocks_movement() && !Terrain::DeepWater.blocks_sight());
        assert_eq!(Terrain::Brush.move_cost(), Some(2));
        assert!(Terrain::Brush.blocks_sight());
        assert_eq!(Terrain::StairsDown.move_cost(), Some(1));
        assert_eq!(Terrain::StairsUp.move_cost(), Some(1));
    }

    #[test]
    fn exactly_walls_closed_doors_and_brush_block_sight() {
        for t in Terrain::ALL {
            let want = matches!(t, Terrain::Wall | Terrain::DoorClosed | Terrain::Brush);
            assert_eq!(t.blocks_sight(), want, "{t:?}");
        }
    }

    #[test]
    fn glyphs_and_names_round_trip() {
        for t in Terrain::ALL {
            assert_eq!(Terrain::from_glyph(t.glyph()), Some(t));
            assert_eq!(Terrain::from_name(t.name()), Some(t));
        }
        assert_eq!(
            Terrain::from_name("Shallow Water"),
            Some(Terrain::ShallowWater)
        );
        assert_eq!(Terrain::from_name("lava"), None);
        assert_eq!(Terrain::from_glyph('`'), Some(Terrain::Floor));
        for t in Terrain::ALL {
            assert_eq!(t.glyph_on(Tiling::Hex, 0), t.glyph());
            assert_eq!(t.glyph_on(Tiling::Triangle, 1), t.glyph());
            assert_eq!(
                Terrain::from_glyph(t.glyph_on(Tiling::Triangle, 0)),
                Some(t)
            );
        }
        assert_eq!(Terrain::Floor.glyph_on(Tiling::Triangle, 0), '`');
    }
}
