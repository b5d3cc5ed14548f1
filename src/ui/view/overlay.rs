//! Marks drawn over the map: telegraphed intentions, the cursor, paths, lines and ranges.

use crate::geom::{Cell, Compass};
use crate::sim::{Intention, World};
use crate::ui::keymap::{Intent, Key, Keymap};
use crate::ui::palette::{Mark, Palette};
use crate::ui::state::{Mode, UiState};
use ratatui::style::Style;

/// Everything drawn over the plain map this frame.
#[derive(Clone, Debug, Default)]
pub struct Overlay {
    /// Added styles by hex, sorted by hex.
    styles: Vec<(Cell, Style)>,
    /// Telegraph marks by hex, sorted by hex.
    marks: Vec<(Cell, Mark)>,
    /// While a direction is chosen, the key that picks each neighbouring tile.
    labels: Vec<(Cell, char)>,
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
            Mode::Aim { cursor, item } | Mode::ConfirmThrow { cursor, item, .. } => {
                let range = world.throw_range(item).unwrap_or(0);
                for hex in world.flight_path(me, cursor) {
                    let style = if world.dist(me, hex) <= range as i32 {
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
        if ui.telegraph && !world.is_over() {
            overlay.add_telegraph(world);
        }
        // Later entries win: sort stably so the cursor stays on top.
        overlay.styles.sort_by_key(|(h, _)| *h);
        overlay.marks.sort_by_key(|(h, _)| *h);
        overlay
    }

    /// This overlay with the key that picks each neighbouring tile written on it while a
    /// direction is chosen (striking, `F`). A tile with no key of its own (a keymap without
    /// one) stays as it is. Aiming chooses a tile, not a direction: its cursor keeps the
    /// flight line and the monsters around it in sight.
    pub fn with_labels(mut self, world: &World, ui: &UiState, keymap: &Keymap) -> Overlay {
        if ui.mode != Mode::Strike {
            return self;
        }
        let me = world.player().pos;
        let grid = &world.level().terrain;
        for (hex, step) in grid.moves_at(me) {
            if let Some(key) = key_label(keymap, step.dir) {
                self.labels.push((hex, key));
            }
        }
        self.labels.sort_by_key(|(h, _)| *h);
        self
    }

    /// The key label written on a tile, if any.
    pub fn label_at(&self, hex: Cell) -> Option<char> {
        let i = self.labels.binary_search_by_key(&hex, |(h, _)| *h).ok()?;
        Some(self.labels[i].1)
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

    /// Marks what every monster in view plans: the tile it steps onto and the tiles its blow
    /// strikes, in view or not (a coward stepping around a corner out of your sight showed no
    /// mark, and every blow at it missed: issue 28), and the rest of a charge's line or a
    /// shot's flight where it is in view.
    fn add_telegraph(&mut self, world: &World) {
        for plan in world.visible_plans() {
            let now = plan.acts_next;
            let mark_of = |threat: bool| match (now, threat) {
                (false, _) => Mark::Predicted,
                (true, true) => Mark::Attack,
                (true, false) => Mark::Move,
            };
            let mut tiles: Vec<(Cell, Mark)> = world
                .threatened(&plan)
                .into_iter()
                .map(|h| (h, mark_of(true)))
                .collect();
            match plan.intention {
                Intention::Stay => {}
                Intention::Move(to) => tiles.push((to, mark_of(world.is_charging(plan.who)))),
                Intention::Attack(at) | Intention::Throw(at) => tiles.push((at, mark_of(true))),
            }
            let grid = &world.level().terrain;
            for (hex, mark) in tiles {
                let beside = grid.adjacent(plan.from, hex);
                if (beside || world.is_visible(hex)) && hex != plan.from {
                    self.marks.push((hex, mark));
                }
            }
        }
    }

    /// The style of a tile with this overlay applied over `base`.
    pub fn style_at(&self, hex: Cell, base: Style) -> Style {
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
    pub fn between_background(&self, left: Option<Cell>, right: Option<Cell>) -> Option<Style> {
        let bg = |h: Option<Cell>| {
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
    pub fn mark_at(&self, hex: Cell) -> Option<Mark> {
        let lo = self.marks.partition_point(|(h, _)| *h < hex);
        let here = self.marks[lo..].iter().take_while(|(h, _)| *h == hex);
        here.map(|(_, m)| *m).max()
    }

    /// The bracket drawn in an in-between column beside a marked tile: `‹` `›` around a
    /// planned move, `»` `«` around a struck tile, `:` beside a prediction. Between two struck
    /// tiles, in colour a blank in the mark's style, so a line of struck tiles reads as one red
    /// band; in plain text, where that blank would read as no mark, the first one's closing
    /// bracket, so each struck tile is told apart (`»@«.«.«s`). Between
    /// two different marks, the bracket of the one that matters more (a blow, then a step),
    /// drawn in its colour over the other's background, so each tile keeps its own colour up to
    /// the seam (`»@«r›`, with `«` red on the rat's yellow); between two planned steps, the
    /// first one's closing bracket with no background, so two steps never read as one band.
    /// No item, terrain or monster glyph uses these (a test checks the data).
    pub fn bracket(&self, left: Option<Cell>, right: Option<Cell>) -> Option<(char, Style)> {
        let palette = self.palette?;
        let marks = (
            left.and_then(|h| self.mark_at(h)),
            right.and_then(|h| self.mark_at(h)),
        );
        match marks {
            // In plain text a blank band reads as no mark at all: close each struck tile.
            (Some(Mark::Attack), Some(Mark::Attack)) if palette.color => {
                Some((' ', palette.mark(Mark::Attack)))
            }
            (Some(Mark::Attack), Some(Mark::Attack)) => Some((
                bracket_glyph(Mark::Attack, false),
                palette.mark(Mark::Attack),
            )),
            (Some(Mark::Move), Some(Mark::Move)) => Some((
                bracket_glyph(Mark::Move, false),
                palette.seam(Mark::Move, None),
            )),
            (Some(a), Some(b)) if a != b => {
                let (mark, other, opening) = if b > a { (b, a, true) } else { (a, b, false) };
                Some((
                    bracket_glyph(mark, opening),
                    palette.seam(mark, Some(other)),
                ))
            }
            (_, Some(b)) => Some((bracket_glyph(b, true), palette.mark(b))),
            (Some(a), None) => Some((bracket_glyph(a, false), palette.mark(a))),
            (None, None) => None,
        }
    }
}

/// The key that steps `dir`, as one character: the first letter bound to it, else the first
/// other one-character key (a digit of the numpad).
pub fn key_label(keymap: &Keymap, dir: Compass) -> Option<char> {
    let keys: Vec<char> = keymap
        .keys_for(Intent::Step(dir))
        .into_iter()
        .filter_map(|k| match k {
            Key::Char(c) => Some(c),
            Key::Named(_) => None,
        })
        .collect();
    keys.iter()
        .copied()
        .find(char::is_ascii_alphabetic)
        .or_else(|| keys.first().copied())
}

/// The glyph a marked tile shows in place of the floor where the tiling leaves no column
/// beside it for a bracket and there is no colour to shade it (triangles in plain text): `•` a
/// step, `×` a blow, `:` a prediction.
pub fn tile_mark_glyph(mark: Mark) -> char {
    match mark {
        Mark::Predicted => ':',
        Mark::Move => '•',
        Mark::Attack => '×',
    }
}

/// The bracket glyph of a mark, on the opening (left) or closing side.
pub fn bracket_glyph(mark: Mark, opening: bool) -> char {
    match (mark, opening) {
        (Mark::Predicted, _) => ':',
        (Mark::Move, true) => '‹',
        (Mark::Move, false) => '›',
        (Mark::Attack, true) => '»',
        (Mark::Attack, false) => '«',
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::Content;

    #[test]
    fn no_glyph_in_the_data_is_a_bracket() {
        let brackets: Vec<char> = [Mark::Predicted, Mark::Move, Mark::Attack]
            .into_iter()
            .flat_map(|m| {
                [
                    bracket_glyph(m, true),
                    bracket_glyph(m, false),
                    tile_mark_glyph(m),
                ]
            })
            .collect();
        let content = Content::bundled().unwrap();
        let glyphs = content
            .items()
            .iter()
            .map(|k| k.glyph)
            .chain(content.monsters().iter().map(|k| k.glyph))
            .chain(crate::map::Terrain::ALL.iter().map(|t| t.glyph()))
            .chain(['@']);
        for g in glyphs {
            assert!(!brackets.contains(&g), "{g} is also a bracket");
        }
    }
}
