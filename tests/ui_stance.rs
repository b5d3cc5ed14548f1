//! Issue 17: what a monster is about ([`World::stance`]) is one thing, told alike by the
//! sidebar and by what stops travel, exploring and rest. A fleeing kobold near by stopped a
//! rest; a jackal whose pack was dead was said to wait for its pack.
#![allow(clippy::unwrap_used)]

#[path = "support/room.rs"]
mod room;
#[path = "support/screen.rs"]
mod screen;

use hexdeep::geom::Cell;
use hexdeep::map::{Level, Terrain};
use hexdeep::sim::{Command, NEAR, Stance, World};
use hexdeep::ui::app::Session;
use hexdeep::ui::auto::next_command;
use hexdeep::ui::keymap::{Intent, Keymap};
use hexdeep::ui::palette::Palette;
use hexdeep::ui::state::Auto;

fn session(level: Level) -> Session {
    let world = World::new(
        hexdeep::content::Content::bundled().unwrap().into(),
        level,
        5,
    )
    .unwrap();
    Session::new(world, Keymap::default_keys(), Palette { color: false })
}

/// The session with the player at `hp` and monster 1 at `monster_hp`.
fn hurt(mut s: Session, hp: i32, monster_hp: i32) -> Session {
    let mut parts = s.world.to_parts();
    parts.creatures[0].hp = hp;
    parts.creatures[1].hp = monster_hp;
    s.world = World::from_parts(parts, s.world.content_handle()).unwrap();
    s
}

/// The sidebar's text as one line (its wrapped lines joined by spaces).
fn sidebar(s: &mut Session) -> String {
    let text = screen::text(&screen::draw(s, 120, 40));
    let parts: Vec<&str> = text
        .lines()
        .filter_map(|l| l.split_once('│').map(|(_, side)| side.trim()))
        .collect();
    parts.join(" ")
}

#[test]
fn a_fleeing_kobold_near_by_stops_no_rest() {
    let mut s = hurt(session(room::level(&[("kobold", Cell::new(3, 2))])), 5, 1);
    s.perform(Command::Wait);
    let kobold = &s.world.creatures()[1];
    let me = s.world.player().pos;
    assert!(s.world.is_visible(kobold.pos));
    assert!(s.world.dist(me, kobold.pos) <= NEAR, "{:?}", kobold.pos);
    assert_eq!(s.world.stance(1), Stance::Flees);
    assert!(s.world.threats().is_empty(), "{:?}", s.world.threats());
    let side = sidebar(&mut s);
    assert!(side.contains("kobold 1/6 hp, flees "), "{side}");
    // Rest is not refused, and it goes on while the kobold runs.
    hexdeep::ui::update::update(&mut s.ui, &s.world, Intent::Rest);
    assert_eq!(s.ui.auto, Some(Auto::Rest), "{:?}", s.ui.log.lines().last());
    for _ in 0..3 {
        let command = next_command(&mut s.ui, &s.world);
        assert_eq!(
            command,
            Some(Command::Rest),
            "{:?}",
            s.ui.log.lines().last()
        );
        s.perform(Command::Rest);
    }
}

/// The room split by a band of deep water (x = 3): a jackal on the far side, three tiles from
/// the player (within its pack's radius), sees them and cannot reach them. `kin` more jackals
/// stand far off on its side.
fn across_the_water(kin: usize) -> Level {
    let mut monsters = vec![("jackal", Cell::new(4, 2))];
    monsters.extend(
        [Cell::new(11, 0), Cell::new(11, 4)]
            .iter()
            .take(kin)
            .map(|&h| ("jackal", h)),
    );
    let mut level = room::level(&monsters);
    for y in 0..5 {
        level.terrain.set(Cell::new(3, y), Terrain::DeepWater);
    }
    level
}

#[test]
fn a_lone_jackal_is_never_said_to_wait_for_its_pack() {
    // Its pack is dead (it is the last jackal): it hunts alone, and standing still on its
    // bank it only waits.
    let mut s = session(across_the_water(0));
    s.perform(Command::Wait);
    assert!(s.world.is_visible(s.world.creatures()[1].pos));
    assert_eq!(s.world.stance(1), Stance::Hunts);
    let side = sidebar(&mut s);
    assert!(
        side.contains("jackal 4/4 hp, waits, fast: 3 a turn"),
        "{side}"
    );
    assert!(!side.contains("pack"), "{side}");
    // With its pack alive, it does wait for it (and stops nothing, so far off).
    let mut s = session(across_the_water(2));
    s.perform(Command::Wait);
    assert_eq!(s.world.stance(1), Stance::WaitsForPack);
    let side = sidebar(&mut s);
    assert!(
        side.contains("jackal A 4/4 hp, waits for its pack, fast: 3 a turn"),
        "{side}"
    );
    assert!(s.world.threats().is_empty(), "{:?}", s.world.threats());
}
