//! What the player needs to know (issue 33), as the screen and the log tell it: the alarm when
//! hit points run low, the warning before a throw that would land short, the quiver, what
//! looking at a monster says, and which items exploring and stepping pick up.
#![allow(clippy::unwrap_used)]

#[path = "support/room.rs"]
mod room;
#[path = "support/screen.rs"]
mod screen;

use hexdeep::geom::Cell;
use hexdeep::sim::{Command, World};
use hexdeep::ui::app::Session;
use hexdeep::ui::keymap::Keymap;
use hexdeep::ui::palette::Palette;
use hexdeep::ui::state::Auto;

fn session(world: World) -> Session {
    Session::new(world, Keymap::default_keys(), Palette { color: false })
}

fn with_player_hp(world: &World, hp: i32) -> World {
    let mut parts = world.to_parts();
    parts.creatures[0].hp = hp;
    World::from_parts(parts, world.content_handle()).unwrap()
}

/// The sidebar's line of hit points.
fn hp_line(s: &mut Session) -> String {
    let text = screen::text(&screen::draw(s, 100, 30));
    text.lines()
        .find_map(|l| l.split('│').nth(1).filter(|r| r.starts_with("HP ")))
        .unwrap()
        .to_string()
}

/// A goblin next to the player, whose hit points are 9 of 20: one blow leaves them low.
fn beside_a_goblin() -> Session {
    let world = room::world(&[("goblin", Cell::new(2, 2))]);
    assert_eq!(world.player().max_hp, 20);
    session(with_player_hp(&world, 9))
}

/// Waits (or goes on with `auto`, set anew before each step) until the player is hurt.
fn until_hurt(s: &mut Session, auto: Option<&Auto>) {
    let hp = s.world.player().hp;
    for _ in 0..10 {
        s.ui.auto = auto.cloned();
        s.perform(Command::Wait);
        if s.world.player().hp < hp {
            return;
        }
    }
    panic!("the goblin never struck");
}

#[test]
fn hit_points_falling_low_ring_the_alarm_in_the_log_and_the_sidebar() {
    let mut s = beside_a_goblin();
    let line = hp_line(&mut s);
    assert!(!line.contains("LOW"), "9 of 20 is not low yet: {line}");
    until_hurt(&mut s, None);
    let hp = s.world.player().hp;
    assert!(hp > 0 && hp * 100 <= 20 * 40, "{hp}");
    let said: Vec<String> = s.ui.log.lines().collect();
    let warning = format!("Your hit points are low ({hp} of 20).");
    assert!(said.contains(&warning), "{said:?}");
    let line = hp_line(&mut s);
    assert!(
        line.contains(&format!("{hp}/20")) && line.contains("LOW"),
        "{line}"
    );
}

#[test]
fn travel_explore_and_rest_stop_when_hit_points_fall_low() {
    use hexdeep::ui::alarm;
    let autos = [
        Auto::Rest,
        Auto::Explore { stairs_known: 0 },
        Auto::Travel {
            path: vec![Cell::new(1, 3)],
            items_known: 0,
        },
    ];
    for auto in autos {
        // A hit (from whatever did not stop it first) takes 9 hit points of 20 down to 6.
        let mut s = session(with_player_hp(&room::world(&[]), 6));
        s.ui.auto = Some(auto.clone());
        alarm::warn(&mut s.ui, &s.world, 9);
        assert_eq!(s.ui.auto, None, "{auto:?} stops");
        let last = s.ui.log.lines().last().unwrap();
        assert_eq!(
            last, "You stop: your hit points are low (6 of 20).",
            "{auto:?}"
        );
        // Hit points that fell but are not low, or that are low but did not fall, say nothing.
        for (hp, before) in [(9, 12), (6, 6)] {
            let mut s = session(with_player_hp(&room::world(&[]), hp));
            s.ui.auto = Some(auto.clone());
            alarm::warn(&mut s.ui, &s.world, before);
            assert_eq!(s.ui.auto, Some(auto.clone()));
            assert!(s.ui.log.is_empty());
        }
    }
}

#[test]
fn a_rest_cut_short_by_a_blow_says_why_and_that_hit_points_are_low() {
    let mut s = beside_a_goblin();
    until_hurt(&mut s, Some(&Auto::Rest));
    assert_eq!(s.ui.auto, None);
    let said: Vec<String> = s.ui.log.lines().collect();
    let hp = s.world.player().hp;
    assert!(
        said.iter()
            .any(|l| l == &format!("Your hit points are low ({hp} of 20).")),
        "{said:?}"
    );
}

/// The room with brush at (4, 2) and a thin wall between (8, 2) and (9, 2), east of the
/// player at (1, 2).
fn brush_and_thin_wall() -> World {
    use hexdeep::map::{SideFeature, Terrain};
    let mut level = room::level(&[]);
    level.terrain.set(Cell::new(4, 2), Terrain::Brush);
    let side = level.side_of(Cell::new(8, 2), Cell::new(9, 2)).unwrap();
    assert!(level.set_side(side, SideFeature::Wall));
    World::new(
        hexdeep::content::Content::bundled().unwrap().into(),
        level,
        5,
    )
    .unwrap()
}

/// Chooses the darts to throw (`f`, `a`) and moves the cursor `east` tiles east of the player.
fn aim_darts_east(s: &mut Session, east: usize) {
    screen::keys(s, "fa");
    assert!(
        matches!(s.ui.mode, hexdeep::ui::state::Mode::Aim { .. }),
        "{:?}",
        s.ui.mode
    );
    screen::keys(s, &"l".repeat(east));
}

#[test]
fn a_throw_that_would_land_short_asks_first_and_the_answer_is_not_recorded() {
    use ratatui::crossterm::event::KeyCode;
    let mut s = session(brush_and_thin_wall());
    s.ui.map_choice = Some(hexdeep::ui::state::MapScale::Compact);
    aim_darts_east(&mut s, 6);
    screen::press(&mut s, KeyCode::Enter);
    let question = "Your dart would land short of the brush. Throw anyway?";
    let text = screen::text(&screen::draw(&mut s, 100, 30));
    assert!(text.contains(question), "{text}");
    assert!(s.record.is_empty(), "asking throws nothing");
    // Any other key goes back to aiming at the same tile; the question is no message.
    screen::press_char(&mut s, 'n');
    assert_eq!(
        s.ui.mode,
        hexdeep::ui::state::Mode::Aim {
            cursor: Cell::new(7, 2),
            item: 'a'
        }
    );
    assert!(s.record.is_empty());
    assert!(s.ui.log.lines().all(|l| !l.contains("anyway")));
    screen::press(&mut s, KeyCode::Enter);
    screen::press_char(&mut s, 'y');
    assert_eq!(
        s.record,
        [Command::Throw {
            item: 'a',
            at: Cell::new(7, 2)
        }]
    );
}

#[test]
fn a_thin_wall_on_the_line_asks_too_and_a_clear_line_throws_at_once() {
    use hexdeep::map::Terrain;
    use ratatui::crossterm::event::KeyCode;
    let mut world = brush_and_thin_wall();
    // Without the brush, the thin wall is what stops the dart.
    let mut parts = world.to_parts();
    parts.depths[0]
        .level
        .terrain
        .set(Cell::new(4, 2), Terrain::Floor);
    world = World::from_parts(parts, world.content_handle()).unwrap();
    let mut s = session(world.clone());
    aim_darts_east(&mut s, 9);
    screen::press(&mut s, KeyCode::Enter);
    let asked = hexdeep::ui::update::prompt(&s.ui.mode)
        .unwrap_or_default()
        .to_string();
    assert!(
        asked.starts_with("Your dart would land short of the thin wall. Throw anyway?"),
        "{asked}"
    );
    let mut s = session(world);
    aim_darts_east(&mut s, 5);
    screen::press(&mut s, KeyCode::Enter);
    assert_eq!(
        s.record,
        [Command::Throw {
            item: 'a',
            at: Cell::new(6, 2)
        }]
    );
}

#[test]
fn f_aims_the_missile_last_thrown_at_once_and_enter_throws_it_again() {
    use hexdeep::ui::item_prompt::ItemVerb;
    use hexdeep::ui::state::Mode;
    use ratatui::crossterm::event::KeyCode;
    let mut s = session(room::world(&[("goblin", Cell::new(6, 2))]));
    // Nothing thrown yet: `f` asks which item.
    screen::press_char(&mut s, 'f');
    assert_eq!(
        s.ui.mode,
        Mode::ChooseItem {
            verb: ItemVerb::Throw
        }
    );
    screen::press_char(&mut s, 'a');
    screen::press(&mut s, KeyCode::Enter);
    assert!(matches!(
        s.record.as_slice(),
        [Command::Throw { item: 'a', .. }]
    ));
    // Now the darts are in the quiver: `f` aims them at the goblin's mark, Enter throws.
    screen::press_char(&mut s, 'f');
    let Mode::Aim { cursor, item } = s.ui.mode.clone() else {
        panic!("{:?}", s.ui.mode);
    };
    assert_eq!(item, 'a');
    let goblin = s.world.visible_monsters()[0].clone();
    assert_eq!(cursor, s.world.telegraphed_tile(&goblin));
    screen::press(&mut s, KeyCode::Enter);
    assert_eq!(s.record.len(), 2);
    assert_eq!(
        s.record[1],
        Command::Throw {
            item: 'a',
            at: cursor
        }
    );
    // `f` then the darts' letter aims them as before the quiver.
    screen::keys(&mut s, "fa");
    assert!(
        matches!(s.ui.mode, Mode::Aim { item: 'a', .. }),
        "{:?}",
        s.ui.mode
    );
    // While aiming, `i` chooses another item instead.
    screen::press_char(&mut s, 'i');
    assert_eq!(
        s.ui.mode,
        Mode::ChooseItem {
            verb: ItemVerb::Throw
        }
    );
}

/// The room with `items` placed on row 2, the player wearing scale mail and carrying a sling.
fn geared_with(items: &[(&str, Cell)]) -> World {
    use hexdeep::map::{Placement, PlacementKind};
    let mut level = room::level(&[]);
    for (item, at) in items {
        level.placements.push(Placement {
            at: *at,
            kind: PlacementKind::Item((*item).to_string()),
        });
    }
    let world = World::new(
        hexdeep::content::Content::bundled().unwrap().into(),
        level,
        5,
    )
    .unwrap();
    let mut parts = world.to_parts();
    let me = &mut parts.creatures[0];
    for (item, letter) in [("scale mail", 'd'), ("sling", 'e')] {
        me.inventory.push(hexdeep::sim::Stack {
            item: item.to_string(),
            count: 1,
            letter,
        });
    }
    me.worn = Some("scale mail".to_string());
    World::from_parts(parts, world.content_handle()).unwrap()
}

fn carried(world: &World, item: &str) -> u32 {
    world.player().count_of(item)
}

#[test]
fn stepping_onto_an_item_takes_it_only_when_it_is_new_or_better() {
    let world = geared_with(&[
        ("scale mail", Cell::new(2, 2)),
        ("sling", Cell::new(3, 2)),
        ("chain mail", Cell::new(4, 2)),
        ("dart", Cell::new(5, 2)),
    ]);
    let mut s = session(world);
    let darts = carried(&s.world, "dart");
    screen::press_char(&mut s, 'l');
    // A second suit of scale mail is no better than the one worn: it is left, and said.
    assert_eq!(carried(&s.world, "scale mail"), 1);
    let said = s.ui.log.lines().last().unwrap();
    assert!(
        said.starts_with("You see here a suit of scale mail (")
            && said.ends_with("; you wear one); g picks it up."),
        "{said}"
    );
    screen::press_char(&mut s, 'l');
    assert_eq!(carried(&s.world, "sling"), 1, "a second sling is left");
    // Chain mail trades a point of armour for a point of damage: not worse, so taken.
    screen::press_char(&mut s, 'l');
    assert_eq!(carried(&s.world, "chain mail"), 1);
    // Missiles and consumables are always taken.
    screen::press_char(&mut s, 'l');
    assert_eq!(carried(&s.world, "dart"), darts + 1);
    // The pick-up key takes what was left.
    screen::keys(&mut s, "hhhg");
    assert_eq!(carried(&s.world, "scale mail"), 2);
}

#[test]
fn exploring_leaves_what_is_no_better_and_does_not_walk_to_it() {
    let scale = Cell::new(10, 4);
    let world = geared_with(&[("scale mail", scale), ("dart", Cell::new(10, 0))]);
    let mut s = session(world);
    let darts = carried(&s.world, "dart");
    hexdeep::ui::update::update(&mut s.ui, &s.world, hexdeep::ui::keymap::Intent::Explore);
    let mut steps = 0;
    while let Some(command) = hexdeep::ui::auto::next_command(&mut s.ui, &s.world) {
        s.perform(command);
        steps += 1;
        assert!(steps < 200, "exploring never stopped");
        assert_ne!(
            s.world.player().pos,
            scale,
            "exploring walked to the scale mail"
        );
    }
    assert_eq!(
        carried(&s.world, "dart"),
        darts + 1,
        "the dart was gathered"
    );
    assert_eq!(carried(&s.world, "scale mail"), 1);
    assert!(s.world.items_at(scale).any(|f| f.item == "scale mail"));
    let last = s.ui.log.lines().last().unwrap();
    assert_eq!(last, "Explored: there is nothing more to find here.");
}

/// How many blows of `damage` through `armour` (at least 1 gets through) take `hp`.
fn blows_to_kill(hp: i32, damage: i32, armour: i32) -> i32 {
    let dealt = (damage - armour).max(1);
    (hp + dealt - 1) / dealt
}

/// The screen while looking at the nearest monster (`x`).
fn looking(s: &mut Session) -> String {
    screen::press_char(s, 'x');
    screen::text(&screen::draw(s, 100, 30))
}

#[test]
fn looking_at_a_monster_tells_its_numbers_what_it_does_and_the_fight() {
    let world = room::world(&[("goblin", Cell::new(5, 2))]);
    let goblin = world.content().monster("goblin").unwrap().clone();
    let me = world.player_gear();
    let mut s = session(world);
    let text = looking(&mut s);
    let hp = s.world.player().hp;
    for said in [
        format!(
            "{}/{} hp, armour {}; as fast as you",
            goblin.hp, goblin.hp, goblin.armour
        ),
        "It hunts you once it sees you.".to_string(),
        format!(
            "Its blow deals you {}: {} blows kill you.",
            (goblin.damage - me.armour).max(1),
            blows_to_kill(hp, goblin.damage, me.armour)
        ),
        format!(
            "Your blow (bare hands) deals it {}: {} blows kill it.",
            (me.damage - goblin.armour).max(1),
            blows_to_kill(goblin.hp, me.damage, goblin.armour)
        ),
        "Now it comes for you.".to_string(),
    ] {
        assert!(text.contains(&said), "{said}\n{text}");
    }
    // Esc leaves looking, and the card with it.
    screen::press(&mut s, ratatui::crossterm::event::KeyCode::Esc);
    let text = screen::text(&screen::draw(&mut s, 100, 30));
    assert!(!text.contains("blows kill it"), "{text}");
}

#[test]
fn the_fight_counts_the_weapon_and_armour_in_hand_and_the_monster_s_armour() {
    let world = geared_with(&[]);
    let mut parts = world.to_parts();
    parts.creatures[0].inventory.push(hexdeep::sim::Stack {
        item: "mace".to_string(),
        count: 1,
        letter: 'f',
    });
    parts.creatures[0].wielded = Some("mace".to_string());
    let mut level = room::level(&[("orc", Cell::new(5, 2))]);
    level.start = Some(Cell::new(1, 2));
    let world = World::from_parts(parts, world.content_handle()).unwrap();
    // The same gear in a room with an orc (armour 1).
    let mut orc_world = World::new(world.content_handle(), level, 5).unwrap();
    let mut parts = orc_world.to_parts();
    parts.creatures[0] = world.player().clone();
    parts.creatures[0].pos = Cell::new(1, 2);
    orc_world = World::from_parts(parts, world.content_handle()).unwrap();
    let orc = orc_world.content().monster("orc").unwrap().clone();
    assert!(orc.armour > 0);
    let me = orc_world.player_gear();
    assert_eq!(
        (me.damage, me.armour),
        (6 - 1, 3),
        "the mace hampered by scale mail"
    );
    let hp = orc_world.player().hp;
    let text = looking(&mut session(orc_world));
    for said in [
        format!(
            "Its blow deals you {}: {} blows kill you.",
            orc.damage - me.armour,
            blows_to_kill(hp, orc.damage, me.armour)
        ),
        format!(
            "Your blow (mace) deals it {}: {} blows kill it.",
            me.damage - orc.armour,
            blows_to_kill(orc.hp, me.damage, orc.armour)
        ),
    ] {
        assert!(text.contains(&said), "{said}\n{text}");
    }
}

#[test]
fn the_card_tells_a_charge_a_wide_swing_a_shot_and_a_pack() {
    for (kind, said) in [
        ("boar", "A blow ending its charge deals you"),
        ("ogre", "Its wide swing strikes the tile it aims at"),
        ("goblin slinger", "Its shot deals you"),
        (
            "jackal",
            "It waits until 3 of its kind are within 3 tiles of you",
        ),
        (
            "kobold",
            "flees once its hit points fall to 50% of its most",
        ),
    ] {
        let mut s = session(room::world(&[(kind, Cell::new(5, 2))]));
        let text = looking(&mut s);
        assert!(text.contains(said), "{kind}: {said}\n{text}");
        assert!(text.contains('┐'), "a box");
    }
}
