//! Thin walls and doors on the sides between tiles, on screen: in the compact map (a side
//! between east–west neighbours in the column between them, the others as underlines) and in
//! the large one `z` switches to (every tile with its outline), and in look's words.
#![allow(clippy::unwrap_used)]

#[path = "support/screen.rs"]
mod screen;
use hexdeep::geom::{Cell, Tiling};
use hexdeep::map::{Grid, Level, SideFeature, Terrain};
use hexdeep::sim::World;
use hexdeep::ui::app::Session;
use hexdeep::ui::keymap::Keymap;
use hexdeep::ui::palette::Palette;
use hexdeep::ui::state::{MapScale, Mode, UiState};
use hexdeep::ui::view::{self, Context, areas};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier};

const ME: Cell = Cell::new(2, 2);

/// A 9 by 5 room of `tiling` with the player at (2, 2) and, around the player: a thin wall
/// to the east, a closed door to the north-east (north on squares), a thin wall below
/// (south-west on hexes, south on squares) and an open door to the west.
fn level(tiling: Tiling) -> Level {
    let cells: Vec<Cell> = (0..5)
        .flat_map(|y| (0..9).map(move |x| Cell::new(x, y)))
        .collect();
    let grid = Grid::from_cells(tiling, &cells, Terrain::Floor).unwrap();
    let mut level = Level::new("Sides", 1, grid);
    level.start = Some(ME);
    // North-east and south-west on hexes, north and south on squares.
    let (up, down) = (Cell::new(2, 1), Cell::new(2, 3));
    for (to, feature) in [
        (Cell::new(3, 2), SideFeature::Wall),
        (up, SideFeature::DoorClosed),
        (down, SideFeature::Wall),
        (Cell::new(1, 2), SideFeature::DoorOpen),
    ] {
        let side = level.side_of(ME, to).unwrap();
        assert!(level.set_side(side, feature));
    }
    level
}

fn world(tiling: Tiling) -> World {
    World::new(
        hexdeep::content::Content::bundled().unwrap().into(),
        level(tiling),
        7,
    )
    .unwrap()
}

/// The screen in colour, and the map cell where `hex` is drawn.
fn render(world: &World, ui: &UiState, hex: Cell) -> (Buffer, (u16, u16)) {
    let keymap = Keymap::default_keys();
    let context = Context {
        keymap: &keymap,
        palette: Palette { color: true },
    };
    let area = Rect::new(0, 0, 100, 30);
    let mut buf = Buffer::empty(area);
    view::render(world, ui, &context, area, &mut buf);
    let map = areas(area).unwrap().map;
    let camera = view::camera(world, ui, map);
    let at = (map.top()..map.bottom())
        .flat_map(|r| (map.left()..map.right()).map(move |c| (c, r)))
        .find(|&(c, r)| camera.hex_at(map, c, r) == Some(hex))
        .unwrap();
    (buf, at)
}

/// The symbol at `at` moved by `(dc, dr)`, with its foreground and modifiers.
fn cell(buf: &Buffer, at: (u16, u16), dc: i32, dr: i32) -> (String, Option<Color>, Modifier) {
    let col = u16::try_from(i32::from(at.0) + dc).unwrap();
    let row = u16::try_from(i32::from(at.1) + dr).unwrap();
    let c = &buf[(col, row)];
    (c.symbol().to_string(), Some(c.fg), c.modifier)
}

fn large() -> UiState {
    UiState {
        map: MapScale::Large,
        ..UiState::default()
    }
}

#[test]
fn the_compact_hex_map_draws_east_west_sides_between_tiles_and_underlines_the_others() {
    let world = world(Tiling::Hex);
    let (buf, at) = render(&world, &UiState::default(), ME);
    let (wall, fg, modifier) = cell(&buf, at, 1, 0);
    assert_eq!(wall, "|");
    assert_eq!(fg, Some(Color::White));
    assert!(modifier.contains(Modifier::BOLD));
    let (door, fg, _) = cell(&buf, at, -1, 0);
    assert_eq!((door.as_str(), fg), ("'", Some(Color::Yellow)));
    // The wall to the south-west: the player's tile is underlined in the wall colour, and
    // the column to its left with it.
    assert!(buf[at].modifier.contains(Modifier::UNDERLINED));
    assert_eq!(buf[at].underline_color, Color::White);
    // The closed door to the north-east is the south-west side of the tile above it
    // (drawn one column right, one row up): underlined in the door colour.
    let (_, _, above) = cell(&buf, at, 1, -1);
    assert!(above.contains(Modifier::UNDERLINED));
    let up = (at.0 + 1, at.1 - 1);
    assert_eq!(buf[up].underline_color, Color::Yellow);
    // A tile with every side open is not underlined.
    let (_, _, far) = cell(&buf, at, 8, 0);
    assert!(!far.contains(Modifier::UNDERLINED));
}

#[test]
fn the_large_hex_map_draws_what_stands_on_a_side_bright_and_an_open_side_blank() {
    let world = world(Tiling::Hex);
    let (buf, at) = render(&world, &large(), ME);
    assert_eq!(buf[at].symbol(), "@");
    let (east, fg, modifier) = cell(&buf, at, 2, 0);
    assert_eq!((east.as_str(), fg), ("|", Some(Color::White)));
    assert!(modifier.contains(Modifier::BOLD));
    let (west, fg, _) = cell(&buf, at, -2, 0);
    assert_eq!((west.as_str(), fg), ("'", Some(Color::Yellow)));
    let (ne, fg, _) = cell(&buf, at, 1, -1);
    assert_eq!((ne.as_str(), fg), ("+", Some(Color::Yellow)));
    let (sw, fg, _) = cell(&buf, at, -1, 1);
    assert_eq!((sw.as_str(), fg), ("\\", Some(Color::White)));
    // Open sides are blank, as a large map file draws them: a thin wall and an open side
    // differ in their glyphs, not only in colour.
    assert_eq!(cell(&buf, at, -1, -1).0, " ");
    assert_eq!(cell(&buf, at, 1, 1).0, " ");
    // The next tile west is four columns off, its open sides blank too; the one east,
    // behind the thin wall, is not seen.
    assert_eq!(cell(&buf, at, -4, 0).0, ".");
    assert_eq!(cell(&buf, at, -6, 0).0, " ");
    assert_eq!(cell(&buf, at, 4, 0).0, " ");
}

#[test]
fn the_large_square_map_reads_as_boxes() {
    let world = world(Tiling::Square);
    let (buf, at) = render(&world, &large(), ME);
    let row = |dr: i32| -> String { (-4..=4).map(|dc| cell(&buf, at, dc, dr).0).collect() };
    // Nothing beyond the thin wall to the east is seen, nor its sides.
    assert_eq!(
        row(-1),
        "   -+-+  ",
        "a closed door to the north in its frame"
    );
    assert_eq!(row(0), ". ' @ |  ");
    assert_eq!(row(1), "  +---+  ", "a thin wall to the south");
    // The wall below is bright with the corners joining it; the open sides beside it are
    // blank.
    assert_eq!(cell(&buf, at, 0, 1).1, Some(Color::White));
    assert_eq!(
        cell(&buf, at, -2, 1).1,
        Some(Color::White),
        "a corner joining it"
    );
    assert_eq!(cell(&buf, at, -6, 1).0, " ");
    assert_eq!(cell(&buf, at, 0, -1).1, Some(Color::Yellow), "the door");
}

#[test]
fn z_switches_the_map_and_back_and_the_view_follows_the_player() {
    let mut s = Session::new(
        world(Tiling::Hex),
        Keymap::default_keys(),
        Palette { color: false },
    );
    // A window too small for the large map opens compact.
    let compact = screen::text(&screen::draw(&mut s, 80, 24));
    assert_eq!(s.ui.map, MapScale::Compact);
    screen::press_char(&mut s, 'z');
    assert_eq!(s.ui.map, MapScale::Large);
    let large = screen::text(&screen::draw(&mut s, 80, 24));
    assert!(large.contains(". ' @ |"), "{large}");
    assert!(
        !large.contains("' @ | ."),
        "nothing beyond the wall: {large}"
    );
    let above = large
        .lines()
        .find(|l| l.contains(". ' @ |"))
        .map(|l| l.find('@').unwrap());
    let door_row = large.lines().position(|l| l.contains(". ' @ |")).unwrap() - 1;
    let door = large.lines().nth(door_row).unwrap();
    assert_eq!(
        door.chars().nth(above.unwrap() + 1),
        Some('+'),
        "the closed door: {large}"
    );
    assert!(!compact.contains("' @ |"));
    assert!(large.contains("The large map"));
    screen::press_char(&mut s, 'z');
    assert_eq!(s.ui.map, MapScale::Compact);
    assert_eq!(
        screen::text(&screen::draw(&mut s, 80, 24)).lines().nth(2),
        compact.lines().nth(2)
    );
}

#[test]
fn the_large_map_scrolls_to_keep_the_player_in_a_small_window() {
    let cells: Vec<Cell> = (0..30)
        .flat_map(|y| (0..40).map(move |x| Cell::new(x, y)))
        .collect();
    let grid = Grid::from_cells(Tiling::Hex, &cells, Terrain::Floor).unwrap();
    let mut level = Level::new("Wide", 1, grid);
    level.start = Some(Cell::new(35, 27));
    let world = World::new(
        hexdeep::content::Content::bundled().unwrap().into(),
        level,
        7,
    )
    .unwrap();
    let (buf, at) = render(&world, &large(), Cell::new(35, 27));
    assert_eq!(buf[at].symbol(), "@");
}

#[test]
fn a_window_too_small_says_so_on_the_large_map_too() {
    let world = world(Tiling::Hex);
    let keymap = Keymap::default_keys();
    let context = Context {
        keymap: &keymap,
        palette: Palette { color: false },
    };
    let area = Rect::new(0, 0, 40, 12);
    let mut buf = Buffer::empty(area);
    view::render(&world, &large(), &context, area, &mut buf);
    let text: String = (0..area.height)
        .flat_map(|r| (0..area.width).map(move |c| (c, r)))
        .map(|p| buf[p].symbol().to_string())
        .collect();
    assert!(text.contains("Make the window larger"), "{text}");
}

#[test]
fn z_on_triangles_says_the_large_map_is_for_hexes_and_squares() {
    let cells: Vec<Cell> = (0..5)
        .flat_map(|y| (0..9).flat_map(move |x| [Cell::new(2 * x, y), Cell::new(2 * x + 1, y)]))
        .collect();
    let grid = Grid::from_cells(Tiling::Triangle, &cells, Terrain::Floor).unwrap();
    let mut level = Level::new("Triangles", 1, grid);
    level.start = Some(cells[20]);
    let world = World::new(
        hexdeep::content::Content::bundled().unwrap().into(),
        level,
        7,
    )
    .unwrap();
    let mut s = Session::new(world, Keymap::default_keys(), Palette { color: false });
    screen::press_char(&mut s, 'z');
    assert_eq!(s.ui.map, MapScale::Compact);
    let text = screen::text(&screen::draw(&mut s, 100, 30));
    assert!(text.contains("for hex and square grids"), "{text}");
}

#[test]
fn look_names_the_walls_and_doors_around_a_tile() {
    let world = world(Tiling::Hex);
    let said = hexdeep::ui::describe::describe(&world, ME);
    assert!(
        said.ends_with(
            "A thin wall to the east, a closed door to the north-east, an open door to the west, \
             a thin wall to the south-west."
        ),
        "{said}"
    );
    let mut s = Session::new(world, Keymap::default_keys(), Palette { color: false });
    screen::press_char(&mut s, 'x');
    assert!(matches!(s.ui.mode, Mode::Look { .. }));
    let text = screen::text(&screen::draw(&mut s, 100, 30));
    let sidebar: String = text
        .lines()
        .map(|l| l.chars().skip(73).collect::<String>())
        .collect::<Vec<_>>()
        .join(" ");
    let words: Vec<&str> = sidebar.split_whitespace().collect();
    assert!(
        words.join(" ").contains("a closed door to the north-east"),
        "{sidebar}"
    );
    let on_squares = hexdeep::ui::describe::describe(&self::world(Tiling::Square), ME);
    assert!(
        on_squares.contains("a closed door to the north"),
        "{on_squares}"
    );
    assert!(
        on_squares.contains("a thin wall to the south."),
        "{on_squares}"
    );
}

#[test]
fn a_door_in_a_wall_below_a_tile_shows_in_the_door_colour_on_the_compact_map() {
    let mut level = level(Tiling::Hex);
    let side = level.side_of(ME, Cell::new(3, 3)).unwrap();
    assert!(level.set_side(side, SideFeature::DoorClosed));
    let world = World::new(
        hexdeep::content::Content::bundled().unwrap().into(),
        level,
        7,
    )
    .unwrap();
    let (buf, at) = render(&world, &UiState::default(), ME);
    // A wall to the south-west and a door to the south-east: the door is what shows.
    assert_eq!(buf[at].underline_color, Color::Yellow);
    let right = (at.0 + 1, at.1);
    assert!(buf[right].modifier.contains(Modifier::UNDERLINED));
    assert_eq!(buf[right].underline_color, Color::Yellow);
    let left = (at.0 - 1, at.1);
    assert_eq!(
        buf[left].symbol(),
        "'",
        "the open door to the west keeps its column"
    );
}

#[test]
fn a_level_with_sides_tells_once_how_to_see_them() {
    let mut s = Session::new(
        world(Tiling::Hex),
        Keymap::default_keys(),
        Palette { color: false },
    );
    screen::keys(&mut s, "ss");
    let hints =
        s.ui.log
            .lines()
            .filter(|l| l.contains("z switches between it and the compact map"))
            .count();
    assert_eq!(hints, 1);
}

#[test]
fn a_click_beside_a_tile_on_the_large_map_describes_that_tile() {
    use ratatui::crossterm::event::{KeyModifiers, MouseButton, MouseEvent, MouseEventKind};
    let mut s = Session::new(
        world(Tiling::Hex),
        Keymap::default_keys(),
        Palette { color: false },
    );
    s.ui.map = MapScale::Large;
    let (_, at) = render(&s.world, &s.ui, ME);
    let map = areas(Rect::new(0, 0, 100, 30)).unwrap().map;
    s.click(
        MouseEvent {
            kind: MouseEventKind::Down(MouseButton::Left),
            column: at.0 + 1,
            row: at.1,
            modifiers: KeyModifiers::NONE,
        },
        map,
    );
    assert_eq!(s.ui.pointed, Some(ME));
}
