//! The help overlay: every key, read from the keymap in use.

use crate::geom::{Compass, Tiling};
use crate::ui::keymap::{Intent, Keymap};
use crate::ui::view::log::wrap;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Widget};

/// What each intent does, in the order the help lists them.
const ENTRIES: [(Intent, &str); 38] = [
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
    (Intent::Step(Compass::N), "step north (squares, triangles)"),
    (Intent::Step(Compass::S), "step south (squares, triangles)"),
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
    (
        Intent::PickUp,
        "pick up what lies here (a step takes only what is new or better)",
    ),
    (Intent::Drink, "drink a potion"),
    (Intent::Read, "read a scroll"),
    (Intent::Wield, "wield a weapon or launcher"),
    (Intent::Wear, "wear armour"),
    (
        Intent::Throw,
        "throw or fire: aim the kind last thrown, else choose one (i: another), from the \
         nearest monster's mark; Enter or the same key again throws",
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
         why, for a monster that comes for you, stairs found, low hit points or a key",
    ),
    (Intent::Travel, "travel: pick a tile or click, Enter"),
    (
        Intent::Look,
        "look around; on a monster, what it does and how many blows kill it or you",
    ),
    (Intent::NextTarget, "next monster (look, aim)"),
    (Intent::Range, "show how far you can move"),
    (Intent::Telegraph, "show or hide monster intentions"),
    (
        Intent::Zoom,
        "the map compact or large (hex and square grids): the large one draws every tile \
         with its sides, so each thin wall and door between tiles shows where it stands",
    ),
    (Intent::History, "message history"),
    (Intent::Save, "save and quit (hexdeep continue goes on)"),
    (
        Intent::Quit,
        "quit, abandoning the run: asks first, y confirms",
    ),
    (Intent::Confirm, "confirm"),
    (Intent::Cancel, "cancel a prompt, aim or look"),
    (
        Intent::Tell,
        "tell your allies: follow, stay, guard, attack",
    ),
    (Intent::ScrollUp, "scroll up"),
    (Intent::ScrollDown, "scroll down"),
    (Intent::Quit, "on the end screen: quit"),
];

/// How thin walls and doors between tiles look, in both maps.
const SIDES: &str = "Thin walls and doors between tiles (hex and square grids): nothing crosses \
     a thin wall, not even sight; a closed door on a side opens when you step into it. On the \
     compact map a side between two tiles of a row is drawn in the column between them: | a \
     thin wall, + a closed door, ' an open door. Every other side is drawn as an underline \
     (white: a thin wall; yellow: a door) under the tile above it, and under the column beside \
     where the wall runs on: a line under a row of tiles is a wall below them. On the large \
     map (z) every tile has its outline (| / \\ on hexes, | - + on squares), dim where the \
     side is open and bright where a thin wall stands, with + and ' for doors. Look (x) names \
     the sides of a tile: \"a thin wall to the north-east\".";

/// The replay viewer's keys (fixed, not in the keymap).
const REPLAY_KEYS: [(&str, &str); 11] = [
    ("Space", "pause or play"),
    ("+ -", "faster, slower"),
    (". Right", "one step forward"),
    ("Left", "one step back"),
    ("g", "go to a turn: type its number, Enter"),
    ("< >", "previous or next change of level"),
    ("z", "the compact or the large map"),
    ("v", "a party's game: watch through the next hero's eyes"),
    (
        "V",
        "a party's game: every hero's view at once, all in the sidebar",
    ),
    ("t", "take over: play on from here"),
    ("q Esc", "quit the replay"),
];

/// The help overlay widget.
pub struct HelpView<'a> {
    /// The keymap whose keys are listed.
    pub keymap: &'a Keymap,
    /// Lines scrolled past at the top.
    pub scroll: usize,
    /// The tiling played on: its steps are drawn.
    pub tiling: Tiling,
}

/// How the tiles of `tiling` step, as a few lines: a drawing of the keys around `@` and what
/// the tiling allows.
pub fn steps_of(tiling: Tiling) -> Vec<&'static str> {
    match tiling {
        Tiling::Hex => vec![
            "Hexes: six steps. Up and Down have no hex direction.",
            "   y u        7 9",
            "  h @ l      4 @ 6",
            "   b n        1 3",
        ],
        Tiling::Square => vec![
            "Squares: eight steps, diagonals too; a diagonal never squeezes past the corner \
             of a wall or a closed door. Up and Down step north and south.",
            "  y k u      7 8 9",
            "  h @ l      4 @ 6",
            "  b j n      1 2 3",
        ],
        Tiling::Triangle => vec![
            "Triangles: six steps from each, three across its sides and three through its \
             corners (those cost an action more, and never squeeze past a wall or a closed \
             door). A floor drawn ` points down: it steps h l k across, y u j through its \
             corners. One drawn . points up: h l j across, b n k through its corners. A key \
             with no step from your tile says so.",
            "  pointing down      pointing up",
            "     y k u                k",
            "      h@l                h@l",
            "       j                b j n",
        ],
    }
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
            SIDES.to_string(),
            "Time: a turn is four segments and you act in two of them (the sidebar shows \
             Turn 3, action 1/2). You heal a hit point every few turns, faster while resting."
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
        let steps = steps_of(self.tiling);
        lines.extend(wrap(steps[0], width).into_iter().map(Line::raw));
        lines.extend(steps[1..].iter().map(|l| Line::raw(*l)));
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

#[cfg(test)]
mod tests {
    use super::*;

    fn text(tiling: Tiling) -> String {
        let keymap = Keymap::default_keys();
        let view = HelpView {
            keymap: &keymap,
            scroll: 0,
            tiling,
        };
        view.lines(100)
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join("\n")
    }

    #[test]
    fn each_tiling_draws_its_own_steps() {
        let hex = text(Tiling::Hex);
        assert!(hex.contains("Up and Down have no hex direction"));
        assert!(hex.contains("  h @ l      4 @ 6"));
        let square = text(Tiling::Square);
        assert!(square.contains("  y k u      7 8 9"));
        assert!(!square.contains("no hex direction"));
        let tri = text(Tiling::Triangle);
        assert!(tri.contains("A floor drawn ` points down"));
        assert!(tri.contains("                b j n"));
        // The north and south keys are listed, from the keymap.
        let north = square
            .lines()
            .find(|l| l.ends_with("step north (squares, triangles)"))
            .unwrap();
        assert!(north.contains('k') && north.contains('8'), "{north}");
    }

    #[test]
    fn the_triangle_drawing_puts_each_key_where_its_step_goes() {
        // Down-pointing: y k u on the row above at -2, 0, +2; h l beside; j below.
        let lines = steps_of(Tiling::Triangle);
        let at = |row: &str, c: char| row.find(c).unwrap() as i32;
        let (above, mid, below) = (lines[2], lines[3], lines[4]);
        let me = at(mid, '@');
        for (row, key, dx) in [
            (above, 'y', -2),
            (above, 'k', 0),
            (above, 'u', 2),
            (below, 'j', 0),
        ] {
            assert_eq!(at(row, key) - me, dx, "{key}");
        }
        for step in Tiling::Triangle.moves(0).as_slice() {
            assert!([-2, -1, 0, 1, 2].contains(&step.dx));
        }
    }
}
