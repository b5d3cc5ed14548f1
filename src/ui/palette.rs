//! Colours, with a plain fallback for terminals with few colours. Only the 16 named colours
//! are used, so every colour terminal shows them alike.

use crate::content::Content;
use crate::map::Terrain;
use ratatui::style::{Color, Modifier, Style};

/// How things are drawn: in colour, or plain with only bold, dim and reverse.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Palette {
    /// Whether colours are used.
    pub color: bool,
}

/// What a telegraph mark means.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Mark {
    /// A monster will choose again before it acts; this is what it would do now.
    Predicted,
    /// A monster plans to step here in the coming segment.
    Move,
    /// A monster plans to strike here in the coming segment.
    Attack,
}

/// The colour of a telegraph mark: its tiles' background, and its brackets' colour on a seam.
fn mark_colour(mark: Mark) -> Color {
    match mark {
        Mark::Move => Color::Yellow,
        Mark::Attack => Color::Red,
        Mark::Predicted => Color::DarkGray,
    }
}

/// The terminal colour of a colour name in the data files ([`crate::sim::COLOURS`]).
pub fn named(name: &str) -> Color {
    match name {
        "black" => Color::Black,
        "red" => Color::Red,
        "green" => Color::Green,
        "yellow" => Color::Yellow,
        "blue" => Color::Blue,
        "magenta" => Color::Magenta,
        "cyan" => Color::Cyan,
        "gray" => Color::Gray,
        "darkgray" => Color::DarkGray,
        "lightred" => Color::LightRed,
        "lightgreen" => Color::LightGreen,
        "lightyellow" => Color::LightYellow,
        "lightblue" => Color::LightBlue,
        "lightmagenta" => Color::LightMagenta,
        "lightcyan" => Color::LightCyan,
        _ => Color::White,
    }
}

impl Palette {
    /// Colour unless `NO_COLOR` is set or the terminal says it has few colours.
    pub fn detect() -> Palette {
        let term = std::env::var("TERM").unwrap_or_default();
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        Palette {
            color: !no_color && Palette::for_term(&term).color,
        }
    }

    /// Colour unless the terminal named `term` (its `TERM`, as an ssh client gives it) has
    /// few colours.
    pub fn for_term(term: &str) -> Palette {
        let few = matches!(term, "" | "dumb" | "vt100" | "vt102" | "vt220" | "ansi");
        Palette { color: !few }
    }

    /// A terrain glyph's style, in view or remembered.
    pub fn terrain(self, terrain: Terrain, visible: bool) -> Style {
        if !self.color {
            let style = Style::default();
            return if visible {
                style
            } else {
                style.add_modifier(Modifier::DIM)
            };
        }
        if !visible {
            return Style::default().fg(Color::DarkGray);
        }
        let fg = match terrain {
            Terrain::Floor => Color::Gray,
            Terrain::Wall => Color::White,
            Terrain::DoorClosed | Terrain::DoorOpen => Color::Yellow,
            Terrain::ShallowWater => Color::Cyan,
            Terrain::DeepWater => Color::Blue,
            Terrain::Brush => Color::Green,
            Terrain::StairsDown | Terrain::StairsUp => Color::LightMagenta,
        };
        let style = Style::default().fg(fg);
        match terrain {
            Terrain::Wall | Terrain::StairsDown | Terrain::StairsUp => {
                style.add_modifier(Modifier::BOLD)
            }
            _ => style,
        }
    }

    /// The style of a thin wall on a side: the wall colour, bold even when remembered, so
    /// it stands out from the outline of open sides.
    pub fn thin_wall(self, visible: bool) -> Style {
        match (self.color, visible) {
            (true, false) => Style::default()
                .fg(Color::Gray)
                .add_modifier(Modifier::BOLD),
            (false, false) => Style::default(),
            _ => self.terrain(Terrain::Wall, true),
        }
    }

    /// The style of a door on a side: the door colour.
    pub fn side_door(self, visible: bool) -> Style {
        self.terrain(Terrain::DoorClosed, visible)
    }

    /// The style of an open side in the large map: a dim outline.
    pub fn outline(self, visible: bool) -> Style {
        match (self.color, visible) {
            (true, true) => Style::default().fg(Color::DarkGray),
            (true, false) => Style::default()
                .fg(Color::DarkGray)
                .add_modifier(Modifier::DIM),
            (false, _) => Style::default().add_modifier(Modifier::DIM),
        }
    }

    /// `base` underlined in the colour of what stands on a side below it (compact map):
    /// the wall colour for a thin wall, the door colour for a door.
    pub fn underline(self, base: Style, door: bool, visible: bool) -> Style {
        let style = base.add_modifier(Modifier::UNDERLINED);
        if !self.color {
            return style;
        }
        let line = if door {
            self.side_door(visible)
        } else {
            self.thin_wall(visible)
        };
        style.underline_color(line.fg.unwrap_or(Color::White))
    }

    /// The player's style.
    pub fn player(self) -> Style {
        let style = Style::default().add_modifier(Modifier::BOLD);
        if self.color {
            style.fg(Color::LightYellow)
        } else {
            style
        }
    }

    /// The style of another hero of the party: bold, and cyan where the player's is yellow
    /// and the monsters' red, so a friend never reads as a foe.
    pub fn ally(self) -> Style {
        let style = Style::default().add_modifier(Modifier::BOLD);
        if self.color {
            style.fg(Color::LightCyan)
        } else {
            style
        }
    }

    /// The style of a creature or item by its name: its colour in the data files, bold.
    pub fn creature(self, content: &Content, name: &str) -> Style {
        let colour = content.monster(name).map(|k| k.colour.as_str());
        match colour {
            Some(c) if self.color => Style::default().fg(named(c)).add_modifier(Modifier::BOLD),
            _ => self.monster(),
        }
    }

    /// An item's style by its name: its colour from the data when in view.
    pub fn item_named(self, content: &Content, name: &str, visible: bool) -> Style {
        let colour = content.item(name).map(|k| k.colour.as_str());
        match colour {
            Some(c) if self.color && visible => {
                Style::default().fg(named(c)).add_modifier(Modifier::BOLD)
            }
            _ => self.item(visible),
        }
    }

    /// A monster's style when its kind is unknown.
    pub fn monster(self) -> Style {
        let style = Style::default().add_modifier(Modifier::BOLD);
        if self.color {
            style.fg(Color::LightRed)
        } else {
            style
        }
    }

    /// An item's style, in view or remembered.
    pub fn item(self, visible: bool) -> Style {
        match (self.color, visible) {
            (true, true) => Style::default()
                .fg(Color::LightCyan)
                .add_modifier(Modifier::BOLD),
            (true, false) => Style::default().fg(Color::DarkGray),
            (false, true) => Style::default().add_modifier(Modifier::BOLD),
            (false, false) => Style::default().add_modifier(Modifier::DIM),
        }
    }

    /// The style added to a tile under a telegraph mark.
    pub fn mark(self, mark: Mark) -> Style {
        match (self.color, mark) {
            (true, Mark::Move) => Style::default().bg(mark_colour(mark)).fg(Color::Black),
            (true, Mark::Attack) => Style::default()
                .bg(mark_colour(mark))
                .fg(Color::White)
                .add_modifier(Modifier::BOLD),
            (true, Mark::Predicted) => Style::default().bg(mark_colour(mark)),
            (false, Mark::Move) => Style::default().add_modifier(Modifier::UNDERLINED),
            (false, Mark::Attack) => Style::default().add_modifier(Modifier::REVERSED),
            (false, Mark::Predicted) => Style::default(),
        }
    }

    /// The style of a bracket on the seam between a tile marked `mark` and one marked `other`
    /// (or unmarked, `None`): in colour, the glyph in `mark`'s colour over `other`'s
    /// background, so both bands stay visible up to the seam; plain, `mark`'s own style.
    pub fn seam(self, mark: Mark, other: Option<Mark>) -> Style {
        if !self.color {
            return self.mark(mark);
        }
        let style = Style::default()
            .fg(mark_colour(mark))
            .add_modifier(Modifier::BOLD);
        match other {
            Some(o) => style.bg(mark_colour(o)),
            None => style,
        }
    }

    /// The style of a highlighted path, line or cursor.
    pub fn highlight(self) -> Style {
        if self.color {
            Style::default().bg(Color::Blue)
        } else {
            Style::default().add_modifier(Modifier::UNDERLINED)
        }
    }

    /// The style of the part of an aim line beyond the thrown item's range.
    pub fn out_of_range(self) -> Style {
        if self.color {
            Style::default().bg(Color::Magenta)
        } else {
            Style::default().add_modifier(Modifier::CROSSED_OUT)
        }
    }

    /// The style of the cursor tile.
    pub fn cursor(self) -> Style {
        Style::default().add_modifier(Modifier::REVERSED)
    }

    /// Movement range shading by how many turns a tile is away (1 = this turn).
    pub fn range(self, turns: u32) -> Style {
        if !self.color {
            return if turns <= 1 {
                Style::default().add_modifier(Modifier::REVERSED)
            } else {
                Style::default().add_modifier(Modifier::UNDERLINED)
            };
        }
        match turns {
            0 | 1 => Style::default().bg(Color::Green).fg(Color::Black),
            2 => Style::default().bg(Color::DarkGray),
            _ => Style::default()
                .fg(Color::Green)
                .add_modifier(Modifier::UNDERLINED),
        }
    }

    /// Text that matters less.
    pub fn faint(self) -> Style {
        if self.color {
            Style::default().fg(Color::DarkGray)
        } else {
            Style::default().add_modifier(Modifier::DIM)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_data_colour_has_its_own_terminal_colour() {
        let mut seen = Vec::new();
        for name in crate::sim::COLOURS {
            let c = named(name);
            assert!(!seen.contains(&c), "{name}");
            seen.push(c);
        }
    }
}
