//! Striking a tile (issue 17): `F` then a direction, or a click, commits a blow at a
//! neighbouring tile whatever stands there now, so a monster whose mark says it will step there
//! is hit. The command is recorded, saved and verified like every other.
#![allow(clippy::unwrap_used)]

#[path = "support/cli.rs"]
mod cli;
#[path = "support/marks.rs"]
mod marks;
#[path = "support/room.rs"]
mod room;
#[path = "support/screen.rs"]
mod screen;
use hexdeep::geom::{Cell, Compass};
use hexdeep::persist::{self, SaveDir, SavedGame};
use hexdeep::sim::{Command, GameRecord, Origin, World};
use hexdeep::ui::app::Session;
use hexdeep::ui::keymap::{Intent, Key, Keymap};
use hexdeep::ui::palette::Palette;
use hexdeep::ui::state::Mode;
use hexdeep::ui::view;
use marks::{direction_to, wait_for_a_marked_step};
use ratatui::crossterm::event::{KeyCode, KeyModifiers, MouseButton, MouseEvent, MouseEventKind};
use ratatui::layout::Rect;
use screen::{draw, press, press_char};

/// An open room, the player at (1, 2) and a rat three tiles east.
fn rat_room() -> World {
    room::world(&[("rat", Cell::new(4, 2))])
}

fn session(world: World) -> Session {
    Session::new(world, Keymap::default_keys(), Palette { color: false })
}

fn text(s: &mut Session) -> String {
    let buf = draw(s, 110, 36);
    screen::text(&buf)
}

fn log(s: &Session) -> Vec<String> {
    s.ui.log.lines().collect()
}

/// The first character key the default keymap binds to a step in `dir` (a numpad digit).
fn key_for(dir: Compass) -> char {
    Keymap::default_keys()
        .keys_for(Intent::Step(dir))
        .into_iter()
        .find_map(|k| match k {
            Key::Char(c) => Some(c),
            Key::Named(_) => None,
        })
        .unwrap()
}

fn rat(world: &World) -> &hexdeep::sim::Creature {
    world.creatures().iter().find(|c| c.name == "rat").unwrap()
}

#[test]
fn striking_the_tile_a_rat_telegraphs_hits_the_rat() {
    let mut s = session(rat_room());
    let to = wait_for_a_marked_step(&mut s);
    assert!(
        s.world.creature_at(to).is_none(),
        "the marked tile is empty when the blow is chosen"
    );
    let dir = direction_to(&s.world, to);
    let before = rat(&s.world).hp;
    press_char(&mut s, 'F');
    assert_eq!(s.ui.mode, Mode::Strike);
    press_char(&mut s, key_for(dir));
    assert_eq!(s.ui.mode, Mode::Normal);
    assert_eq!(s.record.last(), Some(&Command::Attack(dir)));
    let rat = rat(&s.world);
    assert!(
        !rat.alive || rat.hp < before,
        "the rat stepped into the blow: {rat:?}"
    );
    assert!(
        log(&s).iter().any(|l| l.starts_with("You hit")),
        "{:?}",
        log(&s)
    );
}

#[test]
fn a_plain_step_toward_the_mark_walks_into_it_instead() {
    // The reason for F: moving toward the marked tile steps into it, and the rat is not hit.
    let mut s = session(rat_room());
    let to = wait_for_a_marked_step(&mut s);
    let dir = direction_to(&s.world, to);
    let before = rat(&s.world).hp;
    press_char(&mut s, key_for(dir));
    assert_eq!(s.record.last(), Some(&Command::Move(dir)));
    assert_eq!(rat(&s.world).hp, before);
}

#[test]
fn the_strike_prompt_says_what_it_waits_for_and_esc_cancels() {
    let mut s = session(rat_room());
    press_char(&mut s, 'F');
    let screen = text(&mut s);
    assert!(screen.contains("STRIKE: which way?"), "{screen}");
    assert!(screen.contains("a direction key strikes"), "{screen}");
    assert!(screen.contains("Esc: cancel"), "{screen}");
    assert!(
        screen.contains("Strike which way?"),
        "asked under the messages too: {screen}"
    );
    let turn = s.world.turn();
    press(&mut s, KeyCode::Esc);
    assert_eq!(s.ui.mode, Mode::Normal);
    assert!(s.record.is_empty(), "nothing was done");
    assert_eq!(s.world.turn(), turn);
    let screen = text(&mut s);
    assert!(!screen.contains("STRIKE: which way?"), "{screen}");
    assert!(screen.contains("You lower your weapon."), "{screen}");
    // Up has no hex direction: the prompt stays, and says why in the log.
    press_char(&mut s, 'F');
    press(&mut s, KeyCode::Up);
    assert_eq!(s.ui.mode, Mode::Strike);
    press_char(&mut s, 'x');
    assert_eq!(s.ui.mode, Mode::Normal, "another key backs out");
    assert!(s.record.is_empty());
}

#[test]
fn the_help_lists_strike() {
    let mut s = session(rat_room());
    press_char(&mut s, '?');
    let screen = text(&mut s);
    let line = screen
        .lines()
        .find(|l| l.contains("strike a neighbouring tile"))
        .unwrap_or_else(|| panic!("{screen}"));
    let keys = line.trim_start_matches([' ', '│']);
    assert!(keys.starts_with("F "), "{line}");
}

/// The screen cell where `hex` is drawn, as a click would hit it.
fn cell_of(s: &Session, hex: Cell) -> (u16, u16, Rect) {
    let map = view::areas(Rect::new(0, 0, 110, 36)).unwrap().map;
    let camera = view::camera(&s.world, &s.ui, map);
    for row in map.top()..map.bottom() {
        for col in map.left()..map.right() {
            if camera.hex_at(map, col, row) == Some(hex) {
                return (col, row, map);
            }
        }
    }
    panic!("{hex} is not on screen");
}

fn click(s: &mut Session, hex: Cell, modifiers: KeyModifiers) {
    draw(s, 110, 36);
    let (column, row, map) = cell_of(s, hex);
    s.click(
        MouseEvent {
            kind: MouseEventKind::Down(MouseButton::Left),
            column,
            row,
            modifiers,
        },
        map,
    );
}

#[test]
fn a_click_while_f_asks_or_a_ctrl_click_strikes_a_neighbour() {
    let mut s = session(rat_room());
    let to = wait_for_a_marked_step(&mut s);
    let dir = direction_to(&s.world, to);
    let far = s.world.player().pos.offset(3, 0);
    press_char(&mut s, 'F');
    click(&mut s, far, KeyModifiers::NONE);
    assert_eq!(
        s.ui.mode,
        Mode::Strike,
        "a far tile is refused, F still asks"
    );
    assert!(
        log(&s)
            .last()
            .is_some_and(|l| l.contains("only strike a neighbouring tile"))
    );
    click(&mut s, to, KeyModifiers::NONE);
    assert_eq!(s.record.last(), Some(&Command::Attack(dir)));
    assert_eq!(s.ui.mode, Mode::Normal);

    let mut s = session(rat_room());
    let to = wait_for_a_marked_step(&mut s);
    let dir = direction_to(&s.world, to);
    let done = s.record.len();
    click(&mut s, to, KeyModifiers::NONE);
    assert_eq!(s.record.len(), done, "a plain click only describes");
    click(&mut s, to, KeyModifiers::CONTROL);
    assert_eq!(s.record.last(), Some(&Command::Attack(dir)));
}

#[test]
fn a_strike_is_saved_and_verified_like_any_command() {
    let start = rat_room();
    let mut s = session(start.clone());
    let to = wait_for_a_marked_step(&mut s);
    let dir = direction_to(&s.world, to);
    press_char(&mut s, 'F');
    press_char(&mut s, key_for(dir));
    // The vi keys answer as the numpad does.
    press_char(&mut s, 'F');
    press_char(&mut s, 'h');
    assert_eq!(s.record.last(), Some(&Command::Attack(Compass::W)));
    assert!(s.record.contains(&Command::Attack(dir)));

    let mut world = start.clone();
    let mut record = GameRecord::new(start, Origin::Fresh);
    for &command in &s.record {
        world.apply(command).unwrap();
        record.push(command, &world);
    }
    assert_eq!(world.turn_hash(), s.world.turn_hash());
    let game = SavedGame {
        name: "strike".to_string(),
        record,
        current: world,
        log: log(&s),
    };
    let dir_path = SaveDir(cli::scratch("strike-save"));
    let path = persist::save_game(&dir_path, &game).unwrap();
    let back = persist::load_game(&path).unwrap();
    let commands: Vec<Command> = back
        .record
        .steps
        .iter()
        .filter_map(hexdeep::sim::Step::command)
        .collect();
    assert_eq!(commands, s.record);
    assert!(back.record.verify(Some(&back.current)).is_ok());
    assert!(back.current.differences(&s.world).is_empty());
    let (report, ok) = persist::verify::verify_files(&[&path]);
    assert!(ok, "{report}");
}

#[test]
fn the_strike_question_shows_while_it_waits_and_the_history_does_not_keep_it() {
    let mut s = session(rat_room());
    for _ in 0..3 {
        press_char(&mut s, 'F');
        assert!(text(&mut s).contains("Strike which way?"));
        press(&mut s, KeyCode::Esc);
        let screen = text(&mut s);
        assert!(!screen.contains("Strike which way?"), "{screen}");
    }
    let history = log(&s);
    assert!(
        history.iter().all(|l| !l.contains("Strike which way?")),
        "{history:?}"
    );
    assert!(
        history.iter().any(|l| l.contains("You lower your weapon.")),
        "{history:?}"
    );
}
