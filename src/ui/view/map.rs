//! The map as its tiling is drawn (the cabinet projection on hexes, or the large one with
//! every side), inside a viewport that follows the player.

use super::layout::Camera;
use super::overlay::{Overlay, tile_mark_glyph};
use crate::geom::{Cell, Tiling};
use crate::map::Terrain;
use crate::sim::World;
use crate::ui::palette::Palette;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::widgets::Widget;

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
    /// Whose sight shows what is in view.
    pub sight: super::sight::Sight,
}

impl Widget for &MapView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        for row in area.top()..area.bottom() {
            for col in area.left()..area.right() {
                let (glyph, style) = if self.camera.layout.large {
                    self.large_cell(area, col, row)
                } else {
                    match self.camera.hex_at(area, col, row) {
                        Some(hex) => self.compact_tile(hex),
                        None => self.between(area, col, row),
                    }
                };
                if let Some(cell) = buf.cell_mut((col, row)) {
                    cell.set_char(glyph).set_style(style);
                }
            }
        }
    }
}

impl MapView<'_> {
    /// Whether `cell` is in view by the map's sight.
    pub(super) fn sees(&self, cell: Cell) -> bool {
        self.sight.sees(self.world, cell)
    }

    /// Whether `cell` is remembered by the map's sight.
    pub(super) fn remembers(&self, cell: Cell) -> bool {
        self.sight.remembers(self.world, cell)
    }

    /// The glyph and style of a tile.
    pub(super) fn tile(&self, hex: Cell) -> (char, Style) {
        let world = self.world;
        let Some(terrain) = world.level().terrain_at(hex) else {
            return (' ', Style::default());
        };
        if let Some(key) = self.overlay.label_at(hex) {
            // While a direction is chosen: the key that picks this tile, over whatever is
            // there (its marks stay around it).
            return (key, self.palette.cursor());
        }
        if !self.remembers(hex) {
            return (' ', self.overlay.style_at(hex, Style::default()));
        }
        let visible = self.sees(hex);
        let grid = &world.level().terrain;
        let mut glyph = terrain.glyph_on(grid.tiling(), grid.class_of(hex));
        let mut style = self.palette.terrain(terrain, visible);
        if grid.tiling() == Tiling::Triangle
            && !self.palette.color
            && let Some(mark) = self.overlay.mark_at(hex)
        {
            // No column beside a triangle for a bracket and no colour to shade it: the
            // mark takes the floor's place (a creature or an item keeps its own).
            glyph = tile_mark_glyph(mark);
        }
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
        if visible && let Some(c) = world.creature_at(hex) {
            glyph = c.glyph;
            style = if c.id == world.player().id {
                self.palette.player()
            } else if world.on_heroes_side(c.id) {
                self.palette.ally()
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
        if let Some((glyph, style)) = self.east_west_side(left, right) {
            // A thin wall or door keeps its glyph where a bracket would stand, and takes the
            // mark's style (its band in colour, reversed or underlined without), so both read.
            let style = match self.overlay.bracket(left, right) {
                Some((_, mark)) => style.patch(mark),
                None => style,
            };
            return (glyph, self.underline_between(left, right, style));
        }
        if let Some(mark) = self.overlay.bracket(left, right) {
            return mark;
        }
        let wall = |h: Option<Cell>| {
            h.filter(|&h| self.remembers(h))
                .and_then(|h| self.world.level().terrain_at(h))
                == Some(Terrain::Wall)
        };
        if wall(left) && wall(right) {
            let visible = left.is_some_and(|h| self.sees(h)) && right.is_some_and(|h| self.sees(h));
            return ('#', self.palette.terrain(Terrain::Wall, visible));
        }
        let shade = self.overlay.between_background(left, right);
        (
            ' ',
            self.underline_between(left, right, shade.unwrap_or_default()),
        )
    }
}
