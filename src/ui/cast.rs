//! `hexdeep replay FILE --cast OUT`: the playback as an asciicast v2 file, the screens exactly
//! as the viewer draws them. The target is opened before anything is drawn (a target that
//! cannot be written is told at once), the recording goes to it as it is made, and a long
//! export tells its progress on standard error when that is a terminal.

use super::keymap::Keymap;
use super::palette::Palette;
use super::replay::{KEYFRAME_LIMITS, Replayer};
use crate::files::AtomicFile;
use crate::persist::SavedGame;
use crate::persist::asciicast::Cast;
use crate::persist::keyframes::Limits;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use std::io::{IsTerminal, Write};
use std::path::Path;
use std::time::{Duration, Instant};

/// What an export needs besides the game: where, how large, how fast.
#[derive(Clone, Copy, Debug)]
pub struct CastOptions<'a> {
    /// The file written.
    pub out: &'a Path,
    /// The recorded terminal's columns and rows.
    pub size: (u16, u16),
    /// Steps a second of playback.
    pub steps_per_second: f64,
}

/// Writes `game` (read from `file`, which errors name) as an asciicast at `options.out`;
/// `progress` is told the steps done and the steps in all as it goes.
pub fn export(
    game: SavedGame,
    file: &Path,
    options: CastOptions<'_>,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<(), String> {
    let mut target = AtomicFile::create(options.out).map_err(|e| e.to_string())?;
    // Playing forward only: no snapshot but the start is kept.
    let limits = Limits {
        every: usize::MAX,
        max_snapshots: 1,
        ..KEYFRAME_LIMITS
    };
    let replay =
        Replayer::with_limits(game, limits).map_err(|e| format!("{}: {e}", file.display()))?;
    let written = |e: std::io::Error| format!("{}: {e}", options.out.display());
    write_cast(replay, &mut target, options, progress).map_err(written)?;
    target.commit().map_err(|e| e.to_string())
}

/// Draws every step of `replay` into `out`, one frame a step.
fn write_cast(
    mut replay: Replayer,
    out: &mut impl Write,
    options: CastOptions<'_>,
    progress: &mut dyn FnMut(usize, usize),
) -> std::io::Result<()> {
    let (width, height) = options.size;
    let title = format!(
        "hexdeep: {} (seed {})",
        replay.game.name,
        replay.game.record.start.seed()
    );
    let keymap = Keymap::default_keys();
    let area = Rect::new(0, 0, width, height);
    let mut cast = Cast::new(out, width, height, &title)?;
    let mut previous: Option<Buffer> = None;
    let mut time = 0.0;
    let palette = Palette { color: true };
    replay.playing = true;
    loop {
        let mut buf = Buffer::empty(area);
        replay.render(&keymap, palette, area, &mut buf);
        cast.frame_since(time, previous.as_ref(), &buf)?;
        previous = Some(buf);
        progress(replay.pos, replay.len());
        if replay.pos == replay.len() {
            break;
        }
        replay.forward();
        time += 1.0 / options.steps_per_second.max(0.01);
    }
    // The end, shown paused as the viewer stops there.
    replay.playing = false;
    let mut buf = Buffer::empty(area);
    replay.render(&keymap, palette, area, &mut buf);
    cast.frame_since(time, previous.as_ref(), &buf)?;
    cast.finish()?;
    Ok(())
}

/// How often progress is told.
const PROGRESS_EVERY: Duration = Duration::from_millis(250);

/// A progress line on standard error, redrawn in place at most every [`PROGRESS_EVERY`],
/// when standard error is a terminal; nothing otherwise.
pub fn stderr_progress() -> impl FnMut(usize, usize) {
    let shown = std::io::stderr().is_terminal();
    let mut last: Option<Instant> = None;
    move |done, all| {
        if !shown {
            return;
        }
        let due = last.is_none_or(|t| t.elapsed() >= PROGRESS_EVERY);
        if !due && done < all {
            return;
        }
        last = Some(Instant::now());
        let mut err = std::io::stderr().lock();
        let _ = write!(err, "\r{}", progress_line(done, all));
        if done >= all {
            let _ = writeln!(err);
        }
        let _ = err.flush();
    }
}

/// `casting: step 120 of 4000 (3%)`.
pub fn progress_line(done: usize, all: usize) -> String {
    let percent = (done * 100).checked_div(all).unwrap_or(100);
    format!("casting: step {done} of {all} ({percent}%)")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_progress_line_counts_steps_and_percent() {
        assert_eq!(progress_line(0, 0), "casting: step 0 of 0 (100%)");
        assert_eq!(progress_line(120, 4000), "casting: step 120 of 4000 (3%)");
        assert_eq!(
            progress_line(4000, 4000),
            "casting: step 4000 of 4000 (100%)"
        );
    }
}
