//! The messages read as English (issue 17): items are spoken of with the right article and
//! count ("You put on the chain mail.", not "a chain mail"; "You pick up 3 darts."), and a shot
//! traded with a blow is told as a shot and a blow, not as two creatures striking each other.
#![allow(clippy::unwrap_used)]

#[path = "support/room.rs"]
mod room;
use hexdeep::geom::Cell;
use hexdeep::sim::{Event, World, messages};

fn item(event: Event) -> Vec<String> {
    let world = room::world(&[]);
    messages(&[event], &world)
}

#[test]
fn wielding_wearing_and_taking_off_name_the_item_in_hand() {
    let e = |f: fn(String) -> Event, name: &str| item(f(name.to_string()));
    assert_eq!(
        e(
            |item| Event::Wore {
                who: World::PLAYER,
                item,
            },
            "chain mail"
        ),
        ["you put on the chain mail"]
    );
    assert_eq!(
        e(
            |item| Event::TookOff {
                who: World::PLAYER,
                item,
            },
            "leather armour"
        ),
        ["you take off the leather armour"]
    );
    assert_eq!(
        e(
            |item| Event::Wielded {
                who: World::PLAYER,
                item,
            },
            "mace"
        ),
        ["you wield the mace"]
    );
    assert_eq!(
        e(
            |item| Event::Unwielded {
                who: World::PLAYER,
                item,
            },
            "war axe"
        ),
        ["you put away the war axe"]
    );
}

#[test]
fn picking_up_and_dropping_count_as_english() {
    let world = room::world(&[]);
    let at = world.player().pos;
    let picked = |item: &str| Event::PickedUp {
        who: World::PLAYER,
        item: item.to_string(),
        at,
    };
    // Three darts lying on one tile are one line, not three "you pick up a dart".
    let lines = messages(&[picked("dart"), picked("dart"), picked("dart")], &world);
    assert_eq!(lines, ["you pick up 3 darts"]);
    let lines = messages(&[picked("chain mail")], &world);
    assert_eq!(lines.len(), 1);
    assert!(
        lines[0].starts_with("you pick up a suit of chain mail ("),
        "{lines:?}"
    );
    let no_room = |item: &str| Event::NoRoom {
        who: World::PLAYER,
        item: item.to_string(),
    };
    assert_eq!(
        messages(&[no_room("arrow"), no_room("arrow")], &world),
        ["you have no room for 2 arrows"]
    );
    assert_eq!(
        messages(&[no_room("scale mail")], &world),
        ["you have no room for a suit of scale mail"]
    );
    let dropped = |item: &str, count| Event::Dropped {
        who: World::PLAYER,
        item: item.to_string(),
        count,
    };
    assert_eq!(
        messages(&[dropped("sling stone", 4)], &world),
        ["you drop 4 sling stones"]
    );
    // The player holds no chain mail any more: the one dropped is "the" chain mail.
    assert_eq!(
        messages(&[dropped("chain mail", 1)], &world),
        ["you drop the chain mail"]
    );
}

#[test]
fn a_shot_traded_with_a_blow_is_told_as_both() {
    let world = room::world(&[("goblin slinger", Cell::new(2, 2))]);
    let me = world.player().pos;
    let slinger = 1;
    let there = world.creatures()[slinger].pos;
    let events = [
        Event::Threw {
            who: slinger,
            from: there,
            toward: me,
            item: None,
        },
        Event::Hit {
            attacker: World::PLAYER,
            victim: slinger,
            at: there,
            damage: 2,
        },
        Event::Hit {
            attacker: slinger,
            victim: World::PLAYER,
            at: me,
            damage: 1,
        },
    ];
    assert_eq!(
        messages(&events, &world),
        [
            "the goblin slinger shoots at you",
            "you hit the goblin slinger",
            "the goblin slinger's shot hits you",
        ]
    );
    // Two blows are still told together.
    let blows = [&events[1], &events[2]].map(Clone::clone);
    assert_eq!(
        messages(&blows, &world),
        ["you and the goblin slinger strike each other"]
    );
}

#[test]
fn refusals_name_items_as_english_too() {
    use hexdeep::sim::{ItemAction, Rejection};
    let cannot = Rejection::CannotUse {
        how: ItemAction::Drink,
        item: "chain mail".to_string(),
    };
    assert_eq!(cannot.to_string(), "you cannot drink the chain mail");
    let no_launcher = Rejection::NoLauncher {
        item: "arrow".to_string(),
        launcher: "bow".to_string(),
    };
    assert_eq!(
        no_launcher.to_string(),
        "you must wield a bow to fire arrows"
    );
}

#[test]
fn the_other_side_of_a_bump_is_named_only_when_in_view() {
    use hexdeep::map::Terrain;
    use hexdeep::sim::BounceReason;
    // A wall across the room hides its east end: a rat in view, a goblin and a jackal behind.
    let mut level = room::level(&[
        ("rat", Cell::new(4, 2)),
        ("goblin", Cell::new(9, 2)),
        ("jackal", Cell::new(3, 2)),
    ]);
    for y in 0..5 {
        level.terrain.set(Cell::new(7, y), Terrain::Wall);
    }
    let world = World::new(
        hexdeep::content::Content::bundled().unwrap().into(),
        level,
        5,
    )
    .unwrap();
    let id = |name: &str| {
        world
            .creatures()
            .iter()
            .position(|c| c.name == name)
            .unwrap()
    };
    let (rat, goblin, jackal) = (id("rat"), id("goblin"), id("jackal"));
    assert!(world.is_visible(Cell::new(4, 2)) && world.is_visible(Cell::new(3, 2)));
    assert!(
        !world.is_visible(Cell::new(9, 2)),
        "the goblin is out of view"
    );
    let bump = |reason| Event::Bounced {
        who: rat,
        at: Cell::new(4, 2),
        toward: Cell::new(5, 2),
        reason,
    };
    assert_eq!(
        messages(
            &[bump(BounceReason::LostContest { winner: goblin })],
            &world
        ),
        ["the rat loses the tile to something"]
    );
    assert_eq!(
        messages(&[bump(BounceReason::Occupied { by: goblin })], &world),
        ["the rat bounces off something"]
    );
    assert_eq!(
        messages(
            &[bump(BounceReason::LostContest { winner: jackal })],
            &world
        ),
        ["the rat loses the tile to the jackal"]
    );
}

#[test]
fn ammunition_is_fired_and_anything_else_thrown() {
    let world = room::world(&[]);
    let me = world.player().pos;
    let threw = |item: &str| Event::Threw {
        who: World::PLAYER,
        from: me,
        toward: Cell::new(5, 2),
        item: Some(item.to_string()),
    };
    assert_eq!(
        messages(&[threw("sling stone")], &world),
        ["you fire a sling stone"]
    );
    assert_eq!(messages(&[threw("arrow")], &world), ["you fire an arrow"]);
    assert_eq!(messages(&[threw("dart")], &world), ["you throw a dart"]);
}

#[test]
fn a_kill_out_of_sight_is_told_after_the_hit_that_dealt_it() {
    use hexdeep::map::Terrain;
    // A wall across the room hides a kobold behind it; the player's bomb bursts there.
    let mut level = room::level(&[("kobold", Cell::new(9, 2))]);
    for y in 0..5 {
        level.terrain.set(Cell::new(7, y), Terrain::Wall);
    }
    let world = World::new(
        hexdeep::content::Content::bundled().unwrap().into(),
        level,
        5,
    )
    .unwrap();
    let kobold = 1;
    let at = Cell::new(9, 2);
    assert!(!world.is_visible(at), "the kobold is out of view");
    let events = [
        Event::Burst {
            who: World::PLAYER,
            from: world.player().pos,
            at,
            item: "bomb".to_string(),
        },
        Event::Hit {
            attacker: World::PLAYER,
            victim: kobold,
            at,
            damage: 7,
        },
        Event::Died { who: kobold, at },
    ];
    assert_eq!(
        messages(&events, &world),
        [
            "the bomb bursts",
            "your bomb hits the kobold",
            "the kobold dies"
        ]
    );
    // A death nobody saw dealt stays untold.
    assert_eq!(messages(&events[2..], &world), Vec::<String>::new());
}
