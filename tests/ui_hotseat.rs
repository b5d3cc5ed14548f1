//! Hotseat (issue 31): several people at one terminal, each giving their hero's directive in
//! turn. The screen says whose turn it is and shows that hero's view, the sidebar lists every
//! hero and who has still to play, and a segment resolves only when every acting hero has a
//! directive.
#![allow(clippy::unwrap_used)]

#[path = "support/cli.rs"]
mod cli;
#[path = "support/room.rs"]
mod room;
#[path = "support/screen.rs"]
mod screen;

use hexdeep::content::Content;
use hexdeep::geom::Cell;
use hexdeep::map::SideFeature;
use hexdeep::sim::{Origin, World};
use hexdeep::ui::app::Session;
use hexdeep::ui::keymap::Keymap;
use hexdeep::ui::palette::Palette;
use hexdeep::ui::saving::GameFile;
use hexdeep::ui::start::session_of;
use ratatui::style::Color;

/// Ann and Bob in the test room with `monsters`: Ann's hero at (1, 2), shut in by thin walls
/// on all its sides (she sees nothing of the room), Bob's beside it at (0, 1), seeing it all.
fn table(monsters: &[(&str, Cell)]) -> Session {
    party(true, monsters)
}

/// Ann and Bob in the test room with `monsters`, Ann's hero at (1, 2) (`walled`: shut in by
/// thin walls), Bob's at (0, 1).
fn party(walled: bool, monsters: &[(&str, Cell)]) -> Session {
    let mut level = room::level(monsters);
    let me = Cell::new(1, 2);
    let around: Vec<Cell> = level.terrain.neighbours(me).collect();
    for n in around.into_iter().filter(|_| walled) {
        let side = level.side_of(me, n).unwrap();
        assert!(level.set_side(side, SideFeature::Wall));
    }
    let content: std::sync::Arc<Content> = Content::bundled().unwrap().into();
    let mut world = World::party_on_levels(content, vec![level], 5, 2).unwrap();
    world.name_heroes(&["Ann".to_string(), "Bob".to_string()]);
    Session::hotseat(world, Keymap::default_keys(), Palette { color: false })
}

/// The screen's text, 100 by 30.
fn text(s: &mut Session) -> String {
    screen::text(&screen::draw(s, 100, 30))
}

/// The sidebar's lines (right of the map's border), trimmed.
fn sidebar(text: &str) -> Vec<String> {
    text.lines()
        .filter_map(|l| l.split('│').nth(1))
        .map(|l| l.trim().to_string())
        .collect()
}

/// Whether the roster shows `hero` (name, hit points, depth) with `state` on the line under
/// it (followed by the person's clock in a game with one).
fn has_member(lines: &[String], hero: &str, state: &str) -> bool {
    lines
        .windows(2)
        .any(|w| w[0] == hero && (w[1] == state || w[1].starts_with(&format!("{state}, clock "))))
}

#[test]
fn the_screen_names_whose_turn_it_is_and_shows_that_heros_view() {
    let mut s = table(&[("rat", Cell::new(5, 1))]);
    let ann = text(&mut s);
    // A bar across the map's top row: nothing of the map runs on beside it.
    let banner = ann.lines().next().unwrap().split('│').next().unwrap();
    assert_eq!(banner.trim(), "Ann's turn — hero Ann, depth 1", "{ann}");
    assert!(
        sidebar(&ann).iter().any(|l| l == "Nothing in view."),
        "{ann}"
    );
    screen::press_char(&mut s, '.');
    let bob = text(&mut s);
    assert!(bob.contains("Bob's turn — hero Bob, depth 1"), "{bob}");
    assert!(
        sidebar(&bob).iter().any(|l| l.starts_with("r rat ")),
        "Bob sees the rat Ann does not: {bob}"
    );
    assert_eq!(s.world.player().name, "Bob");
}

#[test]
fn the_sidebar_lists_every_hero_and_who_has_still_to_play() {
    let mut s = table(&[]);
    let lines = sidebar(&text(&mut s));
    assert!(lines.contains(&"Party:".to_string()), "{lines:?}");
    assert!(
        has_member(&lines, ">Ann: 20/20 hp, D1", "to play"),
        "{lines:?}"
    );
    assert!(
        has_member(&lines, "Bob: 20/20 hp, D1", "to play"),
        "{lines:?}"
    );
    screen::press_char(&mut s, '.');
    let lines = sidebar(&text(&mut s));
    assert!(
        has_member(&lines, "Ann: 20/20 hp, D1", "ready"),
        "{lines:?}"
    );
    assert!(
        has_member(&lines, ">Bob: 20/20 hp, D1", "to play"),
        "{lines:?}"
    );
}

#[test]
fn a_segment_resolves_only_when_every_acting_hero_has_a_directive() {
    let mut s = party(false, &[]);
    let start = (s.world.turn(), s.world.segment());
    let bob = s.world.creatures()[1].pos;
    // Ann steps east; nothing happens until Bob has played too.
    screen::press_char(&mut s, 'l');
    assert_eq!((s.world.turn(), s.world.segment()), start);
    assert_eq!(s.world.creatures()[0].pos, Cell::new(1, 2));
    assert_eq!(s.world.player().id, 1, "Bob's turn");
    screen::press_char(&mut s, '.');
    assert_ne!((s.world.turn(), s.world.segment()), start);
    assert_eq!(
        s.world.creatures()[0].pos,
        Cell::new(2, 2),
        "Ann's step counted"
    );
    assert_eq!(s.world.creatures()[1].pos, bob, "Bob waited");
    assert_eq!(s.world.player().id, 0, "Ann's turn again");
    assert!(
        s.record.is_empty(),
        "a party's segments are not single commands"
    );
}

#[test]
fn each_person_is_told_the_segment_from_their_heros_point_of_view() {
    // A rat next to both heroes; Ann waits, Bob strikes it.
    let mut s = party(false, &[("rat", Cell::new(1, 1))]);
    screen::press_char(&mut s, '.');
    screen::press_char(&mut s, 'F');
    screen::press_char(&mut s, 'l');
    let ann = text(&mut s);
    assert!(ann.contains("Bob hits the rat"), "{ann}");
    assert!(!ann.contains("You hit the rat"), "{ann}");
    screen::press_char(&mut s, '.');
    let bob = text(&mut s);
    assert!(bob.contains("Bob's turn"), "{bob}");
    assert!(bob.contains("You hit the rat"), "{bob}");
    assert!(!bob.contains("Bob hits"), "{bob}");
}

#[test]
fn exploring_is_a_standing_order_that_asks_its_person_nothing() {
    let mut s = party(false, &[]);
    screen::press_char(&mut s, 'o');
    assert_eq!(s.world.player().id, 1, "Bob's turn once Ann explores");
    let ann_from = s.world.creatures()[0].pos;
    for _ in 0..3 {
        screen::press_char(&mut s, '.');
        assert_eq!(s.world.player().id, 1, "only Bob is asked");
    }
    assert_ne!(s.world.creatures()[0].pos, ann_from, "Ann's hero explores");
    let lines = sidebar(&text(&mut s));
    assert!(
        has_member(&lines, "Ann: 20/20 hp, D1", "explores"),
        "{lines:?}"
    );
}

#[test]
fn a_wrong_count_of_players_or_bad_names_are_refused_before_the_game() {
    for (args, why) in [
        (
            &["--players", "5"][..],
            "--players 5: a game seats 1 to 4 people",
        ),
        (
            &["--players", "0"][..],
            "--players 0: a game seats 1 to 4 people",
        ),
        (
            &["--players", "2", "--names", "Ann"][..],
            "--names gives 1 name for 2 players",
        ),
        (
            &["--players", "2", "--names", "Ann,"][..],
            "name 2 is empty",
        ),
        (
            &["--players", "2", "--names", "Ann,Bartholomew the Bold"][..],
            "at most 12 fit",
        ),
        (
            &["--players", "2", "--names", "Ann,B\x07ob"][..],
            "holds a control character",
        ),
    ] {
        let mut all = vec!["play", "--seed", "3"];
        all.extend(args);
        let out = cli::run(&all);
        let err = cli::stderr(&out);
        assert!(!out.status.success(), "{all:?}");
        assert!(err.contains(why), "{all:?}: {err}");
        assert!(!err.contains('\u{7}') && !err.contains("panicked"), "{err}");
    }
}

#[test]
fn a_fallen_heros_person_is_skipped_and_the_others_play_on() {
    let s = party(false, &[]);
    let mut parts = s.world.to_parts();
    parts.creatures[0].alive = false;
    parts.creatures[0].hp = 0;
    let world = World::from_parts(parts, Content::bundled().unwrap().into()).unwrap();
    let mut s = Session::hotseat(world, Keymap::default_keys(), Palette { color: false });
    assert_eq!(s.world.player().id, 1, "Bob's turn: Ann's hero has fallen");
    let start = (s.world.turn(), s.world.segment());
    screen::press_char(&mut s, '.');
    assert_ne!(
        (s.world.turn(), s.world.segment()),
        start,
        "Bob alone resolves it"
    );
    assert_eq!(s.world.player().id, 1, "Bob's turn again");
    let text = text(&mut s);
    assert!(text.contains("Bob's turn"), "{text}");
    let lines = sidebar(&text);
    assert!(
        has_member(&lines, "Ann: 0/20 hp, D1", "watching"),
        "{lines:?}"
    );
    assert!(!s.world.is_over());
}

#[test]
fn the_other_heroes_are_drawn_as_friends_not_foes() {
    let mut s = party(false, &[("rat", Cell::new(8, 2))]);
    s.palette = Palette { color: true };
    let buf = screen::draw(&mut s, 100, 30);
    let fg = |glyph: &str| -> Vec<Color> {
        buf.content()
            .iter()
            .filter(|c| c.symbol() == glyph)
            .filter_map(|c| c.style().fg)
            .collect()
    };
    let heroes = fg("@");
    assert_eq!(heroes.len(), 2, "{heroes:?}");
    assert!(
        heroes.contains(&Color::LightYellow),
        "Ann's own hero: {heroes:?}"
    );
    assert!(
        heroes.contains(&Color::LightCyan),
        "Bob's, a friend: {heroes:?}"
    );
    assert!(!fg("r").is_empty() && !fg("r").contains(&Color::LightCyan));
}

#[test]
fn an_order_ends_naming_the_monster_that_came_into_view_to_its_person() {
    let mut s = party(false, &[("rat", Cell::new(11, 0))]);
    assert!(!s.world.hero_sees(0, Cell::new(11, 0)));
    screen::press_char(&mut s, 'o');
    for _ in 0..40 {
        if s.world.player().id == 0 {
            break;
        }
        screen::press_char(&mut s, '.');
    }
    let ann = text(&mut s);
    assert!(ann.contains("Ann's turn"), "{ann}");
    assert!(ann.contains("You stop: a rat comes into view."), "{ann}");
}

/// A party's game kept on a file: Ann steps east and Bob waits, then Ann waits, and with
/// Bob to play they save (`S`). The session and where it was saved.
fn played_and_saved() -> (Session, std::path::PathBuf) {
    let dir = hexdeep::persist::SaveDir::open(cli::scratch("saved-party")).unwrap();
    let s = party(false, &[("rat", Cell::new(10, 4))]);
    let game = GameFile::new(dir, &s.world, Origin::Fresh);
    let palette = Palette { color: false };
    let mut s = session_of(s.world, game, Vec::new(), Keymap::default_keys(), palette);
    screen::keys(&mut s, "l.");
    screen::press_char(&mut s, '.');
    assert_eq!(s.world.player().id, 1, "Bob's turn");
    screen::press_char(&mut s, 'S');
    assert!(s.ui.quit, "saved and quit: {:?}", s.ui.log.lines().last());
    let path = s.game.as_ref().unwrap().path.clone();
    (s, path)
}

#[test]
fn a_party_game_is_saved_and_continued_with_the_same_peoples_turns() {
    let (s, path) = played_and_saved();
    let hash = s.world.turn_hash();
    let mut saved = hexdeep::persist::load_game(&path).unwrap();
    assert_eq!(saved.current.turn_hash(), hash);
    let names: Vec<&str> = saved.current.creatures()[..2]
        .iter()
        .map(|c| c.name.as_str())
        .collect();
    assert_eq!(names, ["Ann", "Bob"]);
    let step = &saved.record.steps[0];
    let given: Vec<(usize, u16)> = step.given.iter().map(|g| (g.hero, g.player.0)).collect();
    assert_eq!(
        given,
        [(0, 1), (1, 2)],
        "each hero's directive by its person"
    );
    assert_eq!(
        saved
            .record
            .verify(Some(&saved.current))
            .unwrap()
            .turn_hash(),
        hash
    );
    // `continue`: the same people take their turns. Ann's directive in the segment not yet
    // resolved was not saved: the segment asks everyone again, Ann first.
    let file = hexdeep::ui::start::resumed_file(&mut saved, &path).unwrap();
    let palette = Palette { color: false };
    let mut s = session_of(
        saved.current,
        file,
        Vec::new(),
        Keymap::default_keys(),
        palette,
    );
    let ann = text(&mut s);
    assert!(ann.contains("Ann's turn — hero Ann, depth 1"), "{ann}");
    let lines = sidebar(&ann);
    assert!(
        has_member(&lines, ">Ann: 20/20 hp, D1", "to play"),
        "{lines:?}"
    );
    assert!(
        has_member(&lines, "Bob: 20/20 hp, D1", "to play"),
        "{lines:?}"
    );
    screen::press_char(&mut s, '.');
    assert!(text(&mut s).contains("Bob's turn — hero Bob"));
    screen::press_char(&mut s, '.');
    let game = s.game.as_ref().unwrap();
    assert_eq!(game.record.steps.len(), 2, "the continued game records on");
    assert_eq!(
        game.record.verify(Some(&s.world)).unwrap().turn_hash(),
        s.world.turn_hash()
    );
}

#[test]
fn when_standing_orders_run_the_game_a_key_stops_them_all() {
    use hexdeep::ui::events::{Scripted, ScriptedEvents};
    let mut s = party(false, &[]);
    let from: Vec<Cell> = (0..2).map(|h| s.world.creatures()[h].pos).collect();
    let mut term = ratatui::Terminal::new(ratatui::backend::TestBackend::new(100, 30)).unwrap();
    // Both explore; nobody is asked, so the loop runs two segments; then a key.
    let script = [
        Scripted::keys("oo"),
        vec![Scripted::Idle, Scripted::Idle],
        Scripted::keys("x"),
    ];
    let mut events = ScriptedEvents::new(script.into_iter().flatten());
    hexdeep::ui::game_loop::run(&mut s, &mut term, &mut events);
    for (h, start) in from.iter().enumerate() {
        assert_ne!(s.world.creatures()[h].pos, *start, "hero {h} explored");
    }
    assert!(
        !s.orders_running(),
        "the segment waits for the people again"
    );
    let ann = text(&mut s);
    assert!(ann.contains("You stop: you pressed a key."), "{ann}");
    let lines = sidebar(&ann);
    assert!(
        has_member(&lines, ">Ann: 20/20 hp, D1", "to play"),
        "{lines:?}"
    );
    assert!(
        has_member(&lines, "Bob: 20/20 hp, D1", "to play"),
        "{lines:?}"
    );
}
