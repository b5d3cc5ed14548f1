//! Hotseat with heroes on different depths (issue 31): each person's turn shows their own
//! hero's level, what that hero sees and remembers; `S` and `continue` keep each hero on
//! their depth.
#![allow(clippy::unwrap_used)]

#[path = "support/cli.rs"]
mod cli;
#[path = "support/room.rs"]
mod room;
#[path = "support/screen.rs"]
mod screen;

use hexdeep::content::Content;
use hexdeep::geom::Cell;
use hexdeep::map::Terrain;
use hexdeep::sim::{Origin, World};
use hexdeep::ui::keymap::Keymap;
use hexdeep::ui::palette::Palette;
use hexdeep::ui::saving::GameFile;
use hexdeep::ui::start::session_of;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// Ann and Bob on depth 1 of two test rooms, Bob's hero on the stairs down at (0, 1), a rat
/// on depth 2; saved in a scratch folder as they play.
fn apart() -> hexdeep::ui::app::Session {
    let mut first = room::level(&[]);
    first.terrain.set(Cell::new(0, 1), Terrain::StairsDown);
    let second = room::level(&[("rat", Cell::new(6, 2))]);
    let content: std::sync::Arc<Content> = Content::bundled().unwrap().into();
    let mut world = World::party_on_levels(content, vec![first, second], 5, 2).unwrap();
    world.name_heroes(&["Ann".to_string(), "Bob".to_string()]);
    assert_eq!(
        world.creatures()[1].pos,
        Cell::new(0, 1),
        "Bob on the stairs"
    );
    let dir = hexdeep::persist::SaveDir::open(cli::scratch("hotseat-depths")).unwrap();
    let game = GameFile::new(dir, &world, Origin::Fresh);
    session_of(
        world,
        game,
        Vec::new(),
        Keymap::default_keys(),
        Palette { color: false },
    )
}

fn text(s: &mut hexdeep::ui::app::Session) -> String {
    screen::text(&screen::draw(s, 100, 30))
}

#[test]
fn each_persons_turn_shows_their_heros_level_and_a_save_keeps_them_apart() {
    let mut s = apart();
    screen::press_char(&mut s, '.');
    screen::press_char(&mut s, '>');
    let ann = text(&mut s);
    assert!(ann.contains("Ann's turn — hero Ann, depth 1"), "{ann}");
    assert!(!ann.contains("rat"), "no rat on Ann's level: {ann}");
    screen::press_char(&mut s, '.');
    let bob = text(&mut s);
    assert!(bob.contains("Bob's turn — hero Bob, depth 2"), "{bob}");
    assert!(bob.contains("rat"), "Bob sees the rat of his level: {bob}");
    assert_eq!((s.world.depth(), s.world.level().depth), (2, 2));
    screen::press_char(&mut s, 'S');
    let path = s.game.as_ref().unwrap().path.clone();
    let mut saved = hexdeep::persist::load_game(&path).unwrap();
    let depths: Vec<u32> = saved.current.creatures()[..2]
        .iter()
        .map(|c| c.depth)
        .collect();
    assert_eq!(depths, [1, 2], "the save keeps each hero on their depth");
    let file = hexdeep::ui::start::resumed_file(&mut saved, &path).unwrap();
    let mut s = session_of(
        saved.current,
        file,
        Vec::new(),
        Keymap::default_keys(),
        Palette { color: false },
    );
    let ann = text(&mut s);
    assert!(ann.contains("Ann's turn — hero Ann, depth 1"), "{ann}");
    screen::press_char(&mut s, '.');
    assert!(text(&mut s).contains("Bob's turn — hero Bob, depth 2"));
}

#[test]
fn the_replay_viewers_v_shows_each_heros_own_level() {
    let mut s = apart();
    screen::press_char(&mut s, '.');
    screen::press_char(&mut s, '>');
    for _ in 0..2 {
        screen::press_char(&mut s, '.');
        screen::press_char(&mut s, '.');
    }
    let game = s.game.as_ref().unwrap();
    let saved = hexdeep::persist::SavedGame {
        name: "apart".into(),
        record: game.record.clone(),
        current: s.world.clone(),
        log: Vec::new(),
    };
    let mut replay = hexdeep::ui::replay::Replayer::new(saved).unwrap();
    for _ in 0..game.record.steps.len() {
        replay.key(KeyEvent::new(KeyCode::Right, KeyModifiers::NONE));
    }
    assert_eq!((replay.world.viewer(), replay.world.depth()), (0, 1));
    replay.key(KeyEvent::new(KeyCode::Char('v'), KeyModifiers::NONE));
    assert_eq!((replay.world.viewer(), replay.world.depth()), (1, 2));
    assert_eq!(replay.world.level().depth, 2, "Bob's level");
}
