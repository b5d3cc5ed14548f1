//! Inputs hold their limits: every command refuses what it cannot do in bounded time and
//! memory with a message, never hangs on a FIFO, and never leaves a half-written file.
#![allow(clippy::unwrap_used)]

#[path = "support/cli.rs"]
mod cli;
use cli::{run, scratch, stderr, stdout};
use std::path::Path;
use std::process::Command;

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

const SMALL: &str = "+++\n# the front matter keeps this comment\nname = \"small\"\n+++\n# # # #\n # @ . #\n# . > #\n";

/// A `.tmj` map (flat-top, `staggeraxis="x"`) of one-tile-wide chunks of floor: `(x, y, height)`.
fn tmj_columns(chunks: &[(i64, i64, usize)], extra: &str) -> String {
    let list: Vec<serde_json::Value> = chunks
        .iter()
        .map(|&(x, y, h)| {
            serde_json::json!({"x": x, "y": y, "width": 1, "height": h, "data": vec![1; h]})
        })
        .collect();
    let mut map = serde_json::json!({
        "orientation": "hexagonal", "staggeraxis": "x", "staggerindex": "even",
        "tilewidth": 32, "tileheight": 32, "hexsidelength": 16, "infinite": true,
        "tilesets": [{"firstgid": 1, "name": "t", "tiles": [{"id": 0, "type": "floor"}]}],
        "layers": [{"type": "tilelayer", "chunks": list}]
    });
    if !extra.is_empty() {
        map["properties"] = serde_json::json!([{"name": "name", "type": "string", "value": extra}]);
    }
    map.to_string()
}

#[test]
fn fifos_and_folders_are_refused_without_blocking() {
    let dir = scratch("fifo");
    let fifo = dir.join("pipe.hexmap");
    let made = Command::new("mkfifo").arg(&fifo).status().unwrap();
    assert!(made.success());
    let json = dir.join("pipe.json");
    Command::new("mkfifo").arg(&json).status().unwrap();
    let folder = dir.join("folder.hexmap");
    std::fs::create_dir(&folder).unwrap();
    let good = dir.join("good.hexmap");
    std::fs::write(&good, SMALL).unwrap();
    for args in [
        vec!["map", "check", s(&fifo)],
        vec!["map", "render", s(&fifo)],
        vec!["map", "check", s(&folder)],
        vec!["sim", s(&json)],
        vec!["map", "convert", s(&good), s(&fifo)],
        vec!["map", "convert", s(&good), s(&folder)],
    ] {
        let out = run(&args);
        assert_ne!(out.status.code(), Some(0), "{args:?}");
        let text = stdout(&out) + &stderr(&out);
        assert!(
            text.contains("not a regular file") || text.contains("is a folder"),
            "{args:?}: {text}"
        );
    }
}

#[test]
fn a_file_over_the_limit_is_reported_with_its_real_size() {
    let dir = scratch("huge");
    let big = dir.join("big.hexmap");
    std::fs::write(&big, vec![b'.'; (4 << 20) + 1000]).unwrap();
    let text = stdout(&run(&["map", "check", s(&big)]));
    assert!(text.contains("4195304 bytes"), "{text}");
    let scenario = dir.join("big.json");
    std::fs::write(&scenario, vec![b' '; (8 << 20) + 7]).unwrap();
    let out = run(&["sim", s(&scenario)]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("8388615 bytes"), "{}", stderr(&out));
}

#[test]
fn a_byte_order_mark_is_accepted_everywhere() {
    let dir = scratch("bom");
    let hexmap = dir.join("m.hexmap");
    std::fs::write(&hexmap, format!("\u{feff}{SMALL}")).unwrap();
    let tmj = dir.join("m.tmj");
    std::fs::write(&tmj, format!("\u{feff}{}", tmj_columns(&[(0, 0, 3)], ""))).unwrap();
    let scenario = dir.join("s.json");
    std::fs::write(&scenario, "\u{feff}{\"units\":[]}").unwrap();
    for args in [
        vec!["map", "check", s(&hexmap)],
        vec!["map", "check", s(&tmj)],
        vec!["sim", s(&scenario)],
    ] {
        let out = run(&args);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{args:?}: {}{}",
            stdout(&out),
            stderr(&out)
        );
    }
}

#[test]
fn convert_refuses_to_overwrite_its_input() {
    let dir = scratch("same");
    let map = dir.join("m.hexmap");
    std::fs::write(&map, SMALL).unwrap();
    let link = dir.join("link.hexmap");
    std::fs::hard_link(&map, &link).unwrap();
    let dotted = dir.join(".").join("m.hexmap");
    for out_path in [&map, &link, &dotted] {
        let out = run(&["map", "convert", s(&map), s(out_path)]);
        assert_eq!(out.status.code(), Some(2), "{}", out_path.display());
        assert!(stderr(&out).contains("is the input"), "{}", stderr(&out));
    }
    assert_eq!(std::fs::read_to_string(&map).unwrap(), SMALL);
}

#[test]
fn a_failed_write_keeps_the_previous_output() {
    // A file-size limit of 1 KiB kills the writer part way: the old output must survive whole.
    let dir = scratch("fsize");
    let input = dir.join("wide.tmj");
    let chunks: Vec<(i64, i64, usize)> = (0..400).map(|x| (x, 0, 40)).collect();
    std::fs::write(&input, tmj_columns(&chunks, "")).unwrap();
    let output = dir.join("out.hexmap");
    std::fs::write(&output, SMALL).unwrap();
    let script = format!(
        "ulimit -f 2; exec '{}' map convert '{}' '{}'",
        env!("CARGO_BIN_EXE_hexdeep"),
        s(&input),
        s(&output)
    );
    let out = Command::new("sh").arg("-c").arg(&script).output().unwrap();
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(stderr(&out).contains("cannot write"), "{}", stderr(&out));
    assert_eq!(std::fs::read_to_string(&output).unwrap(), SMALL);
    assert_eq!(
        std::fs::read_dir(&dir).unwrap().count(),
        2,
        "no temporary file is left"
    );
    let check = run(&["map", "check", s(&output)]);
    assert_eq!(check.status.code(), Some(0));
}

#[test]
fn convert_never_writes_what_the_reader_rejects() {
    let dir = scratch("readback");
    // A 30,000-tile column: its text would have lines of 30,000 characters (and 900 MB).
    let column = dir.join("column.tmj");
    std::fs::write(&column, tmj_columns(&[(0, 0, 30_000)], "")).unwrap();
    let out_path = dir.join("column.hexmap");
    let out = run(&["map", "convert", s(&column), s(&out_path)]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("at most 4096"), "{}", stderr(&out));
    assert!(!out_path.exists());
    // A name longer than a line may be: the writer's text would not read back.
    let named = dir.join("named.tmj");
    std::fs::write(&named, tmj_columns(&[(0, 0, 3)], &"n".repeat(5000))).unwrap();
    let out_path = dir.join("named.hexmap");
    let out = run(&["map", "convert", s(&named), s(&out_path)]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("would not read back"),
        "{}",
        stderr(&out)
    );
    assert!(stderr(&out).contains("characters long"), "{}", stderr(&out));
    assert!(!out_path.exists());
}

#[test]
fn render_refuses_a_text_too_large_to_draw() {
    let dir = scratch("thin");
    for (name, chunks) in [
        ("apart.tmj", vec![(0, 0, 1), (0, 1_000_000, 1)]),
        ("column.tmj", vec![(0, 0, 100_000)]),
    ] {
        let map = dir.join(name);
        std::fs::write(&map, tmj_columns(&chunks, "")).unwrap();
        let out = run(&["map", "render", s(&map)]);
        assert_eq!(out.status.code(), Some(1), "{name}");
        assert!(
            stderr(&out).contains("expected at most 16777216 cells"),
            "{}",
            stderr(&out)
        );
        assert!(stderr(&out).contains(name), "{}", stderr(&out));
        let json = run(&["map", "render", "--json", s(&map)]);
        assert_eq!(json.status.code(), Some(0), "{}", stderr(&json));
    }
}

#[test]
fn negative_coordinates_need_no_equals_sign() {
    let dir = scratch("negative");
    let map = dir.join("neg.tmj");
    std::fs::write(&map, tmj_columns(&[(-2, -3, 4), (-1, -3, 4)], "")).unwrap();
    let out = run(&[
        "map",
        "render",
        s(&map),
        "--fov",
        "-1,-1",
        "--range",
        "-1,-1,3",
        "--path",
        "-1,-1:-2,-2",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.contains("fov: ") && text.contains("range: ") && text.contains("path: "),
        "{text}"
    );
}

#[test]
fn tiled_layers_are_counted_before_each_is_decoded() {
    // The second layer would take the total past the limit: it is refused before its data
    // (here not even valid base64) is decoded, so many big layers cannot pile up in memory.
    let mut map: serde_json::Value = serde_json::from_str(&tmj_columns(&[(0, 0, 1)], "")).unwrap();
    map["layers"].as_array_mut().unwrap().push(
        serde_json::json!({"type": "tilelayer", "width": 4096, "height": 4096, "data": "!!!"}),
    );
    let none = |_: &str| -> Result<Vec<u8>, String> { Err("no files".into()) };
    let err = hexdeep::mapfile::tiled::parse_tmj("m.tmj", map.to_string().as_bytes(), &none)
        .unwrap_err()
        .to_string();
    assert!(err.contains("at least 16777217 tiles"), "{err}");
    assert!(err.starts_with("m.tmj"), "{err}");
}

#[test]
fn a_scenario_whose_map_is_too_large_is_refused_with_its_name() {
    let dir = scratch("sim-map");
    let far = dir.join("far.json");
    std::fs::write(
        &far,
        r#"{"units":[{"id":"A","pos":[0,0]},{"id":"B","pos":[5000,5000]}]}"#,
    )
    .unwrap();
    let out = run(&["sim", s(&far)]);
    assert_eq!(out.status.code(), Some(2));
    let text = stderr(&out);
    assert!(text.contains("far.json"), "{text}");
    assert!(text.contains("5003 × 5003 tiles"), "{text}");
    assert!(text.contains("at most 1000000"), "{text}");
}
