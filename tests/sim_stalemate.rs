//! Issue 17, "a monster that can be neither killed nor passed": on a corridor that turns a
//! corner, as where the bot's games stalled, a hurt imp no longer dodges every blow and dart
//! for ever, and no monster kind holds a player who presses on.
#![allow(clippy::unwrap_used)]

use hexdeep::content::Content;
use hexdeep::geom::Cell;
use hexdeep::map::{Grid, Level, Placement, PlacementKind, Shape, Terrain};
use hexdeep::sim::{Command, Event, Intention, Planned, World};

/// Where the player starts, at the end of a corridor running south.
const ME: Cell = Cell::new(3, 3);
/// The corridor's next tile, where the imp stood.
const NEXT: Cell = Cell::new(3, 4);
/// Around the corner: still in sight from `ME` by the second of the two lines of sight.
const CORNER: Cell = Cell::new(4, 5);
/// The corridor's dead end: the first of its tiles out of sight from `ME`.
const DEAD_END: Cell = Cell::new(4, 8);
/// The corridor, from its north end to its dead end (the last tile).
const PATH: [Cell; 8] = [
    Cell::new(3, 1),
    Cell::new(3, 2),
    ME,
    NEXT,
    CORNER,
    Cell::new(4, 6),
    Cell::new(4, 7),
    Cell::new(4, 8),
];

/// The corridor with a monster of `kind` on `NEXT`.
fn corridor(kind: &str) -> Level {
    let shape = Shape::Parallelogram {
        width: 8,
        height: 10,
    };
    let mut grid = Grid::new(&shape, Terrain::Wall).unwrap();
    for h in PATH {
        grid.set(h, Terrain::Floor);
    }
    let mut level = Level::new("corridor", 1, grid);
    level.start = Some(ME);
    level.placements.push(Placement {
        at: NEXT,
        kind: PlacementKind::Monster(kind.to_string()),
    });
    level
}

/// The corridor's world with the monster at `hp` (its own maximum when `None`), planning
/// `plan` for its next action, and the player with `player_hp`.
fn world(kind: &str, hp: Option<i32>, plan: Option<Intention>, player_hp: i32) -> World {
    let content: std::sync::Arc<Content> = Content::bundled().unwrap().into();
    let world = World::new(content.clone(), corridor(kind), 17).unwrap();
    let mut parts = world.to_parts();
    let monster = &mut parts.creatures[1];
    monster.hp = hp.unwrap_or(monster.max_hp);
    parts.plans[1] = plan.map(|intention| Planned {
        from: NEXT,
        intention,
    });
    let player = &mut parts.creatures[0];
    player.hp = player_hp;
    player.max_hp = player_hp;
    World::from_parts(parts, content).unwrap()
}

/// The hurt imp of the issue, about to flee around the corner as its mind chooses (see
/// `sim::ai::tests::a_hurt_coward_in_sight_flees_to_a_free_tile`).
fn hurt_imp() -> World {
    world("imp", Some(1), Some(Intention::Move(CORNER)), 20)
}

fn dodged(events: &[Event]) -> bool {
    events.iter().any(|e| {
        matches!(
            e,
            Event::Missed {
                dodger: Some(1),
                ..
            }
        )
    })
}

#[test]
fn the_dead_end_is_out_of_sight_and_the_rest_in_it() {
    let w = hurt_imp();
    for h in PATH {
        assert_eq!(w.is_visible(h), h != DEAD_END, "{h}");
    }
}

#[test]
fn the_hurt_imp_dodges_once_then_hides_instead_of_coming_back() {
    let mut w = hurt_imp();
    let grid = w.level().terrain.clone();
    let south = grid.direction(ME, NEXT).unwrap();
    // The first blow at its tile: it steps around the corner (R8, as before).
    let events = w.apply(Command::Attack(south)).unwrap();
    assert!(dodged(&events), "{events:?}");
    // Before, it walked back at once to where it had seen the player, to dodge the next blow
    // the same way, for ever: "The imp steps aside; your blow misses", 19,000 turns long. Now
    // it flees on, never nearer, to the first tile out of sight, and hides there.
    let mut far = grid.distance(ME, CORNER);
    for _ in 0..4 {
        let events = w.apply(Command::Attack(south)).unwrap();
        assert!(!dodged(&events), "{events:?}");
        let at = w.creatures()[1].pos;
        assert!(grid.distance(ME, at) >= far, "it came back to {at}");
        far = grid.distance(ME, at);
    }
    assert_eq!(w.creatures()[1].pos, DEAD_END);
}

#[test]
fn darts_no_longer_end_under_a_living_imp() {
    // The "five darts, each 'Your dart hits nothing', all five lying under the imp":
    // the imp left the darts' tile in the segment of each throw and came back after.
    let mut w = hurt_imp();
    let dart = w
        .player()
        .inventory
        .iter()
        .find(|s| s.item == "dart")
        .unwrap()
        .letter;
    let mut broken = 0;
    for _ in 0..5 {
        let events = w
            .apply(Command::Throw {
                item: dart,
                at: NEXT,
            })
            .unwrap();
        broken += events
            .iter()
            .filter(|e| matches!(e, Event::Broke { at, .. } if *at == NEXT))
            .count();
    }
    // Each dart lies where it landed, or broke there (darts break a quarter of the time).
    assert_eq!(w.items_at(NEXT).count() + broken, 5);
    assert!(w.creature_at(NEXT).is_none(), "the imp stays hidden");
}

/// One action of a player who presses on down the corridor: a blow where the monster will
/// stand, or at it, when it is next to them; else a step on toward the dead end.
fn press_on(w: &World) -> Command {
    let me = w.player().pos;
    let m = &w.creatures()[1];
    let grid = &w.level().terrain;
    if m.alive && w.is_visible(m.pos) {
        for at in [w.telegraphed_tile(m), m.pos] {
            if let Some(dir) = grid.direction(me, at) {
                return Command::Attack(dir);
            }
        }
    }
    let i = PATH.iter().position(|&h| h == me).unwrap();
    Command::Move(grid.direction(me, PATH[i + 1]).unwrap())
}

#[test]
fn no_monster_kind_holds_a_player_who_presses_on() {
    let content = Content::bundled().unwrap();
    let end = PATH[PATH.len() - 1];
    let mut stalled = Vec::new();
    for kind in content.monsters() {
        // Unhurt and nearly dead; standing still or stepping around the corner as the
        // player first acts; the player pressing on at once or after a wait (so from both
        // parities of the monster's actions).
        let starts = [None, Some(1)].into_iter().flat_map(|hp| {
            [None, Some(Intention::Move(CORNER))]
                .into_iter()
                .flat_map(move |plan| [0, 1].map(|waits| (hp, plan, waits)))
        });
        for (hp, plan, waits) in starts {
            let mut w = world(&kind.name, hp, plan, 1000);
            for _ in 0..waits {
                w.apply(Command::Wait).unwrap();
            }
            let mut actions = 0;
            while actions < 400 && !w.is_over() && w.creatures()[1].alive && w.player().pos != end {
                w.apply(press_on(&w)).unwrap();
                actions += 1;
            }
            let m = &w.creatures()[1];
            if m.alive && w.player().pos != end && !w.is_over() {
                stalled.push(format!(
                    "{} at {hp:?} hp, {plan:?}, {waits} waits: still at {} with {} hp, the player at {}",
                    kind.name,
                    m.pos,
                    m.hp,
                    w.player().pos
                ));
            }
        }
    }
    assert!(stalled.is_empty(), "{stalled:#?}");
}
