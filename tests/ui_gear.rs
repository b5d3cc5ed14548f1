//! What the player's gear makes of them, on screen (issue 17): the sidebar shows the damage of
//! a blow and the armour the rules use, and an item that could be wielded or worn says how it
//! compares with what is in hand or on — when picked up, in the inventory and when looked at.
//! Items are chosen by kind, never by name, so tuning `data/items.toml` does not break these.
#![allow(clippy::unwrap_used)]

#[path = "support/screen.rs"]
mod screen;
use hexdeep::content::Content;
use hexdeep::geom::{Cell, Compass};
use hexdeep::map::{Grid, Level, Placement, PlacementKind, Shape, Terrain};
use hexdeep::sim::{Command, ItemUse, World, compared};
use hexdeep::ui::app::Session;
use hexdeep::ui::keymap::Keymap;
use hexdeep::ui::palette::Palette;
use screen::{draw, keys};

/// The names of the items of the data whose use matches, in the file's order.
fn items_where(f: impl Fn(&ItemUse) -> bool) -> Vec<String> {
    let content = Content::bundled().unwrap();
    content
        .items()
        .iter()
        .filter(|k| f(&k.use_))
        .map(|k| k.name.clone())
        .collect()
}

/// An open floor with the player at (1, 2) and `items` in a row east of them.
fn session(items: &[String]) -> Session {
    let shape = Shape::Parallelogram {
        width: 12,
        height: 5,
    };
    let mut level = Level::new("Hall", 1, Grid::new(&shape, Terrain::Floor).unwrap());
    level.start = Some(Cell::new(1, 2));
    for (i, item) in items.iter().enumerate() {
        level.placements.push(Placement {
            at: Cell::new(2 + i as i32, 2),
            kind: PlacementKind::Item(item.clone()),
        });
    }
    let world = World::from_levels(Content::bundled().unwrap().into(), vec![level], 3).unwrap();
    Session::new(world, Keymap::default_keys(), Palette { color: false })
}

fn screen(s: &mut Session) -> String {
    let buf = draw(s, 120, 40);
    screen::text(&buf)
}

/// The sidebar's text as one line: its wrapped lines joined by spaces.
fn sidebar(screen: &str) -> String {
    let rows: Vec<&str> = screen
        .lines()
        .filter_map(|row| row.rsplit_once('│').map(|(_, side)| side.trim()))
        .filter(|side| !side.is_empty())
        .collect();
    rows.join(" ")
}

fn letter_of(s: &Session, item: &str) -> char {
    let me = s.world.player();
    me.inventory
        .iter()
        .find(|st| st.item == item)
        .unwrap()
        .letter
}

/// "Melee: 4 damage, armour 0", from the numbers the rules use.
fn melee_line(world: &World) -> String {
    let gear = world.player_gear();
    format!("Melee: {} damage, armour {}", gear.damage, gear.armour)
}

#[test]
fn the_sidebar_shows_the_blow_and_armour_of_what_is_wielded_and_worn() {
    let weapon = items_where(|u| matches!(u, ItemUse::Weapon { .. })).remove(0);
    let armour = items_where(|u| matches!(u, ItemUse::Armour { .. })).remove(0);
    let mut s = session(&[weapon.clone(), armour.clone()]);
    let bare = s.world.player_gear();
    assert_eq!(bare.damage, s.world.player().damage, "bare hands");
    assert!(screen(&mut s).contains(&melee_line(&s.world)));
    s.perform(Command::Move(Compass::E));
    s.perform(Command::Move(Compass::E));
    let keys_ = format!("w{}", letter_of(&s, &weapon));
    keys(&mut s, &keys_);
    let keys_ = format!("W{}", letter_of(&s, &armour));
    keys(&mut s, &keys_);
    let gear = s.world.player_gear();
    let Some(ItemUse::Weapon { damage, .. }) = s.world.content().item(&weapon).map(|k| &k.use_)
    else {
        panic!("a weapon");
    };
    assert_eq!(
        gear.damage, *damage,
        "the weapon's blow replaces the bare hands'"
    );
    assert!(gear.armour > bare.armour, "the armour counts");
    assert!(screen(&mut s).contains(&melee_line(&s.world)));
}

#[test]
fn a_found_weapon_compares_itself_with_the_one_in_hand() {
    let weapons = items_where(|u| matches!(u, ItemUse::Weapon { .. }));
    let (first, second) = (weapons[0].clone(), weapons[1].clone());
    let mut s = session(&[first.clone(), second.clone()]);
    // Picked up with bare hands: it says what it adds to them.
    s.perform(Command::Move(Compass::E));
    let with = s.world.player_gear_with(&first).unwrap();
    let gain = with.damage - s.world.player_gear().damage;
    let told = format!("You pick up a {first} ({gain:+} damage");
    let log: Vec<String> = s.ui.log.lines().collect();
    assert!(log.iter().any(|l| l.starts_with(&told)), "{told}\n{log:?}");
    assert!(log.iter().any(|l| l.contains("vs bare hands")), "{log:?}");
    let keys_ = format!("w{}", letter_of(&s, &first));
    keys(&mut s, &keys_);
    // Looked at on the floor, the second weapon compares itself with the first.
    let vs = compared(&s.world, &second).unwrap();
    assert!(vs.ends_with(&format!("vs your {first}")), "{vs}");
    keys(&mut s, "xl");
    let text = screen(&mut s);
    assert!(sidebar(&text).contains(&vs), "looking at it: {vs}\n{text}");
    screen::press(&mut s, ratatui::crossterm::event::KeyCode::Esc);
    // In the pack, the inventory says so too; the wielded one does not compare with itself.
    s.perform(Command::Move(Compass::E));
    keys(&mut s, "i");
    let text = screen(&mut s);
    let line = format!("{} - {second}: ", letter_of(&s, &second));
    let row = text.lines().find(|r| r.contains(&line)).unwrap();
    assert!(row.contains(&vs), "{row}");
    let wielded = format!("{} - {first} (wielded): ", letter_of(&s, &first));
    let row = text.lines().find(|r| r.contains(&wielded)).unwrap();
    assert!(!row.contains(" vs "), "{row}");
}

#[test]
fn items_that_are_neither_wielded_nor_worn_compare_with_nothing() {
    let s = session(&[]);
    for stack in &s.world.player().inventory {
        let kind = s.world.content().item(&stack.item).unwrap();
        if !matches!(
            kind.use_,
            ItemUse::Weapon { .. } | ItemUse::Launcher { .. } | ItemUse::Armour { .. }
        ) {
            assert_eq!(compared(&s.world, &stack.item), None, "{}", stack.item);
        }
    }
}

#[test]
fn a_stack_of_armour_looked_at_compares_itself_with_what_is_worn() {
    // Two of one armour on the tile east of the player: look tells them once, with their
    // count, and still says how they compare (it did so only for a single item).
    let armour = items_where(|u| matches!(u, ItemUse::Armour { .. })).remove(0);
    let mut s = session(&[]);
    let east = Cell::new(2, 2);
    let mut level = s.world.level().clone();
    for _ in 0..2 {
        level.placements.push(Placement {
            at: east,
            kind: PlacementKind::Item(armour.clone()),
        });
    }
    let world = World::from_levels(Content::bundled().unwrap().into(), vec![level], 3).unwrap();
    s = Session::new(world, Keymap::default_keys(), Palette { color: false });
    let vs = compared(&s.world, &armour).unwrap();
    assert!(vs.ends_with("vs no armour"), "{vs}");
    keys(&mut s, "xl");
    let side = sidebar(&screen(&mut s));
    // "2 suits of leather armour": the count, and the name once.
    assert!(side.contains("and 2 "), "told with its count: {side}");
    assert_eq!(
        side.matches(armour.as_str()).count(),
        1,
        "told once: {side}"
    );
    assert!(
        side.contains(&vs),
        "the stack compares itself: {vs}\n{side}"
    );
}
