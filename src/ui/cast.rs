//! `hexdeep replay FILE --cast OUT`: the playback as an asciicast v2 file, the screens exactly
//! as the viewer draws them. The target is opened before anything is drawn (a target that
//! cannot be written is told at once), the recording goes to it as it is made, and a long
//! export tells its progress on standard error when that is a terminal.

use super::keymap::Keymap;
use super::palette::Palette;
use super::replay::Replayer;
use crate::files::AtomicFile;
use crate::persist::SavedGame;
use crate::persist::asciicast::Cast;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use std::io::{IsTerminal, Write};
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
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
    /// The hero whose view a party's game is cast through (the first when `None`); a game
    /// of one is cast as it always was.
    pub hero: Option<crate::sim::CreatureId>,
}

/// Writes `game` (read from `file`, which errors name) as an asciicast at `options.out`;
/// `progress` is told the steps done and the steps in all as it goes.
///
/// SIGINT, SIGTERM and SIGHUP (the terminal closed) stop the export between two frames: the
/// temporary file is removed and the target left as it was.
pub fn export(
    game: SavedGame,
    file: &Path,
    options: CastOptions<'_>,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<(), String> {
    // Caught before the temporary file exists, so no signal finds it without its cleanup.
    let stop = stop_signals().map_err(|e| format!("cannot catch the stop signals: {e}"))?;
    let mut target = AtomicFile::create(options.out).map_err(|e| e.to_string())?;
    // Playing forward only: nothing is replayed before the first frame.
    let replay = Replayer::forward_only(game).map_err(|e| format!("{}: {e}", file.display()))?;
    let written = |e: std::io::Error| format!("{}: {e}", options.out.display());
    let mut told = |done: usize, all: usize| {
        progress(done, all);
        !stop.load(Ordering::Relaxed)
    };
    let finished = write_cast(replay, &mut target, options, &mut told).map_err(written)?;
    if !finished {
        // Dropping the target removes its temporary file.
        return Err(format!(
            "{}: interrupted; nothing was written",
            options.out.display()
        ));
    }
    target.commit().map_err(|e| e.to_string())
}

/// A flag SIGINT, SIGTERM and SIGHUP raise instead of ending the process.
fn stop_signals() -> std::io::Result<Arc<AtomicBool>> {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    let flag = Arc::new(AtomicBool::new(false));
    for signal in [SIGINT, SIGTERM, SIGHUP] {
        signal_hook::flag::register(signal, Arc::clone(&flag))?;
    }
    Ok(flag)
}

/// How many times faster than the chosen speed an idle step plays.
pub const IDLE_SPEEDUP: f64 = 16.0;

/// The longest a step is shown, whatever the speed.
pub const MAX_PAUSE: f64 = 2.0;

/// The least time between two frames of idle steps: the steps between are drawn together.
pub const MIN_IDLE_FRAME: f64 = 0.1;

/// How the step just played is paced.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Pace {
    /// A fight (something told with a monster in view) or a new level: the chosen speed.
    Event,
    /// Something told with no monster in view (a pick-up, a door), or a monster in view with
    /// nothing told: twice as fast.
    Brisk,
    /// Nothing told, no monster in view, the same level: [`IDLE_SPEEDUP`] times as fast. The
    /// record keeps single steps only, so a stretch of explore, travel or rest is a run of
    /// these.
    Idle,
}

impl Pace {
    fn of(replay: &Replayer, depth_before: u32) -> Pace {
        let told = replay.ui.log.is_fresh(0);
        let seen = !replay.world.visible_monsters().is_empty();
        if replay.world.depth() != depth_before || (told && seen) {
            Pace::Event
        } else if told || seen {
            Pace::Brisk
        } else {
            Pace::Idle
        }
    }

    fn time(self, step_time: f64) -> f64 {
        match self {
            Pace::Event => step_time,
            Pace::Brisk => step_time / 2.0,
            Pace::Idle => step_time / IDLE_SPEEDUP,
        }
    }
}

/// Draws `replay` into `out`: a frame a step, paced by [`Pace`], idle steps drawn at most
/// every [`MIN_IDLE_FRAME`], each frame as the cells changed since the last. `progress` is
/// told the steps done after each; when it answers `false` the drawing stops there, and the
/// answer is `false` (the recording is not whole).
fn write_cast(
    mut replay: Replayer,
    out: &mut impl Write,
    options: CastOptions<'_>,
    progress: &mut dyn FnMut(usize, usize) -> bool,
) -> std::io::Result<bool> {
    let (width, height) = options.size;
    let start = &replay.game.record.start;
    let mut title = format!(
        "hexdeep: {} (seed {}{})",
        replay.game.name,
        start.seed(),
        crate::persist::on_tiling(start.level().terrain.tiling())
    );
    if let Some(hero) = cast_hero(&replay.world, options.hero) {
        replay.watch_through(hero);
        title = format!(
            "{title}, {}'s view",
            super::heroes::hero_name(&replay.world, hero)
        );
    }
    let keymap = Keymap::default_keys();
    let area = Rect::new(0, 0, width, height);
    let mut cast = Cast::new(out, width, height, &title)?;
    let mut previous: Option<Buffer> = None;
    let mut time = 0.0;
    let mut drawn_at = f64::NEG_INFINITY;
    let step_time = (1.0 / options.steps_per_second.max(0.01)).min(MAX_PAUSE);
    let palette = Palette { color: true };
    let mut pace = Pace::Event;
    replay.playing = true;
    replay.follow_view(area);
    loop {
        if pace != Pace::Idle || time - drawn_at >= MIN_IDLE_FRAME {
            let mut buf = Buffer::empty(area);
            replay.render(&keymap, palette, area, &mut buf);
            cast.frame_since(time, previous.as_ref(), &buf)?;
            previous = Some(buf);
            drawn_at = time;
        }
        if !progress(replay.pos, replay.len()) {
            return Ok(false);
        }
        if replay.pos == replay.len() {
            break;
        }
        let depth = replay.world.depth();
        if !replay.forward() {
            // A step the rules refuse: the recording ends where the replay does.
            break;
        }
        // The map scrolls step by step as in the viewer, drawn or not.
        replay.follow_view(area);
        pace = Pace::of(&replay, depth);
        time += pace.time(step_time);
    }
    // The end, shown paused as the viewer stops there.
    replay.playing = false;
    let mut buf = Buffer::empty(area);
    replay.render(&keymap, palette, area, &mut buf);
    cast.frame_since(time, previous.as_ref(), &buf)?;
    cast.finish()?;
    Ok(true)
}

/// The hero whose view a cast of `world`'s game shows, saying so in its title and its
/// messages: `hero`, or the first, in a party's game; `None` in a game of one, whose cast
/// stays as it was.
pub fn cast_hero(
    world: &crate::sim::World,
    hero: Option<crate::sim::CreatureId>,
) -> Option<crate::sim::CreatureId> {
    let heroes = world.heroes();
    (heroes.len() > 1).then(|| hero.filter(|h| heroes.contains(h)).unwrap_or(heroes[0]))
}

/// How often progress is told.
const PROGRESS_EVERY: Duration = Duration::from_millis(250);

/// A progress line on standard error, redrawn in place at most every `PROGRESS_EVERY`,
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
