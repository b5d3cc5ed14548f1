//! One segment of the world: initiative at the start of a turn, intentions, the shared
//! resolver, and the events that explain the outcome.

use super::{SEGMENTS, World};
use crate::geom::Hex;
use crate::map::Terrain;
use crate::sim::ai::{Senses, choose};
use crate::sim::event::BounceReason;
use crate::sim::intention::{Intention, acts_in};
use crate::sim::items::{ItemUse, item_kind};
use crate::sim::resolve::{Act, Bounce, Fate, Resolver, Unit};
use crate::sim::{CreatureId, Event};

/// The damage of a thrown dart.
fn dart_damage() -> i32 {
    match item_kind("dart").map(|k| k.use_) {
        Some(ItemUse::Thrown { damage, .. }) => damage,
        _ => 0,
    }
}

/// The range of an initiative roll.
const INITIATIVE_SIDES: usize = 1_000_000;

impl World {
    /// Resolves the coming segment; `player` is the player's intention if they act in it.
    pub(super) fn run_segment(&mut self, player: Option<Intention>, events: &mut Vec<Event>) {
        let k = self.segment;
        if k == 1 {
            for c in self.creatures.iter_mut().filter(|c| c.alive) {
                c.initiative = crate::rng::below(&mut self.rng, INITIATIVE_SIDES) as i64;
            }
        }
        events.push(Event::Segment {
            turn: self.turn,
            segment: k,
        });
        let grid = &self.level.terrain;
        let ids: Vec<CreatureId> = self
            .creatures
            .iter()
            .filter(|c| c.alive && grid.index(c.pos).is_some())
            .map(|c| c.id)
            .collect();
        let mut units = Vec::with_capacity(ids.len());
        let mut acts = Vec::with_capacity(ids.len());
        let mut lines = Vec::new();
        for &id in &ids {
            let c = &self.creatures[id];
            let wanted = if !acts_in(c.speed, k, SEGMENTS) {
                Intention::Stay
            } else if id == World::PLAYER {
                player.unwrap_or(Intention::Stay)
            } else {
                self.plans
                    .get(id)
                    .copied()
                    .flatten()
                    .unwrap_or(Intention::Stay)
            };
            let level = &self.level;
            let checked = wanted.checked(c.pos, c.pos, |h| level.passable(h));
            let index = |h: Hex| grid.index(h).unwrap_or(0);
            if id == World::PLAYER && checked == Intention::Stay && player.is_some() {
                events.push(Event::Waited { who: id });
            }
            acts.push(match checked {
                Intention::Stay => Act::Stay,
                Intention::Move(t) => Act::Move(index(t)),
                Intention::Attack(t) => Act::Attack(index(t)),
                Intention::Throw(t) => {
                    events.push(Event::Threw {
                        who: id,
                        from: c.pos,
                        toward: t,
                    });
                    lines.push(self.flight(c.pos, t));
                    Act::Throw {
                        line: lines.len() - 1,
                        damage: dart_damage(),
                    }
                }
            });
            units.push(Unit {
                tile: index(c.pos),
                faction: c.faction,
                strength: c.strength,
                speed: c.speed,
                initiative: c.initiative,
                damage: c.damage,
                hp: c.hp,
            });
        }
        let mut resolver = Resolver::new(grid.storage_len());
        if let Ok(outcome) = resolver.resolve_with_lines(&units, &acts, &lines) {
            self.distribute(&ids, &outcome, events);
        }
        self.pick_up(events);
        self.update_view();
        self.segment += 1;
        if self.segment > SEGMENTS {
            self.segment = 1;
            self.turn += 1;
            self.regenerate();
        }
        self.replan();
    }

    /// Writes a segment's outcome into the world, with its events.
    fn distribute(
        &mut self,
        ids: &[CreatureId],
        outcome: &crate::sim::resolve::Outcome,
        events: &mut Vec<Event>,
    ) {
        let hex = |t: usize| self.level.terrain.hex(t);
        let mut opened = Vec::new();
        for (i, fate) in outcome.fates.iter().enumerate() {
            let who = ids[i];
            match *fate {
                Fate::Stayed => {}
                Fate::Moved { from, to } => {
                    let (from, to) = (hex(from), hex(to));
                    events.push(Event::Moved { who, from, to });
                    if self.level.terrain_at(to) == Some(Terrain::DoorClosed) {
                        opened.push((who, to));
                    }
                }
                Fate::Bounced { toward, reason } => {
                    let reason = match reason {
                        Bounce::LostContest { winner } => BounceReason::LostContest {
                            winner: ids[winner],
                        },
                        Bounce::Occupied { by } => BounceReason::Occupied { by: ids[by] },
                        Bounce::HostileSwap { with } => {
                            BounceReason::HostileSwap { with: ids[with] }
                        }
                    };
                    let at = self.creatures[who].pos;
                    let toward = hex(toward);
                    events.push(Event::Bounced {
                        who,
                        at,
                        toward,
                        reason,
                    });
                }
            }
        }
        for s in &outcome.strikes {
            let (attacker, at) = (ids[s.attacker], hex(s.tile));
            events.push(match s.victim {
                Some(v) => Event::Hit {
                    attacker,
                    victim: ids[v],
                    at,
                    damage: s.damage,
                },
                None => Event::Missed {
                    attacker,
                    at,
                    dodger: s.dodger.map(|d| ids[d]),
                },
            });
        }
        for (i, &t) in outcome.tiles.iter().enumerate() {
            let c = &mut self.creatures[ids[i]];
            c.pos = self.level.terrain.hex(t);
            c.hp = outcome.hp[i];
        }
        for (who, at) in opened {
            self.level.terrain.set(at, Terrain::DoorOpen);
            events.push(Event::DoorOpened { who, at });
        }
        let landed: Vec<Hex> = outcome
            .strikes
            .iter()
            .filter(|s| s.thrown)
            .map(|s| self.level.terrain.hex(s.tile))
            .collect();
        for at in landed {
            self.drop_item(at, "dart");
        }
        for &i in &outcome.killed {
            let c = &mut self.creatures[ids[i]];
            c.alive = false;
            events.push(Event::Died {
                who: c.id,
                at: c.pos,
            });
        }
    }

    /// The storage indices of [`World::flight_path`]: the line the aim overlay shows.
    fn flight(&self, from: Hex, to: Hex) -> Vec<usize> {
        let grid = &self.level.terrain;
        let path = self.flight_path(from, to);
        path.into_iter().filter_map(|h| grid.index(h)).collect()
    }

    /// Every living monster chooses its next intention from the state now.
    pub(super) fn replan(&mut self) {
        let mut plans = vec![None; self.creatures.len()];
        let mut memories = Vec::new();
        {
            let senses = Senses::new(&self.level, &self.creatures);
            for c in self.creatures.iter().skip(1).filter(|c| c.alive) {
                let (intention, memory) = choose(&senses, c, &mut self.rng);
                plans[c.id] = Some(intention);
                memories.push((c.id, memory));
            }
        }
        for (id, memory) in memories {
            self.creatures[id].memory = memory;
        }
        self.plans = plans;
    }
}
