//! The replay viewer: seeking equals replaying, every key does what the help line says, the
//! screen shows the map and the progress, and taking over starts a new, marked run.
#![allow(clippy::unwrap_used)]

#[path = "support/scripted.rs"]
mod scripted;

#[path = "support/cli.rs"]
mod cli;
use cli::scratch;
use hexdeep::persist::keyframes::Limits;
use hexdeep::persist::{self, SaveDir, SavedGame};
use hexdeep::sim::{Ending, Origin};
use hexdeep::ui::cast::{CastOptions, export};
use hexdeep::ui::keymap::Keymap;
use hexdeep::ui::palette::Palette;
use hexdeep::ui::replay::{KEYFRAME_LIMITS, ReplayExit, Replayer, world_bytes};
use hexdeep::ui::saving::GameFile;
use hexdeep::ui::state::MapScale;
use hexdeep::ui::view::sidebar::WATCHING_KEYS;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use std::sync::OnceLock;

/// A game of about 1,700 steps that goes down to depth 3 (level changes after steps 628 and
/// 1283).
fn long_game() -> &'static SavedGame {
    static GAME: OnceLock<SavedGame> = OnceLock::new();
    GAME.get_or_init(|| scripted::play(7, 900, 3))
}

/// A short game that ends with the player's death.
fn short_game() -> SavedGame {
    let game = scripted::play(5, 200, 3);
    assert!(game.current.is_over(), "seed 5 dies early");
    game
}

fn press(replay: &mut Replayer, code: KeyCode) -> ReplayExit {
    replay.key(KeyEvent::new(code, KeyModifiers::NONE))
}

fn type_keys(replay: &mut Replayer, text: &str) {
    for c in text.chars() {
        press(replay, KeyCode::Char(c));
    }
}

/// The world's hash after `n` steps, as the record says.
fn recorded_hash(game: &SavedGame, n: usize) -> u64 {
    match n {
        0 => game.record.start.turn_hash(),
        n => game.record.steps[n - 1].hash,
    }
}

fn screen(replay: &Replayer, width: u16, height: u16) -> Vec<String> {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    let keymap = Keymap::default_keys();
    terminal
        .draw(|frame| {
            let area = frame.area();
            replay.render(&keymap, Palette { color: false }, area, frame.buffer_mut());
        })
        .unwrap();
    let buffer = terminal.backend().buffer();
    (0..height)
        .map(|y| (0..width).map(|x| buffer[(x, y)].symbol()).collect())
        .collect()
}

#[test]
fn seeking_backwards_gives_the_world_of_replaying_from_the_start() {
    let game = long_game();
    let len = game.record.steps.len();
    assert!(len > 950, "{len} steps");
    let mut replay = Replayer::new(game.clone()).unwrap();
    assert_eq!(replay.len(), len);
    replay.seek(len);
    assert_eq!(replay.world.turn_hash(), game.current.turn_hash());
    for n in [len - 1, 777, 500, 451, 450, 449, 51, 50, 1, 0, 300, len] {
        replay.seek(n);
        assert_eq!(replay.pos, n);
        let plain = game.record.world_after(n);
        assert_eq!(
            replay.world.turn_hash(),
            plain.turn_hash(),
            "after {n} steps"
        );
        assert!(replay.world.differences(&plain).is_empty(), "after {n}");
        assert_eq!(
            replay.world.turn_hash(),
            recorded_hash(game, n),
            "after {n}"
        );
    }
}

#[test]
fn snapshots_held_to_a_few_still_seek_exactly_and_a_world_too_large_is_refused() {
    let game = long_game();
    let len = game.record.steps.len();
    let one = world_bytes(&game.record.start);
    let limits = Limits {
        every: 1,
        max_snapshots: 5,
        max_bytes: 3 * one + one / 2,
    };
    let mut replay = Replayer::with_limits(game.clone(), limits).unwrap();
    assert_eq!(replay.len(), len);
    for n in [len, 777, 1, 0, 450, len - 1] {
        replay.seek(n);
        assert_eq!(
            replay.world.turn_hash(),
            recorded_hash(game, n),
            "after {n}"
        );
    }
    let tight = Limits {
        max_bytes: one - 1,
        ..limits
    };
    let err = Replayer::with_limits(game.clone(), tight).err().unwrap();
    assert!(err.to_string().contains("a replay may keep"), "{err}");
    // The default limits keep a whole game of generated levels many times over.
    assert!(
        KEYFRAME_LIMITS.max_bytes / one > 1000,
        "{one} bytes a world"
    );
}

#[test]
fn the_playback_keys_do_what_the_help_line_says() {
    let game = long_game();
    let mut replay = Replayer::new(game.clone()).unwrap();
    // Space pauses and plays.
    assert!(!replay.playing);
    assert_eq!(press(&mut replay, KeyCode::Char(' ')), ReplayExit::Stay);
    assert!(replay.playing);
    press(&mut replay, KeyCode::Char(' '));
    assert!(!replay.playing);
    // + and - change the speed, within bounds.
    let speed = replay.steps_per_second();
    press(&mut replay, KeyCode::Char('+'));
    assert!(replay.steps_per_second() > speed);
    press(&mut replay, KeyCode::Char('-'));
    press(&mut replay, KeyCode::Char('-'));
    assert!(replay.steps_per_second() < speed);
    for _ in 0..20 {
        press(&mut replay, KeyCode::Char('-'));
    }
    assert_eq!(replay.steps_per_second(), 1);
    for _ in 0..20 {
        press(&mut replay, KeyCode::Char('+'));
    }
    assert!(replay.steps_per_second() >= 32);
    // . and Right step one turn forward (and pause); Left steps back.
    replay.playing = true;
    press(&mut replay, KeyCode::Char('.'));
    assert_eq!((replay.pos, replay.playing), (1, false));
    press(&mut replay, KeyCode::Right);
    assert_eq!(replay.pos, 2);
    assert_eq!(replay.world.turn_hash(), recorded_hash(game, 2));
    press(&mut replay, KeyCode::Left);
    assert_eq!(replay.pos, 1);
    assert_eq!(replay.world.turn_hash(), recorded_hash(game, 1));
    press(&mut replay, KeyCode::Left);
    press(&mut replay, KeyCode::Left);
    assert_eq!(replay.pos, 0, "Left stops at the start");
    // g, a number and Enter go to the first step that reaches that turn.
    press(&mut replay, KeyCode::Char('g'));
    type_keys(&mut replay, "120");
    assert_eq!(replay.pos, 0, "nothing moves before Enter");
    press(&mut replay, KeyCode::Enter);
    // Turns are numbered as the sidebar numbers them: turn 120 is under way after 119.
    assert_eq!(replay.world.turn(), 119);
    assert_eq!(replay.turns().0, 120);
    assert!(game.record.steps[replay.pos - 2].turn < 119);
    assert_eq!(replay.world.turn_hash(), recorded_hash(game, replay.pos));
    // Turn 1 is the start.
    press(&mut replay, KeyCode::Char('g'));
    type_keys(&mut replay, "1");
    press(&mut replay, KeyCode::Enter);
    assert_eq!(replay.pos, 0);
    // A turn past the end goes to the end.
    press(&mut replay, KeyCode::Char('g'));
    type_keys(&mut replay, "99999");
    press(&mut replay, KeyCode::Enter);
    assert_eq!(replay.pos, replay.len());
    // < and > jump between level changes.
    let depth_after = |n: usize| recorded_depth(game, n);
    press(&mut replay, KeyCode::Char('<'));
    let second = replay.pos;
    assert_eq!((depth_after(second - 1), depth_after(second)), (2, 3));
    press(&mut replay, KeyCode::Char('<'));
    let first = replay.pos;
    assert_eq!((depth_after(first - 1), depth_after(first)), (1, 2));
    assert_eq!(replay.world.depth(), 2);
    press(&mut replay, KeyCode::Char('<'));
    assert_eq!(replay.pos, 0, "before the first change: the start");
    press(&mut replay, KeyCode::Char('>'));
    assert_eq!(replay.pos, first);
    press(&mut replay, KeyCode::Char('>'));
    assert_eq!(replay.pos, second);
    assert_eq!(replay.world.depth(), 3);
    press(&mut replay, KeyCode::Char('>'));
    assert_eq!(replay.pos, replay.len(), "after the last change: the end");
    // t takes over, q quits.
    press(&mut replay, KeyCode::Char('z'));
    assert_eq!(replay.ui.map, MapScale::Large, "z: the large map");
    let large = screen(&replay, 100, 32).join("\n");
    // Tiles four columns apart, as the large projection draws them.
    assert!(large.contains(".   ."), "{large}");
    press(&mut replay, KeyCode::Char('z'));
    assert_eq!(replay.ui.map, MapScale::Compact, "z again: the compact one");
    assert_eq!(press(&mut replay, KeyCode::Char('t')), ReplayExit::TakeOver);
    assert_eq!(press(&mut replay, KeyCode::Char('q')), ReplayExit::Quit);
}

#[test]
fn the_sidebar_lists_the_viewers_keys_not_plays() {
    let mut replay = Replayer::new(long_game().clone()).unwrap();
    for at in [0, 300, replay.len()] {
        replay.seek(at);
        let text = screen(&replay, 100, 32).join("\n");
        for play_only in ["telegraph", "? help", "i inventory", "F strike"] {
            assert!(!text.contains(play_only), "{play_only:?} at {at}:\n{text}");
        }
        for line in WATCHING_KEYS {
            assert!(text.contains(line), "{line:?} at {at}:\n{text}");
        }
    }
    let mut ended = Replayer::new(short_game()).unwrap();
    ended.seek(ended.len());
    let text = screen(&ended, 100, 32).join("\n");
    assert!(
        text.contains("GAME OVER") && text.contains(WATCHING_KEYS[3]),
        "{text}"
    );
    // Each key listed does what it says (the help line test checks the rest in full).
    replay.seek(10);
    assert_eq!(press(&mut replay, KeyCode::Char(' ')), ReplayExit::Stay);
    assert!(replay.playing, "Space plays");
    press(&mut replay, KeyCode::Char('.'));
    assert_eq!((replay.pos, replay.playing), (11, false), ". steps");
    press(&mut replay, KeyCode::Left);
    assert_eq!(replay.pos, 10, "Left steps back");
    press(&mut replay, KeyCode::Char('z'));
    assert_eq!(replay.ui.map, MapScale::Large, "z: the large map");
    let large = screen(&replay, 100, 32).join("\n");
    // Tiles four columns apart, as the large projection draws them.
    assert!(large.contains(".   ."), "{large}");
    press(&mut replay, KeyCode::Char('z'));
    assert_eq!(replay.ui.map, MapScale::Compact, "z again: the compact one");
    assert_eq!(press(&mut replay, KeyCode::Char('t')), ReplayExit::TakeOver);
    assert_eq!(press(&mut replay, KeyCode::Char('q')), ReplayExit::Quit);
}

fn recorded_depth(game: &SavedGame, n: usize) -> u32 {
    match n {
        0 => game.record.start.depth(),
        n => game.record.steps[n - 1].depth,
    }
}

#[test]
fn a_typed_turn_can_be_corrected_or_abandoned() {
    let mut replay = Replayer::new(short_game()).unwrap();
    press(&mut replay, KeyCode::Char('g'));
    type_keys(&mut replay, "39");
    press(&mut replay, KeyCode::Backspace);
    press(&mut replay, KeyCode::Enter);
    assert_eq!(replay.turns().0, 3);
    press(&mut replay, KeyCode::Char('g'));
    type_keys(&mut replay, "20");
    assert!(
        screen(&replay, 100, 30)
            .last()
            .unwrap()
            .contains("Go to turn: 20_")
    );
    press(&mut replay, KeyCode::Esc);
    assert_eq!(replay.turns().0, 3, "Esc abandons the number");
    assert_eq!(press(&mut replay, KeyCode::Char('q')), ReplayExit::Quit);
}

#[test]
fn after_a_jump_the_log_tells_only_how_the_moment_came() {
    let game = long_game();
    let mut stepped = Replayer::new(game.clone()).unwrap();
    for _ in 0..40 {
        stepped.forward();
    }
    let mut jumped = Replayer::new(game.clone()).unwrap();
    jumped.seek(jumped.len());
    jumped.seek(40);
    let earlier: Vec<String> = stepped.ui.log.lines().collect();
    let shown: Vec<String> = jumped.ui.log.lines().collect();
    // It names the turn as the sidebar and the status line do at the step it replays from.
    let mut from = Replayer::new(game.clone()).unwrap();
    for _ in 0..40 - 6 {
        from.forward();
    }
    let turn = from.turns().0;
    assert_eq!(
        shown[0],
        format!("(Replaying from turn {turn}.)"),
        "{shown:?}"
    );
    for line in &shown[1..] {
        assert!(
            earlier.contains(line),
            "{line:?} is not from the first 40 steps"
        );
    }
}

#[test]
fn the_screen_shows_the_map_and_the_turn_out_of_the_total() {
    let game = long_game();
    let last = game.record.steps.last().unwrap().turn + 1;
    let mut replay = Replayer::new(game.clone()).unwrap();
    replay.seek(200);
    let lines = screen(&replay, 100, 30);
    let text = lines.join("\n");
    assert!(text.contains('@'), "{text}");
    let turn = replay.world.turn() + 1;
    assert!(
        text.contains(&format!("Turn {turn}, action")),
        "the sidebar agrees: {text}"
    );
    let bar = lines.last().unwrap();
    assert!(bar.contains(&format!("turn {turn}/{last}")), "{bar}");
    assert!(bar.contains(&format!("step 200/{}", replay.len())), "{bar}");
    assert!(bar.contains("paused") && bar.contains("q quit"), "{bar}");
    // The bar fills with progress.
    let filled = |bar: &str| bar.chars().filter(|&c| c == '=').count();
    let at_200 = filled(bar);
    replay.seek(replay.len());
    let lines = screen(&replay, 100, 30);
    let end = lines.last().unwrap();
    assert!(end.contains(&format!("turn {last}/{last}")), "{end}");
    assert!(filled(end) > at_200 && at_200 > 0, "{bar}\n{end}");
    // On the smallest screen the bar and the way out still show.
    let small = screen(&replay, 80, 24);
    let end = small.last().unwrap();
    assert!(end.contains(&format!("turn {last}/{last}")), "{end}");
    assert!(filled(end) >= 10 && end.contains("q quit"), "{end}");
}

#[test]
fn taking_over_starts_a_new_marked_run_at_the_shown_world() {
    let game = long_game();
    let mut replay = Replayer::new(game.clone()).unwrap();
    replay.seek(300);
    let (mut world, mut record) = replay.take_over().unwrap();
    assert_eq!(world.turn_hash(), replay.world.turn_hash());
    assert_eq!(record.start.turn_hash(), recorded_hash(game, 300));
    assert!(record.steps.is_empty());
    assert_eq!(
        record.origin,
        Origin::TakenOver {
            seed: game.record.start.seed(),
            after: 300
        }
    );
    for _ in 0..60 {
        let command = scripted::choose(&world, 3);
        if world.apply(command).is_ok() {
            record.push(command, &world);
        }
    }
    assert!(record.steps.len() > 30);
    let end = record.verify(Some(&world)).unwrap();
    assert_eq!(end.turn_hash(), world.turn_hash());
    // The mark survives a save.
    let dir = SaveDir(scratch("takeover"));
    let saved = SavedGame {
        name: "taken".into(),
        record: record.clone(),
        current: world.clone(),
        log: Vec::new(),
    };
    let back = persist::load_game(&persist::save_game(&dir, &saved).unwrap()).unwrap();
    assert_eq!(back.record.origin, record.origin);
    assert!(back.record.verify(Some(&back.current)).is_ok());
}

#[test]
fn taking_over_lets_go_of_the_viewer_and_its_snapshots() {
    // A game of its own: every world of it holds its content, so counting the content's
    // holders counts its worlds alive.
    let game = scripted::play(23, 400, 3);
    let content = game.current.content_handle();
    let worlds = || std::sync::Arc::strong_count(&content);
    let mut replay = Replayer::new(game).unwrap();
    replay.seek(300);
    assert!(worlds() > 6, "the viewer holds its snapshots");
    let (world, record, note) = hexdeep::ui::start::taken_over(Box::new(replay)).unwrap();
    // Only this test's handle, the world played and its record's start are left.
    assert_eq!(worlds(), 3);
    assert_eq!(record.start.turn_hash(), world.turn_hash());
    assert!(note.contains("after step 300"), "{note}");
}

#[test]
fn a_finished_moment_cannot_be_taken_over() {
    let game = short_game();
    let mut replay = Replayer::new(game).unwrap();
    replay.seek(replay.len());
    assert!(replay.take_over().unwrap_err().contains("over"));
    press(&mut replay, KeyCode::Left);
    assert!(replay.take_over().is_ok());
}

#[test]
fn a_taken_over_run_enters_the_hall_of_fame_with_only_what_it_did() {
    let dir = SaveDir(scratch("hall-own"));
    let mut replay = Replayer::new(long_game().clone()).unwrap();
    while replay.world.story().kill_count() == 0 || replay.world.depth() < 2 {
        assert!(replay.forward(), "the long game kills and goes down");
    }
    let (mut world, record) = replay.take_over().unwrap();
    let (kills_before, turn_before) = (world.story().kill_count(), world.turn());
    let mut file = GameFile::new(dir.clone(), &world, record.origin);
    for _ in 0..30 {
        if world.apply(hexdeep::sim::Command::Wait).is_ok() {
            file.note(hexdeep::sim::Command::Wait, &world);
        }
    }
    world.abandon(Ending::Quit);
    let done = file.finish(&world, &[]).unwrap();
    assert!(done.problems.is_empty(), "{:?}", done.problems);
    let entry = persist::load_scores(&dir).unwrap().entries[0].clone();
    assert!(entry.taken_over);
    assert_eq!(entry.ending, Ending::Quit, "its own ending");
    assert_eq!(
        entry.kills,
        world.story().kill_count() - kills_before,
        "only its own kills ({kills_before} were the watched run's)"
    );
    assert_eq!(entry.turns, world.turn() - turn_before);
    assert_eq!(entry.deepest, world.depth(), "the depth it played on");
    assert_eq!(
        entry.points(),
        u64::from(entry.deepest) * 1000 + u64::from(entry.kills) * 10
    );
    let text = persist::load_scores(&dir).unwrap().to_text();
    assert!(text.contains("taken over: counted from there"), "{text}");
}

#[test]
fn the_hall_of_fame_marks_runs_taken_over() {
    let dir = SaveDir(scratch("hall"));
    let mut replay = Replayer::new(short_game()).unwrap();
    replay.seek(40);
    let (mut world, record) = replay.take_over().unwrap();
    let mut file = GameFile::new(dir.clone(), &world, record.origin);
    for _ in 0..5 {
        if world.apply(hexdeep::sim::Command::Wait).is_ok() {
            file.note(hexdeep::sim::Command::Wait, &world);
        }
    }
    world.abandon(Ending::Quit);
    let done = file.finish(&world, &[]).unwrap();
    assert!(done.problems.is_empty(), "{:?}", done.problems);
    let hall = persist::load_scores(&dir).unwrap();
    assert!(hall.entries[0].taken_over);
    assert!(hall.to_text().contains("taken over"), "{}", hall.to_text());
    let replay_file = persist::load_game(&done.replay.unwrap()).unwrap();
    assert!(matches!(
        replay_file.record.origin,
        Origin::TakenOver { after: 40, .. }
    ));
}

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
    let file = persist::save_game(&SaveDir(dir.clone()), &game).unwrap();
    let out = dir.join("game.cast");
    let status = std::process::Command::new(env!("CARGO_BIN_EXE_hexdeep"))
        .arg("replay")
        .arg(&file)
        .arg("--cast")
        .arg(&out)
        .args(["--size", "80x24", "--saves"])
        .arg(&dir)
        .output()
        .unwrap();
    assert!(status.status.success(), "{status:?}");
    let text = std::fs::read_to_string(&out).unwrap();
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

#[test]
fn seeking_keeps_the_letters_that_watching_from_the_start_gives() {
    let game = long_game();
    let mut watched = Replayer::new(game.clone()).unwrap();
    let mut seeker = Replayer::new(game.clone()).unwrap();
    let mut lettered = 0;
    for n in 1..=watched.len() {
        assert!(watched.forward());
        if n % 23 != 0 {
            continue;
        }
        seeker.seek(n);
        assert_eq!(seeker.pos, n);
        assert_eq!(
            seeker.ui.names, watched.ui.names,
            "the letters after seeking to step {n}"
        );
        // Count the moments where a letter is shown: "kobold B", not "the kobold".
        let shown = watched.world.visible_monsters().iter().any(|m| {
            watched
                .ui
                .names
                .shown_letter(&watched.world, m.id)
                .is_some()
        });
        lettered += usize::from(shown);
    }
    assert!(lettered > 0, "some moments show monsters with letters");
}
