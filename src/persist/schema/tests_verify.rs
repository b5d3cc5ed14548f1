//! Worlds that decode but that no rules could make: refused by loading, or named by
//! verifying, with the file named.

use super::tests::{played_game, refused, scratch, write_file};
use super::v5;
use crate::persist::{codec, load_game};

/// A change to a saved game, and words the refusal of the changed file says.
type Alter = fn(&mut v5::SavedGame);

/// Changes no rules could make, each with words its refusal says.
fn alterations() -> Vec<(&'static str, Alter)> {
    vec![
        ("strength", |g| g.current.creatures[0].strength = i32::MAX),
        ("armour", |g| g.current.creatures[0].armour = i32::MIN),
        ("speed", |g| g.current.creatures[0].speed = 0),
        ("sight", |g| g.current.creatures[0].sight = u32::MAX),
        ("stack", |g| {
            g.current.creatures[0].inventory[0].count = u32::MAX;
        }),
        ("letter", |g| {
            let inventory = &mut g.current.creatures[0].inventory;
            inventory[1].letter = inventory[0].letter;
        }),
        ("letter", |g| {
            g.current.creatures[0].inventory[0].letter = '\x1b';
        }),
        ("no item", |g| {
            g.current.creatures[0].inventory[0].item = "gold".into();
        }),
        ("remembered letter", |g| {
            let letter = g.current.creatures[0].inventory[0].letter;
            g.current.creatures[0].letters.push(("bomb".into(), letter));
        }),
        ("remembered twice", |g| {
            let item = g.current.creatures[0].inventory[0].item.clone();
            g.current.creatures[0].letters.push((item, 'x'));
        }),
        ("wields", |g| {
            let item = g.current.creatures[0].inventory[0].item.clone();
            g.current.creatures[0].wielded = Some(item);
        }),
        ("turn", |g| g.current.turn = u64::MAX),
        ("healing", |g| g.current.regen_progress = u64::MAX),
        ("levels", |g| {
            let last = g.current.depths[0].clone();
            for _ in 0..10 {
                g.current.depths.push(last.clone());
            }
        }),
        ("deepest", |g| g.current.story.deepest = 40),
        ("no monster", |g| {
            g.current.story.kills.push(("dragon".into(), 1));
        }),
        ("no monster", |g| {
            g.current.creatures[1].name = "dragon".into();
        }),
        ("plans", |g| g.current.plans.resize(100_000, None)),
        ("max", |g| g.record.start.creatures[0].max_hp = i32::MAX),
    ]
}

#[test]
fn a_world_no_rules_could_make_is_refused_by_loading_and_by_verifying() {
    let dir = scratch("impossible");
    let sound = write_file(
        &dir,
        "sound.hdsave",
        &codec::encode(&played_game()).unwrap(),
    );
    let (report, ok) = crate::persist::verify::verify_files(&[&sound]);
    assert!(ok, "{report}");
    for (i, (words, alter)) in alterations().into_iter().enumerate() {
        let mut game = played_game();
        alter(&mut game);
        let name = format!("altered-{i}.hdsave");
        let path = write_file(&dir, &name, &codec::encode(&game).unwrap());
        let err = refused(&path);
        assert!(err.contains(words), "{words}: {err}");
        let (report, ok) = crate::persist::verify::verify_files(&[&path]);
        assert!(!ok && report.contains(&name), "{words}: {report}");
    }
}

#[test]
fn a_sound_number_changed_in_the_saved_state_is_named_by_verifying() {
    let dir = scratch("altered-state");
    let mut game = played_game();
    game.current.creatures[0].strength += 1;
    game.current.creatures[0].inventory[0].count += 1;
    let path = write_file(&dir, "stronger.hdsave", &codec::encode(&game).unwrap());
    load_game(&path).unwrap();
    let (report, ok) = crate::persist::verify::verify_files(&[&path]);
    assert!(!ok, "{report}");
    assert!(
        report.contains("strength") && report.contains("pack"),
        "{report}"
    );
}
