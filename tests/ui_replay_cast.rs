//! The replay viewer's casts (`replay --cast`): a cast reads back as the viewer draws it,
//! tells its progress, and keeps only what changed.
#![allow(clippy::unwrap_used)]

#[path = "support/scripted.rs"]
mod scripted;

#[path = "support/cli.rs"]
mod cli;
#[path = "support/replay.rs"]
mod replay;
use cli::scratch;
use hexdeep::persist::{self, SaveDir, SavedGame};
use hexdeep::ui::cast::{CastOptions, export};
use hexdeep::ui::keymap::Keymap;
use hexdeep::ui::palette::Palette;
use hexdeep::ui::replay::Replayer;
use replay::*;
use std::path::Path;

/// A minimal terminal: the cast's text applied to a grid of cells (cursor moves, clears and
/// colours, which it ignores), enough to read back what `--cast` draws.
struct Screen {
    cells: Vec<Vec<char>>,
    row: usize,
    col: usize,
}

impl Screen {
    fn new(width: usize, height: usize) -> Screen {
        Screen {
            cells: vec![vec![' '; width]; height],
            row: 0,
            col: 0,
        }
    }

    fn feed(&mut self, text: &str) {
        let mut chars = text.chars();
        while let Some(c) = chars.next() {
            if c != '\x1b' {
                assert!(!c.is_control(), "a control character {c:?} in the cast");
                if let Some(cell) = self
                    .cells
                    .get_mut(self.row)
                    .and_then(|r| r.get_mut(self.col))
                {
                    *cell = c;
                }
                self.col += 1;
                continue;
            }
            assert_eq!(chars.next(), Some('['), "only CSI sequences");
            let mut params = String::new();
            let end = loop {
                let c = chars.next().expect("a finished escape sequence");
                if c.is_ascii_alphabetic() {
                    break c;
                }
                params.push(c);
            };
            match end {
                'H' => {
                    let mut n = params.split(';').map(|p| p.parse::<usize>().unwrap_or(1));
                    self.row = n.next().unwrap_or(1).max(1) - 1;
                    self.col = n.next().unwrap_or(1).max(1) - 1;
                }
                'J' => {
                    assert_eq!(params, "2");
                    for row in &mut self.cells {
                        row.fill(' ');
                    }
                }
                'm' => {}
                other => panic!("unexpected sequence ending {other:?}"),
            }
        }
    }

    fn lines(&self) -> Vec<String> {
        self.cells.iter().map(|r| r.iter().collect()).collect()
    }
}

#[test]
fn a_cast_reads_back_as_the_viewer_draws_it() {
    let dir = scratch("cast");
    let game = short_game();
    let text = cast_by_the_command(&dir, &game);
    let mut lines = text.lines();
    let header: serde_json::Value = serde_json::from_str(lines.next().unwrap()).unwrap();
    assert_eq!(header["version"], 2);
    assert_eq!(
        (header["width"].as_u64(), header["height"].as_u64()),
        (Some(80), Some(24))
    );
    let mut screen = Screen::new(80, 24);
    let mut last_time = 0.0;
    let mut events = 0;
    // Each frame is a moment of the viewer, in order (idle steps may be drawn together).
    let mut replay = Replayer::new(game.clone()).unwrap();
    let lines: Vec<&str> = lines.collect();
    for (i, line) in lines.iter().enumerate() {
        // It plays until the last frame, which shows the end paused.
        replay.playing = i + 1 < lines.len();
        let event: serde_json::Value = serde_json::from_str(line).unwrap();
        let [time, kind, data] = event.as_array().unwrap().as_slice() else {
            panic!("an event of three parts: {line}");
        };
        let time = time.as_f64().unwrap();
        assert!(
            time >= last_time,
            "times never go back: {time} after {last_time}"
        );
        assert!(
            time - last_time <= 2.0,
            "no pause longer than two seconds: {last_time} to {time}"
        );
        assert_eq!(kind, "o");
        screen.feed(data.as_str().unwrap());
        // The viewer's map scrolls from where the last step left it.
        let area = ratatui::layout::Rect::new(0, 0, 80, 24);
        replay.follow_view(area);
        while screen.lines() != self::screen(&replay, 80, 24) {
            assert!(
                replay.forward(),
                "the frame at {time} s is no later moment of the viewer: {:#?}",
                screen.lines()
            );
            replay.follow_view(area);
        }
        if events == 0 {
            assert!(screen.lines().join("").contains('@'));
        }
        last_time = time;
        events += 1;
    }
    assert!(
        events > 10,
        "{events} events for {} steps",
        game.record.steps.len()
    );
    assert_eq!(replay.pos, replay.len(), "the cast plays to the end");
    // The turn the run ended in, as its sidebar, end screen and `replay --verify` say.
    let last = game.current.turn_shown();
    let bar = screen.lines().pop().unwrap();
    assert!(bar.contains(&format!("turn {last}/{last}")), "{bar}");
    assert!(bar.contains("paused"), "{bar}");
}

/// `game` saved in `dir` and cast to 80 by 24 by `hexdeep replay --cast`: the cast's text.
fn cast_by_the_command(dir: &Path, game: &SavedGame) -> String {
    let file = persist::save_game(&SaveDir(dir.to_path_buf()), game).unwrap();
    let out = dir.join("game.cast");
    let status = std::process::Command::new(env!("CARGO_BIN_EXE_hexdeep"))
        .arg("replay")
        .arg(&file)
        .arg("--cast")
        .arg(&out)
        .args(["--size", "80x24", "--saves"])
        .arg(dir)
        .output()
        .unwrap();
    assert!(status.status.success(), "{status:?}");
    std::fs::read_to_string(&out).unwrap()
}

#[test]
fn a_cast_tells_its_progress_and_checks_its_target_before_drawing() {
    let dir = scratch("cast-progress");
    let game = short_game();
    let steps = game.record.steps.len();
    let file = dir.join("game.hdsave");
    let mut told = Vec::new();
    let options = |out| CastOptions {
        out,
        size: (80, 24),
        steps_per_second: 4.0,
        hero: None,
    };
    let bad = dir.join("no-such-folder/game.cast");
    let err = export(game.clone(), &file, options(&bad), &mut |d, a| {
        told.push((d, a));
    })
    .unwrap_err();
    assert!(err.contains("no-such-folder"), "{err}");
    assert!(
        told.is_empty(),
        "nothing is drawn for a target that cannot be written"
    );

    let out = dir.join("game.cast");
    export(game, &file, options(&out), &mut |d, a| told.push((d, a))).unwrap();
    assert_eq!(told.first(), Some(&(0, steps)));
    assert_eq!(told.last(), Some(&(steps, steps)));
    assert!(told.windows(2).all(|w| w[0].0 < w[1].0));
    let left: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
    assert_eq!(left.len(), 1, "only the cast, no temporary file");
}

#[test]
fn a_cast_keeps_only_changed_cells_and_hurries_through_idle_steps() {
    let dir = scratch("cast-small");
    let game = long_game().clone();
    let steps = game.record.steps.len();
    let out = dir.join("game.cast");
    let options = CastOptions {
        out: &out,
        size: (100, 32),
        steps_per_second: 4.0,
        hero: None,
    };
    export(
        game.clone(),
        &dir.join("game.hdsave"),
        options,
        &mut |_, _| {},
    )
    .unwrap();
    let text = std::fs::read_to_string(&out).unwrap();
    let events: Vec<serde_json::Value> = text
        .lines()
        .skip(1)
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let drawn: usize = events.iter().map(|e| e[2].as_str().unwrap().len()).sum();

    // The same playback drawn as whole screens, one a step.
    let mut replay = Replayer::new(game).unwrap();
    replay.playing = true;
    let area = ratatui::layout::Rect::new(0, 0, 100, 32);
    let keymap = Keymap::default_keys();
    let mut full = 0;
    loop {
        let mut buf = ratatui::buffer::Buffer::empty(area);
        replay.render(&keymap, Palette { color: true }, area, &mut buf);
        full += hexdeep::persist::asciicast::screen_ansi(&buf).len();
        if !replay.forward() {
            break;
        }
    }
    assert!(
        drawn * 5 < full,
        "{drawn} bytes drawn, {full} as whole screens"
    );

    let duration = events.last().unwrap()[0].as_f64().unwrap();
    let steady = steps as f64 / 4.0;
    assert!(
        duration < steady / 2.0,
        "{duration} s, {steady} s at a steady four steps a second"
    );
    assert!(
        duration >= steady / 16.0,
        "{duration} s: no step plays faster than sixteen times the speed"
    );
}
