//! An ssh session's terminal for the screens' loop ([`play::Terminal`]): frames drawn by
//! ratatui at the client's size (never the server's own terminal's) into bytes for the
//! channel, and keys parsed from the bytes the client sends. A slow reader never holds the
//! screens up: a frame the channel has no room for is dropped, and the next one is drawn
//! whole.

use super::keys::KeyParser;
use crate::net::join::play;
use ratatui::backend::CrosstermBackend;
use ratatui::crossterm::event::KeyEvent;
use ratatui::layout::Rect;
use ratatui::{Frame, Terminal, TerminalOptions, Viewport};
use std::collections::VecDeque;
use std::io::Write;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};
use tokio::sync::mpsc::Sender;

/// The widest and tallest terminal drawn; a larger one is drawn at this size.
pub const MAX_SIZE: (u16, u16) = (400, 200);

/// The most keys held parsed and not yet taken; more are dropped.
pub const MAX_KEYS: usize = 64;

/// What the ssh connection tells a session.
#[derive(Debug)]
pub enum Input {
    /// Bytes the client typed.
    Bytes(Vec<u8>),
}

/// A terminal's size, shared between the connection that hears of it and the session that
/// draws at it.
#[derive(Debug, Default)]
pub struct Size(AtomicU32);

impl Size {
    /// The size `columns` × `rows`, bounded to 1..=[`MAX_SIZE`].
    pub fn new(columns: u32, rows: u32) -> Size {
        let size = Size::default();
        size.set(columns, rows);
        size
    }

    /// Sets the size to `columns` × `rows`, bounded to 1..=[`MAX_SIZE`].
    pub fn set(&self, columns: u32, rows: u32) {
        let bound = |n: u32, most: u16| n.clamp(1, u32::from(most));
        let packed = (bound(columns, MAX_SIZE.0) << 16) | bound(rows, MAX_SIZE.1);
        self.0.store(packed, Ordering::Relaxed);
    }

    /// The size, as an area at the top left.
    pub fn area(&self) -> Rect {
        let packed = self.0.load(Ordering::Relaxed);
        Rect::new(0, 0, (packed >> 16) as u16, (packed & 0xffff) as u16)
    }
}

/// Where ratatui writes a frame: collected, then handed to the channel's writer whole on
/// flush, or dropped when the writer has no room. Writing never fails: once the writer is
/// gone the terminal says so and the sink takes frames for nobody, so ratatui's own
/// last words (the cursor shown as the terminal goes) are never an error printed by the
/// server.
pub struct Sink {
    frame: Vec<u8>,
    out: Sender<Vec<u8>>,
    /// Whether a frame was dropped since the last full one.
    dropped: Arc<AtomicBool>,
}

impl Write for Sink {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.frame.extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        let frame = std::mem::take(&mut self.frame);
        if !frame.is_empty() && self.out.try_send(frame).is_err() && !self.out.is_closed() {
            self.dropped.store(true, Ordering::Relaxed);
        }
        Ok(())
    }
}

/// The terminal of one ssh session.
pub struct SshTerminal {
    terminal: Terminal<CrosstermBackend<Sink>>,
    input: Receiver<Input>,
    parser: KeyParser,
    keys: VecDeque<KeyEvent>,
    size: Arc<Size>,
    /// Whether the sink dropped a frame.
    dropped: Arc<AtomicBool>,
    /// The sink's way to the channel's writer, to see whether it is gone.
    writer: Sender<Vec<u8>>,
    /// How long the player may type nothing before the session is closed.
    idle_after: Duration,
    /// When the client last sent a byte.
    last_input: Instant,
}

impl SshTerminal {
    /// A terminal drawing into `out` at `size`, taking the client's bytes from `input`; when
    /// none come for `idle_after`, the session ends.
    pub fn new(
        out: Sender<Vec<u8>>,
        input: Receiver<Input>,
        size: Arc<Size>,
        idle_after: Duration,
    ) -> Result<SshTerminal, String> {
        let dropped = Arc::new(AtomicBool::new(false));
        let writer = out.clone();
        let sink = Sink {
            frame: Vec::new(),
            out,
            dropped: Arc::clone(&dropped),
        };
        let options = TerminalOptions {
            viewport: Viewport::Fixed(size.area()),
        };
        let terminal = Terminal::with_options(CrosstermBackend::new(sink), options)
            .map_err(|e| e.to_string())?;
        Ok(SshTerminal {
            terminal,
            input,
            parser: KeyParser::default(),
            keys: VecDeque::new(),
            size,
            dropped,
            writer,
            idle_after,
            last_input: Instant::now(),
        })
    }

    /// Takes the client's bytes as keys, keeping at most [`MAX_KEYS`].
    fn typed(&mut self, keys: Vec<KeyEvent>) {
        let room = MAX_KEYS.saturating_sub(self.keys.len());
        self.keys.extend(keys.into_iter().take(room));
    }
}

impl play::Terminal for SshTerminal {
    fn draw(&mut self, draw: &mut dyn FnMut(&mut Frame)) -> Result<(), String> {
        let area = self.size.area();
        // A new size, or a frame dropped: the whole screen is drawn again.
        let dropped = self.dropped.swap(false, Ordering::Relaxed);
        if area != self.terminal.get_frame().area() || dropped {
            self.terminal.resize(area).map_err(|e| e.to_string())?;
        }
        self.terminal
            .draw(|frame| draw(frame))
            .map_err(|e| e.to_string())?;
        if self.writer.is_closed() {
            return Err("the ssh client is gone".to_string());
        }
        Ok(())
    }

    fn next_key(&mut self, wait: Duration) -> Result<Option<KeyEvent>, String> {
        if let Some(key) = self.keys.pop_front() {
            return Ok(Some(key));
        }
        if self.last_input.elapsed() >= self.idle_after {
            let idle = self.idle_after.as_secs_f32();
            return Err(format!("nothing typed for {idle} s: closed"));
        }
        match self.input.recv_timeout(wait) {
            Ok(Input::Bytes(bytes)) => {
                self.last_input = Instant::now();
                let keys = self.parser.feed(&bytes);
                self.typed(keys);
            }
            Err(RecvTimeoutError::Timeout) => {
                // Nothing more came: an Esc held is a key of its own.
                let keys = self.parser.flush();
                self.typed(keys);
            }
            Err(RecvTimeoutError::Disconnected) => return Err("the ssh client is gone".into()),
        }
        Ok(self.keys.pop_front())
    }

    fn stop_requested(&self) -> bool {
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::net::join::play::Terminal as _;
    use ratatui::crossterm::event::KeyCode;
    use ratatui::widgets::Paragraph;

    fn terminal(
        frames: usize,
    ) -> (
        SshTerminal,
        tokio::sync::mpsc::Receiver<Vec<u8>>,
        std::sync::mpsc::SyncSender<Input>,
        Arc<Size>,
    ) {
        let (out, drawn) = tokio::sync::mpsc::channel(frames);
        let (typed, input) = std::sync::mpsc::sync_channel(8);
        let size = Arc::new(Size::new(20, 5));
        let idle = Duration::from_secs(3600);
        let term = SshTerminal::new(out, input, Arc::clone(&size), idle).unwrap();
        (term, drawn, typed, size)
    }

    fn text(frame: &mut Frame, words: &str) {
        frame.render_widget(Paragraph::new(words.to_string()), frame.area());
    }

    #[test]
    fn a_frame_is_drawn_at_the_clients_size_and_again_whole_after_a_resize() {
        let (mut term, mut drawn, _typed, size) = terminal(8);
        term.draw(&mut |f| {
            assert_eq!(f.area(), Rect::new(0, 0, 20, 5));
            text(f, "hello");
        })
        .unwrap();
        let first = drawn.try_recv().unwrap();
        assert!(String::from_utf8_lossy(&first).contains("hello"));
        size.set(30, 9);
        term.draw(&mut |f| {
            assert_eq!(f.area(), Rect::new(0, 0, 30, 9));
            text(f, "hello");
        })
        .unwrap();
        let mut after = Vec::new();
        while let Ok(bytes) = drawn.try_recv() {
            after.extend(bytes);
        }
        assert!(
            String::from_utf8_lossy(&after).contains("hello"),
            "drawn again whole"
        );
    }

    #[test]
    fn a_frame_with_no_room_is_dropped_and_the_next_drawn_whole() {
        let (mut term, mut drawn, _typed, _size) = terminal(1);
        term.draw(&mut |f| text(f, "one")).unwrap();
        term.draw(&mut |f| text(f, "two")).unwrap();
        assert!(
            term.dropped.load(Ordering::Relaxed),
            "the writer had no room"
        );
        assert!(String::from_utf8_lossy(&drawn.try_recv().unwrap()).contains("one"));
        term.draw(&mut |f| text(f, "two")).unwrap();
        let whole = drawn.try_recv().unwrap();
        assert!(
            String::from_utf8_lossy(&whole).contains("two"),
            "the screen drawn again"
        );
    }

    #[test]
    fn a_client_gone_ends_the_screens_without_an_error_of_the_sink() {
        let (mut term, drawn, _typed, _size) = terminal(8);
        drop(drawn);
        let err = term.draw(&mut |f| text(f, "one")).unwrap_err();
        assert_eq!(err, "the ssh client is gone");
        assert!(
            term.terminal.show_cursor().is_ok(),
            "ratatui's last words are taken"
        );
    }

    #[test]
    fn sizes_are_bounded() {
        assert_eq!(Size::new(0, 0).area(), Rect::new(0, 0, 1, 1));
        assert_eq!(
            Size::new(u32::MAX, 70_000).area(),
            Rect::new(0, 0, MAX_SIZE.0, MAX_SIZE.1)
        );
    }

    #[test]
    fn keys_come_from_the_bytes_and_an_esc_alone_after_a_wait() {
        let (mut term, _drawn, typed, _size) = terminal(8);
        typed.send(Input::Bytes(b"k\x1b[A".to_vec())).unwrap();
        assert_eq!(
            term.next_key(Duration::ZERO).unwrap().unwrap().code,
            KeyCode::Char('k')
        );
        assert_eq!(
            term.next_key(Duration::ZERO).unwrap().unwrap().code,
            KeyCode::Up
        );
        typed.send(Input::Bytes(b"\x1b".to_vec())).unwrap();
        assert!(
            term.next_key(Duration::ZERO).unwrap().is_none(),
            "it may start a sequence"
        );
        assert_eq!(
            term.next_key(Duration::ZERO).unwrap().unwrap().code,
            KeyCode::Esc
        );
        drop(typed);
        assert!(term.next_key(Duration::ZERO).is_err(), "the client is gone");
    }

    #[test]
    fn a_session_nobody_types_in_ends() {
        let (mut term, _drawn, typed, _size) = terminal(8);
        term.idle_after = Duration::ZERO;
        typed.send(Input::Bytes(b"k".to_vec())).unwrap();
        let err = term.next_key(Duration::ZERO).unwrap_err();
        assert!(err.contains("nothing typed"), "{err}");
    }

    #[test]
    fn keys_held_are_bounded() {
        let (mut term, _drawn, typed, _size) = terminal(8);
        typed.send(Input::Bytes(vec![b'x'; 1000])).unwrap();
        term.next_key(Duration::ZERO).unwrap();
        assert_eq!(term.keys.len(), MAX_KEYS - 1);
    }
}
