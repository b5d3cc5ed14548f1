//! What a monster's plan threatens, tile by tile, so the telegraph can show it all: a wide
//! swing covers three tiles, a charge runs down a line, a shot flies along one, a spear's
//! thrust lands two tiles away, and a feint may take any of the tiles next to the player.

use super::{Plan, World};
use crate::content::{Attack, Behaviour, Tactics};
use crate::geom::Cell;
use crate::sim::Creature;
use crate::sim::ai::Stance;
use crate::sim::intention::Intention;
use crate::sim::tactics::feint_tiles;

/// How many tiles of a charge's line the telegraph shows.
const CHARGE_SHOWN: usize = 6;

impl World {
    /// The tiles a plan would strike (for an attack or shot) or run over (for a charge), in
    /// order; empty for a plain step or a wait.
    pub fn threatened(&self, plan: &Plan) -> Vec<Cell> {
        let Some(monster) = self.creatures.get(plan.who) else {
            return Vec::new();
        };
        match plan.intention {
            Intention::Attack(t) if monster.attack == Attack::Sweep => {
                let grid = &self.level().terrain;
                self.sweep_tiles(plan.from, t)
                    .into_iter()
                    .map(|i| grid.cell(i))
                    .collect()
            }
            Intention::Attack(t) => vec![t],
            Intention::Throw(t) => {
                let grid = &self.level().terrain;
                self.flight(plan.from, t)
                    .into_iter()
                    .map(|i| grid.cell(i))
                    .collect()
            }
            Intention::Move(_) => match monster.charge {
                Some(dir) => {
                    let grid = &self.level().terrain;
                    std::iter::successors(Some(plan.from), |&h| grid.step(h, dir).map(|s| s.0))
                        .skip(1)
                        .take_while(|&h| self.level().passable(h))
                        .take(CHARGE_SHOWN)
                        .collect()
                }
                None => Vec::new(),
            },
            Intention::Stay => Vec::new(),
        }
    }

    /// Whether a monster is charging (its blow at the end of the charge does double damage).
    pub fn is_charging(&self, who: usize) -> bool {
        self.creatures.get(who).is_some_and(|c| c.charge.is_some())
    }

    /// The tiles a feinting monster may step onto, when its plan `intention` is a step onto
    /// one of them: a hunting monster whose kind feints, about to step next to the player,
    /// takes one of the free tiles next to both at random ([`feint_tiles`]), so the telegraph
    /// marks them all. `None` for any other plan, or when it has only one such tile.
    pub fn feint_marks(&self, monster: &Creature, intention: Intention) -> Option<Vec<Cell>> {
        let Intention::Move(to) = intention else {
            return None;
        };
        let player = self.nearest_hero(monster.pos)?;
        if !self.tactics_of(monster.id).feints || player.depth != monster.depth {
            return None;
        }
        let free = |h: Cell| self.creature_at(h).is_none();
        let tiles = feint_tiles(self.level(), monster.pos, player.pos, free);
        let doubt = tiles.len() > 1 && tiles.contains(&to);
        (doubt && self.stance(monster.id) == Stance::Hunts).then_some(tiles)
    }

    /// Whether monster `who`'s step from `from` to `to` is a shooter's step back: its kind
    /// retreats, and it leaves the reach of the player (where they stood as the segment
    /// began) for a tile out of it. Such a step costs it its next action too, so a player
    /// who follows it gets their blow in (a chase around a pillar never ended, otherwise).
    pub(super) fn steps_back(&self, who: usize, from: Cell, to: Cell) -> bool {
        let Some(player) = self.nearest_hero(from).map(|h| h.pos) else {
            return false;
        };
        let level = self.level();
        !self.is_hero(who)
            && self.tactics_of(who).retreats
            && level.blow_allowed(player, from)
            && !level.blow_allowed(player, to)
    }

    /// The tactics of a creature's kind: the plain ones for the player and for a kind the
    /// data does not hold.
    pub fn tactics_of(&self, who: usize) -> Tactics {
        self.creatures
            .get(who)
            .filter(|c| c.behaviour.is_some())
            .and_then(|c| self.content.monster(&c.name))
            .map_or_else(Tactics::default, |k| k.tactics)
    }

    /// The range of a monster's shots, for its description.
    pub fn shot_range(&self, who: usize) -> Option<u32> {
        match self.creatures.get(who)?.behaviour? {
            Behaviour::Ranged { range, .. } => Some(range),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::content::{Attack, Behaviour, Content};
    use crate::geom::Cell;
    use crate::map::{Grid, Level, Placement, PlacementKind, Shape, Terrain};
    use crate::sim::{Command, Event, Intention, World};

    fn open_with(name: &str, at: Cell, start: Cell) -> World {
        let grid = Grid::new(
            &Shape::Parallelogram {
                width: 12,
                height: 5,
            },
            Terrain::Floor,
        )
        .unwrap();
        let mut level = Level::new("t", 1, grid);
        level.start = Some(start);
        level.placements.push(Placement {
            at,
            kind: PlacementKind::Monster(name.to_string()),
        });
        World::new(crate::content::Content::bundled().unwrap().into(), level, 5).unwrap()
    }

    fn kind_named(f: impl Fn(&crate::sim::MonsterKind) -> bool) -> String {
        Content::bundled()
            .unwrap()
            .monsters()
            .iter()
            .find(|k| f(k))
            .unwrap()
            .name
            .clone()
    }

    #[test]
    fn a_sweep_is_telegraphed_on_three_tiles_and_stepping_aside_does_not_dodge_it() {
        let name = kind_named(|k| k.attack == Attack::Sweep && k.speed == 1);
        let mut world = open_with(&name, Cell::new(5, 2), Cell::new(4, 2));
        // Wait until the swinger's plan is a swing that acts in the coming segment.
        for _ in 0..8 {
            let ready = world
                .planned()
                .iter()
                .any(|p| p.acts_next && matches!(p.intention, Intention::Attack(_)));
            if ready {
                break;
            }
            world.apply(Command::Wait).unwrap();
        }
        let plan = world.planned()[0];
        let marked = world.threatened(&plan);
        assert_eq!(marked.len(), 3, "{marked:?}");
        // Step aside to a tile still next to the swinger: the swing finds you there.
        let me = world.player().pos;
        let g = &world.level().terrain;
        let aside = g
            .neighbours(me)
            .find(|h| marked.contains(h) && *h != me && g.adjacent(*h, plan.from))
            .unwrap();
        let dir = world.level().terrain.direction(me, aside).unwrap();
        let hp = world.player().hp;
        let events = world.apply(Command::Move(dir)).unwrap();
        assert!(
            events
                .iter()
                .any(|e| matches!(e, Event::Hit { victim: 0, .. })),
            "{events:?}"
        );
        assert!(world.player().hp < hp);
    }

    #[test]
    fn a_charger_telegraphs_its_line_and_keeps_to_it() {
        let name = kind_named(|k| matches!(k.behaviour, Behaviour::Charger { .. }));
        let mut world = open_with(&name, Cell::new(9, 2), Cell::new(4, 2));
        let plan = world.planned()[0];
        let line = world.threatened(&plan);
        assert!(world.is_charging(plan.who));
        assert!(line.len() >= 3, "{line:?}");
        assert!(
            line.iter().all(|h| h.y == 2),
            "a straight line west: {line:?}"
        );
        // Stepping off the line: the charger runs on down it.
        world
            .apply(Command::Move(crate::geom::Compass::NE))
            .unwrap();
        let charger = &world.creatures()[plan.who];
        assert_eq!(charger.pos.y, 2, "it kept to its line");
        assert!(charger.pos.x < 9);
    }
}
