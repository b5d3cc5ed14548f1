//! A party's game on disk (issue 31, format 6): saved and loaded back equal, with each
//! segment's directives, their heroes and players; its record verifies; a hero fallen while
//! the others go on loads; the committed format 6 fixture keeps loading, continues and
//! verifies.
#![allow(clippy::unwrap_used)]

#[path = "support/cli.rs"]
mod cli;
use cli::scratch;
use hexdeep::content::Content;
use hexdeep::geom::Compass;
use hexdeep::persist::{self, SaveDir, SavedGame};
use hexdeep::sim::ally::Task;
use hexdeep::sim::control::{Control, PlayerId};
use hexdeep::sim::{Command, GameRecord, Origin, World};
use proptest::prelude::*;
use std::path::PathBuf;

/// A party of `heroes` named Ann, Bob, … on the dungeon of `seed`, its people directing it
/// for `segments` segments through [`Control`], each hero's command drawn from `moves`.
fn party_game(seed: u64, heroes: usize, segments: usize, moves: &[u8]) -> SavedGame {
    let names: Vec<String> = ["Ann", "Bob", "Cy", "Di"][..heroes]
        .iter()
        .map(ToString::to_string)
        .collect();
    let content = Content::bundled().unwrap().into();
    let mut world = World::new_party(
        content,
        hexdeep::mapgen::dungeon(),
        seed,
        Vec::new(),
        heroes,
    )
    .unwrap();
    world.name_heroes(&names);
    let mut control = Control::of_party(&world, &names);
    let mut record = GameRecord::new(world.clone(), Origin::Fresh);
    let mut draw = moves.iter().cycle();
    for _ in 0..segments {
        if world.is_over() {
            break;
        }
        for hero in world.acting_heroes() {
            let person = PlayerId(u16::try_from(hero + 1).unwrap());
            let command = match draw.next().copied().unwrap_or(6) % 8 {
                n @ 0..=5 => Command::Move(Compass::HEX[usize::from(n)]),
                6 => Command::Wait,
                _ => Command::Rest,
            };
            if control.give(&world, person, hero, command).is_err() {
                control.give(&world, person, hero, Command::Wait).unwrap();
            }
        }
        let resolved = control.resolve(&mut world, |_| false).unwrap();
        record.push_segment(&resolved.given, &world);
    }
    SavedGame {
        name: format!("party-{seed}"),
        record,
        current: world,
        log: vec!["Welcome.".to_string()],
    }
}

fn saved_and_loaded(game: &SavedGame, name: &str) -> SavedGame {
    let dir = SaveDir(scratch(name));
    let path = persist::save_game(&dir, game).unwrap();
    persist::load_game(&path).unwrap()
}

#[test]
fn a_party_s_game_loads_back_with_every_directive_and_its_player() {
    let game = party_game(11, 3, 40, &[0, 1, 6, 3, 7, 2, 5]);
    assert_eq!(game.current.heroes(), [0, 1, 2]);
    let back = saved_and_loaded(&game, "party-round-trip");
    assert!(back.current.differences(&game.current).is_empty());
    assert_eq!(back.record.steps, game.record.steps);
    assert!(back.record.steps.iter().any(|s| s.given.len() > 1));
    let players: Vec<u16> = back.record.steps[0]
        .given
        .iter()
        .map(|g| g.player.0)
        .collect();
    assert_eq!(players, [1, 2, 3], "each hero's person gave its directive");
    let names: Vec<&str> = back
        .current
        .heroes()
        .iter()
        .map(|&h| back.current.creatures()[h].name.as_str())
        .collect();
    assert_eq!(names, ["Ann", "Bob", "Cy"]);
    let end = back.record.verify(Some(&back.current)).unwrap();
    assert!(end.differences(&game.current).is_empty());
}

#[test]
fn a_step_of_another_hero_s_command_is_found_by_verify() {
    let mut game = party_game(12, 2, 10, &[6]);
    let back = saved_and_loaded(&game, "party-lie");
    assert!(back.record.verify(Some(&back.current)).is_ok());
    // The first step's directive for hero 1 said to be for a monster.
    game.record.steps[0].given[1].hero = 5;
    let back = saved_and_loaded(&game, "party-lie-2");
    let err = back.record.verify(Some(&back.current)).unwrap_err();
    assert_eq!(err.step, 1);
    assert!(err.what.contains("refused"), "{}", err.what);
}

#[test]
fn a_party_whose_first_hero_fell_loads_while_another_lives() {
    let game = party_game(13, 2, 4, &[6]);
    let mut parts = game.current.to_parts();
    parts.creatures[0].alive = false;
    let content = Content::bundled().unwrap().into();
    let fallen = World::from_parts(parts.clone(), content).unwrap();
    assert!(!fallen.is_over());
    // With every hero fallen and no ending the world is refused.
    parts.creatures[1].alive = false;
    let content = Content::bundled().unwrap().into();
    let err = World::from_parts(parts, content).unwrap_err();
    assert!(err.to_string().contains("every hero is dead"), "{err}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(8))]

    #[test]
    fn any_party_game_round_trips_and_verifies(
        seed in 0u64..1000,
        heroes in 1usize..=4,
        moves in proptest::collection::vec(0u8..8, 1..20),
    ) {
        let game = party_game(seed, heroes, 25, &moves);
        let back = saved_and_loaded(&game, &format!("party-prop-{seed}-{heroes}"));
        prop_assert!(back.current.differences(&game.current).is_empty());
        prop_assert_eq!(&back.record.steps, &game.record.steps);
        prop_assert!(back.record.verify(Some(&back.current)).is_ok());
    }
}

/// The format 6 fixture: a party of two made by this release (tests/data/format-6/).
fn fixture() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/format-6/party.hdsave")
}

#[test]
fn the_format_6_party_fixture_loads_continues_and_verifies() {
    let mut game = persist::load_game(&fixture()).unwrap();
    assert_eq!(game.current.heroes().len(), 2);
    // Ann tamed the rat and told it to guard.
    let rat = game.current.allies_of(0)[0];
    assert!(matches!(
        game.current.ally(rat).unwrap().task,
        Task::Guard(_)
    ));
    let led = game.record.steps.iter().flat_map(|s| &s.given);
    assert!(
        led.clone()
            .any(|g| g.hero == rat && g.player == PlayerId(1))
    );
    // Recorded by 0.6.0 under rules 6: this release goes on from here, and checks its own
    // stretch.
    game.record.continue_here(&game.current);
    let end = game.record.verify(Some(&game.current)).unwrap();
    assert!(end.differences(&game.current).is_empty());
    let names = ["Ann".to_string(), "Bob".to_string()];
    let mut control = Control::of_party(&game.current, &names);
    let turn = game.current.turn();
    for _ in 0..6 {
        for hero in game.current.acting_heroes() {
            let person = PlayerId(u16::try_from(hero + 1).unwrap());
            control
                .give(&game.current, person, hero, Command::Wait)
                .unwrap();
        }
        let resolved = control.resolve(&mut game.current, |_| false).unwrap();
        let world = game.current.clone();
        game.record.push_segment(&resolved.given, &world);
    }
    assert!(game.current.turn() > turn);
    let back = saved_and_loaded(&game, "party-fixture-continued");
    assert!(back.record.verify(Some(&back.current)).is_ok());
}
