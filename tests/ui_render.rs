//! Screens rendered into ratatui's `TestBackend`: the cabinet layout, the player's cell,
//! visible versus remembered tiles, the too-small message, and every size without a panic.
#![allow(clippy::unwrap_used)]

use hexdeep::geom::{Cell, Compass, Tiling};
use hexdeep::map::{Grid, Level, Terrain};
use hexdeep::sim::{Command, World};
use hexdeep::ui::keymap::Keymap;
use hexdeep::ui::palette::Palette;
use hexdeep::ui::state::UiState;
use hexdeep::ui::view::{self, Context};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier};

/// The small map of ARCHITECTURE.md: a wall border around three floor rows.
fn small_level() -> Level {
    let text = ["#####", "#...#", "#...#", "#####"];
    let mut hexes = Vec::new();
    for (y, row) in text.iter().enumerate() {
        for x in 0..row.len() {
            hexes.push(Cell::new(x as i32 + (y as i32 + 1) / 2, y as i32));
        }
    }
    let mut grid = Grid::from_cells(Tiling::Hex, &hexes, Terrain::Floor).unwrap();
    for (y, row) in text.iter().enumerate() {
        for (x, c) in row.chars().enumerate() {
            let hex = Cell::new(x as i32 + (y as i32 + 1) / 2, y as i32);
            grid.set(hex, Terrain::from_glyph(c).unwrap());
        }
    }
    let mut level = Level::new("Test", 1, grid);
    level.start = Some(Cell::new(2, 1));
    level
}

fn render(world: &World, ui: &UiState, palette: Palette, w: u16, h: u16) -> Buffer {
    let keymap = Keymap::default_keys();
    let context = Context {
        keymap: &keymap,
        palette,
    };
    let mut terminal = Terminal::new(TestBackend::new(w, h)).unwrap();
    terminal
        .draw(|frame| view::draw(frame, world, ui, &context))
        .unwrap();
    terminal.backend().buffer().clone()
}

fn row_text(buf: &Buffer, row: u16, from: u16, to: u16) -> String {
    (from..to).map(|c| buf[(c, row)].symbol()).collect()
}

/// Finds the cell holding `@`.
fn find_player(buf: &Buffer) -> (u16, u16) {
    let area = buf.area;
    for row in 0..area.height {
        for col in 0..area.width {
            if buf[(col, row)].symbol() == "@" {
                return (col, row);
            }
        }
    }
    panic!("no @ on screen");
}

#[test]
fn a_small_map_is_drawn_in_cabinet_projection() {
    let world = World::new(
        hexdeep::content::Content::bundled().unwrap().into(),
        small_level(),
        1,
    )
    .unwrap();
    let buf = render(
        &world,
        &UiState::default(),
        Palette { color: false },
        80,
        24,
    );
    let (col, row) = find_player(&buf);
    // The map rows, read from the @ outwards: each tile two columns apart, the rows offset by
    // one column, walls joined by wall glyphs in the in-between columns.
    // The corner walls (0, 0) and (4, 0) show although the lines to them pass a wall tile
    // (e.g. (2,1) -> (3,1) -> (3,0) -> (4,0)): each is next to an open tile in view that is
    // no farther from the player (the second rule of field of view).
    assert_eq!(row_text(&buf, row - 1, col - 3, col + 6), "  #######");
    assert_eq!(row_text(&buf, row, col - 3, col + 7), " # @ . . #");
    assert_eq!(row_text(&buf, row + 1, col - 3, col + 6), "# . . . #");
    assert_eq!(row_text(&buf, row + 2, col - 3, col + 7), " #######  ");
}

#[test]
fn the_player_is_in_the_cell_of_its_tile() {
    let mut world = World::new(
        hexdeep::content::Content::bundled().unwrap().into(),
        small_level(),
        1,
    )
    .unwrap();
    let ui = UiState::default();
    let before = find_player(&render(&world, &ui, Palette { color: true }, 80, 24));
    world.apply(Command::Move(Compass::E)).unwrap();
    let after = find_player(&render(&world, &ui, Palette { color: true }, 80, 24));
    assert_eq!(
        (after.0, after.1),
        (before.0 + 2, before.1),
        "E is two columns right"
    );
    world.apply(Command::Move(Compass::SW)).unwrap();
    let sw = find_player(&render(&world, &ui, Palette { color: true }, 80, 24));
    assert_eq!(
        (sw.0, sw.1),
        (after.0 - 1, after.1 + 1),
        "SW is one row down, one left"
    );
}

/// A corridor long enough that walking away leaves remembered tiles out of sight.
fn corridor() -> Level {
    let hexes: Vec<Cell> = (0..40).map(|x| Cell::new(x, 0)).collect();
    let mut grid = Grid::from_cells(Tiling::Hex, &hexes, Terrain::Floor).unwrap();
    grid.set(Cell::new(39, 0), Terrain::Wall);
    let mut level = Level::new("Corridor", 1, grid);
    level.start = Some(Cell::new(0, 0));
    level
}

#[test]
fn remembered_tiles_are_dimmer_than_visible_ones() {
    let mut world = World::new(
        hexdeep::content::Content::bundled().unwrap().into(),
        corridor(),
        1,
    )
    .unwrap();
    let sight = world.player_sight() as i32;
    for _ in 0..sight + 3 {
        world.apply(Command::Move(Compass::E)).unwrap();
    }
    assert!(world.is_seen(Cell::new(0, 0)) && !world.is_visible(Cell::new(0, 0)));
    let ui = UiState::default();
    let buf = render(&world, &ui, Palette { color: true }, 120, 24);
    let (col, row) = find_player(&buf);
    let me = world.player().pos.x;
    let cell_of = |x: i32| &buf[((i32::from(col) + 2 * (x - me)) as u16, row)];
    assert_eq!(cell_of(me - 1).symbol(), ".");
    assert_ne!(
        cell_of(me - 1).fg,
        Color::DarkGray,
        "a tile in view is bright"
    );
    assert_eq!(cell_of(0).symbol(), ".");
    assert_eq!(cell_of(0).fg, Color::DarkGray, "a remembered tile is dim");
    // Without colours, remembered tiles are drawn with the dim modifier.
    let plain = render(&world, &ui, Palette { color: false }, 120, 24);
    let plain_cell = |x: i32| &plain[((i32::from(col) + 2 * (x - me)) as u16, row)];
    assert!(plain_cell(0).modifier.contains(Modifier::DIM));
    assert!(!plain_cell(me - 1).modifier.contains(Modifier::DIM));
}

#[test]
fn a_small_terminal_asks_for_a_larger_window() {
    let world = World::new(
        hexdeep::content::Content::bundled().unwrap().into(),
        small_level(),
        1,
    )
    .unwrap();
    let buf = render(&world, &UiState::default(), Palette { color: true }, 59, 20);
    let text: String = (0..buf.area.height)
        .map(|r| row_text(&buf, r, 0, buf.area.width))
        .collect();
    assert!(text.contains("Make the window"), "{text}");
    assert!(!text.contains('@'));
    let big = render(&world, &UiState::default(), Palette { color: true }, 60, 20);
    find_player(&big);
}

#[test]
fn no_size_panics() {
    let world = World::new(
        hexdeep::content::Content::bundled().unwrap().into(),
        small_level(),
        1,
    )
    .unwrap();
    let keymap = Keymap::default_keys();
    let context = Context {
        keymap: &keymap,
        palette: Palette { color: true },
    };
    let modes = [
        hexdeep::ui::state::Mode::Normal,
        hexdeep::ui::state::Mode::Help { scroll: 2 },
        hexdeep::ui::state::Mode::History { scroll: 3 },
        hexdeep::ui::state::Mode::Range,
        hexdeep::ui::state::Mode::Look {
            cursor: Cell::new(1, 1),
        },
        hexdeep::ui::state::Mode::Aim {
            cursor: Cell::new(3, 2),
            item: 'a',
        },
    ];
    for (i, w) in (1..=200u16).step_by(7).enumerate() {
        for h in (1..=60u16).step_by(3) {
            let mut ui = UiState {
                mode: modes[i % modes.len()].clone(),
                ..UiState::default()
            };
            ui.log
                .push("a message long enough to wrap in a narrow window, and then some more");
            let area = Rect::new(0, 0, w, h);
            let mut buf = Buffer::empty(area);
            view::render(&world, &ui, &context, area, &mut buf);
        }
    }
}

#[test]
fn help_lists_the_keys_of_the_keymap() {
    let world = World::new(
        hexdeep::content::Content::bundled().unwrap().into(),
        small_level(),
        1,
    )
    .unwrap();
    let ui = UiState {
        mode: hexdeep::ui::state::Mode::Help { scroll: 0 },
        ..UiState::default()
    };
    let buf = render(&world, &ui, Palette { color: false }, 100, 40);
    let text: String = (0..buf.area.height)
        .map(|r| row_text(&buf, r, 0, buf.area.width) + "\n")
        .collect();
    for needle in [
        "y",
        "step north-west",
        "explore",
        "quit",
        "message history",
        "Tab",
    ] {
        assert!(text.contains(needle), "help lacks {needle}:\n{text}");
    }
}

#[test]
fn the_range_overlay_shades_tiles_by_turns_and_joins_them() {
    let world = World::new(
        hexdeep::content::Content::bundled().unwrap().into(),
        corridor(),
        1,
    )
    .unwrap();
    let ui = UiState {
        mode: hexdeep::ui::state::Mode::Range,
        ..UiState::default()
    };
    let buf = render(&world, &ui, Palette { color: true }, 120, 24);
    let (col, row) = find_player(&buf);
    let speed = world.player().speed as u16;
    // One tile east is reached this turn; the column between it and the next is shaded too.
    assert_eq!(buf[(col + 2, row)].bg, Color::Green);
    assert_eq!(buf[(col + 3, row)].bg, Color::Green);
    // A tile two turns away is shaded differently from one reached this turn.
    assert_ne!(buf[(col + 2 * (speed + 1), row)].bg, Color::Green);
    assert_eq!(buf[(col + 2 * (speed + 1), row)].bg, Color::DarkGray);
}

fn screen_text(buf: &Buffer) -> String {
    (0..buf.area.height)
        .map(|r| row_text(buf, r, 0, buf.area.width) + "\n")
        .collect()
}

#[test]
fn long_messages_wrap_in_a_small_window() {
    let world = World::new(
        hexdeep::content::Content::bundled().unwrap().into(),
        small_level(),
        1,
    )
    .unwrap();
    let mut ui = UiState::default();
    ui.log.push(
        "The beginning of a long message that cannot fit on one line of a small window ENDMARK",
    );
    let text = screen_text(&render(&world, &ui, Palette { color: false }, 60, 20));
    assert!(text.contains("ENDMARK"), "{text}");
    assert!(text.contains("The beginning"), "{text}");
}

#[test]
fn help_scrolls_to_its_last_line() {
    let world = World::new(
        hexdeep::content::Content::bundled().unwrap().into(),
        small_level(),
        1,
    )
    .unwrap();
    let top = UiState {
        mode: hexdeep::ui::state::Mode::Help { scroll: 0 },
        ..UiState::default()
    };
    let text = screen_text(&render(&world, &top, Palette { color: false }, 60, 20));
    assert!(text.contains("step north-west"));
    assert!(
        !text.contains("data/keymap.toml"),
        "a small window cannot show it all"
    );
    let bottom = UiState {
        mode: hexdeep::ui::state::Mode::Help { scroll: 1000 },
        ..UiState::default()
    };
    let text = screen_text(&render(&world, &bottom, Palette { color: false }, 60, 20));
    assert!(text.contains("data/keymap.toml"), "{text}");
}
