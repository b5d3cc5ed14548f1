//! `hexdeep replay --verify`, `continue` and `scores` as a user runs them: good saves verify,
//! altered records name the first turn that differs, bad files are refused with a message
//! naming them (never a panic or a hang), and empty save folders say so. The start menu offers
//! the backup of a damaged save.
#![allow(clippy::unwrap_used)]

#[path = "support/scripted.rs"]
mod scripted;

#[path = "support/room.rs"]
mod room;

#[path = "support/cli.rs"]
mod cli;
use cli::scratch;
use hexdeep::geom::Compass;
use hexdeep::persist::{self, SaveDir, SavedGame};
use hexdeep::sim::Command;
use hexdeep::ui::start::{Choice, menu_choices};
use std::path::{Path, PathBuf};
use std::process::Output;

/// Runs `hexdeep ARGS --saves DIR` as [`cli::run_in`] does.
fn hexdeep(saves: &Path, args: &[&str]) -> Output {
    cli::run_in(saves, args)
}

fn texts(out: &Output) -> (String, String) {
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn game() -> SavedGame {
    scripted::play(2, 60, 3)
}

fn save(dir: &Path, game: &SavedGame) -> PathBuf {
    persist::save_game(&SaveDir(dir.to_path_buf()), game).unwrap()
}

#[test]
fn a_good_save_verifies() {
    let dir = scratch("good");
    let game = game();
    let path = save(&dir, &game);
    let out = hexdeep(&dir, &["replay", "--verify", path.to_str().unwrap()]);
    let (stdout, stderr) = texts(&out);
    assert_eq!(out.status.code(), Some(0), "{stdout}{stderr}");
    assert!(stdout.contains(": ok: to turn "), "{stdout}");
    assert!(stdout.contains(path.file_name().unwrap().to_str().unwrap()));
}

/// The turn the sidebar shows on the game's last screen, "Turn N".
fn sidebar_turn(world: &hexdeep::sim::World) -> u64 {
    use hexdeep::ui::keymap::Keymap;
    use hexdeep::ui::palette::Palette;
    use hexdeep::ui::state::UiState;
    use hexdeep::ui::view::{self, Context};
    use ratatui::{buffer::Buffer, layout::Rect};
    let area = Rect::new(0, 0, 110, 36);
    let mut buf = Buffer::empty(area);
    let keymap = Keymap::default_keys();
    let context = Context {
        keymap: &keymap,
        palette: Palette { color: false },
    };
    view::render(world, &UiState::default(), &context, area, &mut buf);
    let text: String = (0..area.height)
        .flat_map(|row| (0..area.width).map(move |col| (col, row)))
        .map(|cell| buf[cell].symbol().to_string())
        .collect();
    let at = text.find("Turn ").unwrap() + "Turn ".len();
    let digits: String = text[at..]
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    digits.parse().unwrap()
}

#[test]
fn verify_names_the_last_turn_as_the_sidebar_shows_it() {
    // QA: the sidebar said "Turn N" where verify said "N-1 turns" for the same game.
    let dir = scratch("sidebar-turn");
    let game = game();
    let path = save(&dir, &game);
    let turn = sidebar_turn(&game.current);
    let out = hexdeep(&dir, &["replay", "--verify", path.to_str().unwrap()]);
    let (stdout, stderr) = texts(&out);
    assert_eq!(out.status.code(), Some(0), "{stdout}{stderr}");
    let expected = format!(": ok: to turn {turn}, {} steps", game.record.steps.len());
    assert!(stdout.contains(&expected), "{expected}\n{stdout}");
}

/// Games recorded by 0.1.0 (rules 1) cannot be checked under these rules: refused, naming
/// both releases, never as damage; a 0.1.0 save continued here verifies from the upgrade.
#[test]
fn games_recorded_under_other_rules_are_refused_naming_both_versions() {
    let data = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    for path in [
        data.join("v1.hdsave"),
        data.join("0.1.0/in-progress.hdsave"),
        data.join("0.1.0/finished.hdsave"),
    ] {
        let out = hexdeep(
            &scratch("committed"),
            &["replay", "--verify", path.to_str().unwrap()],
        );
        let (stdout, stderr) = texts(&out);
        let all = format!("{stdout}{stderr}");
        assert!(
            !all.contains("panicked") && !all.contains("damaged"),
            "{all}"
        );
        assert!(
            all.contains("cannot be checked")
                && all.contains("hexdeep 0.1.0 (rules 1)")
                && all.contains(&format!("hexdeep {}", env!("CARGO_PKG_VERSION"))),
            "{all}"
        );
        assert_eq!(out.status.code(), Some(1));
    }
}

/// Verifies a copy of `game` whose record was changed by `alter`; returns the report.
fn verify_altered(name: &str, alter: impl FnOnce(&mut SavedGame)) -> (String, usize) {
    let dir = scratch(name);
    let mut game = game();
    alter(&mut game);
    let path = save(&dir, &game);
    let good = path.with_file_name("good.hdsave");
    std::fs::copy(&path, &good).unwrap();
    let out = hexdeep(&dir, &["replay", "--verify", path.to_str().unwrap()]);
    let (stdout, stderr) = texts(&out);
    assert_eq!(out.status.code(), Some(1), "{stdout}{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    (stdout, game.record.steps.len())
}

#[test]
fn a_changed_hash_names_its_turn() {
    let mut turn = 0;
    let (report, _) = verify_altered("hash", |g| {
        g.record.steps[20].hash ^= 1;
        turn = g.record.steps[20].turn;
    });
    assert!(
        report.contains(&format!("differs in turn {} (step 21)", turn + 1)),
        "{report}"
    );
    assert!(report.contains("the record says"), "{report}");
}

/// The index of the first step that moves.
fn first_move(game: &SavedGame) -> (usize, Compass) {
    game.record
        .steps
        .iter()
        .enumerate()
        .find_map(|(i, s)| match s.command()? {
            Command::Move(d) => Some((i, d)),
            _ => None,
        })
        .unwrap()
}

#[test]
fn a_changed_command_names_its_turn_and_what_differs() {
    let mut turn = 0;
    let (report, _) = verify_altered("command", |g| {
        let (i, _) = first_move(g);
        // Rest instead of moving: the rules accept it, and the player is elsewhere after.
        g.record.steps[i].given[0].command = Command::Rest;
        turn = g.record.steps[i].turn;
    });
    assert!(
        report.contains(&format!("differs in turn {}", turn + 1)),
        "{report}"
    );
    assert!(
        report.contains("after Rest the world's hash is"),
        "{report}"
    );
}

#[test]
fn a_refused_command_is_named() {
    let (report, _) = verify_altered("refused", |g| {
        g.record.steps[0].given[0].command = Command::Descend;
    });
    assert!(
        report.contains(
            "differs in turn 1 (step 1): the rules refused Descend: there are no stairs down here\n"
        ),
        "{report}"
    );
}

#[test]
fn several_files_verify_in_one_run_and_fail_if_any_fails() {
    let dir = scratch("several");
    let game = game();
    let good = save(&dir, &game);
    let bad = dir.join("bad.hdsave");
    std::fs::write(&bad, b"HEXDEEP\0garbage").unwrap();
    let out = hexdeep(
        &dir,
        &[
            "replay",
            "--verify",
            good.to_str().unwrap(),
            bad.to_str().unwrap(),
        ],
    );
    let (stdout, _) = texts(&out);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stdout.contains("ok: ") && stdout.contains("bad.hdsave"),
        "{stdout}"
    );
}

#[test]
fn verify_skips_the_hall_of_fame_a_glob_matched() {
    // `hexdeep replay --verify saves/*.hdsave` matches scores.hdsave too.
    let dir = scratch("glob");
    let game = game();
    let good = save(&dir, &game);
    let saves = SaveDir(dir.clone());
    persist::record_score(&saves, persist::Score::of("g", &game.current, false)).unwrap();
    let scores = saves.scores();
    let args = |files: &[&Path]| {
        let mut args = vec!["replay", "--verify"];
        args.extend(files.iter().map(|f| f.to_str().unwrap()));
        hexdeep(&dir, &args)
    };
    let out = args(&[&good, &scores]);
    let (stdout, stderr) = texts(&out);
    assert_eq!(out.status.code(), Some(0), "{stdout}{stderr}");
    let skipped = format!(
        "{} is the hall of fame, not a game; skipped",
        scores.display()
    );
    assert!(stdout.contains(&skipped), "{stdout}");
    assert!(stdout.contains(": ok: "), "{stdout}");
    // A real failure beside it still fails the run.
    let bad = dir.join("bad.hdsave");
    std::fs::write(&bad, b"HEXDEEP\0garbage").unwrap();
    let out = args(&[&good, &scores, &bad]);
    let (stdout, _) = texts(&out);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(stdout.contains(&skipped), "{stdout}");
}

/// The bytes of a small good save.
fn good_bytes() -> Vec<u8> {
    persist::game::game_bytes(persist::Kind::Save, &game()).unwrap()
}

/// Bad files, each with words its message must hold.
fn bad_files(dir: &Path) -> Vec<(PathBuf, &'static str)> {
    let bytes = good_bytes();
    let mut files = Vec::new();
    let mut put = |name: &str, content: &[u8], words: &'static str| {
        let path = dir.join(name);
        std::fs::write(&path, content).unwrap();
        files.push((path, words));
    };
    put("truncated.hdsave", &bytes[..bytes.len() / 2], "truncated");
    let mut flipped = bytes.clone();
    flipped[bytes.len() - 10] ^= 0x10;
    put("flipped.hdsave", &flipped, "damaged");
    let mut magic = bytes.clone();
    magic[..7].copy_from_slice(b"NOTOURS");
    put("magic.hdsave", &magic, "not a hexdeep file");
    let mut future = bytes.clone();
    future[8..12].copy_from_slice(&99u32.to_le_bytes());
    put("future.hdsave", &future, "newer version");
    put("empty.hdsave", b"", "empty");
    put("text.hdsave", b"hello\n", "not a hexdeep file");
    // A header claiming a payload past the limit.
    let mut claim = bytes.clone();
    let at = claim.len() - (bytes.len() - header_length(&bytes));
    claim[at - 12..at - 4].copy_from_slice(&u64::MAX.to_le_bytes());
    put("claims.hdsave", &claim, "limit");
    // A file larger than any save may be (sparse: no disk is used).
    let huge = dir.join("huge.hdsave");
    let file = std::fs::File::create(&huge).unwrap();
    file.set_len(persist::store::MAX_FILE + 1).unwrap();
    files.push((huge, "more than the limit"));
    let folder = dir.join("folder.hdsave");
    std::fs::create_dir_all(&folder).unwrap();
    files.push((folder, "folder"));
    #[cfg(unix)]
    {
        let fifo = dir.join("fifo.hdsave");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        if made.is_ok_and(|s| s.success()) {
            files.push((fifo, "not a regular file"));
        }
    }
    files.push((dir.join("missing.hdsave"), "missing.hdsave"));
    files
}

/// Where the payload starts: the header, then the checksum.
fn header_length(bytes: &[u8]) -> usize {
    let game_len = usize::from(bytes[13]);
    let rng_len = usize::from(bytes[14 + game_len]);
    // hash version, rules version, content hash, length, checksum.
    14 + game_len + 1 + rng_len + 4 + 4 + 8 + 8 + 4
}

#[test]
fn bad_files_are_refused_with_their_name_never_a_panic() {
    let dir = scratch("bad");
    for (path, words) in bad_files(&dir) {
        let name = path.file_name().unwrap().to_str().unwrap().to_string();
        for args in [
            vec!["replay", "--verify", path.to_str().unwrap()],
            vec![
                "replay",
                path.to_str().unwrap(),
                "--cast",
                "/dev/null/x.cast",
            ],
            vec!["continue", path.to_str().unwrap()],
        ] {
            let out = hexdeep(&dir, &args);
            let (stdout, stderr) = texts(&out);
            let all = format!("{stdout}{stderr}");
            assert_eq!(out.status.code(), Some(1), "{args:?}: {all}");
            assert!(!all.contains("panicked"), "{args:?}: {all}");
            assert!(all.contains(&name), "{args:?} names the file: {all}");
            assert!(
                all.to_lowercase().contains(words),
                "{args:?} says {words:?}: {all}"
            );
        }
    }
}

#[test]
fn continue_and_scores_on_an_empty_folder_say_so() {
    let dir = scratch("empty");
    let out = hexdeep(&dir, &["continue"]);
    let (stdout, stderr) = texts(&out);
    assert_eq!(out.status.code(), Some(1), "{stdout}{stderr}");
    assert!(
        stderr.contains("no saved game") && stderr.contains("hexdeep play"),
        "{stderr}"
    );
    let out = hexdeep(&dir, &["scores"]);
    let (stdout, stderr) = texts(&out);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(stdout.contains("hall of fame is empty"), "{stdout}");
    let missing = dir.join("not-made-yet");
    let out = hexdeep(&missing, &["scores"]);
    assert!(texts(&out).0.contains("empty"));
    assert!(!missing.exists(), "looking creates nothing");
}

/// A save written twice (so it has a backup), then damaged.
fn damaged_save(dir: &Path) -> (PathBuf, SavedGame) {
    let game = game();
    let mut earlier = game.clone();
    earlier.record.steps.truncate(10);
    earlier.current = earlier.record.world_after(10);
    save(dir, &earlier);
    let path = save(dir, &game);
    let mut bytes = std::fs::read(&path).unwrap();
    let n = bytes.len();
    bytes[n - 3] ^= 0x40;
    std::fs::write(&path, &bytes).unwrap();
    (path, earlier)
}

#[test]
fn a_damaged_save_offers_its_backup() {
    let dir = scratch("offer");
    let (path, earlier) = damaged_save(&dir);
    let choices = menu_choices(&SaveDir(dir.clone()));
    let words: Vec<&str> = choices.iter().map(|(_, _, w)| w.as_str()).collect();
    assert!(
        words.iter().any(|w| w.contains("damaged")),
        "the damage is told: {words:?}"
    );
    assert!(
        choices
            .iter()
            .any(|(k, c, _)| (*k, *c) == ('b', Choice::Backup))
    );
    assert!(!choices.iter().any(|(_, c, _)| *c == Choice::Continue));
    let bak = persist::store::backup_of(&path);
    let back = persist::load_game(&bak).unwrap();
    assert_eq!(back.current.turn_hash(), earlier.current.turn_hash());
    // `continue` says the same and names the backup.
    let out = hexdeep(&dir, &["continue"]);
    let (_, stderr) = texts(&out);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr.contains("damaged") && stderr.contains(bak.to_str().unwrap()),
        "{stderr}"
    );
}

#[test]
fn a_sound_save_is_offered_to_continue() {
    let dir = scratch("menu");
    let game = game();
    let path = save(&dir, &game);
    let choices = menu_choices(&SaveDir(dir.clone()));
    let (key, choice, words) = &choices[0];
    assert_eq!((*key, *choice), ('c', Choice::Continue));
    assert!(words.contains(&game.name), "{words}");
    assert!(!choices.iter().any(|(_, c, _)| *c == Choice::Backup));
    assert!(!choices.iter().any(|(_, c, _)| *c == Choice::Watch));
    persist::finish_game(&SaveDir(dir.clone()), &game, &path).unwrap();
    let choices = menu_choices(&SaveDir(dir));
    assert!(choices.iter().any(|(_, c, _)| *c == Choice::Watch));
}

/// A finished game: the player, at 1 hp, waits until a goblin `away` tiles east of them kills
/// them; with the turn it ended in, as the sidebar showed it under way.
fn finished_game(away: i32) -> (SavedGame, u64) {
    use hexdeep::geom::Cell;
    use hexdeep::sim::{GameRecord, Origin, World};
    let world = room::world(&[("goblin", Cell::new(1 + away, 2))]);
    let mut parts = world.to_parts();
    parts.creatures[0].hp = 1;
    let mut world = World::from_parts(parts, world.content_handle()).unwrap();
    // Not the start its seed makes (the player was hurt by hand): a game taken over from
    // that moment, as a fresh game's start is made again from its seed and checked.
    let origin = Origin::TakenOver { seed: 5, after: 0 };
    let mut record = GameRecord::new(world.clone(), origin);
    let mut ended_in = 0;
    while !world.is_over() {
        assert!(world.turn() < 40, "the player never died");
        ended_in = world.turn() + 1;
        world.apply(Command::Wait).unwrap();
        record.push(Command::Wait, &world);
    }
    let game = SavedGame {
        name: "finished".to_string(),
        record,
        current: world,
        log: Vec::new(),
    };
    (game, ended_in)
}

#[test]
fn verify_names_the_turn_a_finished_game_ended_in_as_its_sidebar_and_end_screen_do() {
    // QA (issue 17): a game that ended in turn 2334 verified "to turn 2335". Whether it ends
    // in a turn's first action or its last, all three name the turn it ended in.
    let mut segments = Vec::new();
    for away in 1..=4 {
        let dir = scratch(&format!("finished-turn-{away}"));
        let (game, ended_in) = finished_game(away);
        segments.push(game.current.segment());
        assert_eq!(
            game.current.turns_played(),
            ended_in,
            "the end screen's count"
        );
        assert_eq!(sidebar_turn(&game.current), ended_in, "the sidebar");
        let path = save(&dir, &game);
        let out = hexdeep(&dir, &["replay", "--verify", path.to_str().unwrap()]);
        let (stdout, stderr) = texts(&out);
        assert_eq!(out.status.code(), Some(0), "{stdout}{stderr}");
        let expected = format!(": ok: to turn {ended_in}, ");
        assert!(stdout.contains(&expected), "{expected}\n{stdout}");
    }
    segments.sort_unstable();
    segments.dedup();
    assert_eq!(segments.len(), 2, "deaths in both segments: {segments:?}");
}
