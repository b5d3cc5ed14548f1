//! The message log under the map, and the full history on `P`.

use crate::ui::palette::Palette;
use crate::ui::state::MessageLog;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::Line;
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Widget, Wrap};

/// The last few messages, newest at the bottom; fresh ones bright, older ones faint.
pub struct LogView<'a> {
    /// The messages.
    pub log: &'a MessageLog,
    /// Colours.
    pub palette: Palette,
}

impl Widget for &LogView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let block = Block::default().borders(Borders::TOP);
        let inner = block.inner(area);
        block.render(area, buf);
        let shown = usize::from(inner.height);
        let total = self.log.len();
        let lines: Vec<Line> = self
            .log
            .lines()
            .enumerate()
            .skip(total.saturating_sub(shown))
            .map(|(i, text)| {
                let style = if self.log.is_fresh(total - 1 - i) {
                    Style::default()
                } else {
                    self.palette.faint()
                };
                Line::styled(text, style)
            })
            .collect();
        Paragraph::new(lines).render(inner, buf);
    }
}

/// Every message, scrollable.
pub struct HistoryView<'a> {
    /// The messages.
    pub log: &'a MessageLog,
    /// Lines scrolled back from the newest.
    pub scroll: usize,
}

impl Widget for &HistoryView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        Clear.render(area, buf);
        let block = Block::default()
            .borders(Borders::ALL)
            .title(" Message history (Up/Down scroll, any other key closes) ");
        let inner = block.inner(area);
        block.render(area, buf);
        let shown = usize::from(inner.height);
        let total = self.log.len();
        let end = total.saturating_sub(self.scroll.min(total.saturating_sub(1)));
        let start = end.saturating_sub(shown);
        let lines: Vec<Line> = self
            .log
            .lines()
            .skip(start)
            .take(end - start)
            .map(Line::raw)
            .collect();
        if lines.is_empty() {
            Paragraph::new("No messages yet.").render(inner, buf);
        } else {
            Paragraph::new(lines)
                .wrap(Wrap { trim: false })
                .render(inner, buf);
        }
    }
}
