//! Issue 28: travel and exploring stop at a creature in the way and say which it is, or,
//! when the step bounced off one the player cannot see, say so after that one bump, instead
//! of pushing against it at every step ("You bounce off something" from turn 2000 to 20000).
#![allow(clippy::unwrap_used)]

#[path = "support/corner.rs"]
mod corner;
use corner::{DOWN, HIDDEN, Monster};
use hexdeep::geom::Cell;
use hexdeep::map::{Grid, Level, Placement, PlacementKind, Shape, Terrain};
use hexdeep::sim::{Command, Event, Intention, Planned, World};
use hexdeep::ui::app::Session;
use hexdeep::ui::auto::next_command;
use hexdeep::ui::keymap::Keymap;
use hexdeep::ui::palette::Palette;
use hexdeep::ui::state::Auto;
use hexdeep::ui::update::start_travel;

fn session(world: World) -> Session {
    Session::new(world, Keymap::default_keys(), Palette { color: false })
}

/// Runs the automation under way to its end; returns how often the player's step bounced.
fn run_auto(s: &mut Session) -> usize {
    let mut bounces = 0;
    while let Some(command) = next_command(&mut s.ui, &s.world) {
        let before = s.world.clone();
        s.perform(command);
        let mut replay = before;
        let events = replay.apply(command).unwrap();
        bounces += events
            .iter()
            .filter(|e| matches!(e, Event::Bounced { who: 0, .. }))
            .count();
        assert!(s.record.len() < 100, "the automation never stopped");
    }
    bounces
}

fn last_line(s: &Session) -> String {
    s.ui.log.lines().last().unwrap_or_default()
}

#[test]
fn travel_stops_at_a_creature_in_its_way_and_names_it() {
    // A corridor with a hurt kobold next to the player, about to step on ahead: a coward
    // stops nothing, but the tile it stands on is the next step.
    let mut grid = Grid::new(
        &Shape::Parallelogram {
            width: 14,
            height: 3,
        },
        Terrain::Wall,
    )
    .unwrap();
    for x in 1..=12 {
        grid.set(Cell::new(x, 1), Terrain::Floor);
    }
    let mut level = Level::new("corridor", 1, grid);
    level.start = Some(Cell::new(1, 1));
    level.placements.push(Placement {
        at: Cell::new(2, 1),
        kind: PlacementKind::Monster("kobold".to_string()),
    });
    let content = hexdeep::content::Content::bundled().unwrap().into();
    let world = World::new(std::sync::Arc::clone(&content), level, 1).unwrap();
    let mut parts = world.to_parts();
    parts.creatures[1].hp = 1;
    parts.plans[1] = Some(Planned {
        from: Cell::new(2, 1),
        intention: Intention::Move(Cell::new(3, 1)),
    });
    let mut s = session(World::from_parts(parts, content).unwrap());
    assert!(s.world.threats().is_empty());
    start_travel(&mut s.ui, &s.world, Cell::new(8, 1));
    assert!(
        s.ui.auto.is_some(),
        "{:?}",
        s.ui.log.lines().collect::<Vec<_>>()
    );
    assert_eq!(run_auto(&mut s), 0);
    assert_eq!(last_line(&s), "You stop: a kobold blocks the way.");
    assert!(s.record.is_empty());
}

/// The corner room with a kobold keeping to the tile out of sight through the corner.
fn corner_session() -> Session {
    let kobold = Monster {
        post: true,
        ..Monster::new("kobold", HIDDEN)
    };
    session(corner::world(&[], &[kobold]))
}

#[test]
fn travel_stops_after_one_bump_into_something_unseen_and_says_so() {
    let mut s = corner_session();
    let me = s.world.player().pos;
    let to = Cell::new(8, 7);
    let way = s.world.known_path(me, to).unwrap();
    assert_eq!(way[0], HIDDEN, "the way goes through the corner: {way:?}");
    start_travel(&mut s.ui, &s.world, to);
    assert_eq!(run_auto(&mut s), 1);
    assert_eq!(
        last_line(&s),
        "You stop: something you cannot see blocks the way."
    );
    assert_eq!(s.world.player().pos, me);
}

#[test]
fn exploring_stops_after_one_bump_into_something_unseen() {
    let mut s = corner_session();
    s.ui.auto = Some(Auto::Explore { stairs_known: 0 });
    s.perform(Command::Move(DOWN));
    assert_eq!(s.ui.auto, None);
    assert_eq!(
        last_line(&s),
        "You stop: something you cannot see blocks the way."
    );
}
