//! What the player needs to know (issue 33), as the screen and the log tell it: the alarm when
//! hit points run low, the warning before a throw that would land short, the quiver, what
//! looking at a monster says, and which items exploring and stepping pick up.
#![allow(clippy::unwrap_used)]

#[path = "support/room.rs"]
mod room;
#[path = "support/screen.rs"]
mod screen;

use hexdeep::geom::Hex;
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
    let world = room::world(&[("goblin", Hex::new(2, 2))]);
    assert_eq!(world.player().max_hp, 20);
    session(with_player_hp(&world, 9))
}

/// Waits (or goes on with `auto`, set anew before each step) until the player is hurt.
fn until_hurt(s: &mut Session, auto: Option<Auto>) {
    let hp = s.world.player().hp;
    for _ in 0..10 {
        s.ui.auto = auto.clone();
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
    assert!(line.contains(&format!("{hp}/20")) && line.contains("LOW"), "{line}");
}

#[test]
fn travel_explore_and_rest_stop_when_hit_points_fall_low() {
    use hexdeep::ui::alarm;
    let autos = [
        Auto::Rest,
        Auto::Explore { stairs_known: 0 },
        Auto::Travel {
            path: vec![Hex::new(1, 3)],
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
        assert_eq!(last, "You stop: your hit points are low (6 of 20).", "{auto:?}");
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
    until_hurt(&mut s, Some(Auto::Rest));
    assert_eq!(s.ui.auto, None);
    let said: Vec<String> = s.ui.log.lines().collect();
    let hp = s.world.player().hp;
    assert!(
        said.iter()
            .any(|l| l == &format!("Your hit points are low ({hp} of 20).")),
        "{said:?}"
    );
}
