//! What became of each hero of a game, for the hall of fame and the character dump of a
//! party (issue 31): whether and how they fell, the deepest depth they reached, and the kills
//! that were theirs. The world's [`Story`](super::Story) tells the party's run as one; these
//! are found by watching the events of a record replayed from its start.

use super::{CreatureId, Ending, Event, GameRecord, World};

/// One hero's run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fate {
    /// The hero.
    pub hero: CreatureId,
    /// Their name.
    pub name: String,
    /// How they fell, when they did: by what and on which depth.
    pub fell: Option<Ending>,
    /// The deepest depth they reached alive.
    pub deepest: u32,
    /// The monsters whose death was theirs: of the heroes whose blows hit it in the segment
    /// it died, the one who dealt it the most damage (the first in the party's order on a
    /// tie), so the heroes' kills add up to the party's.
    pub kills: u32,
    /// Whether they were already dead when the record starts (a game taken over after their
    /// death): the record holds nothing they did.
    pub dead_at_start: bool,
}

impl Fate {
    /// How this hero's run ended in a game that ended with `ending`: their fall, or the
    /// game's own ending for those who lived to its end.
    pub fn ending(&self, ending: Option<&Ending>) -> Ending {
        self.fell
            .clone()
            .or_else(|| ending.cloned())
            .unwrap_or(Ending::Quit)
    }
}

/// The heroes' fates as a record is replayed, in the heroes' order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fates {
    /// One a hero.
    pub heroes: Vec<Fate>,
}

impl Fates {
    /// The heroes of `world` at the start of a record.
    pub fn start(world: &World) -> Fates {
        let heroes = world
            .heroes()
            .iter()
            .map(|&h| {
                let c = &world.creatures()[h];
                Fate {
                    hero: h,
                    name: c.name.clone(),
                    fell: None,
                    deepest: if c.alive { c.depth } else { 0 },
                    kills: 0,
                    dead_at_start: !c.alive,
                }
            })
            .collect();
        Fates { heroes }
    }

    /// Takes in what one step did: `events`, as the world returned them, and `world` after.
    pub fn observe(&mut self, events: &[Event], world: &World) {
        let starts: Vec<usize> = events
            .iter()
            .enumerate()
            .filter(|(_, e)| matches!(e, Event::Segment { .. }))
            .map(|(i, _)| i)
            .collect();
        let mut bounds = starts.clone();
        bounds.push(events.len());
        if starts.first() != Some(&0) {
            bounds.insert(0, 0);
        }
        for pair in bounds.windows(2) {
            self.segment(&events[pair[0]..pair[1]], world);
        }
        for fate in &mut self.heroes {
            let c = &world.creatures()[fate.hero];
            if c.alive {
                fate.deepest = fate.deepest.max(c.depth);
            }
        }
    }

    /// One segment's deaths: a hero's fall, a monster's kill.
    fn segment(&mut self, events: &[Event], world: &World) {
        for e in events {
            let Event::Died { who, .. } = *e else {
                continue;
            };
            if let Some(fate) = self.heroes.iter_mut().find(|f| f.hero == who) {
                fate.fell = Some(Ending::Died {
                    cause: world.cause_of_death(who, events),
                    depth: world.creatures()[who].depth,
                });
            } else if let Some(killer) = self.killer(who, events) {
                self.heroes[killer].kills += 1;
            }
        }
    }

    /// The index of the hero whose kill `victim` was in the segment of `events`, if any.
    fn killer(&self, victim: CreatureId, events: &[Event]) -> Option<usize> {
        let mut best: Option<(i32, usize)> = None;
        for (i, fate) in self.heroes.iter().enumerate() {
            let blows: Vec<i32> = events
                .iter()
                .filter_map(|e| match *e {
                    Event::Hit {
                        attacker,
                        victim: v,
                        damage,
                        ..
                    } if attacker == fate.hero && v == victim => Some(damage),
                    _ => None,
                })
                .collect();
            let (struck, dealt) = (!blows.is_empty(), blows.iter().sum::<i32>());
            if struck && best.is_none_or(|(d, _)| dealt > d) {
                best = Some((dealt, i));
            }
        }
        best.map(|(_, i)| i)
    }
}

impl GameRecord {
    /// Each hero's fate over the record, found by replaying it from its start (from each
    /// upgrade's world on, where a release with other rules took the game over), as
    /// [`GameRecord::deepest_replayed`] finds the party's deepest depth.
    pub fn fates(&self) -> Fates {
        let mut world = self.start.clone();
        let mut fates = Fates::start(&world);
        for (i, step) in self.steps.iter().enumerate() {
            if let Some(u) = self.upgrades.iter().find(|u| u.at_step == i) {
                world = u.state.clone();
            }
            if let Ok(events) = step.apply_to(&mut world) {
                fates.observe(&events, &world);
            }
        }
        fates
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
                width: 8,
                height: 3,
            },
            Terrain::Floor,
        )
        .unwrap();
        let mut level = Level::new("room", 1, grid);
        level.start = Some(Cell::new(1, 1));
        World::party_on_levels(Content::bundled().unwrap().into(), vec![level], 3, 3).unwrap()
    }

    fn hit(attacker: CreatureId, victim: CreatureId, damage: i32) -> Event {
        let at = Cell::new(0, 0);
        Event::Hit {
            attacker,
            victim,
            at,
            damage,
        }
    }

    #[test]
    fn a_kill_is_the_hero_s_who_dealt_the_most_damage_in_its_segment() {
        let world = party();
        let mut fates = Fates::start(&world);
        let segment = Event::Segment {
            turn: 0,
            segment: 1,
        };
        let died = |who| Event::Died {
            who,
            at: Cell::new(0, 0),
        };
        // Monster 7 falls to heroes 0 (2) and 1 (3); monster 8 to hero 2 alone; monster 9's
        // blow in an earlier segment does not make it anyone's kill.
        let events = [
            segment.clone(),
            hit(0, 7, 2),
            hit(1, 7, 3),
            died(7),
            hit(2, 9, 4),
            segment,
            hit(2, 8, 1),
            died(8),
            died(9),
        ];
        fates.observe(&events, &world);
        let kills: Vec<u32> = fates.heroes.iter().map(|f| f.kills).collect();
        assert_eq!(kills, [0, 1, 1]);
    }

    #[test]
    fn a_fallen_hero_s_cause_is_who_hurt_them_most() {
        let world = party();
        let mut fates = Fates::start(&world);
        let rat = world.heroes().len();
        let events = [
            hit(rat, 1, 2),
            hit(1, 1, 5),
            Event::Died {
                who: 1,
                at: Cell::new(0, 0),
            },
        ];
        fates.observe(&events, &world);
        assert_eq!(
            fates.heroes[1].fell,
            Some(Ending::Died {
                cause: "their own hand".into(),
                depth: 1
            })
        );
        assert_eq!(fates.heroes[0].fell, None);
        assert_eq!(
            fates.heroes[1].ending(Some(&Ending::Won)),
            fates.heroes[1].fell.clone().unwrap()
        );
        assert_eq!(fates.heroes[0].ending(Some(&Ending::Won)), Ending::Won);
        assert_eq!(fates.heroes[0].ending(None), Ending::Quit);
    }
}
