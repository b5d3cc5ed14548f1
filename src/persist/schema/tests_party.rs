//! Format 6's party, crafted as a hostile user would write it: a party of no heroes, of more
//! than a game has, or of more heroes than creatures is refused naming the file, before the
//! world is built.

use super::tests::{played_game_now, refused, scratch, write_current};
use crate::persist::{codec, load_game};

#[test]
fn a_party_of_a_size_no_game_has_is_refused_naming_the_file() {
    let dir = scratch("party-size");
    for (heroes, name) in [(0, "none"), (5, "five"), (u32::MAX, "huge")] {
        let mut game = played_game_now();
        game.current.party.heroes = heroes;
        let file = format!("{name}.hdsave");
        let path = write_current(&dir, &file, &codec::encode(&game).unwrap());
        let err = refused(&path);
        assert!(err.contains("a game has 1 to 4"), "{err}");
    }
}

#[test]
fn more_heroes_than_creatures_or_a_monster_called_a_hero_is_refused() {
    let dir = scratch("party-creatures");
    let mut game = played_game_now();
    game.current.party.base.creatures.truncate(1);
    game.current.party.heroes = 2;
    let path = write_current(&dir, "few.hdsave", &codec::encode(&game).unwrap());
    let err = refused(&path);
    assert!(err.contains("2 heroes among 1 creatures"), "{err}");

    // The second creature is a monster with a behaviour: it cannot be a hero.
    let mut game = played_game_now();
    game.current.party.heroes = 2;
    let path = write_current(&dir, "monster.hdsave", &codec::encode(&game).unwrap());
    let err = refused(&path);
    assert!(err.contains("creature 1 is not a hero"), "{err}");
}

#[test]
fn the_crafted_party_is_sound_so_only_its_size_is_refused() {
    let dir = scratch("party-sound");
    let game = played_game_now();
    let path = write_current(&dir, "sound.hdsave", &codec::encode(&game).unwrap());
    let loaded = load_game(&path).unwrap();
    assert_eq!(loaded.current.heroes(), [0]);
}
