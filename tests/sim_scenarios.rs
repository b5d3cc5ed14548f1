//! Every scenario under `tests/scenarios/` resolves to its `.expected.json`, and the `hexdeep
//! sim` command prints the same output.
#![allow(clippy::unwrap_used)]

use std::path::{Path, PathBuf};
use std::process::Command;

fn scenario_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios")
}

/// The scenario files (not the expected outputs), sorted.
fn scenarios() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(scenario_dir())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            let name = p.file_name().unwrap().to_string_lossy();
            name.ends_with(".json") && !name.ends_with(".expected.json")
        })
        .collect();
    files.sort();
    files
}

fn expected(path: &Path) -> serde_json::Value {
    let name = path.file_stem().unwrap().to_string_lossy();
    let text = std::fs::read_to_string(path.with_file_name(format!("{name}.expected.json")))
        .unwrap_or_else(|e| panic!("{name}: no expected file: {e}"));
    serde_json::from_str(&text).unwrap()
}

#[test]
fn every_scenario_matches_its_expected_output() {
    let files = scenarios();
    assert!(files.len() >= 31, "only {} scenarios", files.len());
    let mut failures = Vec::new();
    for path in &files {
        let text = std::fs::read_to_string(path).unwrap();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        match hexdeep::sim::scenario::run_json(&text) {
            Ok(out) => {
                let got: serde_json::Value = serde_json::from_str(&out).unwrap();
                if got != expected(path) {
                    failures.push(format!("{name}: got {out}"));
                }
            }
            Err(e) => failures.push(format!("{name}: error {e}")),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_binary_prints_the_output() {
    let path = scenario_dir().join("three_cycle_rotates.json");
    let out = Command::new(env!("CARGO_BIN_EXE_hexdeep"))
        .arg("sim")
        .arg(&path)
        .output()
        .unwrap();
    assert!(out.status.success());
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert_eq!(
        stdout.trim_end(),
        r#"{"units":[{"id":"A","pos":[1,0],"hp":10,"alive":true},{"id":"B","pos":[1,1],"hp":10,"alive":true},{"id":"C","pos":[0,0],"hp":10,"alive":true}]}"#
    );
    let got: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(got, expected(&path));
}

#[test]
fn the_binary_exits_2_on_malformed_input() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("hexdeep-sim-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.json");
    std::fs::write(
        &bad,
        "{\n  \"units\": [\n    {\"id\": \"A\", \"pos\": [0, 0]\n  ]\n}\n",
    )
    .unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_hexdeep"))
        .arg("sim")
        .arg(&bad)
        .output()
        .unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(stderr.contains("line 4"), "{stderr}");
    assert!(out.stdout.is_empty());
}
