//! The game around a world (ARCHITECTURE.md "Files"): its name, its record (the start, every
//! command with the world's hash after it, where it came from, which release recorded it and
//! which later ones took it over, each with the world as it loaded it), the current world and
//! the message log. From format 2 on every format writes this same envelope around its own
//! frozen world type `W`, field by field as the format's own structs did, so that a format
//! that changes only the world names its world type and nothing more, and a migration is one
//! function on worlds ([`SavedGame::map_worlds`]).
//!
//! The envelope's own types (origins, makers) are format 2's and frozen with it. Its steps
//! are format 2's by default; a format whose steps hold more names its own step type `S`
//! (format 6: the directives of several players), and its migration maps the steps too
//! ([`SavedGame::map_steps`]).

use super::v2::{Maker, Origin, Step};
use serde::{Deserialize, Serialize};

/// A later release took the game over: the steps from `at_step` on were played by it, from
/// `state`, the world as it loaded it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Upgrade<W> {
    pub at_step: u64,
    pub by: Maker,
    pub state: W,
}

/// A game's record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record<W, S = Step> {
    pub start: W,
    pub steps: Vec<S>,
    pub origin: Origin,
    pub made_by: Maker,
    pub upgrades: Vec<Upgrade<W>>,
}

/// A save or a finished game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedGame<W, S = Step> {
    pub name: String,
    pub record: Record<W, S>,
    pub current: W,
    pub log: Vec<String>,
}

impl<W, S> SavedGame<W, S> {
    /// The same game with every step of its record turned by `up` into another format's.
    pub fn map_steps<T>(self, up: impl FnMut(S) -> T) -> SavedGame<W, T> {
        let r = self.record;
        SavedGame {
            name: self.name,
            record: Record {
                start: r.start,
                steps: r.steps.into_iter().map(up).collect(),
                origin: r.origin,
                made_by: r.made_by,
                upgrades: r.upgrades,
            },
            current: self.current,
            log: self.log,
        }
    }

    /// The same game with every world it holds (the record's start, each upgrade's, the
    /// current one) turned by `up` into another format's: all a migration of the envelope is.
    pub fn map_worlds<V>(self, mut up: impl FnMut(W) -> V) -> SavedGame<V, S> {
        let Record {
            start,
            steps,
            origin,
            made_by,
            upgrades,
        } = self.record;
        SavedGame {
            name: self.name,
            record: Record {
                start: up(start),
                steps,
                origin,
                made_by,
                upgrades: upgrades
                    .into_iter()
                    .map(|u| Upgrade {
                        at_step: u.at_step,
                        by: u.by,
                        state: up(u.state),
                    })
                    .collect(),
            },
            current: up(self.current),
            log: self.log,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::persist::codec;

    fn game() -> SavedGame<u32> {
        let maker = |rules| Maker {
            version: "0.5.0".into(),
            rules,
            hash: 2,
        };
        SavedGame {
            name: "g".into(),
            record: Record {
                start: 1,
                steps: Vec::new(),
                origin: Origin::Fresh,
                made_by: maker(5),
                upgrades: vec![Upgrade {
                    at_step: 0,
                    by: maker(6),
                    state: 2,
                }],
            },
            current: 3,
            log: vec!["Welcome.".into()],
        }
    }

    #[test]
    fn mapping_the_worlds_turns_every_world_and_keeps_the_rest() {
        let old = game();
        let new = old.clone().map_worlds(|w| u64::from(w) * 10);
        assert_eq!(
            (new.record.start, new.record.upgrades[0].state, new.current),
            (10, 20, 30)
        );
        assert_eq!(new.map_worlds(|w| (w / 10) as u32), old);
    }

    #[test]
    fn mapping_the_steps_turns_every_step_and_keeps_the_rest() {
        let mut old = game();
        old.record.steps.push(Step {
            command: super::super::v2::Command::Wait,
            hash: 5,
            turn: 1,
            depth: 1,
        });
        let new = old.clone().map_steps(|s| (s.hash, s.turn));
        assert_eq!(new.record.steps, vec![(5, 1)]);
        assert_eq!((new.current, new.record.start), (3, 1));
        assert_eq!(new.record.upgrades.len(), 1);
    }

    #[test]
    fn the_envelope_is_written_as_its_fields_in_order_whatever_the_world() {
        // Name, start, steps, origin and maker, as a tuple of them is written: the world's
        // type adds nothing of its own.
        let bytes = codec::encode(&game()).unwrap();
        assert_eq!(codec::decode::<SavedGame<u32>>(&bytes).unwrap(), game());
        let by_hand = codec::encode(&(
            "g",
            (
                1u32,
                Vec::<Step>::new(),
                Origin::Fresh,
                game().record.made_by,
            ),
        ))
        .unwrap();
        assert!(bytes.starts_with(&by_hand));
    }
}
