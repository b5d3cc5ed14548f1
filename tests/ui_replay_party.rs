//! The replay viewer on a party's game (issue 31): `v` watches through the next hero's eyes,
//! and a seek keeps the hero watched.
#![allow(clippy::unwrap_used)]

#[path = "support/room.rs"]
mod room;
use hexdeep::content::Content;
use hexdeep::geom::Cell;
use hexdeep::persist::SavedGame;
use hexdeep::sim::control::{Control, PlayerId};
use hexdeep::sim::{Command, GameRecord, Origin, World};
use hexdeep::ui::replay::Replayer;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// A party of Ann and Bob in the test room with a rat, twelve segments of waiting.
fn party_game() -> SavedGame {
    let content = Content::bundled().unwrap().into();
    let level = room::level(&[("rat", Cell::new(9, 2))]);
    let mut world = World::party_on_levels(content, vec![level], 3, 2).unwrap();
    let names = ["Ann".to_string(), "Bob".to_string()];
    world.name_heroes(&names);
    let mut control = Control::of_party(&world, &names);
    let mut record = GameRecord::new(world.clone(), Origin::Fresh);
    for _ in 0..12 {
        for hero in world.acting_heroes() {
            let person = PlayerId(u16::try_from(hero + 1).unwrap());
            control.give(&world, person, hero, Command::Wait).unwrap();
        }
        let resolved = control.resolve(&mut world, |_| false).unwrap();
        record.push_segment(&resolved.given, &world);
    }
    SavedGame {
        name: "party".into(),
        record,
        current: world,
        log: Vec::new(),
    }
}

fn press(replay: &mut Replayer, code: KeyCode) {
    replay.key(KeyEvent::new(code, KeyModifiers::NONE));
}

#[test]
fn v_watches_through_the_next_hero_s_eyes_and_a_seek_keeps_them() {
    let mut replay = Replayer::new(party_game()).unwrap();
    assert_eq!(replay.world.viewer(), 0);
    press(&mut replay, KeyCode::Char('v'));
    assert_eq!(replay.world.viewer(), 1);
    assert_eq!(replay.world.player().name, "Bob");
    let said: Vec<String> = replay.ui.log.lines().collect();
    assert!(said.iter().any(|l| l.contains("Bob's eyes")), "{said:?}");
    for _ in 0..5 {
        press(&mut replay, KeyCode::Right);
    }
    press(&mut replay, KeyCode::Left);
    assert_eq!(replay.world.viewer(), 1, "the seek kept Bob's eyes");
    press(&mut replay, KeyCode::Char('v'));
    assert_eq!(replay.world.viewer(), 0, "and back to Ann's");
}

/// A party split by a wall (the tiles (6, y)): Ann at the west end, Bob at the east end with
/// a rat near him, which only Bob sees; two segments of waiting, in which the party comes to
/// remember what each sees.
fn split_party() -> SavedGame {
    let content: std::sync::Arc<Content> = Content::bundled().unwrap().into();
    let mut level = room::level(&[("rat", Cell::new(10, 4))]);
    for y in 0..5 {
        level
            .terrain
            .set(Cell::new(6, y), hexdeep::map::Terrain::Wall);
    }
    let world = World::party_on_levels(content.clone(), vec![level], 3, 2).unwrap();
    let mut parts = world.to_parts();
    parts.creatures[1].pos = Cell::new(9, 2);
    let mut world = World::from_parts(parts, content).unwrap();
    let names = ["Ann".to_string(), "Bob".to_string()];
    world.name_heroes(&names);
    let mut control = Control::of_party(&world, &names);
    let mut record = GameRecord::new(world.clone(), Origin::Fresh);
    for _ in 0..2 {
        for hero in world.acting_heroes() {
            let person = PlayerId(u16::try_from(hero + 1).unwrap());
            control.give(&world, person, hero, Command::Wait).unwrap();
        }
        let resolved = control.resolve(&mut world, |_| false).unwrap();
        record.push_segment(&resolved.given, &world);
    }
    SavedGame {
        name: "split".into(),
        record,
        current: world,
        log: Vec::new(),
    }
}

/// The viewer drawn into a test terminal of 100 by 32, as text.
fn screen(replay: &Replayer) -> String {
    use ratatui::{Terminal, backend::TestBackend};
    let mut terminal = Terminal::new(TestBackend::new(100, 32)).unwrap();
    let keymap = hexdeep::ui::keymap::Keymap::default_keys();
    let palette = hexdeep::ui::palette::Palette { color: false };
    terminal
        .draw(|frame| replay.render(&keymap, palette, frame.area(), frame.buffer_mut()))
        .unwrap();
    let buf = terminal.backend().buffer();
    (0..buf.area.height)
        .map(|y| {
            (0..buf.area.width)
                .map(|x| buf[(x, y)].symbol())
                .collect::<String>()
                + "\n"
        })
        .collect()
}

/// The map's part of a screen: left of the sidebar's border, above the messages.
fn map_part(screen: &str) -> String {
    screen
        .lines()
        .take_while(|l| !l.starts_with('─'))
        .map(|l| l.split('│').next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn shift_v_shows_every_hero_s_view_at_once_and_lists_them_all() {
    let mut replay = Replayer::new(split_party()).unwrap();
    press(&mut replay, KeyCode::Right);
    press(&mut replay, KeyCode::Right);
    let rat = replay
        .world
        .creatures()
        .iter()
        .find(|c| c.name == "rat")
        .unwrap()
        .pos;
    assert!(!replay.world.hero_sees(0, rat) && replay.world.hero_sees(1, rat));
    let ann = screen(&replay);
    assert!(
        !map_part(&ann).contains('r'),
        "Ann does not see the rat:\n{ann}"
    );
    assert!(!ann.contains("Party:"), "{ann}");
    assert!(
        ann.contains("v next hero   V all heroes"),
        "the keys say how:\n{ann}"
    );
    press(&mut replay, KeyCode::Char('V'));
    let all = screen(&replay);
    assert!(
        map_part(&all).contains('r'),
        "through Bob's eyes too, the rat:\n{all}"
    );
    assert!(all.contains("Party:"), "{all}");
    assert!(
        all.contains("Ann: 20/20 hp, D1") && all.contains("Bob: 20/20 hp, D1"),
        "{all}"
    );
    assert!(
        all.contains("(Watching through every hero's eyes.)"),
        "{all}"
    );
    // A seek keeps it; `V` again goes back to the hero watched before.
    press(&mut replay, KeyCode::Left);
    assert!(map_part(&screen(&replay)).contains('r'));
    press(&mut replay, KeyCode::Char('V'));
    let back = screen(&replay);
    assert!(
        !map_part(&back).contains('r') && !back.contains("Party:"),
        "{back}"
    );
    assert!(back.contains("(Watching through Ann's eyes.)"), "{back}");
}
