//! The bot plays whole games: deterministically for any number of threads, with records
//! that replay and verify, through the command line, and never from what the player cannot
//! know.
#![allow(clippy::unwrap_used)]

#[path = "support/cli.rs"]
mod cli;
#[path = "support/corner.rs"]
mod corner;
use hexdeep::bot::{Bot, Played, RunConfig, Summary, run};
use hexdeep::content::Content;
use hexdeep::geom::Cell;
use hexdeep::map::{Grid, Level, Placement, PlacementKind, Shape, Terrain};
use hexdeep::sim::World;
use std::sync::Mutex;

fn config(games: usize, turns: u64, jobs: usize, records: bool) -> RunConfig {
    RunConfig {
        tiling: hexdeep::geom::Tiling::Hex,
        games,
        seed: 7,
        turns,
        players: 1,
        jobs,
        records,
        content: Content::bundled().unwrap().into(),
    }
}

#[test]
fn fifty_games_give_the_same_summary_on_one_thread_and_two() {
    let one = run(&config(50, 80, 1, false), &|_, _| {});
    let two = run(&config(50, 80, 2, false), &|_, _| {});
    assert_eq!(one.len(), 50);
    assert_eq!(one, two);
    let (a, b) = (Summary::of(1, &one, 1.0), Summary::of(1, &two, 2.0));
    assert_eq!(a.without_speed(), b.without_speed());
    assert!(a.depths.values().sum::<usize>() == 50);
    // The turn limit ends the games that last: none goes past it.
    assert!(one.iter().all(|o| o.turns <= 80), "{one:?}");
}

#[test]
fn a_hundred_bot_games_replay_and_verify() {
    let problems = Mutex::new(Vec::new());
    let verified = Mutex::new(0usize);
    let check = |i: usize, played: &Played| {
        let record = played.record.as_ref().unwrap();
        assert!(!record.steps.is_empty());
        match record.verify(Some(&played.world)) {
            Ok(_) => *verified.lock().unwrap() += 1,
            Err(d) => problems.lock().unwrap().push(format!("game {i}: {d:?}")),
        }
    };
    let outcomes = run(&config(100, 40, 2, true), &check);
    assert_eq!(outcomes.len(), 100);
    assert_eq!(problems.into_inner().unwrap(), Vec::<String>::new());
    assert_eq!(verified.into_inner().unwrap(), 100);
}

#[test]
fn the_json_summary_has_its_keys() {
    let out = cli::run(&[
        "bot", "--games", "3", "--turns", "30", "--jobs", "2", "--json",
    ]);
    assert!(out.status.success(), "{out:?}");
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    for key in [
        "games",
        "wins",
        "deaths",
        "depths",
        "mean_turns",
        "turns_per_second",
    ] {
        assert!(json.get(key).is_some(), "{key} missing: {json}");
    }
    assert_eq!(json["games"], 3);
    assert!(json["deaths"].is_object() && json["depths"].is_object());
    let counted: u64 = json["depths"]
        .as_object()
        .unwrap()
        .values()
        .map(|v| v.as_u64().unwrap())
        .sum();
    assert_eq!(counted, 3);
}

#[test]
fn replays_written_by_the_bot_verify() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("hexdeep-bot-replays-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let folder = dir.to_str().unwrap();
    let out = cli::run(&["bot", "--games", "2", "--turns", "25", "--replays", folder]);
    assert!(out.status.success(), "{out:?}");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    assert_eq!(files.len(), 2, "{files:?}");
    let mut args = vec!["replay", "--verify"];
    args.extend(files.iter().map(|f| f.to_str().unwrap()));
    let out = cli::run(&args);
    let report = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{report}");
    assert_eq!(report.matches(": ok:").count(), 2, "{report}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_arguments_are_told_without_a_panic() {
    let file = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("hexdeep-bot-file-{}", std::process::id()));
    std::fs::write(&file, "not a folder").unwrap();
    let bad = [
        vec!["bot", "--games", "0"],
        vec!["bot", "--jobs", "0"],
        vec!["bot", "--turns", "0"],
        vec!["bot", "--games", "1", "--replays", file.to_str().unwrap()],
        vec!["bot", "--games", "many"],
    ];
    for args in bad {
        let out = cli::run(&args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{args:?}");
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        assert!(
            stderr.contains("--") || stderr.contains("folder"),
            "{stderr}"
        );
    }
    let _ = std::fs::remove_file(&file);
}

/// An open field with a sealed chamber the player can never see into; `inside` fills it.
fn field(inside: impl Fn(Cell, &mut Grid<Terrain>, &mut Vec<Placement>)) -> World {
    let shape = Shape::Parallelogram {
        width: 30,
        height: 10,
    };
    let mut grid = Grid::new(&shape, Terrain::Floor).unwrap();
    let mut placements = Vec::new();
    for y in 2..=7 {
        for x in 20..=27 {
            let h = Cell::new(x, y);
            let edge = y == 2 || y == 7 || x == 20 || x == 27;
            if edge {
                grid.set(h, Terrain::Wall);
            } else {
                inside(h, &mut grid, &mut placements);
            }
        }
    }
    let mut level = Level::new("field", 1, grid);
    level.start = Some(Cell::new(2, 5));
    level.placements = placements;
    World::new(
        hexdeep::content::Content::bundled().unwrap().into(),
        level,
        11,
    )
    .unwrap()
}

#[test]
fn the_bot_never_decides_from_tiles_the_player_has_not_seen() {
    let content = Content::bundled().unwrap();
    let monster = content.monsters()[0].name.clone();
    let item = content.items()[0].name.clone();
    let mut plain = field(|_, _, _| {});
    let mut hidden = field(|h, grid, placements| {
        let kind = match (h.x + h.y) % 3 {
            0 => Terrain::DeepWater,
            1 => Terrain::Brush,
            _ => Terrain::StairsDown,
        };
        grid.set(h, kind);
        let what = if h.x % 2 == 0 {
            PlacementKind::Item(item.clone())
        } else {
            PlacementKind::Monster(monster.clone())
        };
        placements.push(Placement { at: h, kind: what });
    });
    let secret: Vec<Cell> = (3..7)
        .flat_map(|y| (21..27).map(move |x| Cell::new(x, y)))
        .collect();
    let (mut a, mut b) = (Bot::new(), Bot::new());
    for step in 0..150 {
        assert!(
            secret
                .iter()
                .all(|&h| !plain.is_seen(h) && !hidden.is_seen(h)),
            "the chamber stays unseen"
        );
        let (ca, cb) = (a.choose(&plain), b.choose(&hidden));
        assert_eq!(ca, cb, "step {step}");
        plain.apply(ca).unwrap();
        hidden.apply(cb).unwrap();
        assert_eq!(plain.player().pos, hidden.player().pos);
    }
}

/// The bot on the corner room (`tests/support/corner.rs`) with `blocker` on the tile out of
/// sight through the corner, the only cheap way to the stairs down, the blocker's mind set by
/// `mind`: the longest run of the bot's steps bouncing off something, and the world after
/// at most 40 actions (or on reaching the second level).
fn past_an_unseen_blocker(
    blocker: corner::Monster,
    mind: impl Fn(&mut hexdeep::sim::Creature),
) -> (usize, World) {
    use hexdeep::geom::Cell;
    use hexdeep::sim::Event;
    let mut first = corner::level(&[], &[blocker]);
    first.terrain.set(Cell::new(8, 6), Terrain::StairsDown);
    let second = corner::level(&[], &[]);
    let world = corner::world_of(vec![first, second], &[blocker]);
    let mut parts = world.to_parts();
    mind(&mut parts.creatures[1]);
    let mut world = World::from_parts(parts, world.content_handle()).unwrap();
    let mut bot = Bot::new();
    let (mut bounces, mut most) = (0, 0);
    for _ in 0..40 {
        if world.depth() == 2 || world.is_over() {
            break;
        }
        let command = bot.choose(&world);
        let events = world.apply(command).unwrap();
        bot.observe(&world, &events);
        let bounced = events
            .iter()
            .any(|e| matches!(e, Event::Bounced { who: 0, .. }));
        bounces = if bounced { bounces + 1 } else { 0 };
        most = most.max(bounces);
    }
    (most, world)
}

#[test]
fn the_bot_strikes_what_it_bumped_into_unseen_instead_of_pushing_against_it() {
    // Issue 28: on triangles the bot pushed against a kobold hidden around a corner, through
    // brush, from turn 1448 until its time ran out ("You bounce off something"). Here a
    // kobold keeps to its post there.
    let kobold = corner::Monster {
        post: true,
        ..corner::Monster::new("kobold", corner::HIDDEN)
    };
    let (most, world) = past_an_unseen_blocker(kobold, |_| {});
    assert_eq!(most, 1, "it pushed against the kobold again and again");
    assert!(!world.creatures()[1].alive, "it struck the kobold down");
    assert_eq!(world.depth(), 2);
}

#[test]
fn the_bot_strikes_an_unseen_wolf_that_pushes_back_instead_of_pushing_on() {
    // Issue 28's other game: a wolf that could not see the player went to where it had last
    // seen them, the player's own tile, and the two pushed against each other from turn 4802
    // to 20000 ("You and something block each other").
    let wolf = corner::Monster::new("wolf", corner::HIDDEN);
    let (most, world) = past_an_unseen_blocker(wolf, |c| c.memory = Some(corner::ME));
    assert!(most <= 1, "{most} bumps in a row");
    assert!(!world.creatures()[1].alive, "it struck the wolf down");
}
