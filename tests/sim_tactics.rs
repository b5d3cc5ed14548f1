//! Issue 33, "Fights with risk": the monsters' answers to a player who strikes every marked
//! tile. A spear thrusts from two tiles away, a feint may come onto any of the tiles it marks,
//! a shooter steps back from a player next to it, and a goblin and its spearman fight as a
//! pair. Each is marked honestly, and a blind striker is hurt where a careful player is not.
#![allow(clippy::unwrap_used)]

use hexdeep::bot::Bot;
use hexdeep::content::Content;
use hexdeep::geom::{Cell, Compass};
use hexdeep::map::{Grid, Level, Placement, PlacementKind, Shape, Terrain};
use hexdeep::sim::{Command, Event, Intention, World};

/// An open room (walled round) with the player at `start` and `monsters`.
fn room(width: u32, height: u32, start: Cell, monsters: &[(&str, Cell)], seed: u64) -> World {
    let shape = Shape::Parallelogram { width, height };
    let mut grid = Grid::new(&shape, Terrain::Floor).unwrap();
    for y in 0..height as i32 {
        for x in 0..width as i32 {
            if x == 0 || y == 0 || x == width as i32 - 1 || y == height as i32 - 1 {
                grid.set(Cell::new(x, y), Terrain::Wall);
            }
        }
    }
    let mut level = Level::new("arena", 1, grid);
    level.start = Some(start);
    for &(name, at) in monsters {
        level.placements.push(Placement {
            at,
            kind: PlacementKind::Monster(name.to_string()),
        });
    }
    World::new(Content::bundled().unwrap().into(), level, seed).unwrap()
}

/// [`room`] with the bundled content, but for the kobold, which does not feint.
fn room_without_feints(start: Cell, monsters: &[(&str, Cell)], seed: u64) -> World {
    let monsters_text = include_str!("../data/monsters.toml");
    let plain = monsters_text.replacen("feints = true", "feints = false", 1);
    assert_ne!(plain, monsters_text, "the kobold feints in the data");
    let content = Content::from_texts(
        &plain,
        include_str!("../data/items.toml"),
        include_str!("../data/player.toml"),
    )
    .unwrap();
    let world = room(12, 9, start, monsters, seed);
    let parts = world.to_parts();
    World::from_parts(parts, content.into()).unwrap()
}

/// The player who strikes every marked step next to them (the first), else a monster next
/// to them, and otherwise walks up to the nearest monster in view.
fn blind(world: &World) -> Command {
    let me = world.player().pos;
    let grid = &world.level().terrain;
    let marked = world
        .visible_plans()
        .into_iter()
        .find_map(|p| match p.intention {
            Intention::Move(to) if p.acts_next && grid.adjacent(me, to) => Some(to),
            _ => None,
        });
    let monsters = world.visible_monsters();
    let next_to = || {
        monsters
            .iter()
            .map(|c| c.pos)
            .find(|&at| grid.adjacent(me, at))
    };
    if let Some(dir) = marked
        .or_else(next_to)
        .and_then(|at| grid.direction(me, at))
    {
        return Command::Attack(dir);
    }
    let toward = monsters
        .first()
        .and_then(|c| world.known_path(me, c.pos))
        .and_then(|path| path.first().copied())
        .filter(|&step| world.creature_at(step).is_none());
    toward
        .and_then(|step| grid.direction(me, step))
        .map_or(Command::Wait, Command::Move)
}

/// Hit points the player lost, playing by `policy` until every monster is dead, the player is,
/// or 80 actions have passed.
fn fight(mut world: World, mut policy: impl FnMut(&World) -> Command) -> i32 {
    for _ in 0..80 {
        let monsters = world.creatures().iter().skip(1).any(|c| c.alive);
        if world.is_over() || !monsters {
            break;
        }
        let command = policy(&world);
        world.apply(command).unwrap();
    }
    world.player().max_hp - world.player().hp.max(0)
}

/// [`fight`] by the bot, which reads the whole board.
fn careful(world: World) -> i32 {
    let mut bot = Bot::new();
    fight(world, move |w| bot.choose(w))
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
fn a_feint_marks_every_tile_it_may_take_and_takes_one_of_them() {
    // A kobold two tiles from the player, bent: two tiles lie next to both.
    let (me, kobold) = (Cell::new(3, 3), Cell::new(4, 2));
    let both = [Cell::new(3, 2), Cell::new(4, 3)];
    let mut taken = Vec::new();
    for seed in 1..=16 {
        let mut world = room(9, 7, me, &[("kobold", kobold)], seed);
        let id = id_of(&world, "kobold");
        let marks: Vec<Intention> = world
            .planned()
            .into_iter()
            .filter(|p| p.who == id && p.acts_next)
            .map(|p| p.intention)
            .collect();
        assert_eq!(marks, both.map(Intention::Move), "seed {seed}");
        world.apply(Command::Wait).unwrap();
        let at = world.creatures()[id].pos;
        assert!(both.contains(&at), "seed {seed}: it came onto {at:?}");
        taken.push(at);
    }
    // Which one is not decided by the board: over the seeds it takes each.
    assert!(both.iter().all(|h| taken.contains(h)), "{taken:?}");
}

#[test]
fn a_plain_approach_and_a_straight_one_are_sure() {
    // A goblin (no feint) marks one tile; a kobold in line with the player has one tile next
    // to both, and marks only it.
    let (me, from) = (Cell::new(3, 3), Cell::new(4, 2));
    let world = room(9, 7, me, &[("goblin", from)], 1);
    assert_eq!(world.planned().len(), 1);
    let world = room(9, 7, me, &[("kobold", Cell::new(5, 3))], 1);
    let plans = world.planned();
    assert_eq!(plans.len(), 1);
    assert_eq!(plans[0].intention, Intention::Move(Cell::new(4, 3)));
}

#[test]
fn a_thrust_is_marked_on_your_tile_from_two_tiles_away_and_lands() {
    let (me, spear) = (Cell::new(2, 3), Cell::new(4, 3));
    let mut world = room(9, 7, me, &[("goblin spearman", spear)], 1);
    let id = id_of(&world, "goblin spearman");
    let plan = world.planned()[0];
    assert_eq!(
        (plan.who, plan.from, plan.intention),
        (id, spear, Intention::Attack(me))
    );
    assert_eq!(world.threatened(&plan), [me]);
    let hp = world.player().hp;
    world.apply(Command::Wait).unwrap();
    assert_eq!(world.player().hp, hp - 3, "struck from two tiles away");
    assert_eq!(world.creatures()[id].pos, spear, "it keeps its distance");
}

#[test]
fn stepping_into_the_tile_between_dodges_a_thrust() {
    let (me, spear) = (Cell::new(2, 3), Cell::new(4, 3));
    let mut world = room(9, 7, me, &[("goblin spearman", spear)], 1);
    let id = id_of(&world, "goblin spearman");
    let hp = world.player().hp;
    let events = world.apply(Command::Move(Compass::E)).unwrap();
    let missed = events
        .iter()
        .any(|e| matches!(*e, Event::Missed { attacker, at, .. } if attacker == id && at == me));
    assert!(missed, "{events:?}");
    assert_eq!(world.player().hp, hp);
    // Next to it now, the spear strikes as any monster does, and is struck.
    assert_eq!(
        world.planned()[0].intention,
        Intention::Attack(Cell::new(3, 3))
    );
    let events = world.apply(Command::Attack(Compass::E)).unwrap();
    let struck = events
        .iter()
        .any(|e| matches!(*e, Event::Hit { attacker: 0, victim, .. } if victim == id));
    assert!(struck, "{events:?}");
}

#[test]
fn a_slinger_steps_back_from_you_and_loses_its_next_action_to_it() {
    let (me, slinger) = (Cell::new(3, 3), Cell::new(4, 3));
    let mut world = room(10, 7, me, &[("goblin slinger", slinger)], 1);
    let id = id_of(&world, "goblin slinger");
    let Intention::Move(back) = world.planned()[0].intention else {
        panic!("it should step back: {:?}", world.planned());
    };
    assert!(!world.level().terrain.adjacent(me, back));
    // A blow at the tile it leaves meets nobody.
    let events = world.apply(Command::Attack(Compass::E)).unwrap();
    let dodged = events
        .iter()
        .any(|e| matches!(*e, Event::Missed { attacker: 0, dodger: Some(d), .. } if d == id));
    assert!(dodged, "{events:?}");
    assert_eq!(world.creatures()[id].pos, back);
    // Its step back cost it its next action: the telegraph says so.
    let plan = world.planned()[0];
    assert!(!plan.acts_next, "{plan:?}");
}

#[test]
fn a_blind_striker_is_hurt_where_a_careful_player_is_not() {
    // The spear, the pair, the shooter and the feints, each alone in a room with the player;
    // the blind striker strikes every marked step next to it, the bot reads the whole board.
    let arenas: [(&str, &[(&str, Cell)]); 4] = [
        ("a spearman", &[("goblin spearman", Cell::new(8, 4))]),
        (
            "a goblin and its spearman",
            &[
                ("goblin spearman", Cell::new(9, 4)),
                ("goblin", Cell::new(8, 4)),
            ],
        ),
        ("a slinger", &[("goblin slinger", Cell::new(8, 4))]),
        (
            "two kobolds",
            &[("kobold", Cell::new(8, 3)), ("kobold", Cell::new(8, 5))],
        ),
    ];
    for (what, monsters) in arenas {
        let (mut struck_blindly, mut read) = (0, 0);
        for seed in 1..=4 {
            let world = room(12, 9, Cell::new(3, 4), monsters, seed);
            struck_blindly += fight(world.clone(), blind);
            read += careful(world);
        }
        assert!(
            struck_blindly >= 16 && read * 2 <= struck_blindly,
            "{what}: the blind striker lost {struck_blindly} hit points in four fights, the careful player {read}"
        );
    }
}

#[test]
fn a_feint_costs_the_blind_striker_the_free_blow_of_a_sure_approach() {
    // A kobold four tiles off, coming round from the side: its last step is often bent, and
    // then it feints. Feints off, the same fights against a kobold whose approach is sure.
    let (me, kobold) = (Cell::new(3, 4), Cell::new(6, 5));
    let (mut feinting, mut sure, mut read) = (0, 0, 0);
    for seed in 1..=16 {
        let world = room(12, 9, me, &[("kobold", kobold)], seed);
        feinting += fight(world.clone(), blind);
        read += careful(world);
        sure += fight(room_without_feints(me, &[("kobold", kobold)], seed), blind);
    }
    assert!(
        feinting > sure && read < sure,
        "the blind striker lost {feinting} hit points to a feinting kobold, {sure} to a sure \
         one; the careful player {read}"
    );
}
