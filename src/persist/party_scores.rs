//! A party's game in the hall of fame (issue 31): each hero enters it as their own run,
//! under their name and with the others named ("Ann (with Bob)"), with their own ending,
//! deepest depth and kills ([`crate::sim::fates`]).
//!
//! The hall's entry on disk (`v4::Score`, shared by formats 4 to 6) has one text, the
//! game's name; a party's entry keeps the hero and the others there after the save's name,
//! each after a unit separator (U+001F), which neither a save's name nor a hero's may hold.
//! A release that knows nothing of parties reads the entry as a run of that game.

use super::game::{HallOfFame, Score};
use crate::sim::fates::Fates;
use crate::sim::{GameRecord, World};

/// What separates the save's name, the hero's and the others' in a party's entry.
const SEPARATOR: char = '\u{1f}';

impl Score {
    /// The runs `record` holds, ended in `world`: the game's one run when `fates` is `None`
    /// (a game of one), else one for each hero of the party (their fates over the record,
    /// [`GameRecord::fates`]) who was alive when the record starts (a game taken over after a
    /// hero fell holds nothing that hero did), in the heroes' order.
    pub fn of_game(
        name: &str,
        record: &GameRecord,
        world: &World,
        fates: Option<&Fates>,
    ) -> Vec<Score> {
        let run = Score::of_run(name, record, world);
        let Some(fates) = fates else {
            return vec![run];
        };
        let names: Vec<&str> = fates.heroes.iter().map(|f| f.name.as_str()).collect();
        fates
            .heroes
            .iter()
            .filter(|f| !f.dead_at_start)
            .map(|f| {
                let others = names.iter().filter(|&&n| n != f.name);
                let mut entry = name.to_string();
                for part in std::iter::once(&f.name.as_str()).chain(others) {
                    entry.push(SEPARATOR);
                    entry.push_str(part);
                }
                Score {
                    name: entry,
                    ending: f.ending(world.ending()),
                    deepest: f.deepest,
                    kills: f.kills,
                    ..run.clone()
                }
            })
            .collect()
    }

    /// The game's name: the save's, without the party's names.
    pub fn game_name(&self) -> &str {
        self.name.split(SEPARATOR).next().unwrap_or_default()
    }

    /// The hero of a party's run and the others of the party; `None` for a game of one.
    pub fn party(&self) -> Option<(&str, Vec<&str>)> {
        let mut parts = self.name.split(SEPARATOR).skip(1);
        let hero = parts.next()?;
        Some((hero, parts.collect()))
    }

    /// Who played the run, for a listing: "Ann (with Bob): " for a party's hero, "Ann (with
    /// Bob and Cy): " for one of three, nothing for a game of one (whose lines stay as they
    /// were). Control characters a file may hold are escaped.
    pub fn played_by(&self) -> String {
        let Some((hero, others)) = self.party() else {
            return String::new();
        };
        let with = match others.as_slice() {
            [] => String::new(),
            [one] => format!(" (with {one})"),
            [first @ .., last] => format!(" (with {} and {last})", first.join(", ")),
        };
        crate::text::escape_controls(&format!("{hero}{with}: "))
    }
}

impl HallOfFame {
    /// Adds the runs of one game; the place (from 1) each made in the table as it is after
    /// all of them, in their order, `None` for one that did not make it.
    pub fn add_all(&mut self, scores: Vec<Score>) -> Vec<Option<usize>> {
        let mut places: Vec<Option<usize>> = Vec::new();
        for score in scores {
            let place = self.add(score);
            if let Some(new) = place {
                for p in &mut places {
                    *p = p
                        .map(|old| if new <= old { old + 1 } else { old })
                        .filter(|&old| old <= super::game::HALL_SIZE);
                }
            }
            places.push(place);
        }
        places
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::Tiling;
    use crate::sim::Ending;

    fn run(name: &str, deepest: u32) -> Score {
        Score {
            name: name.into(),
            seed: 1,
            tiling: Tiling::Hex,
            ending: Ending::Quit,
            deepest,
            turns: 10,
            kills: 0,
            taken_over: false,
        }
    }

    #[test]
    fn a_party_s_entry_names_its_hero_and_the_others() {
        let one = run("game-1", 1);
        assert_eq!(
            (one.game_name(), one.party(), one.played_by()),
            ("game-1", None, String::new())
        );
        let ann = run("game-1\u{1f}Ann\u{1f}Bob\u{1f}Cy", 1);
        assert_eq!(ann.game_name(), "game-1");
        assert_eq!(ann.party(), Some(("Ann", vec!["Bob", "Cy"])));
        assert_eq!(ann.played_by(), "Ann (with Bob and Cy): ");
        assert_eq!(
            run("g\u{1f}Bob\u{1f}Ann", 1).played_by(),
            "Bob (with Ann): "
        );
        assert_eq!(run("g\u{1f}B\u{1b}[2J", 1).played_by(), "B\\u{1b}[2J: ");
    }

    #[test]
    fn the_places_of_a_game_s_runs_are_those_after_all_of_them() {
        let mut hall = HallOfFame::default();
        for d in [9, 7, 5, 3, 1, 1, 1, 1, 1] {
            hall.add(run("old", d));
        }
        // 4 goes fourth, then 8 second (pushing 4 to fifth), then 6 fourth (4 to sixth).
        let places = hall.add_all(vec![run("a", 4), run("b", 8), run("c", 6)]);
        assert_eq!(places, [Some(6), Some(2), Some(4)]);
        let names: Vec<&str> = hall.entries.iter().map(|e| e.name.as_str()).collect();
        assert_eq!(names[1..6], ["b", "old", "c", "old", "a"]);
        // A run pushed out of the ten by a later one has no place.
        let places = hall.add_all(vec![run("d", 1), run("e", 20)]);
        assert_eq!(places, [None, Some(1)]);
    }
}
