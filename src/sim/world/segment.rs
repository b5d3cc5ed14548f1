//! One segment of the world: initiative at the start of a turn, and on every level with a
//! hero on it (every level, on a stage that runs them all: `stage.rs`), every acting
//! creature's intention, the resolver, and the events that explain the outcome.

use super::World;
use super::actions::{Deed, PlayerAction};
use super::change::{Change, Effect};
use crate::geom::{Cell, Side};
use crate::sim::intention::{Intention, acts_in};
use crate::sim::resolve::{Act, Outcome, ResolveError, Resolver, Unit};
use crate::sim::tactics::within_reach;
use crate::sim::{CreatureId, Event};

/// The range of an initiative roll.
const INITIATIVE_SIDES: usize = 1_000_000;

/// One creature's part in a segment: who it is, how the resolver sees it, what it does, and
/// the item its missile leaves where it lands.
struct Actor {
    id: CreatureId,
    unit: Unit,
    act: Act,
    missile: Option<String>,
}

/// One segment's input to the resolver, with what the game needs to explain the outcome. The
/// resolver takes units and acts as slices; they are filled together, an actor at a time.
#[derive(Default)]
pub(super) struct Segment {
    pub(super) ids: Vec<CreatureId>,
    units: Vec<Unit>,
    acts: Vec<Act>,
    /// Per unit: the item its missile leaves where it lands.
    pub(super) missiles: Vec<Option<String>>,
    /// Missile lines and strike areas, by the index the acts name.
    lines: Vec<Vec<usize>>,
    /// The closed doors on sides that creatures step into this segment, opening them
    /// instead of crossing: who, standing where, and the side.
    pub(super) doors: Vec<(CreatureId, Cell, Side)>,
}

impl Segment {
    fn push(&mut self, actor: Actor) {
        self.ids.push(actor.id);
        self.units.push(actor.unit);
        self.acts.push(actor.act);
        self.missiles.push(actor.missile);
    }

    /// Keeps a line or area of tiles and returns the index an act names it by.
    pub(super) fn line(&mut self, tiles: Vec<usize>) -> usize {
        self.lines.push(tiles);
        self.lines.len() - 1
    }
}

impl World {
    /// Resolves the coming segment with the actions of the heroes that act in it (a hero
    /// with none waits): every level with a living hero on it, shallowest first, each its
    /// own resolution (ARCHITECTURE.md, "Heroes on different depths").
    pub(super) fn run_segment(
        &mut self,
        heroes: &[(CreatureId, PlayerAction)],
        events: &mut Vec<Event>,
    ) {
        let k = self.segment;
        self.running = self.levels_to_run();
        let levels = self.running.clone();
        if k == 1 && self.stage.initiative == super::stage::Initiative::Rolled {
            for &depth in &levels {
                self.roll_initiative(depth);
            }
        }
        let mut first = events.len();
        events.push(Event::Segment {
            turn: self.turn,
            segment: k,
        });
        // Who stood on which level as the segment began: one who came down or up the
        // stairs in it only stands on the level they came to.
        let starts: Vec<u32> = self.creatures.iter().map(|c| c.depth).collect();
        for &depth in &levels {
            self.focus = Some(depth);
            if levels.len() > 1 {
                events.push(Event::Level { depth });
            }
            let here: Vec<(CreatureId, PlayerAction)> = heroes
                .iter()
                .filter(|(h, _)| starts.get(*h) == Some(&depth))
                .cloned()
                .collect();
            self.run_level(&here, &starts, events);
            if self.stage.views_and_story {
                self.record_story(&events[first..]);
            }
            for (who, action) in &here {
                // A deed whose hero left the level (by the stairs) is past.
                if self.creatures[*who].depth == depth {
                    self.finish_deed(*who, action.deed.clone(), events);
                }
            }
            first = events.len();
        }
        self.focus = None;
        self.running.clear();
        if self.stage.views_and_story {
            self.update_view();
        }
        self.segment += 1;
        if self.segment > self.segments() {
            self.segment = 1;
            self.turn += 1;
            if self.stage.regeneration {
                self.regenerate();
            }
        }
        self.replan();
    }

    /// Resolves the coming segment on the level the rules work on ([`World::depth`]): its
    /// creatures that stood on it as the segment began act, `heroes` by their actions.
    fn run_level(
        &mut self,
        heroes: &[(CreatureId, PlayerAction)],
        starts: &[u32],
        events: &mut Vec<Event>,
    ) {
        let (segment, gathered) = self.gather(heroes, starts);
        self.apply_changes(gathered, events);
        match self.resolve_segment(&segment) {
            Ok(outcome) => {
                // What the heroes' deeds use up goes only once the segment is settled.
                for (who, action) in heroes {
                    self.consume(*who, &action.deed);
                }
                self.distribute(&segment, &outcome, events);
            }
            // The acts are built from checked intentions on the level's own tiles, so this
            // is a bug; it is told, not hidden, and the segment changes nothing.
            Err(err) => events.push(Event::RulesError {
                message: err.to_string(),
            }),
        }
    }

    /// The resolver's outcome of a gathered segment, on the scratch tables the world keeps.
    pub(super) fn resolve_segment(&mut self, segment: &Segment) -> Result<Outcome, ResolveError> {
        let tiles = self.level().terrain.storage_len();
        let mut resolver = match self.caches.resolver.take() {
            Some(r) if r.tiles() >= tiles => r,
            _ => Resolver::new(tiles),
        };
        let outcome = resolver.resolve_with_lines(&segment.units, &segment.acts, &segment.lines);
        self.caches.resolver = Some(resolver);
        outcome
    }

    fn roll_initiative(&mut self, depth: u32) {
        for c in self
            .creatures
            .iter_mut()
            .filter(|c| c.alive && c.depth == depth)
        {
            c.initiative = crate::rng::below(&mut self.rng, INITIATIVE_SIDES) as i64;
        }
    }

    /// Every living creature of the level as a unit with its checked act, computed from the
    /// world before the segment; and the changes gathering makes (a busy creature's action
    /// spent, the waits, throws and bursts told).
    pub(super) fn gather(
        &self,
        heroes: &[(CreatureId, PlayerAction)],
        starts: &[u32],
    ) -> (Segment, Vec<Change>) {
        let depth = self.depth();
        let k = self.segment;
        let grid = &self.level().terrain;
        let ids: Vec<CreatureId> = self
            .creatures_here()
            .filter(|c| grid.index(c.pos).is_some())
            .map(|c| c.id)
            .collect();
        let mut s = Segment::default();
        let mut changes = Vec::new();
        for id in ids {
            let acting = acts_in(self.creatures[id].speed, k, self.segments())
                && starts.get(id) == Some(&depth);
            changes.extend(self.script_spent(id, acting));
            let busy = acting && self.creatures[id].busy > 0;
            if busy {
                let actions = self.creatures[id].busy - 1;
                changes.push(Change::Quiet(Effect::Busy { who: id, actions }));
            }
            let action = heroes.iter().find(|(h, _)| *h == id).map(|(_, a)| a);
            let (wanted, from) = self.wanted(id, acting && !busy, action);
            let wanted = self.make_way(id, wanted, heroes);
            let checked = self.checked(id, wanted, from, &mut s);
            let plain = action.is_some_and(|p| p.deed == Deed::Plain);
            if checked == Intention::Stay && plain {
                changes.push(Change::Tell(Event::Waited { who: id }));
            }
            let deed = action.map(|p| &p.deed);
            let (act, missile) = self.act_of(id, checked, deed, &mut s, &mut changes);
            let unit = self.unit_of(id);
            s.push(Actor {
                id,
                unit,
                act,
                missile,
            });
        }
        (s, changes)
    }

    /// An ally that would stay where a hero steps makes way: it steps onto the hero's tile,
    /// and the two change places. Any hero, not only its own: a hero walking past another's
    /// ally in a corridor would otherwise wait for it for ever.
    fn make_way(
        &self,
        id: CreatureId,
        wanted: Intention,
        heroes: &[(CreatureId, PlayerAction)],
    ) -> Intention {
        if self.ally(id).is_none() {
            return wanted;
        }
        let here = self.creatures[id].pos;
        let stepping_here = heroes
            .iter()
            .find(|(h, a)| self.is_hero(*h) && a.intention == Intention::Move(here));
        match stepping_here {
            Some((h, _)) if wanted == Intention::Stay => Intention::Move(self.creatures[*h].pos),
            _ => wanted,
        }
    }

    /// What creature `id` means to do this segment and the tile it planned it from: the
    /// player's action, a monster's plan, or staying when it does not act (`acting` false).
    fn wanted(
        &self,
        id: CreatureId,
        acting: bool,
        hero: Option<&PlayerAction>,
    ) -> (Intention, Cell) {
        let here = self.creatures[id].pos;
        match (acting, self.is_hero(id)) {
            (false, _) => (Intention::Stay, here),
            (true, true) => (hero.map_or(Intention::Stay, |p| p.intention), here),
            (true, false) => self
                .plans
                .get(id)
                .copied()
                .flatten()
                .map_or((Intention::Stay, self.creatures[id].pos), |p| {
                    (p.intention, p.from)
                }),
        }
    }

    /// Creature `id`'s intention as R0 lets it stand: a step into a closed door on a side
    /// opens the door instead (kept in `s`), and an intention the rules forbid becomes staying.
    fn checked(&self, id: CreatureId, wanted: Intention, from: Cell, s: &mut Segment) -> Intention {
        let c = &self.creatures[id];
        let level = self.level();
        // A blow also needs sight across the side: no closed door between; a spear's
        // thrust reaches two tiles along a straight line (R0).
        let blow = matches!(wanted, Intention::Attack(_));
        let reach = self.tactics_of(id).reach;
        let step_ok = |a: Cell, b: Cell| {
            level.passable(b)
                && if blow {
                    within_reach(level, reach, a, b)
                } else {
                    level.move_allowed(a, b)
                }
        };
        // A step into a closed door on a side opens it and the stepper stays, whatever
        // lies beyond (a door may open onto water); otherwise R0 checks the intention.
        let door = match wanted {
            Intention::Move(t) if from == c.pos => level.door_opened_by_step(c.pos, t),
            _ => None,
        };
        match door {
            Some(side) => {
                s.doors.push((id, c.pos, side));
                Intention::Stay
            }
            None => wanted.checked(c.pos, from, step_ok),
        }
    }

    /// A creature as the resolver sees it.
    fn unit_of(&self, id: CreatureId) -> Unit {
        let c = &self.creatures[id];
        let grid = &self.level().terrain;
        let charging = c.charge.is_some()
            && matches!(
                self.plans.get(id).copied().flatten().map(|p| p.intention),
                Some(Intention::Attack(_))
            );
        let damage = self.blow_damage(id);
        Unit {
            tile: grid.index(c.pos).unwrap_or_default(),
            faction: c.faction,
            strength: c.strength,
            speed: c.speed,
            initiative: c.initiative,
            damage: if charging {
                damage.saturating_mul(2)
            } else {
                damage
            },
            hp: c.hp,
            max_hp: c.max_hp,
            armour: self.armour_of(id),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::Content;
    use crate::map::{Grid, Level, Placement, PlacementKind, Shape, Terrain};
    use crate::rng::{Stream, stream};
    use crate::sim::Command;

    /// A room with the player at (1, 2) and a rat at `rat`.
    fn room(rat: Cell) -> World {
        let grid = Grid::new(
            &Shape::Parallelogram {
                width: 14,
                height: 5,
            },
            Terrain::Floor,
        )
        .unwrap();
        let mut level = Level::new("room", 1, grid);
        level.start = Some(Cell::new(1, 2));
        level.placements.push(Placement {
            at: rat,
            kind: PlacementKind::Monster("rat".into()),
        });
        World::new(Content::bundled().unwrap().into(), level, 3).unwrap()
    }

    /// The events of the first segment in `events`.
    fn first_segment(events: &[Event]) -> &[Event] {
        let starts: Vec<usize> = (0..events.len())
            .filter(|&i| matches!(events[i], Event::Segment { .. }))
            .collect();
        &events[starts[0]..starts.get(1).copied().unwrap_or(events.len())]
    }

    fn rat_moved(events: &[Event]) -> bool {
        events
            .iter()
            .any(|e| matches!(e, Event::Moved { who: 1, .. }))
    }

    #[test]
    fn a_plan_made_on_another_tile_becomes_staying_r0() {
        // The rat hunts the player and steps toward them in its next segment...
        let mut world = room(Cell::new(6, 2));
        let plan = world.plans[1].unwrap();
        assert!(matches!(plan.intention, Intention::Move(_)), "{plan:?}");
        let mut control = world.clone();
        let events = control.apply(Command::Wait).unwrap();
        assert!(rat_moved(first_segment(&events)), "{events:?}");
        // ...unless it no longer stands where it planned: then it stays, even on a tile from
        // which the step would still be one step.
        let Intention::Move(target) = plan.intention else {
            unreachable!()
        };
        let elsewhere = world
            .level()
            .terrain
            .neighbours(target)
            .find(|&h| h != plan.from && h != world.player().pos && world.level().passable(h))
            .unwrap();
        world.creatures[1].pos = elsewhere;
        let events = world.apply(Command::Wait).unwrap();
        assert!(!rat_moved(first_segment(&events)), "{events:?}");
    }

    #[test]
    fn an_item_is_not_used_up_when_the_segment_cannot_be_settled() {
        let mut world = room(Cell::new(10, 2));
        let darts = world.player().count_of("dart");
        let letter = world
            .player()
            .inventory
            .iter()
            .find(|s| s.item == "dart")
            .unwrap()
            .letter;
        // Two creatures on one tile: a world the rules never make, which the resolver
        // refuses.
        world.creatures[1].pos = world.player().pos;
        let events = world
            .apply(Command::Throw {
                item: letter,
                at: Cell::new(5, 2),
            })
            .unwrap();
        assert!(
            events.iter().any(|e| matches!(e, Event::RulesError { .. })),
            "{events:?}"
        );
        assert_eq!(world.player().count_of("dart"), darts);
        assert!(world.items_at(Cell::new(5, 2)).next().is_none());
    }

    #[test]
    fn the_monsters_choices_never_move_the_rules_rolls() {
        let world = room(Cell::new(12, 0));
        let mut other = world.clone();
        other.ai_rng = stream(99, Stream::Ai, 7);
        let (mut a, mut b) = (world, other);
        for _ in 0..8 {
            a.apply(Command::Wait).unwrap();
            b.apply(Command::Wait).unwrap();
        }
        assert_eq!(a.rng, b.rng, "the rules' stream is the same");
        assert_ne!(a.ai_rng, b.ai_rng);
        let initiative = |w: &World| w.creatures.iter().map(|c| c.initiative).collect::<Vec<_>>();
        assert_eq!(initiative(&a), initiative(&b));
        // And the rules' rolls are the rules' stream's own draws: the last turn's
        // initiatives, in creature order, after one roll for each creature every turn.
        let mut rules = stream(3, Stream::Rules, 0);
        let mut last = Vec::new();
        for _ in 0..=a.turn() {
            last = (0..a.creatures.len())
                .map(|_| crate::rng::below(&mut rules, INITIATIVE_SIDES) as i64)
                .collect();
        }
        assert_eq!(initiative(&a), last);
    }
}
