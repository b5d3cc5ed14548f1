//! `hexdeep map check | render | convert`, run as a user would.
#![allow(clippy::unwrap_used)]

#[path = "support/cli.rs"]
mod cli;
use cli::{run, scratch, stdout};
use std::path::Path;

const SMALL: &str =
    "+++\n[legend]\n\"g\" = { monster = \"goblin\" }\n+++\n# # # # #\n # @ . g #\n# . ~ . #\n";

#[test]
fn bundled_maps_pass_check() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("data/maps");
    let mut count = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let out = run(&["map", "check", path.to_str().unwrap()]);
        let text = stdout(&out);
        assert_eq!(out.status.code(), Some(0), "{}: {text}", path.display());
        assert!(!text.contains("error"), "{text}");
        assert!(text.lines().last().unwrap().starts_with("ok: "), "{text}");
        count += 1;
    }
    assert!(count >= 3);
}

#[test]
fn check_prints_the_summary_or_every_error() {
    let dir = scratch("check");
    let good = dir.join("small.hexmap");
    std::fs::write(&good, SMALL).unwrap();
    let out = run(&["map", "check", good.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0));
    // 5 + 5 + 5 tiles, the @ and the goblin.
    assert_eq!(stdout(&out).trim(), "ok: 15 tiles, 1 start, 1 monster");

    let bad = dir.join("bad.hexmap");
    std::fs::write(&bad, "X . Y\n . .\n").unwrap();
    let out = run(&["map", "check", bad.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].ends_with("bad.hexmap:1:1: error: unknown glyph 'X': expected one of . # + ' ~ = \" > < @, a legend glyph, or a space"), "{text}");
    assert!(lines[1].contains("bad.hexmap:1:5: error:"), "{text}");
    assert_eq!(lines[2], "2 errors, 0 warnings");

    let out = run(&["map", "check", dir.join("missing.hexmap").to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let out = run(&["map", "check", dir.join("map.txt").to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn render_json_has_only_the_overlays_asked_for() {
    let dir = scratch("render");
    let file = dir.join("small.hexmap");
    std::fs::write(&file, SMALL).unwrap();
    let f = file.to_str().unwrap();
    let out = run(&["map", "render", f, "--json"]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(stdout(&out).trim(), r#"{"grid":"hex","tiles":15}"#);

    // @ is (2, 1) and the water (3, 2) costs 2, so the path to (4, 2) goes by (3, 1): cost 2.
    let out = run(&[
        "map", "render", f, "--path", "2,1:4,2", "--range", "2,1,1", "--fov", "2,1,1", "--json",
    ]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["path"], serde_json::json!([[2, 1], [3, 1], [4, 2]]));
    assert_eq!(v["path_cost"], 2);
    // Range 1 from (2, 1): itself and the neighbours costing 1, (3, 1) and (2, 2); the water
    // costs 2 and the rest are walls. Reading order: by row, then x.
    assert_eq!(v["range"], serde_json::json!([[2, 1], [3, 1], [2, 2]]));
    assert_eq!(v["fov"].as_array().unwrap().len(), 7);

    let out = run(&["map", "render", f, "--path", "2,1:1,0", "--json"]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(v["path"].is_null() && v["path_cost"].is_null(), "{v}");

    let out = run(&["map", "render", f]);
    assert_eq!(stdout(&out), "# # # # #\n # @ . g #\n# . ~ . #\n");
    assert!(!stdout(&out).contains('\u{1b}'), "no colour when piped");

    for bad in [
        ["--fov", "1"],
        ["--path", "1,2"],
        ["--range", "a,b,c"],
        ["--fov", "40,40"],
    ] {
        let out = run(&["map", "render", f, bad[0], bad[1]]);
        assert_eq!(out.status.code(), Some(2), "{bad:?}");
    }
}

#[test]
fn convert_writes_a_hexmap_that_checks_the_same() {
    let dir = scratch("convert");
    let tmj = dir.join("cave.tmj");
    let map = serde_json::json!({
        "orientation": "hexagonal", "staggeraxis": "y", "staggerindex": "odd",
        "tilewidth": 32, "tileheight": 32, "hexsidelength": 16, "width": 2, "height": 2,
        "tilesets": [{"firstgid": 1, "source": "t.tsj"}],
        "layers": [{"type": "tilelayer", "width": 2, "height": 2, "data": [1, 2, 2, 1]}]
    });
    std::fs::write(&tmj, map.to_string()).unwrap();
    std::fs::write(
        dir.join("t.tsj"),
        r#"{"tiles": [{"id": 0, "type": "floor"}, {"id": 1, "type": "deep_water"}]}"#,
    )
    .unwrap();
    let out_file = dir.join("cave.hexmap");
    let out = run(&[
        "map",
        "convert",
        tmj.to_str().unwrap(),
        out_file.to_str().unwrap(),
    ]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // Row 1 is shifted right (odd stagger): (0,0) (1,0) / (1,1) (2,1).
    assert_eq!(std::fs::read_to_string(&out_file).unwrap(), ". =\n = .\n");
    let out = run(&["map", "check", out_file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0));

    let out = run(&[
        "map",
        "convert",
        tmj.to_str().unwrap(),
        dir.join("x.tmx").to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn play_refuses_maps_given_out_of_their_depths_order() {
    let saves = scratch("depths");
    let out = cli::run_in(
        &saves,
        &[
            "play",
            "--map",
            "data/maps/fortress.hexmap",
            "--map",
            "data/maps/arena.hexmap",
        ],
    );
    assert_eq!(out.status.code(), Some(1));
    let err = cli::stderr(&out);
    assert!(
        err.contains("data/maps/arena.hexmap: its depth is 2, but the maps given before it already make depths 1 to 3"),
        "{err}"
    );
}

#[test]
fn play_refuses_square_and_triangle_maps_with_a_clear_message() {
    let saves = scratch("tilings");
    for (map, tiling) in [
        ("data/maps/square_keep.hexmap", "square"),
        ("data/maps/triangle_hall.hexmap", "triangle"),
    ] {
        let out = cli::run_in(&saves, &["play", "--map", map]);
        assert_eq!(out.status.code(), Some(1), "{map}");
        let err = cli::stderr(&out);
        assert!(
            err.contains(&format!(
                "{map}: {tiling} maps can be rendered and checked; playing them comes with --grid"
            )),
            "{err}"
        );
        assert!(!err.contains("panicked"), "{err}");
    }
}
