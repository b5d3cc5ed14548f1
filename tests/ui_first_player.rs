//! What a first player trips on (issue 12), each as a promise checked on the screen or through
//! the session: keys while the window is too small, Up and Down, resting, aiming where the
//! telegraph points, the aim line and the dart's range, the sidebar's words, the camera, the
//! order of messages and dying.
#![allow(clippy::unwrap_used)]

#[path = "support/screen.rs"]
mod screen;
use hexdeep::geom::{Cell, Compass};
use hexdeep::map::{Grid, Level, Placement, PlacementKind, Shape, Terrain};
use hexdeep::sim::{Command, Intention, World};
use hexdeep::ui::app::Session;
use hexdeep::ui::auto::next_command;
use hexdeep::ui::keymap::Keymap;
use hexdeep::ui::palette::Palette;
use hexdeep::ui::state::{Auto, Mode};
use hexdeep::ui::view::{areas, camera};
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::KeyCode;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier};
use screen::{draw, press, press_char};

/// An open floor of `width` x `height`, the player at `start`, monsters by name.
fn room(width: u32, height: u32, start: Cell, monsters: &[(&str, Cell)]) -> Level {
    let grid = Grid::new(&Shape::Parallelogram { width, height }, Terrain::Floor).unwrap();
    let mut level = Level::new("Room", 1, grid);
    level.start = Some(start);
    for (name, at) in monsters {
        level.placements.push(Placement {
            at: *at,
            kind: PlacementKind::Monster((*name).to_string()),
        });
    }
    level
}

fn session(level: Level, color: bool) -> Session {
    Session::new(
        World::new(
            hexdeep::content::Content::bundled().unwrap().into(),
            level,
            3,
        )
        .unwrap(),
        Keymap::default_keys(),
        Palette { color },
    )
}

/// The same world with the player's hit points set (taken apart and put together again).
fn with_player_hp(world: &World, hp: i32) -> World {
    let mut parts = world.to_parts();
    parts.creatures[0].hp = hp;
    World::from_parts(parts, world.content_handle()).unwrap()
}

/// Every row of the screen as text.
fn screen_text(buf: &Buffer) -> Vec<String> {
    (0..buf.area.height)
        .map(|row| {
            (0..buf.area.width)
                .map(|col| buf[(col, row)].symbol())
                .collect()
        })
        .collect()
}

/// The screen cell where `hex` is drawn in a `w` x `h` screen.
fn cell_of(s: &Session, hex: Cell, w: u16, h: u16) -> Option<(u16, u16)> {
    let map = areas(Rect::new(0, 0, w, h)).unwrap().map;
    let camera = camera(&s.world, &s.ui, map);
    (map.top()..map.bottom())
        .flat_map(|row| (map.left()..map.right()).map(move |col| (col, row)))
        .find(|&(col, row)| camera.hex_at(map, col, row) == Some(hex))
}

/// Runs the automation under way to its end; returns the commands it issued.
fn run_auto(s: &mut Session, limit: usize) -> Vec<Command> {
    let mut issued = Vec::new();
    while let Some(command) = next_command(&mut s.ui, &s.world) {
        s.perform(command);
        issued.push(command);
        assert!(issued.len() < limit, "automation never stopped");
    }
    issued
}

fn log(s: &Session) -> Vec<String> {
    s.ui.log.lines().collect()
}

#[test]
fn keys_do_not_act_while_the_window_is_too_small_but_quit_does() {
    let mut s = session(room(9, 9, Cell::new(4, 4), &[]), false);
    let text = screen_text(&draw(&mut s, 40, 10)).join("");
    assert!(text.contains("Make the window larger"), "{text}");
    // The message says what happens to keys: they are dropped, not kept for later.
    let words = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(words.contains("keys are ignored"), "{words}");
    assert!(!words.contains("wait"), "{words}");
    // Q there saves the game in progress (as every way out does), and the message says so.
    assert!(words.contains("Q saves the game and quits"), "{words}");
    for c in ['h', 'l', 's', 'R', 'o', 'q'] {
        press_char(&mut s, c);
    }
    assert_eq!(s.world.player().pos, Cell::new(4, 4));
    assert!(s.record.is_empty() && s.ui.auto.is_none() && !s.ui.quit);
    draw(&mut s, 100, 30);
    press_char(&mut s, 'h');
    assert_eq!(s.world.player().pos, Cell::new(3, 4), "keys act again");
    draw(&mut s, 30, 8);
    press_char(&mut s, 'Q');
    assert!(s.ui.quit, "quit works at once while too small");
}

#[test]
fn up_and_down_say_once_which_keys_step() {
    let mut s = session(room(9, 9, Cell::new(4, 4), &[]), false);
    press(&mut s, KeyCode::Up);
    press(&mut s, KeyCode::Down);
    press(&mut s, KeyCode::Up);
    let said: Vec<String> = log(&s)
        .into_iter()
        .filter(|l| l.contains("no hex direction"))
        .collect();
    assert_eq!(
        said,
        [
            "Up and Down have no hex direction; step with y u h l b n or 7 9 4 6 1 3 (NW NE W E SW SE)."
        ]
    );
    assert!(s.record.is_empty());
    press_char(&mut s, 'x');
    press(&mut s, KeyCode::Up);
    assert!(
        matches!(s.ui.mode, Mode::Look { .. }),
        "Up keeps the look cursor"
    );
}

#[test]
fn resting_heals_at_the_resting_rate_and_stops_when_healed() {
    let mut s = session(room(9, 9, Cell::new(4, 4), &[]), false);
    let max = s.world.player().max_hp;
    s.world = with_player_hp(&s.world, max - 5);
    press_char(&mut s, 'R');
    assert_eq!(s.ui.auto, Some(Auto::Rest));
    let issued = run_auto(&mut s, 1_000);
    assert!(issued.iter().all(|c| *c == Command::Rest));
    assert_eq!(s.world.player().hp, max);
    assert_eq!(
        s.world.turn(),
        5 * u64::from(
            hexdeep::content::Content::bundled()
                .unwrap()
                .player()
                .rest_regen_every
        ),
        "one hit point per rest_regen_every turns"
    );
    assert_eq!(log(&s).last().unwrap(), "You are rested.");
    press_char(&mut s, 'Z');
    assert_eq!(s.ui.auto, None);
    assert_eq!(log(&s).last().unwrap(), "You are not hurt.");
}

#[test]
fn resting_stops_when_a_monster_comes_for_you() {
    // A long corridor; a goblin wanders far off, out of sight, until it finds the player
    // (wandering in view unaware of the player, it does not stop the rest).
    let mut grid = Grid::new(
        &Shape::Parallelogram {
            width: 40,
            height: 3,
        },
        Terrain::Wall,
    )
    .unwrap();
    for x in 1..=38 {
        grid.set(Cell::new(x, 1), Terrain::Floor);
    }
    let mut level = Level::new("Corridor", 1, grid);
    level.start = Some(Cell::new(1, 1));
    level.placements.push(Placement {
        at: Cell::new(14, 1),
        kind: PlacementKind::Monster("goblin".to_string()),
    });
    let mut s = session(level, false);
    assert!(s.world.visible_monsters().is_empty());
    let mut parts = s.world.to_parts();
    parts.creatures[0].max_hp = 200;
    s.world = World::from_parts(parts, s.world.content_handle()).unwrap();
    s.world = with_player_hp(&s.world, 1);
    press_char(&mut s, 'R');
    run_auto(&mut s, 2_000);
    assert_eq!(s.ui.auto, None);
    assert!(!s.world.visible_monsters().is_empty(), "{:?}", log(&s));
    assert!(s.world.player().hp < s.world.player().max_hp);
    assert_eq!(
        log(&s).last().unwrap(),
        "You stop resting: a goblin comes toward you.",
        "{:?}",
        log(&s)
    );
}

#[test]
fn aim_starts_on_the_tile_the_monster_is_telegraphed_to_step_onto() {
    let mut s = session(
        room(12, 5, Cell::new(1, 2), &[("goblin", Cell::new(6, 2))]),
        false,
    );
    let plan = s.world.visible_plans()[0];
    let Intention::Move(to) = plan.intention else {
        panic!("the goblin should be walking towards the player");
    };
    assert!(plan.acts_next);
    press_char(&mut s, 'f');
    press_char(&mut s, 'a');
    assert_eq!(
        s.ui.mode,
        Mode::Aim {
            cursor: to,
            item: 'a'
        }
    );
    press(&mut s, KeyCode::Tab);
    assert_eq!(
        s.ui.mode,
        Mode::Aim {
            cursor: to,
            item: 'a'
        },
        "Tab wraps to the same"
    );
    press(&mut s, KeyCode::Esc);
    // Look mode points at the monster itself.
    press_char(&mut s, 'x');
    assert_eq!(s.ui.mode, Mode::Look { cursor: plan.from });
}

#[test]
fn the_aim_line_is_the_flight_and_shows_the_range() {
    let mut s = session(room(14, 5, Cell::new(1, 2), &[]), false);
    let me = s.world.player().pos;
    s.ui.mode = Mode::Aim {
        cursor: Cell::new(10, 2),
        item: 'a',
    };
    let buf = draw(&mut s, 100, 30);
    let style = |x: i32| {
        let (col, row) = cell_of(&s, Cell::new(x, 2), 100, 30).unwrap();
        buf[(col, row)].modifier
    };
    let flight = s.world.flight_path(me, Cell::new(10, 2));
    assert_eq!(flight.len(), 9);
    for x in 2..=7 {
        assert!(style(x).contains(Modifier::UNDERLINED), "{x} is in range");
        assert!(!style(x).contains(Modifier::CROSSED_OUT));
    }
    for x in 8..=10 {
        assert!(
            style(x).contains(Modifier::CROSSED_OUT),
            "{x} is out of range"
        );
    }
    assert!(style(10).contains(Modifier::REVERSED), "the cursor");
    let text = screen_text(&buf).join("\n");
    assert!(text.contains("(range 6)"), "{text}");

    // A wall on the line: the line stops before it, as the dart does.
    let mut level = room(14, 5, Cell::new(1, 2), &[]);
    level.terrain.set(Cell::new(5, 2), Terrain::Wall);
    let mut s = session(level, false);
    s.ui.mode = Mode::Aim {
        cursor: Cell::new(7, 2),
        item: 'a',
    };
    let buf = draw(&mut s, 100, 30);
    let style = |x: i32| {
        let (col, row) = cell_of(&s, Cell::new(x, 2), 100, 30).unwrap();
        buf[(col, row)].modifier
    };
    assert_eq!(
        s.world.flight_path(me, Cell::new(7, 2)),
        (2..5).map(|x| Cell::new(x, 2)).collect::<Vec<_>>()
    );
    assert!(style(4).contains(Modifier::UNDERLINED));
    assert!(
        !style(5).contains(Modifier::UNDERLINED),
        "the wall is not flown"
    );
    assert!(!style(6).contains(Modifier::UNDERLINED));
}

#[test]
fn the_range_legend_says_what_is_drawn() {
    let mut s = session(room(14, 9, Cell::new(4, 4), &[]), true);
    s.ui.mode = Mode::Range;
    let buf = draw(&mut s, 100, 30);
    let text = screen_text(&buf).join("\n");
    for words in [
        "green = this turn",
        "grey = next turn",
        "green underline = 3 turns",
    ] {
        assert!(text.contains(words), "{words}");
    }
    let speed = s.world.player().speed;
    let reach = s.world.known_reach(3 * speed);
    let at_turns = |turns: u32| {
        let (hex, _) = reach
            .iter()
            .find(|(_, c)| *c > 0 && c.div_ceil(speed) == turns)
            .unwrap();
        let (col, row) = cell_of(&s, *hex, 100, 30).unwrap();
        buf[(col, row)].clone()
    };
    assert_eq!(at_turns(1).bg, Color::Green);
    assert_eq!(at_turns(2).bg, Color::DarkGray);
    let three = at_turns(3);
    assert_eq!(three.fg, Color::Green);
    assert!(three.modifier.contains(Modifier::UNDERLINED));
}

#[test]
fn the_sidebar_names_hit_points_the_map_and_the_action_in_the_turn() {
    let mut s = session(
        room(12, 5, Cell::new(1, 2), &[("goblin", Cell::new(6, 2))]),
        false,
    );
    let text = screen_text(&draw(&mut s, 100, 30)).join("\n");
    assert!(text.contains("goblin 8/8 hp, moves"), "{text}");
    assert!(
        text.contains("Depth 1: Room") && !text.contains("Seed"),
        "{text}"
    );
    assert!(text.contains("Turn 1, action 1/2"), "{text}");
    assert!(text.contains("6 darts"), "{text}");
    s.perform(Command::Wait);
    let text = screen_text(&draw(&mut s, 100, 30)).join("\n");
    assert!(text.contains("Turn 1, action 2/2"), "{text}");
    s.perform(Command::Wait);
    let text = screen_text(&draw(&mut s, 100, 30)).join("\n");
    assert!(text.contains("Turn 2, action 1/2"), "{text}");
    // A generated dungeon shows its seed; a world of map files alone (above) has none.
    let world = World::new_game(
        hexdeep::content::Content::bundled().unwrap().into(),
        hexdeep::mapgen::dungeon(),
        31,
        Vec::new(),
    )
    .unwrap();
    let mut s = Session::new(world, Keymap::default_keys(), Palette { color: false });
    let text = screen_text(&draw(&mut s, 120, 40)).join("\n");
    assert!(
        text.contains("Seed 31"),
        "the sidebar shows the seed\n{text}"
    );

    let level =
        hexdeep::mapgen::generate(&hexdeep::content::Content::bundled().unwrap(), 7, 1, 60, 30);
    let name = level.name.clone();
    let mut s = session(level, false);
    let text = screen_text(&draw(&mut s, 100, 30)).join("\n");
    assert!(
        name.starts_with("Depth 1") && text.contains(&name) && !text.contains("Depth 1: Depth"),
        "{text}"
    );
}

#[test]
fn a_waiting_pack_says_so() {
    // Three jackals make a pack; one alone near the player waits for the other two, still
    // far away. (A jackal with no pack left on the level to wait for hunts alone.)
    let jackals = [
        ("jackal", Cell::new(4, 2)),
        ("jackal", Cell::new(10, 1)),
        ("jackal", Cell::new(11, 3)),
    ];
    let mut s = session(room(12, 5, Cell::new(1, 2), &jackals), false);
    let plan = s.world.visible_plans()[0];
    assert_eq!(plan.intention, Intention::Stay);
    let text = screen_text(&draw(&mut s, 100, 30)).join("\n");
    // The line wraps in the sidebar.
    assert!(
        text.contains("jackal 4/4 hp, waits for") && text.contains("its pack"),
        "{text}"
    );
}

#[test]
fn help_wraps_to_the_width_of_its_box() {
    let mut s = session(room(9, 9, Cell::new(4, 4), &[]), false);
    press_char(&mut s, '?');
    let narrow = screen_text(&draw(&mut s, 60, 30)).join("\n");
    assert!(narrow.contains("step north-west"), "{narrow}");
    // The paragraphs after the keys use the box's whole width.
    for _ in 0..100 {
        press(&mut s, KeyCode::Down);
    }
    let rows = screen_text(&draw(&mut s, 120, 40));
    let longest = rows
        .iter()
        .map(|r| {
            r.trim_start_matches([' ', '│'])
                .trim_end_matches([' ', '│'])
                .len()
        })
        .max()
        .unwrap();
    assert!(longest > 90, "help lines use the box's width: {longest}");
}

#[test]
fn the_look_cursor_scrolls_only_when_it_leaves_the_view() {
    let mut s = session(room(80, 9, Cell::new(40, 4), &[]), false);
    let map = areas(Rect::new(0, 0, 100, 30)).unwrap().map;
    let still = camera(&s.world, &s.ui, map);
    press_char(&mut s, 'x');
    press_char(&mut s, 'l');
    assert_eq!(
        camera(&s.world, &s.ui, map),
        still,
        "one tile: no scrolling"
    );
    for _ in 0..20 {
        press_char(&mut s, 'l');
    }
    let Mode::Look { cursor } = s.ui.mode else {
        panic!("still looking");
    };
    assert_eq!(cursor, Cell::new(61, 4));
    assert!(
        cell_of(&s, cursor, 100, 30).is_some(),
        "the cursor is in view"
    );
    assert!(
        cell_of(&s, s.world.player().pos, 100, 30).is_some(),
        "so is the player"
    );
    assert_ne!(camera(&s.world, &s.ui, map), still);
}

/// A corridor, a closed door at (6, 1), and a jackal just behind it.
fn door_with_jackal() -> Level {
    let mut grid = Grid::new(
        &Shape::Parallelogram {
            width: 12,
            height: 3,
        },
        Terrain::Wall,
    )
    .unwrap();
    for x in 1..=9 {
        grid.set(Cell::new(x, 1), Terrain::Floor);
    }
    grid.set(Cell::new(6, 1), Terrain::DoorClosed);
    let mut level = Level::new("Door", 1, grid);
    level.start = Some(Cell::new(1, 1));
    level.placements.push(Placement {
        at: Cell::new(7, 1),
        kind: PlacementKind::Monster("jackal".to_string()),
    });
    level
}

#[test]
fn exploring_stops_before_the_hits_are_told() {
    let mut s = session(door_with_jackal(), false);
    press_char(&mut s, 'o');
    run_auto(&mut s, 100);
    let lines = log(&s);
    let stop = lines
        .iter()
        .position(|l| l == "You stop: a jackal comes into view.")
        .unwrap_or_else(|| panic!("{lines:?}"));
    if let Some(hit) = lines.iter().position(|l| l.contains("hits you")) {
        assert!(stop < hit, "{lines:?}");
    }
    assert_eq!(
        s.world
            .level()
            .terrain
            .direction(s.world.player().pos, Cell::new(7, 1)),
        Some(Compass::E)
    );
}

#[test]
fn death_is_told_once_and_the_killer_stays_on_screen() {
    let mut s = session(
        room(12, 5, Cell::new(1, 2), &[("goblin", Cell::new(2, 2))]),
        false,
    );
    s.world = with_player_hp(&s.world, 1);
    for _ in 0..20 {
        if s.world.is_over() {
            break;
        }
        s.perform(Command::Wait);
    }
    assert!(s.world.is_over());
    let lines = log(&s);
    let deaths = lines
        .iter()
        .filter(|l| l.to_lowercase().contains("die") || l.contains("dead"))
        .count();
    assert_eq!(deaths, 1, "{lines:?}");
    // The end screen comes first; any key shows the map, with the killer still on it.
    assert!(matches!(s.ui.mode, Mode::End { .. }));
    let text = screen_text(&draw(&mut s, 100, 30)).join("\n");
    assert!(text.contains("killed by a goblin"), "{text}");
    press(&mut s, KeyCode::Esc);
    let goblin = s.world.visible_monsters()[0].pos;
    let (col, row) = cell_of(&s, goblin, 100, 30).unwrap();
    let buf = draw(&mut s, 100, 30);
    assert_eq!(buf[(col, row)].symbol(), "g");
    let text = screen_text(&buf).join("\n");
    assert!(
        text.contains("GAME OVER") && text.contains("Q quit") && !text.contains("dead"),
        "{text}"
    );
}

#[test]
fn travel_to_an_unknown_place_reads_as_a_sentence() {
    let mut level = room(12, 5, Cell::new(1, 2), &[]);
    for y in 0..5 {
        level.terrain.set(Cell::new(5, y), Terrain::Wall);
    }
    let mut s = session(level, false);
    hexdeep::ui::update::start_travel(&mut s.ui, &s.world, Cell::new(9, 2));
    assert_eq!(
        log(&s).last().unwrap(),
        "You know no way there: you have not seen that place."
    );
    hexdeep::ui::update::start_travel(&mut s.ui, &s.world, Cell::new(5, 2));
    assert_eq!(log(&s).last().unwrap(), "You cannot stand on a wall.");
}
