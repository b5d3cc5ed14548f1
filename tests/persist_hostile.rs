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
use hexdeep::persist::{self, SaveDir, SavedGame, Score};
use hexdeep::sim::Ending;
use std::path::Path;
use std::process::{Output, Stdio};

/// Renames the window and clears the screen when printed raw.
const HOSTILE: &str = "\x1b]0;PWNED\x07\x1b[2J";

/// Runs `hexdeep ARGS --saves DIR` under `timeout`, with no terminal.
fn hexdeep(saves: &Path, args: &[&str]) -> Output {
    std::process::Command::new("timeout")
        .arg("120")
        .arg(env!("CARGO_BIN_EXE_hexdeep"))
        .args(args)
        .arg("--saves")
        .arg(saves)
        .stdin(Stdio::null())
        .output()
        .unwrap()
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
