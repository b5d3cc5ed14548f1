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
