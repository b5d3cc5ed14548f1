//! The monsters' tactics on the screen (issue 33): every tile a feint may take is marked, the
//! sidebar says a feint is one of several tiles and a thrust comes from two tiles away, and
//! looking at a spearman, a kobold or a slinger tells what it does.
#![allow(clippy::unwrap_used)]

#[path = "support/room.rs"]
mod room;
#[path = "support/screen.rs"]
mod screen;

use hexdeep::geom::Cell;
use hexdeep::ui::app::Session;
use hexdeep::ui::keymap::Keymap;
use hexdeep::ui::palette::{Mark, Palette};
use hexdeep::ui::view::overlay::Overlay;

fn session(monsters: &[(&str, Cell)]) -> Session {
    let world = room::world(monsters);
    Session::new(world, Keymap::default_keys(), Palette { color: false })
}

/// The screen's text, 100 by 30.
fn text(s: &mut Session) -> String {
    screen::text(&screen::draw(s, 100, 30))
}

#[test]
fn every_tile_a_feint_may_take_is_marked_and_the_sidebar_says_so() {
    // The player at (1, 2), a kobold two tiles off, bent: two tiles lie next to both.
    let mut s = session(&[("kobold", Cell::new(2, 1))]);
    let both = [Cell::new(1, 1), Cell::new(2, 2)];
    let overlay = Overlay::build(&s.world, &s.ui, s.palette);
    for tile in both {
        assert_eq!(overlay.mark_at(tile), Some(Mark::Move), "{tile:?}");
    }
    let text = text(&mut s);
    // The sidebar may wrap the words.
    let sidebar: Vec<&str> = text.lines().filter_map(|l| l.split('│').nth(1)).collect();
    let words = sidebar
        .join(" ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    assert!(words.contains("feints: one of 2 tiles"), "{text}");
}

#[test]
fn a_thrust_from_two_tiles_away_is_marked_on_you_and_named() {
    let mut s = session(&[("goblin spearman", Cell::new(3, 2))]);
    let overlay = Overlay::build(&s.world, &s.ui, s.palette);
    assert_eq!(overlay.mark_at(Cell::new(1, 2)), Some(Mark::Attack));
    assert_eq!(
        overlay.mark_at(Cell::new(2, 2)),
        None,
        "the tile between is safe"
    );
    let text = text(&mut s);
    assert!(text.contains("thrusts at you"), "{text}");
}

#[test]
fn the_card_tells_a_thrust_a_feint_a_step_back_and_a_pair() {
    for (kind, said) in [
        ("goblin spearman", "Its spear thrusts two tiles along a"),
        ("goblin spearman", "It comes with a goblin at its side."),
        ("kobold", "It feints as it comes"),
        ("goblin slinger", "Next to you it steps back out of your"),
    ] {
        let mut s = session(&[(kind, Cell::new(6, 2))]);
        screen::press_char(&mut s, 'x');
        let text = text(&mut s);
        assert!(text.contains(said), "{kind}: {said}\n{text}");
    }
    // A plain goblin says none of it.
    let mut s = session(&[("goblin", Cell::new(6, 2))]);
    screen::press_char(&mut s, 'x');
    let text = text(&mut s);
    for said in ["thrusts", "feints", "steps back", "comes with"] {
        assert!(!text.contains(said), "{said}\n{text}");
    }
}
