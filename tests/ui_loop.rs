//! The game loop itself, driven by a script of terminal events and drawn into ratatui's
//! `TestBackend`: keys play as they say, a hang-up signal or a closed terminal saves the game
//! at the turn it was left, and `Q y` quits.
#![allow(clippy::unwrap_used)]

#[path = "support/cli.rs"]
mod cli;

use hexdeep::geom::Cell;
use hexdeep::map::{Grid, Level, Shape, Terrain};
use hexdeep::persist::{self, SaveDir};
use hexdeep::sim::{Ending, Origin, World};
use hexdeep::ui::app::Session;
use hexdeep::ui::events::{Scripted, ScriptedEvents};
use hexdeep::ui::game_loop::{self, LoopEnd};
use hexdeep::ui::keymap::Keymap;
use hexdeep::ui::palette::Palette;
use hexdeep::ui::saving::GameFile;
use hexdeep::ui::view;
use ratatui::Terminal;
use ratatui::backend::{Backend, ClearType, TestBackend, WindowSize};
use ratatui::buffer::{Buffer, Cell as ScreenCell};
use ratatui::crossterm::event::{
    Event, KeyCode, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use ratatui::layout::{Position, Rect, Size};
use std::io;

const WIDTH: u16 = 100;
const HEIGHT: u16 = 30;

/// A 9x9 parallelogram of floor with a wall at (5, 4) and the player at (4, 4).
fn level() -> Level {
    let shape = Shape::Parallelogram {
        width: 9,
        height: 9,
    };
    let mut grid = Grid::new(&shape, Terrain::Floor).unwrap();
    grid.set(Cell::new(5, 4), Terrain::Wall);
    let mut level = Level::new("Room", 1, grid);
    level.start = Some(Cell::new(4, 4));
    level
}

/// A session kept in a fresh saves folder named `name`.
fn session(name: &str) -> (Session, SaveDir) {
    let dir = SaveDir(cli::scratch(name));
    let mut s = Session::new(
        World::new(
            hexdeep::content::Content::bundled().unwrap().into(),
            level(),
            3,
        )
        .unwrap(),
        Keymap::default_keys(),
        Palette { color: false },
    );
    s.game = Some(GameFile::new(dir.clone(), &s.world, Origin::Fresh));
    (s, dir)
}

fn terminal() -> Terminal<TestBackend> {
    Terminal::new(TestBackend::new(WIDTH, HEIGHT)).unwrap()
}

/// The one game in progress saved in `dir`, loaded.
fn the_save(dir: &SaveDir) -> World {
    let saves = dir.saves_in_progress();
    assert_eq!(saves.len(), 1, "{saves:?}");
    persist::load_game(&saves[0]).unwrap().current
}

/// The screen cell the map view draws `hex` at.
fn cell_of(s: &Session, hex: Cell) -> (u16, u16) {
    let map = view::areas(Rect::new(0, 0, WIDTH, HEIGHT)).unwrap().map;
    let camera = view::camera(&s.world, &s.ui, map);
    (map.top()..map.bottom())
        .flat_map(|row| (map.left()..map.right()).map(move |col| (col, row)))
        .find(|&(col, row)| camera.hex_at(map, col, row) == Some(hex))
        .unwrap()
}

fn glyph_at(buffer: &Buffer, (col, row): (u16, u16)) -> String {
    buffer[(col, row)].symbol().to_string()
}

#[test]
fn a_scripted_session_plays_as_the_keys_say_and_the_screen_shows_it() {
    let (mut s, _dir) = session("keys");
    let start = s.world.player().pos;
    let mut term = terminal();
    // West, north-west, then the script ends (as a hang-up).
    let mut events = ScriptedEvents::new(Scripted::keys("hy"));
    let ending = game_loop::run(&mut s, &mut term, &mut events);
    assert!(matches!(ending.end, LoopEnd::Stopped), "{:?}", ending.end);
    let now = Cell::new(2, 3);
    assert_eq!(s.world.player().pos, now, "h then y from {start}");
    assert_eq!(s.record.len(), 2);
    let buffer = term.backend().buffer();
    let glyph = s.world.player().glyph.to_string();
    assert_eq!(glyph_at(buffer, cell_of(&s, now)), glyph);
    assert_ne!(glyph_at(buffer, cell_of(&s, start)), glyph);
    // The wall east of the start is drawn where the projection puts it.
    assert_eq!(glyph_at(buffer, cell_of(&s, Cell::new(5, 4))), "#");
}

#[test]
fn a_hang_up_signal_saves_at_the_turn_it_came_and_ends_the_loop() {
    let (mut s, dir) = session("hang-up");
    let first = s.world.turn();
    let mut events = ScriptedEvents::new(
        [
            Scripted::keys("hh"),
            vec![Scripted::Signal],
            Scripted::keys("yy"),
        ]
        .into_iter()
        .flatten(),
    );
    let ending = game_loop::run(&mut s, &mut terminal(), &mut events);
    assert!(matches!(ending.end, LoopEnd::Stopped), "{:?}", ending.end);
    assert!(ending.saved);
    assert_eq!(events.unread(), 2, "nothing is read after the signal");
    assert!(s.world.turn() > first);
    let saved = the_save(&dir);
    assert_eq!(saved.turn(), s.world.turn());
    assert_eq!(saved.player().pos, Cell::new(2, 4));
    assert!(!saved.is_over());
}

#[test]
fn a_closed_terminal_saves_and_returns_instead_of_panicking() {
    let (mut s, dir) = session("closed-read");
    let eio = io::Error::from_raw_os_error(5);
    let mut events = ScriptedEvents::new(
        [
            Scripted::keys("h"),
            vec![Scripted::Fail(eio)],
            Scripted::keys("h"),
        ]
        .into_iter()
        .flatten(),
    );
    let ending = game_loop::run(&mut s, &mut terminal(), &mut events);
    assert!(matches!(ending.end, LoopEnd::HungUp(_)), "{:?}", ending.end);
    assert!(ending.saved);
    assert_eq!(events.unread(), 1);
    let saved = the_save(&dir);
    assert_eq!(saved.turn(), s.world.turn());
    assert_eq!(saved.player().pos, Cell::new(3, 4));
}

#[test]
fn a_screen_that_cannot_be_drawn_any_more_saves_and_returns() {
    let errors: [(&str, MakeError, bool); 3] = [
        ("eio", || io::Error::from_raw_os_error(5), true),
        ("pipe", || io::ErrorKind::BrokenPipe.into(), true),
        ("denied", || io::ErrorKind::PermissionDenied.into(), false),
    ];
    for (name, error, hung_up) in errors {
        let (mut s, dir) = session(&format!("closed-draw-{name}"));
        // Two frames are drawn, then the terminal is gone.
        let backend = Failing {
            inner: TestBackend::new(WIDTH, HEIGHT),
            frames_left: 2,
            error,
        };
        let mut term = Terminal::new(backend).unwrap();
        let mut events = ScriptedEvents::new(Scripted::keys("hhhh"));
        let ending = game_loop::run(&mut s, &mut term, &mut events);
        match ending.end {
            LoopEnd::HungUp(_) => assert!(hung_up),
            LoopEnd::Failed(_) => assert!(!hung_up),
            other => panic!("{other:?}"),
        }
        assert!(ending.saved);
        assert_eq!(s.record.len(), 2, "a key per frame drawn");
        assert_eq!(events.unread(), 2);
        assert_eq!(the_save(&dir).turn(), s.world.turn());
    }
}

#[test]
fn quitting_with_q_y_through_the_script_ends_the_game_as_quit() {
    let (mut s, dir) = session("quit");
    // The end screen follows `Q y`, and `Q` there leaves.
    let mut events = ScriptedEvents::new(Scripted::keys("hQyQhh"));
    let ending = game_loop::run(&mut s, &mut terminal(), &mut events);
    assert!(matches!(ending.end, LoopEnd::Quit), "{:?}", ending.end);
    assert!(ending.saved, "an ended game has nothing left to save");
    assert_eq!(events.unread(), 2, "nothing is read after the answer");
    assert_eq!(s.world.ending(), Some(&Ending::Quit));
    assert_eq!(s.world.player().pos, Cell::new(3, 4));
    let replay = s.ui.end.as_ref().and_then(|e| e.replay.clone()).unwrap();
    assert!(replay.starts_with(dir.finished()), "{}", replay.display());
    let finished = persist::load_game(&replay).unwrap().current;
    assert_eq!(finished.turn(), s.world.turn());
    assert_eq!(finished.ending(), Some(&Ending::Quit));
}

#[test]
fn q_then_another_key_goes_on_playing() {
    let (mut s, _dir) = session("no-quit");
    let mut events = ScriptedEvents::new(Scripted::keys("Qnh"));
    let ending = game_loop::run(&mut s, &mut terminal(), &mut events);
    assert!(matches!(ending.end, LoopEnd::Stopped), "{:?}", ending.end);
    assert!(!s.world.is_over());
    assert_eq!(s.world.player().pos, Cell::new(3, 4));
}

/// A hall 60 tiles long and 3 wide with nothing in it, the player at its west end: explore
/// has many steps to take.
fn long_hall() -> Session {
    let shape = Shape::Parallelogram {
        width: 60,
        height: 3,
    };
    let mut level = Level::new("Hall", 1, Grid::new(&shape, Terrain::Floor).unwrap());
    level.start = Some(Cell::new(1, 1));
    Session::new(
        World::new(
            hexdeep::content::Content::bundled().unwrap().into(),
            level,
            3,
        )
        .unwrap(),
        Keymap::default_keys(),
        Palette { color: false },
    )
}

#[test]
fn exploring_steps_while_no_key_comes_and_a_key_stops_it() {
    let mut s = long_hall();
    let idle = |n: usize| (0..n).map(|_| Scripted::Idle);
    let script: Vec<Scripted> = Scripted::keys("o")
        .into_iter()
        .chain(idle(3))
        .chain(Scripted::keys("x"))
        .chain(idle(3))
        .collect();
    let mut events = ScriptedEvents::new(script);
    let ending = game_loop::run(&mut s, &mut terminal(), &mut events);
    assert!(matches!(ending.end, LoopEnd::Stopped), "{:?}", ending.end);
    // One step for each wait with no key; the key that stops it is no command, and the waits
    // after it step no more.
    assert_eq!(s.record.len(), 3, "{:?}", s.record);
    assert!(s.ui.auto.is_none());
    assert!(
        s.ui.log
            .lines()
            .any(|l| l == "You stop: you pressed a key.")
    );
}

#[test]
fn a_held_explore_key_explores_on_instead_of_stopping_and_starting_again() {
    let mut s = long_hall();
    // A held key repeats: `o` again and again between the steps.
    let mut script = Vec::new();
    for _ in 0..4 {
        script.extend(Scripted::keys("o"));
        script.push(Scripted::Idle);
    }
    let mut events = ScriptedEvents::new(script);
    game_loop::run(&mut s, &mut terminal(), &mut events);
    // A step for each wait, and one as the script runs out (that wait ends the loop).
    assert_eq!(s.record.len(), 5, "{:?}", s.record);
    assert!(s.ui.auto.is_some(), "still exploring");
    assert!(
        !s.ui.log.lines().any(|l| l.starts_with("You stop")),
        "{:?}",
        s.ui.log.lines().collect::<Vec<_>>()
    );
}

/// A test backend that draws `frames_left` frames and then fails every call with `error`, as
/// a terminal whose window was closed does.
struct Failing {
    inner: TestBackend,
    frames_left: usize,
    error: MakeError,
}

/// Makes the error a failing terminal gives.
type MakeError = fn() -> io::Error;

impl Failing {
    fn check(&mut self) -> io::Result<()> {
        if self.frames_left > 0 {
            return Ok(());
        }
        Err((self.error)())
    }
}

impl Backend for Failing {
    type Error = io::Error;

    fn draw<'a, I>(&mut self, content: I) -> io::Result<()>
    where
        I: Iterator<Item = (u16, u16, &'a ScreenCell)>,
    {
        self.check()?;
        self.inner.draw(content).map_err(io::Error::other)
    }

    fn hide_cursor(&mut self) -> io::Result<()> {
        self.check()
    }

    fn show_cursor(&mut self) -> io::Result<()> {
        self.check()
    }

    fn get_cursor_position(&mut self) -> io::Result<Position> {
        self.check()?;
        Ok(self.inner.get_cursor_position().unwrap())
    }

    fn set_cursor_position<P: Into<Position>>(&mut self, position: P) -> io::Result<()> {
        self.check()?;
        self.inner
            .set_cursor_position(position)
            .map_err(io::Error::other)
    }

    fn clear(&mut self) -> io::Result<()> {
        self.check()
    }

    fn clear_region(&mut self, clear_type: ClearType) -> io::Result<()> {
        self.check()?;
        self.inner
            .clear_region(clear_type)
            .map_err(io::Error::other)
    }

    fn size(&self) -> io::Result<Size> {
        Ok(self.inner.size().unwrap())
    }

    fn window_size(&mut self) -> io::Result<WindowSize> {
        Ok(self.inner.window_size().unwrap())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.check()?;
        // A frame is done when it is flushed.
        self.frames_left -= 1;
        Ok(())
    }
}

#[test]
fn saving_with_s_says_so_once() {
    let (mut s, dir) = session("save-once");
    let mut events = ScriptedEvents::new(Scripted::keys("hS"));
    let ending = game_loop::run(&mut s, &mut terminal(), &mut events);
    assert!(ending.saved);
    let lines: Vec<String> = s.ui.log.lines().collect();
    let said: Vec<&String> = lines.iter().filter(|l| l.contains("Saved to")).collect();
    assert_eq!(said.len(), 1, "{lines:?}");
    assert!(!said[0].contains("(x2)"), "{lines:?}");
    assert_eq!(the_save(&dir).turn(), s.world.turn());
}

/// A session on [`level`] with a rat at (8, 8), kept in no file.
fn session_with_a_rat() -> Session {
    use hexdeep::map::{Placement, PlacementKind};
    let mut level = level();
    level.placements.push(Placement {
        at: Cell::new(8, 8),
        kind: PlacementKind::Monster("rat".to_string()),
    });
    let world = World::new(
        hexdeep::content::Content::bundled().unwrap().into(),
        level,
        3,
    )
    .unwrap();
    Session::new(world, Keymap::default_keys(), Palette { color: false })
}

/// A left click at screen cell `(column, row)` with `modifiers` held.
fn click((column, row): (u16, u16), modifiers: KeyModifiers) -> Scripted {
    Scripted::Event(Event::Mouse(MouseEvent {
        kind: MouseEventKind::Down(MouseButton::Left),
        column,
        row,
        modifiers,
    }))
}

/// The row of the sidebar whose line, after the border, starts with `start` in the frame
/// `term` last drew.
fn sidebar_row(term: &Terminal<TestBackend>, start: &str) -> u16 {
    let side = view::areas(Rect::new(0, 0, WIDTH, HEIGHT)).unwrap().sidebar;
    (side.top()..side.bottom())
        .find(|&row| {
            let line: String = (side.left()..side.right())
                .map(|col| term.backend().buffer()[(col, row)].symbol())
                .collect();
            line.trim_start_matches(['│', ' ']).starts_with(start)
        })
        .unwrap()
}

#[test]
fn clicks_through_the_loop_strike_and_select_a_monster_in_the_sidebar() {
    use hexdeep::sim::Command;
    use hexdeep::ui::state::Mode;
    let mut s = session_with_a_rat();
    // The rat's line in the sidebar, as the first frame draws it.
    let mut term = terminal();
    term.draw(|frame| {
        s.draw(frame);
    })
    .unwrap();
    let side = view::areas(Rect::new(0, 0, WIDTH, HEIGHT)).unwrap().sidebar;
    let rat_row = sidebar_row(&term, "r rat ");
    let me = s.world.player().pos;
    let west = cell_of(&s, me.offset(-1, 0));
    let north_east = cell_of(&s, me.offset(0, -1));
    let mut script = vec![click((side.left() + 2, rat_row), KeyModifiers::NONE)];
    let mut events = ScriptedEvents::new(std::mem::take(&mut script));
    game_loop::run(&mut s, &mut term, &mut events);
    let rat = s
        .world
        .creatures()
        .iter()
        .find(|c| c.name == "rat")
        .unwrap();
    assert_eq!(s.ui.mode, Mode::Look { cursor: rat.pos });

    script.push(Scripted::key(KeyCode::Esc));
    script.extend(Scripted::keys("F"));
    script.push(click(west, KeyModifiers::NONE));
    script.push(click(north_east, KeyModifiers::CONTROL));
    let mut events = ScriptedEvents::new(script);
    game_loop::run(&mut s, &mut term, &mut events);
    assert_eq!(
        s.record,
        [
            Command::Attack(hexdeep::geom::Compass::W),
            Command::Attack(hexdeep::geom::Compass::NE)
        ]
    );
}
