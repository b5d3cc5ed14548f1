//! A party's game in the hall of fame and the morgue (issue 31): each hero enters the hall
//! as their own run, under their name and with the others named, with their own ending,
//! deepest depth and kills; the character dump names every hero with their own sheet.
#![allow(clippy::unwrap_used)]

#[path = "support/cli.rs"]
mod cli;
#[path = "support/party_fight.rs"]
mod party_fight;
use hexdeep::persist::{self, SaveDir, SavedGame};
use hexdeep::sim::{Ending, Origin};
use hexdeep::ui::saving::{Finished, GameFile};

/// The fight put away in the saves folder `dir` as a played game's end puts it away.
fn put_away(game: &SavedGame, dir: &std::path::Path) -> Finished {
    let mut file = GameFile::new(
        SaveDir(dir.to_path_buf()),
        &game.record.start,
        Origin::Fresh,
    );
    file.record = game.record.clone();
    file.finish(&game.current, &game.log).unwrap()
}

#[test]
fn each_hero_of_a_party_enters_the_hall_of_fame_as_their_own_run() {
    // Ann, beside the rat, kills it and falls to the ogre; Bob kills the ogre and lives on
    // until the party gives up.
    let game = party_fight::game(4);
    let world = &game.current;
    assert!(!world.creatures()[0].alive && world.creatures()[1].alive);
    let dir = cli::scratch("hall");
    let done = put_away(&game, &dir);
    assert_eq!(done.places, [1, 2], "{done:?}");
    let hall = persist::load_scores(&SaveDir(dir.clone())).unwrap();
    let ann = hall
        .entries
        .iter()
        .find(|e| e.party().is_some_and(|p| p.0 == "Ann"))
        .unwrap();
    let bob = hall
        .entries
        .iter()
        .find(|e| e.party().is_some_and(|p| p.0 == "Bob"))
        .unwrap();
    assert_eq!(ann.party(), Some(("Ann", vec!["Bob"])));
    assert_eq!(bob.party(), Some(("Bob", vec!["Ann"])));
    assert_eq!(
        ann.ending,
        Ending::Died {
            cause: "an ogre".into(),
            depth: 1
        }
    );
    assert_eq!(bob.ending, Ending::Quit);
    assert_eq!((ann.kills, bob.kills), (1, 1));
    assert_eq!(ann.kills + bob.kills, world.story().kill_count());
    assert_eq!((ann.deepest, bob.deepest), (1, 1));
    assert_eq!(ann.turns, world.turns_played());
    // `hexdeep scores` lists them by name, each with the other.
    let out = cli::stdout(&cli::run_in(&dir, &["scores"]));
    assert!(
        out.contains("Ann (with Bob): killed by an ogre on depth 1"),
        "{out}"
    );
    assert!(out.contains("Bob (with Ann): quit"), "{out}");
}

/// The lines of `text` from the one that is `heading` to the next blank one.
fn section<'a>(text: &'a str, heading: &str) -> Vec<&'a str> {
    text.lines()
        .skip_while(|l| *l != heading)
        .take_while(|l| !l.is_empty())
        .collect()
}

#[test]
fn a_party_s_dump_is_named_after_it_and_has_every_hero_s_sheet() {
    let game = party_fight::game(4);
    let world = &game.current;
    let dir = cli::scratch("morgue");
    let done = put_away(&game, &dir);
    let path = done.morgue.unwrap();
    let file = path.file_name().unwrap().to_string_lossy().into_owned();
    assert!(file.starts_with("Ann-and-Bob-"), "{file}");
    let dump = std::fs::read_to_string(&path).unwrap();
    assert!(dump.contains("\nParty:   Ann, Bob\n"), "{dump}");
    let bob = &world.creatures()[1];
    let ann = section(&dump, "== Ann ==");
    let bob_sheet = section(&dump, "== Bob ==");
    for (sheet, want) in [
        (&ann, "Fate:    killed by an ogre on depth 1".to_string()),
        (&ann, "HP:      0/20".to_string()),
        (&ann, "Kills:   1".to_string()),
        (
            &bob_sheet,
            "Fate:    alive when the party gave up".to_string(),
        ),
        (&bob_sheet, format!("HP:      {}/{}", bob.hp, bob.max_hp)),
        (&bob_sheet, "Depth:   1 now, 1 deepest".to_string()),
        (&bob_sheet, "Allies:  none".to_string()),
    ] {
        assert!(sheet.contains(&want.as_str()), "{want:?} in {sheet:#?}");
    }
    // Each hero's pack is their own: Bob keeps the kit he started with; Ann, fallen while
    // Bob lived, left hers on the tile where she fell.
    assert!(
        bob_sheet.iter().any(|l| l.contains("scroll of taming")),
        "{bob_sheet:#?}"
    );
    assert!(
        ann.windows(2)
            .any(|w| w[0] == "Pack:" && w[1] == "  nothing"),
        "{ann:#?}"
    );
    // The end screen says where it went.
    let report = hexdeep::ui::state::EndReport {
        morgue: Some(path.clone()),
        ..Default::default()
    };
    let screen = end_screen(world, &report);
    assert!(
        screen.contains(&format!("Character dump: {}", path.display())),
        "{screen}"
    );
}

/// The end screen of `world` with `report`, as text.
fn end_screen(world: &hexdeep::sim::World, report: &hexdeep::ui::state::EndReport) -> String {
    use ratatui::{buffer::Buffer, layout::Rect, widgets::Widget};
    let area = Rect::new(0, 0, 200, 40);
    let mut buf = Buffer::empty(area);
    let view = hexdeep::ui::view::EndView {
        world,
        report: Some(report),
        scroll: 0,
    };
    (&view).render(area, &mut buf);
    (0..area.height)
        .map(|y| {
            (0..area.width)
                .map(|x| buf[(x, y)].symbol())
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn a_party_s_dump_names_the_allies_with_their_heroes() {
    // The format 6 fixture: Ann tamed the rat and told it to guard.
    let path = std::path::Path::new("tests/data/format-6/party.hdsave");
    let mut game = persist::load_game(path).unwrap();
    game.current.abandon(Ending::Quit);
    let dir = cli::scratch("allies");
    let dump = std::fs::read_to_string(put_away(&game, &dir).morgue.unwrap()).unwrap();
    let ann = section(&dump, "== Ann ==");
    assert!(
        ann.contains(&"Allies:  a rat (guards, depth 1)"),
        "{ann:#?}"
    );
    assert!(
        section(&dump, "== Bob ==").contains(&"Allies:  none"),
        "{dump}"
    );
}
