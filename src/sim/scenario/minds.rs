//! Monster minds in scenarios: a unit given a `"monster"` kind chooses its intention in every
//! segment it acts in as the game's monsters do (`sim::ai`), from the state at the segment's
//! start, and its blows land as theirs do: a wide swing covers three tiles, a shot flies
//! along its line, a charge's blow does double damage, a spear thrusts two tiles away. Minds need a map: the tiles within
//! reach of everything the scenario names, open floor but for the walls.

use super::ScenarioError;
use super::input::{Scenario, UnitSpec};
use crate::content::{Attack, Behaviour, Content, MonsterKind};
use crate::geom::{Cell, Tiling};
use crate::map::{Grid, Level, Terrain};
use crate::rng::{GameRng, Stream, stream};
use crate::sim::ai::{Mind, Senses, choose};
use crate::sim::resolve::Act;
use crate::sim::tactics::sweep_area;
use crate::sim::{Creature, Faction, Intention};

/// The most tiles the map of a scenario with monsters may have.
pub const MAX_MIND_TILES: u64 = 1_000_000;

/// What the minds of a scenario's monsters know and keep.
pub(super) struct Minds {
    pub level: Level,
    /// Per unit: what it keeps in mind between segments.
    kept: Vec<Mind>,
    /// Per unit: where a guardian keeps its post.
    homes: Vec<Option<Cell>>,
    rng: GameRng,
    /// A creature to build the others from.
    template: Creature,
    /// The monster kinds, for their tactics.
    kinds: Vec<MonsterKind>,
}

impl Minds {
    /// The minds of `s`, or `None` when no unit has one.
    pub(super) fn new(s: &Scenario) -> Result<Option<Minds>, ScenarioError> {
        let Some(sight) = s
            .units
            .iter()
            .filter_map(|u| u.monster.as_ref())
            .map(|k| k.sight)
            .max()
        else {
            return Ok(None);
        };
        let named = s
            .units
            .iter()
            .flat_map(|u| {
                let targets = u.intentions.iter().filter_map(|(i, _)| i.target());
                std::iter::once(u.pos).chain(targets)
            })
            .chain(s.walls.iter().copied());
        let (mut lo, mut hi) = (Cell::new(i32::MAX, i32::MAX), Cell::new(i32::MIN, i32::MIN));
        for h in named {
            lo = Cell::new(lo.x.min(h.x), lo.y.min(h.y));
            hi = Cell::new(hi.x.max(h.x), hi.y.max(h.y));
        }
        let reach = i64::from(sight) + 1;
        let span = |a: i32, b: i32| i64::from(b) - i64::from(a) + 1 + 2 * reach;
        let (width, height) = (span(lo.x, hi.x), span(lo.y, hi.y));
        if width.saturating_mul(height) > MAX_MIND_TILES as i64 {
            return Err(ScenarioError::Invalid(format!(
                "the monsters' map would span {width} × {height} tiles (everything named, and as far as they see around it): expected at most {MAX_MIND_TILES}"
            )));
        }
        let reach = reach as i32;
        let cells: Vec<Cell> = (lo.y - reach..=hi.y + reach)
            .flat_map(|y| (lo.x - reach..=hi.x + reach).map(move |x| Cell::new(x, y)))
            .collect();
        let mut grid = Grid::from_cells(Tiling::Hex, &cells, Terrain::Floor)
            .map_err(|e| ScenarioError::Invalid(e.to_string()))?;
        for &w in &s.walls {
            grid.set(w, Terrain::Wall);
        }
        let content = Content::bundled().map_err(|e| ScenarioError::Invalid(e.to_string()))?;
        Ok(Some(Minds {
            level: Level::new("scenario", 1, grid),
            kept: vec![Mind::default(); s.units.len()],
            homes: s
                .units
                .iter()
                .map(|u| {
                    u.monster
                        .as_ref()
                        .and_then(|k| Creature::monster(0, k, u.pos).home)
                })
                .collect(),
            rng: stream(0, Stream::Ai, 0),
            template: Creature::player(&content, Cell::ORIGIN),
            kinds: content.monsters().to_vec(),
        }))
    }

    /// Every hex of the minds' map, sorted: the resolver's tiles.
    pub(super) fn hexes(&self) -> Vec<Cell> {
        let grid = &self.level.terrain;
        let mut hexes: Vec<Cell> = (0..grid.storage_len())
            .filter(|&i| grid.is_tile(i))
            .map(|i| grid.cell(i))
            .collect();
        hexes.sort_unstable();
        hexes
    }

    /// The intentions of the monster units `who` in this segment, in that order, each with
    /// where it was chosen. Every mind chooses from the state at the segment's start, as the
    /// game's monsters do (a mind reads only its own memory): the creatures and the senses are
    /// made once for all of them, so a segment costs by its monsters, not their square, and
    /// each step chosen is noted for the kin that choose after it.
    pub(super) fn choose(
        &mut self,
        s: &Scenario,
        pos: &[Cell],
        hp: &[i32],
        who: &[usize],
    ) -> Vec<(Intention, Cell)> {
        let creatures = self.creatures(s, pos, hp);
        // Unit `i` is creature `i + 1`; the player's place may hold a fallen stand-in (id 0).
        let mut at = vec![None; s.units.len()];
        for (k, c) in creatures.iter().enumerate() {
            if let Some(unit) = c.id.checked_sub(1) {
                at[unit] = Some(k);
            }
        }
        let mut senses = Senses::new(&self.level, &self.kinds, &creatures, 1, None);
        let mut kept = Vec::with_capacity(who.len());
        let chosen = who
            .iter()
            .map(|&me| {
                let Some(k) = at[me] else {
                    return (Intention::Stay, pos[me]);
                };
                let (intention, mind) = choose(&senses, &creatures[k], &mut self.rng);
                senses.note(&creatures[k], intention);
                kept.push((me, mind));
                (intention, pos[me])
            })
            .collect();
        for (me, mind) in kept {
            self.kept[me] = mind;
        }
        chosen
    }

    /// Whether a blow of `unit` from `from` may land on `to` (rule R0): a neighbour, or the
    /// end of a thrust for a monster whose reach is 2.
    pub(super) fn reaches(&self, unit: &UnitSpec, from: Cell, to: Cell) -> bool {
        let reach = unit.monster.as_ref().map_or(1, |k| k.tactics.reach);
        crate::sim::tactics::within_reach(&self.level, reach, from, to)
    }

    /// The act of a monster's checked intention: a swing, a shot or a charge's blow as in the
    /// game; `None` for the plain acts the caller builds. Lines and areas go into `lines`.
    pub(super) fn act(
        &self,
        unit: &UnitSpec,
        me: usize,
        from: Cell,
        intention: Intention,
        index: &dyn Fn(Cell) -> Result<usize, ScenarioError>,
        lines: &mut Vec<Vec<usize>>,
    ) -> Result<Option<(Act, i32)>, ScenarioError> {
        let Some(kind) = &unit.monster else {
            return Ok(None);
        };
        let charging = self.kept[me].charge.is_some();
        Ok(match intention {
            Intention::Attack(t) if kind.attack == Attack::Sweep => {
                // The game's own swing, on the scenario's map.
                let area = sweep_area(&self.level, from, t)
                    .into_iter()
                    .map(index)
                    .collect::<Result<Vec<_>, _>>()?;
                lines.push(area);
                let act = Act::Area {
                    area: lines.len() - 1,
                    damage: unit.damage,
                };
                Some((act, unit.damage))
            }
            Intention::Attack(t) if charging => {
                Some((Act::Attack(index(t)?), unit.damage.saturating_mul(2)))
            }
            Intention::Throw(t) => {
                let line = self
                    .level
                    .open_line(from, t)
                    .into_iter()
                    .map(index)
                    .collect::<Result<Vec<_>, _>>()?;
                lines.push(line);
                let damage = match kind.behaviour {
                    Behaviour::Ranged { damage, .. } => damage,
                    _ => unit.damage,
                };
                let act = Act::Throw {
                    line: lines.len() - 1,
                    damage,
                };
                Some((act, unit.damage))
            }
            _ => None,
        })
    }

    /// The living units as creatures, the first of the player's side first (the one the
    /// monsters hunt); a creature's id is its unit's index plus one.
    fn creatures(&self, s: &Scenario, pos: &[Cell], hp: &[i32]) -> Vec<Creature> {
        let living = |i: &usize| hp[*i] > 0;
        let player = (0..s.units.len())
            .filter(living)
            .find(|&i| Faction(s.units[i].faction) == Faction::PLAYER);
        let mut order: Vec<usize> = player.into_iter().collect();
        order.extend(
            (0..s.units.len())
                .filter(living)
                .filter(|&i| Some(i) != player),
        );
        let mut creatures: Vec<Creature> = order
            .into_iter()
            .map(|i| self.creature(&s.units[i], i, pos[i], hp[i]))
            .collect();
        if player.is_none() {
            // Nobody to hunt: a fallen player in the player's place.
            let mut nobody = self.template.clone();
            nobody.alive = false;
            nobody.id = 0;
            creatures.insert(0, nobody);
        }
        creatures
    }

    fn creature(&self, u: &UnitSpec, i: usize, pos: Cell, hp: i32) -> Creature {
        let mut c = match &u.monster {
            Some(kind) => Creature::monster(i + 1, kind, pos),
            None => self.template.clone(),
        };
        c.id = i + 1;
        c.pos = pos;
        c.hp = hp;
        c.max_hp = u.max_hp;
        c.speed = u.speed;
        c.strength = u.strength;
        c.damage = u.damage;
        c.faction = Faction(u.faction);
        c.memory = self.kept[i].memory;
        c.charge = self.kept[i].charge;
        c.home = self.homes[i];
        c
    }
}
