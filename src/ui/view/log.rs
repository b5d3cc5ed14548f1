//! The message log under the map, and the full history on `P`.

use crate::ui::palette::Palette;
use crate::ui::state::MessageLog;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::Line;
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Widget, Wrap};

/// The last few messages, newest at the bottom; fresh ones bright, older ones faint. A
/// question the game waits on an answer to comes under them, bold; it is not a message and
/// the history does not keep it.
pub struct LogView<'a> {
    /// The messages.
    pub log: &'a MessageLog,
    /// The question asked now, if any.
    pub prompt: Option<&'a str>,
    /// Colours.
    pub palette: Palette,
}

impl Widget for &LogView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let block = Block::default().borders(Borders::TOP);
        let inner = block.inner(area);
        block.render(area, buf);
        let shown = usize::from(inner.height);
        let width = usize::from(inner.width).max(1);
        // Newest first, wrapped, until the area is full; then turned the right way up.
        let mut lines: Vec<Line> = Vec::new();
        if let Some(prompt) = self.prompt {
            let bold = Style::default().add_modifier(Modifier::BOLD);
            for part in wrap(prompt, width).into_iter().rev() {
                lines.push(Line::styled(part, bold));
            }
        }
        for (back, text) in self.log.lines().rev().enumerate() {
            if lines.len() >= shown {
                break;
            }
            let style = if self.log.is_fresh(back) {
                Style::default()
            } else {
                self.palette.faint()
            };
            for part in wrap(&text, width).into_iter().rev() {
                lines.push(Line::styled(part, style));
            }
        }
        lines.truncate(shown);
        lines.reverse();
        Paragraph::new(lines).render(inner, buf);
    }
}

/// Splits `text` into lines of at most `width` characters, breaking at spaces where it can.
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    let width = width.max(1);
    let mut out = Vec::new();
    let mut line = String::new();
    for word in text.split(' ') {
        let mut word: Vec<char> = word.chars().collect();
        loop {
            let used = line.chars().count();
            let room = if used == 0 {
                width
            } else {
                width.saturating_sub(used + 1)
            };
            if word.len() <= room {
                if used > 0 {
                    line.push(' ');
                }
                line.extend(word.iter());
                break;
            }
            if used > 0 {
                out.push(std::mem::take(&mut line));
                continue;
            }
            // A word longer than the line: cut it.
            let rest = word.split_off(width);
            out.push(word.iter().collect());
            word = rest;
        }
    }
    if !line.is_empty() || out.is_empty() {
        out.push(line);
    }
    out
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

#[cfg(test)]
mod tests {
    use super::wrap;

    #[test]
    fn wrapping_breaks_at_spaces_and_cuts_long_words() {
        assert_eq!(wrap("you hit the goblin", 10), ["you hit", "the goblin"]);
        assert_eq!(wrap("abcdefghij", 4), ["abcd", "efgh", "ij"]);
        assert_eq!(wrap("", 5), [""]);
        assert_eq!(wrap("a b", 1), ["a", "b"]);
        for line in wrap("The quick brown fox jumps over the lazy dog", 7) {
            assert!(line.chars().count() <= 7, "{line}");
        }
    }
}
