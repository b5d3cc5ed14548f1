//! Smaller things a player met in issue 33, each as the screen or the log shows it: the level's
//! title on one line, the keys a triangle's refusal names, a strike mark beside a thin wall, the
//! end screen after quitting, the letters the replay viewer keeps after seeking.
#![allow(clippy::unwrap_used)]

#[path = "support/room.rs"]
mod room;
#[path = "support/screen.rs"]
mod screen;

use hexdeep::geom::Cell;
use hexdeep::sim::World;
use hexdeep::ui::app::Session;
use hexdeep::ui::keymap::Keymap;
use hexdeep::ui::palette::Palette;

fn session(world: World) -> Session {
    Session::new(world, Keymap::default_keys(), Palette { color: false })
}

/// The sidebar's rows of a screen `width` wide, without its border.
fn sidebar_rows(text: &str, width: usize) -> Vec<String> {
    text.lines()
        .map(|l| {
            let cells: Vec<char> = l.chars().collect();
            cells[width - 27..]
                .iter()
                .collect::<String>()
                .trim_end()
                .to_string()
        })
        .collect()
}

#[test]
fn a_long_level_name_stays_on_the_sidebar_s_first_line() {
    let mut level = room::level(&[]);
    level.name = "the overgrown caves".to_string();
    let world = World::new(
        hexdeep::content::Content::bundled().unwrap().into(),
        level,
        5,
    )
    .unwrap();
    let mut s = session(world);
    let text = screen::text(&screen::draw(&mut s, 100, 30));
    let rows = sidebar_rows(&text, 100);
    assert_eq!(rows[0], "Depth 1: overgrown caves", "{text}");
    assert!(rows[1].starts_with("HP "), "{text}");
}

/// A room of triangles, 14 by 7 tiles of floor, the player at (6, 3) (a tile pointing up).
fn triangles() -> World {
    use hexdeep::geom::{Cell, Tiling};
    use hexdeep::map::{Grid, Level, Terrain};
    let cells: Vec<Cell> = (0..7)
        .flat_map(|y| (0..14).map(move |x| Cell::new(x, y)))
        .collect();
    let grid = Grid::from_cells(Tiling::Triangle, &cells, Terrain::Floor).unwrap();
    let mut level = Level::new("room", 1, grid);
    level.start = Some(Cell::new(6, 3));
    World::new(
        hexdeep::content::Content::bundled().unwrap().into(),
        level,
        5,
    )
    .unwrap()
}

#[test]
fn a_step_a_triangle_refuses_names_the_keys_that_step() {
    use hexdeep::geom::Compass;
    use hexdeep::sim::Command;
    let world = triangles();
    let me = world.player().pos;
    let grid = &world.level().terrain;
    let refused: Vec<Compass> = [Compass::NW, Compass::NE, Compass::N, Compass::S]
        .into_iter()
        .filter(|&d| grid.step(me, d).is_none())
        .collect();
    assert!(!refused.is_empty(), "a triangle steps six ways of eight");
    let key = |d: Compass| match d {
        Compass::NW => 'y',
        Compass::NE => 'u',
        Compass::N => 'k',
        _ => 'j',
    };
    let mut s = session(world.clone());
    screen::press_char(&mut s, key(refused[0]));
    assert!(s.record.is_empty(), "nothing was done");
    let said = s.ui.log.lines().last().unwrap();
    let (_, keys) = said
        .split_once("it steps with ")
        .unwrap_or_else(|| panic!("{said}"));
    let keys: Vec<char> = keys
        .trim_end_matches('.')
        .split(' ')
        .map(|k| {
            assert_eq!(k.chars().count(), 1, "a key, not a direction: {said}");
            k.chars().next().unwrap()
        })
        .collect();
    assert_eq!(keys.len(), 6, "{said}");
    // Each key it names takes a step from this tile.
    for k in keys {
        let mut s = session(world.clone());
        screen::press_char(&mut s, k);
        assert!(
            matches!(s.record.as_slice(), [Command::Move(_)]),
            "{k} from {said}"
        );
    }
}

#[test]
fn a_thin_wall_beside_a_struck_tile_keeps_its_glyph_and_carries_the_mark() {
    use hexdeep::map::SideFeature;
    use hexdeep::sim::Intention;
    use hexdeep::ui::view;
    use ratatui::layout::Rect;
    use ratatui::style::Modifier;
    // `|.|@«r`: a thin wall west of the player, a rat east of them.
    let mut level = room::level(&[("rat", Cell::new(2, 2))]);
    let me = Cell::new(1, 2);
    let side = level.side_of(me, Cell::new(0, 2)).unwrap();
    assert!(level.set_side(side, SideFeature::Wall));
    let world = World::new(
        hexdeep::content::Content::bundled().unwrap().into(),
        level,
        5,
    )
    .unwrap();
    for color in [false, true] {
        let mut s = Session::new(world.clone(), Keymap::default_keys(), Palette { color });
        // The compact map, where the wall and the bracket share a column.
        s.ui.map_choice = Some(hexdeep::ui::state::MapScale::Compact);
        let struck = |s: &Session| {
            s.world
                .visible_plans()
                .iter()
                .any(|p| p.acts_next && p.intention == Intention::Attack(me))
        };
        for _ in 0..6 {
            if struck(&s) {
                break;
            }
            screen::press_char(&mut s, 's');
        }
        assert!(struck(&s), "the rat strikes the player's tile");
        let buf = screen::draw(&mut s, 100, 30);
        let map = view::areas(Rect::new(0, 0, 100, 30)).unwrap().map;
        let camera = view::camera(&s.world, &s.ui, map);
        let (col, row) = (map.top()..map.bottom())
            .flat_map(|r| (map.left()..map.right()).map(move |c| (c, r)))
            .find(|&(c, r)| camera.hex_at(map, c, r) == Some(me))
            .unwrap();
        let (wall, at, after) = (&buf[(col - 1, row)], &buf[(col, row)], &buf[(col + 1, row)]);
        let line: String = [wall, at, after].iter().map(|c| c.symbol()).collect();
        assert_eq!(line, "|@«", "colour {color}\n{}", screen::text(&buf));
        if color {
            assert_eq!(wall.bg, at.bg, "the wall stands in the struck tile's band");
        } else {
            assert!(
                wall.modifier.contains(Modifier::REVERSED)
                    && at.modifier.contains(Modifier::REVERSED),
                "the wall is drawn as struck as the tile it bounds"
            );
        }
    }
}
