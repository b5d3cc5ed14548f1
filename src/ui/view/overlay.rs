//! Marks drawn over the map: telegraphed intentions, the cursor, paths, lines and ranges.

use crate::geom::Hex;
use crate::sim::{Intention, World};
use crate::ui::palette::{Mark, Palette};
use crate::ui::state::{Mode, UiState};
use ratatui::style::Style;

/// Everything drawn over the plain map this frame.
#[derive(Clone, Debug, Default)]
pub struct Overlay {
    /// Added styles by hex, sorted by hex.
    styles: Vec<(Hex, Style)>,
    /// Telegraph marks by hex, sorted by hex.
    marks: Vec<(Hex, Mark)>,
    palette: Option<Palette>,
}

impl Overlay {
    /// The overlay for the current mode and telegraph setting.
    pub fn build(world: &World, ui: &UiState, palette: Palette) -> Overlay {
        let mut overlay = Overlay {
            palette: Some(palette),
            ..Overlay::default()
        };
        let me = world.player().pos;
        match ui.mode {
            Mode::Range => overlay.add_range(world, palette),
            Mode::PickTravel { cursor } => {
                for hex in world.known_path(me, cursor).unwrap_or_default() {
                    overlay.styles.push((hex, palette.highlight()));
                }
                overlay.styles.push((cursor, palette.cursor()));
            }
            Mode::Aim { cursor } => {
                let range = dart_range().unwrap_or(0);
                for hex in world.flight_path(me, cursor) {
                    let style = if me.distance(hex) <= range as i32 {
                        palette.highlight()
                    } else {
                        palette.out_of_range()
                    };
                    overlay.styles.push((hex, style));
                }
                overlay.styles.push((cursor, palette.cursor()));
            }
            Mode::Look { cursor } => overlay.styles.push((cursor, palette.cursor())),
            _ => {}
        }
        if ui.telegraph {
            overlay.add_telegraph(world);
        }
        // Later entries win: sort stably so the cursor stays on top.
        overlay.styles.sort_by_key(|(h, _)| *h);
        overlay.marks.sort_by_key(|(h, _)| *h);
        overlay
    }

    fn add_range(&mut self, world: &World, palette: Palette) {
        let speed = world.player().speed.max(1);
        for (hex, arrival) in world.known_reach(speed * 3) {
            let turns = crate::path::turn_of_action(arrival, speed);
            if turns > 0 {
                self.styles.push((hex, palette.range(turns)));
            }
        }
    }

    /// Marks what every monster in view plans, on the tiles in view only.
    fn add_telegraph(&mut self, world: &World) {
        for plan in world.visible_plans() {
            let (target, mark) = match plan.intention {
                Intention::Stay => continue,
                _ if !plan.acts_next => (plan.intention.target(), Mark::Predicted),
                Intention::Move(to) => (Some(to), Mark::Move),
                Intention::Attack(at) | Intention::Throw(at) => (Some(at), Mark::Attack),
            };
            if let Some(target) = target.filter(|&t| world.is_visible(t)) {
                self.marks.push((target, mark));
            }
        }
    }

    /// The style of a tile with this overlay applied over `base`.
    pub fn style_at(&self, hex: Hex, base: Style) -> Style {
        let mut style = base;
        if let (Some(palette), Some(mark)) = (self.palette, self.mark_at(hex)) {
            style = style.patch(palette.mark(mark));
        }
        let lo = self.styles.partition_point(|(h, _)| *h < hex);
        for (_, extra) in self.styles[lo..].iter().take_while(|(h, _)| *h == hex) {
            style = style.patch(*extra);
        }
        style
    }

    /// The background shared by two side-by-side tiles, for the column between them, so that
    /// a shaded region (a range, a path) reads as one patch.
    pub fn between_background(&self, left: Option<Hex>, right: Option<Hex>) -> Option<Style> {
        let bg = |h: Option<Hex>| {
            let h = h?;
            let lo = self.styles.partition_point(|(x, _)| *x < h);
            self.styles[lo..]
                .iter()
                .take_while(|(x, _)| *x == h)
                .filter_map(|(_, s)| s.bg)
                .last()
        };
        let (a, b) = (bg(left)?, bg(right)?);
        (a == b).then(|| Style::default().bg(a))
    }

    /// The telegraph mark on a tile: attacks before moves before predictions.
    pub fn mark_at(&self, hex: Hex) -> Option<Mark> {
        let lo = self.marks.partition_point(|(h, _)| *h < hex);
        let here = self.marks[lo..].iter().take_while(|(h, _)| *h == hex);
        here.map(|(_, m)| *m).max()
    }

    /// The bracket drawn in an in-between column beside a marked tile: `{` `}` around a
    /// planned move, `[` `]` around a planned attack, `:` beside a prediction. No item or
    /// terrain glyph uses these, so a mark stays readable around whatever it surrounds.
    pub fn bracket(&self, left: Option<Hex>, right: Option<Hex>) -> Option<(char, Style)> {
        let palette = self.palette?;
        let glyph = |mark, opening| match (mark, opening) {
            (Mark::Predicted, _) => ':',
            (Mark::Move, true) => '{',
            (Mark::Move, false) => '}',
            (Mark::Attack, true) => '[',
            (Mark::Attack, false) => ']',
        };
        if let Some(mark) = right.and_then(|h| self.mark_at(h)) {
            return Some((glyph(mark, true), palette.mark(mark)));
        }
        let mark = left.and_then(|h| self.mark_at(h))?;
        Some((glyph(mark, false), palette.mark(mark)))
    }
}

/// How far the first thrown item in the data flies, from `data/items.toml`.
pub fn dart_range() -> Option<u32> {
    crate::sim::item_kinds().iter().find_map(|k| match k.use_ {
        crate::sim::ItemUse::Thrown { range, .. } => Some(range),
        _ => None,
    })
}
