//! asciicast v2 files, as the asciinema player reads them: a header line of JSON, then one
//! `[time, "o", text]` line per burst of output. Screens are drawn from ratatui buffers as
//! ANSI text: the first whole, the others as the cells that changed. A recording is written out as it is made, so
//! a long one never sits whole in memory.

use ratatui::buffer::Buffer;
use ratatui::style::{Color, Modifier};
use std::fmt::Write as _;
use std::io::{self, Write};

/// An asciicast v2 recording being written to `W`.
#[derive(Debug)]
pub struct Cast<W: Write> {
    out: W,
}

impl<W: Write> Cast<W> {
    /// A recording of a `width` × `height` terminal, its header written to `out`. The title
    /// (which names the game, a text from a file) keeps no control character: a player that
    /// puts it in a window title or on a terminal shows it escaped.
    pub fn new(mut out: W, width: u16, height: u16, title: &str) -> io::Result<Cast<W>> {
        let header = serde_json::json!({
            "version": 2,
            "width": width,
            "height": height,
            "title": crate::text::escape_controls(title),
            "env": {"TERM": "xterm-256color"},
        });
        writeln!(out, "{header}")?;
        Ok(Cast { out })
    }

    /// Adds output at `time` seconds.
    pub fn output(&mut self, time: f64, data: &str) -> io::Result<()> {
        let event = serde_json::json!([(time * 1000.0).round() / 1000.0, "o", data]);
        writeln!(self.out, "{event}")
    }

    /// Adds a whole screen at `time` seconds.
    pub fn frame(&mut self, time: f64, buffer: &Buffer) -> io::Result<()> {
        self.output(time, &screen_ansi(buffer))
    }

    /// Adds a screen at `time` seconds as the changes from `previous` (the whole screen when
    /// there is none, or its size differs): in each row, the cells from the first that differs
    /// to the last are redrawn.
    pub fn frame_since(
        &mut self,
        time: f64,
        previous: Option<&Buffer>,
        buffer: &Buffer,
    ) -> io::Result<()> {
        match previous.filter(|p| p.area == buffer.area) {
            None => self.frame(time, buffer),
            Some(previous) => {
                let changes = changes_ansi(previous, buffer);
                if changes.is_empty() {
                    Ok(())
                } else {
                    self.output(time, &changes)
                }
            }
        }
    }

    /// The writer, once everything is written to it.
    pub fn finish(mut self) -> io::Result<W> {
        self.out.flush()?;
        Ok(self.out)
    }
}

/// ANSI text that clears the terminal and draws `buffer` on it, row by row, with colours and
/// bold, dim, italic, underline and reverse.
pub fn screen_ansi(buffer: &Buffer) -> String {
    format!("\x1b[0m\x1b[H\x1b[2J{}", rows_ansi(buffer, |_| true))
}

/// ANSI text that redraws the rows of `buffer` that `wanted` picks.
fn rows_ansi(buffer: &Buffer, wanted: impl Fn(u16) -> bool) -> String {
    let area = buffer.area;
    let mut out = String::new();
    for y in (area.top()..area.bottom()).filter(|&y| wanted(y)) {
        span_ansi(&mut out, buffer, y, area.left()..area.right());
    }
    out
}

/// Unchanged cells shorter than this between two changed ones are drawn again rather than
/// jumped over: a cursor move costs about as much.
const GAP: u16 = 6;

/// ANSI text that redraws the cells of `buffer` that differ from `previous`: in each row, the
/// runs of changed cells (joined across short unchanged gaps), each after a cursor move, the
/// colours set only where they change, and once reset at the end.
fn changes_ansi(previous: &Buffer, buffer: &Buffer) -> String {
    let area = buffer.area;
    let mut out = Painter::default();
    for y in area.top()..area.bottom() {
        let mut x = area.left();
        while x < area.right() {
            if previous[(x, y)] == buffer[(x, y)] {
                x += 1;
                continue;
            }
            let start = x;
            let mut end = x + 1;
            let mut same = 0;
            x += 1;
            while x < area.right() && same < GAP {
                if previous[(x, y)] == buffer[(x, y)] {
                    same += 1;
                } else {
                    same = 0;
                    end = x + 1;
                }
                x += 1;
            }
            out.jump(buffer, y, start);
            for cx in start..end {
                out.cell(&buffer[(cx, y)]);
            }
        }
    }
    out.finish()
}

/// ANSI text written cell by cell, remembering the colours in force so that they are set
/// only when a cell looks different under them (a blank looks the same in any foreground).
#[derive(Default)]
struct Painter {
    out: String,
    style: Option<(Color, Color, Modifier)>,
}

/// The modifiers that show on a blank cell.
const SHOWN_ON_BLANK: Modifier = Modifier::REVERSED
    .union(Modifier::UNDERLINED)
    .union(Modifier::CROSSED_OUT);

impl Painter {
    fn jump(&mut self, buffer: &Buffer, y: u16, x: u16) {
        let area = buffer.area;
        let _ = write!(
            self.out,
            "\x1b[{};{}H",
            y - area.top() + 1,
            x - area.left() + 1
        );
    }

    fn cell(&mut self, cell: &ratatui::buffer::Cell) {
        let wanted = (cell.fg, cell.bg, cell.modifier);
        let fits = self.style.is_some_and(|(fg, bg, m)| {
            (fg, bg, m) == wanted
                || (cell.symbol() == " "
                    && bg == cell.bg
                    && (m & SHOWN_ON_BLANK) == (cell.modifier & SHOWN_ON_BLANK)
                    && (!m.contains(Modifier::REVERSED) || fg == cell.fg))
        });
        if !fits {
            self.out.push_str(&sgr(cell.fg, cell.bg, cell.modifier));
            self.style = Some(wanted);
        }
        self.out.push_str(cell.symbol());
    }

    fn finish(mut self) -> String {
        if self.style.is_some() {
            self.out.push_str("\x1b[0m");
        }
        self.out
    }
}

/// Moves the cursor to column `xs.start` of row `y` and draws those cells of `buffer`.
fn span_ansi(out: &mut String, buffer: &Buffer, y: u16, xs: std::ops::Range<u16>) {
    let mut painter = Painter::default();
    painter.jump(buffer, y, xs.start);
    for x in xs {
        painter.cell(&buffer[(x, y)]);
    }
    out.push_str(&painter.finish());
}

fn sgr(fg: Color, bg: Color, m: Modifier) -> String {
    let mut codes = vec!["0".to_string()];
    for (flag, code) in [
        (Modifier::BOLD, "1"),
        (Modifier::DIM, "2"),
        (Modifier::ITALIC, "3"),
        (Modifier::UNDERLINED, "4"),
        (Modifier::REVERSED, "7"),
        (Modifier::CROSSED_OUT, "9"),
    ] {
        if m.contains(flag) {
            codes.push(code.to_string());
        }
    }
    if let Some(c) = colour(fg, false) {
        codes.push(c);
    }
    if let Some(c) = colour(bg, true) {
        codes.push(c);
    }
    format!("\x1b[{}m", codes.join(";"))
}

fn colour(c: Color, background: bool) -> Option<String> {
    let base = if background { 40 } else { 30 };
    let named = |n: u8| Some((base + n).to_string());
    let bright = |n: u8| Some((base + 60 + n).to_string());
    match c {
        Color::Reset => None,
        Color::Black => named(0),
        Color::Red => named(1),
        Color::Green => named(2),
        Color::Yellow => named(3),
        Color::Blue => named(4),
        Color::Magenta => named(5),
        Color::Cyan => named(6),
        Color::Gray => named(7),
        Color::DarkGray => bright(0),
        Color::LightRed => bright(1),
        Color::LightGreen => bright(2),
        Color::LightYellow => bright(3),
        Color::LightBlue => bright(4),
        Color::LightMagenta => bright(5),
        Color::LightCyan => bright(6),
        Color::White => bright(7),
        Color::Indexed(i) => Some(format!("{};5;{i}", base + 8)),
        Color::Rgb(r, g, b) => Some(format!("{};2;{r};{g};{b}", base + 8)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::layout::Rect;
    use ratatui::style::Style;

    #[test]
    fn a_changed_frame_redraws_only_the_changed_span() {
        let area = Rect::new(0, 0, 10, 2);
        let before = Buffer::empty(area);
        let mut after = Buffer::empty(area);
        after.set_string(3, 1, "ab", Style::default());
        let mut cast = Cast::new(Vec::new(), 10, 2, "t").unwrap();
        cast.frame_since(0.0, Some(&before), &before).unwrap();
        cast.frame_since(0.5, Some(&before), &after).unwrap();
        let text = String::from_utf8(cast.finish().unwrap()).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 2, "no event for an unchanged screen: {text}");
        let event: serde_json::Value = serde_json::from_str(lines[1]).unwrap();
        assert_eq!(event[2], "\x1b[2;4H\x1b[0mab\x1b[0m");
    }

    #[test]
    fn changes_far_apart_are_jumped_to_and_near_ones_joined() {
        let area = Rect::new(0, 0, 30, 1);
        let before = Buffer::empty(area);
        let mut after = Buffer::empty(area);
        let red = Style::default().fg(Color::Red);
        after.set_string(1, 0, "a", red);
        after.set_string(4, 0, "b", red);
        after.set_string(20, 0, "c", red);
        // The blanks between a and b keep the colour: they look the same in any.
        assert_eq!(
            changes_ansi(&before, &after),
            "\x1b[1;2H\x1b[0;31ma  b\x1b[1;21Hc\x1b[0m"
        );
        let mut reversed = Buffer::empty(area);
        reversed.set_string(1, 0, "a", red);
        reversed.set_string(2, 0, " ", Style::default().add_modifier(Modifier::REVERSED));
        assert_eq!(
            changes_ansi(&before, &reversed),
            "\x1b[1;2H\x1b[0;31ma\x1b[0;7m \x1b[0m"
        );
    }

    #[test]
    fn a_cast_reads_back_as_asciicast_v2() {
        let mut buf = Buffer::empty(Rect::new(0, 0, 6, 2));
        buf.set_string(0, 0, "@ . g", Style::default().fg(Color::LightRed));
        let mut cast = Cast::new(Vec::new(), 6, 2, "t").unwrap();
        cast.frame(0.0, &buf).unwrap();
        cast.frame(0.25, &buf).unwrap();
        let text = String::from_utf8(cast.finish().unwrap()).unwrap();
        let lines: Vec<serde_json::Value> = text
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(lines[0]["version"], 2);
        assert_eq!(lines[0]["width"], 6);
        assert_eq!(lines.len(), 3);
        assert_eq!(lines[2][0], 0.25);
        assert_eq!(lines[2][1], "o");
        let screen = lines[1][2].as_str().unwrap();
        assert!(
            screen.contains("@ . g") && screen.contains("\x1b[0;91m"),
            "{screen:?}"
        );
    }

    #[test]
    fn the_title_keeps_no_control_character() {
        let cast = Cast::new(Vec::new(), 6, 2, "\x1b]0;PWNED\x07\x1b[2Jgame").unwrap();
        let text = String::from_utf8(cast.finish().unwrap()).unwrap();
        let header: serde_json::Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
        let title = header["title"].as_str().unwrap();
        assert!(
            title.contains("PWNED") && title.ends_with("game"),
            "{title}"
        );
        assert!(!title.chars().any(char::is_control), "{title:?}");
    }
}
