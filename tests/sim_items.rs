//! Items on the floor: placed by maps, picked up by stepping on them, and darts that land
//! where they stop and can be gathered again.
#![allow(clippy::unwrap_used)]

use hexdeep::geom::{Cell, Compass};
use hexdeep::map::{Grid, Level, Placement, PlacementKind, Shape, Terrain};
use hexdeep::sim::{Command, Event, ItemUse, World, messages};

fn room(placements: &[(PlacementKind, Cell)]) -> Level {
    let grid = Grid::new(
        &Shape::Parallelogram {
            width: 12,
            height: 3,
        },
        Terrain::Floor,
    )
    .unwrap();
    let mut level = Level::new("room", 1, grid);
    level.start = Some(Cell::new(0, 1));
    for (kind, at) in placements {
        level.placements.push(Placement {
            at: *at,
            kind: kind.clone(),
        });
    }
    level
}

fn item(name: &str) -> PlacementKind {
    PlacementKind::Item(name.to_string())
}

#[test]
fn a_placed_item_lies_on_the_floor_until_stepped_on() {
    let level = room(&[
        (item("potion of healing"), Cell::new(1, 1)),
        (item("unobtainium"), Cell::new(2, 1)),
    ]);
    let mut world = World::new(
        hexdeep::content::Content::bundled().unwrap().into(),
        level,
        1,
    )
    .unwrap();
    assert_eq!(world.items_at(Cell::new(1, 1)).count(), 1);
    assert_eq!(world.floor_items().len(), 1, "unknown items are not placed");
    let potions = world.player().count_of("potion of healing");
    let events = world.apply(Command::Move(Compass::E)).unwrap();
    assert_eq!(world.player().count_of("potion of healing"), potions + 1);
    assert_eq!(world.items_at(Cell::new(1, 1)).count(), 0);
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::PickedUp { item, .. } if item == "potion of healing"))
    );
    assert!(messages(&events, &world).contains(&"you pick up a potion of healing".to_string()));
}

#[test]
fn a_missed_dart_lands_at_the_end_of_its_flight_and_can_be_gathered() {
    let mut world = World::new(
        hexdeep::content::Content::bundled().unwrap().into(),
        room(&[]),
        1,
    )
    .unwrap();
    let darts = world.player().count_of("dart");
    let target = Cell::new(4, 1);
    let events = world
        .apply(Command::Throw {
            item: 'a',
            at: target,
        })
        .unwrap();
    assert_eq!(
        messages(&events, &world),
        ["you throw a dart", "your dart hits nothing"]
    );
    assert_eq!(world.player().count_of("dart"), darts - 1);
    assert_eq!(
        world.items_at(target).count(),
        1,
        "the dart lies where it stopped"
    );
    for _ in 0..4 {
        world.apply(Command::Move(Compass::E)).unwrap();
    }
    assert_eq!(world.player().pos, target);
    assert_eq!(world.player().count_of("dart"), darts);
}

#[test]
fn a_dart_thrown_into_brush_lands_short_and_says_why() {
    // QA, issue 17: darts thrown at a monster in brush landed short with no word of why. A
    // missile flies no farther than sight does, and brush hides the view.
    let ogre = (PlacementKind::Monster("ogre".to_string()), Cell::new(4, 1));
    let mut level = room(&[ogre]);
    level.terrain.set(Cell::new(4, 1), Terrain::Brush);
    let mut world = World::new(
        hexdeep::content::Content::bundled().unwrap().into(),
        level,
        1,
    )
    .unwrap();
    assert!(world.is_visible(Cell::new(4, 1)));
    let hp = world.creatures()[1].hp;
    let events = world
        .apply(Command::Throw {
            item: 'a',
            at: Cell::new(4, 1),
        })
        .unwrap();
    let told = messages(&events, &world);
    assert!(
        told.contains(
            &"your dart lands short of the brush: nothing thrown flies into brush".into()
        ),
        "{told:?}"
    );
    assert_eq!(world.creatures()[1].hp, hp);
    // Thrown short of a wall, it says so too; thrown to open floor, it only hits nothing.
    let mut world = World::new(
        hexdeep::content::Content::bundled().unwrap().into(),
        {
            let mut level = room(&[]);
            level.terrain.set(Cell::new(3, 1), Terrain::Wall);
            level
        },
        1,
    )
    .unwrap();
    let events = world
        .apply(Command::Throw {
            item: 'a',
            at: Cell::new(5, 1),
        })
        .unwrap();
    assert!(
        messages(&events, &world).contains(&"your dart lands short of the wall".into()),
        "{:?}",
        messages(&events, &world)
    );
}

#[test]
fn a_dart_that_hits_falls_at_its_victims_feet() {
    let goblin = (
        PlacementKind::Monster("goblin".to_string()),
        Cell::new(4, 1),
    );
    let mut world = World::new(
        hexdeep::content::Content::bundled().unwrap().into(),
        room(&[goblin]),
        1,
    )
    .unwrap();
    let at = world.creatures()[1].pos;
    let events = world.apply(Command::Throw { item: 'a', at }).unwrap();
    let hit = events.iter().find_map(|e| match e {
        Event::Hit {
            attacker: 0, at, ..
        } => Some(*at),
        _ => None,
    });
    let landed: Vec<Cell> = world.floor_items().iter().map(|f| f.at).collect();
    match hit {
        Some(hit_at) => assert_eq!(landed, vec![hit_at]),
        None => assert_eq!(landed.len(), 1, "a miss still leaves the dart somewhere"),
    }
}

#[test]
fn a_dart_thrown_into_deep_water_is_lost() {
    let mut level = room(&[]);
    level.terrain.set(Cell::new(3, 1), Terrain::DeepWater);
    let mut world = World::new(
        hexdeep::content::Content::bundled().unwrap().into(),
        level,
        1,
    )
    .unwrap();
    world
        .apply(Command::Throw {
            item: 'a',
            at: Cell::new(3, 1),
        })
        .unwrap();
    assert!(world.floor_items().is_empty());
}

#[test]
fn a_bomb_that_bursts_names_itself() {
    let mut world = World::new(
        hexdeep::content::Content::bundled().unwrap().into(),
        room(&[(item("bomb"), Cell::new(1, 1))]),
        1,
    )
    .unwrap();
    world.apply(Command::Move(Compass::E)).unwrap();
    let letter = world
        .player()
        .inventory
        .iter()
        .find(|s| s.item == "bomb")
        .unwrap()
        .letter;
    let events = world
        .apply(Command::Throw {
            item: letter,
            at: Cell::new(5, 1),
        })
        .unwrap();
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::Burst { item, .. } if item == "bomb")),
        "{events:?}"
    );
    assert!(
        messages(&events, &world)
            .iter()
            .any(|m| m.contains("the bomb bursts"))
    );
}

/// The letters of what the player carries, as "letter item" in letter order.
fn letters(world: &World) -> Vec<String> {
    world
        .player()
        .inventory
        .iter()
        .map(|s| format!("{} {}", s.letter, s.item))
        .collect()
}

#[test]
fn letters_stay_with_their_items_and_a_kind_run_out_of_comes_back_under_its_own() {
    // A mace, then a sword, east of the start; the darts are thrown to (6, 1).
    let level = room(&[
        (item("mace"), Cell::new(1, 1)),
        (item("sword"), Cell::new(2, 1)),
    ]);
    let mut world = World::new(
        hexdeep::content::Content::bundled().unwrap().into(),
        level,
        1,
    )
    .unwrap();
    let kit = ["a dart", "b potion of healing", "c scroll of taming"];
    assert_eq!(letters(&world), kit);
    world.apply(Command::Move(Compass::E)).unwrap();
    assert_eq!(letters(&world), [&kit[..], &["d mace"]].concat());
    let darts = world.player().count_of("dart");
    for _ in 0..darts {
        let at = Cell::new(6, 1);
        world.apply(Command::Throw { item: 'a', at }).unwrap();
    }
    world.apply(Command::Drink('b')).unwrap();
    // The darts and the potion are used up: the mace keeps its letter.
    assert_eq!(letters(&world), ["c scroll of taming", "d mace"]);
    // A new kind takes the first letter no kind run out of remembers.
    world.apply(Command::Move(Compass::E)).unwrap();
    assert_eq!(letters(&world), ["c scroll of taming", "d mace", "e sword"]);
    // The darts that did not break come back under their own letter, as one stack.
    let lying = u32::try_from(world.items_at(Cell::new(6, 1)).count()).unwrap();
    assert!(
        lying >= 1 && lying <= darts,
        "{lying} of {darts} darts lie there"
    );
    for _ in 0..4 {
        world.apply(Command::Move(Compass::E)).unwrap();
    }
    assert_eq!(world.player().pos, Cell::new(6, 1));
    assert_eq!(
        letters(&world),
        ["a dart", "c scroll of taming", "d mace", "e sword"]
    );
    assert_eq!(world.player().count_of("dart"), lying);
    assert_eq!(world.player().stack('a').unwrap().count, lying);
    assert_eq!(world.validate(), Ok(()));
}

#[test]
fn a_stack_keeps_its_letter_as_it_grows_and_shrinks() {
    let level = room(&[(item("dart"), Cell::new(1, 1))]);
    let mut world = World::new(
        hexdeep::content::Content::bundled().unwrap().into(),
        level,
        1,
    )
    .unwrap();
    let darts = world.player().count_of("dart");
    world.apply(Command::Move(Compass::E)).unwrap();
    assert_eq!(world.player().stack('a').unwrap().count, darts + 1);
    world
        .apply(Command::Throw {
            item: 'a',
            at: Cell::new(5, 1),
        })
        .unwrap();
    assert_eq!(world.player().stack('a').unwrap().count, darts);
    assert_eq!(
        letters(&world),
        ["a dart", "b potion of healing", "c scroll of taming"]
    );
}

/// Throws every dart the player starts with along the room, `seed` naming the game; returns
/// which throws broke (by their order) and the messages of those that did.
fn throw_every_dart(seed: u64) -> (Vec<bool>, Vec<String>, usize) {
    let mut world = World::new(
        hexdeep::content::Content::bundled().unwrap().into(),
        room(&[]),
        seed,
    )
    .unwrap();
    let darts = world.player().count_of("dart");
    let (mut broke, mut said) = (Vec::new(), Vec::new());
    for _ in 0..darts {
        let events = world
            .apply(Command::Throw {
                item: 'a',
                at: Cell::new(6, 1),
            })
            .unwrap();
        broke.push(events.iter().any(|e| matches!(e, Event::Broke { .. })));
        said.extend(
            messages(&events, &world)
                .into_iter()
                .filter(|m| m.contains("breaks")),
        );
    }
    (broke, said, world.items_at(Cell::new(6, 1)).count())
}

#[test]
fn a_thrown_dart_sometimes_breaks_where_it_lands_and_says_so() {
    // Seed 3: the rules' stream breaks some of the six darts and not others (25% each).
    let (broke, said, lying) = throw_every_dart(3);
    let broken = broke.iter().filter(|&&b| b).count();
    assert!(broken >= 1 && broken < broke.len(), "{broke:?}");
    assert_eq!(
        lying,
        broke.len() - broken,
        "the others lie where they landed"
    );
    assert_eq!(said, vec!["the dart breaks".to_string(); broken]);
    assert_eq!(
        throw_every_dart(3).0,
        broke,
        "the same seed breaks the same darts"
    );
}

#[test]
fn a_weapon_or_armour_changes_the_blow_and_the_armour_by_its_numbers() {
    let world = World::new(
        hexdeep::content::Content::bundled().unwrap().into(),
        room(&[]),
        1,
    )
    .unwrap();
    let bare = world.player_gear();
    assert_eq!(bare.damage, world.player().damage);
    for kind in world.content().items() {
        let with = world.player_gear_with(&kind.name);
        match kind.use_ {
            ItemUse::Weapon { damage, armour } => {
                let with = with.unwrap();
                assert_eq!(with.damage, damage, "{}", kind.name);
                assert_eq!(with.armour, (bare.armour + armour).max(0), "{}", kind.name);
            }
            ItemUse::Armour { armour, damage } => {
                let with = with.unwrap();
                assert_eq!(with.armour, bare.armour + armour, "{}", kind.name);
                assert_eq!(with.damage, (bare.damage + damage).max(1), "{}", kind.name);
            }
            ItemUse::Launcher { .. } => assert_eq!(with, Some(bare), "bare hands"),
            _ => assert_eq!(with, None, "{}", kind.name),
        }
    }
}
