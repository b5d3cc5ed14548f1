//! The replay viewer's loop in the terminal: draw, read keys, play on by the clock.

use super::events::{EventSource, TerminalEvents};
use super::keymap::Keymap;
use super::palette::Palette;
use super::replay::{ReplayExit, Replayer};
use super::terminal::TerminalGuard;
use crate::persist::SavedGame;
use ratatui::crossterm::event::{Event, KeyCode, KeyEventKind};
use ratatui::widgets::{Paragraph, Widget};
use std::io::IsTerminal;
use std::time::{Duration, Instant};

/// Shows `game` (read from `file`) until the viewer quits, through `hero`'s eyes when given; a game taken over is returned, from
/// the shown moment. The terminal is taken first: while the record is replayed once for its
/// snapshots, the screen tells how far it has come, and `q`, Esc or a stop signal leave.
pub fn watch_game(
    game: SavedGame,
    file: &std::path::Path,
    keymap: &Keymap,
    hero: Option<crate::sim::CreatureId>,
) -> Result<Option<Replayer>, String> {
    let terminal = |e: std::io::Error| format!("terminal: {e}");
    let mut events = TerminalEvents::new().map_err(terminal)?;
    let mut guard = TerminalGuard::enter().map_err(terminal)?;
    let mut cancelled = false;
    let mut drawn: Option<Instant> = None;
    let mut progress = |done: usize, all: usize| {
        if drawn.is_none_or(|t| t.elapsed() >= PREPARING_EVERY) {
            drawn = Some(Instant::now());
            let line = preparing_line(file, done, all);
            let _ = guard.terminal().draw(|frame| {
                Paragraph::new(line.as_str()).render(frame.area(), frame.buffer_mut());
            });
            cancelled = events.stop_requested() || quit_pressed(&mut events);
        }
        !cancelled
    };
    let replay = Replayer::telling(game, super::replay::KEYFRAME_LIMITS, &mut progress)
        .map_err(|e| format!("{}: {e}", file.display()))?;
    if cancelled {
        return Ok(None);
    }
    let mut replay = replay;
    if let Some(hero) = hero {
        replay.watch_through(hero);
    }
    watch(replay, keymap, &mut events, &mut guard).map_err(terminal)
}

/// How often the screen tells how far the preparation has come.
const PREPARING_EVERY: Duration = Duration::from_millis(100);

/// `Preparing the replay of FILE: step 120 of 4000 (3%)  q quits`.
pub fn preparing_line(file: &std::path::Path, done: usize, all: usize) -> String {
    let percent = (done * 100).checked_div(all).unwrap_or(100);
    crate::text::escape_controls(&format!(
        "Preparing the replay of {}: step {done} of {all} ({percent}%)  q quits",
        file.display()
    ))
}

/// Whether `q` or Esc is waiting among the terminal's events (the others are dropped).
fn quit_pressed(events: &mut TerminalEvents) -> bool {
    while let Ok(Some(event)) = events.next_event(Duration::ZERO) {
        if let Event::Key(key) = event
            && key.kind == KeyEventKind::Press
            && matches!(key.code, KeyCode::Char('q') | KeyCode::Esc)
        {
            return true;
        }
    }
    false
}

/// Shows `replay` until the viewer quits; a game taken over is returned, from the shown moment.
fn watch(
    mut replay: Replayer,
    keymap: &Keymap,
    events: &mut TerminalEvents,
    guard: &mut TerminalGuard,
) -> std::io::Result<Option<Replayer>> {
    let palette = Palette::detect();
    let mut next_step = Instant::now();
    while !events.stop_requested() {
        guard.terminal().draw(|frame| {
            let area = frame.area();
            replay.render(keymap, palette, area, frame.buffer_mut());
            replay.follow_view(area);
        })?;
        let interval = Duration::from_secs_f64(1.0 / f64::from(replay.steps_per_second()));
        let wait = if replay.playing {
            next_step.saturating_duration_since(Instant::now())
        } else {
            Duration::from_millis(250)
        };
        if let Some(event) = events.next_event(wait)? {
            if let Event::Key(key) = event
                && key.kind == KeyEventKind::Press
            {
                match replay.key(key) {
                    ReplayExit::Stay => {}
                    ReplayExit::Quit => return Ok(None),
                    ReplayExit::TakeOver => return Ok(Some(replay)),
                }
            }
            next_step = Instant::now() + interval;
        } else if replay.playing {
            replay.forward();
            next_step = Instant::now() + interval;
        }
    }
    Ok(None)
}

/// Options of `hexdeep replay`.
#[derive(clap::Args, Debug, Default, Clone)]
pub struct ReplayArgs {
    /// Saved or finished games (`.hdsave`); several with `--verify`.
    #[arg(required = true)]
    pub files: Vec<std::path::PathBuf>,
    /// Check every turn of each file headlessly instead of showing it: prints `ok: N turns`
    /// or the first turn that differs; exit status 1 if any differs.
    #[arg(long)]
    pub verify: bool,
    /// Write the playback as an asciicast v2 file instead of showing it.
    #[arg(long, value_name = "OUT.cast")]
    pub cast: Option<std::path::PathBuf>,
    /// The recorded terminal's size for `--cast`, as `COLSxROWS` (default `100x32`).
    #[arg(long, value_name = "COLSxROWS")]
    pub size: Option<String>,
    /// Playback speed for `--cast`: 1 is four steps a second.
    #[arg(long, value_name = "X")]
    pub speed: Option<f64>,
    /// The hero whose view is watched or cast in a party's game: a name, or a number from 1
    /// in the party's order (the first hero by default).
    #[arg(long, value_name = "NAME|N")]
    pub hero: Option<String>,
}

/// The largest recorded terminal for `--cast`.
const MAX_CAST_SIZE: (u16, u16) = (400, 150);

/// Parses `COLSxROWS` within the sizes the game draws in.
pub fn parse_size(text: &str) -> Result<(u16, u16), String> {
    let bad = || {
        format!(
            "--size {text:?}: expected COLSxROWS from {}x{} to {}x{}",
            super::view::MIN_SIZE.0,
            super::view::MIN_SIZE.1,
            MAX_CAST_SIZE.0,
            MAX_CAST_SIZE.1
        )
    };
    let (c, r) = text.split_once(['x', 'X']).ok_or_else(bad)?;
    let (c, r): (u16, u16) = (
        c.trim().parse().map_err(|_| bad())?,
        r.trim().parse().map_err(|_| bad())?,
    );
    let fits = (super::view::MIN_SIZE.0..=MAX_CAST_SIZE.0).contains(&c)
        && (super::view::MIN_SIZE.1..=MAX_CAST_SIZE.1).contains(&r);
    if fits { Ok((c, r)) } else { Err(bad()) }
}

/// `hexdeep replay`: verify, export or watch. Returns the exit status's success, or a message.
pub fn run_replay(args: &ReplayArgs, keymap: &Keymap) -> Result<ReplayEnd, String> {
    if args.verify {
        if args.hero.is_some() {
            return Err("--hero chooses whose view is watched or cast, not with --verify".into());
        }
        let (report, ok) = crate::persist::verify::verify_files(&args.files);
        crate::output::emit(&crate::text::escape_output(&report));
        return Ok(if ok {
            ReplayEnd::Done
        } else {
            ReplayEnd::Failed
        });
    }
    let [file] = args.files.as_slice() else {
        return Err("give one file to watch or export (several only with --verify)".into());
    };
    if let Some(out) = &args.cast {
        let (w, h) = args.size.as_deref().map_or(Ok((100, 32)), parse_size)?;
        let speed = args.speed.unwrap_or(1.0);
        if !(speed.is_finite() && speed > 0.0 && speed <= 1000.0) {
            return Err(format!(
                "--speed {speed}: expected a number above 0, at most 1000"
            ));
        }
        if same_file(file, out) {
            return Err(format!(
                "{} is the replay itself: choose another output",
                out.display()
            ));
        }
        let game = load_playable(file)?;
        let hero = chosen_hero(&game, file, args.hero.as_deref())?;
        tell_cast_hero(&game, hero);
        let options = super::cast::CastOptions {
            out,
            size: (w, h),
            steps_per_second: 4.0 * speed,
            hero,
        };
        super::cast::export(game, file, options, &mut super::cast::stderr_progress())?;
        return Ok(ReplayEnd::Done);
    }
    let game = load_playable(file)?;
    let hero = chosen_hero(&game, file, args.hero.as_deref())?;
    if !std::io::stdout().is_terminal() {
        return Err("watching a replay needs a terminal (use --verify or --cast)".into());
    }
    match watch_game(game, file, keymap, hero)? {
        Some(replay) => Ok(ReplayEnd::TakeOver(Box::new(replay))),
        None => Ok(ReplayEnd::Done),
    }
}

/// The game in `file` with only the stretch of its record these rules played (from the
/// upgrade on, when a release with other rules recorded the turns before it); a game whose
/// last stretch was recorded under other rules is refused, naming both releases.
fn load_playable(file: &std::path::Path) -> Result<SavedGame, String> {
    let mut game = crate::persist::load_game(file).map_err(|e| e.to_string())?;
    if let Some(why) = game.record.unverifiable() {
        return Err(format!(
            "{}: cannot be replayed by this version: {why}",
            file.display()
        ));
    }
    game.record = game.record.last_stretch();
    Ok(game)
}

/// The hero `--hero` names in `game` (read from `file`), if given; refused naming the game's
/// heroes when it names none of them.
fn chosen_hero(
    game: &SavedGame,
    file: &std::path::Path,
    hero: Option<&str>,
) -> Result<Option<crate::sim::CreatureId>, String> {
    hero.map(|text| super::heroes::find_hero(&game.record.start, text))
        .transpose()
        .map_err(|e| format!("{}: {e}", file.display()))
}

/// Says on standard error whose view a party's cast shows and how to cast another's; nothing
/// for a game of one.
fn tell_cast_hero(game: &SavedGame, hero: Option<crate::sim::CreatureId>) {
    let start = &game.record.start;
    if let Some(hero) = super::cast::cast_hero(start, hero) {
        let names: Vec<String> = start
            .heroes()
            .iter()
            .enumerate()
            .map(|(i, &h)| format!("{} {}", i + 1, super::heroes::hero_name(start, h)))
            .collect();
        crate::output::warn_line(&format!(
            "casting {}'s view; --hero NAME or --hero N casts another's ({})",
            super::heroes::hero_name(start, hero),
            names.join(", ")
        ));
    }
}

/// How `hexdeep replay` ended.
pub enum ReplayEnd {
    /// Nothing more to do.
    Done,
    /// A verification failed.
    Failed,
    /// The viewer took over the game at the shown moment.
    TakeOver(Box<Replayer>),
}

fn same_file(a: &std::path::Path, b: &std::path::Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(x), Ok(y)) => x == y,
        _ => false,
    }
}
