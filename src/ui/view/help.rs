//! The help overlay: every key, read from the keymap in use.

use crate::geom::Direction;
use crate::ui::keymap::{Intent, Keymap};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Widget, Wrap};

/// What each intent does, in the order the help lists them.
const ENTRIES: [(Intent, &str); 23] = [
    (
        Intent::Step(Direction::NW),
        "step north-west (attack if a monster is there)",
    ),
    (Intent::Step(Direction::NE), "step north-east"),
    (Intent::Step(Direction::W), "step west"),
    (Intent::Step(Direction::E), "step east"),
    (Intent::Step(Direction::SW), "step south-west"),
    (Intent::Step(Direction::SE), "step south-east"),
    (Intent::Wait, "wait one action"),
    (Intent::Explore, "explore automatically"),
    (
        Intent::Travel,
        "travel: pick a tile (or click one), Enter to go",
    ),
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
}

impl Widget for &HelpView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        Clear.render(area, buf);
        let block = Block::default()
            .borders(Borders::ALL)
            .title(" Help: any key closes ");
        let inner = block.inner(area);
        block.render(area, buf);
        let mut lines = vec![
            Line::raw("Everyone acts at once. Marks show what visible monsters will do next:"),
            Line::raw("  (g) a monster steps there    [@] a monster strikes there"),
            Line::raw(""),
        ];
        for (intent, text) in ENTRIES.iter().filter(|(_, t)| !t.is_empty()) {
            let keys: Vec<String> = self
                .keymap
                .keys_for(*intent)
                .iter()
                .map(|k| k.label())
                .collect();
            lines.push(Line::raw(format!("{:<14} {text}", keys.join(" "))));
        }
        lines.push(Line::raw(""));
        lines.push(Line::raw(
            "Mouse: click a tile to describe it. Keys live in data/keymap.toml.",
        ));
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .render(inner, buf);
    }
}
