//! The allies' part of the world (ARCHITECTURE.md, "Allies"): taming, the directives of
//! their heroes' players, and who comes along down the stairs.

use super::World;
use crate::sim::ally::{Ally, KEEP_CLOSE, Task, Tell};
use crate::sim::{Command, Creature, CreatureId, Rejection};

impl World {
    /// The allies, by id, each with its hero and task.
    pub fn allies(&self) -> &[Ally] {
        &self.allies
    }

    /// Creature `id` as an ally, if it is one.
    pub fn ally(&self, id: CreatureId) -> Option<&Ally> {
        self.allies.iter().find(|a| a.id == id)
    }

    /// The living allies of hero `hero` on the hero's level, by id.
    pub fn allies_of(&self, hero: CreatureId) -> Vec<CreatureId> {
        let Some(depth) = self.creatures.get(hero).map(|c| c.depth) else {
            return Vec::new();
        };
        self.allies
            .iter()
            .filter(|a| a.leader == hero)
            .map(|a| a.id)
            .filter(|&id| self.creatures[id].alive && self.creatures[id].depth == depth)
            .collect()
    }

    /// The task `tell` gives ally `id`, or why it is refused: `id` is no living ally on its
    /// hero's level, or no foe of it stands where it is told to attack.
    pub fn task_for(&self, id: CreatureId, tell: Tell) -> Result<Task, Rejection> {
        let me = self
            .ally(id)
            .filter(|a| self.creatures[a.id].depth == self.creatures[a.leader].depth)
            .map(|a| &self.creatures[a.id])
            .filter(|c| c.alive)
            .ok_or(Rejection::NotAlly)?;
        Ok(match tell {
            Tell::Follow => Task::Follow,
            Tell::Stay => Task::Stay(me.pos),
            Tell::Guard => Task::Guard(me.pos),
            Tell::Attack(at) => {
                let foe = self
                    .creature_on(me.depth, at)
                    .filter(|c| c.faction.hostile_to(me.faction))
                    .ok_or(Rejection::NoFoe)?;
                Task::Attack(foe.id)
            }
        })
    }

    /// The tasks the [`Command::Lead`] directives among `tells` give, each checked; the
    /// first refusal refuses them all.
    pub(super) fn ally_tasks(
        &self,
        tells: &[(CreatureId, Command)],
    ) -> Result<Vec<(CreatureId, Task)>, (CreatureId, Rejection)> {
        if self.is_over()
            && let Some(&(who, _)) = tells.first()
        {
            return Err((who, Rejection::Over));
        }
        let mut tasks: Vec<(CreatureId, Task)> = Vec::with_capacity(tells.len());
        for &(who, command) in tells {
            let Command::Lead(tell) = command else {
                continue;
            };
            if tasks.iter().any(|(a, _)| *a == who) {
                return Err((who, Rejection::NotActing));
            }
            tasks.push((who, self.task_for(who, tell).map_err(|why| (who, why))?));
        }
        Ok(tasks)
    }

    /// Gives each ally its task.
    pub(super) fn set_tasks(&mut self, tasks: &[(CreatureId, Task)]) {
        for &(id, task) in tasks {
            if let Some(ally) = self.allies.iter_mut().find(|a| a.id == id) {
                ally.task = task;
            }
        }
    }

    /// The monster hero `who` can tame now: the nearest living monster on the level, not an
    /// ally, that the hero sees within `range` tiles (ties to the lowest id).
    pub(super) fn tameable(&self, who: CreatureId, range: u32) -> Option<CreatureId> {
        let me = &self.creatures[who];
        let grid = &self.level().terrain;
        self.creatures_here()
            .filter(|c| !self.on_heroes_side(c.id))
            .filter(|c| c.faction.hostile_to(me.faction))
            .filter(|c| grid.distance(me.pos, c.pos) <= range as i32 && self.hero_sees(who, c.pos))
            .min_by_key(|c| (grid.distance(me.pos, c.pos), c.id))
            .map(|c| c.id)
    }

    /// Creature `id` is tamed by hero `who` (told as [`crate::sim::Event::Tamed`]): it joins the hero's
    /// side, forgets its plan and what it hunted, and follows the hero.
    pub(super) fn befriend(&mut self, who: CreatureId, id: CreatureId) {
        let faction = self.creatures[who].faction;
        let c: &mut Creature = &mut self.creatures[id];
        c.faction = faction;
        c.memory = None;
        c.charge = None;
        c.home = None;
        if let Some(plan) = self.plans.get_mut(id) {
            *plan = None;
        }
        let at = self.allies.partition_point(|a| a.id < id);
        self.allies.insert(
            at,
            Ally {
                id,
                leader: who,
                task: Task::Follow,
            },
        );
    }

    /// The living allies on level `depth` that come along when the heroes `party` take the
    /// stairs: those following one of them within reach of the stairs' user.
    pub(super) fn companions(&self, party: &[CreatureId], depth: u32) -> Vec<CreatureId> {
        let grid = &self.depths[depth as usize - 1].level.terrain;
        self.allies
            .iter()
            .filter(|a| self.follows(a) && party.contains(&a.leader))
            .filter(|a| {
                let c = &self.creatures[a.id];
                let leader = &self.creatures[a.leader];
                c.alive
                    && c.depth == depth
                    && grid.distance(c.pos, leader.pos) <= KEEP_CLOSE as i32 + 1
            })
            .map(|a| a.id)
            .collect()
    }

    /// Whether `ally` keeps near its hero now: told to follow, or told to attack a foe that
    /// is gone (dead, or on another level), after which its mind follows again.
    fn follows(&self, ally: &Ally) -> bool {
        match ally.task {
            Task::Follow => true,
            Task::Attack(foe) => self
                .creatures
                .get(foe)
                .is_none_or(|f| !f.alive || f.depth != self.creatures[ally.id].depth),
            Task::Stay(_) | Task::Guard(_) => false,
        }
    }

    /// Whether creature `id` is on the heroes' side: a hero or an ally.
    pub fn on_heroes_side(&self, id: CreatureId) -> bool {
        self.is_hero(id) || self.ally(id).is_some()
    }
}
