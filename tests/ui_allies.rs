//! Allies on the screen (issue 31): reading the scroll of taming with a monster in view makes
//! it an ally the sidebar lists, drawn in the friends' colour; `T` asks what to tell it and
//! the answer goes with the next action, as a directive the game's record keeps.
#![allow(clippy::unwrap_used)]

#[path = "support/room.rs"]
mod room;
#[path = "support/screen.rs"]
mod screen;
use hexdeep::geom::Cell;
use hexdeep::sim::ally::Task;
use hexdeep::sim::{Command, World};
use hexdeep::ui::app::Session;
use hexdeep::ui::keymap::Keymap;
use hexdeep::ui::palette::Palette;
use hexdeep::ui::state::Mode;
use ratatui::style::Color;
use screen::{draw, keys, press_char};

fn session(world: World, color: bool) -> Session {
    Session::new(world, Keymap::default_keys(), Palette { color })
}

fn text(s: &mut Session) -> String {
    screen::text(&draw(s, 110, 36))
}

/// The letter of the player's scroll of taming.
fn scroll(s: &Session) -> char {
    let me = s.world.player();
    me.inventory
        .iter()
        .find(|st| st.item == "scroll of taming")
        .unwrap()
        .letter
}

/// A session in the room with a rat three tiles east, tamed through the keys.
fn tamed(color: bool) -> (Session, usize) {
    let mut s = session(room::world(&[("rat", Cell::new(4, 2))]), color);
    let letter = scroll(&s);
    press_char(&mut s, 'r');
    press_char(&mut s, letter);
    let rat = s.world.allies_of(0)[0];
    (s, rat)
}

#[test]
fn reading_the_scroll_makes_an_ally_the_sidebar_lists() {
    let (mut s, rat) = tamed(false);
    assert_eq!(s.world.creatures()[rat].name, "rat");
    let screen = text(&mut s);
    assert!(screen.contains("The rat follows you now."), "{screen}");
    assert!(screen.contains("Ally: the rat"), "{screen}");
    assert!(screen.contains("follows"), "{screen}");
    // Nor does it count among the monsters in view.
    assert!(s.world.visible_monsters().is_empty());
}

#[test]
fn an_ally_is_drawn_in_the_friends_colour() {
    let (mut s, rat) = tamed(true);
    let at = s.world.creatures()[rat].pos;
    let buf = draw(&mut s, 110, 36);
    let cells: Vec<Color> = buf
        .content()
        .iter()
        .filter(|c| c.symbol() == "r")
        .map(|c| c.fg)
        .collect();
    assert!(
        cells.contains(&Color::LightCyan),
        "the rat at {at:?}: {cells:?}"
    );
}

#[test]
fn t_asks_what_to_tell_and_the_answer_goes_with_the_next_action() {
    let (mut s, rat) = tamed(false);
    press_char(&mut s, 'T');
    assert_eq!(s.ui.mode, Mode::Tell);
    assert!(text(&mut s).contains("Tell your allies"));
    press_char(&mut s, 's');
    assert_eq!(s.ui.mode, Mode::Normal);
    let screen = text(&mut s);
    assert!(screen.contains("You tell the rat to stay."), "{screen}");
    assert!(screen.contains("told to stay"), "{screen}");
    // Told, not yet done: the next action carries it.
    assert_eq!(s.world.ally(rat).unwrap().task, Task::Follow);
    keys(&mut s, "s");
    assert!(matches!(s.world.ally(rat).unwrap().task, Task::Stay(_)));
    assert!(s.ui.tells.is_empty());
    assert_eq!(s.record.last(), Some(&Command::Wait));
}

#[test]
fn t_with_no_ally_says_so_and_another_key_tells_nothing() {
    let mut s = session(room::world(&[]), false);
    press_char(&mut s, 'T');
    assert_eq!(s.ui.mode, Mode::Normal);
    assert!(text(&mut s).contains("You have no ally to tell"));
    let (mut s, rat) = tamed(false);
    press_char(&mut s, 'T');
    press_char(&mut s, 'x');
    assert_eq!(s.ui.mode, Mode::Normal);
    assert!(s.ui.tells.is_empty());
    assert_eq!(s.world.ally(rat).unwrap().task, Task::Follow);
}
