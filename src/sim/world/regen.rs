//! Natural healing: the player regains a hit point every `regen_every` turns, or every
//! `rest_regen_every` turns spent resting (numbers from `data/player.toml`).

use super::World;
use crate::sim::{Command, CreatureId};
use serde::{Deserialize, Serialize};

/// The player's progress toward the next hit point, part of the world state.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Regen {
    /// Progress, in units of which `regen_every * rest_regen_every` make one hit point: a turn
    /// of resting adds `regen_every`, any other turn `rest_regen_every`.
    progress: u64,
    /// Whether the player did something other than rest in the turn under way.
    busy: bool,
}

impl Regen {
    /// The progress and the busy flag, for the world's hash.
    pub(super) fn parts(&self) -> (u64, bool) {
        (self.progress, self.busy)
    }

    /// The healing under way with these parts.
    pub(super) fn from_parts((progress, busy): (u64, bool)) -> Regen {
        Regen { progress, busy }
    }
}

impl World {
    /// Notes the player's command: a turn counts as resting when every action in it rests.
    pub(super) fn note_for_regen(&mut self, command: Command) {
        if command != Command::Rest {
            self.regen.busy = true;
        }
    }

    /// Notes every acting hero's command (a hero with none waits): the party's turn counts
    /// as resting only when every action of every hero in it rests. Before, only the first
    /// hero's command counted: a hero fighting beside a resting first hero healed at the
    /// resting rate, and after the first hero's death the others always did.
    pub(super) fn note_party_for_regen(&mut self, commands: &[(CreatureId, Command)]) {
        for hero in self.acting_heroes() {
            let command = commands
                .iter()
                .find(|(h, _)| *h == hero)
                .map_or(Command::Wait, |&(_, c)| c);
            self.note_for_regen(command);
        }
    }

    /// At the end of a turn: heals the player by the turn's share of a hit point.
    pub(super) fn regenerate(&mut self) {
        let kind = self.content.player();
        let (slow, fast) = (
            u64::from(kind.regen_every.max(1)),
            u64::from(kind.rest_regen_every.max(1)),
        );
        let gain = if self.regen.busy { fast } else { slow };
        self.regen.busy = false;
        // A party heals on one count: each hurt hero gains what the count gives.
        let hurt = |c: &crate::sim::Creature| c.alive && c.hp < c.max_hp;
        if !self.heroes.iter().any(|&h| hurt(&self.creatures[h])) {
            self.regen.progress = 0;
            return;
        }
        self.regen.progress += gain;
        let per_hp = slow * fast;
        let points = self.regen.progress / per_hp;
        self.regen.progress %= per_hp;
        for &h in &self.heroes {
            let hero = &mut self.creatures[h];
            if hero.alive {
                let gained = i32::try_from(points).unwrap_or(i32::MAX);
                hero.hp = hero.hp.saturating_add(gained).min(hero.max_hp);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::content::{Content, PlayerKind};
    use crate::geom::Cell;
    use crate::map::{Grid, Level, Shape, Terrain};
    use crate::sim::{Command, CreatureId, World};

    fn player_kind() -> PlayerKind {
        Content::bundled().unwrap().player().clone()
    }

    /// A hurt player alone in a room, at the start of a turn.
    fn hurt(hp: i32) -> World {
        let grid = Grid::new(&Shape::Hexagon { radius: 3 }, Terrain::Floor).unwrap();
        let mut level = Level::new("room", 1, grid);
        level.start = Some(Cell::new(0, 0));
        let mut world = World::new(Content::bundled().unwrap().into(), level, 1).unwrap();
        world.creatures[World::PLAYER].hp = hp;
        world
    }

    /// Plays whole turns of one command; returns the hit points after each turn.
    fn turns(world: &mut World, command: Command, count: u64) -> Vec<i32> {
        let mut out = Vec::new();
        let start = world.turn();
        while world.turn() < start + count {
            let turn = world.turn();
            world.apply(command).unwrap();
            if world.turn() > turn {
                out.push(world.player().hp);
            }
        }
        out
    }

    #[test]
    fn waiting_heals_one_point_every_regen_every_turns() {
        let every = player_kind().regen_every as usize;
        let mut world = hurt(4);
        let hp = turns(&mut world, Command::Wait, 2 * every as u64);
        assert_eq!(hp[every - 2], 4);
        assert_eq!(hp[every - 1], 5);
        assert_eq!(hp[2 * every - 2], 5);
        assert_eq!(hp[2 * every - 1], 6);
    }

    #[test]
    fn resting_heals_one_point_every_rest_regen_every_turns() {
        let every = player_kind().rest_regen_every as usize;
        let mut world = hurt(4);
        let hp = turns(&mut world, Command::Rest, 3 * every as u64);
        assert_eq!(hp[every - 1], 5);
        assert_eq!(hp[3 * every - 1], 7);
        if every > 1 {
            assert_eq!(hp[every - 2], 4);
        }
    }

    #[test]
    fn healing_stops_at_the_maximum_and_banks_nothing() {
        let max = player_kind().hp;
        let mut world = hurt(max - 1);
        let hp = turns(&mut world, Command::Rest, 40);
        assert!(hp.iter().all(|&h| h <= max));
        assert_eq!(hp.last(), Some(&max));
        world.creatures[World::PLAYER].hp = max - 1;
        let every = player_kind().rest_regen_every as usize;
        let hp = turns(&mut world, Command::Rest, every as u64);
        assert_eq!(hp[every - 1], max, "a full rest period, not a banked one");
        if every > 1 {
            assert_eq!(hp[every - 2], max - 1);
        }
    }

    #[test]
    fn a_turn_with_one_other_action_heals_at_the_slow_rate() {
        let mut world = hurt(4);
        let every = player_kind().regen_every;
        let mut hp = 4;
        for _ in 0..every - 1 {
            let turn = world.turn();
            world.apply(Command::Rest).unwrap();
            while world.turn() == turn {
                world.apply(Command::Wait).unwrap();
            }
            hp = world.player().hp;
        }
        assert_eq!(hp, 4);
    }

    /// A party of two in a room, the second hero at `hp`.
    fn party(hp: i32) -> World {
        let grid = Grid::new(&Shape::Hexagon { radius: 3 }, Terrain::Floor).unwrap();
        let mut level = Level::new("room", 1, grid);
        level.start = Some(Cell::new(0, 0));
        let content = Content::bundled().unwrap().into();
        let mut world = World::party_on_levels(content, vec![level], 1, 2).unwrap();
        world.creatures[1].hp = hp;
        world
    }

    /// Plays `count` whole turns, each acting hero given `command_of(hero)` (or none);
    /// returns the second hero's hit points at the end.
    fn party_turns(
        world: &mut World,
        count: u64,
        command_of: impl Fn(CreatureId) -> Option<Command>,
    ) -> i32 {
        let end = world.turn() + count;
        while world.turn() < end {
            let commands: Vec<(CreatureId, Command)> = world
                .acting_heroes()
                .into_iter()
                .filter_map(|h| Some((h, command_of(h)?)))
                .collect();
            world.apply_all(&commands).unwrap();
        }
        world.creatures()[1].hp
    }

    #[test]
    fn a_hero_who_does_not_rest_makes_the_partys_turn_busy_whoever_comes_first() {
        let kind = player_kind();
        let rest = u64::from(kind.rest_regen_every);
        assert!(rest < u64::from(kind.regen_every));
        // Both rest: the resting rate.
        let mut world = party(4);
        assert_eq!(party_turns(&mut world, rest, |_| Some(Command::Rest)), 5);
        // The first hero rests, the second waits: not a turn of rest.
        let mut world = party(4);
        let rests_first = |h| Some(if h == 0 { Command::Rest } else { Command::Wait });
        assert_eq!(party_turns(&mut world, rest, rests_first), 4);
        // A hero given no command waits.
        let mut world = party(4);
        let only_first = |h| (h == 0).then_some(Command::Rest);
        assert_eq!(party_turns(&mut world, rest, only_first), 4);
        // The first hero fallen, the second's own command counts.
        let mut world = party(4);
        world.creatures[0].alive = false;
        world.creatures[0].hp = 0;
        assert_eq!(party_turns(&mut world, rest, |_| Some(Command::Wait)), 4);
        assert_eq!(party_turns(&mut world, rest, |_| Some(Command::Rest)), 5);
    }
}
