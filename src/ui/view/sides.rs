//! Thin walls and doors on the sides between tiles, as the compact map shows them: a side
//! between east–west neighbours in the column between them (`|`, `+`, `'`), every other side
//! as an underline of the tile above it (and of the column beside, so a wall reads as a line).

use super::map::MapView;
use crate::geom::{Cell, Side, SideShape, Tiling};
use crate::map::SideFeature;
use crate::mapfile::render_sides::lower_sides;
use ratatui::style::Style;

/// Whether a side is seen and whether it is in view: a side is seen when either of its tiles
/// is, in view when either is.
pub(super) fn side_sight(view: &MapView, tiling: Tiling, side: Side) -> (bool, bool) {
    let Some((a, b)) = tiling.side_tiles(side) else {
        return (false, false);
    };
    let (a, b) = (a, b);
    (
        view.remembers(a) || view.remembers(b),
        view.sees(a) || view.sees(b),
    )
}

/// The glyph of a feature on a side of `shape`: its outline glyph for a thin wall, `+` and
/// `'` for doors; `None` for an open side.
pub fn feature_glyph(feature: SideFeature, shape: SideShape) -> Option<char> {
    match feature {
        SideFeature::Open => None,
        SideFeature::Wall => Some(shape.glyph()),
        SideFeature::DoorClosed => Some('+'),
        SideFeature::DoorOpen => Some('\''),
    }
}

impl MapView<'_> {
    fn tiling(&self) -> Tiling {
        self.world.level().terrain.tiling()
    }

    /// A seen side's feature (open when unseen) and whether the side is in view.
    pub(super) fn seen_side(&self, side: Side) -> (SideFeature, bool) {
        let (seen, visible) = side_sight(self, self.tiling(), side);
        let feature = if seen {
            self.world.level().side_at(side)
        } else {
            SideFeature::Open
        };
        (feature, visible)
    }

    /// The glyph and style of what stands on a seen side, or `None` when it is open.
    pub(super) fn feature_on(&self, side: Side) -> Option<(char, Style)> {
        let shape = self.tiling().side_shape(side)?;
        let (feature, visible) = self.seen_side(side);
        let glyph = feature_glyph(feature, shape)?;
        let style = if feature == SideFeature::Wall {
            self.palette.thin_wall(visible)
        } else {
            self.palette.side_door(visible)
        };
        Some((glyph, style))
    }

    /// The side between two east–west neighbours drawn in the column between them, when
    /// something stands on it.
    pub(super) fn east_west_side(
        &self,
        left: Option<Cell>,
        right: Option<Cell>,
    ) -> Option<(char, Style)> {
        let side = self.world.level().side_of(left?, right?)?;
        self.feature_on(side)
    }

    /// The sides below a tile ([`lower_sides`]).
    fn lower_sides(&self, hex: Cell) -> Vec<Side> {
        lower_sides(self.tiling(), hex)
    }

    /// `style` underlined for what stands on `sides`: in the door colour when one holds a
    /// door (so a door in a wall still shows), else in the wall colour when one holds a wall.
    fn underline_for(&self, sides: &[Side], style: Style) -> Style {
        let found = sides
            .iter()
            .map(|&s| self.seen_side(s))
            .filter(|(f, _)| *f != SideFeature::Open)
            .min_by_key(|(f, _)| *f == SideFeature::Wall);
        match found {
            Some((f, visible)) => self
                .palette
                .underline(style, f != SideFeature::Wall, visible),
            None => style,
        }
    }

    /// A tile of the compact map, underlined when a wall or door stands on a side below it.
    pub(super) fn compact_tile(&self, hex: Cell) -> (char, Style) {
        let (glyph, style) = self.tile(hex);
        if !self.world.level().has_sides() {
            return (glyph, style);
        }
        (glyph, self.underline_for(&self.lower_sides(hex), style))
    }

    /// The column between two tiles of the compact map, underlined when the wall below the
    /// tiles runs under it: on hexes, below the left tile's south-east or the right one's
    /// south-west side; on squares, below both tiles.
    pub(super) fn underline_between(
        &self,
        left: Option<Cell>,
        right: Option<Cell>,
        style: Style,
    ) -> Style {
        let (Some(left), Some(right)) = (left, right) else {
            return style;
        };
        if !self.world.level().has_sides() {
            return style;
        }
        let (l, r) = (self.lower_sides(left), self.lower_sides(right));
        if self.tiling() == Tiling::Hex {
            let near: Vec<Side> = l.last().into_iter().chain(r.first()).copied().collect();
            return self.underline_for(&near, style);
        }
        let under = |s: &[Side]| self.underline_for(s, Style::default());
        if under(&l) == Style::default() || under(&r) == Style::default() {
            return style;
        }
        self.underline_for(&l, style)
    }
}
