//! Whole-game behaviour on small hand-built levels: hunting, fleeing, rejections, doors,
//! telegraphs that tell the truth, and determinism.
#![allow(clippy::unwrap_used)]

use hexdeep::geom::{Cell, Compass};
use hexdeep::map::{Grid, Level, Placement, PlacementKind, Shape, Terrain};
use hexdeep::sim::{Command, Event, Intention, Rejection, World, messages};

fn open_level(width: u32, height: u32, start: Cell, monsters: &[(&str, Cell)]) -> Level {
    let grid = Grid::new(&Shape::Parallelogram { width, height }, Terrain::Floor).unwrap();
    let mut level = Level::new("test", 1, grid);
    level.start = Some(start);
    for &(name, at) in monsters {
        level.placements.push(Placement {
            at,
            kind: PlacementKind::Monster(name.to_string()),
        });
    }
    level
}

fn id_of(world: &World, name: &str) -> usize {
    world
        .creatures()
        .iter()
        .find(|c| c.name == name)
        .unwrap()
        .id
}

#[test]
fn spawns_known_monsters_and_skips_unknown_names() {
    let level = open_level(
        8,
        8,
        Cell::new(0, 0),
        &[("goblin", Cell::new(5, 5)), ("dragon", Cell::new(6, 6))],
    );
    let world = World::new(
        hexdeep::content::Content::bundled().unwrap().into(),
        level,
        1,
    )
    .unwrap();
    let names: Vec<&str> = world.creatures().iter().map(|c| c.name.as_str()).collect();
    assert_eq!(names, ["you", "goblin"]);
}

#[test]
fn a_goblin_hunts_the_player_and_attacks() {
    let level = open_level(10, 3, Cell::new(0, 1), &[("goblin", Cell::new(6, 1))]);
    let mut world = World::new(
        hexdeep::content::Content::bundled().unwrap().into(),
        level,
        7,
    )
    .unwrap();
    let goblin = id_of(&world, "goblin");
    let mut last = world.dist(world.creatures()[goblin].pos, world.player().pos);
    let mut hit = false;
    for _ in 0..12 {
        let events = world.apply(Command::Wait).unwrap();
        let d = world.dist(world.creatures()[goblin].pos, world.player().pos);
        assert!(d <= last, "the goblin never backs off: {last} -> {d}");
        last = d;
        hit |= events
            .iter()
            .any(|e| matches!(*e, Event::Hit { attacker, victim: 0, .. } if attacker == goblin));
        if hit {
            break;
        }
    }
    assert!(hit, "the goblin reached and struck the player");
    assert!(world.player().hp < world.player().max_hp);
}

#[test]
fn a_kobold_flees_when_hurt() {
    let level = open_level(12, 12, Cell::new(3, 3), &[("kobold", Cell::new(4, 3))]);
    let mut world = World::new(
        hexdeep::content::Content::bundled().unwrap().into(),
        level,
        3,
    )
    .unwrap();
    let kobold = id_of(&world, "kobold");
    // Bump to attack: the kobold is visible and hostile, so the move is a blow.
    let events = world.apply(Command::Move(Compass::E)).unwrap();
    assert!(
        events
            .iter()
            .any(|e| matches!(*e, Event::Hit { attacker: 0, victim, .. } if victim == kobold))
    );
    let k = &world.creatures()[kobold];
    assert!(
        k.alive && k.hp * 2 <= k.max_hp,
        "one blow leaves it at half health or less"
    );
    let start = world.dist(k.pos, world.player().pos);
    for _ in 0..3 {
        world.apply(Command::Wait).unwrap();
    }
    let later = world.dist(world.creatures()[kobold].pos, world.player().pos);
    assert!(later > start, "it ran: {start} -> {later}");
}

#[test]
fn a_move_into_a_wall_is_rejected_and_costs_no_time() {
    let mut level = open_level(4, 4, Cell::new(1, 1), &[("goblin", Cell::new(3, 3))]);
    level.terrain.set(Cell::new(2, 1), Terrain::Wall);
    let mut world = World::new(
        hexdeep::content::Content::bundled().unwrap().into(),
        level,
        11,
    )
    .unwrap();
    let (hash, turn, segment) = (world.state_hash(), world.turn(), world.segment());
    assert_eq!(
        world.apply(Command::Move(Compass::E)),
        Err(Rejection::Blocked(Terrain::Wall))
    );
    assert_eq!(
        (world.state_hash(), world.turn(), world.segment()),
        (hash, turn, segment)
    );
    world.apply(Command::Move(Compass::NW)).unwrap();
    assert_eq!(
        world.apply(Command::Move(Compass::NW)),
        Err(Rejection::OffMap)
    );
    assert_ne!(
        world.state_hash(),
        hash,
        "an accepted command changes the world"
    );
}

#[test]
fn doors_open_when_entered() {
    let mut level = open_level(5, 1, Cell::new(0, 0), &[]);
    level.terrain.set(Cell::new(1, 0), Terrain::DoorClosed);
    let mut world = World::new(
        hexdeep::content::Content::bundled().unwrap().into(),
        level,
        1,
    )
    .unwrap();
    assert!(
        !world.is_visible(Cell::new(2, 0)),
        "a closed door hides what lies beyond"
    );
    let events = world.apply(Command::Move(Compass::E)).unwrap();
    assert!(events.contains(&Event::DoorOpened {
        who: 0,
        at: Cell::new(1, 0)
    }));
    assert_eq!(
        world.level().terrain_at(Cell::new(1, 0)),
        Some(Terrain::DoorOpen)
    );
    assert!(world.is_visible(Cell::new(2, 0)) && world.is_seen(Cell::new(0, 0)));
}

#[test]
fn the_dead_player_ends_the_game() {
    let level = open_level(
        6,
        6,
        Cell::new(0, 0),
        &[("ogre", Cell::new(1, 0)), ("goblin", Cell::new(0, 1))],
    );
    let mut world = World::new(
        hexdeep::content::Content::bundled().unwrap().into(),
        level,
        5,
    )
    .unwrap();
    for _ in 0..40 {
        if world.is_over() {
            break;
        }
        world.apply(Command::Wait).unwrap();
    }
    assert!(world.is_over() && !world.player().alive);
    assert_eq!(world.apply(Command::Wait), Err(Rejection::Over));
}

/// Checks that every monster's plan marked `acts_next` is exactly what it did in the first
/// segment of the next command; a monster with several (a feint's tiles) did one of them.
fn telegraph_told_the_truth(plans: &[hexdeep::sim::Plan], events: &[Event]) {
    let first: Vec<&Event> = events
        .iter()
        .skip(1)
        .take_while(|e| !matches!(e, Event::Segment { .. }))
        .collect();
    let now: Vec<&hexdeep::sim::Plan> = plans.iter().filter(|p| p.acts_next).collect();
    for plan in &now {
        let others = now.iter().filter(|p| p.who == plan.who);
        let done = others.clone().any(|p| carried_out(p, &first));
        assert!(
            done,
            "none of {:?} carried out in {first:?}",
            others.collect::<Vec<_>>()
        );
    }
}

/// Whether `plan` is what its monster did among the events `first`.
fn carried_out(plan: &hexdeep::sim::Plan, first: &[&Event]) -> bool {
    let who = plan.who;
    match plan.intention {
        Intention::Stay => !first.iter().any(|e| match **e {
            Event::Moved { who: w, .. } | Event::Bounced { who: w, .. } => w == who,
            Event::Hit { attacker, .. } | Event::Missed { attacker, .. } => attacker == who,
            _ => false,
        }),
        Intention::Move(t) => first.iter().any(|e| {
            matches!(**e, Event::Moved { who: w, to, .. } if w == who && to == t)
                || matches!(**e, Event::Bounced { who: w, toward, .. } if w == who && toward == t)
        }),
        Intention::Attack(t) => first.iter().any(|e| {
            matches!(**e, Event::Hit { attacker, at, .. } if attacker == who && at == t)
                || matches!(**e, Event::Missed { attacker, at, .. } if attacker == who && at == t)
        }),
        // A shot meets the first creature on its line, wherever that stands.
        Intention::Throw(t) => first
            .iter()
            .any(|e| matches!(**e, Event::Threw { who: w, toward, .. } if w == who && toward == t)),
    }
}

fn crowd() -> Level {
    let monsters = [
        ("goblin", Cell::new(5, 2)),
        ("jackal", Cell::new(6, 6)),
        ("jackal", Cell::new(7, 6)),
        ("jackal", Cell::new(6, 7)),
        ("imp", Cell::new(1, 6)),
        ("kobold", Cell::new(7, 1)),
        ("ogre", Cell::new(8, 8)),
        ("goblin spearman", Cell::new(1, 1)),
        ("goblin slinger", Cell::new(8, 3)),
    ];
    open_level(10, 10, Cell::new(3, 3), &monsters)
}

const SCRIPT: [Command; 8] = [
    Command::Wait,
    Command::Move(Compass::E),
    Command::Move(Compass::SE),
    Command::Wait,
    Command::Attack(Compass::W),
    Command::Move(Compass::NW),
    Command::Wait,
    Command::Move(Compass::SW),
];

#[test]
fn the_telegraph_shows_what_happens() {
    let mut world = World::new(
        hexdeep::content::Content::bundled().unwrap().into(),
        crowd(),
        21,
    )
    .unwrap();
    let mut checked = 0;
    for command in SCRIPT.iter().cycle().take(24) {
        let plans = world.planned();
        checked += plans
            .iter()
            .filter(|p| p.acts_next && p.intention != Intention::Stay)
            .count();
        let Ok(events) = world.apply(*command) else {
            break;
        };
        telegraph_told_the_truth(&plans, &events);
    }
    assert!(checked > 5, "the crowd acted ({checked} plans checked)");
}

#[test]
fn same_seed_and_commands_give_the_same_world() {
    let run = |seed: u64, script: &[Command]| {
        let mut world = World::new(
            hexdeep::content::Content::bundled().unwrap().into(),
            crowd(),
            seed,
        )
        .unwrap();
        let mut hashes = Vec::new();
        for &c in script {
            let _ = world.apply(c);
            hashes.push(world.state_hash());
        }
        hashes
    };
    let a = run(9, &SCRIPT);
    assert_eq!(a, run(9, &SCRIPT));
    assert_ne!(
        a,
        run(10, &SCRIPT),
        "the seed matters (wandering, initiative)"
    );
    let mut other = SCRIPT;
    other[0] = Command::Move(Compass::W);
    assert_ne!(a, run(9, &other));
}

#[test]
fn a_world_survives_being_taken_apart_and_put_together() {
    let mut world = World::new(
        hexdeep::content::Content::bundled().unwrap().into(),
        crowd(),
        4,
    )
    .unwrap();
    world.apply(Command::Wait).unwrap();
    let mut back = World::from_parts(world.to_parts(), world.content_handle()).unwrap();
    assert_eq!(back.state_hash(), world.state_hash());
    for &c in &SCRIPT {
        assert_eq!(back.apply(c), world.apply(c));
    }
    assert_eq!(back.state_hash(), world.state_hash());
}

#[test]
fn messages_tell_simultaneous_blows_together() {
    let level = open_level(6, 6, Cell::new(2, 2), &[("goblin", Cell::new(3, 2))]);
    let mut world = World::new(
        hexdeep::content::Content::bundled().unwrap().into(),
        level,
        2,
    )
    .unwrap();
    let events = world.apply(Command::Move(Compass::E)).unwrap();
    let lines = messages(&events, &world);
    assert!(
        lines.contains(&"you and the goblin strike each other".to_string()),
        "{lines:?}"
    );
}

#[test]
fn messages_tell_a_dodge() {
    let level = open_level(6, 6, Cell::new(0, 0), &[]);
    let mut world = World::new(
        hexdeep::content::Content::bundled().unwrap().into(),
        level,
        2,
    )
    .unwrap();
    let events = vec![
        Event::Segment {
            turn: 0,
            segment: 2,
        },
        Event::Missed {
            attacker: 0,
            at: Cell::new(1, 0),
            dodger: None,
        },
    ];
    assert_eq!(messages(&events, &world), ["you strike empty air"]);
    world.apply(Command::Wait).unwrap();
}

#[test]
fn a_thrown_dart_hits_the_first_creature_on_the_line() {
    let level = open_level(10, 3, Cell::new(0, 1), &[("ogre", Cell::new(5, 1))]);
    let mut world = World::new(
        hexdeep::content::Content::bundled().unwrap().into(),
        level,
        8,
    )
    .unwrap();
    let ogre = id_of(&world, "ogre");
    let darts = world.player().count_of("dart");
    assert!(darts > 0, "the player starts with darts");
    let before = world.creatures()[ogre].hp;
    let events = world
        .apply(Command::Throw {
            item: 'a',
            at: Cell::new(6, 1),
        })
        .unwrap();
    assert!(
        events
            .iter()
            .any(|e| matches!(*e, Event::Hit { attacker: 0, victim, .. } if victim == ogre))
    );
    assert!(world.creatures()[ogre].hp < before);
    assert_eq!(world.player().count_of("dart"), darts - 1);
    assert_eq!(
        world.apply(Command::Throw {
            item: 'a',
            at: Cell::new(9, 2)
        }),
        Err(Rejection::OutOfRange { range: 6 })
    );
    assert_eq!(
        world.apply(Command::Throw {
            item: 'a',
            at: world.player().pos
        }),
        Err(Rejection::OutOfRange { range: 6 })
    );
}

#[test]
fn a_dart_stops_at_a_wall_and_runs_out() {
    let mut level = open_level(8, 1, Cell::new(0, 0), &[("goblin", Cell::new(4, 0))]);
    level.terrain.set(Cell::new(2, 0), Terrain::Wall);
    let mut world = World::new(
        hexdeep::content::Content::bundled().unwrap().into(),
        level,
        8,
    )
    .unwrap();
    let goblin = id_of(&world, "goblin");
    let mut thrown = 0;
    while world.player().count_of("dart") > 0 {
        let events = world
            .apply(Command::Throw {
                item: 'a',
                at: Cell::new(4, 0),
            })
            .unwrap();
        assert!(
            !events
                .iter()
                .any(|e| matches!(*e, Event::Hit { victim, .. } if victim == goblin))
        );
        thrown += 1;
    }
    assert!(thrown > 0);
    assert_eq!(
        world.apply(Command::Throw {
            item: 'a',
            at: Cell::new(4, 0)
        }),
        Err(Rejection::NoItem('a'))
    );
}

#[test]
fn a_potion_heals_up_to_the_maximum() {
    let level = open_level(6, 6, Cell::new(0, 0), &[("goblin", Cell::new(1, 0))]);
    let mut world = World::new(
        hexdeep::content::Content::bundled().unwrap().into(),
        level,
        6,
    )
    .unwrap();
    for _ in 0..10 {
        if world.player().hp < world.player().max_hp {
            break;
        }
        world.apply(Command::Wait).unwrap();
    }
    let hurt = world.player().hp;
    let potions = world.player().count_of("potion of healing");
    let events = world.apply(Command::Drink('b')).unwrap();
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::Drank { who: 0, .. }))
    );
    let blows: i32 = events
        .iter()
        .filter_map(|e| match *e {
            Event::Hit {
                victim: 0, damage, ..
            } => Some(damage),
            _ => None,
        })
        .sum();
    let healed = world.player().hp - hurt + blows;
    assert!(healed > 0, "the potion healed");
    assert!(world.player().hp <= world.player().max_hp);
    assert_eq!(world.player().count_of("potion of healing"), potions - 1);
}
