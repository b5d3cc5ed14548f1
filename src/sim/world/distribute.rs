//! A segment's outcome as changes to the world (ARCHITECTURE.md, "Events and changes"): the
//! creatures' moves, bounces, blows and deaths (and the packs of fallen heroes), the doors
//! they opened, the missiles that came down and what the heroes picked up, each computed
//! from the world before it changes, then made by [`World::apply_changes`].

use super::World;
use super::change::{Change, Effect};
use super::segment::Segment;
use crate::geom::{Cell, Side};
use crate::map::{SideFeature, Terrain};
use crate::sim::event::BounceReason;
use crate::sim::resolve::{Bounce, Fate, Outcome};
use crate::sim::{CreatureId, Event};

impl World {
    /// Writes a segment's outcome into the world, with its events: first everything the
    /// outcome says, then what the heroes that moved pick up from the floor as it then lies.
    pub(super) fn distribute(&mut self, s: &Segment, outcome: &Outcome, events: &mut Vec<Event>) {
        let (changes, heroes_moved) = self.outcome_changes(s, outcome);
        self.apply_changes(changes, events);
        for hero in heroes_moved {
            if self.creatures[hero].alive {
                let picked = self.pick_up_changes(hero, true);
                self.apply_changes(picked, events);
            }
        }
    }

    /// The changes a segment's outcome makes, in order, computed from the world before it
    /// changes; and the heroes that moved (who pick up what lies where they came), in id
    /// order.
    pub(super) fn outcome_changes(
        &self,
        s: &Segment,
        outcome: &Outcome,
    ) -> (Vec<Change>, Vec<CreatureId>) {
        let ids = &s.ids;
        let mut changes = Vec::new();
        let (opened, heroes_moved) = self.fate_changes(ids, outcome, &mut changes);
        self.tell_strikes(s, outcome, &mut changes);
        for strike in &outcome.strikes {
            let who = ids[strike.attacker];
            changes.push(Change::Quiet(Effect::Uncharged { who }));
        }
        for (i, &hp) in outcome.hp.iter().enumerate() {
            changes.push(Change::Quiet(Effect::Hp { who: ids[i], hp }));
        }
        self.door_changes(s, &opened, &mut changes);
        self.landing_changes(s, outcome, &mut changes);
        for &i in &outcome.killed {
            let at = self.cell(outcome.tiles[i]);
            changes.push(Change::Apply(Event::Died { who: ids[i], at }));
        }
        let fallen: Vec<CreatureId> = outcome.killed.iter().map(|&i| ids[i]).collect();
        changes.extend(self.pack_changes(&fallen));
        (changes, heroes_moved)
    }

    /// Every creature's fate as its event (a move also keeps the mover busy for what the
    /// step costs); the closed doors on tiles that movers stepped into, and the heroes that
    /// moved.
    fn fate_changes(
        &self,
        ids: &[CreatureId],
        outcome: &Outcome,
        changes: &mut Vec<Change>,
    ) -> (Vec<(CreatureId, Cell)>, Vec<CreatureId>) {
        let mut opened = Vec::new();
        let mut heroes_moved = Vec::new();
        for (i, fate) in outcome.fates.iter().enumerate() {
            let who = ids[i];
            match *fate {
                Fate::Stayed => {}
                Fate::Moved { from, to } => {
                    let (from, to) = (self.cell(from), self.cell(to));
                    changes.push(Change::Apply(Event::Moved { who, from, to }));
                    let terrain = self.level().terrain_at(to);
                    if terrain == Some(Terrain::DoorClosed) {
                        opened.push((who, to));
                    }
                    let cost = terrain.and_then(Terrain::move_cost).unwrap_or(1);
                    // A triangle's move through a corner costs one action more, and so does a
                    // shooter's step back from the player.
                    let grid = &self.level().terrain;
                    let extra = grid.move_between(from, to).map_or(0, |m| m.extra_cost);
                    let back = u32::from(self.steps_back(who, from, to));
                    let actions = (cost + extra + back).saturating_sub(1);
                    changes.push(Change::Quiet(Effect::Busy { who, actions }));
                    if self.is_hero(who) {
                        heroes_moved.push(who);
                    }
                }
                Fate::Bounced { toward, reason } => {
                    changes.push(Change::Tell(Event::Bounced {
                        who,
                        at: self.creatures[who].pos,
                        toward: self.cell(toward),
                        reason: bounce_reason(ids, reason),
                    }));
                }
            }
        }
        (opened, heroes_moved)
    }

    /// The closed doors creatures stepped into swing open: on tiles (`opened`), then on
    /// sides, each side once.
    fn door_changes(&self, s: &Segment, opened: &[(CreatureId, Cell)], changes: &mut Vec<Change>) {
        for &(who, at) in opened {
            changes.push(Change::Apply(Event::DoorOpened { who, at }));
        }
        let mut sides: Vec<Side> = Vec::new();
        for &(who, at, side) in &s.doors {
            if self.level().side_at(side) == SideFeature::DoorClosed && !sides.contains(&side) {
                sides.push(side);
                changes.push(Change::Quiet(Effect::OpenSide(side)));
                changes.push(Change::Tell(Event::DoorOpened { who, at }));
            }
        }
    }

    /// Thrown and fired items come down where their strikes ended: each breaks by its
    /// chance (a roll of the rules' stream, made only for items that can break, on a copy
    /// of the stream that the changes then keep), else it lies there.
    fn landing_changes(&self, s: &Segment, outcome: &Outcome, changes: &mut Vec<Change>) {
        let mut dice = self.rng.clone();
        let mut rolled = false;
        for strike in outcome.strikes.iter().filter(|s| s.thrown) {
            let Some(item) = &s.missiles[strike.attacker] else {
                continue;
            };
            let at = self.cell(strike.tile);
            let breaks = self.content.item(item).map_or(0, |k| k.breaks as usize);
            let broke = breaks > 0 && {
                rolled = true;
                crate::rng::below(&mut dice, 100) < breaks
            };
            let item = item.clone();
            changes.push(if broke {
                Change::Tell(Event::Broke { item, at })
            } else {
                Change::Quiet(Effect::Lay { at, item })
            });
        }
        if rolled {
            changes.push(Change::Quiet(Effect::Rolled(dice)));
        }
    }

    /// The hit and miss events of a segment's strikes; areas tell only whom they hit.
    fn tell_strikes(&self, s: &Segment, outcome: &Outcome, changes: &mut Vec<Change>) {
        for strike in &outcome.strikes {
            let (attacker, at) = (s.ids[strike.attacker], self.cell(strike.tile));
            let event = match strike.victim {
                Some(v) => Event::Hit {
                    attacker,
                    victim: s.ids[v],
                    at,
                    damage: strike.damage,
                },
                None if !strike.area => Event::Missed {
                    attacker,
                    at,
                    dodger: strike.dodger.map(|d| s.ids[d]),
                },
                None => continue,
            };
            changes.push(Change::Tell(event));
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
