//! Where the map's cells fall on screen: the compact projection (the cabinet one on hexes) or
//! the large one, where every tile is drawn with its sides and corners (ARCHITECTURE.md, "Tile sides
//! and corners"), and the viewport that follows the player over either.

use crate::geom::{Cell, LargeCell, Screen, Tiling};
use crate::map::Grid;
use crate::sim::World;
use ratatui::layout::Rect;

/// One of the two ways of drawing a map, with its column offset.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct MapLayout {
    /// The tiling drawn.
    pub tiling: Tiling,
    /// Column offset added to every cell's column (the leftmost drawn cell at column 0).
    pub h: i32,
    /// Whether this is the large projection (sides and corners on cells of their own).
    pub large: bool,
}

impl MapLayout {
    /// The layout of `grid`: compact, or large when asked and the tiling has sides.
    pub fn of<T>(grid: &Grid<T>, large: bool) -> MapLayout {
        let tiling = grid.tiling();
        if !(large && tiling.has_sides()) {
            let h = grid.projection().h;
            return MapLayout {
                tiling,
                h,
                large: false,
            };
        }
        let leftmost = grid.large_columns().map_or(0, |(first, _)| first);
        // Room for the west side of the leftmost tile.
        MapLayout {
            tiling,
            h: 2 - leftmost,
            large: true,
        }
    }

    /// The screen `(column, row)` of a tile's centre.
    pub fn to_screen(self, tile: Cell) -> (i32, i32) {
        match self.tiling.large_cell(tile).filter(|_| self.large) {
            Some((c, r)) => (c + self.h, r),
            None => Screen::new(self.tiling, self.h).to_screen(tile),
        }
    }

    /// What is drawn at a screen cell: in the compact projection a tile or a gap.
    pub fn cell_at(self, col: i32, row: i32) -> LargeCell {
        if self.large {
            return self.tiling.large_cell_at(col.saturating_sub(self.h), row);
        }
        match Screen::new(self.tiling, self.h).tile_at(col, row) {
            Some(hex) => LargeCell::Tile(hex),
            None => LargeCell::Gap,
        }
    }

    /// The width of the whole map and its first and last rows.
    fn extent<T>(self, grid: &Grid<T>) -> (i32, i32, i32) {
        let (lo, hi) = grid.bounds();
        if !self.large {
            return (grid.screen_size().0, lo.y, hi.y);
        }
        let right = grid.large_columns().map(|(_, last)| last + self.h);
        (right.map_or(0, |c| c + 3), 2 * lo.y - 1, 2 * hi.y + 1)
    }
}

/// Where the viewport looks: the screen position of its top-left cell.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Camera {
    /// How the map's cells fall on screen columns and rows.
    pub layout: MapLayout,
    /// Map column drawn at the area's left edge.
    pub left: i32,
    /// Map row drawn at the area's top edge.
    pub top: i32,
}

/// The viewport scrolls when the player comes within this part of the map area of its edge
/// (a quarter: on a 72-column map area, 18 columns), and may show as much past the map's own
/// edges, so the player is never drawn at the window's edge, not even on the map's last tile.
pub const SCROLL_MARGIN_DIVISOR: i32 = 4;

/// One axis of a viewport `view` cells long over a map `size` cells long from `low`, that
/// started at `start`: moved as little as it takes to keep `at` at least `keep` cells inside
/// its ends, and never more than `beyond` cells past the map's ends. A map that fits is
/// centred.
fn scroll_axis(start: i32, size: i32, view: i32, at: i32, low: i32, keep: i32, beyond: i32) -> i32 {
    if size <= view {
        return low - (view - size) / 2;
    }
    let wanted = if at < start + keep {
        at - keep
    } else if at > start + view - 1 - keep {
        at - view + 1 + keep
    } else {
        start
    };
    wanted.clamp(low - beyond, low + size - view + beyond)
}

/// The scroll margin of a viewport `view` cells long.
fn margin(view: i32) -> i32 {
    view / SCROLL_MARGIN_DIVISOR
}

impl Camera {
    /// A camera on the compact map that centres a small map, or centres `focus` over a large
    /// one, as far as the scroll margin lets it past the map's edges.
    pub fn follow(world: &World, focus: Cell, area: Rect) -> Camera {
        Camera::follow_on(world, focus, area, false)
    }

    /// [`Camera::follow`] on the large map when `large` (and the tiling has sides).
    pub fn follow_on(world: &World, focus: Cell, area: Rect, large: bool) -> Camera {
        let layout = MapLayout::of(&world.level().terrain, large);
        let (width, first, last) = layout.extent(&world.level().terrain);
        let (col, row) = layout.to_screen(focus);
        let (view_w, view_h) = (i32::from(area.width), i32::from(area.height));
        let centred = |size: i32, view: i32, at: i32, low: i32| {
            let m = margin(view);
            scroll_axis(at - view / 2, size, view, at, low, m, m)
        };
        Camera {
            layout,
            left: centred(width, view_w, col, 0),
            top: centred(last - first + 1, view_h, row, first),
        }
    }

    /// This camera moved as little as it takes to keep the player's tile `focus` a scroll
    /// margin (a quarter of the area) away from the area's edges: it does not recentre on
    /// every step, and never leaves the player at the window's edge.
    pub fn scroll_to(self, world: &World, focus: Cell, area: Rect) -> Camera {
        self.moved(world, focus, area, margin)
    }

    /// This camera moved as little as it takes to show `hex` with a margin (on a map larger
    /// than the area; a smaller map is centred and always whole).
    pub fn keep_in_view(self, world: &World, hex: Cell, area: Rect) -> Camera {
        self.moved(world, hex, area, |view| (view / 6).clamp(0, 4))
    }

    /// This camera moved as little as it takes to keep `hex` `keep(view)` cells from the
    /// edges of a view `view` cells long, showing at most the scroll margin past the map.
    fn moved(self, world: &World, hex: Cell, area: Rect, keep: impl Fn(i32) -> i32) -> Camera {
        let (width, first, last) = self.layout.extent(&world.level().terrain);
        let (col, row) = self.layout.to_screen(hex);
        let axis = |start: i32, size: i32, view: i32, at: i32, low: i32| {
            scroll_axis(start, size, view, at, low, keep(view), margin(view))
        };
        Camera {
            left: axis(self.left, width, i32::from(area.width), col, 0),
            top: axis(
                self.top,
                last - first + 1,
                i32::from(area.height),
                row,
                first,
            ),
            ..self
        }
    }

    /// What is drawn at a cell of the area.
    pub fn cell_at(self, area: Rect, col: u16, row: u16) -> LargeCell {
        let c = i32::from(col) - i32::from(area.x) + self.left;
        let r = i32::from(row) - i32::from(area.y) + self.top;
        self.layout.cell_at(c, r)
    }

    /// The hex drawn at a cell of the area (`None` for cells between tiles).
    pub fn hex_at(self, area: Rect, col: u16, row: u16) -> Option<Cell> {
        match self.cell_at(area, col, row) {
            LargeCell::Tile(cell) => Some(cell),
            _ => None,
        }
    }

    /// The tile a click on a cell of the area means: the tile drawn there, or on the large
    /// map the tile whose centre is beside the cell (the blank either side of a tile's glyph).
    pub fn hex_clicked(self, area: Rect, col: u16, row: u16) -> Option<Cell> {
        if let Some(hex) = self.hex_at(area, col, row) {
            return Some(hex);
        }
        if !self.layout.large {
            return None;
        }
        let (c, r) = self.map_cell(area, col, row);
        [c - 1, c + 1]
            .into_iter()
            .find_map(|c| match self.layout.tiling.large_cell_at(c, r) {
                LargeCell::Tile(cell) => Some(cell),
                _ => None,
            })
    }

    /// The map column and row of a cell of the area, in the layout's coordinates less its
    /// offset (a large-projection cell with `H = 0`).
    pub fn map_cell(self, area: Rect, col: u16, row: u16) -> (i32, i32) {
        let c = i32::from(col) - i32::from(area.x) + self.left;
        let r = i32::from(row) - i32::from(area.y) + self.top;
        (c - self.layout.h, r)
    }
}
