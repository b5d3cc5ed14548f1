//! A run's summary: games, wins, deaths by cause, the deepest depth reached, turns; as text
//! with bars or as one JSON object. Everything but the speed numbers depends only on the
//! outcomes.

use super::game::Outcome;
use crate::sim::Ending;
use serde::Serialize;
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// The widest bar of the depth histogram, in characters.
const BAR_WIDTH: u32 = 40;

/// What a run of bot games came to.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Summary {
    /// Games played.
    pub games: usize,
    /// The heroes of each game's party, each played by a bot.
    pub players: usize,
    /// Games won.
    pub wins: usize,
    /// Deaths by cause: the killer's kind ("goblin"), or what else ended the run ("their own
    /// hand", "something unseen").
    pub deaths: BTreeMap<String, usize>,
    /// Games that ran out of time.
    pub out_of_time: usize,
    /// Games by the deepest depth reached.
    pub depths: BTreeMap<u32, usize>,
    /// The median deepest depth.
    pub median_depth: u32,
    /// Mean turns a game.
    pub mean_turns: f64,
    /// Turns played in all.
    pub total_turns: u64,
    /// Games a second of wall-clock time.
    pub games_per_second: f64,
    /// Turns a second of wall-clock time.
    pub turns_per_second: f64,
}

impl Summary {
    /// The summary of `outcomes`, games of parties of `players` heroes played in `seconds`
    /// of wall-clock time.
    pub fn of(players: usize, outcomes: &[Outcome], seconds: f64) -> Summary {
        let games = outcomes.len();
        let mut deaths = BTreeMap::new();
        let mut depths = BTreeMap::new();
        for o in outcomes {
            if let Some(cause) = o.ending.cause() {
                *deaths.entry(killer_kind(cause).to_string()).or_default() += 1;
            }
            *depths.entry(o.deepest).or_default() += 1;
        }
        let total_turns: u64 = outcomes.iter().map(|o| o.turns).sum();
        let mut deepest: Vec<u32> = outcomes.iter().map(|o| o.deepest).collect();
        deepest.sort_unstable();
        let per_second = |n: f64| if seconds > 0.0 { n / seconds } else { 0.0 };
        Summary {
            games,
            players,
            wins: count(outcomes, |e| *e == Ending::Won),
            deaths,
            out_of_time: count(outcomes, |e| *e == Ending::OutOfTime),
            depths,
            median_depth: deepest.get(games / 2).copied().unwrap_or(0),
            mean_turns: if games == 0 {
                0.0
            } else {
                total_turns as f64 / games as f64
            },
            total_turns,
            games_per_second: per_second(games as f64),
            turns_per_second: per_second(total_turns as f64),
        }
    }

    /// The summary with the speed numbers left out: the same for any number of threads.
    pub fn without_speed(&self) -> Summary {
        Summary {
            games_per_second: 0.0,
            turns_per_second: 0.0,
            ..self.clone()
        }
    }

    /// The win rate in percent.
    pub fn win_percent(&self) -> f64 {
        if self.games == 0 {
            0.0
        } else {
            self.wins as f64 * 100.0 / self.games as f64
        }
    }

    /// One JSON object.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_else(|_| "{}".to_string())
    }

    /// The summary as lines of text, with the depth histogram drawn in bars.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(
            out,
            "games {} ({} player{} each), wins {} ({:.1}%), deaths {}, out of time {}",
            self.games,
            self.players,
            if self.players == 1 { "" } else { "s" },
            self.wins,
            self.win_percent(),
            self.deaths.values().sum::<usize>(),
            self.out_of_time
        );
        if !self.deaths.is_empty() {
            let _ = writeln!(out, "deaths by cause:");
            let mut causes: Vec<(&String, &usize)> = self.deaths.iter().collect();
            causes.sort_by_key(|(cause, n)| (std::cmp::Reverse(**n), *cause));
            for (cause, n) in causes {
                let _ = writeln!(out, "  {n:>5}  {cause}");
            }
        }
        let _ = writeln!(out, "deepest depth reached (median {}):", self.median_depth);
        out.push_str(&self.histogram());
        let _ = writeln!(
            out,
            "mean turns {:.1}; {:.2} games/s, {:.0} turns/s",
            self.mean_turns, self.games_per_second, self.turns_per_second
        );
        out
    }

    /// One line a depth from 1 to the deepest reached: `  3 |#######      12`.
    pub fn histogram(&self) -> String {
        let most = self.depths.values().copied().max().unwrap_or(0).max(1);
        let deepest = self.depths.keys().copied().max().unwrap_or(0);
        let mut out = String::new();
        for depth in 1..=deepest {
            let n = self.depths.get(&depth).copied().unwrap_or(0);
            let width = (n as u64 * u64::from(BAR_WIDTH)).div_ceil(most as u64) as usize;
            let _ = writeln!(
                out,
                "  {depth:>2} |{:<w$} {n}",
                "#".repeat(width),
                w = BAR_WIDTH as usize
            );
        }
        out
    }
}

/// The kind of the killer a cause of death names ("a troll", "an ogre": "troll", "ogre"), so
/// that the summary's keys are the kinds of `data/monsters.toml`; any other cause as it is.
pub fn killer_kind(cause: &str) -> &str {
    cause
        .strip_prefix("an ")
        .or_else(|| cause.strip_prefix("a "))
        .unwrap_or(cause)
}

fn count(outcomes: &[Outcome], f: impl Fn(&Ending) -> bool) -> usize {
    outcomes.iter().filter(|o| f(&o.ending)).count()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn outcome(ending: Ending, deepest: u32, turns: u64) -> Outcome {
        Outcome {
            seed: 0,
            ending,
            deepest,
            turns,
        }
    }

    #[test]
    fn a_summary_counts_wins_deaths_and_depths() {
        let died = Ending::Died {
            cause: "a rat".into(),
            depth: 1,
        };
        let s = Summary::of(
            2,
            &[
                outcome(Ending::Won, 10, 300),
                outcome(died.clone(), 1, 100),
                outcome(died, 2, 200),
            ],
            2.0,
        );
        assert_eq!((s.games, s.wins, s.deaths["rat"]), (3, 1, 2));
        assert_eq!(s.players, 2);
        assert_eq!(s.depths[&1], 1);
        assert_eq!(s.median_depth, 2);
        assert!((s.mean_turns - 200.0).abs() < 1e-9);
        assert!((s.turns_per_second - 300.0).abs() < 1e-9);
        let text = s.to_text();
        assert!(
            text.contains("  rat\n") && text.contains(" 10 |#"),
            "{text}"
        );
        assert!(
            text.starts_with("games 3 (2 players each), wins 1"),
            "{text}"
        );
        let json: serde_json::Value = serde_json::from_str(&s.to_json()).unwrap();
        assert_eq!(json["depths"]["10"], 1);
        assert_eq!(json["deaths"]["rat"], 2, "{json}");
        assert_eq!(json["players"], 2, "{json}");
    }

    #[test]
    fn deaths_are_counted_by_the_killer_s_kind() {
        let died = |cause: &str| {
            outcome(
                Ending::Died {
                    cause: cause.into(),
                    depth: 3,
                },
                3,
                10,
            )
        };
        let s = Summary::of(
            1,
            &[
                died("a troll"),
                died("an ogre"),
                died("an ogre"),
                died("their own hand"),
            ],
            1.0,
        );
        let keys: Vec<&str> = s.deaths.keys().map(String::as_str).collect();
        assert_eq!(keys, ["ogre", "their own hand", "troll"]);
        assert_eq!(s.deaths["ogre"], 2);
    }
}
