//! Travel and auto-explore driven the way the game loop drives them: one recorded step at a
//! time through `auto::next_command`, stopping when a monster comes into view.
#![allow(clippy::unwrap_used)]

use hexdeep::geom::Cell;
use hexdeep::map::{Grid, Level, Placement, PlacementKind, Shape, Terrain};
use hexdeep::path::{UNREACHED, dijkstra_map_in, terrain_cost};
use hexdeep::sim::{Command, World};
use hexdeep::ui::app::Session;
use hexdeep::ui::auto::next_command;
use hexdeep::ui::keymap::Keymap;
use hexdeep::ui::palette::Palette;
use hexdeep::ui::state::Auto;
use hexdeep::ui::update::start_travel;

fn session(level: Level, seed: u64) -> Session {
    Session::new(
        World::new(
            hexdeep::content::Content::bundled().unwrap().into(),
            level,
            seed,
        )
        .unwrap(),
        Keymap::default_keys(),
        Palette { color: false },
    )
}

/// Runs the automation under way to its end; returns the steps taken.
fn run_auto(s: &mut Session, limit: usize) -> usize {
    let mut steps = 0;
    while let Some(command) = next_command(&mut s.ui, &s.world) {
        s.perform(command);
        steps += 1;
        assert!(steps < limit, "automation never stopped");
    }
    steps
}

/// An L-shaped corridor: east along row 1, then south at the far end.
fn corner_level() -> Level {
    let mut grid = Grid::new(
        &Shape::Parallelogram {
            width: 30,
            height: 12,
        },
        Terrain::Wall,
    )
    .unwrap();
    for x in 1..20 {
        grid.set(Cell::new(x, 1), Terrain::Floor);
    }
    for y in 1..10 {
        grid.set(Cell::new(20, y), Terrain::Floor);
        grid.set(Cell::new(21, y), Terrain::Floor);
    }
    let mut level = Level::new("corner", 1, grid);
    level.start = Some(Cell::new(1, 1));
    level
}

#[test]
fn travel_walks_to_a_known_tile_and_records_single_steps() {
    let mut s = session(corner_level(), 1);
    start_travel(&mut s.ui, &s.world, Cell::new(9, 1));
    let steps = run_auto(&mut s, 100);
    assert_eq!(s.world.player().pos, Cell::new(9, 1));
    assert_eq!(steps, 8);
    assert_eq!(s.record.len(), 8);
    assert!(s.record.iter().all(|c| matches!(c, Command::Move(_))));
}

/// A straight corridor from (1, 1) to a dead end at (22, 1), where a goblin waits: it can
/// only come west, towards the player.
fn corridor_with_goblin() -> Level {
    let mut grid = Grid::new(
        &Shape::Parallelogram {
            width: 24,
            height: 3,
        },
        Terrain::Wall,
    )
    .unwrap();
    for x in 1..=22 {
        grid.set(Cell::new(x, 1), Terrain::Floor);
    }
    let mut level = Level::new("corridor", 1, grid);
    level.start = Some(Cell::new(1, 1));
    level.placements.push(Placement {
        at: Cell::new(22, 1),
        kind: PlacementKind::Monster("goblin".to_string()),
    });
    level
}

#[test]
fn travel_stops_when_a_monster_comes_into_view() {
    let mut s = session(corridor_with_goblin(), 1);
    let sight = s.world.player_sight() as i32;
    let mut destination = s.world.player().pos;
    // Travel in legs to the farthest known tile, as a player would, until something stops it.
    for _ in 0..5 {
        destination = Cell::new((s.world.player().pos.x + sight).min(20), 1);
        start_travel(&mut s.ui, &s.world, destination);
        run_auto(&mut s, 100);
        if s.world.player().pos != destination {
            break;
        }
    }
    assert_ne!(s.world.player().pos, destination, "travel stopped early");
    let goblin = s
        .world
        .creatures()
        .iter()
        .find(|c| c.name == "goblin")
        .unwrap();
    assert!(
        s.world.is_visible(goblin.pos),
        "it stopped because the goblin came into view"
    );
    let last = s.ui.log.lines().last().unwrap();
    assert_eq!(last, "You stop: a goblin comes toward you.");
    assert_eq!(s.ui.auto, None);
    // With the goblin in view, neither exploring nor travelling starts.
    hexdeep::ui::update::update(&mut s.ui, &s.world, hexdeep::ui::keymap::Intent::Explore);
    assert_eq!(s.ui.auto, None);
    let last = s.ui.log.lines().last().unwrap();
    assert_eq!(last, "You cannot explore with a goblin in view.");
    start_travel(&mut s.ui, &s.world, Cell::new(1, 1));
    assert_eq!(s.ui.auto, None);
}

#[test]
fn travel_refuses_unknown_places() {
    let mut s = session(corner_level(), 1);
    start_travel(&mut s.ui, &s.world, Cell::new(21, 9));
    assert_eq!(s.ui.auto, None);
    assert!(s.ui.log.lines().last().unwrap().contains("know no way"));
}

/// Every tile the start can reach by walking.
fn reachable(level: &Level, from: Cell) -> Vec<Cell> {
    let grid = &level.terrain;
    let dist = dijkstra_map_in(
        level,
        terrain_cost(level),
        &[grid.index(from).unwrap()],
        UNREACHED - 1,
    );
    grid.indices()
        .filter(|&i| dist[i] != UNREACHED)
        .map(|i| grid.cell(i))
        .collect()
}

/// Explores until the game says so, resuming after stops for stairs.
fn explore_fully(s: &mut Session) {
    for _ in 0..20 {
        s.ui.auto = Some(Auto::Explore {
            stairs_known: s.world.seen_stairs_down().len(),
        });
        run_auto(s, 5_000);
        if s.ui.log.lines().last().unwrap().starts_with("Explored") {
            return;
        }
    }
    panic!("exploring never finished");
}

fn assert_explored(level: Level) {
    let start = level.start_or_default().unwrap();
    let tiles = reachable(&level, start);
    let mut s = session(level, 5);
    explore_fully(&mut s);
    for hex in tiles {
        assert!(s.world.is_seen(hex), "{hex} was never seen");
    }
}

#[test]
fn auto_explore_sees_every_reachable_tile_of_a_bundled_map() {
    let mut loaded =
        hexdeep::mapfile::load_map(std::path::Path::new("data/maps/fortress.hexmap")).unwrap();
    loaded.level.placements.clear();
    assert_explored(loaded.level);
}

#[test]
fn auto_explore_sees_every_reachable_tile_of_generated_levels() {
    for seed in [1, 2, 3] {
        let mut level = hexdeep::mapgen::generate(
            &hexdeep::content::Content::bundled().unwrap(),
            seed,
            1,
            60,
            30,
        );
        level.placements.clear();
        assert_explored(level);
    }
}

#[test]
fn auto_explore_gathers_the_items_it_finds() {
    let mut level =
        hexdeep::mapgen::generate(&hexdeep::content::Content::bundled().unwrap(), 4, 1, 60, 30);
    level
        .placements
        .retain(|p| matches!(p.kind, PlacementKind::Item(_)));
    assert!(!level.placements.is_empty(), "the level has items to find");
    let mut s = session(level, 5);
    let carried =
        |s: &Session| -> u32 { s.world.player().inventory.iter().map(|st| st.count).sum() };
    let before = carried(&s);
    let on_floor = s.world.floor_items().len();
    explore_fully(&mut s);
    assert!(s.world.floor_items().is_empty(), "every item was picked up");
    assert_eq!((carried(&s) - before) as usize, on_floor);
}

#[test]
fn travel_stops_when_an_item_comes_into_view() {
    let mut level = corner_level();
    level.placements.push(Placement {
        at: Cell::new(21, 8),
        kind: PlacementKind::Item("potion of healing".to_string()),
    });
    let mut s = session(level, 1);
    let mut stopped = false;
    for _ in 0..6 {
        let target = Cell::new((s.world.player().pos.x + 7).min(19), 1);
        if target == s.world.player().pos {
            // Round the corner, down the known part of the shaft.
            let down = (2..10)
                .rev()
                .map(|y| Cell::new(20, y))
                .find(|&h| s.world.is_seen(h))
                .unwrap();
            start_travel(&mut s.ui, &s.world, down);
        } else {
            start_travel(&mut s.ui, &s.world, target);
        }
        run_auto(&mut s, 100);
        if s.ui.log.lines().last().unwrap() == "You stop: you see a potion of healing on the floor."
        {
            stopped = true;
            break;
        }
    }
    assert!(stopped, "{:?}", s.ui.log.lines().collect::<Vec<_>>());
    assert!(s.world.is_seen(Cell::new(21, 8)));
}

/// Explores once from the start: the steps taken and every message.
fn explore_once(s: &mut Session) -> (usize, Vec<String>) {
    hexdeep::ui::update::update(&mut s.ui, &s.world, hexdeep::ui::keymap::Intent::Explore);
    let steps = run_auto(s, 1_000);
    (steps, s.ui.log.lines().collect())
}

#[test]
fn exploring_opens_doors_and_picks_up_items_on_the_way_without_stopping() {
    let mut grid = Grid::new(
        &Shape::Parallelogram {
            width: 17,
            height: 3,
        },
        Terrain::Wall,
    )
    .unwrap();
    for x in 1..=15 {
        grid.set(Cell::new(x, 1), Terrain::Floor);
    }
    grid.set(Cell::new(6, 1), Terrain::DoorClosed);
    grid.set(Cell::new(12, 1), Terrain::DoorClosed);
    let mut level = Level::new("doors", 1, grid);
    level.start = Some(Cell::new(1, 1));
    for x in [4, 10] {
        level.placements.push(Placement {
            at: Cell::new(x, 1),
            kind: PlacementKind::Item("dart".to_string()),
        });
    }
    let mut s = session(level, 1);
    let darts = s.world.player().count_of("dart");
    let (steps, log) = explore_once(&mut s);
    // Through both doors in one run (the far end is seen from the second door).
    assert!(
        steps >= 11 && s.world.player().pos.x >= 12,
        "{steps} steps: {log:?}"
    );
    assert_eq!(
        log.last().unwrap(),
        "Explored: there is nothing more to find here."
    );
    assert!(!log.iter().any(|l| l.starts_with("You stop")), "{log:?}");
    assert_eq!(s.world.player().count_of("dart"), darts + 2);
    for x in [6, 12] {
        let door = s.world.level().terrain_at(Cell::new(x, 1));
        assert_eq!(door, Some(Terrain::DoorOpen));
    }
}

#[test]
fn exploring_stops_for_a_monster_coming_and_names_it() {
    let mut s = session(corridor_with_goblin(), 1);
    let (_, log) = explore_once(&mut s);
    let last = log.last().unwrap();
    assert!(
        last == "You stop: a goblin comes toward you."
            || last == "You stop: a goblin comes into view.",
        "{log:?}"
    );
    assert_eq!(s.ui.auto, None);
}

/// A corridor along row 1 (x 1 to 10) beside a lake of deep water, across which a rat sits
/// walled in, 7 or more tiles from every corridor tile: the player sees it from the west end
/// (sight 8), it never sees the player (sight 6) and can go nowhere.
fn corridor_across_a_lake_from_a_rat() -> Level {
    let mut grid = Grid::new(
        &Shape::Parallelogram {
            width: 14,
            height: 10,
        },
        Terrain::Wall,
    )
    .unwrap();
    for x in 1..=10 {
        grid.set(Cell::new(x, 1), Terrain::Floor);
        for y in 2..=7 {
            grid.set(Cell::new(x, y), Terrain::DeepWater);
        }
    }
    grid.set(Cell::new(5, 8), Terrain::Floor);
    let mut level = Level::new("lake", 1, grid);
    level.start = Some(Cell::new(1, 1));
    level.placements.push(Placement {
        at: Cell::new(5, 8),
        kind: PlacementKind::Monster("rat".to_string()),
    });
    level
}

#[test]
fn a_far_monster_that_has_not_noticed_you_stops_neither_exploring_nor_rest() {
    let mut s = session(corridor_across_a_lake_from_a_rat(), 1);
    let rat = s.world.visible_monsters()[0].id;
    assert_eq!(
        s.world.visible_monsters()[0].name,
        "rat",
        "the rat is in view"
    );
    assert!(s.world.threats().is_empty());
    let (_, log) = explore_once(&mut s);
    assert_eq!(
        log.last().unwrap(),
        "Explored: there is nothing more to find here.",
        "{log:?}"
    );
    assert!(s.world.creatures()[rat].alive);

    // Back where the rat is in view, hurt: resting goes on until healed.
    start_travel(&mut s.ui, &s.world, Cell::new(1, 1));
    run_auto(&mut s, 100);
    let mut parts = s.world.to_parts();
    parts.creatures[0].hp = parts.creatures[0].max_hp - 3;
    s.world = World::from_parts(parts, s.world.content_handle()).unwrap();
    assert!(s.world.is_visible(s.world.creatures()[rat].pos));
    hexdeep::ui::update::update(&mut s.ui, &s.world, hexdeep::ui::keymap::Intent::Rest);
    run_auto(&mut s, 1_000);
    assert_eq!(s.ui.log.lines().last().unwrap(), "You are rested.");
    assert_eq!(s.world.player().hp, s.world.player().max_hp);
}

#[test]
fn rest_stops_for_a_monster_coming_and_names_it() {
    let mut s = session(corridor_with_goblin(), 1);
    let mut parts = s.world.to_parts();
    parts.creatures[0].hp = 2;
    parts.creatures[0].pos = Cell::new(12, 1);
    s.world = World::from_parts(parts, s.world.content_handle()).unwrap();
    s.ui.auto = Some(Auto::Rest);
    run_auto(&mut s, 1_000);
    let last = s.ui.log.lines().last().unwrap();
    assert!(last.starts_with("You stop resting: a goblin "), "{last}");
    assert!(s.world.player().hp < s.world.player().max_hp);
}

#[test]
fn a_monster_fleeing_out_of_reach_does_not_stop_exploring() {
    // A long corridor; a hurt kobold (a coward) four tiles east of the player runs ahead.
    let mut grid = Grid::new(
        &Shape::Parallelogram {
            width: 60,
            height: 3,
        },
        Terrain::Wall,
    )
    .unwrap();
    for x in 1..=58 {
        grid.set(Cell::new(x, 1), Terrain::Floor);
    }
    let mut level = Level::new("corridor", 1, grid);
    level.start = Some(Cell::new(1, 1));
    level.placements.push(Placement {
        at: Cell::new(5, 1),
        kind: PlacementKind::Monster("kobold".to_string()),
    });
    let mut s = session(level, 1);
    let mut parts = s.world.to_parts();
    let kobold = parts
        .creatures
        .iter()
        .position(|c| c.name == "kobold")
        .unwrap();
    parts.creatures[kobold].hp = 1;
    s.world = World::from_parts(parts, s.world.content_handle()).unwrap();
    // A moment for it to notice it is hurt and plan its flight.
    s.perform(Command::Wait);
    assert!(s.world.is_visible(s.world.creatures()[kobold].pos));
    hexdeep::ui::update::update(&mut s.ui, &s.world, hexdeep::ui::keymap::Intent::Explore);
    let mut in_view = 0;
    while let Some(command) = next_command(&mut s.ui, &s.world) {
        s.perform(command);
        if s.world.is_visible(s.world.creatures()[kobold].pos) {
            in_view += 1;
        }
        assert!(s.record.len() < 1_000, "exploring never stopped");
    }
    let log: Vec<String> = s.ui.log.lines().collect();
    // It flees in view, step after step, and exploring goes on to the end of the corridor
    // (seen before the kobold is cornered there).
    assert!(
        in_view >= 20,
        "{in_view} steps with the kobold in view: {log:?}"
    );
    assert_eq!(log, ["Explored: there is nothing more to find here."]);
    assert!(s.world.creatures()[kobold].alive);
}

#[test]
fn a_shooter_that_aims_at_you_stops_rest_and_says_so() {
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
    let mut level = Level::new("range", 1, grid);
    level.start = Some(Cell::new(1, 1));
    level.placements.push(Placement {
        at: Cell::new(7, 1),
        kind: PlacementKind::Monster("goblin slinger".to_string()),
    });
    let mut s = session(level, 1);
    let mut parts = s.world.to_parts();
    parts.creatures[0].hp = 3;
    s.world = World::from_parts(parts, s.world.content_handle()).unwrap();
    s.perform(Command::Wait);
    let threats: Vec<(String, hexdeep::sim::Threat)> = s
        .world
        .threats()
        .iter()
        .map(|(c, why)| (c.name.clone(), *why))
        .collect();
    assert_eq!(
        threats,
        [("goblin slinger".to_string(), hexdeep::sim::Threat::Aims)]
    );
    s.ui.auto = Some(Auto::Rest);
    assert_eq!(next_command(&mut s.ui, &s.world), None);
    assert_eq!(
        s.ui.log.lines().last().unwrap(),
        "You stop resting: a goblin slinger takes aim at you."
    );
}

#[test]
fn travel_opens_a_door_on_a_side_and_walks_on_through_it() {
    let mut level = corner_level();
    let (a, b) = (Cell::new(5, 1), Cell::new(6, 1));
    let side = level.side_of(a, b).unwrap();
    level.set_side(side, hexdeep::map::SideFeature::DoorClosed);
    level.start = Some(a);
    let mut s = session(level, 1);
    // A way through the closed door (as travel plans it through a door seen closed).
    s.ui.auto = Some(Auto::Travel {
        path: vec![b, Cell::new(7, 1), Cell::new(8, 1)],
        items_known: s.world.known_items(),
    });
    let steps = run_auto(&mut s, 100);
    assert_eq!(
        s.world.player().pos,
        Cell::new(8, 1),
        "the door did not end the trip"
    );
    assert_eq!(steps, 4, "one step opens the door, three walk");
    assert_eq!(
        s.world.level().side_at(side),
        hexdeep::map::SideFeature::DoorOpen
    );
}

#[test]
fn explore_opens_doors_on_sides_without_stopping() {
    let mut level = corner_level();
    let side = level.side_of(Cell::new(5, 1), Cell::new(6, 1)).unwrap();
    level.set_side(side, hexdeep::map::SideFeature::DoorClosed);
    let mut s = session(level, 1);
    s.ui.auto = Some(Auto::Explore { stairs_known: 0 });
    run_auto(&mut s, 500);
    assert!(s.world.is_seen(Cell::new(21, 9)), "explored past the door");
    assert_eq!(
        s.world.level().side_at(side),
        hexdeep::map::SideFeature::DoorOpen
    );
}
