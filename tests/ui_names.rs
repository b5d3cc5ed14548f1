//! Telling same-kind monsters apart (issue 17): two rats in view are "rat A" and "rat B" in
//! the sidebar, the messages and the look description, each keeps its letter while the player
//! can be told about it (in view or not), a dead rat's letter is not given to the next rat of
//! the fight, and the one under the look cursor is highlighted in the sidebar as on the map.
#![allow(clippy::unwrap_used)]

#[path = "support/room.rs"]
mod room;
#[path = "support/screen.rs"]
mod screen;
use hexdeep::geom::Cell;
use hexdeep::sim::{Names, World};
use hexdeep::ui::app::Session;
use hexdeep::ui::keymap::Keymap;
use hexdeep::ui::palette::Palette;
use hexdeep::ui::view;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Modifier;
use screen::{draw, press_char};

fn room(monsters: &[(&str, Cell)]) -> World {
    room::world(monsters)
}

fn two_rats() -> Session {
    let world = room(&[("rat", Cell::new(5, 1)), ("rat", Cell::new(6, 3))]);
    Session::new(world, Keymap::default_keys(), Palette { color: false })
}

const W: u16 = 110;
const H: u16 = 36;

/// The sidebar's rows (right of the map), trimmed.
fn sidebar(buf: &Buffer) -> Vec<String> {
    let side = view::areas(Rect::new(0, 0, W, H)).unwrap().sidebar;
    (side.top()..side.bottom())
        .map(|row| {
            (side.left()..side.right())
                .map(|col| buf[(col, row)].symbol())
                .collect::<String>()
                .trim_matches([' ', '│'])
                .to_string()
        })
        .collect()
}

fn rat_ids(world: &World) -> Vec<usize> {
    world
        .creatures()
        .iter()
        .filter(|c| c.name == "rat")
        .map(|c| c.id)
        .collect()
}

fn log(s: &Session) -> Vec<String> {
    s.ui.log.lines().collect()
}

#[test]
fn two_rats_are_rat_a_and_rat_b_in_the_sidebar() {
    let mut s = two_rats();
    let buf = draw(&mut s, W, H);
    let side = sidebar(&buf);
    let a = side.iter().find(|l| l.starts_with("r rat A ")).cloned();
    let b = side.iter().find(|l| l.starts_with("r rat B ")).cloned();
    assert!(a.is_some() && b.is_some(), "{side:#?}");
    assert!(a.unwrap().contains("3/3 hp") && b.unwrap().contains("3/3 hp"));
}

#[test]
fn a_lone_rat_has_no_letter() {
    let world = room(&[("rat", Cell::new(5, 1)), ("goblin", Cell::new(6, 3))]);
    let mut s = Session::new(world, Keymap::default_keys(), Palette { color: false });
    let side = sidebar(&draw(&mut s, W, H));
    assert!(side.iter().any(|l| l.starts_with("r rat ")), "{side:#?}");
    assert!(!side.iter().any(|l| l.starts_with("r rat A")), "{side:#?}");
}

#[test]
fn each_rat_keeps_its_letter_and_the_messages_use_it() {
    let mut s = two_rats();
    draw(&mut s, W, H);
    let names = s.ui.names.updated(&s.world);
    let letters: Vec<char> = rat_ids(&s.world)
        .iter()
        .map(|&id| names.letter(id).unwrap())
        .collect();
    let mut told = false;
    for _ in 0..12 {
        press_char(&mut s, '.');
        let names = s.ui.names.updated(&s.world);
        for (&id, &letter) in rat_ids(&s.world).iter().zip(&letters) {
            if s.world.creatures()[id].alive {
                assert_eq!(names.letter(id), Some(letter), "rat {id} kept its letter");
            }
        }
        let lines = log(&s);
        assert!(
            !lines.iter().any(|l| l.contains("the rat")),
            "with two rats in view no message says just 'the rat': {lines:#?}"
        );
        if lines
            .iter()
            .any(|l| l.contains("rat A") || l.contains("Rat A") || l.contains("Rat B"))
        {
            told = true;
        }
        if s.world.is_over() {
            break;
        }
    }
    assert!(told, "the rats were named in the messages: {:#?}", log(&s));
}

#[test]
fn looking_at_a_rat_names_it_and_highlights_its_sidebar_line() {
    let mut s = two_rats();
    press_char(&mut s, 'x');
    let buf = draw(&mut s, W, H);
    let side_area = view::areas(Rect::new(0, 0, W, H)).unwrap().sidebar;
    let side = sidebar(&buf);
    let pointed = s.ui.pointed.unwrap();
    let rat = s.world.creature_at(pointed).unwrap().id;
    let letter = s.ui.names.updated(&s.world).letter(rat).unwrap();
    let described = format!("the floor and rat {letter}");
    assert!(
        side.iter().any(|l| l.ends_with(&described)),
        "the look description names the rat: {side:#?}"
    );
    // Its line in the list is drawn reversed, like the cursor on the map; the other's is not.
    let row_of = |prefix: String| {
        let i = side.iter().position(|l| l.starts_with(&prefix)).unwrap();
        side_area.top() + u16::try_from(i).unwrap()
    };
    let other = if letter == 'A' { 'B' } else { 'A' };
    let reversed = |row: u16| {
        (side_area.left()..side_area.right())
            .any(|col| buf[(col, row)].modifier.contains(Modifier::REVERSED))
    };
    assert!(reversed(row_of(format!("r rat {letter} "))));
    assert!(!reversed(row_of(format!("r rat {other} "))));
    // Tab moves the cursor to the other rat, and the highlight follows it.
    screen::press(&mut s, ratatui::crossterm::event::KeyCode::Tab);
    let buf = draw(&mut s, W, H);
    let now = s.world.creature_at(s.ui.pointed.unwrap()).unwrap().id;
    assert_ne!(now, rat, "Tab went to the other rat");
    let row = |prefix: String| {
        let side = sidebar(&buf);
        let i = side.iter().position(|l| l.starts_with(&prefix)).unwrap();
        side_area.top() + u16::try_from(i).unwrap()
    };
    let reversed = |row: u16| {
        (side_area.left()..side_area.right())
            .any(|col| buf[(col, row)].modifier.contains(Modifier::REVERSED))
    };
    assert!(reversed(row(format!("r rat {other} "))));
    assert!(!reversed(row(format!("r rat {letter} "))));
}

#[test]
fn letters_go_nearest_first_and_a_dead_rats_letter_is_not_reused_in_the_fight() {
    // A third rat waits, dead for now, to come into view later.
    let world = room(&[
        ("rat", Cell::new(5, 1)),
        ("rat", Cell::new(3, 2)),
        ("rat", Cell::new(9, 3)),
    ]);
    let ids = rat_ids(&world);
    let with_alive = |alive: [bool; 3]| {
        let mut parts = world.to_parts();
        for (&id, alive) in ids.iter().zip(alive) {
            parts.creatures[id].alive = alive;
        }
        World::from_parts(parts, world.content_handle()).unwrap()
    };
    let start = with_alive([true, true, false]);
    let names = Names::default().updated(&start);
    // (3, 2) is nearer the player at (1, 2): it is A.
    assert_eq!(names.letter(ids[1]), Some('A'));
    assert_eq!(names.letter(ids[0]), Some('B'));
    assert_eq!(names.name(&start, ids[0]), "rat B");
    assert_eq!(names.the_name(&start, ids[1]), "rat A");

    // Rat A dies: rat B is still "rat B", not "the rat", and the next rat is C, not A.
    let gone = with_alive([true, false, false]);
    let names = names.updated(&gone);
    assert_eq!(names.the_name(&gone, ids[0]), "rat B");
    let third = with_alive([true, false, true]);
    let names = names.updated(&third);
    assert_eq!(names.letter(ids[2]), Some('C'));
    assert_eq!(names.letter(ids[0]), Some('B'));
    assert_eq!(names.name(&third, ids[2]), "rat C");

    // Once no rat is known any more, the letters start again at A.
    let none = with_alive([false, false, false]);
    let names = names.updated(&none);
    assert_eq!(names.letter(ids[0]), None);
    let again = with_alive([false, true, false]);
    let names = names.updated(&again);
    assert_eq!(names.letter(ids[1]), Some('A'));
    assert_eq!(names.the_name(&again, ids[1]), "the rat");
}

#[test]
fn a_rat_out_of_view_keeps_its_letter_in_messages_sidebar_and_look_alike() {
    use hexdeep::map::Terrain;
    use hexdeep::sim::{Event, messages_named};
    // A wall across the room at x = 7; rat A at (3, 2) and rat B at (5, 1) in view.
    let mut level = room::level(&[("rat", Cell::new(5, 1)), ("rat", Cell::new(3, 2))]);
    for y in 0..5 {
        level.terrain.set(Cell::new(7, y), Terrain::Wall);
    }
    let content = hexdeep::content::Content::bundled().unwrap().into();
    let world = World::new(content, level, 5).unwrap();
    let ids = rat_ids(&world);
    let (b, a) = (ids[0], ids[1]);
    let names = Names::default().updated(&world);
    assert_eq!((names.letter(a), names.letter(b)), (Some('A'), Some('B')));

    // Rat B goes behind the wall: out of view, still alive.
    let mut parts = world.to_parts();
    parts.creatures[b].pos = Cell::new(10, 2);
    let hidden = World::from_parts(parts, world.content_handle()).unwrap();
    assert!(!hidden.is_visible(Cell::new(10, 2)));
    let mut s = Session::new(hidden, Keymap::default_keys(), Palette { color: false });
    s.ui.names = names.updated(&s.world);

    // The message about the hidden rat, the sidebar and the look all tell the same two rats.
    let me = s.world.player().pos;
    let events = [Event::Hit {
        attacker: b,
        victim: World::PLAYER,
        at: me,
        damage: 1,
    }];
    assert_eq!(
        messages_named(&events, &s.world, &s.ui.names),
        ["rat B hits you"]
    );
    let side = sidebar(&draw(&mut s, W, H));
    assert!(side.iter().any(|l| l.starts_with("r rat A ")), "{side:#?}");
    let look = hexdeep::ui::describe::describe_named(&s.world, &s.ui.names, Cell::new(3, 2));
    assert!(look.contains("rat A"), "{look}");
}

#[test]
fn a_rat_killed_among_two_dies_under_its_letter() {
    let mut s = two_rats();
    let me = s.world.player().pos;
    for _ in 0..12 {
        let near = s
            .world
            .visible_monsters()
            .iter()
            .find_map(|c| s.world.level().terrain.direction(me, c.pos));
        match near {
            Some(dir) => {
                s.perform(hexdeep::sim::Command::Move(dir));
                break;
            }
            None => press_char(&mut s, '.'),
        }
    }
    let lines = log(&s);
    assert!(
        lines
            .iter()
            .any(|l| l == "Rat A dies." || l == "Rat B dies."),
        "{lines:#?}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("You hit rat ") || l.starts_with("You and rat ")),
        "{lines:#?}"
    );
}

#[test]
fn clicking_a_rats_line_in_the_sidebar_shows_it_on_the_map() {
    use ratatui::crossterm::event::{KeyModifiers, MouseButton, MouseEvent, MouseEventKind};
    let mut s = two_rats();
    let buf = draw(&mut s, W, H);
    let parts = view::areas(Rect::new(0, 0, W, H)).unwrap();
    let side = sidebar(&buf);
    let i = side.iter().position(|l| l.starts_with("r rat B ")).unwrap();
    let row = parts.sidebar.top() + u16::try_from(i).unwrap();
    let names = s.ui.names.updated(&s.world);
    let b = rat_ids(&s.world)
        .into_iter()
        .find(|&id| names.letter(id) == Some('B'))
        .unwrap();
    let pos = s.world.creatures()[b].pos;
    s.click_sidebar(
        MouseEvent {
            kind: MouseEventKind::Down(MouseButton::Left),
            column: parts.sidebar.left() + 3,
            row,
            modifiers: KeyModifiers::NONE,
        },
        parts.sidebar,
    );
    assert_eq!(s.ui.mode, hexdeep::ui::state::Mode::Look { cursor: pos });
    // On the map, rat B's tile is under the cursor (reversed); rat A's is not.
    let buf = draw(&mut s, W, H);
    let camera = view::camera(&s.world, &s.ui, parts.map);
    let cell_at = |hex: Cell| {
        (parts.map.left()..parts.map.right())
            .flat_map(|c| (parts.map.top()..parts.map.bottom()).map(move |r| (c, r)))
            .find(|&(c, r)| camera.hex_at(parts.map, c, r) == Some(hex))
            .unwrap()
    };
    let (c, r) = cell_at(pos);
    assert_eq!(buf[(c, r)].symbol(), "r");
    assert!(buf[(c, r)].modifier.contains(Modifier::REVERSED));
    let a = rat_ids(&s.world).into_iter().find(|&id| id != b).unwrap();
    let (c, r) = cell_at(s.world.creatures()[a].pos);
    assert!(!buf[(c, r)].modifier.contains(Modifier::REVERSED));
    // A click on a line that is no monster's changes nothing.
    s.click_sidebar(
        MouseEvent {
            kind: MouseEventKind::Down(MouseButton::Left),
            column: parts.sidebar.left() + 3,
            row: parts.sidebar.top(),
            modifiers: KeyModifiers::NONE,
        },
        parts.sidebar,
    );
    assert_eq!(s.ui.mode, hexdeep::ui::state::Mode::Look { cursor: pos });
}

#[test]
fn the_issues_message_tells_which_rat_lost_the_tile() {
    use hexdeep::sim::{BounceReason, Event, messages_named};
    // "The rat loses the tile to the rat." was the issue's example.
    let world = room(&[("rat", Cell::new(5, 1)), ("rat", Cell::new(3, 2))]);
    let names = Names::default().updated(&world);
    let ids = rat_ids(&world);
    let (far, near) = (ids[0], ids[1]);
    let at = world.creatures()[far].pos;
    let events = [Event::Bounced {
        who: far,
        at,
        toward: Cell::new(4, 2),
        reason: BounceReason::LostContest { winner: near },
    }];
    assert_eq!(
        messages_named(&events, &world, &names),
        ["rat B loses the tile to rat A"]
    );
    // With one rat in view it is "the rat" as before.
    let one = room(&[("rat", Cell::new(5, 1)), ("goblin", Cell::new(3, 2))]);
    let names = Names::default().updated(&one);
    let events = [Event::Bounced {
        who: rat_ids(&one)[0],
        at: Cell::new(5, 1),
        toward: Cell::new(4, 2),
        reason: BounceReason::LostContest { winner: 2 },
    }];
    assert_eq!(
        messages_named(&events, &one, &names),
        ["the rat loses the tile to the goblin"]
    );
}

#[test]
fn a_refused_or_stopped_automation_names_the_rat_as_the_sidebar_does() {
    let mut s = two_rats();
    press_char(&mut s, 'o');
    let last = log(&s).last().cloned().unwrap();
    let names = s.ui.names.updated(&s.world);
    let threat = s.world.threats().first().map(|(c, _)| c.id).unwrap();
    let name = names.name(&s.world, threat);
    assert!(name.starts_with("rat "), "{name}");
    assert_eq!(last, format!("You cannot explore with {name} in view."));
}
