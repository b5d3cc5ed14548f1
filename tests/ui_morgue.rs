//! The character dump and the end screen tell used-up items apart from gear (issue 17): a
//! chain mail worn all game is not "used", it was worn.
#![allow(clippy::unwrap_used)]

#[path = "support/room.rs"]
mod room;
use hexdeep::sim::World;
use hexdeep::ui::morgue;
use hexdeep::ui::view::story_lines;

/// A run that threw 3 darts, drank a potion, wielded a mace and wore chain mail (put on twice).
fn run() -> World {
    let world = room::world(&[]);
    let mut parts = world.to_parts();
    for (item, n) in [
        ("dart", 3),
        ("potion of healing", 1),
        ("mace", 1),
        ("chain mail", 2),
    ] {
        parts.story.items_used.insert(item.to_string(), n);
    }
    World::from_parts(parts, world.content_handle()).unwrap()
}

#[test]
fn the_dump_lists_used_up_items_and_gear_on_lines_of_their_own() {
    let dump = morgue::text(&run(), &[]);
    let line = |label: &str| {
        dump.lines()
            .find(|l| l.starts_with(label))
            .unwrap_or_else(|| panic!("no {label}\n{dump}"))
            .to_string()
    };
    assert_eq!(line("Used:"), "Used:    3 darts, a potion of healing");
    assert_eq!(line("Wielded:"), "Wielded: a mace");
    assert_eq!(line("Wore:"), "Wore:    a suit of chain mail");
}

#[test]
fn the_end_screen_tells_the_same() {
    let lines = story_lines(&run());
    for want in [
        "Items used up: 3 darts, a potion of healing",
        "Wielded: a mace",
        "Wore: a suit of chain mail",
    ] {
        assert!(lines.iter().any(|l| l == want), "{want}\n{lines:#?}");
    }
}
