//! Deadlines in hotseat (issue 31): each person's chess clock runs while the segment waits on
//! them; when it runs out their hero follows the AI for the segment and the turn passes on,
//! and their next directive takes it back. And a fallen hero's person, who watches or leaves.
//! Time is a fake clock the tests advance: nothing sleeps.
#![allow(clippy::unwrap_used)]

#[path = "support/cli.rs"]
mod cli;
#[path = "support/room.rs"]
mod room;
#[path = "support/screen.rs"]
mod screen;

use hexdeep::content::Content;
use hexdeep::geom::Cell;
use hexdeep::sim::World;
use hexdeep::ui::app::Session;
use hexdeep::ui::clock::FakeClock;
use hexdeep::ui::events::EventSource;
use hexdeep::ui::hotseat::timer::ClockSetting;
use hexdeep::ui::keymap::Keymap;
use hexdeep::ui::palette::Palette;
use ratatui::crossterm::event::Event;
use ratatui::style::Modifier;
use std::sync::Arc;
use std::time::Duration;

fn secs(n: u64) -> Duration {
    Duration::from_secs(n)
}

/// Ann and Bob in the open test room with `monsters`, Ann's hero at (1, 2), Bob's at (0, 1).
fn world(monsters: &[(&str, Cell)]) -> World {
    let content: Arc<Content> = Content::bundled().unwrap().into();
    let mut world = World::party_on_levels(content, vec![room::level(monsters)], 5, 2).unwrap();
    world.name_heroes(&["Ann".to_string(), "Bob".to_string()]);
    world
}

/// Ann and Bob's game with the clock `clock` (as `--clock` writes it), timed by a fake clock
/// the test keeps.
fn timed(world: World, clock: &str) -> (Session, FakeClock) {
    let mut s = Session::hotseat(world, Keymap::default_keys(), Palette { color: false });
    let time = FakeClock::default();
    s.time_people(ClockSetting::parse(clock).unwrap(), Arc::new(time.clone()));
    (s, time)
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

fn now(s: &Session) -> (u64, u32) {
    (s.world.turn(), s.world.segment())
}

/// Whether the roster shows `hero` (name, hit points, depth) with `state` on the line under
/// it (followed by the person's clock in a game with one).
fn has_member(lines: &[String], hero: &str, state: &str) -> bool {
    lines
        .windows(2)
        .any(|w| w[0] == hero && (w[1] == state || w[1].starts_with(&format!("{state}, clock "))))
}

#[test]
fn a_deadline_passing_hands_the_hero_to_the_ai_and_the_turn_passes_on() {
    let (mut s, time) = timed(world(&[]), "10+2");
    let (start, ann_at) = (now(&s), s.world.creatures()[0].pos);
    assert_eq!(s.world.player().id, 0, "Ann's turn");
    time.advance(Duration::from_millis(9_999));
    s.check_clock();
    assert_eq!(s.world.player().id, 0, "Ann still has a moment");
    time.advance(Duration::from_millis(1));
    s.check_clock();
    assert_eq!(s.world.player().id, 1, "the turn passed to Bob");
    assert_eq!(now(&s), start, "the segment waits for Bob");
    let bob = text(&mut s);
    assert!(
        bob.contains("Ann's time ran out: their hero follows the AI this segment."),
        "{bob}"
    );
    assert!(
        has_member(&sidebar(&bob), "Ann: 20/20 hp, D1", "late"),
        "{bob}"
    );
    screen::press_char(&mut s, '.');
    assert_ne!(now(&s), start, "Bob's directive resolved the segment");
    assert_eq!(s.world.creatures()[0].pos, ann_at, "the AI held Ann's hero");
    assert_eq!(s.world.player().id, 0, "Ann is asked again");
    assert!(
        text(&mut s).contains("Ann's time ran out"),
        "told to Ann too"
    );
}

#[test]
fn the_person_takes_the_hero_back_by_giving_a_directive() {
    let (mut s, time) = timed(world(&[]), "10+2");
    time.advance(secs(11));
    s.check_clock();
    screen::press_char(&mut s, '.');
    // Ann has her increment, 2 seconds: she steps east in 1.
    assert_eq!(s.world.player().id, 0);
    let ann_at = s.world.creatures()[0].pos;
    time.advance(secs(1));
    s.check_clock();
    screen::press_char(&mut s, 'l');
    assert_eq!(s.world.player().id, 1, "Bob's turn");
    screen::press_char(&mut s, '.');
    assert_ne!(
        s.world.creatures()[0].pos,
        ann_at,
        "Ann's directive counted"
    );
    assert_eq!(s.world.creatures()[0].pos, Cell::new(2, 2));
}

#[test]
fn each_bank_earns_the_increment_every_segment_and_the_roster_shows_the_clocks() {
    let (mut s, time) = timed(world(&[]), "10+2");
    let lines = sidebar(&text(&mut s));
    assert!(
        lines.iter().any(|l| l.ends_with(", clock 0:10")),
        "{lines:?}"
    );
    time.advance(secs(3));
    screen::press_char(&mut s, '.');
    time.advance(secs(1));
    screen::press_char(&mut s, '.');
    // Ann: 10 − 3 + 2; Bob: 10 − 1 + 2; Ann's runs again.
    let buf = screen::draw(&mut s, 100, 30);
    let lines = sidebar(&screen::text(&buf));
    let at = |needle: &str| lines.iter().position(|l| l.ends_with(needle));
    let (ann, bob) = (at("clock 0:09").unwrap(), at("clock 0:11").unwrap());
    assert!(ann < bob, "each clock under its hero's line: {lines:?}");
    assert_eq!(s.time_left(), Some(secs(9)));
    // The running clock is drawn reversed, the other not.
    let styled = |needle: &str| {
        let row = (0..buf.area.height)
            .find(|&y| {
                let line: String = (0..buf.area.width).map(|x| buf[(x, y)].symbol()).collect();
                line.contains(needle)
            })
            .unwrap();
        let x = (0..buf.area.width)
            .find(|&x| buf[(x, row)].symbol() == "c" && buf[(x + 1, row)].symbol() == "l")
            .unwrap();
        buf[(x, row)].modifier.contains(Modifier::REVERSED)
    };
    assert!(styled("clock 0:09"), "Ann's clock runs");
    assert!(!styled("clock 0:11"), "Bob's does not");
}

#[test]
fn a_standing_order_spends_no_time() {
    let (mut s, time) = timed(world(&[]), "10+2");
    screen::press_char(&mut s, 'o');
    assert_eq!(s.world.player().id, 1, "Bob's turn: Ann explores");
    for _ in 0..3 {
        time.advance(secs(1));
        screen::press_char(&mut s, '.');
    }
    // Ann: three segments' increments; Bob: 10 less three seconds plus as much.
    let lines = sidebar(&text(&mut s));
    assert!(
        lines.iter().any(|l| l.ends_with(", clock 0:16")),
        "{lines:?}"
    );
    assert!(
        lines.iter().any(|l| l.ends_with(", clock 0:13")),
        "{lines:?}"
    );
}

#[test]
fn while_standing_orders_run_the_game_nobody_s_time_runs() {
    let (mut s, time) = timed(world(&[]), "10+2");
    screen::keys(&mut s, "oo");
    assert!(s.orders_running(), "both explore");
    assert_eq!(s.time_left(), None);
    time.advance(secs(60));
    s.check_clock();
    assert!(!text(&mut s).contains("ran out"));
    assert!(s.orders_running());
}

#[test]
fn a_game_of_one_has_no_clock() {
    let content: Arc<Content> = Content::bundled().unwrap().into();
    let one = World::new(content, room::level(&[]), 5).unwrap();
    let mut s = Session::new(one, Keymap::default_keys(), Palette { color: false });
    let time = FakeClock::default();
    s.time_people(ClockSetting::parse("5+1").unwrap(), Arc::new(time.clone()));
    time.advance(secs(60));
    s.check_clock();
    assert_eq!(s.time_left(), None);
    let screen = text(&mut s);
    assert!(
        !screen.contains("clock") && !screen.contains("ran out"),
        "{screen}"
    );
    let start = now(&s);
    screen::press_char(&mut s, '.');
    assert_ne!(now(&s), start, "the game of one plays on");
}

#[test]
fn with_the_clock_off_nobody_runs_out() {
    let (mut s, time) = timed(world(&[]), "off");
    time.advance(secs(100_000));
    s.check_clock();
    assert_eq!(s.world.player().id, 0, "still Ann's turn");
    assert_eq!(s.time_left(), None);
    assert!(!text(&mut s).contains("clock"));
}

/// Input for the game loop that never comes: each wait passes on the fake clock, and is kept.
struct Idle {
    time: FakeClock,
    waits: Vec<Duration>,
    polls: usize,
}

impl EventSource for Idle {
    fn next_event(&mut self, wait: Duration) -> std::io::Result<Option<Event>> {
        self.time.advance(wait);
        self.waits.push(wait);
        Ok(None)
    }

    fn stop_requested(&self) -> bool {
        self.waits.len() >= self.polls
    }
}

#[test]
fn the_game_loop_wakes_at_the_deadline_without_a_key() {
    let (mut s, time) = timed(world(&[]), "1+0");
    time.advance(Duration::from_millis(930));
    let mut idle = Idle {
        time: time.clone(),
        waits: Vec::new(),
        polls: 1,
    };
    let mut term = ratatui::Terminal::new(ratatui::backend::TestBackend::new(100, 30)).unwrap();
    hexdeep::ui::game_loop::run(&mut s, &mut term, &mut idle);
    assert_eq!(
        idle.waits,
        [Duration::from_millis(70)],
        "no longer than the time left"
    );
    // The loop looks at the clock before it waits again: Ann's time is out, Bob's runs.
    idle.polls = 2;
    hexdeep::ui::game_loop::run(&mut s, &mut term, &mut idle);
    assert_eq!(s.world.player().id, 1, "Bob's turn");
    assert!(text(&mut s).contains("Ann's time ran out"));
}

/// Ann's hero at 1 hit point beside a troll, Bob's far off and alive.
fn doomed() -> World {
    let w = world(&[("troll", Cell::new(2, 2))]);
    let mut parts = w.to_parts();
    parts.creatures[0].hp = 1;
    World::from_parts(parts, Content::bundled().unwrap().into()).unwrap()
}

/// Plays segments of waiting until Ann's hero falls.
fn until_ann_falls(s: &mut Session) {
    for _ in 0..20 {
        if !s.world.creatures()[0].alive {
            return;
        }
        screen::press_char(s, '.');
    }
    panic!("Ann's hero did not fall");
}

#[test]
fn a_fallen_heros_person_is_told_and_may_leave_and_is_never_waited_for() {
    let (mut s, _time) = timed(doomed(), "10+2");
    until_ann_falls(&mut s);
    assert!(!s.world.is_over());
    let ann = text(&mut s);
    assert!(
        ann.contains("Ann's hero has fallen — w: watch the others, x: leave"),
        "{ann}"
    );
    assert!(ann.contains("Your hero has fallen."), "{ann}");
    assert_eq!(s.time_left(), None, "nobody's time runs while Ann chooses");
    screen::press_char(&mut s, 'x');
    let bob = text(&mut s);
    assert!(bob.contains("Bob's turn"), "{bob}");
    assert!(bob.contains("Ann leaves the game."), "{bob}");
    assert!(
        has_member(&sidebar(&bob), "Ann: 0/20 hp, D1", "gone"),
        "{bob}"
    );
    for _ in 0..3 {
        screen::press_char(&mut s, '.');
        assert!(text(&mut s).contains("Bob's turn"), "only Bob is asked");
    }
}

#[test]
fn a_fallen_heros_person_may_watch_on() {
    let (mut s, _time) = timed(doomed(), "off");
    until_ann_falls(&mut s);
    screen::press_char(&mut s, 'l');
    assert!(
        text(&mut s).contains("Ann's hero has fallen"),
        "another key only reminds Ann"
    );
    screen::press_char(&mut s, 'w');
    let bob = text(&mut s);
    assert!(
        bob.contains("Bob's turn") && bob.contains("Ann watches on."),
        "{bob}"
    );
    assert!(
        has_member(&sidebar(&bob), "Ann: 0/20 hp, D1", "watching"),
        "{bob}"
    );
}

#[test]
fn a_bad_clock_is_refused_before_the_game_with_exit_code_2() {
    for (clock, why) in [
        ("5", "give START+INC in whole seconds"),
        ("5+", "give START+INC in whole seconds"),
        ("fast", "give START+INC in whole seconds"),
        ("0+5", "the starting credit must be 1 to 86400 seconds"),
        ("60+9999", "the increment must be 0 to 3600 seconds"),
    ] {
        let out = cli::run(&["play", "--players", "2", "--clock", clock]);
        let err = cli::stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{clock}: {err}");
        assert!(
            err.contains("--clock") && err.contains(why),
            "{clock}: {err}"
        );
        assert!(!err.contains("panicked"), "{err}");
    }
}

#[test]
fn each_hero_s_state_and_clock_fit_the_sidebar_whole_at_the_common_sizes() {
    let (mut s, _time) = timed(world(&[]), "300+15");
    for (width, height) in [(80, 24), (100, 30), (120, 40)] {
        let lines = sidebar(&screen::text(&screen::draw(&mut s, width, height)));
        assert!(
            lines.contains(&">Ann: 20/20 hp, D1".to_string())
                && lines.contains(&"to play, clock 5:00".to_string())
                && lines.contains(&"Bob: 20/20 hp, D1".to_string()),
            "{width}x{height}: {lines:?}"
        );
    }
}
