//! The whole game through the shell (issue 9): item keys, stairs, the end screen, the
//! character dump, and no key sequence that panics. Items are chosen by their kind in the data,
//! never by name, so tuning `data/items.toml` does not break these tests.
#![allow(clippy::unwrap_used)]

#[path = "support/screen.rs"]
mod screen;
use hexdeep::content::Content;
use hexdeep::geom::Cell;
use hexdeep::map::{Grid, Level, Placement, PlacementKind, Shape, Terrain};
use hexdeep::persist::SaveDir;
use hexdeep::sim::{Command, ItemUse, Origin, World};
use hexdeep::ui::app::Session;
use hexdeep::ui::inventory::counted;
use hexdeep::ui::keymap::Keymap;
use hexdeep::ui::palette::Palette;
use hexdeep::ui::saving::GameFile;
use hexdeep::ui::state::Mode;
use proptest::prelude::*;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use screen::{draw, keys, press};

/// The name of the first item in the data whose use matches.
fn item_where(f: impl Fn(&ItemUse) -> bool) -> String {
    Content::bundled()
        .unwrap()
        .items()
        .iter()
        .find(|k| f(&k.use_))
        .unwrap()
        .name
        .clone()
}

/// An open floor, the player at (1, 2), items and monsters placed by name.
fn room(name: &str, depth: u32, items: &[(&str, Cell)], monsters: &[(&str, Cell)]) -> Level {
    let shape = Shape::Parallelogram {
        width: 12,
        height: 5,
    };
    let grid = Grid::new(&shape, Terrain::Floor).unwrap();
    let mut level = Level::new(name, depth, grid);
    level.start = Some(Cell::new(1, 2));
    for (item, at) in items {
        level.placements.push(Placement {
            at: *at,
            kind: PlacementKind::Item((*item).to_string()),
        });
    }
    for (monster, at) in monsters {
        level.placements.push(Placement {
            at: *at,
            kind: PlacementKind::Monster((*monster).to_string()),
        });
    }
    level
}

fn session(levels: Vec<Level>) -> Session {
    Session::new(
        World::from_levels(
            hexdeep::content::Content::bundled().unwrap().into(),
            levels,
            3,
        )
        .unwrap(),
        Keymap::default_keys(),
        Palette { color: false },
    )
}

fn screen(s: &mut Session) -> String {
    let buf = draw(s, 110, 36);
    screen::text(&buf)
}

fn log(s: &Session) -> Vec<String> {
    s.ui.log.lines().collect()
}

/// The inventory letter of an item the player carries.
fn letter_of(s: &Session, item: &str) -> char {
    s.world
        .player()
        .inventory
        .iter()
        .find(|st| st.item == item)
        .unwrap()
        .letter
}

/// The same world with the player's hit points set (taken apart and put together again).
fn with_player_hp(world: &World, hp: i32) -> World {
    let mut parts = world.to_parts();
    parts.creatures[0].hp = hp;
    World::from_parts(parts, world.content_handle()).unwrap()
}

#[test]
fn the_inventory_shows_letters_and_what_each_item_does() {
    let mut s = session(vec![room("Hall", 1, &[], &[])]);
    keys(&mut s, "i");
    assert_eq!(s.ui.mode, Mode::Inventory);
    let text = screen(&mut s);
    assert!(
        text.contains("a - 6 darts: "),
        "counts read as words:\n{text}"
    );
    for stack in &s.world.player().inventory {
        let kind = s.world.content().item(&stack.item).unwrap();
        let line = format!("{} - {}", stack.letter, counted(stack));
        assert!(text.contains(&line), "{line}\n{text}");
        assert!(text.contains(&kind.use_.summary()), "{text}");
    }
    keys(&mut s, "z");
    assert_eq!(s.ui.mode, Mode::Normal, "any key closes it");
}

#[test]
fn picking_up_and_wielding_through_keys_change_the_world() {
    let weapon = item_where(|u| matches!(u, ItemUse::Weapon { .. }));
    let mut s = session(vec![room("Hall", 1, &[(&weapon, Cell::new(1, 2))], &[])]);
    keys(&mut s, "g");
    assert_eq!(s.record, vec![Command::PickUp]);
    assert_eq!(s.world.player().count_of(&weapon), 1);
    let letter = letter_of(&s, &weapon);
    keys(&mut s, "w");
    assert_eq!(
        s.ui.mode,
        Mode::ChooseItem {
            verb: hexdeep::ui::item_prompt::ItemVerb::Wield
        }
    );
    let text = screen(&mut s);
    assert!(text.contains(&format!("{letter} - {weapon}")), "{text}");
    keys(&mut s, &letter.to_string());
    assert_eq!(s.world.player().wielded.as_deref(), Some(weapon.as_str()));
    let text = screen(&mut s);
    assert!(text.contains(&format!("Wielding: {weapon}")), "{text}");
    // `,` picks up too: nothing lies here now, and the rules say so.
    keys(&mut s, ",");
    assert!(
        log(&s).last().unwrap().contains("nothing here"),
        "{:?}",
        log(&s)
    );
}

#[test]
fn only_fitting_items_are_offered_and_none_is_said_clearly() {
    let mut s = session(vec![room("Hall", 1, &[], &[])]);
    keys(&mut s, "W");
    assert_eq!(s.ui.mode, Mode::Normal);
    assert_eq!(log(&s).last().unwrap(), "You have nothing to wear.");
    keys(&mut s, "q");
    assert!(matches!(s.ui.mode, Mode::ChooseItem { .. }));
    let text = screen(&mut s);
    for stack in &s.world.player().inventory {
        let drinkable = s
            .world
            .content()
            .item(&stack.item)
            .is_some_and(|k| k.use_.action() == hexdeep::sim::ItemAction::Drink);
        let line = format!("{} - {}", stack.letter, counted(stack));
        assert_eq!(text.contains(&line), drinkable, "{line}\n{text}");
    }
    press(&mut s, KeyCode::Esc);
    assert_eq!(s.ui.mode, Mode::Normal);
    assert!(s.record.is_empty(), "a cancelled prompt does nothing");
}

#[test]
fn drinking_through_keys_heals() {
    let heal = item_where(|u| matches!(u, ItemUse::Heal { .. }));
    let mut s = session(vec![room("Hall", 1, &[(&heal, Cell::new(1, 2))], &[])]);
    keys(&mut s, "g");
    s.world = with_player_hp(&s.world, 3);
    let before = s.world.player().count_of(&heal);
    let letter = letter_of(&s, &heal);
    keys(&mut s, "q");
    keys(&mut s, &letter.to_string());
    assert_eq!(s.record.last(), Some(&Command::Drink(letter)));
    assert!(s.world.player().hp > 3);
    assert_eq!(s.world.player().count_of(&heal), before - 1);
}

#[test]
fn throwing_through_keys_chooses_aims_and_throws() {
    let thrown = item_where(|u| matches!(u, ItemUse::Thrown { .. }));
    let mut s = session(vec![room("Hall", 1, &[(&thrown, Cell::new(1, 2))], &[])]);
    keys(&mut s, "g");
    let count = s.world.player().count_of(&thrown);
    let letter = letter_of(&s, &thrown);
    keys(&mut s, "f");
    keys(&mut s, &letter.to_string());
    assert!(matches!(s.ui.mode, Mode::Aim { item, .. } if item == letter));
    // With nothing in view the cursor starts on you: confirming there says how to aim and
    // keeps aiming, rather than "You cannot throw at yourself" and out.
    let steps = s.record.len();
    press(&mut s, KeyCode::Enter);
    assert!(matches!(s.ui.mode, Mode::Aim { .. }));
    assert_eq!(s.record.len(), steps);
    let last = s.ui.log.lines().last().unwrap();
    assert!(last.starts_with("Aim first"), "{last}");
    keys(&mut s, "ll");
    press(&mut s, KeyCode::Enter);
    assert_eq!(
        s.record.last(),
        Some(&Command::Throw {
            item: letter,
            at: Cell::new(3, 2)
        })
    );
    assert_eq!(s.world.player().count_of(&thrown), count - 1);
    assert!(s.world.items_at(Cell::new(3, 2)).any(|f| f.item == thrown));
}

#[test]
fn the_aim_line_is_drawn_differently_past_the_items_range() {
    let thrown = item_where(|u| matches!(u, ItemUse::Thrown { .. }));
    let mut s = Session::new(
        World::from_levels(
            hexdeep::content::Content::bundled().unwrap().into(),
            vec![room("Hall", 1, &[(&thrown, Cell::new(1, 2))], &[])],
            3,
        )
        .unwrap(),
        Keymap::default_keys(),
        Palette { color: true },
    );
    keys(&mut s, "g");
    let letter = letter_of(&s, &thrown);
    let range = s.world.throw_range(letter).unwrap();
    s.ui.mode = Mode::Aim {
        cursor: Cell::new(11, 2),
        item: letter,
    };
    let overlay = hexdeep::ui::view::overlay::Overlay::build(&s.world, &s.ui, s.palette);
    let base = ratatui::style::Style::default();
    let near = overlay.style_at(Cell::new(1 + range as i32, 2), base);
    let far = overlay.style_at(Cell::new(2 + range as i32, 2), base);
    assert_ne!(near.bg, far.bg, "{near:?} {far:?}");
    assert!(screen(&mut s).contains(&format!("(range {range})")));
    assert!(!screen(&mut s).contains("blocked"));
    // A wall on the line: the sidebar says the missile lands short.
    let mut level = room("Hall", 1, &[], &[]);
    level.terrain.set(Cell::new(3, 2), Terrain::Wall);
    let mut s = session(vec![level]);
    s.ui.mode = Mode::Aim {
        cursor: Cell::new(5, 2),
        item: 'a',
    };
    assert!(screen(&mut s).contains("the way is blocked"));
}

#[test]
fn stairs_keys_descend_on_the_stairs_and_travel_elsewhere() {
    let mut first = room("Upper hall", 1, &[], &[]);
    first.terrain.set(Cell::new(4, 2), Terrain::StairsDown);
    let second = room("Lower hall", 2, &[], &[]);
    let mut s = session(vec![first, second]);
    keys(&mut s, "<");
    assert_eq!(
        log(&s).last().unwrap(),
        "You have not found any stairs up on this level yet."
    );
    keys(&mut s, ">");
    assert!(
        matches!(s.ui.auto, Some(hexdeep::ui::state::Auto::Travel { .. })),
        "travels to the stairs"
    );
    while let Some(command) = hexdeep::ui::auto::next_command(&mut s.ui, &s.world) {
        s.perform(command);
    }
    assert_eq!(s.world.player().pos, Cell::new(4, 2));
    assert_eq!(s.world.depth(), 1, "travel alone never descends");
    keys(&mut s, ">");
    assert_eq!(s.record.last(), Some(&Command::Descend));
    assert_eq!(s.world.depth(), 2);
    assert!(screen(&mut s).contains("Depth 2: Lower hall"));
}

/// Waits until the monster kills the player (the player at 1 hp).
fn die(s: &mut Session) {
    s.world = with_player_hp(&s.world, 1);
    for _ in 0..40 {
        if s.world.is_over() {
            return;
        }
        s.perform(Command::Wait);
    }
    panic!("the player never died: {:?}", log(s));
}

fn temp_saves(name: &str) -> SaveDir {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("hexdeep-ui-game-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    SaveDir(dir)
}

#[test]
fn the_end_screen_marks_a_run_taken_over_in_the_hall_of_fame() {
    let dir = temp_saves("end-taken");
    let mut s = session(vec![room("Hall", 1, &[], &[("goblin", Cell::new(2, 2))])]);
    let origin = Origin::TakenOver {
        seed: s.world.seed(),
        after: 0,
    };
    s.game = Some(GameFile::new(dir.clone(), &s.world, origin));
    die(&mut s);
    let text = screen(&mut s);
    assert!(text.contains(">  1."), "{text}");
    assert!(text.contains("0 kills, taken over"), "{text}");
    let _ = std::fs::remove_dir_all(&dir.0);
}

#[test]
fn the_end_screen_tells_the_story_and_the_morgue_keeps_it() {
    let dir = temp_saves("end");
    let mut s = session(vec![room("Hall", 1, &[], &[("goblin", Cell::new(2, 2))])]);
    s.game = Some(GameFile::new(dir.clone(), &s.world, Origin::Fresh));
    die(&mut s);
    assert!(matches!(s.ui.mode, Mode::End { .. }));
    let text = screen(&mut s);
    for words in [
        "killed by a goblin",
        "Deepest depth: 1",
        "Turns:",
        "Kills (0)",
        "Items used",
        "Hall of fame",
        "Character dump:",
        "Replay:",
        "Q quit",
    ] {
        assert!(text.contains(words), "{words}\n{text}");
    }
    assert!(text.contains(">  1."), "this run's place is marked\n{text}");
    assert!(text.contains("Kills (0): none"), "{text}");
    let end = s.ui.end.clone().unwrap();
    assert_eq!(end.places, [1]);
    let morgue = end.morgue.unwrap();
    assert!(morgue.starts_with(dir.morgue()));
    let dump = std::fs::read_to_string(&morgue).unwrap();
    for words in [
        "Seed:    3",
        "Depth 1: Hall",
        "Turns:",
        "Kills:   0",
        "killed by a goblin",
        "Inventory:",
        "a - ",
        "The map around you",
        "Last messages:",
    ] {
        assert!(dump.contains(words), "{words}\n{dump}");
    }
    assert!(dump.contains('@') && dump.contains('g'), "{dump}");
    // Another run of the same name writes a second dump beside the first.
    let mut again = session(vec![room("Hall", 1, &[], &[("goblin", Cell::new(2, 2))])]);
    let mut file = GameFile::new(dir.clone(), &again.world, Origin::Fresh);
    file.name = s.game.as_ref().unwrap().name.clone();
    again.game = Some(file);
    die(&mut again);
    let second = again.ui.end.clone().unwrap().morgue.unwrap();
    assert_ne!(second, morgue);
    assert_eq!(std::fs::read_to_string(&morgue).unwrap(), dump);
    // Any key shows the map with the killer; Q quits.
    press(&mut s, KeyCode::Esc);
    assert_eq!(s.ui.mode, Mode::Normal);
    keys(&mut s, "Q");
    assert!(s.ui.quit);
    let _ = std::fs::remove_dir_all(&dir.0);
}

#[test]
fn the_help_lists_the_item_stairs_and_replay_keys() {
    let mut s = session(vec![room("Hall", 1, &[], &[])]);
    keys(&mut s, "?");
    let mut all = String::new();
    for _ in 0..60 {
        all.push_str(&screen(&mut s));
        press(&mut s, KeyCode::Down);
    }
    for words in [
        "inventory",
        "pick up",
        "drop",
        "wield",
        "wear",
        "read",
        "drink",
        "throw or fire",
        "go down",
        "go up",
        "save and quit",
        "y confirms",
        "rest until healed",
        "Replay viewer",
        "take over",
    ] {
        assert!(all.contains(words), "{words}");
    }
}

fn any_key() -> impl Strategy<Value = KeyCode> {
    prop_oneof![
        prop::sample::select(
            "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.,<>?_ "
                .chars()
                .filter(|c| *c != 'S' && *c != 'Q')
                .collect::<Vec<_>>()
        )
        .prop_map(KeyCode::Char),
        Just(KeyCode::Esc),
        Just(KeyCode::Enter),
        Just(KeyCode::Tab),
        Just(KeyCode::Up),
        Just(KeyCode::Down),
        Just(KeyCode::Left),
        Just(KeyCode::Right),
        Just(KeyCode::Backspace),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// No key, in any prompt or mode, panics; the screen draws after every key.
    #[test]
    fn no_key_sequence_panics(codes in prop::collection::vec(any_key(), 1..60)) {
        let heal = item_where(|u| matches!(u, ItemUse::Heal { .. }));
        let weapon = item_where(|u| matches!(u, ItemUse::Weapon { .. }));
        let mut first = room(
            "Hall",
            1,
            &[(&heal, Cell::new(2, 2)), (&weapon, Cell::new(1, 2))],
            &[("goblin", Cell::new(9, 3))],
        );
        first.terrain.set(Cell::new(5, 1), Terrain::StairsDown);
        let mut second = room("Deep", 2, &[], &[]);
        second.terrain.set(Cell::new(1, 2), Terrain::StairsUp);
        let mut s = session(vec![first, second]);
        for code in codes {
            s.key(KeyEvent::new(code, KeyModifiers::NONE));
            while let Some(command) = hexdeep::ui::auto::next_command(&mut s.ui, &s.world) {
                s.perform(command);
            }
            draw(&mut s, 90, 30);
        }
        prop_assert!(s.world.player().hp <= s.world.player().max_hp);
    }
}

/// The first monster kind in the data that fits.
fn monster_where(f: impl Fn(&hexdeep::sim::MonsterKind) -> bool) -> String {
    Content::bundled()
        .unwrap()
        .monsters()
        .iter()
        .find(|k| f(k))
        .unwrap()
        .name
        .clone()
}

#[test]
fn a_charge_is_marked_on_every_tile_of_its_line_in_view() {
    let charger = monster_where(|k| matches!(k.behaviour, hexdeep::sim::Behaviour::Charger { .. }));
    let mut s = session(vec![room("Hall", 1, &[], &[(&charger, Cell::new(6, 2))])]);
    let mut charge = None;
    for _ in 0..10 {
        charge = s
            .world
            .visible_plans()
            .into_iter()
            .find(|p| p.acts_next && s.world.is_charging(p.who));
        if charge.is_some() {
            break;
        }
        s.perform(Command::Wait);
    }
    let plan = charge.expect("the charger charges");
    let line = s.world.threatened(&plan);
    assert!(line.len() >= 3, "{line:?}");
    let overlay = hexdeep::ui::view::overlay::Overlay::build(&s.world, &s.ui, s.palette);
    for hex in &line {
        assert!(overlay.mark_at(*hex).is_some(), "{hex} is not marked");
    }
    let text = screen(&mut s);
    assert!(
        text.contains(&format!("{charger} ")) && text.contains("charges"),
        "{text}"
    );
    // Hidden with the telegraph off.
    keys(&mut s, "t");
    let overlay = hexdeep::ui::view::overlay::Overlay::build(&s.world, &s.ui, s.palette);
    assert!(line.iter().all(|h| overlay.mark_at(*h).is_none()));
}

#[test]
fn a_run_the_hall_of_fame_cannot_take_is_told_on_the_end_screen_and_after_quitting() {
    let dir = temp_saves("unrecorded");
    std::fs::create_dir_all(&dir.0).unwrap();
    // A hall of fame and its backup, both unreadable.
    std::fs::write(dir.scores(), b"HEXDEEP\0 damaged").unwrap();
    std::fs::write(hexdeep::persist::store::backup_of(&dir.scores()), b"x").unwrap();
    let mut s = session(vec![room("Hall", 1, &[], &[("goblin", Cell::new(2, 2))])]);
    s.game = Some(GameFile::new(dir.clone(), &s.world, Origin::Fresh));
    die(&mut s);
    let text = screen(&mut s);
    assert!(text.contains("not recorded in the hall of fame"), "{text}");
    assert!(!text.contains("has no save file"), "{text}");
    assert!(text.contains("Replay:"), "the rest is still kept\n{text}");

    let mut q = session(vec![room("Hall", 1, &[], &[])]);
    q.game = Some(GameFile::new(dir.clone(), &q.world, Origin::Fresh));
    keys(&mut q, "Qy");
    let last = log(&q).last().cloned().unwrap_or_default();
    assert!(
        last.contains("not recorded in the hall of fame"),
        "{:?}",
        log(&q)
    );
    let _ = std::fs::remove_dir_all(&dir.0);
}

/// The number after "label" in the first line of `text` that has it.
fn number_after(text: &str, label: &str) -> u64 {
    let line = text
        .lines()
        .find(|l| l.contains(label))
        .unwrap_or_else(|| panic!("no {label}\n{text}"));
    let rest = &line[line.find(label).unwrap() + label.len()..];
    let digits: String = rest
        .trim_start()
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    digits.parse().unwrap_or_else(|_| panic!("{line}"))
}

#[test]
fn the_turn_a_run_ended_in_is_one_number_on_the_sidebar_the_end_screen_and_the_dump() {
    // The end screen and the dump said "Turns: 2334" while the sidebar said "Turn 2335"
    // (issue 17). Dying in a turn's first action or in its last, the run ended in the turn
    // the sidebar showed while it was under way.
    for waits_first in 0..2 {
        let dir = temp_saves(&format!("end-turns-{waits_first}"));
        let mut s = session(vec![room("Hall", 1, &[], &[("goblin", Cell::new(2, 2))])]);
        s.game = Some(GameFile::new(dir.clone(), &s.world, Origin::Fresh));
        for _ in 0..waits_first {
            s.perform(Command::Wait);
        }
        s.world = with_player_hp(&s.world, 1);
        let mut under_way = 0;
        for _ in 0..40 {
            if s.world.is_over() {
                break;
            }
            under_way = number_after(&screen(&mut s), "Turn ");
            s.perform(Command::Wait);
        }
        assert!(s.world.is_over(), "the player never died: {:?}", log(&s));
        let end = screen(&mut s);
        assert_eq!(number_after(&end, "Turns:"), under_way, "end screen\n{end}");
        let dump = std::fs::read_to_string(s.ui.end.clone().unwrap().morgue.unwrap()).unwrap();
        assert_eq!(number_after(&dump, "Turns:"), under_way, "dump\n{dump}");
        keys(&mut s, "x");
        let map = screen(&mut s);
        assert!(!map.contains("Turns:"), "the end screen is closed\n{map}");
        assert_eq!(number_after(&map, "Turn "), under_way, "sidebar\n{map}");
        let _ = std::fs::remove_dir_all(&dir.0);
    }
}
