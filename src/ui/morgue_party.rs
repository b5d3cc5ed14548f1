//! A party's character dump (issue 31): after the game's own lines, every hero with their
//! own sheet (their fate, hit points, depth, kills, gear and pack) and their allies, in the
//! heroes' order; and the dump's file name, after the party.

use super::inventory;
use crate::sim::fates::Fates;
use crate::sim::{Ending, World, a_name};
use std::fmt::Write as _;

/// The heroes' sheets of a party's dump, each under a heading of its hero's name.
pub fn sheets(world: &World, fates: &Fates) -> String {
    let mut out = String::from("\nThe party:\n");
    for fate in &fates.heroes {
        let mut seen = world.clone();
        seen.set_viewer(fate.hero);
        let me = seen.player();
        let _ = writeln!(out, "\n== {} ==", fate.name);
        let _ = writeln!(out, "Fate:    {}", fate_words(&fate.ending(world.ending())));
        let _ = writeln!(out, "HP:      {}/{}", me.hp.max(0), me.max_hp);
        let _ = writeln!(out, "Depth:   {} now, {} deepest", me.depth, fate.deepest);
        let _ = writeln!(out, "Kills:   {}", fate.kills);
        let gear = |item: &Option<String>| item.as_deref().map_or("nothing".to_string(), a_name);
        let _ = writeln!(out, "Wields:  {}", gear(&me.wielded));
        let _ = writeln!(out, "Wears:   {}", gear(&me.worn));
        out.push_str("Pack:\n");
        let items = inventory::lines(&seen);
        if items.is_empty() {
            out.push_str("  nothing\n");
        }
        for line in items {
            let _ = writeln!(out, "  {line}");
        }
        let _ = writeln!(out, "Allies:  {}", allies(world, fate.hero));
    }
    out
}

/// A hero's fate in words: "killed by an ogre on depth 1", "escaped with the artifact",
/// "alive when the party quit".
fn fate_words(ending: &Ending) -> String {
    match ending {
        Ending::Quit => "alive when the party gave up".to_string(),
        Ending::OutOfTime => "alive when the run ran out of time".to_string(),
        other => other.describe(),
    }
}

/// The allies that follow `hero`, the fallen too: "a rat (guards)", or "none".
fn allies(world: &World, hero: crate::sim::CreatureId) -> String {
    let named: Vec<String> = world
        .allies()
        .iter()
        .filter(|a| a.leader == hero)
        .map(|a| {
            let c = &world.creatures()[a.id];
            let state = if c.alive { a.task.words() } else { "fell" };
            format!("{} ({state}, depth {})", a_name(&c.name), c.depth)
        })
        .collect();
    if named.is_empty() {
        "none".to_string()
    } else {
        named.join(", ")
    }
}

/// The dump's name for a party: its heroes' names and the game's, `Ann-and-Bob-game-5` or
/// `Ann-Bob-and-Cy-game-5`, each name kept to what a file name may hold (letters, digits,
/// `-`, `_`; anything else becomes `_`).
pub fn file_name(names: &[&str], game: &str) -> String {
    let plain = |n: &str| -> String {
        n.chars()
            .map(|c| {
                if c.is_alphanumeric() || c == '-' || c == '_' {
                    c
                } else {
                    '_'
                }
            })
            .collect()
    };
    let names: Vec<String> = names.iter().map(|n| plain(n)).collect();
    let party = match names.as_slice() {
        [] => String::new(),
        [one] => format!("{one}-"),
        [first @ .., last] => format!("{}-and-{last}-", first.join("-")),
    };
    format!("{party}{game}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_party_s_dump_is_named_after_its_heroes() {
        assert_eq!(file_name(&["Ann", "Bob"], "game-5"), "Ann-and-Bob-game-5");
        assert_eq!(
            file_name(&["Ann", "Bob", "Cy"], "game-5"),
            "Ann-Bob-and-Cy-game-5"
        );
        assert_eq!(file_name(&["../x", "Zoë y"], "g"), "___x-and-Zoë_y-g");
        assert_eq!(fate_words(&Ending::Won), "escaped with the artifact");
    }
}
