//! The replay viewer on a party's game (issue 31): `v` watches through the next hero's eyes,
//! and a seek keeps the hero watched.
#![allow(clippy::unwrap_used)]

#[path = "support/room.rs"]
mod room;
use hexdeep::content::Content;
use hexdeep::geom::Cell;
use hexdeep::persist::SavedGame;
use hexdeep::sim::control::{Control, PlayerId};
use hexdeep::sim::{Command, GameRecord, Origin, World};
use hexdeep::ui::replay::Replayer;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// A party of Ann and Bob in the test room with a rat, twelve segments of waiting.
fn party_game() -> SavedGame {
    let content = Content::bundled().unwrap().into();
    let level = room::level(&[("rat", Cell::new(9, 2))]);
    let mut world = World::party_on_levels(content, vec![level], 3, 2).unwrap();
    let names = ["Ann".to_string(), "Bob".to_string()];
    world.name_heroes(&names);
    let mut control = Control::of_party(&world, &names);
    let mut record = GameRecord::new(world.clone(), Origin::Fresh);
    for _ in 0..12 {
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

fn press(replay: &mut Replayer, code: KeyCode) {
    replay.key(KeyEvent::new(code, KeyModifiers::NONE));
}

#[test]
fn v_watches_through_the_next_hero_s_eyes_and_a_seek_keeps_them() {
    let mut replay = Replayer::new(party_game()).unwrap();
    assert_eq!(replay.world.viewer(), 0);
    press(&mut replay, KeyCode::Char('v'));
    assert_eq!(replay.world.viewer(), 1);
    assert_eq!(replay.world.player().name, "Bob");
    let said: Vec<String> = replay.ui.log.lines().collect();
    assert!(said.iter().any(|l| l.contains("Bob's eyes")), "{said:?}");
    for _ in 0..5 {
        press(&mut replay, KeyCode::Right);
    }
    press(&mut replay, KeyCode::Left);
    assert_eq!(replay.world.viewer(), 1, "the seek kept Bob's eyes");
    press(&mut replay, KeyCode::Char('v'));
    assert_eq!(replay.world.viewer(), 0, "and back to Ann's");
}
