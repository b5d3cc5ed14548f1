//! The help overlay: every key, read from the keymap in use.

use crate::geom::Direction;
use crate::ui::keymap::{Intent, Keymap};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Widget};

/// What each intent does, in the order the help lists them.
const ENTRIES: [(Intent, &str); 23] = [
    (
        Intent::Step(Direction::NW),
        "step north-west (into a monster: attack)",
    ),
    (Intent::Step(Direction::NE), "step north-east"),
    (Intent::Step(Direction::W), "step west"),
    (Intent::Step(Direction::E), "step east"),
    (Intent::Step(Direction::SW), "step south-west"),
    (Intent::Step(Direction::SE), "step south-east"),
    (Intent::Wait, "wait one action"),
    (Intent::Explore, "explore automatically"),
    (Intent::Travel, "travel: pick a tile or click, Enter"),
    (Intent::TravelDown, "travel to the stairs down"),
    (Intent::Range, "show how far you can move"),
    (Intent::Look, "look around"),
    (Intent::Aim, "aim and throw a dart"),
    (Intent::Drink, "drink a potion"),
    (Intent::NextTarget, "next monster (look, aim)"),
    (Intent::Confirm, "confirm"),
    (Intent::Cancel, "cancel"),
    (Intent::Telegraph, "show or hide monster intentions"),
    (Intent::History, "message history"),
    (Intent::ScrollUp, "scroll up"),
    (Intent::ScrollDown, "scroll down"),
    (Intent::Help, "this help"),
    (Intent::Quit, "quit (asks first)"),
];

/// The help overlay widget.
pub struct HelpView<'a> {
    /// The keymap whose keys are listed.
    pub keymap: &'a Keymap,
    /// Lines scrolled past at the top.
    pub scroll: usize,
}

impl HelpView<'_> {
    /// Every line of the help text.
    fn lines(&self) -> Vec<Line<'static>> {
        let mut lines = vec![
            Line::raw("Everyone acts at once. Marks show what the"),
            Line::raw("monsters in view will do next:"),
            Line::raw("  (.) one steps there    [@] one strikes there"),
            Line::raw("  :.: one acting later would go there now"),
            Line::raw(""),
        ];
        for (intent, text) in ENTRIES {
            let keys: Vec<String> = self
                .keymap
                .keys_for(intent)
                .iter()
                .map(|k| k.label())
                .collect();
            lines.push(Line::raw(format!("{:<13} {text}", keys.join(" "))));
        }
        lines.push(Line::raw(""));
        lines.push(Line::raw("Mouse: click a tile to describe it."));
        lines.push(Line::raw("Keys live in data/keymap.toml."));
        lines
    }
}

impl Widget for &HelpView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        Clear.render(area, buf);
        let block = Block::default()
            .borders(Borders::ALL)
            .title(" Help: Up/Down scroll, other keys close ");
        let inner = block.inner(area);
        block.render(area, buf);
        let lines = self.lines();
        let last_top = lines.len().saturating_sub(usize::from(inner.height));
        let top = u16::try_from(self.scroll.min(last_top)).unwrap_or(u16::MAX);
        Paragraph::new(lines).scroll((top, 0)).render(inner, buf);
    }
}
