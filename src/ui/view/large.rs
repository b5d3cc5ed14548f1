//! The large map: every seen tile on its cell of the large projection with its sides and
//! corners around it (ARCHITECTURE.md, "Tile sides and corners"), drawn as a large map file
//! draws them: an open side is blank, a thin wall is its outline glyph in the wall colour,
//! doors are `+` and `'`; whole-tile walls side by side are joined with `#`, as on the compact
//! map. So a thin wall and an open side differ in their glyphs, not only in colour.

use super::map::MapView;
use crate::geom::{Cell, Corner, LargeCell, Side, Tiling};
use crate::map::{CornerFeature, SideFeature, Terrain};
use ratatui::layout::Rect;
use ratatui::style::Style;

impl MapView<'_> {
    /// The glyph and style of a cell of the area on the large map.
    pub(super) fn large_cell(&self, area: Rect, col: u16, row: u16) -> (char, Style) {
        let (c, r) = self.camera.map_cell(area, col, row);
        match self.large_at(c, r) {
            LargeCell::Tile(cell) => self.tile(cell),
            LargeCell::Side(side) => self.large_side(side),
            LargeCell::Corner(corner) => self.large_corner(corner),
            LargeCell::Gap => self.large_gap(c, r),
        }
    }

    fn large_at(&self, c: i32, r: i32) -> LargeCell {
        self.world.level().terrain.tiling().large_cell_at(c, r)
    }

    /// Whether a tile is a seen whole-tile wall.
    fn seen_wall(&self, hex: Cell) -> bool {
        self.remembers(hex) && self.world.level().terrain_at(hex) == Some(Terrain::Wall)
    }

    /// The `#` joining two whole-tile walls across the side between them, if both are.
    fn joined(&self, side: Side) -> Option<(char, Style)> {
        let tiling = self.world.level().terrain.tiling();
        let (a, b) = tiling.side_tiles(side)?;
        let (a, b) = (a, b);
        let visible = self.sees(a) && self.sees(b);
        (self.seen_wall(a) && self.seen_wall(b))
            .then(|| ('#', self.palette.terrain(Terrain::Wall, visible)))
    }

    /// A side: what stands on it, a join between walls, or the outline.
    fn large_side(&self, side: Side) -> (char, Style) {
        let tiling = self.world.level().terrain.tiling();
        let (seen, _) = super::sides::side_sight(self, tiling, side);
        if !seen {
            return (' ', Style::default());
        }
        if let Some(drawn) = self.feature_on(side) {
            return drawn;
        }
        if let Some(join) = self.joined(side) {
            return join;
        }
        // An open side is blank, as in a large map file: only what stands on a side is
        // drawn, so a thin wall never reads as an open side, in colour or not.
        let shade = tiling
            .side_tiles(side)
            .and_then(|(a, b)| self.overlay.between_background(Some(a), Some(b)));
        (' ', shade.unwrap_or_default())
    }

    /// A corner: a pillar, a join between walls all round, where thin walls meet on squares a
    /// bright `+` as map files draw them (on hexes the sides' own glyphs already meet), or
    /// the outline.
    fn large_corner(&self, corner: Corner) -> (char, Style) {
        let tiling = self.world.level().terrain.tiling();
        let tiles: Vec<Cell> = tiling.corner_tiles(corner).into_iter().collect();
        if !tiles.iter().any(|&t| self.remembers(t)) {
            return (' ', Style::default());
        }
        let visible = tiles.iter().any(|&t| self.sees(t));
        if self.world.level().corner_at(corner) == CornerFeature::Pillar {
            return ('o', self.palette.thin_wall(visible));
        }
        if tiles.iter().all(|&t| self.seen_wall(t)) {
            let all_visible = tiles.iter().all(|&t| self.sees(t));
            return ('#', self.palette.terrain(Terrain::Wall, all_visible));
        }
        if tiling != Tiling::Square {
            return (' ', Style::default());
        }
        let walled = tiling
            .corner_sides(corner)
            .into_iter()
            .any(|s| self.seen_side(s).0 == SideFeature::Wall);
        if walled {
            ('+', self.palette.thin_wall(visible))
        } else {
            (' ', Style::default())
        }
    }

    /// A cell beside a tile's centre (a telegraph bracket, a join, the tile's shading) or,
    /// on squares, beside a north–south side (the side drawn on).
    fn large_gap(&self, c: i32, r: i32) -> (char, Style) {
        let beside = |dc: i32| match self.large_at(c + dc, r) {
            LargeCell::Tile(t) => Some(t),
            _ => None,
        };
        if let Some(tile) = beside(-1) {
            return self.tile_gap(tile, Side::new(c + 1, r), false);
        }
        if let Some(tile) = beside(1) {
            return self.tile_gap(tile, Side::new(c - 1, r), true);
        }
        for dc in [-1, 1] {
            if let LargeCell::Side(side) = self.large_at(c + dc, r) {
                return self.level_gap(side);
            }
        }
        (' ', Style::default())
    }

    /// The cell between a tile's centre and its east or west side.
    fn tile_gap(&self, tile: Cell, side: Side, left_of_tile: bool) -> (char, Style) {
        if !self.remembers(tile) {
            return (' ', Style::default());
        }
        let mark = if left_of_tile {
            self.overlay.bracket(None, Some(tile))
        } else {
            self.overlay.bracket(Some(tile), None)
        };
        if let Some(mark) = mark {
            return mark;
        }
        if self.world.level().side_at(side) == SideFeature::Open
            && let Some(join) = self.joined(side)
        {
            return join;
        }
        let shade = self.overlay.between_background(Some(tile), Some(tile));
        (' ', shade.unwrap_or_default())
    }

    /// A cell beside a square's north–south side: the side drawn on (a wall or the outline
    /// reads `+---+`; beside a door, the outline).
    fn level_gap(&self, side: Side) -> (char, Style) {
        let (glyph, style) = self.large_side(side);
        match glyph {
            '+' | '\'' => {
                let visible = self.seen_side(side).1;
                ('-', self.palette.outline(visible))
            }
            _ => (glyph, style),
        }
    }
}
