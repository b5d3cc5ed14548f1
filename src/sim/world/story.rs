//! The story of a run: how it ended, how deep it went, what was killed and what was used.
//! The end screen, the character dump, the hall of fame and the bot's summary read it.

use super::World;
use crate::sim::{CreatureId, Event, a_name};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Ending {
    /// The player carried the artifact out of the dungeon.
    Won,
    /// The player died.
    Died {
        /// What killed them: "a goblin", "their own bomb".
        cause: String,
        /// On which depth.
        depth: u32,
    },
    /// The player gave up.
    Quit,
    /// A bot's game ran past its turn limit.
    OutOfTime,
}

impl Ending {
    /// A short phrase: "escaped with the artifact", "killed by a goblin on depth 3".
    pub fn describe(&self) -> String {
        match self {
            Ending::Won => "escaped with the artifact".to_string(),
            Ending::Died { cause, depth } => format!("killed by {cause} on depth {depth}"),
            Ending::Quit => "quit".to_string(),
            Ending::OutOfTime => "out of time".to_string(),
        }
    }

    /// The cause of death, for summaries that count deaths by cause.
    pub fn cause(&self) -> Option<&str> {
        match self {
            Ending::Died { cause, .. } => Some(cause),
            _ => None,
        }
    }
}

/// What happened in a run so far.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Story {
    /// How the game ended, once it has.
    pub ending: Option<Ending>,
    /// The deepest depth the player reached.
    pub deepest: u32,
    /// Monsters killed by the player, by kind.
    pub kills: BTreeMap<String, u32>,
    /// Items used up or put on, by name.
    pub items_used: BTreeMap<String, u32>,
}

impl Story {
    /// Counts one use of an item.
    pub(super) fn used(&mut self, item: &str) {
        *self.items_used.entry(item.to_string()).or_default() += 1;
    }

    /// The total number of monsters killed.
    pub fn kill_count(&self) -> u32 {
        self.kills.values().sum()
    }
}

impl World {
    /// Records kills and a death from one segment's events.
    pub(super) fn record_story(&mut self, events: &[Event]) {
        for e in events {
            let Event::Died { who, .. } = *e else {
                continue;
            };
            if self.is_hero(who) {
                // The game ends with the last hero's death.
                if self.heroes.iter().all(|&h| !self.creatures[h].alive) {
                    let cause = self.cause_of_death(who, events);
                    let depth = self.creatures[who].depth;
                    self.story.ending = Some(Ending::Died { cause, depth });
                }
            } else if events.iter().any(|e| self.struck_by_hero(e, who)) {
                let name = self.creatures[who].name.clone();
                *self.story.kills.entry(name).or_default() += 1;
            }
        }
    }

    /// Whether event `e` is a hero's blow at `victim`.
    fn struck_by_hero(&self, e: &Event, victim: CreatureId) -> bool {
        matches!(*e, Event::Hit { attacker, victim: v, .. } if v == victim && self.is_hero(attacker))
    }

    /// Who dealt the most damage to hero `hero` in the segment of `events`, which killed
    /// them: the cause of death the story, the hall of fame and each hero's fate give.
    pub(crate) fn cause_of_death(&self, hero: CreatureId, events: &[Event]) -> String {
        let mut worst: Option<(i32, CreatureId)> = None;
        for e in events {
            if let Event::Hit {
                attacker,
                victim,
                damage,
                ..
            } = *e
                && victim == hero
                && worst.is_none_or(|(d, _)| damage > d)
            {
                worst = Some((damage, attacker));
            }
        }
        match worst {
            Some((_, who)) if who == hero => "their own hand".to_string(),
            Some((_, who)) => a_name(&self.creatures[who].name),
            None => "something unseen".to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::Content;
    use crate::geom::Cell;
    use crate::map::{Grid, Level, Shape, Terrain};

    fn party() -> World {
        let grid = Grid::new(
            &Shape::Parallelogram {
                width: 6,
                height: 3,
            },
            Terrain::Floor,
        )
        .unwrap();
        let mut level = Level::new("room", 1, grid);
        level.start = Some(Cell::new(1, 1));
        World::party_on_levels(Content::bundled().unwrap().into(), vec![level], 3, 2).unwrap()
    }

    fn dies(world: &mut World, who: CreatureId) {
        world.creatures[who].alive = false;
        let at = world.creatures[who].pos;
        world.record_story(&[Event::Died { who, at }]);
    }

    #[test]
    fn a_party_game_ends_with_the_death_of_its_last_hero() {
        let mut world = party();
        dies(&mut world, 0);
        assert!(!world.is_over(), "hero 2 lives on");
        assert_eq!(world.lead(), 1, "the world runs the living hero's level");
        dies(&mut world, 1);
        assert!(matches!(
            world.ending(),
            Some(Ending::Died { depth: 1, .. })
        ));
    }
}
