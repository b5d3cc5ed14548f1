//! The shell end to end without a terminal: keys through the keymap, modes, the record.
#![allow(clippy::unwrap_used)]

#[path = "support/screen.rs"]
mod screen;
use hexdeep::geom::{Cell, Compass};
use hexdeep::map::{Grid, Level, Shape, Terrain};
use hexdeep::sim::{Command, World};
use hexdeep::ui::app::Session;
use hexdeep::ui::keymap::Keymap;
use hexdeep::ui::palette::Palette;
use hexdeep::ui::state::{Auto, Mode};
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// A 9x9 parallelogram of floor with a wall at (5, 4) and the player at (4, 4).
fn level() -> Level {
    let mut grid = Grid::new(
        &Shape::Parallelogram {
            width: 9,
            height: 9,
        },
        Terrain::Floor,
    )
    .unwrap();
    grid.set(Cell::new(5, 4), Terrain::Wall);
    let mut level = Level::new("Room", 1, grid);
    level.start = Some(Cell::new(4, 4));
    level
}

fn session() -> Session {
    Session::new(
        World::new(
            hexdeep::content::Content::bundled().unwrap().into(),
            level(),
            3,
        )
        .unwrap(),
        Keymap::default_keys(),
        Palette { color: false },
    )
}

fn press(s: &mut Session, c: char) {
    s.key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE));
}

fn press_code(s: &mut Session, code: KeyCode) {
    s.key(KeyEvent::new(code, KeyModifiers::NONE));
}

#[test]
fn every_direction_key_steps_and_is_recorded() {
    let mut s = session();
    let steps = [
        ('y', Compass::NW),
        ('n', Compass::SE),
        ('u', Compass::NE),
        ('b', Compass::SW),
        ('h', Compass::W),
        ('6', Compass::E),
    ];
    for (key, dir) in steps {
        let before = s.world.player().pos;
        press(&mut s, key);
        assert_eq!(
            s.world.player().pos,
            s.world.level().terrain.step(before, dir).unwrap().0,
            "key {key}"
        );
    }
    let expected: Vec<Command> = steps.iter().map(|(_, d)| Command::Move(*d)).collect();
    assert_eq!(s.record, expected);
}

#[test]
fn a_wall_is_refused_costs_nothing_and_says_so() {
    let mut s = session();
    let turn = s.world.turn();
    press(&mut s, 'l');
    assert_eq!(s.world.player().pos, Cell::new(4, 4));
    assert_eq!(s.world.turn(), turn);
    assert!(s.record.is_empty());
    let last = s.ui.log.lines().last().unwrap();
    assert!(last.to_lowercase().contains("wall"), "{last}");
}

#[test]
fn quitting_asks_first() {
    let mut s = session();
    press(&mut s, 'Q');
    assert_eq!(s.ui.mode, Mode::ConfirmQuit);
    let asked = screen::text(&screen::draw(&mut s, 110, 36));
    assert!(asked.contains("Abandon this run?"), "{asked}");
    press(&mut s, 'n');
    assert!(!s.ui.quit);
    assert_eq!(s.ui.mode, Mode::Normal);
    let after = screen::text(&screen::draw(&mut s, 110, 36));
    assert!(!after.contains("Abandon this run?"), "{after}");
    assert!(after.contains("You carry on."), "{after}");
    let history: Vec<String> = s.ui.log.lines().collect();
    assert!(
        history.iter().all(|l| !l.contains("Abandon")),
        "the question is not a message: {history:?}"
    );
    assert_eq!(
        s.world.player().pos,
        Cell::new(4, 4),
        "the answer is not a step"
    );
    press(&mut s, 'Q');
    press(&mut s, 'y');
    // The run is over and told as a death is: the end screen, which `Q` leaves.
    assert!(!s.ui.quit, "the end screen comes first");
    assert_eq!(s.ui.mode, Mode::End { scroll: 0 });
    let end = screen::text(&screen::draw(&mut s, 110, 36));
    assert!(end.contains("You gave up the run."), "{end}");
    assert!(end.contains("Hall of fame"), "{end}");
    press(&mut s, 'Q');
    assert!(s.ui.quit);
    assert!(s.record.is_empty());
}

#[test]
fn look_moves_a_cursor_without_acting() {
    let mut s = session();
    press(&mut s, 'x');
    assert_eq!(
        s.ui.mode,
        Mode::Look {
            cursor: Cell::new(4, 4)
        }
    );
    press(&mut s, 'h');
    assert_eq!(
        s.ui.mode,
        Mode::Look {
            cursor: Cell::new(3, 4)
        }
    );
    assert_eq!(s.world.player().pos, Cell::new(4, 4));
    assert!(s.record.is_empty());
    press_code(&mut s, KeyCode::Esc);
    assert_eq!(s.ui.mode, Mode::Normal);
}

#[test]
fn travel_walks_one_recorded_step_at_a_time() {
    let mut s = session();
    press(&mut s, '_');
    for _ in 0..3 {
        press(&mut s, 'h');
    }
    press_code(&mut s, KeyCode::Enter);
    assert!(matches!(s.ui.auto, Some(Auto::Travel { .. })));
    while let Some(command) = hexdeep::ui::auto::next_command(&mut s.ui, &s.world) {
        s.perform(command);
    }
    assert_eq!(s.world.player().pos, Cell::new(1, 4));
    assert_eq!(s.record, vec![Command::Move(Compass::W); 3]);
}

#[test]
fn aiming_at_a_tile_fires_on_enter() {
    let mut s = session();
    press(&mut s, 'f');
    press(&mut s, 'a');
    press(&mut s, 'y');
    press(&mut s, 'y');
    assert_eq!(
        s.ui.mode,
        Mode::Aim {
            cursor: Cell::new(2, 2),
            item: 'a'
        }
    );
    let command =
        hexdeep::ui::update::update(&mut s.ui, &s.world, hexdeep::ui::keymap::Intent::Confirm);
    assert_eq!(
        command,
        Some(Command::Throw {
            item: 'a',
            at: Cell::new(2, 2)
        })
    );
    assert_eq!(s.ui.mode, Mode::Normal);
}

#[test]
fn the_telegraph_toggles() {
    let mut s = session();
    assert!(s.ui.telegraph);
    press(&mut s, 't');
    assert!(!s.ui.telegraph);
    press(&mut s, 't');
    assert!(s.ui.telegraph);
}

#[test]
fn a_broken_keymap_file_falls_back_with_a_note() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("hexdeep-keymap-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("keys.toml");
    std::fs::write(&path, "[keys]\nq = \"jump\"\n").unwrap();
    let (map, note) = hexdeep::ui::load_keymap(Some(&path), None);
    assert_eq!(map, Keymap::default_keys());
    let note = note.unwrap();
    assert!(
        note.contains("keys.toml:2:5") && note.contains("jump"),
        "{note}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The screen cell where `hex` is drawn in a 100x30 terminal.
fn cell_of(s: &Session, hex: Cell) -> (u16, u16, ratatui::layout::Rect) {
    use hexdeep::ui::view::{areas, camera};
    let map = areas(ratatui::layout::Rect::new(0, 0, 100, 30))
        .unwrap()
        .map;
    let camera = camera(&s.world, &s.ui, map);
    for row in map.top()..map.bottom() {
        for col in map.left()..map.right() {
            if camera.hex_at(map, col, row) == Some(hex) {
                return (col, row, map);
            }
        }
    }
    panic!("{hex} is not on screen");
}

fn click(s: &mut Session, hex: Cell) {
    use ratatui::crossterm::event::{MouseButton, MouseEvent, MouseEventKind};
    let (column, row, map) = cell_of(s, hex);
    let event = MouseEvent {
        kind: MouseEventKind::Down(MouseButton::Left),
        column,
        row,
        modifiers: KeyModifiers::NONE,
    };
    s.click(event, map);
}

#[test]
fn a_click_describes_the_tile() {
    let mut s = session();
    click(&mut s, Cell::new(5, 4));
    let last = s.ui.log.lines().last().unwrap();
    assert_eq!(last, "You see a wall.");
    click(&mut s, Cell::new(4, 4));
    assert_eq!(
        s.ui.log.lines().last().unwrap(),
        "You see the floor, where you stand."
    );
    assert!(s.record.is_empty(), "a click is not a command");
}

#[test]
fn a_click_picks_the_travel_destination() {
    let mut s = session();
    press(&mut s, '_');
    click(&mut s, Cell::new(4, 1));
    assert_eq!(
        s.ui.auto,
        Some(Auto::Travel {
            path: vec![Cell::new(4, 3), Cell::new(4, 2), Cell::new(4, 1)],
            items_known: 0,
        })
    );
}

#[test]
fn a_click_lands_on_the_tile_drawn_under_it_when_the_view_follows_the_cursor() {
    // A map wider than the screen, so the view scrolls to follow the travel cursor.
    let grid = Grid::new(
        &Shape::Parallelogram {
            width: 60,
            height: 9,
        },
        Terrain::Floor,
    )
    .unwrap();
    let mut level = Level::new("hall", 1, grid);
    level.start = Some(Cell::new(40, 4));
    let mut s = Session {
        world: World::new(
            hexdeep::content::Content::bundled().unwrap().into(),
            level,
            3,
        )
        .unwrap(),
        ..session()
    };
    press(&mut s, '_');
    for _ in 0..6 {
        press(&mut s, 'l');
    }
    assert_eq!(
        s.ui.mode,
        Mode::PickTravel {
            cursor: Cell::new(46, 4)
        }
    );
    click(&mut s, Cell::new(44, 4));
    assert_eq!(
        s.ui.auto,
        Some(Auto::Travel {
            path: (41..=44).map(|x| Cell::new(x, 4)).collect(),
            items_known: 0,
        })
    );
}
