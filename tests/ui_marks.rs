//! Telegraph marks stay readable when they touch (issue 17): `»@‹r›r` (a blow at you beside a
//! rat another rat steps into) and `@‹. .›r` (two steps side by side) were drawn as merged
//! bands. Each tile keeps its mark's own background, the seam between two marks shows the
//! bracket of the one that matters more in its colour over the other's background, and two
//! steps side by side are parted by a bracket with no background. In plain text, where there
//! is no background, struck tiles side by side are parted by a bracket too.
#![allow(clippy::unwrap_used)]

use hexdeep::geom::Cell;
use hexdeep::map::{Grid, Level, Placement, PlacementKind, Shape, Terrain};
use hexdeep::sim::{Intention, Planned, World};
use hexdeep::ui::keymap::Keymap;
use hexdeep::ui::palette::Palette;
use hexdeep::ui::state::UiState;
use hexdeep::ui::view::{self, Camera, Context, areas};
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier};
use ratatui::{Terminal, buffer::Cell as ScreenCell};

const ME: Cell = Cell::new(3, 2);

/// A room with the player at (3, 2) and rats whose plans are set by hand: `(place, plan)`.
fn world(rats: &[(Cell, Intention)]) -> World {
    let grid = Grid::new(
        &Shape::Parallelogram {
            width: 10,
            height: 5,
        },
        Terrain::Floor,
    )
    .unwrap();
    let mut level = Level::new("room", 1, grid);
    level.start = Some(ME);
    for (at, _) in rats {
        level.placements.push(Placement {
            at: *at,
            kind: PlacementKind::Monster("rat".to_string()),
        });
    }
    let world = World::new(
        hexdeep::content::Content::bundled().unwrap().into(),
        level,
        1,
    )
    .unwrap();
    let mut parts = world.to_parts();
    for (at, intention) in rats {
        let rat = parts.creatures.iter_mut().find(|c| c.pos == *at).unwrap();
        // Acting in every segment: the plan is for the coming one.
        rat.speed = 4;
        rat.busy = 0;
        let id = rat.id;
        parts.plans[id] = Some(Planned {
            from: *at,
            intention: *intention,
        });
    }
    World::from_parts(parts, world.content_handle()).unwrap()
}

/// The screen, and the cells drawn for the tiles `(x, 2)` for x in `xs` with the in-between
/// columns: `[tile, between, tile, between, ...]`.
fn row(world: &World, color: bool, xs: std::ops::RangeInclusive<i32>) -> Vec<ScreenCell> {
    let keymap = Keymap::default_keys();
    let context = Context {
        keymap: &keymap,
        palette: Palette { color },
    };
    let mut terminal = Terminal::new(TestBackend::new(100, 30)).unwrap();
    terminal
        .draw(|frame| view::draw(frame, world, &UiState::default(), &context))
        .unwrap();
    let buf: Buffer = terminal.backend().buffer().clone();
    let map = areas(Rect::new(0, 0, 100, 30)).unwrap().map;
    let camera = Camera::follow(world, world.player().pos, map);
    let first = Cell::new(*xs.start(), 2);
    let (col, r) = (map.left()..map.right())
        .flat_map(|c| (map.top()..map.bottom()).map(move |r| (c, r)))
        .find(|&(c, r)| camera.hex_at(map, c, r) == Some(first))
        .unwrap();
    let cells = 2 * (xs.end() - xs.start()) as u16 + 1;
    (col..col + cells).map(|c| buf[(c, r)].clone()).collect()
}

fn text(cells: &[ScreenCell]) -> String {
    cells.iter().map(ScreenCell::symbol).collect()
}

/// `»@‹r›r`: rat A beside you strikes you while rat B steps into rat A's tile.
fn blow_beside_a_step() -> World {
    world(&[
        (Cell::new(4, 2), Intention::Attack(ME)),
        (Cell::new(5, 2), Intention::Move(Cell::new(4, 2))),
    ])
}

/// `@‹. .›r`: two rats step onto the two tiles east of you.
fn two_steps_side_by_side() -> World {
    world(&[
        (Cell::new(4, 1), Intention::Move(Cell::new(4, 2))),
        (Cell::new(6, 2), Intention::Move(Cell::new(5, 2))),
    ])
}

#[test]
fn a_blow_beside_a_step_keeps_both_colours_up_to_the_seam() {
    let w = blow_beside_a_step();
    // Cells: ' ' » @ « r › r  (tiles 2..=5 with the columns between).
    let cells = row(&w, true, 2..=5);
    assert_eq!(text(&cells), ".»@«r›r", "{cells:?}");
    let (struck, seam, stepped) = (&cells[2], &cells[3], &cells[4]);
    assert_eq!(struck.bg, Color::Red, "you are on a red band");
    assert_eq!(stepped.bg, Color::Yellow, "the rat stepped into is yellow");
    assert_eq!(cells[1].bg, Color::Red);
    // The seam is the blow's closing bracket, red, over the step's yellow.
    assert_eq!((seam.fg, seam.bg), (Color::Red, Color::Yellow));
    assert_eq!(cells[5].bg, Color::Yellow, "the step's own closing bracket");
    assert_ne!(struck.bg, stepped.bg);
}

#[test]
fn a_blow_beside_a_step_reads_plain_too() {
    let w = blow_beside_a_step();
    let cells = row(&w, false, 2..=5);
    assert_eq!(text(&cells), ".»@«r›r");
    let reversed = |c: &ScreenCell| c.modifier.contains(Modifier::REVERSED);
    let underlined = |c: &ScreenCell| c.modifier.contains(Modifier::UNDERLINED);
    assert!(reversed(&cells[1]) && reversed(&cells[2]) && reversed(&cells[3]));
    assert!(underlined(&cells[4]) && underlined(&cells[5]));
    assert!(
        !reversed(&cells[4]),
        "the stepped tile is not drawn as struck"
    );
}

#[test]
fn two_steps_side_by_side_are_two_marks_not_one_band() {
    let w = two_steps_side_by_side();
    let cells = row(&w, true, 3..=6);
    assert_eq!(text(&cells), "@‹.›.›r", "{cells:?}");
    assert_eq!(cells[2].bg, Color::Yellow);
    assert_eq!(cells[4].bg, Color::Yellow);
    // The column between the two steps has no background: two yellow patches, not one band.
    assert_eq!(cells[3].bg, Color::Reset, "{:?}", cells[3]);
    assert_eq!(cells[3].fg, Color::Yellow);
    let plain = row(&w, false, 3..=6);
    assert_eq!(text(&plain), "@‹.›.›r");
}

#[test]
fn struck_tiles_side_by_side_still_read_as_one_band() {
    // Struck tiles side by side (a wide swing's three, or two blows) are filled between.
    let w = world(&[
        (Cell::new(4, 2), Intention::Attack(ME)),
        (Cell::new(2, 1), Intention::Attack(Cell::new(2, 2))),
    ]);
    let cells = row(&w, true, 2..=4);
    assert_eq!(text(&cells), ". @«r");
    assert_eq!(
        (cells[0].bg, cells[1].bg, cells[2].bg),
        (Color::Red, Color::Red, Color::Red)
    );
}

#[test]
fn struck_tiles_side_by_side_stay_apart_in_plain_text() {
    // Plain text has no red band: the blank between two struck tiles read as no mark
    // (`.». @«r`, QA's `»@ ~«~`). Each struck tile is closed off by its own bracket instead.
    let w = world(&[
        (Cell::new(4, 2), Intention::Attack(ME)),
        (Cell::new(2, 1), Intention::Attack(Cell::new(2, 2))),
    ]);
    let plain = row(&w, false, 1..=4);
    assert_eq!(text(&plain), ".».«@«r", "{plain:?}");
    // In colour the band is kept (the test above).
    assert_eq!(text(&row(&w, true, 1..=4)), ".». @«r");
}
