//! The monsters' plans: every monster of a level with a hero on it chooses its next intention from the state
//! now (the intent telegraph shows them).

use super::World;
use crate::geom::Cell;
use crate::sim::ai::{Mind, Senses, choose, choose_ally};
use crate::sim::intention::Planned;

impl World {
    /// Every living monster of every level with a hero on it chooses its next intention
    /// from the state now; the monsters of a waiting level have no plan.
    pub(super) fn replan(&mut self) {
        let mut plans = vec![None; self.creatures.len()];
        for depth in self.levels_to_run() {
            self.replan_level(depth, &mut plans);
        }
        self.plans = plans;
    }

    /// Every living monster of level `depth` chooses its next intention into `plans`.
    pub(super) fn replan_level(&mut self, depth: u32, plans: &mut [Option<Planned>]) {
        let mut minds = Vec::new();
        {
            let level = &self.depths[depth as usize - 1].level;
            // The monsters hunt the heroes and their allies (on a stage with prey, its first
            // living creature instead; a scripted creature's plan is its script's next
            // intention). Their Dijkstra map depends only on the level's terrain and the
            // tiles of those living on it: kept while none of them changes.
            let mut heroes = self
                .stage
                .prey(&self.creatures, depth)
                .unwrap_or_else(|| super::query::heroes_on(&self.heroes, &self.creatures, depth));
            heroes.extend(
                self.allies
                    .iter()
                    .map(|a| &self.creatures[a.id])
                    .filter(|c| c.alive && c.depth == depth),
            );
            let key = (
                depth,
                heroes.iter().map(|h| h.pos).collect::<Vec<Cell>>(),
                self.terrain_digest,
            );
            let cached = self.caches.hunt_maps.iter().position(|(k, _)| k.0 == depth);
            let known = cached
                .map(|i| self.caches.hunt_maps.remove(i))
                .filter(|(k, _)| *k == key)
                .map(|(_, m)| m);
            let kinds = self.content.monsters();
            let mut senses =
                Senses::with_heroes(level, kinds, &self.creatures, depth, &heroes, known);
            let here = self.creatures.iter().skip(self.heroes.len());
            for c in here.filter(|c| c.alive && c.depth == depth) {
                if let Some(plan) = self.stage.plan(c.id, c.pos) {
                    plans[c.id] = Some(plan);
                    continue;
                }
                let (intention, mind) =
                    if let Some(ally) = self.allies.iter().find(|a| a.id == c.id) {
                        let leader = Some(&self.creatures[ally.leader])
                            .filter(|l| l.alive && l.depth == depth);
                        (choose_ally(&senses, c, ally, leader), Mind::default())
                    } else {
                        senses.aim(c);
                        choose(&senses, c, &mut self.ai_rng)
                    };
                senses.note(c, intention);
                plans[c.id] = Some(Planned {
                    from: c.pos,
                    intention,
                });
                minds.push((c.id, mind));
            }
            if let Some(map) = senses.into_hunt_map() {
                self.caches.hunt_maps.push((key, map));
            }
        }
        for (id, mind) in minds {
            self.creatures[id].memory = mind.memory;
            self.creatures[id].charge = mind.charge;
        }
    }
}
