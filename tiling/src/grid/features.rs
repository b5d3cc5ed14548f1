//! What stands on a side between two tiles (a thin wall, a door) and on a corner (a pillar):
//! what each stops, and its words. [`Sides`](super::Sides) stores them on a grid.

use serde::{Deserialize, Serialize};

/// What stands on a side between two tiles.
///
/// ```
/// use hexdeep_tiling::{geom::{Cell, Tiling}, grid::{Grid, SideFeature, Sides}};
/// let grid = Grid::from_cells(Tiling::Square, &[Cell::new(0, 0), Cell::new(1, 0)], ()).unwrap();
/// let door = Tiling::Square.side_between(Cell::new(0, 0), Cell::new(1, 0)).unwrap();
/// let mut sides = Sides::default();
/// sides.set_side(&grid, door, SideFeature::DoorClosed);
/// let west = grid.index(Cell::new(0, 0)).unwrap();
/// // Move 0 is east: it may cross (opening the door), but sight does not.
/// assert!(sides.passes(west, 0) && !sides.sees(west, 0));
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum SideFeature {
    /// Nothing: the two tiles are open to each other.
    #[default]
    Open,
    /// A thin wall: nothing crosses.
    Wall,
    /// A closed door: blocks sight and missiles; a step into it opens it.
    DoorClosed,
    /// An open door: everything crosses.
    DoorOpen,
}

impl SideFeature {
    /// Every feature, in the order of their codes.
    ///
    /// ```
    /// use hexdeep_tiling::grid::SideFeature;
    /// assert_eq!(SideFeature::ALL.iter().filter(|f| f.blocks_sight()).count(), 2);
    /// ```
    pub const ALL: [SideFeature; 4] = [
        SideFeature::Open,
        SideFeature::Wall,
        SideFeature::DoorClosed,
        SideFeature::DoorOpen,
    ];

    /// Whether sight, missiles and blows stop at it.
    ///
    /// ```
    /// use hexdeep_tiling::grid::SideFeature;
    /// assert!(SideFeature::DoorClosed.blocks_sight());
    /// assert!(!SideFeature::DoorOpen.blocks_sight());
    /// ```
    pub const fn blocks_sight(self) -> bool {
        matches!(self, SideFeature::Wall | SideFeature::DoorClosed)
    }

    /// Whether no step crosses it (a closed door is opened instead).
    ///
    /// ```
    /// use hexdeep_tiling::grid::SideFeature;
    /// assert!(SideFeature::Wall.blocks_movement());
    /// assert!(!SideFeature::DoorClosed.blocks_movement());
    /// ```
    pub const fn blocks_movement(self) -> bool {
        matches!(self, SideFeature::Wall)
    }

    /// A phrase for look and messages: "a thin wall".
    ///
    /// ```
    /// use hexdeep_tiling::grid::SideFeature;
    /// assert_eq!(SideFeature::DoorOpen.describe(), "an open door");
    /// ```
    pub const fn describe(self) -> &'static str {
        match self {
            SideFeature::Open => "nothing",
            SideFeature::Wall => "a thin wall",
            SideFeature::DoorClosed => "a closed door",
            SideFeature::DoorOpen => "an open door",
        }
    }

    /// The name used in JSON output.
    ///
    /// ```
    /// use hexdeep_tiling::grid::SideFeature;
    /// assert_eq!(SideFeature::DoorClosed.name(), "closed_door");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            SideFeature::Open => "open",
            SideFeature::Wall => "wall",
            SideFeature::DoorClosed => "closed_door",
            SideFeature::DoorOpen => "open_door",
        }
    }
}

/// What stands on a corner.
///
/// ```
/// use hexdeep_tiling::{geom::{Cell, Tiling}, grid::{CornerFeature, Grid, Sides}};
/// let cells: Vec<Cell> = (0..2).flat_map(|y| (0..2).map(move |x| Cell::new(x, y))).collect();
/// let grid = Grid::from_cells(Tiling::Square, &cells, ()).unwrap();
/// let mut sides = Sides::default();
/// sides.set_corner(&grid, Tiling::Square.tile_corners(Cell::new(0, 0))[1], CornerFeature::Pillar);
/// let i = grid.index(Cell::new(0, 0)).unwrap();
/// // Move 7 is south-east, past the pillar; move 0, east, is still open.
/// assert!(!sides.passes(i, 7) && sides.passes(i, 0));
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum CornerFeature {
    /// Nothing.
    #[default]
    Open,
    /// A pillar: no diagonal step or line passes the corner (on hexes, where nothing passes
    /// through a corner, it is only seen).
    Pillar,
}
