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
        assert!(!text.contains("warning"), "{text}");
        assert!(text.lines().last().unwrap().starts_with("ok: "), "{text}");
        count += 1;
    }
    // The three hex maps, square_keep, thin_keep (large, with sides) and triangle_hall.
    assert!(count >= 6);
}

#[test]
fn check_prints_the_summary_or_every_error() {
    let dir = scratch("check");
    let good = dir.join("small.hexmap");
    std::fs::write(&good, SMALL).unwrap();
    let out = run(&["map", "check", good.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0));
    // 5 + 5 + 5 tiles, the @ and the goblin; no stairs down, so the game puts them where
    // the generator would, farthest from the start, and check says so.
    assert_eq!(
        stdout(&out).trim(),
        format!(
            "{}: warning: the map has no stairs down: they are put at (4, 1), the tile \
             farthest from the start (2, 1) (as the generator puts them)\n\
             ok: 15 tiles, 1 start, 1 monster, 1 warning",
            good.display()
        )
    );

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
    // Range 1 from (2, 1): itself and every neighbour it steps onto in one action, (3, 1),
    // (2, 2) and the water (3, 2) (wading costs the action after); the rest are walls.
    // Reading order: by row, then x.
    assert_eq!(
        v["range"],
        serde_json::json!([[2, 1], [3, 1], [2, 2], [3, 2]])
    );
    assert_eq!(v["fov"].as_array().unwrap().len(), 7);

    let out = run(&["map", "render", f, "--path", "2,1:1,0", "--json"]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(v["path"].is_null() && v["path_cost"].is_null(), "{v}");

    // As the game draws it: a `#` joins two walls side by side.
    let out = run(&["map", "render", f]);
    assert_eq!(stdout(&out), "#########\n # @ . g #\n# . ~ . #\n");
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
fn play_refuses_a_map_of_another_tiling_than_the_game() {
    let saves = scratch("tilings");
    for (map, tiling) in [
        ("data/maps/square_keep.hexmap", "square"),
        ("data/maps/triangle_hall.hexmap", "triangle"),
    ] {
        let out = cli::run_in(&saves, &["play", "--grid", "hex", "--map", map]);
        assert_eq!(out.status.code(), Some(1), "{map}");
        let err = cli::stderr(&out);
        assert!(
            err.contains(&format!(
                "{map}: a {tiling} map, but this game is played on a hex grid: play it with --grid {tiling}"
            )),
            "{err}"
        );
        assert!(!err.contains("panicked"), "{err}");
    }
}

const SQUARE: &str = "+++\ngrid = \"square\"\n+++\n# # # # #\n# @ . ~ #\n# # . # #\n# # # # #\n";
const TRIANGLE: &str = "+++\ngrid = \"triangle\"\n+++\n#######\n#@..~.#\n#######\n";

#[test]
fn render_takes_a_third_number_on_triangle_maps_only() {
    let dir = scratch("render-tilings");
    let (sq, tr) = (dir.join("sq.hexmap"), dir.join("tr.hexmap"));
    std::fs::write(&sq, SQUARE).unwrap();
    std::fs::write(&tr, TRIANGLE).unwrap();
    let (sq, tr) = (sq.to_str().unwrap(), tr.to_str().unwrap());

    let out = run(&[
        "map", "render", sq, "--json", "--path", "1,1:2,2", "--range", "1,1,1",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", cli::stderr(&out));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["grid"], "square");
    // (1, 1) to (2, 2) diagonally would pass the wall (1, 2): around by (2, 1).
    assert_eq!(v["path"], serde_json::json!([[1, 1], [2, 1], [2, 2]]));
    assert_eq!(v["range"], serde_json::json!([[1, 1], [2, 1]]));
    let out = run(&["map", "render", sq, "--path", "1,1:2,2"]);
    assert_eq!(
        stdout(&out),
        "#########\n# * * ~ #\n### * ###\n#########\npath: 2 steps, cost 2\n"
    );

    // @ is column 1, row 1: (0, 1, 0). Water at column 4 is (1, 1, 1).
    let out = run(&[
        "map",
        "render",
        tr,
        "--json",
        "--fov",
        "0,1,0",
        "--path",
        "0,1,0:2,1,0",
        "--range",
        "0,1,0,2",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", cli::stderr(&out));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["grid"], "triangle");
    assert_eq!(
        v["path"],
        serde_json::json!([[0, 1, 0], [0, 1, 1], [1, 1, 0], [1, 1, 1], [2, 1, 0]])
    );
    assert_eq!(v["path_cost"], 5);
    assert_eq!(
        v["range"],
        serde_json::json!([[0, 1, 0], [0, 1, 1], [1, 1, 0]])
    );
    assert_eq!(v["fov"].as_array().unwrap().len(), 21);
    let out = run(&["map", "render", tr, "--path", "0,1,0:2,1,0"]);
    assert_eq!(
        stdout(&out),
        "#######\n#*****#\n#######\npath: 4 steps, cost 5\n"
    );
}

/// Writes `text` as a map in the scratch folder `name` and checks that `map render` refuses
/// each of `cases` (an option and its value) with exit 2 and a message containing its text.
fn render_refuses(name: &str, text: &str, cases: &[([&str; 2], &str)]) {
    let file = scratch(name).join("map.hexmap");
    std::fs::write(&file, text).unwrap();
    for (bad, says) in cases {
        let out = run(&["map", "render", file.to_str().unwrap(), bad[0], bad[1]]);
        assert_eq!(out.status.code(), Some(2), "{bad:?}");
        let err = cli::stderr(&out);
        assert!(err.contains(says), "{bad:?}: {err}");
    }
}

#[test]
fn render_refuses_a_tile_of_the_wrong_form_for_a_triangle_map() {
    render_refuses(
        "render-tiling-errors-tr",
        TRIANGLE,
        &[
            (
                ["--fov", "0,1"],
                "--fov: 2 numbers name a tile, but on a triangle map a tile is X,Y,S",
            ),
            (["--path", "0,1:2,1,0"], "on a triangle map a tile is X,Y,S"),
            (
                ["--range", "0,1,2"],
                "--range: expected X,Y,S,M on a triangle map",
            ),
            (["--path", "0,1,2:2,1,0"], "--path: s = 2: expected 0 or 1"),
            (
                ["--fov", "9,9,1"],
                "--fov: (9, 9, 1) is not a tile of the map",
            ),
        ],
    );
}

#[test]
fn render_refuses_a_tile_of_the_wrong_form_for_a_square_map() {
    render_refuses(
        "render-tiling-errors-sq",
        SQUARE,
        &[
            (
                ["--path", "1,1,0:2,2"],
                "--path: 3 numbers name a tile, but on a square map a tile is X,Y",
            ),
            (
                ["--fov", "1,1,0,8"],
                "--fov: expected X,Y or X,Y,R on a square map",
            ),
            (
                ["--range", "1,1,0,2"],
                "--range: expected X,Y,M on a square map",
            ),
            (["--fov", "9,9"], "--fov: (9, 9) is not a tile of the map"),
        ],
    );
}

#[test]
fn render_refuses_a_tile_of_the_wrong_form_for_a_hex_map() {
    render_refuses(
        "render-tiling-errors-hx",
        SMALL,
        &[
            (
                ["--path", "2,1,0:3,1,0"],
                "--path: 3 numbers name a tile, but on a hex map a tile is X,Y",
            ),
            (
                ["--range", "2,1,0,2"],
                "--range: expected X,Y,M on a hex map",
            ),
        ],
    );
}

#[test]
fn convert_round_trips_every_tiling() {
    let dir = scratch("convert-tilings");
    for (name, text) in [("sq", SQUARE), ("tr", TRIANGLE), ("hx", SMALL)] {
        let first = dir.join(format!("{name}.hexmap"));
        std::fs::write(&first, text).unwrap();
        let second = dir.join(format!("{name}-2.hexmap"));
        let third = dir.join(format!("{name}-3.hexmap"));
        for (from, to) in [(&first, &second), (&second, &third)] {
            let out = run(&[
                "map",
                "convert",
                from.to_str().unwrap(),
                to.to_str().unwrap(),
            ]);
            assert_eq!(out.status.code(), Some(0), "{}", cli::stderr(&out));
        }
        // Warnings name the file checked.
        let check = |f: &Path| {
            let f = f.to_str().unwrap();
            stdout(&run(&["map", "check", f])).replace(f, "MAP")
        };
        assert_eq!(check(&first), check(&second), "{name}");
        let (a, b) = (
            std::fs::read_to_string(&second).unwrap(),
            std::fs::read_to_string(&third).unwrap(),
        );
        // The same text but for the name, which follows the file.
        assert_eq!(a.replace("-2", "-3"), b, "{name}");
        let render = |f: &Path| stdout(&run(&["map", "render", f.to_str().unwrap()]));
        assert_eq!(render(&first), render(&second), "{name}");
    }
    let sq = std::fs::read_to_string(dir.join("sq-2.hexmap")).unwrap();
    assert!(sq.starts_with("+++\ngrid = \"square\"\n"), "{sq}");
    let hx = std::fs::read_to_string(dir.join("hx-2.hexmap")).unwrap();
    assert!(!hx.contains("grid"), "{hx}");

    // An orthogonal Tiled map becomes a square .hexmap.
    let tmj = dir.join("room.tmj");
    let map = serde_json::json!({
        "orientation": "orthogonal", "tilewidth": 16, "tileheight": 16, "width": 3, "height": 2,
        "tilesets": [{"firstgid": 1, "name": "t", "tiles": [{"id": 0, "type": "floor"}, {"id": 1, "type": "wall"}]}],
        "layers": [{"type": "tilelayer", "width": 3, "height": 2, "data": [2, 1, 2, 1, 1, 1]}]
    });
    std::fs::write(&tmj, map.to_string()).unwrap();
    let out_file = dir.join("room.hexmap");
    let out = run(&[
        "map",
        "convert",
        tmj.to_str().unwrap(),
        out_file.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", cli::stderr(&out));
    assert_eq!(
        std::fs::read_to_string(&out_file).unwrap(),
        "+++\ngrid = \"square\"\n+++\n# . #\n. . .\n"
    );
}

#[test]
fn hostile_tiling_inputs_fail_cleanly_and_fast() {
    let dir = scratch("hostile-tilings");
    let long = dir.join("long.hexmap");
    std::fs::write(
        &long,
        format!("+++\ngrid = \"triangle\"\n+++\n@{}\n", ".".repeat(4096)),
    )
    .unwrap();
    let utf8 = dir.join("utf8.hexmap");
    std::fs::write(&utf8, b"+++\ngrid = \"square\"\n+++\n# @\xFF\n").unwrap();
    let grid = dir.join("grid.hexmap");
    std::fs::write(&grid, "+++\ngrid = \"octagon\"\n+++\n# @ #\n").unwrap();
    for (file, says) in [
        (
            &long,
            "long.hexmap:4:4097: error: the line is 4097 characters long",
        ),
        (&utf8, "utf8.hexmap:4:4: error: bytes that are not UTF-8"),
        (
            &grid,
            "grid.hexmap:2:8: error: unknown grid \"octagon\": expected hex, square or triangle",
        ),
    ] {
        let started = std::time::Instant::now();
        let out = cli::run_in(&dir, &["map", "render", file.to_str().unwrap(), "--json"]);
        assert!(started.elapsed().as_secs() < 10);
        assert_eq!(out.status.code(), Some(1), "{}", file.display());
        let err = cli::stderr(&out);
        assert!(err.contains(says) && !err.contains("panicked"), "{err}");
    }
}

#[test]
fn convert_keeps_the_depth_a_file_gives_even_depth_1() {
    let dir = scratch("convert-depth");
    for (depth, want) in [("depth = 1\n", true), ("depth = 4\n", true), ("", false)] {
        let input = dir.join("in.hexmap");
        let text = format!("+++\nname = \"x\"\n{depth}+++\n# # #\n # @ > #\n# # #\n");
        std::fs::write(&input, &text).unwrap();
        let output = dir.join("out.hexmap");
        let out = run(&[
            "map",
            "convert",
            input.to_str().unwrap(),
            output.to_str().unwrap(),
        ]);
        assert_eq!(out.status.code(), Some(0), "{}", cli::stderr(&out));
        let written = std::fs::read_to_string(&output).unwrap();
        assert_eq!(
            written.contains(depth.trim()) && !depth.is_empty(),
            want,
            "{written}"
        );
        assert_eq!(written.contains("depth"), want, "{written}");
        let back = hexdeep::mapfile::load_map(&output).unwrap();
        let first = hexdeep::mapfile::load_map(&input).unwrap();
        assert_eq!(back.depth, first.depth, "{written}");
    }
}

#[test]
fn maps_of_two_tilings_are_refused_without_a_false_hint() {
    let saves = scratch("mixed");
    let dir = scratch("mixed-maps");
    let (sq, hx) = (dir.join("sq.hexmap"), dir.join("hx.hexmap"));
    std::fs::write(&sq, SQUARE).unwrap();
    std::fs::write(&hx, SMALL).unwrap();
    let (sq, hx) = (sq.to_str().unwrap(), hx.to_str().unwrap());
    for grid in [None, Some("hex"), Some("square"), Some("triangle")] {
        let mut args = vec!["play"];
        if let Some(g) = grid {
            args.extend(["--grid", g]);
        }
        args.extend(["--map", sq, "--map", hx]);
        let out = cli::run_in(&saves, &args);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        let err = cli::stderr(&out);
        assert!(
            err.contains("a game is played on one tiling"),
            "{args:?}: {err}"
        );
        assert!(!err.contains("--grid"), "no --grid plays both: {err}");
    }
    // One map of another tiling than the game's: its --grid plays it.
    let out = cli::run_in(&saves, &["play", "--grid", "hex", "--map", sq, "--map", sq]);
    let err = cli::stderr(&out);
    assert!(err.contains("play it with --grid square"), "{err}");
}

#[test]
fn a_tiled_map_named_without_its_folder_finds_its_tileset() {
    let dir = scratch("bare-name");
    let tileset = r#"<tileset name="t" tilewidth="32" tileheight="32"><tile id="0" class="wall"/><tile id="1" class="floor"/></tileset>"#;
    std::fs::write(dir.join("t.tsx"), tileset).unwrap();
    let map = r#"<map version="1.10" orientation="orthogonal" width="3" height="1" tilewidth="32" tileheight="32" infinite="0"><tileset firstgid="1" source="t.tsx"/><layer id="1" name="g" width="3" height="1"><data encoding="csv">1,2,1</data></layer></map>"#;
    std::fs::write(dir.join("m.tmx"), map).unwrap();
    // Run from the map's folder, the map named by its file name alone.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_hexdeep"))
        .args(["map", "check", "m.tmx"])
        .current_dir(&dir)
        .output()
        .unwrap();
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(text.contains("ok: 3 tiles"), "{text}");
}
