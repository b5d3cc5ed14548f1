//! Running hexdeep as a user would in tests, and scratch folders for the files it reads and
//! writes.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// Runs the `hexdeep` binary with `args` and waits for it.
pub fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_hexdeep"))
        .args(args)
        .output()
        .unwrap()
}

/// Runs `hexdeep ARGS --saves DIR` under `timeout`, with no terminal and nothing on standard
/// input, so a hang fails the test (exit 124) instead of blocking it.
pub fn run_in(saves: &Path, args: &[&str]) -> Output {
    Command::new("timeout")
        .arg("120")
        .arg(env!("CARGO_BIN_EXE_hexdeep"))
        .args(args)
        .arg("--saves")
        .arg(saves)
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

/// What a run printed on standard output.
pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// What a run printed on standard error.
pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// An empty scratch folder named after the test binary and `name`, so test files running side
/// by side never share one.
pub fn scratch(name: &str) -> PathBuf {
    let binary = module_path!().split("::").next().unwrap_or("test");
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("{binary}-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}
