use super::*;
use crate::geom::Cell;
use crate::map::{Grid, Shape, Terrain};

fn content() -> Arc<Content> {
    Arc::new(Content::bundled().unwrap())
}

fn room() -> Level {
    let shape = Shape::Parallelogram {
        width: 8,
        height: 3,
    };
    Level::new("stage", 1, Grid::new(&shape, Terrain::Floor).unwrap())
}

/// A plain creature of faction `faction` on `at`, acting in every segment of a turn of
/// `segments`, with `initiative`.
fn unit(content: &Content, id: CreatureId, at: Cell, faction: u16, segments: u32) -> Creature {
    let mut c = Creature::player(content, at);
    c.id = id;
    c.faction = Faction(faction);
    c.speed = segments;
    c.initiative = 7 + id as i64;
    c
}

/// A staged world of two hostile creatures side by side, run by `stage`; the first strikes
/// the second in every segment it acts in.
fn duel(stage: Stage) -> World {
    let content = content();
    let segments = stage.segments;
    let (a, b) = (Cell::new(2, 1), Cell::new(3, 1));
    let creatures = vec![
        unit(&content, 0, a, 0, segments),
        unit(&content, 1, b, 1, segments),
    ];
    let mut stage = stage;
    stage.script(0, vec![(Intention::Attack(b), a); segments as usize]);
    stage.script(1, Vec::new());
    World::staged(content, room(), creatures, stage).unwrap()
}

#[test]
fn a_turn_has_the_stages_segments() {
    let mut world = duel(Stage::scenario(3, Faction::PLAYER));
    for _ in 0..2 {
        world.run_staged_segment();
    }
    assert_eq!((world.turn(), world.segment()), (0, 3));
    world.run_staged_segment();
    assert_eq!((world.turn(), world.segment()), (1, 1));
}

#[test]
fn a_level_with_no_hero_runs_on_a_stage_that_runs_every_level() {
    let mut world = duel(Stage::scenario(2, Faction::PLAYER));
    let hp = world.creatures()[1].hp;
    let events = world.run_staged_segment();
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::Hit { victim: 1, .. })),
        "{events:?}"
    );
    assert!(world.creatures()[1].hp < hp);
    // The game runs only the levels with a hero on them: nothing happens.
    let mut stage = Stage::scenario(2, Faction::PLAYER);
    stage.every_level = false;
    let mut world = duel(stage);
    let events = world.run_staged_segment();
    assert!(!events.iter().any(|e| matches!(e, Event::Hit { .. })));
    assert_eq!(world.creatures()[1].hp, hp);
}

#[test]
fn the_initiative_given_is_kept_over_turns() {
    let mut world = duel(Stage::scenario(1, Faction::PLAYER));
    for _ in 0..3 {
        world.run_staged_segment();
    }
    let kept: Vec<i64> = world.creatures().iter().map(|c| c.initiative).collect();
    assert_eq!(kept, [7, 8]);
    // Without the rule, each turn rolls it.
    let mut stage = Stage::scenario(1, Faction::PLAYER);
    stage.initiative = Initiative::Rolled;
    let mut world = duel(stage);
    world.run_staged_segment();
    let rolled: Vec<i64> = world.creatures().iter().map(|c| c.initiative).collect();
    assert_ne!(rolled, [7, 8]);
}

#[test]
fn a_script_is_spent_one_intention_in_each_segment_its_creature_acts_in() {
    // Speed 1 in a turn of 2: the creature acts in the second segment of each turn only.
    let content = content();
    let mut c = unit(&content, 0, Cell::new(0, 1), 0, 2);
    c.speed = 1;
    let mut stage = Stage::scenario(2, Faction::PLAYER);
    let steps = vec![
        (Intention::Move(Cell::new(1, 1)), Cell::new(0, 1)),
        (Intention::Move(Cell::new(2, 1)), Cell::new(1, 1)),
    ];
    stage.script(0, steps);
    let mut world = World::staged(content, room(), vec![c], stage).unwrap();
    let mut places = Vec::new();
    for _ in 0..6 {
        world.run_staged_segment();
        places.push(world.creatures()[0].pos.x);
    }
    assert_eq!(places, [0, 1, 1, 2, 2, 2]);
}

#[test]
fn a_world_without_regeneration_heals_no_hero() {
    let mut level = room();
    level.start = Some(Cell::new(0, 1));
    let every = u64::from(content().player().regen_every.max(1));
    let healed = |regeneration: bool| {
        let mut world = World::new(content(), level.clone(), 1).unwrap();
        world.stage.regeneration = regeneration;
        world.creatures[World::PLAYER].hp = 2;
        while world.turn() < every {
            world.apply(crate::sim::Command::Wait).unwrap();
        }
        world.player().hp
    };
    assert_eq!(healed(true), 3);
    assert_eq!(healed(false), 2);
}

#[test]
fn the_monsters_hunt_the_first_living_creature_of_the_prey_faction() {
    // A rat between two creatures of the prey's faction steps toward the first one listed,
    // though the other is as near; once the first has fallen, toward the other.
    let content = content();
    let rat = content.monster("rat").unwrap().clone();
    let hunt = |first_alive: bool| {
        let mut first = unit(&content, 0, Cell::new(0, 1), 0, 2);
        first.alive = first_alive;
        let second = unit(&content, 1, Cell::new(6, 1), 0, 2);
        let monster = Creature::monster(2, &rat, Cell::new(3, 1));
        let mut stage = Stage::scenario(2, Faction::PLAYER);
        stage.script(0, Vec::new());
        stage.script(1, Vec::new());
        let creatures = vec![first, second, monster];
        let world = World::staged(Arc::clone(&content), room(), creatures, stage).unwrap();
        world.plans[2].unwrap().intention
    };
    let toward = |i: Intention| i.target().map(|t| t.x);
    assert_eq!(toward(hunt(true)), Some(2));
    assert_eq!(toward(hunt(false)), Some(4));
}

#[test]
fn a_games_world_runs_by_the_games_rules() {
    let stage = Stage::default();
    assert_eq!(stage.segments, SEGMENTS);
    assert_eq!(stage.initiative, Initiative::Rolled);
    assert!(stage.regeneration && stage.views_and_story);
    assert!(!stage.every_level && stage.prey.is_none());
}
