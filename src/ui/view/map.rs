//! The map as its tiling is drawn (the cabinet projection on hexes), inside a viewport that
//! follows the player.

use super::overlay::Overlay;
use crate::geom::{Hex, Screen};
use crate::map::Terrain;
use crate::sim::World;
use crate::ui::palette::Palette;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::widgets::Widget;

/// Where the viewport looks: the screen position (in whole-map columns and rows) of its
/// top-left cell.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Camera {
    /// How the map's tiles fall on screen columns and rows.
    pub projection: Screen,
    /// Map column drawn at the area's left edge.
    pub left: i32,
    /// Map row (tile `y`) drawn at the area's top edge.
    pub top: i32,
}

impl Camera {
    /// A camera that centres a small map, or follows `focus` over a large one.
    pub fn follow(world: &World, focus: Hex, area: Rect) -> Camera {
        let grid = &world.level().terrain;
        let projection = grid.projection();
        let (width, height) = grid.screen_size();
        let (lo, _) = grid.bounds();
        let axis = |size: i32, view: i32, at: i32| {
            if size <= view {
                -(view - size) / 2
            } else {
                (at - view / 2).clamp(0, size - view)
            }
        };
        let (col, row) = projection.to_screen(focus);
        let left = axis(width, i32::from(area.width), col);
        let top = axis(height, i32::from(area.height), row - lo.y) + lo.y;
        Camera {
            projection,
            left,
            top,
        }
    }

    /// This camera moved as little as it takes to show `hex` with a margin (on a map larger
    /// than the area; a smaller map is centred and always whole).
    pub fn keep_in_view(self, world: &World, hex: Hex, area: Rect) -> Camera {
        let grid = &world.level().terrain;
        let (width, height) = grid.screen_size();
        let (lo, _) = grid.bounds();
        let shift = |start: i32, size: i32, view: i32, at: i32, low: i32| {
            if size <= view {
                return start;
            }
            let margin = (view / 6).clamp(0, 4);
            let wanted = if at < start + margin {
                at - margin
            } else if at >= start + view - margin {
                at - view + margin + 1
            } else {
                start
            };
            wanted.clamp(low, low + size - view)
        };
        let (col, row) = self.projection.to_screen(hex);
        Camera {
            projection: self.projection,
            left: shift(self.left, width, i32::from(area.width), col, 0),
            top: shift(self.top, height, i32::from(area.height), row, lo.y),
        }
    }

    /// The hex drawn at a cell of the area (`None` for in-between columns).
    pub fn hex_at(self, area: Rect, col: u16, row: u16) -> Option<Hex> {
        let c = i32::from(col) - i32::from(area.x) + self.left;
        let r = i32::from(row) - i32::from(area.y) + self.top;
        self.projection.tile_at(c, r)
    }
}

/// The map widget.
pub struct MapView<'a> {
    /// The world to draw.
    pub world: &'a World,
    /// Marks over the tiles.
    pub overlay: &'a Overlay,
    /// Colours.
    pub palette: Palette,
    /// The viewport.
    pub camera: Camera,
}

impl Widget for &MapView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        for row in area.top()..area.bottom() {
            for col in area.left()..area.right() {
                let (glyph, style) = match self.camera.hex_at(area, col, row) {
                    Some(hex) => self.tile(hex),
                    None => self.between(area, col, row),
                };
                if let Some(cell) = buf.cell_mut((col, row)) {
                    cell.set_char(glyph).set_style(style);
                }
            }
        }
    }
}

impl MapView<'_> {
    /// The glyph and style of a tile.
    fn tile(&self, hex: Hex) -> (char, Style) {
        let world = self.world;
        let Some(terrain) = world.level().terrain_at(hex) else {
            return (' ', Style::default());
        };
        if !world.is_seen(hex) {
            return (' ', self.overlay.style_at(hex, Style::default()));
        }
        let visible = world.is_visible(hex);
        let grid = &world.level().terrain;
        let mut glyph = terrain.glyph_on(grid.tiling(), grid.class_of(hex));
        let mut style = self.palette.terrain(terrain, visible);
        if let Some(item) = world.items_at(hex).next() {
            glyph = world.content().item(&item.item).map_or('?', |k| k.glyph);
            style = self
                .palette
                .item_named(world.content(), &item.item, visible);
        }
        if hex == world.player().pos {
            // Drawn even when the game is over: where you fell stays marked.
            let me = world.player();
            return (me.glyph, self.overlay.style_at(hex, self.palette.player()));
        }
        if visible && let Some(c) = world.visible_creature(hex) {
            glyph = c.glyph;
            style = if c.id == world.player().id {
                self.palette.player()
            } else {
                self.palette.creature(world.content(), &c.name)
            };
        }
        (glyph, self.overlay.style_at(hex, style))
    }

    /// The glyph of an in-between column: a telegraph bracket, a wall joining two walls, or
    /// a space.
    fn between(&self, area: Rect, col: u16, row: u16) -> (char, Style) {
        let left = col
            .checked_sub(1)
            .and_then(|c| self.camera.hex_at(area, c, row));
        let right = self.camera.hex_at(area, col.saturating_add(1), row);
        if let Some(mark) = self.overlay.bracket(left, right) {
            return mark;
        }
        let wall = |h: Option<Hex>| {
            h.filter(|&h| self.world.is_seen(h))
                .and_then(|h| self.world.level().terrain_at(h))
                == Some(Terrain::Wall)
        };
        if wall(left) && wall(right) {
            let visible = left.is_some_and(|h| self.world.is_visible(h))
                && right.is_some_and(|h| self.world.is_visible(h));
            return ('#', self.palette.terrain(Terrain::Wall, visible));
        }
        let shade = self.overlay.between_background(left, right);
        (' ', shade.unwrap_or_default())
    }
}
