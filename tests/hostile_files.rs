//! The last holes of issue 29, each reproduction built here as a careless or hostile user
//! would make it: memory and time bounded by what the file holds, a record that cannot lie
//! about its steps, temporary files that are not hexdeep's, an interrupted export.
#![allow(clippy::unwrap_used)]

#[path = "support/scripted.rs"]
mod scripted;

#[path = "support/cli.rs"]
mod cli;
use hexdeep::geom::{Cell, Tiling};
use hexdeep::map::{Grid, Level, Shape, SideFeature, Terrain};
use hexdeep::persist::cost::{SIDE_BYTES, TILE_BYTES};
use hexdeep::sim::World;
use hexdeep::ui::replay::world_bytes;

/// A game whose depth 1 is `first`, with `to_come` as the maps of the next depths.
fn game_with_maps(first: Level, to_come: Vec<Level>) -> World {
    let mut maps = vec![first];
    maps.extend(to_come);
    World::new_game(
        hexdeep::content::Content::bundled().unwrap().into(),
        hexdeep::mapgen::dungeon(),
        1,
        maps,
    )
    .unwrap()
}

/// A hexagon of floor of `radius`, with one thin wall when `walled`.
fn hexagon(radius: u32, walled: bool) -> Level {
    let grid = Grid::new(&Shape::Hexagon { radius }, Terrain::Floor).unwrap();
    let mut level = Level::new("hexagon", 1, grid);
    level.start = Some(Cell::new(0, 0));
    if walled {
        let side = Tiling::Hex.side_between(Cell::new(0, 0), Cell::new(1, 0));
        assert!(level.set_side(side.unwrap(), SideFeature::Wall));
    }
    level
}

#[test]
fn a_snapshots_estimate_counts_the_maps_to_come_and_the_sides() {
    let bare = game_with_maps(hexagon(3, false), Vec::new());
    let big = hexagon(200, true);
    let cells = big.terrain.storage_len();
    // A map still to come costs its cells and its sides.
    let to_come = game_with_maps(hexagon(3, false), vec![big.clone()]);
    let more = world_bytes(&to_come) - world_bytes(&bare);
    assert!(
        more >= cells * (TILE_BYTES + SIDE_BYTES),
        "{more} for {cells} cells"
    );
    // A level with a thin wall costs its sides on top of its tiles.
    let walled = game_with_maps(big, Vec::new());
    let unwalled = game_with_maps(hexagon(200, false), Vec::new());
    let sides = world_bytes(&walled) - world_bytes(&unwalled);
    assert!(sides >= cells * SIDE_BYTES, "{sides} for {cells} cells");
}

/// A game of generated levels, seed 7, that goes down to depth 3.
fn played() -> hexdeep::persist::SavedGame {
    scripted::play(7, 900, 3)
}

#[test]
fn verifying_stops_at_the_first_step_that_differs() {
    let mut game = played();
    let first = game.record.steps[0].clone();
    game.record.steps[0].hash ^= 1;
    // The saved state is altered too: a check that went on to the end would tell it.
    game.current = game.record.start.clone();
    let err = game.record.verify(Some(&game.current)).unwrap_err();
    assert_eq!((err.step, err.turn), (1, first.turn));
    assert_eq!(
        err.what,
        format!(
            "after {:?} the world's hash is {:016x}, the record says {:016x}",
            first.command().unwrap(),
            first.hash,
            first.hash ^ 1
        ),
        "nothing past the first step is replayed"
    );
}

#[test]
fn each_steps_turn_and_depth_are_checked_against_the_replay() {
    let game = played();
    assert!(game.record.steps.iter().any(|s| s.depth > 1), "goes down");
    let mut deep = game.clone();
    for step in &mut deep.record.steps {
        step.depth = 10;
    }
    let err = deep.record.verify(Some(&deep.current)).unwrap_err();
    assert_eq!(err.step, 1, "{}", err.what);
    assert!(
        err.what
            .contains("the player is on depth 1, the record says depth 10"),
        "{}",
        err.what
    );
    let mut late = game.clone();
    let k = late.record.steps.len() / 2;
    late.record.steps[k].turn += 7;
    let err = late.record.verify(Some(&late.current)).unwrap_err();
    assert_eq!(err.step, k + 1, "{}", err.what);
    let turn = game.record.steps[k].turn;
    assert!(
        err.what.contains(&format!(
            "the replay is in turn {}, the record says turn {}",
            turn + 1,
            turn + 8
        )),
        "{}",
        err.what
    );
}

#[test]
fn a_finished_game_that_claims_depth_ten_does_not_verify() {
    let dir = cli::scratch("depth-ten");
    let mut game = played();
    game.current.abandon(hexdeep::sim::Ending::Quit);
    for step in &mut game.record.steps {
        step.depth = 10;
    }
    let path = dir.join("deep.hdsave");
    hexdeep::persist::write_finished(&path, &game).unwrap();
    let out = cli::run_in(&dir, &["replay", "--verify", path.to_str().unwrap()]);
    let text = cli::stdout(&out);
    assert_eq!(out.status.code(), Some(1), "{text}{}", cli::stderr(&out));
    assert!(
        text.contains("differs in turn") && text.contains("the record says depth 10"),
        "{text}"
    );
}

#[test]
fn a_taken_over_runs_deepest_depth_comes_from_the_replay_not_the_steps() {
    let game = played();
    let mut record = game.record.clone();
    record.origin = hexdeep::sim::Origin::TakenOver { seed: 2, after: 0 };
    let honest = hexdeep::persist::Score::of_run("run", &record, &game.current);
    let reached = game.record.steps.iter().map(|s| s.depth).max().unwrap();
    assert_eq!(honest.deepest, reached);
    for step in &mut record.steps {
        step.depth = 10;
    }
    let score = hexdeep::persist::Score::of_run("run", &record, &game.current);
    assert_eq!(score.deepest, reached, "the steps' claims are not believed");
}

/// Renames the window and clears the screen when printed raw; as a TOML basic string.
const HOSTILE_TOML: &str = "\\u001b]0;PWNED\\u0007\\u001b[2J";

/// Whether `text` holds no control character but line breaks.
fn is_clean(text: &str) -> bool {
    !text.chars().any(|c| c.is_control() && c != '\n')
}

#[test]
fn every_text_a_map_command_prints_from_a_file_is_escaped() {
    let dir = cli::scratch("map-escapes");
    let body = "# # #\n # @ #\n# # #\n";
    let fronts = [
        format!("grid = \"{HOSTILE_TOML}\""),
        format!("\"{HOSTILE_TOML}\" = 1"),
        format!("[legend]\n\"g\" = {{ terrain = \"floor\", \"{HOSTILE_TOML}\" = 1 }}"),
    ];
    for (i, front) in fronts.iter().enumerate() {
        let map = dir.join(format!("hostile-{i}.hexmap"));
        std::fs::write(&map, format!("+++\n{front}\n+++\n{body}")).unwrap();
        let m = map.to_str().unwrap();
        let out_map = dir.join(format!("out-{i}.hexmap"));
        let o = out_map.to_str().unwrap();
        for args in [
            vec!["map", "check", m],
            vec!["map", "render", m],
            vec!["map", "render", m, "--json"],
            vec!["map", "convert", m, o],
        ] {
            let out = cli::run(&args);
            let text = format!("{}{}", cli::stdout(&out), cli::stderr(&out));
            assert_eq!(out.status.code(), Some(1), "{args:?}: {text}");
            assert!(text.contains("PWNED"), "{args:?}: {text:?}");
            assert!(is_clean(&text), "{args:?}: {text:?}");
        }
    }
}

/// Files under names of the temporary files of other programs and of hexdeep, whose writers
/// are gone (no process has these ids: Linux ids stop at 2^22).
fn strays(dir: &std::path::Path) -> (Vec<std::path::PathBuf>, std::path::PathBuf) {
    let others = [
        (".notes.md.999999.tmp", &b"my notes"[..]),
        (".config.json.424242.tmp", b"{}"),
        // Hexdeep's kind of name, another program's content.
        (".plans.hdsave.999999.tmp", b"not a save"),
        (".dump.txt.999999.tmp", b"a text"),
    ];
    let kept = others
        .iter()
        .map(|(name, bytes)| {
            let path = dir.join(name);
            std::fs::write(&path, bytes).unwrap();
            path
        })
        .collect();
    let ours = dir.join(".game-1.hdsave.999999.tmp");
    std::fs::write(&ours, b"HEXDEEP\0cut short").unwrap();
    (kept, ours)
}

#[test]
fn opening_a_saves_folder_removes_only_hexdeeps_own_temporary_files() {
    let dir = cli::scratch("not-ours");
    let (kept, ours) = strays(&dir);
    let out = cli::run_in(&dir, &["scores"]);
    assert_eq!(out.status.code(), Some(0), "{}", cli::stderr(&out));
    for path in &kept {
        assert!(path.exists(), "{} is not hexdeep's", path.display());
    }
    assert!(!ours.exists(), "hexdeep's own stale file goes");
}

#[test]
fn a_save_continued_from_another_folder_leaves_that_folder_alone() {
    let saves = cli::scratch("own-saves");
    let elsewhere = cli::scratch("friend-folder");
    let (mut kept, ours) = strays(&elsewhere);
    kept.push(ours);
    let mut game = scripted::play(5, 10, 2);
    assert!(!game.current.is_over());
    let path = elsewhere.join("friend.hdsave");
    let bytes = hexdeep::persist::game::game_bytes(hexdeep::persist::Kind::Save, &game).unwrap();
    std::fs::write(&path, bytes).unwrap();
    hexdeep::ui::start::resumed_file(&mut game, &path).unwrap();
    // `continue FILE` without a terminal stops before playing, after opening the save.
    let out = cli::run_in(&saves, &["continue", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1), "{}", cli::stderr(&out));
    for path in &kept {
        assert!(path.exists(), "{} in the friend's folder", path.display());
    }
}

#[test]
fn the_viewer_tells_its_progress_from_the_first_step_and_can_be_left_while_preparing() {
    let game = played();
    let all = game.record.steps.len();
    let mut told = Vec::new();
    let limits = hexdeep::ui::replay::KEYFRAME_LIMITS;
    let replay = hexdeep::ui::replay::Replayer::telling(game, limits, &mut |done, n| {
        told.push((done, n));
        done < 10
    })
    .unwrap();
    assert_eq!(told.first(), Some(&(0, all)), "told before the first step");
    assert_eq!(replay.len(), 10, "left after ten steps");
}

#[test]
fn a_cast_draws_its_first_frame_before_replaying_the_record() {
    let dir = cli::scratch("cast-forward");
    let mut game = played();
    let all = game.record.steps.len();
    // A step the rules refuse half way: found only when the cast gets there.
    let k = all / 2;
    game.record.steps[k].given[0].command = hexdeep::sim::Command::Ascend;
    assert!(
        game.record
            .world_after(k)
            .apply(hexdeep::sim::Command::Ascend)
            .is_err()
    );
    let out = dir.join("forward.cast");
    let options = hexdeep::ui::cast::CastOptions {
        out: &out,
        size: (100, 32),
        steps_per_second: 1000.0,
        hero: None,
    };
    let mut told = Vec::new();
    hexdeep::ui::cast::export(game, &dir.join("x.hdsave"), options, &mut |d, n| {
        told.push((d, n));
    })
    .unwrap();
    assert_eq!(told.first(), Some(&(0, all)), "nothing replayed before");
    assert_eq!(
        told.last().map(|t| t.0),
        Some(k),
        "it ends at the refused step"
    );
}

#[test]
fn a_cast_stopped_by_a_signal_leaves_no_temporary_file() {
    let dir = cli::scratch("cast-signal");
    let game = played();
    let save = dir.join("long.hdsave");
    hexdeep::persist::save_game_at(&save, &game).unwrap();
    // HUP: the terminal the export runs in is closed.
    for signal in ["TERM", "INT", "HUP"] {
        let out = dir.join(format!("out-{signal}.cast"));
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_hexdeep"))
            .args([
                "replay",
                save.to_str().unwrap(),
                "--cast",
                out.to_str().unwrap(),
            ])
            .arg("--saves")
            .arg(&dir)
            .stdin(std::process::Stdio::null())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        let temp = dir.join(format!("out-{signal}.cast.{}.tmp", child.id()));
        let temp = temp.with_file_name(format!(".{}", temp.file_name().unwrap().to_str().unwrap()));
        // Wait for the export to be under way (or over).
        while !temp.exists() && child.try_wait().unwrap().is_none() {
            std::thread::yield_now();
        }
        let sent = std::process::Command::new("kill")
            .args([&format!("-{signal}"), &child.id().to_string()])
            .status()
            .unwrap();
        let status = child.wait().unwrap();
        assert!(!temp.exists(), "{signal}: {} is left", temp.display());
        if sent.success() && !status.success() {
            assert!(
                !out.exists(),
                "{signal}: an interrupted cast writes nothing"
            );
        }
    }
}

#[test]
fn a_cast_past_a_file_size_limit_leaves_no_temporary_file() {
    let dir = cli::scratch("cast-fsize");
    let save = dir.join("long.hdsave");
    hexdeep::persist::save_game_at(&save, &played()).unwrap();
    let out = dir.join("big.cast");
    std::fs::write(&out, b"an older cast").unwrap();
    // A limit of 8 KiB (`ulimit -f` counts 512-byte blocks): the writer is stopped part way.
    let script = format!(
        "ulimit -f 16; exec '{}' replay '{}' --cast '{}' --saves '{}'",
        env!("CARGO_BIN_EXE_hexdeep"),
        save.display(),
        out.display(),
        dir.display()
    );
    let run = std::process::Command::new("sh")
        .arg("-c")
        .arg(&script)
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    let said = cli::stderr(&run);
    assert_eq!(run.status.code(), Some(1), "{said}");
    assert!(said.contains("big.cast"), "{said}");
    assert_eq!(std::fs::read(&out).unwrap(), b"an older cast");
    let mut left: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    left.sort();
    assert_eq!(
        left,
        ["big.cast", "long.hdsave"].map(std::ffi::OsString::from)
    );
}

/// `world` with its player changed by `edit`, put together again (and checked as any world).
fn edited(world: &World, edit: impl FnOnce(&mut hexdeep::sim::WorldParts)) -> World {
    let mut parts = world.to_parts();
    edit(&mut parts);
    World::from_parts(parts, world.content_handle()).unwrap()
}

/// Writes a save whose record starts from `start` and holds no step, in state `start`, and
/// returns what loading it says.
fn load_crafted(
    dir: &std::path::Path,
    name: &str,
    start: World,
    origin: hexdeep::sim::Origin,
) -> String {
    let game = hexdeep::persist::SavedGame {
        name: name.into(),
        record: hexdeep::sim::GameRecord::new(start.clone(), origin),
        current: start,
        log: Vec::new(),
    };
    let path = dir.join(format!("{name}.hdsave"));
    hexdeep::persist::save_game_at(&path, &game).unwrap();
    match hexdeep::persist::load_game(&path) {
        Ok(_) => "loaded".into(),
        Err(e) => e.to_string(),
    }
}

#[test]
fn a_god_save_is_refused_by_the_contents_own_limits() {
    let dir = cli::scratch("god");
    let start = played().record.start;
    let god = edited(&start, |p| {
        let me = &mut p.creatures[0];
        (me.strength, me.damage, me.armour) = (1_000_000, 1_000_000, 1_000_000);
        (me.hp, me.max_hp) = (1_000_000, 1_000_000);
        me.inventory.push(hexdeep::sim::Stack {
            item: "bomb".into(),
            count: 10_000,
            letter: 'z',
        });
    });
    for origin in [
        hexdeep::sim::Origin::Fresh,
        hexdeep::sim::Origin::TakenOver { seed: 9, after: 0 },
    ] {
        let said = load_crafted(&dir, "god", god.clone(), origin);
        assert!(
            said.contains("god.hdsave") && said.contains("its kind has"),
            "{said}"
        );
    }
    // Numbers alone, or bombs alone, are refused too.
    let bombs = edited(&start, |p| {
        p.creatures[0].inventory.push(hexdeep::sim::Stack {
            item: "bomb".into(),
            count: 10_000,
            letter: 'z',
        });
    });
    let origin = hexdeep::sim::Origin::TakenOver { seed: 9, after: 0 };
    let said = load_crafted(&dir, "bombs", bombs, origin.clone());
    assert!(said.contains("10000 of \"bomb\""), "{said}");
    let life = edited(&start, |p| p.creatures[0].max_hp += 6);
    let said = load_crafted(&dir, "life", life, origin.clone());
    assert!(said.contains("maximum hit points"), "{said}");
    assert_eq!(load_crafted(&dir, "sound", start, origin), "loaded");
}

#[test]
fn a_story_cannot_claim_more_potions_drunk_or_kills_than_the_world_holds() {
    let dir = cli::scratch("story-claims");
    let start = played().record.start;
    let origin = hexdeep::sim::Origin::TakenOver { seed: 9, after: 0 };
    let content = start.content_handle();
    let life = content
        .items()
        .iter()
        .find_map(|k| match k.use_ {
            hexdeep::content::ItemUse::GainLife { amount } => Some((k.name.clone(), amount)),
            _ => None,
        })
        .unwrap();
    // A god by potions of life the story says were drunk: none of them lay in the game.
    let drunk = 100_000;
    let god = edited(&start, |p| {
        p.story.items_used.insert(life.0.clone(), drunk);
        let me = &mut p.creatures[0];
        me.max_hp += life.1 * drunk as i32;
        me.hp = me.max_hp;
    });
    let said = load_crafted(&dir, "drunk", god, origin.clone());
    assert!(
        said.contains("drunk.hdsave") && said.contains(&format!("{drunk} of {:?}", life.0)),
        "{said}"
    );
    // A run at the top of the hall of fame by kills of monsters that never died.
    let killer = edited(&start, |p| {
        p.story.kills.insert("deep wyrm".into(), 1_000_000_000);
    });
    let said = load_crafted(&dir, "kills", killer, origin.clone());
    assert!(
        said.contains("kills.hdsave") && said.contains("1000000000 kills of \"deep wyrm\""),
        "{said}"
    );
    assert_eq!(load_crafted(&dir, "sound", start, origin), "loaded");
}

#[test]
fn a_fresh_games_start_is_made_again_from_its_seed_and_compared() {
    let dir = cli::scratch("start-again");
    let start = played().record.start;
    let fresh = hexdeep::sim::Origin::Fresh;
    assert_eq!(
        load_crafted(&dir, "sound", start.clone(), fresh.clone()),
        "loaded"
    );
    // Within every limit of the content, but not what the seed made.
    let hurt = edited(&start, |p| p.creatures[0].hp = 1);
    let said = load_crafted(&dir, "hurt", hurt, fresh.clone());
    assert!(
        said.contains("hurt.hdsave") && said.contains("not the world its seed and maps make"),
        "{said}"
    );
    let reseeded = edited(&start, |p| p.seed = 10);
    let said = load_crafted(&dir, "reseeded", reseeded, fresh);
    assert!(said.contains("not the world its seed"), "{said}");
}
