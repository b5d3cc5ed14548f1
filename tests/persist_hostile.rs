//! Files turned against the player, as a careless or hostile user would make them: texts
//! that hold escape sequences, a save whose stored name points elsewhere, a saves folder that
//! is a file, a damaged hall of fame, temporary files left by a killed save. Each file is made
//! here, in the test.
#![allow(clippy::unwrap_used)]

#[path = "support/scripted.rs"]
mod scripted;

#[path = "support/cli.rs"]
mod cli;
use cli::scratch;
use hexdeep::geom::Tiling;
use hexdeep::persist::{self, SaveDir, SavedGame, Score};
use hexdeep::sim::Ending;
use std::path::Path;
use std::process::Output;

/// Renames the window and clears the screen when printed raw.
const HOSTILE: &str = "\x1b]0;PWNED\x07\x1b[2J";

/// Runs `hexdeep ARGS --saves DIR` as [`cli::run_in`] does.
fn hexdeep(saves: &Path, args: &[&str]) -> Output {
    cli::run_in(saves, args)
}

/// Everything a run printed.
fn printed(out: &Output) -> String {
    format!("{}{}", cli::stdout(out), cli::stderr(out))
}

/// Whether `text` holds no control character but line breaks.
fn is_clean(text: &str) -> bool {
    !text.chars().any(|c| c.is_control() && c != '\n')
}

fn game() -> SavedGame {
    scripted::play(2, 60, 3)
}

#[test]
fn a_cause_of_death_from_the_score_file_is_printed_escaped() {
    let dir = scratch("scores-escaped");
    let score = Score {
        name: "g".into(),
        seed: 1,
        tiling: Tiling::Hex,
        ending: Ending::Died {
            cause: format!("{HOSTILE}a rat"),
            depth: 2,
        },
        deepest: 2,
        turns: 10,
        kills: 0,
        taken_over: false,
    };
    persist::record_score(&SaveDir(dir.clone()), score).unwrap();
    let out = hexdeep(&dir, &["scores"]);
    let text = printed(&out);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(text.contains("PWNED") && text.contains("a rat"), "{text:?}");
    assert!(is_clean(&text), "{text:?}");
}

/// A file with `version` in its header and a payload no version reads, so that loading it
/// names the version.
fn file_from_version(version: &str) -> Vec<u8> {
    let good = persist::game::game_bytes(persist::Kind::Save, &game()).unwrap();
    let rng_len = usize::from(good[14 + usize::from(good[13])]);
    let rng_at = 14 + usize::from(good[13]);
    let rng = &good[rng_at..=rng_at + rng_len];
    let numbers = &good[rng_at + 1 + rng_len..rng_at + 1 + rng_len + 16];
    let payload = [0xffu8; 8];
    let mut out = good[..13].to_vec();
    out.push(version.len() as u8);
    out.extend_from_slice(version.as_bytes());
    out.extend_from_slice(rng);
    out.extend_from_slice(numbers);
    out.extend_from_slice(&(payload.len() as u64).to_le_bytes());
    let mut crc = crc32fast::Hasher::new();
    crc.update(&out);
    crc.update(&payload);
    out.extend_from_slice(&crc.finalize().to_le_bytes());
    out.extend_from_slice(&payload);
    out
}

#[test]
fn a_version_text_from_a_file_is_printed_escaped() {
    let dir = scratch("version-escaped");
    let path = dir.join("odd.hdsave");
    std::fs::write(&path, file_from_version(&format!("9{HOSTILE}"))).unwrap();
    let p = path.to_str().unwrap();
    for args in [
        vec!["replay", "--verify", p],
        vec!["continue", p],
        vec!["replay", p, "--cast", "/dev/null/x.cast"],
    ] {
        let out = hexdeep(&dir, &args);
        let text = printed(&out);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {text}");
        assert!(
            text.contains("odd.hdsave") && text.contains("PWNED"),
            "{args:?}: {text:?}"
        );
        assert!(is_clean(&text), "{args:?}: {text:?}");
    }
}

/// Every file under `dir` with its bytes.
fn files_under(dir: &Path) -> std::collections::BTreeMap<std::path::PathBuf, Vec<u8>> {
    let mut out = std::collections::BTreeMap::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        for entry in std::fs::read_dir(&d).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                todo.push(path);
            } else {
                let bytes = std::fs::read(&path).unwrap();
                out.insert(path, bytes);
            }
        }
    }
    out
}

/// Writes `game` as a save at `path`, whatever name it holds.
fn write_save(path: &Path, game: &SavedGame) {
    let bytes = persist::game::game_bytes(persist::Kind::Save, game).unwrap();
    std::fs::write(path, bytes).unwrap();
}

#[test]
fn a_friends_save_goes_on_in_its_own_file_never_in_the_one_its_name_names() {
    let dir = scratch("friend");
    let saves = SaveDir(dir.clone());
    let mine = game();
    let my_save = persist::save_game(&saves, &mine).unwrap();
    persist::save_game(&saves, &mine).unwrap();
    // The friend's game holds the same name as mine.
    let mut theirs = scripted::play(5, 10, 2);
    assert!(!theirs.current.is_over(), "the friend's game goes on");
    theirs.name = mine.name.clone();
    let friend = dir.join("friend.hdsave");
    write_save(&friend, &theirs);
    let before = files_under(&dir);

    let mut loaded = persist::load_game(&friend).unwrap();
    let mut file = hexdeep::ui::start::resumed_file(&mut loaded, &friend).unwrap();
    assert_eq!(file.save(&loaded.current, &[]).unwrap(), friend);

    let after = files_under(&dir);
    assert_eq!(after[&my_save], before[&my_save], "my save is untouched");
    let my_backup = persist::store::backup_of(&my_save);
    assert_eq!(after[&my_backup], before[&my_backup]);
    let back = persist::load_game(&friend).unwrap();
    assert_eq!(back.current.seed(), 5);
    assert_eq!(back.name, "friend", "the save now holds its file's name");

    // Its backup goes on in the save beside it.
    let bak = persist::store::backup_of(&friend);
    let mut loaded = persist::load_game(&bak).unwrap();
    let file = hexdeep::ui::start::resumed_file(&mut loaded, &bak).unwrap();
    assert_eq!(file.path, friend);
}

#[test]
fn no_name_inside_a_save_writes_outside_its_file_or_over_the_hall_of_fame() {
    let outside = scratch("names-outside");
    let absolute = outside.join("absolute");
    let long = "n".repeat(300);
    let names = [
        "scores",
        "../../x",
        "../names-outside/escaped",
        absolute.to_str().unwrap(),
        long.as_str(),
        "nul\0name",
        "",
    ];
    for (i, name) in names.iter().enumerate() {
        let dir = scratch(&format!("names-{i}"));
        let saves = SaveDir(dir.clone());
        let mut old = game();
        old.current.abandon(Ending::Quit);
        persist::record_score(&saves, Score::of("earlier", &old.current, false)).unwrap();
        let scores = files_under(&dir);
        let mut theirs = game();
        theirs.name = (*name).to_string();
        let path = dir.join("copied.hdsave");
        write_save(&path, &theirs);

        let mut loaded = persist::load_game(&path).unwrap();
        let mut file = hexdeep::ui::start::resumed_file(&mut loaded, &path).unwrap();
        file.save(&loaded.current, &[]).unwrap();
        let now = files_under(&dir);
        let kept: Vec<_> = now.keys().collect();
        assert_eq!(
            kept,
            [&path, &persist::store::backup_of(&path), &saves.scores()],
            "{name:?}"
        );
        assert_eq!(now[&saves.scores()], scores[&saves.scores()], "{name:?}");

        // The end puts it away under its file's name too.
        let mut world = loaded.current.clone();
        world.abandon(Ending::Quit);
        let done = file.finish(&world, &[]).unwrap();
        assert!(done.problems.is_empty(), "{name:?}: {:?}", done.problems);
        assert_eq!(done.replay, Some(saves.finished().join("copied.hdsave")));
        assert_eq!(done.morgue, Some(saves.morgue().join("copied.txt")));
        assert!(!path.exists(), "{name:?}");
        assert!(
            persist::load_scores(&saves).unwrap().entries.len() == 2,
            "{name:?}"
        );
        assert!(files_under(&outside).is_empty(), "{name:?}");
        for stray in ["x.hdsave", "../x.hdsave"] {
            assert!(!dir.join("..").join(stray).exists(), "{name:?}");
        }
    }
}

#[test]
fn a_saves_folder_that_is_a_file_is_refused_at_start() {
    let dir = scratch("saves-file");
    let file = dir.join("not-a-folder");
    std::fs::write(&file, b"x").unwrap();
    for args in [
        vec!["play", "--seed", "1"],
        vec![],
        vec!["continue"],
        vec!["scores"],
    ] {
        let out = hexdeep(&file, &args);
        let text = printed(&out);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {text}");
        assert!(
            text.contains("not-a-folder") && text.contains("not a folder"),
            "{args:?}: {text}"
        );
    }
    assert_eq!(std::fs::read(&file).unwrap(), b"x");
}

#[test]
fn temporary_files_of_killed_saves_are_cleared_when_the_folder_is_opened() {
    let dir = scratch("stale");
    std::fs::create_dir_all(dir.join("finished")).unwrap();
    // No process has this id (Linux ids stop at 2^22).
    let gone = dir.join(".game-3.hdsave.999999999.tmp");
    let gone_finished = dir.join("finished/.game-3.hdsave.999999998.tmp");
    // Process 1 runs: its fresh file may be a save under way; an hour-old one is not.
    let live = dir.join(".game-4.hdsave.1.tmp");
    let old = dir.join(".game-5.hdsave.1.tmp");
    let other = dir.join(".notes.txt");
    // A save cut short while written: it starts as every hexdeep file does.
    for path in [&gone, &gone_finished, &live, &old, &other] {
        std::fs::write(path, b"HEXDEEP\0partial").unwrap();
    }
    let hour_ago = std::time::SystemTime::now() - std::time::Duration::from_secs(3600);
    std::fs::File::options()
        .write(true)
        .open(&old)
        .unwrap()
        .set_modified(hour_ago)
        .unwrap();
    let out = hexdeep(&dir, &["scores"]);
    assert_eq!(out.status.code(), Some(0), "{}", printed(&out));
    assert!(!gone.exists() && !gone_finished.exists() && !old.exists());
    assert!(other.exists(), "other files are kept");
    if Path::new("/proc/1").exists() {
        assert!(live.exists(), "a fresh file of a running process is kept");
    }
}

/// A score of a run that ended at depth `deepest`.
fn score(deepest: u32) -> Score {
    Score {
        name: format!("run-{deepest}"),
        seed: u64::from(deepest),
        tiling: Tiling::Hex,
        ending: Ending::Quit,
        deepest,
        turns: 10,
        kills: 0,
        taken_over: false,
    }
}

/// Flips one bit near the end of the file at `path`.
fn flip_a_bit(path: &Path) {
    let mut bytes = std::fs::read(path).unwrap();
    let n = bytes.len();
    bytes[n - 2] ^= 0x08;
    std::fs::write(path, bytes).unwrap();
}

#[test]
fn a_damaged_hall_of_fame_falls_back_to_its_backup_and_keeps_recording() {
    let dir = scratch("scores-bak");
    let saves = SaveDir(dir.clone());
    persist::record_score(&saves, score(3)).unwrap();
    persist::record_score(&saves, score(5)).unwrap();
    let backup = persist::store::backup_of(&saves.scores());
    assert!(backup.exists(), "the hall of fame keeps its backup");
    flip_a_bit(&saves.scores());
    let hall = persist::load_scores(&saves).unwrap();
    assert_eq!(hall.entries, [score(3)], "the backup stands in");
    let out = hexdeep(&dir, &["scores"]);
    assert_eq!(out.status.code(), Some(0), "{}", printed(&out));
    assert!(printed(&out).contains("depth 3"), "{}", printed(&out));
    // The next run is recorded over the damaged file; the sound backup is kept.
    assert_eq!(persist::record_score(&saves, score(4)).unwrap(), Some(1));
    let hall = persist::load_scores(&saves).unwrap();
    assert_eq!(hall.entries, [score(4), score(3)]);
    // Both damaged: the run is not recorded, and the error says why.
    persist::record_score(&saves, score(6)).unwrap();
    flip_a_bit(&saves.scores());
    flip_a_bit(&backup);
    let err = persist::record_score(&saves, score(7)).unwrap_err();
    assert!(err.to_string().contains("scores.hdsave"), "{err}");
}
