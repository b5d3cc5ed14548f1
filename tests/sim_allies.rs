//! Allies (issue 31): a hero tames a monster with a scroll of taming; untold, the ally's own
//! mind keeps it near its hero and fights the monsters near the hero; told by its hero's
//! player (follow, stay, guard, attack that), it obeys; a player who does not control its
//! hero cannot direct it; monsters fight it; it comes down the stairs with its hero; a save
//! keeps it.
#![allow(clippy::unwrap_used)]

#[path = "support/room.rs"]
mod room;
use hexdeep::content::Content;
use hexdeep::geom::Cell;
use hexdeep::map::{Grid, Level, Placement, PlacementKind, Shape, Terrain};
use hexdeep::persist::{self, SavedGame};
use hexdeep::sim::ally::{Task, Tell};
use hexdeep::sim::control::{Control, DirectiveError, PlayerId, Refusal};
use hexdeep::sim::{
    Command, Event, Faction, GameRecord, Given, Origin, Rejection, World, messages,
};

/// The letter of the hero's scroll of taming.
fn scroll(world: &World, hero: usize) -> char {
    let me = &world.creatures()[hero];
    me.inventory
        .iter()
        .find(|s| s.item == "scroll of taming")
        .unwrap()
        .letter
}

/// The room with a rat three tiles east of the player, tamed at once.
fn with_ally() -> (World, usize) {
    let mut world = room::world(&[("rat", Cell::new(4, 2))]);
    let letter = scroll(&world, 0);
    let events = world.apply(Command::Read(letter)).unwrap();
    let rat = world
        .creatures()
        .iter()
        .position(|c| c.name == "rat")
        .unwrap();
    assert!(events.contains(&Event::Tamed {
        who: 0,
        ally: Some(rat)
    }));
    (world, rat)
}

/// A long hall: 30 by 3 tiles, the player at its west end, `monsters` placed.
fn hall(monsters: &[(&str, Cell)]) -> World {
    let grid = Grid::new(
        &Shape::Parallelogram {
            width: 30,
            height: 3,
        },
        Terrain::Floor,
    )
    .unwrap();
    let mut level = Level::new("hall", 1, grid);
    level.start = Some(Cell::new(2, 1));
    for (name, at) in monsters {
        level.placements.push(Placement {
            at: *at,
            kind: PlacementKind::Monster((*name).to_string()),
        });
    }
    World::new(Content::bundled().unwrap().into(), level, 9).unwrap()
}

/// Steps the player east `n` times (waiting where the way is taken).
fn walk_east(world: &mut World, n: usize) {
    for _ in 0..n {
        let east = hexdeep::geom::Compass::E;
        if world.apply(Command::Move(east)).is_err() {
            world.apply(Command::Wait).unwrap();
        }
    }
}

#[test]
fn a_scroll_of_taming_makes_the_nearest_monster_in_view_an_ally() {
    let (world, rat) = with_ally();
    let c = &world.creatures()[rat];
    assert_eq!(c.faction, Faction::PLAYER);
    assert_eq!(
        world.ally(rat).map(|a| (a.leader, a.task)),
        Some((0, Task::Follow))
    );
    assert_eq!(world.allies_of(0), [rat]);
    assert!(world.on_heroes_side(rat));
    // The scroll is gone, and the story counts it.
    assert!(
        world
            .player()
            .inventory
            .iter()
            .all(|s| s.item != "scroll of taming")
    );
    let said = messages(
        &[Event::Tamed {
            who: 0,
            ally: Some(rat),
        }],
        &world,
    );
    assert_eq!(said, ["the rat follows you now"]);
}

#[test]
fn with_no_monster_in_view_the_scroll_is_not_read() {
    let mut world = room::world(&[]);
    let letter = scroll(&world, 0);
    assert_eq!(
        world.apply(Command::Read(letter)),
        Err(Rejection::NothingToTame(4))
    );
    assert!(
        world
            .player()
            .inventory
            .iter()
            .any(|s| s.item == "scroll of taming")
    );
}

#[test]
fn an_untold_ally_keeps_near_its_hero() {
    let mut world = hall(&[("rat", Cell::new(4, 1))]);
    let letter = scroll(&world, 0);
    world.apply(Command::Read(letter)).unwrap();
    let rat = world.allies()[0].id;
    walk_east(&mut world, 14);
    let (me, it) = (world.player().pos, world.creatures()[rat].pos);
    assert!(me.x >= 12, "the hero walked on: {me:?}");
    assert!(world.dist(me, it) <= 3, "the rat kept up: {me:?} {it:?}");
}

#[test]
fn an_ally_told_to_stay_stays_and_told_to_follow_follows_again() {
    let mut world = hall(&[("rat", Cell::new(4, 1))]);
    let letter = scroll(&world, 0);
    world.apply(Command::Read(letter)).unwrap();
    let rat = world.allies()[0].id;
    let post = world.creatures()[rat].pos;
    // The directive goes with the hero's own command, in the same segment.
    let east = Command::Move(hexdeep::geom::Compass::E);
    world
        .apply_all(&[(0, east), (rat, Command::Lead(Tell::Stay))])
        .unwrap();
    assert_eq!(world.ally(rat).unwrap().task, Task::Stay(post));
    walk_east(&mut world, 10);
    // It made way for its hero once, changing places, and stayed there.
    let (me, it) = (world.player().pos, world.creatures()[rat].pos);
    assert!(world.dist(it, post) <= 1, "it stayed: {it:?} {post:?}");
    assert!(world.dist(me, it) >= 6, "the hero walked on: {me:?}");
    world
        .apply_all(&[(0, Command::Wait), (rat, Command::Lead(Tell::Follow))])
        .unwrap();
    walk_east(&mut world, 2);
    for _ in 0..12 {
        world.apply(Command::Wait).unwrap();
    }
    let (me, it) = (world.player().pos, world.creatures()[rat].pos);
    assert!(world.dist(me, it) <= 2, "it came back: {me:?} {it:?}");
}

#[test]
fn an_untold_ally_fights_a_monster_that_comes_for_its_hero() {
    let mut world = hall(&[("rat", Cell::new(4, 1)), ("jackal", Cell::new(12, 1))]);
    let letter = scroll(&world, 0);
    world.apply(Command::Read(letter)).unwrap();
    let rat = world.allies()[0].id;
    let jackal = world
        .creatures()
        .iter()
        .position(|c| c.name == "jackal")
        .unwrap();
    let mut struck = false;
    for _ in 0..20 {
        let events = world.apply(Command::Wait).unwrap();
        struck |= events.iter().any(|e| matches!(e, Event::Hit { attacker, victim, .. } if *attacker == rat && *victim == jackal));
        if world.is_over() || !world.creatures()[jackal].alive {
            break;
        }
    }
    assert!(struck, "the rat went for the jackal that came for its hero");
}

#[test]
fn an_ally_told_to_attack_needs_a_foe_there() {
    let (mut world, rat) = with_ally();
    let empty = Cell::new(8, 0);
    assert_eq!(
        world.apply_all(&[
            (0, Command::Wait),
            (rat, Command::Lead(Tell::Attack(empty)))
        ]),
        Err((rat, Rejection::NoFoe))
    );
    // Nothing changed: the rat still follows.
    assert_eq!(world.ally(rat).unwrap().task, Task::Follow);
    // A hero is led by its own commands only.
    assert_eq!(
        world.apply_all(&[(0, Command::Lead(Tell::Stay))]),
        Err((0, Rejection::NotAlly))
    );
}

#[test]
fn only_the_player_of_an_ally_s_hero_directs_it_unless_it_is_delegated() {
    let content = Content::bundled().unwrap().into();
    let level = room::level(&[("rat", Cell::new(5, 2))]);
    let mut world = World::party_on_levels(content, vec![level], 5, 2).unwrap();
    let names = ["Ann".to_string(), "Bob".to_string()];
    let mut control = Control::of_party(&world, &names);
    let (ann, bob) = (PlayerId(1), PlayerId(2));
    let letter = scroll(&world, 0);
    control.give(&world, ann, 0, Command::Read(letter)).unwrap();
    control.give(&world, bob, 1, Command::Wait).unwrap();
    control.resolve(&mut world, |_| false).unwrap();
    let rat = world.allies_of(0)[0];
    assert_eq!(
        control.give(&world, bob, rat, Command::Lead(Tell::Stay)),
        Err(DirectiveError::Control(Refusal::NotInControl(bob, rat)))
    );
    // Its hero's player tells it to stay: the record keeps whose directive it was.
    for hero in world.acting_heroes() {
        let person = PlayerId(u16::try_from(hero + 1).unwrap());
        control.give(&world, person, hero, Command::Wait).unwrap();
    }
    control
        .give(&world, ann, rat, Command::Lead(Tell::Stay))
        .unwrap();
    let resolved = control.resolve(&mut world, |_| false).unwrap();
    assert!(
        resolved
            .given
            .iter()
            .any(|g| g.hero == rat && g.player == ann)
    );
    assert!(matches!(world.ally(rat).unwrap().task, Task::Stay(_)));
    // Ann lets Bob direct it: now his directive counts.
    assert!(control.delegate_ally(&world, rat, ann, bob));
    for hero in world.acting_heroes() {
        let person = PlayerId(u16::try_from(hero + 1).unwrap());
        control.give(&world, person, hero, Command::Wait).unwrap();
    }
    control
        .give(&world, bob, rat, Command::Lead(Tell::Follow))
        .unwrap();
    control.resolve(&mut world, |_| false).unwrap();
    assert_eq!(world.ally(rat).unwrap().task, Task::Follow);
}

#[test]
fn a_monster_fights_an_ally_in_its_way() {
    let mut world = hall(&[("rat", Cell::new(4, 1)), ("goblin", Cell::new(10, 1))]);
    let letter = scroll(&world, 0);
    world.apply(Command::Read(letter)).unwrap();
    let rat = world.allies()[0].id;
    let goblin = world
        .creatures()
        .iter()
        .position(|c| c.name == "goblin")
        .unwrap();
    // The rat guards a post between the hero and the goblin.
    world
        .apply_all(&[(0, Command::Wait), (rat, Command::Lead(Tell::Stay))])
        .unwrap();
    let mut hit = false;
    for _ in 0..30 {
        let events = world.apply(Command::Wait).unwrap();
        hit |= events.iter().any(|e| matches!(e, Event::Hit { attacker, victim, .. } if *attacker == goblin && *victim == rat));
        if hit || world.is_over() {
            break;
        }
    }
    assert!(hit, "the goblin struck the rat");
}

/// Two levels of 8 by 3 tiles: the player at (2, 1) of the first, stairs down at (3, 1),
/// `monsters` (kind, x) on its middle row.
fn two_levels(monsters: &[(&str, i32)]) -> World {
    let floor = || {
        let shape = Shape::Parallelogram {
            width: 8,
            height: 3,
        };
        Grid::new(&shape, Terrain::Floor).unwrap()
    };
    let mut grid = floor();
    grid.set(Cell::new(3, 1), Terrain::StairsDown);
    let mut first = Level::new("top", 1, grid);
    first.start = Some(Cell::new(2, 1));
    for &(name, x) in monsters {
        first.placements.push(Placement {
            at: Cell::new(x, 1),
            kind: PlacementKind::Monster(name.into()),
        });
    }
    let mut second = Level::new("below", 2, floor());
    second.start = Some(Cell::new(1, 1));
    let content = Content::bundled().unwrap().into();
    World::from_levels(content, vec![first, second], 4).unwrap()
}

#[test]
fn a_following_ally_comes_down_the_stairs_with_its_hero() {
    let mut world = two_levels(&[("rat", 5)]);
    let letter = scroll(&world, 0);
    world.apply(Command::Read(letter)).unwrap();
    let rat = world.allies()[0].id;
    world
        .apply(Command::Move(hexdeep::geom::Compass::E))
        .unwrap();
    world.apply(Command::Descend).unwrap();
    assert_eq!(world.depth(), 2);
    assert_eq!(world.creatures()[rat].depth, 2, "the rat came along");
}

#[test]
fn an_ally_told_to_attack_a_foe_now_dead_follows_down_the_stairs() {
    let mut world = two_levels(&[("goblin", 5), ("rat", 7)]);
    let letter = scroll(&world, 0);
    world.apply(Command::Read(letter)).unwrap();
    let ally = world.allies()[0].id;
    let foe = world
        .creatures()
        .iter()
        .position(|c| c.name == "rat")
        .unwrap();
    let at = world.creatures()[foe].pos;
    world
        .apply_all(&[(0, Command::Wait), (ally, Command::Lead(Tell::Attack(at)))])
        .unwrap();
    for _ in 0..20 {
        if !world.creatures()[foe].alive {
            break;
        }
        world.apply(Command::Wait).unwrap();
    }
    assert!(!world.creatures()[foe].alive, "the ally killed its foe");
    assert!(world.creatures()[ally].alive);
    assert!(matches!(world.ally(ally).unwrap().task, Task::Attack(_)));
    // Back beside its hero, it comes down with the party.
    for _ in 0..6 {
        world.apply(Command::Wait).unwrap();
    }
    world
        .apply(Command::Move(hexdeep::geom::Compass::E))
        .unwrap();
    world.apply(Command::Descend).unwrap();
    assert_eq!(world.depth(), 2);
    assert_eq!(world.creatures()[ally].depth, 2, "the ally came along");
}

#[test]
fn a_save_keeps_the_ally_its_task_and_the_directives_that_led_it() {
    let mut world = hall(&[("rat", Cell::new(4, 1))]);
    let start = world.clone();
    let mut record = GameRecord::new(start, Origin::Fresh);
    let letter = scroll(&world, 0);
    let read = Command::Read(letter);
    world.apply(read).unwrap();
    record.push(read, &world);
    let rat = world.allies()[0].id;
    let given = [
        Given::by_the_player(Command::Wait),
        Given {
            hero: rat,
            player: PlayerId(1),
            command: Command::Lead(Tell::Guard),
        },
    ];
    world
        .apply_all(&[(0, Command::Wait), (rat, Command::Lead(Tell::Guard))])
        .unwrap();
    record.push_segment(&given, &world);
    let game = SavedGame {
        name: "allies".into(),
        record,
        current: world.clone(),
        log: Vec::new(),
    };
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("allies-save");
    let path = dir.join("allies.hdsave");
    persist::game::save_game_at(&path, &game).unwrap();
    let back = persist::load_game(&path).unwrap();
    assert_eq!(back.current.allies(), world.allies());
    assert!(matches!(
        back.current.ally(rat).unwrap().task,
        Task::Guard(_)
    ));
    assert_eq!(back.record.steps, game.record.steps);
    let end = back.record.verify(Some(&back.current)).unwrap();
    assert_eq!(end.allies(), world.allies());
    std::fs::remove_dir_all(dir).unwrap();
}
