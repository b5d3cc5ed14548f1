//! The map's viewport (issue 33): it keeps the player a quarter of the map area away from the
//! window's edges, even on the map's last tile (the `@` stood at the right edge beside the
//! sidebar), and scrolls only when the player comes that near an edge, not at every step.
#![allow(clippy::unwrap_used)]

#[path = "support/screen.rs"]
mod screen;
use hexdeep::geom::Cell;
use hexdeep::map::{Grid, Level, Shape, Terrain};
use hexdeep::sim::World;
use hexdeep::ui::app::Session;
use hexdeep::ui::keymap::Keymap;
use hexdeep::ui::palette::Palette;
use hexdeep::ui::view;
use ratatui::layout::Rect;

const SIZE: (u16, u16) = (100, 30);

/// A hall 60 tiles long and 3 wide, the player at `start`.
fn hall(start: Cell) -> Session {
    let shape = Shape::Parallelogram {
        width: 60,
        height: 3,
    };
    let mut level = Level::new("Hall", 1, Grid::new(&shape, Terrain::Floor).unwrap());
    level.start = Some(start);
    let world = World::new(
        hexdeep::content::Content::bundled().unwrap().into(),
        level,
        5,
    )
    .unwrap();
    Session::new(world, Keymap::default_keys(), Palette { color: false })
}

/// The map area, and the column of the `@` in it after drawing a frame.
fn player_column(s: &mut Session) -> (Rect, u16) {
    let buf = screen::draw(s, SIZE.0, SIZE.1);
    let map = view::areas(Rect::new(0, 0, SIZE.0, SIZE.1)).unwrap().map;
    let col = (map.top()..map.bottom())
        .flat_map(|r| (map.left()..map.right()).map(move |c| (c, r)))
        .find(|&(c, r)| buf[(c, r)].symbol() == "@")
        .map(|(c, _)| c)
        .unwrap();
    (map, col)
}

#[test]
fn the_player_on_the_map_s_last_tile_stays_a_quarter_of_the_window_from_its_edge() {
    for (start, east) in [(Cell::new(59, 1), true), (Cell::new(0, 1), false)] {
        let mut s = hall(start);
        let (map, col) = player_column(&mut s);
        let margin = map.width / 4;
        if east {
            assert!(
                col + margin < map.right(),
                "the @ at column {col} of a map area ending at {}",
                map.right()
            );
        } else {
            assert!(col >= map.left() + margin, "the @ at column {col}");
        }
    }
}

#[test]
fn the_map_scrolls_near_an_edge_and_not_at_every_step() {
    let mut s = hall(Cell::new(20, 1));
    let (map, first) = player_column(&mut s);
    // Steps east: the @ walks across the screen (two columns a step) until it comes within
    // the margin of the right edge; from there on the map scrolls under it.
    let margin = map.width / 4;
    let mut col = first;
    let mut walked = 0;
    let mut scrolled = 0;
    for _ in 0..30 {
        screen::press_char(&mut s, 'l');
        let (_, now) = player_column(&mut s);
        // (The step onto the margin's edge may scroll by one column of its two.)
        match now.checked_sub(col) {
            Some(2) => walked += 1,
            Some(0) => scrolled += 1,
            Some(1) => {}
            _ => panic!("the @ went from column {col} to {now}"),
        }
        assert!(now + margin < map.right(), "the @ keeps its margin");
        col = now;
    }
    assert!(walked >= 5, "the @ walked {walked} steps on a still map");
    assert_eq!(
        first + 10,
        {
            let mut again = hall(Cell::new(20, 1));
            player_column(&mut again);
            screen::keys(&mut again, "lllll");
            player_column(&mut again).1
        },
        "the first five steps from the middle walk the @, not the map"
    );
    assert!(scrolled >= 5, "the map scrolled for {scrolled} steps");
    // A step back west moves the @, not the map.
    screen::press_char(&mut s, 'h');
    assert_eq!(player_column(&mut s).1, col - 2);
}
