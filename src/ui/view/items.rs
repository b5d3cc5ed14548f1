//! The inventory screen and the "which item?" prompt: letters, names and what each item does.

use crate::sim::World;
use crate::ui::inventory;
use crate::ui::item_prompt::{ItemVerb, offered};
use crate::ui::keymap::{Intent, Keymap};
use crate::ui::view::log::wrap;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Widget};

/// The inventory screen (`verb` is `None`) or the prompt for one action.
pub struct ItemsView<'a> {
    /// The world whose player's items are listed.
    pub world: &'a World,
    /// What an item is being chosen for, if anything.
    pub verb: Option<ItemVerb>,
    /// The keys, for the screen's last line.
    pub keymap: &'a Keymap,
}

impl ItemsView<'_> {
    fn title(&self) -> String {
        match self.verb {
            None => " Inventory: any key closes ".to_string(),
            Some(verb) => format!(" What do you want to {}? A letter, or Esc ", verb.word()),
        }
    }

    /// The lines of the list, wrapped to `width` with continuation lines indented.
    fn lines(&self, width: usize) -> Vec<Line<'static>> {
        let stacks = match self.verb {
            None => self.world.player().inventory.iter().collect(),
            Some(verb) => offered(self.world, verb),
        };
        let mut out = Vec::new();
        if stacks.is_empty() {
            out.push(Line::raw("You carry nothing."));
        }
        for stack in stacks {
            let text = inventory::line(self.world, stack);
            for (i, part) in wrap(&text, width.saturating_sub(4)).into_iter().enumerate() {
                let indent = if i == 0 { "" } else { "    " };
                out.push(Line::raw(format!("{indent}{part}")));
            }
        }
        if self.verb.is_none() {
            out.push(Line::raw(""));
            let keys = [
                (Intent::Drink, "drink"),
                (Intent::Read, "read"),
                (Intent::Wield, "wield"),
                (Intent::Wear, "wear"),
                (Intent::Throw, "throw or fire"),
                (Intent::Drop, "drop"),
                (Intent::PickUp, "pick up"),
            ];
            let parts: Vec<String> = keys
                .iter()
                .filter_map(|&(intent, what)| {
                    let labels: Vec<String> = self
                        .keymap
                        .keys_for(intent)
                        .iter()
                        .map(|k| k.label())
                        .collect();
                    (!labels.is_empty()).then(|| format!("{} {what}", labels.join(" or ")))
                })
                .collect();
            for part in wrap(&parts.join(", "), width) {
                out.push(Line::raw(part));
            }
        }
        out
    }
}

impl Widget for &ItemsView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let inner_width = area.width.saturating_sub(2);
        let lines = self.lines(usize::from(inner_width));
        let height = u16::try_from(lines.len() + 2)
            .unwrap_or(u16::MAX)
            .min(area.height);
        let area = Rect { height, ..area };
        Clear.render(area, buf);
        let block = Block::default().borders(Borders::ALL).title(self.title());
        let inner = block.inner(area);
        block.render(area, buf);
        Paragraph::new(lines).render(inner, buf);
    }
}
