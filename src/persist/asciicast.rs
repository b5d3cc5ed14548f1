//! asciicast v2 files, as the asciinema player reads them: a header line of JSON, then one
//! `[time, "o", text]` line per burst of output. Screens are drawn from ratatui buffers as
//! ANSI text that repaints the whole terminal.

use ratatui::buffer::Buffer;
use ratatui::style::{Color, Modifier};
use std::fmt::Write as _;

/// An asciicast v2 recording being built in memory.
#[derive(Clone, Debug)]
pub struct Cast {
    text: String,
}

impl Cast {
    /// A recording of a `width` × `height` terminal.
    pub fn new(width: u16, height: u16, title: &str) -> Cast {
        let header = serde_json::json!({
            "version": 2,
            "width": width,
            "height": height,
            "title": title,
            "env": {"TERM": "xterm-256color"},
        });
        Cast {
            text: format!("{header}\n"),
        }
    }

    /// Adds output at `time` seconds.
    pub fn output(&mut self, time: f64, data: &str) {
        let event = serde_json::json!([(time * 1000.0).round() / 1000.0, "o", data]);
        let _ = writeln!(self.text, "{event}");
    }

    /// Adds a whole screen at `time` seconds.
    pub fn frame(&mut self, time: f64, buffer: &Buffer) {
        self.output(time, &screen_ansi(buffer));
    }

    /// Adds a screen at `time` seconds as the changes from `previous` (the whole screen when
    /// there is none, or its size differs): rows that differ are redrawn.
    pub fn frame_since(&mut self, time: f64, previous: Option<&Buffer>, buffer: &Buffer) {
        match previous.filter(|p| p.area == buffer.area) {
            None => self.frame(time, buffer),
            Some(previous) => {
                let rows = rows_ansi(buffer, |y| {
                    let (l, r) = (buffer.area.left(), buffer.area.right());
                    (l..r).any(|x| previous[(x, y)] != buffer[(x, y)])
                });
                if !rows.is_empty() {
                    self.output(time, &rows);
                }
            }
        }
    }

    /// The file's text.
    pub fn into_text(self) -> String {
        self.text
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
        let _ = write!(out, "\x1b[{};1H", y - area.top() + 1);
        let mut last = String::new();
        for x in area.left()..area.right() {
            let cell = &buffer[(x, y)];
            let sgr = sgr(cell.fg, cell.bg, cell.modifier);
            if sgr != last {
                out.push_str(&sgr);
                last = sgr;
            }
            out.push_str(cell.symbol());
        }
        out.push_str("\x1b[0m");
    }
    out
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
    fn a_cast_reads_back_as_asciicast_v2() {
        let mut buf = Buffer::empty(Rect::new(0, 0, 6, 2));
        buf.set_string(0, 0, "@ . g", Style::default().fg(Color::LightRed));
        let mut cast = Cast::new(6, 2, "t");
        cast.frame(0.0, &buf);
        cast.frame(0.25, &buf);
        let text = cast.into_text();
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
}
