//! The sidebar: the player's state, the place, the monsters in view and their plans.

use crate::sim::{Intention, World};
use crate::ui::describe::describe;
use crate::ui::palette::Palette;
use crate::ui::state::{Mode, UiState};
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
        let title = if level.name == depth {
            depth
        } else {
            format!("{} - {depth}", level.name)
        };
        let mut lines = vec![
            Line::styled(title, bold),
            self.hp_line(width),
            Line::raw(format!("Turn {}", world.turn())),
            Line::raw(format!(
                "Darts {}  Potions {}",
                me.count_of("dart"),
                me.count_of("potion")
            )),
            Line::raw(format!("Seed {}", world.seed())),
            Line::raw(format!(
                "Here: {}",
                world
                    .level()
                    .terrain_at(me.pos)
                    .map_or("nothing", |t| t.describe())
            )),
            Line::raw(""),
        ];
        let monsters = world.visible_monsters();
        if monsters.is_empty() {
            lines.push(Line::styled("Nothing in view.", self.palette.faint()));
        } else {
            lines.push(Line::styled("In view:", bold));
        }
        let plans = world.planned();
        for m in monsters {
            let plan = plans.iter().find(|p| p.who == m.id);
            let intent = match plan.map(|p| p.intention) {
                Some(Intention::Attack(t)) if t == me.pos => "attacks you",
                Some(Intention::Throw(t)) if t == me.pos => "throws at you",
                Some(Intention::Attack(_) | Intention::Throw(_)) => "attacks",
                Some(Intention::Move(_)) => "moves",
                _ => "waits",
            };
            let intent = if self.ui.telegraph { intent } else { "" };
            lines.push(Line::from(vec![
                Span::styled(format!("{} ", m.glyph), self.palette.monster()),
                Span::raw(format!("{} {}/{} {intent}", m.name, m.hp, m.max_hp)),
            ]));
        }
        lines.push(Line::raw(""));
        if let Some(hex) = self.ui.pointed {
            lines.push(Line::raw(describe(world, hex)));
            lines.push(Line::raw(""));
        }
        lines.extend(self.mode_help().into_iter().map(Line::raw));
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
        let lines: &[&str] = match self.ui.mode {
            Mode::Look { .. } => &[
                "LOOK: direction keys move",
                "Tab: next monster",
                "Esc: done",
            ],
            Mode::Aim { .. } => &[
                "AIM: direction keys move",
                "Tab: next monster",
                "Enter: throw",
                "Esc: cancel",
            ],
            Mode::PickTravel { .. } => &[
                "TRAVEL: pick a tile",
                "or click one",
                "Enter: go, Esc: cancel",
            ],
            Mode::Range => &[
                "RANGE: bright = this turn",
                "darker = 2 and 3 turns",
                "any key: close",
            ],
            _ if self.world.is_over() => &["You are dead.", "Q: quit"],
            _ => &["? help   t telegraph"],
        };
        lines.iter().map(ToString::to_string).collect()
    }
}
