//! Saves made by earlier releases (`tests/data/<version>/`): each loads as the game its
//! release saw (the facts that release wrote beside it), continues under these rules, saves
//! again in the current format, and is refused by verification, naming both releases, where
//! its turns were played under other rules. Every check runs over every release in
//! [`RELEASES`] and every game it left (from 0.4.0 on, games on squares and triangles too); a
//! new release adds its folder and one entry there.
#![allow(clippy::unwrap_used)]

#[path = "support/cli.rs"]
mod cli;
use cli::{run, scratch, stdout};
use hexdeep::geom::Tiling;
use hexdeep::persist::{self, SaveDir, SavedGame};
use hexdeep::sim::{Command, Maker, RULES_VERSION, World};
use serde_json::{Value, json};
use std::path::PathBuf;

/// A release whose saves are kept in `tests/data/<version>/`, and the rules it played by.
struct Release {
    version: &'static str,
    rules: u32,
    /// Its games in progress (`<name>.hdsave`), with the tiling each is played on.
    in_progress: &'static [(&'static str, Tiling)],
    /// Its finished games.
    finished: &'static [(&'static str, Tiling)],
}

/// The one game in progress of a release before tilings.
const HEX_IN_PROGRESS: &[(&str, Tiling)] = &[("in-progress", Tiling::Hex)];

/// The one finished game of a release before tilings.
const HEX_FINISHED: &[(&str, Tiling)] = &[("finished", Tiling::Hex)];

/// Every release with fixtures, oldest first.
const RELEASES: [Release; 4] = [
    Release {
        version: "0.1.0",
        rules: 1,
        in_progress: HEX_IN_PROGRESS,
        finished: HEX_FINISHED,
    },
    Release {
        version: "0.2.0",
        rules: 2,
        in_progress: HEX_IN_PROGRESS,
        finished: HEX_FINISHED,
    },
    Release {
        version: "0.3.0",
        rules: 3,
        in_progress: HEX_IN_PROGRESS,
        finished: HEX_FINISHED,
    },
    Release {
        version: "0.4.0",
        rules: 4,
        in_progress: &[
            ("in-progress", Tiling::Hex),
            ("in-progress-square", Tiling::Square),
        ],
        finished: &[
            ("finished", Tiling::Hex),
            ("finished-triangle", Tiling::Triangle),
        ],
    },
];

impl Release {
    /// Every game it left, in progress first, with its tiling.
    fn games(&self) -> impl Iterator<Item = &(&'static str, Tiling)> {
        self.in_progress.iter().chain(self.finished)
    }

    /// `hexdeep 0.1.0 (rules 1)`, as verification names it.
    fn describe(&self) -> String {
        format!("hexdeep {} (rules {})", self.version, self.rules)
    }

    fn path(&self, name: &str) -> PathBuf {
        fixture(self.version, &format!("{name}.hdsave"))
    }

    fn load(&self, name: &str) -> SavedGame {
        persist::load_game(&self.path(name))
            .unwrap_or_else(|e| panic!("{} {name}: {e}", self.version))
    }
}

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

/// The facts each release wrote beside its saves, computed the same way from a loaded world.
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
                .map(|(h, t)| format!("{},{}:{:?}{}", h.x, h.y, t, if d.is_seen_by(0, h) { "*" } else { "" }))
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

/// Every game in progress of every release, with its release.
fn in_progress_games() -> impl Iterator<Item = (&'static Release, &'static (&'static str, Tiling))>
{
    RELEASES
        .iter()
        .flat_map(|r| r.in_progress.iter().map(move |g| (r, g)))
}

fn expected(version: &str, name: &str) -> Value {
    let text = std::fs::read_to_string(fixture(version, &format!("{name}.facts.json"))).unwrap();
    serde_json::from_str(&text).unwrap()
}

#[test]
fn saves_of_earlier_releases_load_as_the_game_their_release_saw() {
    for r in &RELEASES {
        for &(name, tiling) in r.games() {
            let game = r.load(name);
            let want = expected(r.version, name);
            let what = format!("{} {name}", r.version);
            assert_eq!(
                facts(&game.current),
                want["current"],
                "{what}: the world now"
            );
            assert_eq!(
                facts(&game.record.start),
                want["start"],
                "{what}: the start"
            );
            assert_eq!(json!(game.record.steps.len()), want["steps"], "{what}");
            assert_eq!(json!(game.name), want["name"], "{what}");
            assert_eq!(json!(game.log), want["log"], "{what}");
            let by = &game.record.made_by;
            assert_eq!(
                (by.version.as_str(), by.rules),
                (r.version, r.rules),
                "{what}"
            );
            assert!(game.record.upgrades.is_empty(), "{what}");
            // Every game goes on on the tiling it was played on (before format 4, hexes), and
            // no level before format 5 had sides.
            for world in [&game.current, &game.record.start] {
                assert!(
                    world.depths().iter().all(|d| {
                        d.level().terrain.tiling() == tiling && !d.level().has_sides()
                    }),
                    "{what}"
                );
            }
        }
    }
}

#[test]
fn a_save_of_each_earlier_release_continues_and_saves_in_the_current_format() {
    for (r, &(name, _)) in in_progress_games() {
        let mut game = r.load(name);
        let turn = game.current.turn();
        let steps = game.record.steps.len();
        game.record.continue_here(&game.current);
        assert_eq!(game.record.upgrades.len(), 1, "{}", r.version);
        assert_eq!(game.record.upgrades[0].at_step, steps);
        assert_eq!(game.record.upgrades[0].by, Maker::this());
        for _ in 0..8 {
            game.current.apply(Command::Wait).unwrap();
            let world = game.current.clone();
            game.record.push(Command::Wait, &world);
        }
        assert!(game.current.turn() > turn, "{}", r.version);
        let dir = SaveDir(scratch(&format!("continued-{}-{name}", r.version)));
        let path = persist::save_game(&dir, &game).unwrap();
        let header = persist::container::peek_header(&std::fs::read(&path).unwrap()).unwrap();
        assert_eq!(
            (
                header.format,
                header.game_version.as_str(),
                header.rules_version
            ),
            (
                persist::FORMAT_VERSION,
                env!("CARGO_PKG_VERSION"),
                RULES_VERSION
            )
        );
        let back = persist::load_game(&path).unwrap();
        assert!(back.current.differences(&game.current).is_empty());
        assert_eq!(back.current.turn_hash(), game.current.turn_hash());
        assert_eq!(back.record.upgrades.len(), 1);
        // The stretch played by this release verifies from the state it loaded; the one before
        // is named, not checked.
        let end = back.record.verify(Some(&back.current)).unwrap();
        assert_eq!(end.turn(), game.current.turn());
        let (unchecked, by) = back.record.unchecked_prefix().unwrap();
        assert_eq!((unchecked, by.describe()), (steps, r.describe()));
    }
}

#[test]
fn a_record_of_an_earlier_release_is_refused_by_verification_naming_both_releases() {
    let this = Maker::this().describe();
    for r in &RELEASES {
        for &(name, _) in r.games() {
            let game = r.load(name);
            let err = game.record.verify(Some(&game.current)).unwrap_err();
            assert!(
                err.what.contains(&r.describe()) && err.what.contains(&this),
                "{}",
                err.what
            );
        }
        // And as a player asking `replay --verify` about a finished game sees it.
        for &(name, _) in r.finished {
            let out = run(&["replay", "--verify", r.path(name).to_str().unwrap()]);
            let said = format!("{}{}", stdout(&out), cli::stderr(&out));
            assert_eq!(out.status.code(), Some(1), "{said}");
            assert!(
                said.contains("cannot be checked")
                    && said.contains(&r.describe())
                    && said.contains(&this)
                    && !said.contains("damaged"),
                "{said}"
            );
        }
    }
}

#[test]
fn verifying_a_continued_save_of_each_earlier_release_says_which_steps_were_checked() {
    for (r, &(name, _)) in in_progress_games() {
        let mut game = r.load(name);
        let steps = game.record.steps.len();
        game.record.continue_here(&game.current);
        for _ in 0..3 {
            game.current.apply(Command::Rest).unwrap();
            let world = game.current.clone();
            game.record.push(Command::Rest, &world);
        }
        let dir = scratch(&format!("verify-continued-{}-{name}", r.version));
        let path = persist::save_game(&SaveDir(dir.clone()), &game).unwrap();
        let out = run(&["replay", "--verify", path.to_str().unwrap()]);
        let stdout = stdout(&out);
        assert_eq!(out.status.code(), Some(0), "{stdout}");
        let said = format!(
            "steps 1 to {steps}, recorded by {}, are not checked; steps {} on were checked",
            r.describe(),
            steps + 1
        );
        assert!(
            stdout.contains("ok: ") && stdout.contains(&said),
            "{stdout}"
        );
    }
}

#[test]
fn a_game_of_other_rules_is_not_shown_as_if_these_rules_played_it() {
    let finished = RELEASES
        .iter()
        .flat_map(|r| r.finished.iter().map(move |g| (r, g)));
    for (r, &(name, _)) in finished {
        let dir = scratch(&format!("cast-old-{}-{name}", r.version));
        let cast = dir.join("out.cast");
        let old = r.path(name);
        let out = run(&[
            "replay",
            old.to_str().unwrap(),
            "--cast",
            cast.to_str().unwrap(),
        ]);
        let said = format!("{}{}", stdout(&out), cli::stderr(&out));
        assert_eq!(out.status.code(), Some(1), "{said}");
        assert!(
            said.contains("cannot be replayed") && said.contains(&format!("hexdeep {}", r.version)),
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
}

#[test]
fn a_record_made_with_another_turn_hash_is_refused_by_verification() {
    for (r, &(name, _)) in in_progress_games() {
        let game = r.load(name);
        let mut record = game.record.clone();
        record.made_by = Maker::this();
        assert!(record.unverifiable().is_none());
        record.made_by.hash += 1;
        let why = record.unverifiable().unwrap();
        assert!(why.contains("turn hash"), "{why}");
        assert!(record.verify(Some(&game.current)).is_err());
    }
}

/// Each release's `scores.hdsave` holds one run: `play --seed 11`, three waits, `Q y`.
#[test]
fn the_hall_of_fame_of_each_earlier_release_loads_and_takes_new_entries() {
    for r in &RELEASES {
        let dir = scratch(&format!("scores-{}", r.version));
        std::fs::copy(
            fixture(r.version, "scores.hdsave"),
            dir.join("scores.hdsave"),
        )
        .unwrap();
        let saves = SaveDir(dir.clone());
        let hall = persist::load_scores(&saves).unwrap();
        assert_eq!(hall.entries.len(), 1, "{}", r.version);
        let e = &hall.entries[0];
        assert_eq!(
            (e.seed, e.deepest, e.turns, e.kills, e.taken_over),
            (11, 1, 1, 0, false),
            "{}",
            r.version
        );
        assert_eq!(e.ending, hexdeep::sim::Ending::Quit);
        assert_eq!(e.tiling, Tiling::Hex);
        assert!(
            hall.to_text()
                .contains("1000 pts  quit  depth 1, 1 turn, 0 kills  (seed 11)")
        );
        let mut next = e.clone();
        next.seed = 12;
        next.deepest = 2;
        persist::record_score(&saves, next).unwrap();
        let again = persist::load_scores(&saves).unwrap();
        assert_eq!(again.entries.len(), 2);
        assert_eq!(again.entries[1], hall.entries[0]);
    }
}
