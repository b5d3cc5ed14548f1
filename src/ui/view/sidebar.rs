//! The sidebar: the player's state, the place, the monsters in view and their plans.

use crate::sim::{Intention, World};
use crate::ui::describe::describe;
use crate::ui::palette::Palette;
use crate::ui::state::{Mode, UiState};
use crate::ui::view::overlay;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Widget, Wrap};

/// The sidebar widget.
pub struct Sidebar<'a> {
    /// The world.
    pub world: &'a World,
    /// The shell state.
    pub ui: &'a UiState,
    /// Colours.
    pub palette: Palette,
}

impl Widget for &Sidebar<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let block = Block::default().borders(Borders::LEFT);
        let inner = block.inner(area);
        block.render(area, buf);
        Paragraph::new(self.lines(inner.width))
            .wrap(Wrap { trim: true })
            .render(inner, buf);
    }
}

impl Sidebar<'_> {
    fn lines(&self, width: u16) -> Vec<Line<'static>> {
        let world = self.world;
        let me = world.player();
        let bold = Style::default().add_modifier(Modifier::BOLD);
        let level = world.level();
        let depth = format!("Depth {}", level.depth);
        // A generated level is named after its depth; a hand-made map has its own name, shown
        // instead of the seed (which still drives the monsters' rolls).
        let origin = if level.name == crate::mapgen::level_name(level.depth) {
            format!("Seed {}", world.seed())
        } else {
            format!("Map: {}", level.name)
        };
        let (action, actions) = world.player_action_in_turn();
        let darts = match overlay::dart_range() {
            Some(range) => format!("Darts {} (range {range})", me.count_of("dart")),
            None => format!("Darts {}", me.count_of("dart")),
        };
        let mut lines = vec![
            Line::styled(depth, bold),
            self.hp_line(width),
            Line::raw(format!(
                "Turn {}, action {action}/{actions}",
                world.turn() + 1
            )),
            Line::raw(darts),
            Line::raw(format!("Potions {}", me.count_of("potion"))),
            Line::raw(origin),
            Line::raw(format!(
                "Here: {}",
                world
                    .level()
                    .terrain_at(me.pos)
                    .map_or("nothing", |t| t.describe())
            )),
            Line::raw(""),
        ];
        lines.extend(self.monster_lines(bold));
        lines.push(Line::raw(""));
        if let Some(hex) = self.ui.pointed {
            lines.push(Line::raw(describe(world, hex)));
            lines.push(Line::raw(""));
        }
        lines.extend(self.mode_help().into_iter().map(Line::raw));
        lines
    }

    /// The monsters in view with their hit points and, with the telegraph on, their plans.
    fn monster_lines(&self, bold: Style) -> Vec<Line<'static>> {
        let world = self.world;
        let me = world.player();
        let monsters = world.visible_monsters();
        let mut lines = vec![if monsters.is_empty() {
            Line::styled("Nothing in view.", self.palette.faint())
        } else {
            Line::styled("In view:", bold)
        }];
        let plans = world.visible_plans();
        for m in monsters {
            let plan = plans.iter().find(|p| p.who == m.id);
            let intent = match plan.map(|p| p.intention) {
                _ if plan.is_some_and(|p| world.waits_for_pack(p)) => ", waits for its pack",
                Some(Intention::Attack(t)) if t == me.pos => ", attacks you",
                Some(Intention::Throw(t)) if t == me.pos => ", throws at you",
                Some(Intention::Attack(_) | Intention::Throw(_)) => ", attacks",
                Some(Intention::Move(_)) => ", moves",
                _ => ", waits",
            };
            let intent = if self.ui.telegraph { intent } else { "" };
            lines.push(Line::from(vec![
                Span::styled(format!("{} ", m.glyph), self.palette.monster()),
                Span::raw(format!("{} {}/{} hp{intent}", m.name, m.hp, m.max_hp)),
            ]));
        }
        lines
    }

    fn hp_line(&self, width: u16) -> Line<'static> {
        let me = self.world.player();
        let label = format!("HP {:>3}/{:<3} ", me.hp.max(0), me.max_hp);
        let bar_len = usize::from(width).saturating_sub(label.len()).min(20);
        let filled = if me.max_hp > 0 {
            (bar_len as i64 * i64::from(me.hp.max(0)) / i64::from(me.max_hp)) as usize
        } else {
            0
        };
        let color = if me.hp * 3 <= me.max_hp {
            Color::Red
        } else {
            Color::Green
        };
        let bar_style = if self.palette.color {
            Style::default().fg(color)
        } else {
            Style::default()
        };
        Line::from(vec![
            Span::raw(label),
            Span::styled("=".repeat(filled), bar_style),
            Span::styled(
                "-".repeat(bar_len - filled.min(bar_len)),
                self.palette.faint(),
            ),
        ])
    }

    fn mode_help(&self) -> Vec<String> {
        let range = overlay::dart_range().map_or(String::new(), |r| format!("Range {r}; "));
        let lines: Vec<String> = match self.ui.mode {
            Mode::Look { .. } => vec![
                "LOOK: direction keys move".into(),
                "Tab: next monster".into(),
                "Esc: done".into(),
            ],
            Mode::Aim { .. } => vec![
                "AIM: direction keys move".into(),
                format!("{range}beyond it the line is {}", self.beyond_range()),
                "Tab: next monster".into(),
                "Enter: throw".into(),
                "Esc: cancel".into(),
            ],
            Mode::PickTravel { .. } => vec![
                "TRAVEL: pick a tile".into(),
                "or click one".into(),
                "Enter: go, Esc: cancel".into(),
            ],
            Mode::Range => self.range_legend(),
            _ if self.world.is_over() => vec!["Game over. Q: quit".into()],
            _ => vec!["? help   t telegraph".into()],
        };
        lines
    }

    /// How the part of the aim line past the range is drawn.
    fn beyond_range(&self) -> &'static str {
        if self.palette.color {
            "magenta"
        } else {
            "struck through"
        }
    }

    /// The range overlay's legend, in the styles [`Palette::range`] draws.
    fn range_legend(&self) -> Vec<String> {
        let lines: &[&str] = if self.palette.color {
            &[
                "RANGE: green = this turn",
                "grey = next turn",
                "green underline = 3 turns",
                "any key: close",
            ]
        } else {
            &[
                "RANGE: reversed = this turn",
                "underlined = 2 or 3 turns",
                "any key: close",
            ]
        };
        lines.iter().map(ToString::to_string).collect()
    }
}
