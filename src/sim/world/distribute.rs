//! Writing a segment's outcome into the world: the creatures' moves, bounces, blows and
//! deaths (and the packs of fallen heroes), the doors they opened and the missiles that came
//! down, each with its events.

use super::World;
use super::segment::Segment;
use crate::geom::Cell;
use crate::map::{SideFeature, Terrain};
use crate::sim::event::BounceReason;
use crate::sim::resolve::{Bounce, Fate, Outcome};
use crate::sim::{CreatureId, Event};

/// What the creatures' fates leave for the rest of the outcome to do.
struct Fates {
    /// The closed doors on tiles that creatures stepped into: who, and where.
    opened: Vec<(CreatureId, Cell)>,
    /// The heroes that moved (and so pick up what lies where they came), in id order.
    heroes_moved: Vec<CreatureId>,
}

impl World {
    /// Writes a segment's outcome into the world, with its events.
    pub(super) fn distribute(&mut self, s: &Segment, outcome: &Outcome, events: &mut Vec<Event>) {
        let ids = &s.ids;
        let fates = self.apply_fates(ids, outcome, events);
        self.tell_strikes(s, outcome, events);
        for strike in &outcome.strikes {
            self.creatures[ids[strike.attacker]].charge = None;
        }
        for (i, &t) in outcome.tiles.iter().enumerate() {
            let pos = self.cell(t);
            let c = &mut self.creatures[ids[i]];
            c.pos = pos;
            c.hp = outcome.hp[i];
        }
        self.open_doors(s, &fates.opened, events);
        for strike in outcome.strikes.iter().filter(|s| s.thrown) {
            if let Some(item) = &s.missiles[strike.attacker] {
                let at = self.cell(strike.tile);
                self.land(at, item, events);
            }
        }
        for &i in &outcome.killed {
            let c = &mut self.creatures[ids[i]];
            c.alive = false;
            c.charge = None;
            events.push(Event::Died {
                who: c.id,
                at: c.pos,
            });
        }
        let fallen: Vec<CreatureId> = outcome.killed.iter().map(|&i| ids[i]).collect();
        self.drop_fallen_packs(&fallen, events);
        for hero in fates.heroes_moved {
            if self.creatures[hero].alive {
                self.pick_up(hero, events, true);
            }
        }
    }

    /// The events of every creature's fate, and the time a move keeps the mover busy.
    fn apply_fates(
        &mut self,
        ids: &[CreatureId],
        outcome: &Outcome,
        events: &mut Vec<Event>,
    ) -> Fates {
        let mut fates = Fates {
            opened: Vec::new(),
            heroes_moved: Vec::new(),
        };
        for (i, fate) in outcome.fates.iter().enumerate() {
            let who = ids[i];
            match *fate {
                Fate::Stayed => {}
                Fate::Moved { from, to } => {
                    let (from, to) = (self.cell(from), self.cell(to));
                    events.push(Event::Moved { who, from, to });
                    let terrain = self.level().terrain_at(to);
                    if terrain == Some(Terrain::DoorClosed) {
                        fates.opened.push((who, to));
                    }
                    let cost = terrain.and_then(Terrain::move_cost).unwrap_or(1);
                    // A triangle's move through a corner costs one action more, and so does a
                    // shooter's step back from the player.
                    let grid = &self.level().terrain;
                    let extra = grid.move_between(from, to).map_or(0, |m| m.extra_cost);
                    let back = u32::from(self.steps_back(who, from, to));
                    self.creatures[who].busy = (cost + extra + back).saturating_sub(1);
                    if self.is_hero(who) {
                        fates.heroes_moved.push(who);
                    }
                }
                Fate::Bounced { toward, reason } => {
                    let reason = bounce_reason(ids, reason);
                    let at = self.creatures[who].pos;
                    let toward = self.cell(toward);
                    events.push(Event::Bounced {
                        who,
                        at,
                        toward,
                        reason,
                    });
                }
            }
        }
        fates
    }

    /// Opens the closed doors creatures stepped into: on tiles (`opened`), then on sides.
    fn open_doors(&mut self, s: &Segment, opened: &[(CreatureId, Cell)], events: &mut Vec<Event>) {
        for &(who, at) in opened {
            self.here_mut().level.terrain.set(at, Terrain::DoorOpen);
            self.note_terrain_change(at);
            events.push(Event::DoorOpened { who, at });
        }
        for &(who, at, side) in &s.doors {
            if self.level().side_at(side) == SideFeature::DoorClosed {
                self.here_mut().level.set_side(side, SideFeature::DoorOpen);
                self.note_side_change(side);
                events.push(Event::DoorOpened { who, at });
            }
        }
    }

    /// A thrown or fired item comes down at `at`: it breaks by its chance (a roll of the rules'
    /// stream, made only for items that can break), else it lies there.
    fn land(&mut self, at: Cell, item: &str, events: &mut Vec<Event>) {
        let breaks = self.content.item(item).map_or(0, |k| k.breaks as usize);
        if breaks > 0 && crate::rng::below(&mut self.rng, 100) < breaks {
            events.push(Event::Broke {
                item: item.to_string(),
                at,
            });
        } else {
            self.drop_item(at, item);
        }
    }

    /// The hit and miss events of a segment's strikes; areas tell only whom they hit.
    fn tell_strikes(&self, s: &Segment, outcome: &Outcome, events: &mut Vec<Event>) {
        for strike in &outcome.strikes {
            let (attacker, at) = (s.ids[strike.attacker], self.cell(strike.tile));
            match strike.victim {
                Some(v) => events.push(Event::Hit {
                    attacker,
                    victim: s.ids[v],
                    at,
                    damage: strike.damage,
                }),
                None if !strike.area => events.push(Event::Missed {
                    attacker,
                    at,
                    dodger: strike.dodger.map(|d| s.ids[d]),
                }),
                None => {}
            }
        }
    }

    /// The tile at storage index `index` of the player's level.
    fn cell(&self, index: usize) -> Cell {
        self.level().terrain.cell(index)
    }
}

/// The game's words for why a unit bounced, naming creatures instead of the resolver's units.
fn bounce_reason(ids: &[CreatureId], reason: Bounce) -> BounceReason {
    match reason {
        Bounce::LostContest { winner } => BounceReason::LostContest {
            winner: ids[winner],
        },
        Bounce::Occupied { by } => BounceReason::Occupied { by: ids[by] },
        Bounce::HostileSwap { with } => BounceReason::HostileSwap { with: ids[with] },
    }
}
