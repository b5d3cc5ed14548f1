//! Reading the map in plain text (issue 28): while a direction is chosen each neighbouring tile
//! shows the key that picks it, a triangle's marks and pointing read without colour, and thin
//! walls differ from open sides by their glyphs; a level with thin walls opens large when the
//! window has room.
#![allow(clippy::unwrap_used)]

#[path = "support/marks.rs"]
mod marks;
#[path = "support/room.rs"]
mod room;
#[path = "support/screen.rs"]
mod screen;
use hexdeep::geom::{Cell, Tiling};
use hexdeep::map::{Grid, Level, Placement, PlacementKind, SideFeature, Terrain};
use hexdeep::sim::{Command, Intention, World};
use hexdeep::ui::app::Session;
use hexdeep::ui::keymap::Keymap;
use hexdeep::ui::palette::Palette;
use hexdeep::ui::state::{MapScale, Mode};
use hexdeep::ui::view;
use marks::{direction_to, wait_for_a_marked_step};
use ratatui::crossterm::event::KeyCode;
use ratatui::layout::Rect;
use screen::{draw, press, press_char};

const SIZE: (u16, u16) = (110, 36);

fn session(world: World) -> Session {
    Session::new(world, Keymap::default_keys(), Palette { color: false })
}

/// A room of `tiling`, 14 by 7 tiles of floor, the player near its middle and `monsters`.
fn room_of(tiling: Tiling, monsters: &[(&str, Cell)]) -> World {
    let cells: Vec<Cell> = (0..7)
        .flat_map(|y| (0..14).map(move |x| Cell::new(x, y)))
        .collect();
    let grid = Grid::from_cells(tiling, &cells, Terrain::Floor).unwrap();
    let mut level = Level::new("room", 1, grid);
    level.start = Some(Cell::new(6, 3));
    for (name, at) in monsters {
        level.placements.push(Placement {
            at: (*at),
            kind: PlacementKind::Monster((*name).to_string()),
        });
    }
    World::new(
        hexdeep::content::Content::bundled().unwrap().into(),
        level,
        5,
    )
    .unwrap()
}

/// The character drawn on `hex`'s cell of the map.
fn glyph_on(s: &mut Session, hex: Cell) -> char {
    let buf = draw(s, SIZE.0, SIZE.1);
    let (col, row) = cell_of(s, hex);
    buf[(col, row)].symbol().chars().next().unwrap()
}

/// The screen cell where `hex` is drawn.
fn cell_of(s: &Session, hex: Cell) -> (u16, u16) {
    let map = view::areas(Rect::new(0, 0, SIZE.0, SIZE.1)).unwrap().map;
    let camera = view::camera(&s.world, &s.ui, map);
    for row in map.top()..map.bottom() {
        for col in map.left()..map.right() {
            if camera.hex_at(map, col, row) == Some(hex) {
                return (col, row);
            }
        }
    }
    panic!("{hex} is not on screen");
}

#[test]
fn while_striking_each_neighbour_shows_the_key_that_strikes_it() {
    for tiling in [Tiling::Hex, Tiling::Square, Tiling::Triangle] {
        let world = room_of(tiling, &[]);
        let me = world.player().pos;
        let neighbours: Vec<Cell> = world.level().terrain.neighbours(me).collect();
        assert_eq!(
            neighbours.len(),
            if tiling == Tiling::Square { 8 } else { 6 }
        );
        for &n in &neighbours {
            let mut s = session(world.clone());
            let before = glyph_on(&mut s, n);
            press_char(&mut s, 'F');
            let key = glyph_on(&mut s, n);
            assert_ne!(key, before, "{tiling}: {n} is labelled");
            // The label is the key that strikes that very tile.
            press_char(&mut s, key);
            let Some(&Command::Attack(dir)) = s.record.last() else {
                panic!("{tiling}: {key} on {n} struck nothing: {:?}", s.record);
            };
            let (to, _) = s.world.level().terrain.step(me, dir).unwrap();
            assert_eq!(to, n, "{tiling}: the key {key} written on {n}");
            // Back in the normal mode the tile shows what it holds again.
            assert_eq!(glyph_on(&mut s, n), before, "{tiling}");
        }
    }
}

#[test]
fn a_monsters_step_mark_stays_around_the_key_it_is_labelled_with() {
    let mut s = session(room::world(&[("rat", Cell::new(4, 2))]));
    let marked = wait_for_a_marked_step(&mut s);
    press_char(&mut s, 'F');
    let buf = draw(&mut s, SIZE.0, SIZE.1);
    let (col, row) = cell_of(&s, marked);
    let around: String = (col - 1..=col + 1)
        .map(|c| buf[(c, row)].symbol().to_string())
        .collect();
    let dir = direction_to(&s.world, marked);
    let key = view::overlay::key_label(&Keymap::default_keys(), dir).unwrap();
    assert_eq!(around, format!("‹{key}›"));
    press(&mut s, KeyCode::Esc);
    assert_eq!(s.ui.mode, Mode::Normal);
}

/// The sidebar's text from the line of the monster named `name` to the next monster's line,
/// wrapped lines joined by a space.
fn sidebar_line(s: &mut Session, name: &str) -> String {
    let buf = draw(s, SIZE.0, SIZE.1);
    let side = view::areas(Rect::new(0, 0, SIZE.0, SIZE.1))
        .unwrap()
        .sidebar;
    let rows: Vec<String> = (side.top()..side.bottom())
        .map(|row| {
            let line: String = (side.left() + 1..side.right())
                .map(|col| buf[(col, row)].symbol().to_string())
                .collect();
            line.trim().to_string()
        })
        .collect();
    let first = rows
        .iter()
        .position(|line| line.contains(name))
        .unwrap_or_else(|| panic!("no sidebar line names {name}"));
    let mut text = rows[first].clone();
    // A wrapped line goes on without a monster's glyph and name of its own.
    for line in rows[first + 1..]
        .iter()
        .take_while(|l| !l.is_empty() && !l.contains(" hp"))
    {
        text = format!("{text} {line}");
    }
    text
}

#[test]
fn while_striking_the_sidebar_says_which_key_reaches_a_monster_the_label_hides() {
    // The key written on a neighbouring tile hides the monster standing there: the list of
    // monsters in view says which key that is (a player lost track of a kobold under "n").
    let me = Cell::new(1, 2);
    let at = Cell::new(2, 2);
    let mut s = session(room::world(&[("rat", at)]));
    assert_eq!(s.world.player().pos, me);
    assert!(!sidebar_line(&mut s, "rat").contains("(on "));
    press_char(&mut s, 'F');
    let key = glyph_on(&mut s, at);
    assert_ne!(key, 'r', "the label stands on the rat's tile");
    assert!(
        sidebar_line(&mut s, "rat").contains(&format!("(on {key})")),
        "{:?}",
        sidebar_line(&mut s, "rat")
    );
    // The key does strike the rat.
    press_char(&mut s, key);
    let Some(&Command::Attack(dir)) = s.record.last() else {
        panic!("{key} struck nothing: {:?}", s.record);
    };
    assert_eq!(s.world.level().terrain.step(me, dir).unwrap().0, at);
}

#[test]
fn while_striking_the_sidebar_names_the_key_of_the_tile_a_monster_steps_onto() {
    let mut s = session(room::world(&[("rat", Cell::new(4, 2))]));
    let step = wait_for_a_marked_step(&mut s);
    press_char(&mut s, 'F');
    let key = glyph_on(&mut s, step);
    let line = sidebar_line(&mut s, "rat");
    assert!(line.contains(&format!("(onto {key})")), "{line:?}");
}

#[test]
fn aiming_keeps_the_tiles_around_the_cursor_as_they_are() {
    // Aiming chooses a tile, not a direction: the flight line and the monsters stay drawn.
    let mut s = session(room::world(&[("rat", Cell::new(6, 2))]));
    press_char(&mut s, 'f');
    press_char(&mut s, 'a');
    let Mode::Aim { cursor, .. } = s.ui.mode else {
        panic!("{:?}", s.ui.mode)
    };
    let around: Vec<Cell> = s.world.level().terrain.neighbours(cursor).collect();
    let aiming: Vec<char> = around.iter().map(|&h| glyph_on(&mut s, h)).collect();
    press(&mut s, KeyCode::Esc);
    assert_eq!(s.ui.mode, Mode::Normal);
    let plain: Vec<char> = around.iter().map(|&h| glyph_on(&mut s, h)).collect();
    assert_eq!(aiming, plain);
}

#[test]
fn on_triangles_a_mark_and_the_way_your_tile_points_read_without_colour() {
    // A rat four columns east: its step marks land on floor tiles.
    let mut s = session(room_of(Tiling::Triangle, &[("rat", Cell::new(10, 3))]));
    let mut seen_mark = false;
    for _ in 0..8 {
        let me = s.world.player().pos;
        for plan in s.world.visible_plans() {
            if let Intention::Move(to) = plan.intention
                && plan.acts_next
                && to != me
                && s.world.creature_at(to).is_none()
            {
                assert_eq!(glyph_on(&mut s, to), '•', "a step mark on an empty tile");
                seen_mark = true;
            }
        }
        if seen_mark {
            break;
        }
        press_char(&mut s, '.');
    }
    assert!(seen_mark, "the rat telegraphed a step");
    let screen = screen::text(&draw(&mut s, SIZE.0, SIZE.1));
    let me = s.world.player().pos;
    let way = if s.world.level().terrain.class_of(me) == 1 {
        "up"
    } else {
        "down"
    };
    assert!(
        screen.contains(&format!("Your tile points {way}.")),
        "the sidebar says which way the player's tile points: {screen}"
    );
}

/// The thin-walled keep bundled with the game.
fn keep() -> World {
    let file = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("data/maps/thin_keep.hexmap");
    let level = hexdeep::mapfile::load_map(&file).unwrap().level;
    World::new(
        hexdeep::content::Content::bundled().unwrap().into(),
        level,
        5,
    )
    .unwrap()
}

#[test]
fn on_the_large_map_a_thin_wall_and_an_open_side_differ_in_plain_text() {
    let mut s = session(keep());
    draw(&mut s, 120, 40);
    assert_eq!(
        s.ui.map,
        MapScale::Large,
        "the keep opens large in a large window"
    );
    let me = s.world.player().pos;
    let buf = draw(&mut s, 120, 40);
    let (pc, pr) = cell_of_large(&s, me, (120, 40));
    let level = s.world.level();
    // Every side of the player's tile: blank when open, a glyph when it holds something.
    let mut open = 0;
    let mut walled = 0;
    for n in level.terrain.neighbours(me) {
        let side = level.side_of(me, n).unwrap();
        let (dc, dr) = (side.c - tile_cell(me).0, side.r - tile_cell(me).1);
        let glyph = buf[((i32::from(pc) + dc) as u16, (i32::from(pr) + dr) as u16)]
            .symbol()
            .to_string();
        match level.side_at(side) {
            SideFeature::Open if level.terrain_at(n).is_some_and(|t| !t.blocks_sight()) => {
                assert_eq!(glyph, " ", "an open side toward {n}");
                open += 1;
            }
            SideFeature::Wall => {
                assert_ne!(glyph, " ", "a thin wall toward {n}");
                walled += 1;
            }
            _ => {}
        }
    }
    assert!(
        open > 0 && walled > 0,
        "the start has open and walled sides: {open} {walled}"
    );
}

/// A tile's cell in the large projection with `H = 0`.
fn tile_cell(h: Cell) -> (i32, i32) {
    (4 * h.x - 2 * h.y, 2 * h.y)
}

/// The screen cell of `hex` on the large map of a window of `size`.
fn cell_of_large(s: &Session, hex: Cell, size: (u16, u16)) -> (u16, u16) {
    let map = view::areas(Rect::new(0, 0, size.0, size.1)).unwrap().map;
    let camera = view::camera(&s.world, &s.ui, map);
    for row in map.top()..map.bottom() {
        for col in map.left()..map.right() {
            if camera.hex_at(map, col, row) == Some(hex) {
                return (col, row);
            }
        }
    }
    panic!("{hex} is not on screen");
}

#[test]
fn a_thin_walled_level_opens_large_when_the_window_has_room_until_the_player_chooses() {
    let mut s = session(keep());
    draw(&mut s, 80, 24);
    assert_eq!(
        s.ui.map,
        MapScale::Compact,
        "too small a window for the large map"
    );
    draw(&mut s, 120, 40);
    assert_eq!(s.ui.map, MapScale::Large);
    press_char(&mut s, 'z');
    draw(&mut s, 120, 40);
    assert_eq!(s.ui.map, MapScale::Compact, "the player's choice holds");
    // A level without sides stays compact.
    let mut plain = session(room::world(&[]));
    draw(&mut plain, 120, 40);
    assert_eq!(plain.ui.map, MapScale::Compact);
}
