//! Allies in a hotseat game (issue 31): the person whose hero tamed an ally directs it; `T`
//! `d` lets the next person direct it too, below its hero's person; what a person told an
//! ally shows in their sidebar until the segment resolves.

#![allow(clippy::unwrap_used)]

#[path = "support/room.rs"]
mod room;
#[path = "support/screen.rs"]
mod screen;

use hexdeep::content::Content;
use hexdeep::geom::Cell;
use hexdeep::sim::World;
use hexdeep::sim::ally::Task;
use hexdeep::ui::app::Session;
use hexdeep::ui::keymap::Keymap;
use hexdeep::ui::palette::Palette;
use screen::{keys, press_char};

/// Ann and Bob in the open room with a rat three tiles east of Ann; Ann has read her scroll
/// of taming and Bob waited, so the rat is Ann's ally and it is Ann's turn again.
fn tamed() -> (Session, usize) {
    let content: std::sync::Arc<Content> = Content::bundled().unwrap().into();
    let level = room::level(&[("rat", Cell::new(4, 2))]);
    let mut world = World::party_on_levels(content, vec![level], 5, 2).unwrap();
    world.name_heroes(&["Ann".to_string(), "Bob".to_string()]);
    let mut s = Session::hotseat(world, Keymap::default_keys(), Palette { color: false });
    let letter = s.world.creatures()[0]
        .inventory
        .iter()
        .find(|st| st.item == "scroll of taming")
        .unwrap()
        .letter;
    press_char(&mut s, 'r');
    press_char(&mut s, letter);
    press_char(&mut s, '.');
    let rat = s.world.allies_of(0)[0];
    assert_eq!(s.world.player().name, "Ann", "Ann's turn again");
    (s, rat)
}

fn sidebar(s: &mut Session) -> Vec<String> {
    screen::text(&screen::draw(s, 110, 36))
        .lines()
        .filter_map(|l| l.split('│').nth(1))
        .map(|l| l.trim().to_string())
        .collect()
}

fn log(s: &Session) -> String {
    s.ui.log.lines().collect::<Vec<_>>().join("\n")
}

#[test]
fn a_tell_shows_in_the_sidebar_until_the_segment_resolves_and_then_is_the_task() {
    let (mut s, rat) = tamed();
    keys(&mut s, "Ts");
    assert!(
        sidebar(&mut s).iter().any(|l| l.contains("told to stay")),
        "{:?}",
        sidebar(&mut s)
    );
    press_char(&mut s, '.');
    press_char(&mut s, '.');
    assert!(matches!(s.world.ally(rat).unwrap().task, Task::Stay(_)));
    assert!(
        !sidebar(&mut s).iter().any(|l| l.contains("told to")),
        "the telling is done: {:?}",
        sidebar(&mut s)
    );
}

#[test]
fn another_person_directs_an_ally_only_once_its_hero_s_person_lets_them() {
    let (mut s, rat) = tamed();
    press_char(&mut s, '.');
    assert_eq!(s.world.player().name, "Bob");
    assert!(
        !sidebar(&mut s).iter().any(|l| l.starts_with("Ally:")),
        "Bob directs no ally: {:?}",
        sidebar(&mut s)
    );
    press_char(&mut s, 'T');
    assert!(log(&s).contains("You have no ally to tell"), "{}", log(&s));
    press_char(&mut s, '.');

    // Ann lets Bob direct her rat too.
    keys(&mut s, "Td");
    assert!(
        log(&s).contains("Bob may direct your allies too now"),
        "{}",
        log(&s)
    );
    press_char(&mut s, '.');
    assert_eq!(s.world.player().name, "Bob");
    assert!(
        sidebar(&mut s)
            .iter()
            .any(|l| l.starts_with("Ally: the rat (Ann's)")),
        "{:?}",
        sidebar(&mut s)
    );
    keys(&mut s, "Tg");
    press_char(&mut s, '.');
    assert!(
        matches!(s.world.ally(rat).unwrap().task, Task::Guard(_)),
        "Bob's directive counted: {:?}",
        s.world.ally(rat)
    );
}

#[test]
fn the_hero_s_own_person_still_comes_first_after_letting_another_direct() {
    let (mut s, rat) = tamed();
    keys(&mut s, "Td");
    keys(&mut s, "Tf");
    press_char(&mut s, '.');
    // Bob tells the rat to stay in the same segment: Ann's "follow" counts.
    keys(&mut s, "Ts");
    press_char(&mut s, '.');
    assert_eq!(s.world.ally(rat).unwrap().task, Task::Follow);
}
