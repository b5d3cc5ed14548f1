//! The help overlay: every key, read from the keymap in use.

use crate::geom::Compass;
use crate::ui::keymap::{Intent, Keymap};
use crate::ui::view::log::wrap;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Widget};

/// What each intent does, in the order the help lists them.
const ENTRIES: [(Intent, &str); 34] = [
    (Intent::Help, "this help (Up/Down scroll)"),
    (
        Intent::Step(Compass::NW),
        "step north-west (into a monster: attack)",
    ),
    (Intent::Step(Compass::NE), "step north-east"),
    (Intent::Step(Compass::W), "step west"),
    (Intent::Step(Compass::E), "step east"),
    (Intent::Step(Compass::SW), "step south-west"),
    (Intent::Step(Compass::SE), "step south-east"),
    (
        Intent::Strike,
        "strike a neighbouring tile, then a direction: whoever stands there after the moves \
         is hit (strike where a mark says a monster will step); Esc cancels",
    ),
    (Intent::Wait, "wait one action"),
    (
        Intent::Rest,
        "rest until healed or a monster comes for you (you heal faster resting)",
    ),
    (
        Intent::Inventory,
        "inventory: every item, its letter (it keeps it all run) and what it does",
    ),
    (Intent::PickUp, "pick up what lies here"),
    (Intent::Drink, "drink a potion"),
    (Intent::Read, "read a scroll"),
    (Intent::Wield, "wield a weapon or launcher"),
    (Intent::Wear, "wear armour"),
    (
        Intent::Throw,
        "throw or fire: choose the item, then aim (starts on the nearest monster's mark); \
         Enter or the same key again throws",
    ),
    (Intent::Drop, "drop an item"),
    (
        Intent::Descend,
        "on stairs down: go down; elsewhere: travel to the known stairs down",
    ),
    (
        Intent::Ascend,
        "on stairs up: go up (on depth 1, with the artifact: win); elsewhere: travel to them",
    ),
    (
        Intent::Explore,
        "explore automatically: opens doors and picks up items on the way; stops, saying \
         why, for a monster that comes for you, stairs found or a key",
    ),
    (Intent::Travel, "travel: pick a tile or click, Enter"),
    (Intent::Look, "look around"),
    (Intent::NextTarget, "next monster (look, aim)"),
    (Intent::Range, "show how far you can move"),
    (Intent::Telegraph, "show or hide monster intentions"),
    (Intent::History, "message history"),
    (Intent::Save, "save and quit (hexdeep continue goes on)"),
    (
        Intent::Quit,
        "quit, abandoning the run: asks first, y confirms",
    ),
    (Intent::Confirm, "confirm"),
    (Intent::Cancel, "cancel a prompt, aim or look"),
    (Intent::ScrollUp, "scroll up"),
    (Intent::ScrollDown, "scroll down"),
    (Intent::Quit, "on the end screen: quit"),
];

/// The replay viewer's keys (fixed, not in the keymap).
const REPLAY_KEYS: [(&str, &str); 8] = [
    ("Space", "pause or play"),
    ("+ -", "faster, slower"),
    (". Right", "one step forward"),
    ("Left", "one step back"),
    ("g", "go to a turn: type its number, Enter"),
    ("< >", "previous or next change of level"),
    ("t", "take over: play on from here"),
    ("q Esc", "quit the replay"),
];

/// The help overlay widget.
pub struct HelpView<'a> {
    /// The keymap whose keys are listed.
    pub keymap: &'a Keymap,
    /// Lines scrolled past at the top.
    pub scroll: usize,
}

impl HelpView<'_> {
    /// The paragraphs before the list of keys.
    fn intro() -> Vec<String> {
        vec![
            "Everyone acts at once. Marks show what the monsters in view will do in the coming \
             segment: ‹.› one steps there; »@« (a red band in colour, each tile closed by « \
             without: »@«.«) every tile one strikes: \
             a wide swing covers three, a charge its whole line, a shot its flight; :.: one \
             that acts later would go there now (it chooses again when its moment comes). \
             Only tiles in view are marked. Where marks touch, each tile keeps its colour \
             and the bracket between them is the blow's: »@«r› is a blow at you beside a \
             rat that another steps into."
                .to_string(),
            "Aiming starts on the nearest monster's mark when it steps in the coming segment, \
             else on the monster: a missile meets whoever stands on its line after everyone has \
             moved, so aim where the mark says it will be. The line is drawn differently \
             beyond the item's range; each item's range is in the inventory (i)."
                .to_string(),
            "Time: a turn is four segments and you act in two of them (the sidebar shows \
             Turn 3, action 1/2). You heal a hit point every few turns, faster while resting. \
             Up and Down have no hex direction."
                .to_string(),
        ]
    }

    /// Every line of the help text, wrapped to `width` columns.
    fn lines(&self, width: usize) -> Vec<Line<'static>> {
        const KEYS: usize = 13;
        let mut lines: Vec<Line<'static>> = Vec::new();
        for (intent, text) in ENTRIES {
            let keys: Vec<String> = self
                .keymap
                .keys_for(intent)
                .iter()
                .map(|k| k.label())
                .collect();
            let keys = keys.join(" ");
            let room = width.saturating_sub(KEYS + 1).max(10);
            for (i, part) in wrap(text, room).into_iter().enumerate() {
                let left = if i == 0 { keys.as_str() } else { "" };
                lines.push(Line::raw(format!("{left:<KEYS$} {part}")));
            }
        }
        lines.push(Line::raw(
            "In an item prompt: the item's letter chooses, Esc cancels.",
        ));
        lines.push(Line::raw(""));
        for paragraph in Self::intro() {
            lines.extend(wrap(&paragraph, width).into_iter().map(Line::raw));
        }
        lines.push(Line::raw(""));
        lines.push(Line::raw("Replay viewer (hexdeep replay FILE):"));
        for (keys, text) in REPLAY_KEYS {
            lines.push(Line::raw(format!("{keys:<KEYS$} {text}")));
        }
        lines.push(Line::raw(""));
        let mouse = "Mouse: click a tile to describe it; Ctrl-click a neighbouring tile (or \
                     click one while F asks) to strike it; click a monster's line in the \
                     sidebar to look at it on the map.";
        lines.extend(wrap(mouse, width).into_iter().map(Line::raw));
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
        let scroll = self.scroll;
        scrolled_panel(block, |width| self.lines(width), scroll, area, buf);
    }
}

/// Draws `block` over `area` with the lines `lines(inner width)` inside, scrolled down by
/// `scroll` lines but never past the last screenful.
pub(super) fn scrolled_panel(
    block: Block,
    lines: impl FnOnce(usize) -> Vec<Line<'static>>,
    scroll: usize,
    area: Rect,
    buf: &mut Buffer,
) {
    let inner = block.inner(area);
    block.render(area, buf);
    let lines = lines(usize::from(inner.width));
    let last_top = lines.len().saturating_sub(usize::from(inner.height));
    let top = u16::try_from(scroll.min(last_top)).unwrap_or(u16::MAX);
    Paragraph::new(lines).scroll((top, 0)).render(inner, buf);
}
