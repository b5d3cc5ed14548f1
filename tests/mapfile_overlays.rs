//! `map render`'s overlays as a user asks for them: they stop where the game's rules stop a
//! walker (thin walls, doors on sides, corners), mark every tile they reach in text, and never
//! start where no creature can stand.
#![allow(clippy::unwrap_used)]

#[path = "support/cli.rs"]
mod cli;
use cli::{run, scratch, stdout};

const SMALL: &str =
    "+++\n[legend]\n\"g\" = { monster = \"goblin\" }\n+++\n# # # # #\n # @ . g #\n# . ~ . #\n";

/// A hex keep in the large form: a thin wall parts (2, 1) from (3, 1), and thin walls stand
/// on every side between the two rows.
const HEX_WALLED: &str = "+++
projection = \"large\"
+++

 / \\ / \\ / \\ / \\
| .   . | .   . |
 \\ / \\ / \\ / \\ / \\
  | .   .   .   . |
   \\ / \\ / \\ / \\ /
";

/// The overlays of `map render --json` on the map `text`, as a user asks for them.
fn render_json(name: &str, text: &str, args: &[&str]) -> serde_json::Value {
    let dir = scratch(name);
    let file = dir.join("map.hexmap");
    std::fs::write(&file, text).unwrap();
    let mut all = vec!["map", "render", file.to_str().unwrap(), "--json"];
    all.extend_from_slice(args);
    let out = run(&all);
    assert_eq!(out.status.code(), Some(0), "{}", cli::stderr(&out));
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn the_range_stops_at_thin_walls_and_pays_for_doors_on_sides() {
    // Nothing crosses the thin wall: (3, 1) is never in range from (1, 1).
    let v = render_json("range-wall", HEX_WALLED, &["--range", "1,1,2"]);
    assert_eq!(v["range"], serde_json::json!([[1, 1], [2, 1]]), "{v}");
    // A closed door in its place: the step into it opens it, the next goes through.
    let door = HEX_WALLED.replacen(". | .", ". + .", 1);
    let v = render_json(
        "range-door",
        &door,
        &["--range", "1,1,2", "--path", "1,1:3,1"],
    );
    assert_eq!(v["range"], serde_json::json!([[1, 1], [2, 1]]), "{v}");
    assert_eq!(
        v["path"],
        serde_json::json!([[1, 1], [2, 1], [3, 1]]),
        "{v}"
    );
    assert_eq!(v["path_cost"], 3, "two steps and the opening: {v}");
    let v = render_json("range-door-3", &door, &["--range", "1,1,3"]);
    assert_eq!(
        v["range"],
        serde_json::json!([[1, 1], [2, 1], [3, 1]]),
        "{v}"
    );
    // An open door costs nothing more.
    let open = HEX_WALLED.replacen(". | .", ". ' .", 1);
    let v = render_json(
        "range-open",
        &open,
        &["--range", "1,1,2", "--path", "1,1:3,1"],
    );
    assert_eq!(v["path_cost"], 2, "{v}");
    assert_eq!(
        v["range"],
        serde_json::json!([[1, 1], [2, 1], [3, 1]]),
        "{v}"
    );
}

#[test]
fn a_diagonal_in_range_never_passes_a_closed_door() {
    // (1, 1) to (2, 2) diagonally would pass the closed door (2, 1): the game refuses it.
    let map = "+++\ngrid = \"square\"\n+++\n# # # # #\n# . + . #\n# . . . #\n# # # # #\n";
    let v = render_json(
        "diagonal-door",
        map,
        &["--range", "1,1,1", "--path", "1,1:2,2"],
    );
    assert_eq!(
        v["range"],
        serde_json::json!([[1, 1], [2, 1], [1, 2]]),
        "{v}"
    );
    assert_eq!(v["path_cost"], 2, "{v}");
    // Deep water is no wall: the diagonal beside it passes.
    let water = map.replace("# . + . #", "# . = . #");
    let v = render_json(
        "diagonal-water",
        &water,
        &["--range", "1,1,1", "--path", "1,1:2,2"],
    );
    assert_eq!(
        v["range"],
        serde_json::json!([[1, 1], [1, 2], [2, 2]]),
        "{v}"
    );
    assert_eq!(v["path_cost"], 1, "{v}");
}

#[test]
fn the_range_as_text_marks_tiles_pointing_either_way() {
    let dir = scratch("range-triangles");
    let file = dir.join("tr.hexmap");
    std::fs::write(
        &file,
        "+++\ngrid = \"triangle\"\n+++\n#########\n#@......#\n#.......#\n#########\n",
    )
    .unwrap();
    let f = file.to_str().unwrap();
    let out = run(&["map", "render", f, "--range", "0,1,0,2", "--json"]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let out = run(&["map", "render", f, "--range", "0,1,0,2"]);
    let text = stdout(&out);
    let rows: Vec<Vec<char>> = text.lines().map(|l| l.chars().collect()).collect();
    let mut pointing = [0, 0];
    for t in v["range"].as_array().unwrap() {
        let n: Vec<i64> = t
            .as_array()
            .unwrap()
            .iter()
            .map(|n| n.as_i64().unwrap())
            .collect();
        let (x, y, s) = (n[0], n[1], n[2]);
        let col = (2 * x + y + s) as usize;
        let shown = rows[y as usize][col];
        if (x, y, s) != (0, 1, 0) {
            assert_eq!(shown, ':', "({x}, {y}, {s}) in\n{text}");
            pointing[s as usize] += 1;
        }
    }
    assert!(pointing[0] > 0 && pointing[1] > 0, "{pointing:?}\n{text}");
}

#[test]
fn an_overlay_from_a_wall_is_refused() {
    let dir = scratch("wall-start");
    let file = dir.join("small.hexmap");
    std::fs::write(&file, SMALL).unwrap();
    let f = file.to_str().unwrap();
    for (option, value, what) in [
        ("--fov", "1,0", "--fov: (1, 0) is a wall"),
        ("--path", "1,0:2,1", "--path: (1, 0) is a wall"),
        ("--range", "1,0,3", "--range: (1, 0) is a wall"),
    ] {
        for json in [false, true] {
            let mut args = vec!["map", "render", f, option, value];
            if json {
                args.push("--json");
            }
            let out = run(&args);
            assert_eq!(out.status.code(), Some(2), "{args:?}");
            let err = cli::stderr(&out);
            assert!(err.contains(what), "{err}");
            assert!(
                err.contains("expected a tile a creature can stand on"),
                "{err}"
            );
            assert!(stdout(&out).is_empty());
        }
    }
}
