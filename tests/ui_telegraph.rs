//! The intent telegraph on screen: planned moves in `‹ ›`, planned attacks in `» «`, drawn
//! for monsters in view (the tile a monster steps onto or strikes even out of view), and
//! hidden when the player turns it off.
#![allow(clippy::unwrap_used)]

#[path = "support/room.rs"]
mod room;
use hexdeep::geom::Cell;
use hexdeep::map::{Level, Terrain};
use hexdeep::sim::{Command, Intention, World};
use hexdeep::ui::keymap::Keymap;
use hexdeep::ui::palette::Mark;
use hexdeep::ui::palette::Palette;
use hexdeep::ui::state::UiState;
use hexdeep::ui::view::overlay::Overlay;
use hexdeep::ui::view::{self, Camera, Context, areas};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

fn level(goblin: Cell) -> Level {
    room::level(&[("goblin", goblin)])
}

fn screen(world: &World, ui: &UiState) -> (Buffer, Camera, Rect) {
    let keymap = Keymap::default_keys();
    let context = Context {
        keymap: &keymap,
        palette: Palette { color: false },
    };
    let area = Rect::new(0, 0, 100, 30);
    let mut buf = Buffer::empty(area);
    view::render(world, ui, &context, area, &mut buf);
    let map = areas(area).unwrap().map;
    (buf, Camera::follow(world, world.player().pos, map), map)
}

/// The characters left and right of the cell where `hex` is drawn.
fn brackets(world: &World, ui: &UiState, hex: Cell) -> (String, String) {
    let (buf, camera, map) = screen(world, ui);
    for row in map.top()..map.bottom() {
        for col in map.left() + 1..map.right() - 1 {
            if camera.hex_at(map, col, row) == Some(hex) {
                return (
                    buf[(col - 1, row)].symbol().to_string(),
                    buf[(col + 1, row)].symbol().to_string(),
                );
            }
        }
    }
    panic!("{hex} is not on screen");
}

fn goblin_plan(world: &World) -> Intention {
    world
        .planned()
        .iter()
        .find(|p| p.who == 1)
        .unwrap()
        .intention
}

#[test]
fn a_planned_move_is_bracketed_in_single_angle_quotes() {
    let world = World::new(
        hexdeep::content::Content::bundled().unwrap().into(),
        level(Cell::new(6, 2)),
        1,
    )
    .unwrap();
    let Intention::Move(to) = goblin_plan(&world) else {
        panic!("the goblin should be walking towards the player");
    };
    assert_eq!(
        brackets(&world, &UiState::default(), to),
        ("‹".into(), "›".into())
    );
}

#[test]
fn a_planned_attack_is_bracketed_in_inward_guillemets() {
    let mut world = World::new(
        hexdeep::content::Content::bundled().unwrap().into(),
        level(Cell::new(6, 2)),
        1,
    )
    .unwrap();
    for _ in 0..10 {
        if matches!(goblin_plan(&world), Intention::Attack(_)) {
            break;
        }
        world.apply(Command::Wait).unwrap();
    }
    let Intention::Attack(at) = goblin_plan(&world) else {
        panic!("the goblin never came to attack");
    };
    assert_eq!(at, world.player().pos);
    assert_eq!(
        brackets(&world, &UiState::default(), at),
        ("»".into(), "«".into())
    );
    let hidden = UiState {
        telegraph: false,
        ..UiState::default()
    };
    assert_eq!(brackets(&world, &hidden, at), (" ".into(), " ".into()));
}

#[test]
fn monsters_out_of_view_are_not_telegraphed() {
    let mut level = level(Cell::new(9, 2));
    level.terrain.set(Cell::new(5, 2), Terrain::Wall);
    for y in 0..5 {
        level.terrain.set(Cell::new(5, y), Terrain::Wall);
    }
    let world = World::new(
        hexdeep::content::Content::bundled().unwrap().into(),
        level,
        1,
    )
    .unwrap();
    assert!(!world.is_visible(Cell::new(9, 2)));
    let (buf, _, map) = screen(&world, &UiState::default());
    for row in map.top()..map.bottom() {
        for col in map.left()..map.right() {
            let s = buf[(col, row)].symbol();
            assert!(!["‹", "›", "»", "«"].contains(&s), "a mark at {col},{row}");
        }
    }
}

#[test]
fn a_monster_faster_than_you_is_said_to_act_more_often() {
    // QA, issue 17: an imp (4 actions a turn to the player's 2) showed a mark only for its
    // next step. It chooses its second step from the state after the player's action, so no
    // mark can show it; the sidebar and the look line say how often it acts instead.
    let world = room::world(&[("imp", Cell::new(6, 2)), ("goblin", Cell::new(6, 4))]);
    let ui = UiState::default();
    let (buf, _, _) = screen(&world, &ui);
    let text: String = (0..buf.area.height)
        .map(|row| {
            let line: String = (0..buf.area.width)
                .map(|col| buf[(col, row)].symbol())
                .collect();
            line.split_once('│')
                .map_or(String::new(), |(_, side)| side.trim().to_string())
        })
        .collect::<Vec<_>>()
        .join(" ");
    assert!(text.contains("imp 3/3 hp, moves, fast: 4 a turn"), "{text}");
    assert!(text.contains("goblin 8/8 hp, moves "), "{text}");
    let imp = hexdeep::ui::describe::describe(&world, world.creatures()[1].pos);
    assert!(
        imp.ends_with("(3/3 hp), fast: 4 actions a turn to your 2."),
        "{imp}"
    );
    let at = world.creatures()[2].pos;
    let goblin = hexdeep::ui::describe::describe(&world, at);
    assert!(goblin.ends_with("goblin (8/8 hp)."), "{at:?}: {goblin}");
}

/// A corridor running south-west from the player at (3, 3) through (3, 4) and (3, 5), that
/// turns south-east to a dead end at (4, 6): out of the player's sight from (3, 3) by either
/// line (the line to it meets the wall at (4, 5) and passes no boundary between two tiles).
const DEAD_END: [Cell; 4] = [
    Cell::new(3, 3),
    Cell::new(3, 4),
    Cell::new(3, 5),
    Cell::new(4, 6),
];

/// The dead-end corridor with a kobold at 1 hp on (3, 5), about to choose again.
fn fleeing_kobold() -> World {
    let mut grid = hexdeep::map::Grid::new(
        &hexdeep::map::Shape::Parallelogram {
            width: 8,
            height: 8,
        },
        Terrain::Wall,
    )
    .unwrap();
    for h in DEAD_END {
        grid.set(h, Terrain::Floor);
    }
    let mut level = Level::new("dead end", 1, grid);
    level.start = Some(DEAD_END[0]);
    level.placements.push(hexdeep::map::Placement {
        at: DEAD_END[2],
        kind: hexdeep::map::PlacementKind::Monster("kobold".into()),
    });
    let content: std::sync::Arc<hexdeep::content::Content> =
        hexdeep::content::Content::bundled().unwrap().into();
    let world = World::new(content.clone(), level, 1).unwrap();
    let mut parts = world.to_parts();
    parts.creatures[1].hp = 1;
    parts.plans[1] = None;
    World::from_parts(parts, content).unwrap()
}

/// The telegraph mark the screen shows on `hex`.
fn mark_on(world: &World, hex: Cell) -> Option<Mark> {
    Overlay::build(world, &UiState::default(), Palette { color: false }).mark_at(hex)
}

#[test]
fn a_coward_fleeing_out_of_view_into_a_dead_end_is_marked_where_it_goes_and_struck_there() {
    // Issue 28: a kobold at 1/6 hp showed no mark as it stepped out of the player's sight,
    // and five blows at it missed ("Kobold C steps aside; your blow misses").
    let mut world = fleeing_kobold();
    world.apply(Command::Wait).unwrap();
    let end = DEAD_END[3];
    assert!(world.is_visible(DEAD_END[2]) && !world.is_visible(end));
    assert_eq!(goblin_plan(&world), Intention::Move(end), "it flees");
    assert_eq!(mark_on(&world, end), Some(Mark::Move), "marked out of view");
    // A player who reads only the screen: a blow where a mark next to them says the kobold
    // steps, or at the kobold next to them when it is marked to stay; else on down the
    // corridor. Every blow lands.
    for _ in 0..12 {
        let me = world.player().pos;
        let grid = &world.level().terrain;
        let marked = grid
            .neighbours(me)
            .find(|&h| mark_on(&world, h) == Some(Mark::Move));
        let kobold = world.creatures()[1].pos;
        let beside = world.visible_creature(kobold).is_some() && grid.adjacent(me, kobold);
        let command = match (marked, beside) {
            (Some(h), _) => Command::Attack(grid.direction(me, h).unwrap()),
            (None, true) => Command::Attack(grid.direction(me, kobold).unwrap()),
            (None, false) => {
                let i = DEAD_END.iter().position(|&h| h == me).unwrap();
                Command::Move(grid.direction(me, DEAD_END[i + 1]).unwrap())
            }
        };
        let events = world.apply(command).unwrap();
        let missed = events.iter().any(|e| {
            matches!(
                e,
                hexdeep::sim::Event::Missed {
                    attacker: 0,
                    dodger: Some(_),
                    ..
                }
            )
        });
        assert!(!missed, "{command:?}: {events:?}");
        if !world.creatures()[1].alive {
            return;
        }
    }
    panic!("the kobold still lives at {}", world.creatures()[1].pos);
}
