//! Each applier changes exactly what its change says, and computing a segment's changes
//! changes nothing.

use super::{Change, Effect};
use crate::content::Content;
use crate::geom::Cell;
use crate::map::{Grid, Level, Placement, PlacementKind, Shape, SideFeature, Terrain};
use crate::sim::world::FloorItem;
use crate::sim::{Command, Event, World};
use proptest::prelude::*;

/// A room of floor with a closed door at (6, 2), the hero at (1, 2) and a rat at (3, 2).
fn room() -> World {
    room_with(&[("rat", Cell::new(3, 2))])
}

/// A room of floor with a closed door at (6, 2), the hero at (1, 2) and `monsters`.
fn room_with(monsters: &[(&str, Cell)]) -> World {
    let mut grid = Grid::new(
        &Shape::Parallelogram {
            width: 10,
            height: 5,
        },
        Terrain::Floor,
    )
    .unwrap();
    grid.set(Cell::new(6, 2), Terrain::DoorClosed);
    let mut level = Level::new("room", 1, grid);
    level.start = Some(Cell::new(1, 2));
    for &(name, at) in monsters {
        level.placements.push(Placement {
            at,
            kind: PlacementKind::Monster(name.into()),
        });
    }
    World::new(Content::bundled().unwrap().into(), level, 5).unwrap()
}

/// Checks that `a` and `b` agree on every part of the state ([`World::differences`]).
fn same(a: &World, b: &World) {
    let differences = a.differences(b);
    assert!(differences.is_empty(), "{differences:?}");
}

/// Applies `change` to a copy of `world`, checks that the result is `world` changed by
/// `expect` and nothing else, and returns the events told.
fn exactly(world: &World, change: Change, expect: impl FnOnce(&mut World)) -> Vec<Event> {
    let mut applied = world.clone();
    let mut events = Vec::new();
    applied.apply_change(change, &mut events);
    let mut expected = world.clone();
    expect(&mut expected);
    same(&applied, &expected);
    events
}

#[test]
fn a_move_puts_the_mover_on_its_new_tile() {
    let w = room();
    let (from, to) = (Cell::new(3, 2), Cell::new(4, 2));
    let moved = Event::Moved { who: 1, from, to };
    let told = exactly(&w, Change::Apply(moved.clone()), |w| {
        w.creatures[1].pos = to;
    });
    assert_eq!(told, vec![moved]);
}

#[test]
fn a_death_ends_the_creature_and_its_charge() {
    let mut w = room();
    w.creatures[1].charge = Some(crate::geom::Compass::E);
    let died = Event::Died {
        who: 1,
        at: Cell::new(3, 2),
    };
    let told = exactly(&w, Change::Apply(died.clone()), |w| {
        w.creatures[1].alive = false;
        w.creatures[1].charge = None;
    });
    assert_eq!(told, vec![died]);
}

#[test]
fn a_door_opened_on_a_tile_stands_open_and_the_terrain_digest_notes_it() {
    let w = room();
    let at = Cell::new(6, 2);
    let opened = Event::DoorOpened { who: 0, at };
    let told = exactly(&w, Change::Apply(opened.clone()), |w| {
        w.here_mut().level.terrain.set(at, Terrain::DoorOpen);
        w.note_terrain_change(at);
    });
    assert_eq!(told, vec![opened]);
    assert_ne!(w.terrain_digest, {
        let mut o = w.clone();
        o.apply_change(
            Change::Apply(Event::DoorOpened { who: 0, at }),
            &mut Vec::new(),
        );
        o.terrain_digest
    });
}

#[test]
fn a_dropped_stack_leaves_the_pack_for_the_floor() {
    let w = room();
    let me = w.creatures[0].clone();
    let stack = me.inventory.iter().find(|s| s.count > 1).unwrap().clone();
    let dropped = Event::Dropped {
        who: 0,
        item: stack.item.clone(),
        count: stack.count,
    };
    exactly(&w, Change::Apply(dropped), |w| {
        for _ in 0..stack.count {
            w.creatures[0].take_one(&stack.item);
            w.here_mut().floor.push(FloorItem {
                at: me.pos,
                item: stack.item.clone(),
            });
        }
    });
}

#[test]
fn a_pick_up_takes_the_first_such_item_on_the_tile() {
    let mut w = room();
    let at = w.creatures[0].pos;
    for (item, on) in [("dart", at), ("dart", Cell::new(2, 2)), ("dart", at)] {
        w.here_mut().floor.push(FloorItem {
            at: on,
            item: item.into(),
        });
    }
    let picked = Event::PickedUp {
        who: 0,
        item: "dart".into(),
        at,
    };
    exactly(&w, Change::Apply(picked), |w| {
        w.here_mut().floor.remove(0);
        w.creatures[0].give("dart");
    });
}

#[test]
fn a_potion_of_life_raises_both_hit_points() {
    let mut w = room();
    w.creatures[0].hp = 3;
    let drank = Event::Drank {
        who: 0,
        item: "potion of life".into(),
        gained_max: 5,
    };
    exactly(&w, Change::Apply(drank), |w| {
        w.creatures[0].max_hp += 5;
        w.creatures[0].hp = 8;
    });
    // A potion that gained nothing (healing, settled by the resolver) changes nothing.
    let plain = Event::Drank {
        who: 0,
        item: "potion of healing".into(),
        gained_max: 0,
    };
    exactly(&w, Change::Apply(plain), |_| {});
}

#[test]
fn wielding_and_wearing_take_gear_in_hand_and_on_and_count_as_used() {
    let w = room();
    let wield = Event::Wielded {
        who: 0,
        item: "sword".into(),
    };
    exactly(&w, Change::Apply(wield), |w| {
        w.creatures[0].wielded = Some("sword".into());
        w.story.used("sword");
    });
    let wear = Event::Wore {
        who: 0,
        item: "scale mail".into(),
    };
    exactly(&w, Change::Apply(wear), |w| {
        w.creatures[0].worn = Some("scale mail".into());
        w.story.used("scale mail");
    });
    let mut dressed = w.clone();
    dressed.creatures[0].wielded = Some("sword".into());
    dressed.creatures[0].worn = Some("scale mail".into());
    let off = Event::Unwielded {
        who: 0,
        item: "sword".into(),
    };
    exactly(&dressed, Change::Apply(off), |w| {
        w.creatures[0].wielded = None;
    });
    let off = Event::TookOff {
        who: 0,
        item: "scale mail".into(),
    };
    exactly(&dressed, Change::Apply(off), |w| w.creatures[0].worn = None);
}

#[test]
fn told_events_change_nothing() {
    let w = room();
    let hit = Event::Hit {
        attacker: 0,
        victim: 1,
        at: Cell::new(3, 2),
        damage: 4,
    };
    let told = exactly(&w, Change::Tell(hit.clone()), |_| {});
    assert_eq!(told, vec![hit]);
}

#[test]
fn each_effect_changes_its_one_thing_and_tells_nothing() {
    let w = room();
    let quiet = |effect: Effect, expect: &dyn Fn(&mut World)| {
        let told = exactly(&w, Change::Quiet(effect), expect);
        assert!(told.is_empty());
    };
    quiet(Effect::Busy { who: 1, actions: 2 }, &|w| {
        w.creatures[1].busy = 2;
    });
    quiet(Effect::Hp { who: 1, hp: 1 }, &|w| w.creatures[1].hp = 1);
    let mut charged = w.clone();
    charged.creatures[1].charge = Some(crate::geom::Compass::E);
    let told = exactly(&charged, Change::Quiet(Effect::Uncharged { who: 1 }), |w| {
        w.creatures[1].charge = None;
    });
    assert!(told.is_empty());
    let at = Cell::new(5, 1);
    let lay = Effect::Lay {
        at,
        item: "dart".into(),
    };
    quiet(lay, &|w| {
        w.here_mut().floor.push(FloorItem {
            at,
            item: "dart".into(),
        });
    });
    let rolled = crate::rng::stream(8, crate::rng::Stream::Rules, 1);
    quiet(Effect::Rolled(rolled.clone()), &|w| w.rng = rolled.clone());
    quiet(Effect::EmptyPack { who: 0 }, &|w| {
        let me = &mut w.creatures[0];
        me.inventory.clear();
        me.wielded = None;
        me.worn = None;
    });
    let dart = Effect::UseUp {
        who: 0,
        item: "dart".into(),
    };
    quiet(dart, &|w| {
        w.creatures[0].take_one("dart");
        w.story.used("dart");
    });
}

#[test]
fn a_side_door_opens_on_its_side_and_the_digest_notes_it() {
    let mut w = room();
    let (a, b) = (Cell::new(1, 1), Cell::new(2, 1));
    let side = w.level().side_of(a, b).unwrap();
    assert!(w.here_mut().level.set_side(side, SideFeature::DoorClosed));
    exactly(&w, Change::Quiet(Effect::OpenSide(side)), |w| {
        w.here_mut().level.set_side(side, SideFeature::DoorOpen);
        w.note_side_change(side);
    });
}

#[test]
fn a_teleport_carries_the_reader_and_ends_its_busy_step() {
    let mut w = room();
    w.creatures[0].busy = 1;
    let (from, to) = (Cell::new(1, 2), Cell::new(8, 4));
    let teleported = Event::Teleported { who: 0, from, to };
    exactly(&w, Change::Apply(teleported), |w| {
        w.creatures[0].pos = to;
        w.creatures[0].busy = 0;
        // And the reader sees (and remembers) what lies around where it arrived.
        w.update_view();
    });
}

#[test]
fn a_tamed_monster_joins_its_tamer_and_follows_it() {
    let w = room();
    let tamed = Event::Tamed {
        who: 0,
        ally: Some(1),
    };
    exactly(&w, Change::Apply(tamed), |w| {
        w.creatures[1].faction = w.creatures[0].faction;
        w.creatures[1].memory = None;
        w.creatures[1].home = None;
        w.plans[1] = None;
        w.allies.push(crate::sim::ally::Ally {
            id: 1,
            leader: 0,
            task: crate::sim::ally::Task::Follow,
        });
    });
    let none = Event::Tamed { who: 0, ally: None };
    exactly(&w, Change::Apply(none), |_| {});
}

#[test]
fn magic_mapping_shows_the_reader_the_level() {
    let w = room();
    let mut mapped = w.clone();
    mapped.apply_change(Change::Quiet(Effect::Map { who: 0 }), &mut Vec::new());
    assert!(!mapped.differences(&w).is_empty(), "the level was learnt");
    let every_tile = mapped
        .level()
        .terrain
        .iter()
        .all(|(at, _)| mapped.is_seen(at));
    assert!(every_tile);
}

/// A room full of monsters around the hero (at (1, 2)), and two darts on the floor.
fn brawl() -> World {
    let mut w = room_with(&[
        ("rat", Cell::new(3, 2)),
        ("goblin", Cell::new(4, 1)),
        ("jackal", Cell::new(2, 4)),
        ("goblin slinger", Cell::new(8, 0)),
        ("kobold", Cell::new(5, 3)),
    ]);
    assert_eq!(w.creatures.len(), 6, "every monster placed");
    for at in [Cell::new(2, 2), Cell::new(1, 3)] {
        w.here_mut().floor.push(FloorItem {
            at,
            item: "dart".into(),
        });
    }
    w
}

/// On a copy of `w`: gathers and resolves the coming segment with the hero's `command`, and
/// checks that computing what gathering changes, and the outcome's changes (and the pick-ups
/// and the deed after them), leaves the world as it was and gives the same changes twice.
fn computing_changes_nothing(w: &World, command: Command) {
    let Ok(action) = w.acting_action(World::PLAYER, command) else {
        return;
    };
    let mut w = w.clone();
    w.focus = Some(w.creatures[World::PLAYER].depth);
    let starts: Vec<u32> = w.creatures.iter().map(|c| c.depth).collect();
    let heroes = [(World::PLAYER, action.clone())];
    let before = w.clone();
    let (s, gathered) = w.gather(&heroes, &starts);
    same(&w, &before);
    w.apply_changes(gathered, &mut Vec::new());
    let outcome = w.resolve_segment(&s).unwrap();
    w.consume(World::PLAYER, &action.deed);
    let before = w.clone();
    let (changes, moved) = w.outcome_changes(&s, &outcome);
    same(&w, &before);
    assert_eq!(
        w.outcome_changes(&s, &outcome),
        (changes.clone(), moved.clone())
    );
    w.apply_changes(changes, &mut Vec::new());
    let before = w.clone();
    let picks: Vec<Vec<Change>> = moved.iter().map(|&h| w.pick_up_changes(h, true)).collect();
    let deed = w.deed_changes(World::PLAYER, action.deed.clone());
    same(&w, &before);
    let again: Vec<Vec<Change>> = moved.iter().map(|&h| w.pick_up_changes(h, true)).collect();
    assert_eq!(
        (picks, deed),
        (again, w.deed_changes(World::PLAYER, action.deed))
    );
}

/// A command of the hero's, from a number: wait, step, throw a dart, pick up, read a scroll.
fn command(n: u8, w: &World) -> Command {
    use crate::geom::Compass;
    let dirs = [Compass::E, Compass::W, Compass::NE, Compass::SW];
    let me = w.player();
    let scroll = |n: u8| {
        let scrolls: Vec<char> = me
            .inventory
            .iter()
            .filter(|s| s.item.starts_with("scroll"))
            .map(|s| s.letter)
            .collect();
        scrolls.get(usize::from(n) % scrolls.len().max(1)).copied()
    };
    match n % 9 {
        0 => Command::Wait,
        8 => scroll(n / 9).map_or(Command::Wait, Command::Read),
        1..=4 => Command::Move(dirs[usize::from(n % 4)]),
        5 | 6 => match me.inventory.iter().find(|s| s.item == "dart") {
            Some(s) => Command::Throw {
                item: s.letter,
                at: Cell::new(i32::from(n % 10), i32::from(n / 10 % 5)),
            },
            None => Command::Wait,
        },
        _ => Command::PickUp,
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn computing_a_segment_s_changes_never_changes_the_world(
        seed in 0u64..1000,
        moves in proptest::collection::vec(any::<u8>(), 1..24),
    ) {
        let mut w = brawl();
        w.rng = crate::rng::stream(seed, crate::rng::Stream::Rules, 0);
        for n in moves {
            if w.is_over() {
                break;
            }
            let c = command(n, &w);
            computing_changes_nothing(&w, c);
            if w.apply(c).is_err() {
                w.apply(Command::Wait).unwrap();
            }
        }
    }
}
