//! `replay FILE --cast OUT` and the heroes of a game (issue 31): a party's cast says whose
//! view it is and `--hero NAME` (or a number) casts another's; a name not in the game is
//! refused naming the heroes; a game of one casts as it always did.
#![allow(clippy::unwrap_used)]

#[path = "support/cli.rs"]
mod cli;
#[path = "support/room.rs"]
mod room;
use hexdeep::geom::{Cell, Compass};
use hexdeep::persist::SavedGame;
use hexdeep::sim::{Command, GameRecord, Origin};
use hexdeep::ui::cast::{CastOptions, export};

/// A game of one in the test room with a rat: eight steps east, then waits.
fn one_hero_game() -> SavedGame {
    let mut world = room::world(&[("rat", Cell::new(9, 2))]);
    let mut record = GameRecord::new(world.clone(), Origin::Fresh);
    for i in 0..14 {
        let command = if i < 8 {
            Command::Move(Compass::E)
        } else {
            Command::Wait
        };
        if world.is_over() {
            break;
        }
        if world.apply(command).is_ok() {
            record.push(command, &world);
        }
    }
    SavedGame {
        name: "room".into(),
        record,
        current: world,
        log: Vec::new(),
    }
}

/// `game` cast to 80 by 24 at the default speed: the cast's text.
fn cast(game: SavedGame, name: &str) -> String {
    let dir = cli::scratch(name);
    let out = dir.join("game.cast");
    let options = CastOptions {
        out: &out,
        size: (80, 24),
        steps_per_second: 4.0,
        hero: None,
    };
    export(game, &dir.join("game.hdsave"), options, &mut |_, _| {}).unwrap();
    std::fs::read_to_string(&out).unwrap()
}

#[test]
fn a_game_of_one_casts_as_it_did_before_parties() {
    // tests/data/casts/room-one-hero.cast is this game's cast as hexdeep wrote it before
    // `--hero` (d6d3f8a); it must stay byte for byte the same.
    let text = cast(one_hero_game(), "one");
    let before = std::fs::read_to_string("tests/data/casts/room-one-hero.cast").unwrap();
    assert_eq!(text, before);
}

/// A party of Ann and Bob in the test room, four segments of waiting; Bob starts hurt (7 of
/// 20 hit points) when `hurt` (a start no seed makes: only for casts that load nothing).
fn party_game(hurt: bool) -> SavedGame {
    use hexdeep::sim::World;
    use hexdeep::sim::control::{Control, PlayerId};
    let content: std::sync::Arc<hexdeep::content::Content> =
        hexdeep::content::Content::bundled().unwrap().into();
    let level = room::level(&[]);
    let world = World::party_on_levels(content.clone(), vec![level], 3, 2).unwrap();
    let mut parts = world.to_parts();
    if hurt {
        parts.creatures[1].hp = 7;
    }
    let mut world = World::from_parts(parts, content).unwrap();
    let names = ["Ann".to_string(), "Bob".to_string()];
    world.name_heroes(&names);
    let mut control = Control::of_party(&world, &names);
    let mut record = GameRecord::new(world.clone(), Origin::Fresh);
    for _ in 0..4 {
        for hero in world.acting_heroes() {
            let person = PlayerId(u16::try_from(hero + 1).unwrap());
            control.give(&world, person, hero, Command::Wait).unwrap();
        }
        let resolved = control.resolve(&mut world, |_| false).unwrap();
        record.push_segment(&resolved.given, &world);
    }
    SavedGame {
        name: "party".into(),
        record,
        current: world,
        log: Vec::new(),
    }
}

/// `hexdeep replay FILE --cast OUT --size 80x24 ARGS` on `game` saved in a scratch folder:
/// the run and the cast's text (empty when none was written).
fn cast_by_the_command(
    game: &SavedGame,
    name: &str,
    args: &[&str],
) -> (std::process::Output, String) {
    let dir = cli::scratch(name);
    let file = hexdeep::persist::save_game(&hexdeep::persist::SaveDir(dir.clone()), game).unwrap();
    let out = dir.join("game.cast");
    let run = std::process::Command::new(env!("CARGO_BIN_EXE_hexdeep"))
        .arg("replay")
        .arg(&file)
        .arg("--cast")
        .arg(&out)
        .args(["--size", "80x24", "--saves"])
        .arg(&dir)
        .args(args)
        .output()
        .unwrap();
    let text = std::fs::read_to_string(&out).unwrap_or_default();
    (run, text)
}

/// The first frame of a cast: the whole screen at the start.
fn first_frame(cast: &str) -> String {
    let event: serde_json::Value = serde_json::from_str(cast.lines().nth(1).unwrap()).unwrap();
    event[2].as_str().unwrap().to_string()
}

/// The viewer at the start of `game` through hero `hero`'s eyes, drawn as a cast draws it.
fn viewer_screen(game: &SavedGame, hero: usize) -> String {
    use hexdeep::ui::replay::Replayer;
    let mut replay = Replayer::forward_only(game.clone()).unwrap();
    replay.watch_through(hero);
    replay.playing = true;
    let area = ratatui::layout::Rect::new(0, 0, 80, 24);
    replay.follow_view(area);
    let mut buf = ratatui::buffer::Buffer::empty(area);
    let keymap = hexdeep::ui::keymap::Keymap::default_keys();
    replay.render(
        &keymap,
        hexdeep::ui::palette::Palette { color: true },
        area,
        &mut buf,
    );
    hexdeep::persist::asciicast::screen_ansi(&buf)
}

#[test]
fn a_party_s_cast_shows_the_chosen_hero_s_view() {
    let game = party_game(true);
    let cast_of = |hero| {
        let dir = cli::scratch(&format!("hero-{hero:?}"));
        let out = dir.join("game.cast");
        let options = CastOptions {
            out: &out,
            size: (80, 24),
            steps_per_second: 4.0,
            hero,
        };
        export(
            game.clone(),
            &dir.join("game.hdsave"),
            options,
            &mut |_, _| {},
        )
        .unwrap();
        std::fs::read_to_string(&out).unwrap()
    };
    let bob = viewer_screen(&game, 1);
    assert!(bob.contains("HP   7/20"), "Bob's own hit points: {bob:?}");
    let cast = cast_of(Some(1));
    assert_eq!(first_frame(&cast), bob);
    let header: serde_json::Value = serde_json::from_str(cast.lines().next().unwrap()).unwrap();
    assert_eq!(header["title"], "hexdeep: party (seed 3), Bob's view");
    // Without a hero, the first hero's view.
    let ann = cast_of(None);
    assert_eq!(first_frame(&ann), viewer_screen(&game, 0));
    assert_ne!(first_frame(&ann), bob);
}

#[test]
fn the_command_casts_the_hero_named_or_numbered_and_says_whose_view() {
    let game = party_game(false);
    let (run, by_name) = cast_by_the_command(&game, "bob", &["--hero", "Bob"]);
    assert!(run.status.success(), "{run:?}");
    assert!(cli::stderr(&run).contains("casting Bob's view"), "{run:?}");
    assert!(by_name.lines().next().unwrap().contains("Bob's view"));
    assert!(first_frame(&by_name).contains("(Watching through Bob's eyes.)"));
    let (_, by_number) = cast_by_the_command(&game, "two", &["--hero", "2"]);
    assert_eq!(by_number, by_name);
    let (run, first) = cast_by_the_command(&game, "ann", &[]);
    assert!(cli::stderr(&run).contains("casting Ann's view"), "{run:?}");
    assert!(first.lines().next().unwrap().contains("Ann's view"));
}

#[test]
fn a_hero_not_in_the_game_is_refused_naming_the_heroes() {
    let (run, cast) = cast_by_the_command(&party_game(false), "zed", &["--hero", "Zed"]);
    assert_eq!(run.status.code(), Some(1));
    let err = cli::stderr(&run);
    assert!(
        err.contains("--hero \"Zed\": no such hero in this game; its heroes are 1 Ann, 2 Bob"),
        "{err}"
    );
    assert!(cast.is_empty(), "nothing is cast");
}
