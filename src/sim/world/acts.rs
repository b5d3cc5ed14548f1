//! The resolver's acts for checked intentions: staying, stepping, striking, sweeping,
//! throwing and shooting, with the lines and areas they cover.

use super::World;
use super::actions::Deed;
use super::change::Change;
use super::segment::Segment;
use crate::content::{Attack, Behaviour};
use crate::fov::visible_tiles;
use crate::geom::Cell;
use crate::sim::intention::Intention;
use crate::sim::resolve::Act;
use crate::sim::tactics::sweep_area;
use crate::sim::{CreatureId, Event};

impl World {
    /// The resolver's act for a checked intention, and the item a missile leaves where it
    /// lands; lines and areas go into `s`, the throws and bursts told into `told`.
    pub(super) fn act_of(
        &self,
        id: CreatureId,
        intention: Intention,
        deed: Option<&Deed>,
        s: &mut Segment,
        told: &mut Vec<Change>,
    ) -> (Act, Option<String>) {
        let act = match intention {
            Intention::Throw(t) => return self.throw_of(id, t, deed, s, told),
            other => self.blow_of(id, other, deed, s),
        };
        (act, None)
    }

    /// The act of staying, stepping or striking.
    fn blow_of(
        &self,
        id: CreatureId,
        intention: Intention,
        deed: Option<&Deed>,
        s: &mut Segment,
    ) -> Act {
        let grid = &self.level().terrain;
        let c = &self.creatures[id];
        let index = |h: Cell| grid.index(h);
        match intention {
            Intention::Stay => match deed.map(|d| self.healing(d)) {
                Some(heal) if heal > 0 => Act::Heal(heal),
                _ => Act::Stay,
            },
            Intention::Move(t) => index(t).map_or(Act::Stay, Act::Move),
            Intention::Attack(t) => {
                let Some(tile) = index(t) else {
                    return Act::Stay;
                };
                if c.attack == Attack::Sweep {
                    return Act::Area {
                        area: s.line(self.sweep_tiles(c.pos, t)),
                        damage: self.blow_damage(id),
                    };
                }
                Act::Attack(tile)
            }
            Intention::Throw(_) => Act::Stay,
        }
    }

    /// The act of throwing or shooting at `t`, with the item it leaves where it lands.
    fn throw_of(
        &self,
        id: CreatureId,
        t: Cell,
        deed: Option<&Deed>,
        s: &mut Segment,
        told: &mut Vec<Change>,
    ) -> (Act, Option<String>) {
        let grid = &self.level().terrain;
        let c = &self.creatures[id];
        let line = self.flight(c.pos, t);
        match deed {
            Some(Deed::Blast {
                item,
                damage,
                radius,
            }) => {
                let landing = line.last().copied().map_or(c.pos, |i| grid.cell(i));
                told.push(Change::Tell(Event::Burst {
                    who: id,
                    from: c.pos,
                    at: landing,
                    item: item.clone(),
                }));
                let area = s.line(visible_tiles(self.level(), landing, *radius));
                let act = Act::Area {
                    area,
                    damage: *damage,
                };
                (act, None)
            }
            Some(Deed::Missile { item, damage }) => {
                told.push(Change::Tell(Event::Threw {
                    who: id,
                    from: c.pos,
                    toward: t,
                    item: Some(item.clone()),
                }));
                let act = Act::Throw {
                    line: s.line(line),
                    damage: *damage,
                };
                (act, Some(item.clone()))
            }
            _ => {
                let damage = match c.behaviour {
                    Some(Behaviour::Ranged { damage, .. }) => damage,
                    _ => c.damage,
                };
                told.push(Change::Tell(Event::Threw {
                    who: id,
                    from: c.pos,
                    toward: t,
                    item: None,
                }));
                let act = Act::Throw {
                    line: s.line(line),
                    damage,
                };
                (act, None)
            }
        }
    }

    /// The storage indices, sorted, of the tiles a wide swing from `from` at `target` covers
    /// ([`sweep_area`]).
    pub fn sweep_tiles(&self, from: Cell, target: Cell) -> Vec<usize> {
        let grid = &self.level().terrain;
        let mut tiles: Vec<usize> = sweep_area(self.level(), from, target)
            .into_iter()
            .filter_map(|h| grid.index(h))
            .collect();
        tiles.sort_unstable();
        tiles
    }

    /// The storage indices of [`World::flight_path`]: the line the aim overlay shows.
    pub(super) fn flight(&self, from: Cell, to: Cell) -> Vec<usize> {
        let grid = &self.level().terrain;
        let path = self.flight_path(from, to);
        path.into_iter().filter_map(|h| grid.index(h)).collect()
    }
}
