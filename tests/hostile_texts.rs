//! Texts that reach the terminal from files and file names, as a hostile user would plant
//! them: every message about a scenario, a map or a saves folder prints them escaped, even when
//! the message is a reader's own (a JSON reader quotes an unknown field raw), and a full
//! standard error is no reason to panic. Each file is made here, in the test.
#![allow(clippy::unwrap_used)]

#[path = "support/cli.rs"]
mod cli;
#[path = "support/room.rs"]
mod room;

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// Renames the window and clears the screen when printed raw.
const HOSTILE: &str = "\x1b]0;PWNED\x07\x1b[2J";

/// The same, as a JSON string escapes it.
const HOSTILE_JSON: &str = "\\u001b]0;PWNED\\u0007\\u001b[2J";

/// Whether `text` holds no control character but line breaks.
fn is_clean(text: &str) -> bool {
    !text.chars().any(|c| c.is_control() && c != '\n')
}

/// Everything a run printed.
fn printed(out: &Output) -> String {
    format!("{}{}", cli::stdout(out), cli::stderr(out))
}

/// A file in `dir` whose name holds [`HOSTILE`], with `text`.
fn planted(dir: &Path, ext: &str, text: &str) -> PathBuf {
    let path = dir.join(format!("x{HOSTILE}.{ext}"));
    std::fs::write(&path, text).unwrap();
    path
}

fn arg(path: &Path) -> &str {
    path.to_str().unwrap()
}

#[test]
fn a_scenarios_own_words_and_its_name_are_printed_escaped() {
    let dir = cli::scratch("scenario");
    // serde_json quotes an unknown field as the file spells it.
    let unknown = dir.join("unknown.json");
    std::fs::write(
        &unknown,
        format!("{{\"units\": [], \"{HOSTILE_JSON}\": 1}}"),
    )
    .unwrap();
    let unit = dir.join("unit.json");
    let text =
        format!("{{\"units\": [{{\"id\": \"A\", \"pos\": [0, 0], \"{HOSTILE_JSON}\": 1}}]}}");
    std::fs::write(&unit, text).unwrap();
    let named = planted(&dir, "json", "{\"units\": 5}");
    for file in [&unknown, &unit, &named] {
        let out = cli::run(&["sim", arg(file)]);
        let text = printed(&out);
        assert_eq!(out.status.code(), Some(2), "{text}");
        assert!(text.contains("PWNED"), "{text:?}");
        assert!(is_clean(&text), "{text:?}");
    }
}

#[test]
fn a_map_commands_messages_print_file_names_escaped() {
    let dir = cli::scratch("map-names");
    let map = planted(&dir, "hexmap", "# # #\n # @ #\n# # #\n");
    let triangle = planted(&dir, "tri.hexmap", "+++\ngrid = \"triangle\"\n+++\n#@.#\n");
    let text = planted(&dir, "txt", "not a map");
    let missing = dir.join(format!("gone{HOSTILE}/out.hexmap"));
    let out_txt = dir.join(format!("out{HOSTILE}.txt"));
    for args in [
        vec!["map", "check", arg(&text)],
        vec!["map", "render", arg(&text)],
        vec!["map", "render", arg(&triangle), "--large"],
        vec!["map", "convert", arg(&map), arg(&out_txt)],
        vec!["map", "convert", arg(&map), arg(&map)],
        vec!["map", "convert", arg(&map), arg(&missing)],
    ] {
        let out = cli::run(&args);
        let text = printed(&out);
        assert!(!out.status.success(), "{args:?}: {text}");
        assert!(text.contains("PWNED"), "{args:?}: {text:?}");
        assert!(is_clean(&text), "{args:?}: {text:?}");
    }
}

#[test]
fn a_saves_path_that_is_no_folder_is_named_escaped() {
    let dir = cli::scratch("saves-name");
    let file = planted(&dir, "txt", "x");
    let out = cli::run_in(&file, &["scores"]);
    let text = printed(&out);
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(
        text.contains("PWNED") && text.contains("not a folder"),
        "{text:?}"
    );
    assert!(is_clean(&text), "{text:?}");
}

#[test]
fn a_full_standard_error_is_no_reason_to_panic() {
    let full = Path::new("/dev/full");
    if !full.exists() {
        return;
    }
    let dir = cli::scratch("full");
    let scenario = dir.join("bad.json");
    std::fs::write(&scenario, "{\"units\": 5}").unwrap();
    // Not a map file's name: refused with a message, exit 2.
    let text = dir.join("notes.txt");
    for args in [
        vec!["sim", arg(&scenario)],
        vec!["map", "check", arg(&text)],
    ] {
        let status = Command::new(env!("CARGO_BIN_EXE_hexdeep"))
            .args(&args)
            .stdout(Stdio::null())
            .stderr(std::fs::File::create(full).unwrap())
            .status()
            .unwrap();
        assert_eq!(status.code(), Some(2), "{args:?}");
    }
}

#[test]
fn the_character_dump_keeps_no_control_character_from_a_map_or_a_save() {
    // A map file's name and a save's last messages, as a dump read with `cat` would send them.
    let mut level = room::level(&[]);
    level.name = format!("Crypt{HOSTILE}");
    let world = hexdeep::sim::World::new(
        hexdeep::content::Content::bundled().unwrap().into(),
        level,
        5,
    )
    .unwrap();
    let log = [format!("You read{HOSTILE}\ta note.")];
    let dump = hexdeep::ui::morgue::text(&world, &log);
    assert!(dump.contains("Crypt") && dump.contains("PWNED"), "{dump}");
    assert!(dump.contains("\ta note"), "tabs are kept: {dump:?}");
    assert!(
        !dump
            .chars()
            .any(|c| c.is_control() && c != '\n' && c != '\t'),
        "{dump:?}"
    );
}
