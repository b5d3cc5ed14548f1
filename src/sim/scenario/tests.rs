use super::*;
use crate::content::Content;

fn error(text: &str) -> String {
    run_json(text).unwrap_err().to_string()
}

#[test]
fn defaults_and_output_format() {
    let out = run_json(r#"{"units":[{"id":"A","pos":[0,0]}]}"#).unwrap();
    assert_eq!(
        out,
        r#"{"units":[{"id":"A","pos":[0,0],"hp":10,"alive":true}]}"#
    );
    assert_eq!(run_json(r#"{"units":[]}"#).unwrap(), r#"{"units":[]}"#);
}

#[test]
fn json_errors_name_line_and_column() {
    let e = error("{\n  \"units\": [\n    {\"id\": \"A\" \"pos\": [0,0]}\n  ]\n}");
    assert!(e.contains("line 3"), "{e}");
    assert!(e.contains("column"), "{e}");
    assert!(error(r#"{"units":[{"id":"A","pos":[0,0],"colour":1}]}"#).contains("colour"));
    assert!(error(r#"{"segments":2}"#).contains("units"));
    assert!(error(r#"{"units":[{"id":"A","pos":[0,99999999999]}]}"#).contains("line 1"));
}

#[test]
fn every_rule_of_the_format_is_checked() {
    let cases = [
        (
            r#"{"units":[{"id":"A","pos":[0,0]},{"id":"A","pos":[1,0]}]}"#,
            "twice",
        ),
        (
            r#"{"units":[{"id":"A","pos":[0,0]},{"id":"B","pos":[0,0]}]}"#,
            "both stand",
        ),
        (r#"{"units":[{"id":"A","pos":[0,2000000]}]}"#, "limit"),
        (r#"{"walls":[[5000000,0]],"units":[]}"#, "limit"),
        (
            r#"{"walls":[[0,0]],"units":[{"id":"A","pos":[0,0]}]}"#,
            "wall",
        ),
        (r#"{"segments":0,"units":[]}"#, "segments"),
        (r#"{"segments":4000000000,"units":[]}"#, "segments"),
        (
            r#"{"segments":2,"units":[{"id":"A","pos":[0,0],"speed":3}]}"#,
            "speed",
        ),
        (r#"{"units":[{"id":"A","pos":[0,0],"hp":0}]}"#, "hp"),
        (
            r#"{"units":[{"id":"A","pos":[0,0],"damage":-1}]}"#,
            "damage",
        ),
        (r#"{"units":[{"id":"","pos":[0,0]}]}"#, "empty id"),
        (
            r#"{"units":[{"id":"A","pos":[0,0],"intentions":["dance"]}]}"#,
            "dance",
        ),
        (
            r#"{"units":[{"id":"A","pos":[0,0],"intentions":[{"move":[1,0],"attack":[1,0]}]}]}"#,
            "exactly one",
        ),
        (
            r#"{"units":[{"id":"A","pos":[0,0],"intentions":[{}]}]}"#,
            "exactly one",
        ),
        (
            r#"{"units":[{"id":"A","pos":[0,0],"intentions":["stay","stay"]}]}"#,
            "acts only",
        ),
        (
            r#"{"units":[{"id":"A","pos":[0,0],"intentions":[{"move":[9000000,0]}]}]}"#,
            "limit",
        ),
    ];
    for (text, needle) in cases {
        let e = error(text);
        assert!(e.contains(needle), "{text}: {e}");
    }
}

#[test]
fn moves_into_walls_and_far_tiles_stay() {
    let text = r#"{"walls":[[1,0]],"units":[
        {"id":"A","pos":[0,0],"intentions":[{"move":[1,0]}]},
        {"id":"B","pos":[5,5],"intentions":[{"move":[7,5]}]}]}"#;
    let out = run_json(text).unwrap();
    assert!(
        out.contains(r#""pos":[0,0]"#) && out.contains(r#""pos":[5,5]"#),
        "{out}"
    );
}

#[test]
fn a_malformed_intention_says_what_an_intention_is() {
    for bad in [
        r#"{"fly":[1,0]}"#,
        r#""jump""#,
        "3",
        r#"{"move":[1,0],"attack":[1,0]}"#,
    ] {
        let text = format!(
            r#"{{"segments":2,"units":[{{"id":"A","pos":[0,0],"intentions":["stay",{bad}]}}]}}"#
        );
        let e = error(&text);
        assert!(e.contains(r#"unit "A" intention 2"#), "{e}");
        assert!(e.contains("move") && e.contains("attack"), "{e}");
    }
}

#[test]
fn units_times_segments_is_limited_before_any_work() {
    let units: Vec<String> = (0..2_000)
        .map(|i| format!(r#"{{"id":"u{i}","pos":[{i},0]}}"#))
        .collect();
    let text = format!(r#"{{"segments":10000,"units":[{}]}}"#, units.join(","));
    let e = error(&text);
    assert!(e.contains("units × segments"), "{e}");
    assert!(e.contains("2000 units over 10000 segments"), "{e}");
}

#[test]
fn messages_say_what_the_file_holds_not_rust_types() {
    for text in [
        "[]",
        r#"{"units":[3]}"#,
        r#"{"units":{}}"#,
        r#"{"units":[{"id":"A","pos":[0,0],"speed":-1}]}"#,
        r#"{"units":[{"id":"A","pos":[0,0],"intentions":[{"move":"x"}]}]}"#,
    ] {
        let e = error(text);
        for rust in ["Raw", "struct", "u32", "i32", "Value"] {
            assert!(!e.contains(rust), "{text}: {e}");
        }
        assert!(e.starts_with("line 1, column "), "{text}: {e}");
    }
    assert!(error("[]").contains(r#"an object with "units""#));
}

#[test]
fn an_error_at_the_end_of_the_file_has_a_real_column() {
    for text in ["{\n", "{\"units\": [\n\n", "\n"] {
        let e = error(text);
        assert!(!e.contains("column 0"), "{text:?}: {e}");
        assert!(e.contains("column "), "{text:?}: {e}");
    }
}

#[test]
fn a_byte_order_mark_is_accepted() {
    let out = run_json("\u{feff}{\"units\":[{\"id\":\"A\",\"pos\":[0,0]}]}").unwrap();
    assert!(out.contains(r#""id":"A""#), "{out}");
}

#[test]
fn many_factions_are_told_apart_and_too_many_refused() {
    let units = |n: usize| -> String {
        let list: Vec<String> = (0..n)
            .map(|i| format!(r#"{{"id":"u{i}","pos":[{i},0],"faction":"f{i}"}}"#))
            .collect();
        format!(r#"{{"units":[{}]}}"#, list.join(","))
    };
    // Three factions are built in, so 65,533 new ones fill the 65,536 that fit.
    assert!(run_json(&units(65_533)).is_ok());
    let e = error(&units(65_534));
    assert!(e.contains("factions"), "{e}");
}

#[test]
fn several_turns_use_the_intentions_in_order() {
    // Speed 1 in a turn of 2 segments: one action a turn, two turns, two steps east.
    let out = run_json(
        r#"{"segments":2,"turns":2,"units":[{"id":"A","pos":[0,0],"speed":1,
            "intentions":[{"move":[1,0]},{"move":[2,0]}]}]}"#,
    )
    .unwrap();
    assert!(out.contains(r#""pos":[2,0]"#), "{out}");
    assert!(error(r#"{"turns":0,"units":[]}"#).contains("turns"));
    // One turn holds only as many intentions as the unit acts.
    let e = error(r#"{"units":[{"id":"A","pos":[0,0],"intentions":["stay","stay"]}]}"#);
    assert!(e.contains("acts only 1 times"), "{e}");
}

#[test]
fn a_monster_unit_chooses_with_its_kind_s_mind_and_numbers() {
    // A goblin hunts the player: it steps next to them and strikes with its own damage.
    let out = run_json(
        r#"{"segments":4,"turns":2,"units":[
            {"id":"P","pos":[0,0],"faction":"player"},
            {"id":"g","pos":[3,0],"monster":"goblin"}]}"#,
    )
    .unwrap();
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    let goblin = Content::bundled()
        .unwrap()
        .monster("goblin")
        .unwrap()
        .clone();
    assert_eq!(json["units"][1]["pos"], serde_json::json!([1, 0]), "{out}");
    assert_eq!(json["units"][1]["hp"], goblin.hp);
    let hp = json["units"][0]["hp"].as_i64().unwrap();
    assert!(
        hp < 10 && (10 - hp) % i64::from(goblin.damage) == 0,
        "{out}"
    );
}

#[test]
fn monster_units_are_checked() {
    let cases = [
        (
            r#"{"units":[{"id":"A","pos":[0,0],"monster":"dragon"}]}"#,
            "no monster \"dragon\"",
        ),
        (
            r#"{"segments":4,"units":[{"id":"A","pos":[0,0],"monster":"rat","intentions":["stay"]}]}"#,
            "give none",
        ),
        // An imp acts 4 times a turn: one segment cannot hold it.
        (
            r#"{"units":[{"id":"A","pos":[0,0],"monster":"imp"}]}"#,
            "speed",
        ),
        (
            r#"{"segments":4,"walls":[[0,0],[2000,2000]],"units":[{"id":"A","pos":[1,0],"monster":"rat"}]}"#,
            "at most 1000000",
        ),
    ];
    for (text, part) in cases {
        let e = error(text);
        assert!(e.contains(part), "{text}: {e}");
    }
}

#[test]
fn every_scenario_s_map_is_bounded_even_without_monsters() {
    // Units, or the targets of their intentions, far apart: the map that holds them all
    // would be too large.
    for text in [
        r#"{"units":[{"id":"A","pos":[0,0]},{"id":"B","pos":[2000,2000]}]}"#,
        r#"{"units":[{"id":"A","pos":[0,0],"intentions":[{"move":[1500,1500]}]}]}"#,
    ] {
        let e = error(text);
        assert!(e.contains("map would span"), "{text}: {e}");
        assert!(e.contains("at most 1000000"), "{text}: {e}");
    }
    // Far apart along one line is a narrow map, and fine.
    assert!(run_json(r#"{"units":[{"id":"A","pos":[0,0]},{"id":"B","pos":[90000,0]}]}"#).is_ok());
}

#[test]
fn a_scenario_runs_in_a_staged_world() {
    let raw: RawScenario = serde_json::from_str(
        r#"{"segments":3,"units":[
            {"id":"A","pos":[0,0],"faction":"red","initiative":5,"intentions":[{"move":[1,0]}]},
            {"id":"r","pos":[4,0],"monster":"rat","faction":"player"}]}"#,
    )
    .unwrap();
    let world = staging::world_of(raw.validate().unwrap()).unwrap().unwrap();
    let stage = world.stage();
    assert_eq!(stage.segments, 3);
    assert_eq!(stage.initiative, crate::sim::Initiative::Given);
    assert!(!stage.regeneration && stage.every_level);
    assert!(stage.is_scripted(0) && !stage.is_scripted(1));
    assert!(world.heroes().is_empty());
    let a = &world.creatures()[0];
    assert_eq!((a.initiative, a.faction), (5, crate::sim::Faction(3)));
    assert_eq!(world.creatures()[1].name, "rat");
}
