//! Saves made by earlier releases (`tests/data/<version>/`): each loads as the game its
//! release saw (the facts that release wrote beside it), continues under these rules, saves
//! again in the current format, and is refused by verification, naming both releases, where
//! its turns were played under other rules.
#![allow(clippy::unwrap_used)]

#[path = "support/cli.rs"]
mod cli;
use cli::{run, scratch, stdout};
use hexdeep::persist::{self, SaveDir};
use hexdeep::sim::{Command, World};
use serde_json::{Value, json};
use std::path::PathBuf;

fn fixture(version: &str, name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(format!("tests/data/{version}/{name}"))
}

fn fnv(s: &str) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in s.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{h:016x}")
}

/// The facts 0.1.0 wrote beside its saves, computed the same way from a loaded world.
fn facts(w: &World) -> Value {
    let creatures: Vec<Value> = w
        .creatures()
        .iter()
        .map(|c| {
            json!({
                "id": c.id, "name": c.name, "glyph": c.glyph.to_string(), "at": [c.pos.x, c.pos.y],
                "depth": c.depth, "hp": c.hp, "max_hp": c.max_hp, "alive": c.alive,
                "memory": c.memory.map(|m| [m.x, m.y]),
                "inventory": c.inventory.iter().map(|s| format!("{} {} {}", s.letter, s.count, s.item)).collect::<Vec<_>>(),
                "wielded": c.wielded, "worn": c.worn, "busy": c.busy,
            })
        })
        .collect();
    let depths: Vec<Value> = w
        .depths()
        .iter()
        .map(|d| {
            let tiles: Vec<String> = d
                .level()
                .terrain
                .iter()
                .map(|(h, t)| format!("{},{}:{:?}{}", h.x, h.y, t, if d.is_seen(h) { "*" } else { "" }))
                .collect();
            json!({
                "visited": d.visited(),
                "name": d.level().name,
                "floor": d.floor_items().iter().map(|f| format!("{},{} {}", f.at.x, f.at.y, f.item)).collect::<Vec<_>>(),
                "tiles_fnv": fnv(&tiles.join(";")),
                "tiles": tiles.len(),
            })
        })
        .collect();
    json!({"seed": w.seed(), "turn": w.turn(), "segment": w.segment(), "depth": w.depth(),
        "creatures": creatures, "depths": depths})
}

fn expected(version: &str, name: &str) -> Value {
    let text = std::fs::read_to_string(fixture(version, &format!("{name}.facts.json"))).unwrap();
    serde_json::from_str(&text).unwrap()
}

#[test]
fn saves_of_0_1_0_load_as_the_game_0_1_0_saw() {
    for name in ["in-progress", "finished"] {
        let game = persist::load_game(&fixture("0.1.0", &format!("{name}.hdsave"))).unwrap();
        let want = expected("0.1.0", name);
        assert_eq!(
            facts(&game.current),
            want["current"],
            "{name}: the world now"
        );
        assert_eq!(
            facts(&game.record.start),
            want["start"],
            "{name}: the start"
        );
        assert_eq!(json!(game.record.steps.len()), want["steps"], "{name}");
        assert_eq!(json!(game.name), want["name"]);
        assert_eq!(json!(game.log), want["log"]);
        assert_eq!(game.record.made_by.version, "0.1.0");
        assert_eq!(game.record.made_by.rules, 1);
    }
}

#[test]
fn a_save_of_0_1_0_continues_and_saves_in_the_current_format() {
    let mut game = persist::load_game(&fixture("0.1.0", "in-progress.hdsave")).unwrap();
    let turn = game.current.turn();
    let steps = game.record.steps.len();
    game.record.continue_here(&game.current);
    assert_eq!(game.record.upgrades.len(), 1);
    assert_eq!(game.record.upgrades[0].at_step, steps);
    for _ in 0..8 {
        game.current.apply(Command::Wait).unwrap();
        let world = game.current.clone();
        game.record.push(Command::Wait, &world);
    }
    assert!(game.current.turn() > turn);
    let dir = SaveDir(scratch("continued"));
    let path = persist::save_game(&dir, &game).unwrap();
    let back = persist::load_game(&path).unwrap();
    assert!(back.current.differences(&game.current).is_empty());
    assert_eq!(back.current.turn_hash(), game.current.turn_hash());
    assert_eq!(back.record.upgrades.len(), 1);
    // The stretch played by this release verifies from the state it loaded; the one before
    // is named, not checked.
    let end = back.record.verify(Some(&back.current)).unwrap();
    assert_eq!(end.turn(), game.current.turn());
    let (unchecked, by) = back.record.unchecked_prefix().unwrap();
    assert_eq!((unchecked, by.version.as_str()), (steps, "0.1.0"));
}

#[test]
fn a_record_of_0_1_0_is_refused_by_verification_naming_both_releases() {
    for name in ["in-progress", "finished"] {
        let game = persist::load_game(&fixture("0.1.0", &format!("{name}.hdsave"))).unwrap();
        let err = game.record.verify(Some(&game.current)).unwrap_err();
        assert!(
            err.what.contains("hexdeep 0.1.0 (rules 1)")
                && err
                    .what
                    .contains(&format!("hexdeep {}", env!("CARGO_PKG_VERSION"))),
            "{}",
            err.what
        );
    }
}

#[test]
fn verifying_a_continued_0_1_0_save_says_which_steps_were_checked() {
    let mut game = persist::load_game(&fixture("0.1.0", "in-progress.hdsave")).unwrap();
    let steps = game.record.steps.len();
    game.record.continue_here(&game.current);
    for _ in 0..3 {
        game.current.apply(Command::Rest).unwrap();
        let world = game.current.clone();
        game.record.push(Command::Rest, &world);
    }
    let dir = scratch("verify-continued");
    let path = persist::save_game(&SaveDir(dir.clone()), &game).unwrap();
    let out = run(&["replay", "--verify", path.to_str().unwrap()]);
    let stdout = stdout(&out);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    let said = format!(
        "steps 1 to {steps}, recorded by hexdeep 0.1.0 (rules 1), are not checked; steps {} on were checked",
        steps + 1
    );
    assert!(
        stdout.contains("ok: ") && stdout.contains(&said),
        "{stdout}"
    );
}

#[test]
fn a_game_of_other_rules_is_not_shown_as_if_these_rules_played_it() {
    let dir = scratch("cast-old");
    let cast = dir.join("out.cast");
    let old = fixture("0.1.0", "finished.hdsave");
    let out = run(&[
        "replay",
        old.to_str().unwrap(),
        "--cast",
        cast.to_str().unwrap(),
    ]);
    let said = format!("{}{}", stdout(&out), cli::stderr(&out));
    assert_eq!(out.status.code(), Some(1), "{said}");
    assert!(
        said.contains("cannot be replayed") && said.contains("hexdeep 0.1.0"),
        "{said}"
    );
    assert!(!cast.exists());
    // Continued here, the stretch these rules played is shown, from the upgrade on.
    let mut game = persist::load_game(&old).unwrap();
    game.record.continue_here(&game.current);
    let path = persist::save_game(&SaveDir(dir.clone()), &game).unwrap();
    let out = run(&[
        "replay",
        path.to_str().unwrap(),
        "--cast",
        cast.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", cli::stderr(&out));
    assert!(cast.exists());
    assert_eq!(game.record.last_stretch().steps.len(), 0);
    assert_eq!(
        game.record.last_stretch().start.turn_hash(),
        game.current.turn_hash()
    );
}

#[test]
fn a_record_made_with_another_turn_hash_is_refused_by_verification() {
    let game = persist::load_game(&fixture("0.1.0", "in-progress.hdsave")).unwrap();
    let mut record = game.record.clone();
    record.made_by = hexdeep::sim::Maker::this();
    assert!(record.unverifiable().is_none());
    record.made_by.hash += 1;
    let why = record.unverifiable().unwrap();
    assert!(why.contains("turn hash"), "{why}");
    assert!(record.verify(Some(&game.current)).is_err());
}

#[test]
fn the_hall_of_fame_of_0_1_0_loads_and_takes_new_entries() {
    let dir = scratch("scores");
    std::fs::copy(fixture("0.1.0", "scores.hdsave"), dir.join("scores.hdsave")).unwrap();
    let saves = SaveDir(dir.clone());
    let hall = persist::load_scores(&saves).unwrap();
    assert_eq!(hall.entries.len(), 1);
    let e = &hall.entries[0];
    assert_eq!(
        (e.seed, e.deepest, e.turns, e.kills, e.taken_over),
        (11, 1, 1, 0, false)
    );
    assert_eq!(e.ending, hexdeep::sim::Ending::Quit);
    assert!(
        hall.to_text()
            .contains("1000 pts  quit  depth 1, 1 turns, 0 kills  (seed 11)")
    );
    let mut next = e.clone();
    next.seed = 12;
    next.deepest = 2;
    persist::record_score(&saves, next).unwrap();
    let again = persist::load_scores(&saves).unwrap();
    assert_eq!(again.entries.len(), 2);
    assert_eq!(again.entries[1], hall.entries[0]);
}
