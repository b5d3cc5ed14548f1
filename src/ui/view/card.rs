//! The card of the monster under the look cursor, drawn in a box over the half of the map the
//! cursor is not in: what looking at a monster tells ([`crate::ui::card::monster_card`]).

use crate::ui::view::log::wrap;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::Line;
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Widget};

/// A monster's card: its title and lines.
pub struct CardView<'a> {
    /// The monster's name, the box's title.
    pub title: &'a str,
    /// What the card says, a sentence a line (wrapped to the box).
    pub lines: &'a [String],
    /// The map row of the look cursor within the map area: the box keeps off its half.
    pub cursor_row: u16,
}

impl Widget for &CardView<'_> {
    fn render(self, map: Rect, buf: &mut Buffer) {
        let width = usize::from(map.width.saturating_sub(2)).max(1);
        let text: Vec<Line> = self
            .lines
            .iter()
            .flat_map(|l| wrap(l, width))
            .map(Line::raw)
            .collect();
        let height = u16::try_from(text.len() + 2)
            .unwrap_or(u16::MAX)
            .min(map.height);
        let below = self.cursor_row < map.height / 2;
        let area = Rect {
            y: if below {
                map.bottom().saturating_sub(height)
            } else {
                map.y
            },
            height,
            ..map
        };
        Clear.render(area, buf);
        let block = Block::default().borders(Borders::ALL).title(Line::styled(
            format!(" {} ", self.title),
            Style::default().add_modifier(Modifier::BOLD),
        ));
        Paragraph::new(text).block(block).render(area, buf);
    }
}
