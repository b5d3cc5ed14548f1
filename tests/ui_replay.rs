//! The replay viewer: seeking equals replaying, every key does what the help line says, the
//! screen shows the map and the progress, and taking over starts a new, marked run.
#![allow(clippy::unwrap_used)]

#[path = "support/scripted.rs"]
mod scripted;

#[path = "support/cli.rs"]
mod cli;
#[path = "support/replay.rs"]
mod replay;
use cli::scratch;
use hexdeep::persist::keyframes::Limits;
use hexdeep::persist::{self, SaveDir, SavedGame};
use hexdeep::sim::{Ending, Origin};
use hexdeep::ui::replay::{KEYFRAME_LIMITS, ReplayExit, Replayer, world_bytes};
use hexdeep::ui::saving::GameFile;
use hexdeep::ui::state::MapScale;
use hexdeep::ui::view::sidebar::WATCHING_KEYS;
use ratatui::crossterm::event::KeyCode;
use replay::*;

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
    pause_and_speed_keys(&mut replay);
    stepping_keys(&mut replay, game);
    turn_keys(&mut replay, game);
    level_keys(&mut replay, game);
    map_and_leaving_keys(&mut replay);
}

/// Space pauses and plays; + and - change the speed within bounds.
fn pause_and_speed_keys(replay: &mut Replayer) {
    // Space pauses and plays.
    assert!(!replay.playing);
    assert_eq!(press(replay, KeyCode::Char(' ')), ReplayExit::Stay);
    assert!(replay.playing);
    press(replay, KeyCode::Char(' '));
    assert!(!replay.playing);
    // + and - change the speed, within bounds.
    let speed = replay.steps_per_second();
    press(replay, KeyCode::Char('+'));
    assert!(replay.steps_per_second() > speed);
    press(replay, KeyCode::Char('-'));
    press(replay, KeyCode::Char('-'));
    assert!(replay.steps_per_second() < speed);
    for _ in 0..20 {
        press(replay, KeyCode::Char('-'));
    }
    assert_eq!(replay.steps_per_second(), 1);
    for _ in 0..20 {
        press(replay, KeyCode::Char('+'));
    }
    assert!(replay.steps_per_second() >= 32);
}

/// . and Right step one turn forward and pause; Left steps back, down to the start.
fn stepping_keys(replay: &mut Replayer, game: &SavedGame) {
    // . and Right step one turn forward (and pause); Left steps back.
    replay.playing = true;
    press(replay, KeyCode::Char('.'));
    assert_eq!((replay.pos, replay.playing), (1, false));
    press(replay, KeyCode::Right);
    assert_eq!(replay.pos, 2);
    assert_eq!(replay.world.turn_hash(), recorded_hash(game, 2));
    press(replay, KeyCode::Left);
    assert_eq!(replay.pos, 1);
    assert_eq!(replay.world.turn_hash(), recorded_hash(game, 1));
    press(replay, KeyCode::Left);
    press(replay, KeyCode::Left);
    assert_eq!(replay.pos, 0, "Left stops at the start");
}

/// g, a number and Enter go to the first step that reaches that turn, the start or the end.
fn turn_keys(replay: &mut Replayer, game: &SavedGame) {
    // g, a number and Enter go to the first step that reaches that turn.
    press(replay, KeyCode::Char('g'));
    type_keys(replay, "120");
    assert_eq!(replay.pos, 0, "nothing moves before Enter");
    press(replay, KeyCode::Enter);
    // Turns are numbered as the sidebar numbers them: turn 120 is under way after 119.
    assert_eq!(replay.world.turn(), 119);
    assert_eq!(replay.turns().0, 120);
    assert!(game.record.steps[replay.pos - 2].turn < 119);
    assert_eq!(replay.world.turn_hash(), recorded_hash(game, replay.pos));
    // Turn 1 is the start.
    press(replay, KeyCode::Char('g'));
    type_keys(replay, "1");
    press(replay, KeyCode::Enter);
    assert_eq!(replay.pos, 0);
    // A turn past the end goes to the end.
    press(replay, KeyCode::Char('g'));
    type_keys(replay, "99999");
    press(replay, KeyCode::Enter);
    assert_eq!(replay.pos, replay.len());
}

/// < and > jump between level changes, from the end of `game`'s replay.
fn level_keys(replay: &mut Replayer, game: &SavedGame) {
    // < and > jump between level changes.
    let depth_after = |n: usize| recorded_depth(game, n);
    press(replay, KeyCode::Char('<'));
    let second = replay.pos;
    assert_eq!((depth_after(second - 1), depth_after(second)), (2, 3));
    press(replay, KeyCode::Char('<'));
    let first = replay.pos;
    assert_eq!((depth_after(first - 1), depth_after(first)), (1, 2));
    assert_eq!(replay.world.depth(), 2);
    press(replay, KeyCode::Char('<'));
    assert_eq!(replay.pos, 0, "before the first change: the start");
    press(replay, KeyCode::Char('>'));
    assert_eq!(replay.pos, first);
    press(replay, KeyCode::Char('>'));
    assert_eq!(replay.pos, second);
    assert_eq!(replay.world.depth(), 3);
    press(replay, KeyCode::Char('>'));
    assert_eq!(replay.pos, replay.len(), "after the last change: the end");
}

/// z switches the map's scale; t takes over, q quits.
fn map_and_leaving_keys(replay: &mut Replayer) {
    // t takes over, q quits.
    press(replay, KeyCode::Char('z'));
    assert_eq!(replay.ui.map, MapScale::Large, "z: the large map");
    let large = screen(replay, 100, 32).join("\n");
    // Tiles four columns apart, as the large projection draws them.
    assert!(large.contains(".   ."), "{large}");
    press(replay, KeyCode::Char('z'));
    assert_eq!(replay.ui.map, MapScale::Compact, "z again: the compact one");
    assert_eq!(press(replay, KeyCode::Char('t')), ReplayExit::TakeOver);
    assert_eq!(press(replay, KeyCode::Char('q')), ReplayExit::Quit);
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
