//! How a monster closes in on the player it hunts, or keeps away, by its tactics from the data
//! ([`Tactics`]): a feint's step chosen at random among the tiles next to the player, a
//! spear's step to where it thrusts from, a shooter's step back out of the player's reach.

use super::Senses;
use crate::content::Tactics;
use crate::geom::Cell;
use crate::rng::{GameRng, below};
use crate::sim::Creature;
use crate::sim::intention::Intention;
use crate::sim::tactics::{feint_tiles, thrust_middle};

impl Senses<'_> {
    /// The tactics of `me`'s kind (the plain ones for a kind the data does not hold).
    pub(super) fn tactics(&self, me: &Creature) -> Tactics {
        self.kinds
            .iter()
            .find(|k| k.name == me.name)
            .map_or_else(Tactics::default, |k| k.tactics)
    }

    /// Whether `me` thrusts at the player on `target` from where it stands: its reach is 2
    /// and `target` lies two steps away along an open straight line.
    pub(super) fn thrusts(&self, me: &Creature, target: Cell) -> bool {
        self.tactics(me).reach >= 2 && thrust_middle(self.level, me.pos, target).is_some()
    }

    /// `me`'s next step toward the player on `target`, by its tactics: a feinter about to step
    /// next to them takes one of the tiles it may ([`feint_tiles`]) at random (of those no
    /// monster that chose before heads to, while any is left); a spear steps to a tile it can
    /// thrust from rather than next to them; anyone else takes its usual step.
    pub(super) fn approach(&self, me: &Creature, target: Cell, rng: &mut GameRng) -> Intention {
        let tactics = self.tactics(me);
        if tactics.feints {
            let tiles = feint_tiles(self.level, me.pos, target, |h| self.free(h));
            let open: Vec<Cell> = tiles
                .iter()
                .copied()
                .filter(|&h| self.open(me, h))
                .collect();
            let pool = if open.is_empty() { tiles } else { open };
            match pool.len() {
                0 => {}
                1 => return Intention::Move(pool[0]),
                n => return Intention::Move(pool[below(rng, n)]),
            }
        }
        if tactics.reach >= 2
            && let Some(post) = self.thrust_post(me, target)
        {
            return Intention::Move(post);
        }
        self.step(me, false)
            .map_or(Intention::Stay, Intention::Move)
    }

    /// A free neighbour of `me`, not next to the player on `target`, from which a thrust
    /// reaches them: the nearest to them by the hunt's map, then the first in coordinate
    /// order.
    fn thrust_post(&self, me: &Creature, target: Cell) -> Option<Cell> {
        self.level
            .terrain
            .neighbours(me.pos)
            .filter(|&h| self.can_step(me.pos, h) && self.free(h) && self.open(me, h))
            .filter(|&h| !self.level.blow_allowed(h, target))
            .filter(|&h| thrust_middle(self.level, h, target).is_some())
            .min_by_key(|&h| (self.wading(h), self.cost_at(h), h))
    }

    /// Where a shooter that keeps its distance steps back to from the player on `target`
    /// next to it: a free neighbour out of their reach from which it can shoot them (within
    /// `range`, a clear line), dry ground first, then the farthest from them; `None` when it
    /// has none, cornered: then it strikes. A chase ends where its way back bends.
    pub(super) fn retreat(&self, me: &Creature, target: Cell, range: u32) -> Option<Cell> {
        self.level
            .terrain
            .neighbours(me.pos)
            .filter(|&h| self.can_step(me.pos, h) && self.free(h) && self.open(me, h))
            .filter(|&h| !self.level.blow_allowed(target, h) && h != target)
            .filter(|&h| {
                self.dist(h, target) <= range as i32
                    && self.clear_shot_past(h, target, Some(me.pos))
            })
            .min_by_key(|&h| (self.wading(h), u32::MAX - self.cost_at(h), h))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::Content;
    use crate::map::{Grid, Level, Shape, Terrain};
    use crate::rng::{Stream, stream};
    use crate::sim::ai::choose;

    fn room() -> Level {
        let shape = Shape::Parallelogram {
            width: 10,
            height: 7,
        };
        Level::new("room", 1, Grid::new(&shape, Terrain::Floor).unwrap())
    }

    /// What the monster at index 1 of `creatures` chooses.
    fn chosen(level: &Level, creatures: &[Creature]) -> Intention {
        let content = Content::bundled().unwrap();
        let senses = Senses::new(level, content.monsters(), creatures, 1, None);
        choose(&senses, &creatures[1], &mut stream(1, Stream::Ai, 0)).0
    }

    fn meet(level: &Level, kind: &str, player: Cell, at: Cell) -> Intention {
        let content = Content::bundled().unwrap();
        let creatures = [
            Creature::player(&content, player),
            Creature::monster(1, content.monster(kind).unwrap(), at),
        ];
        chosen(level, &creatures)
    }

    #[test]
    fn a_spear_steps_to_where_it_thrusts_from_never_next_to_the_player() {
        let level = room();
        let me = Cell::new(2, 3);
        // Three tiles off in line: it takes the tile two off, not the one beside the player.
        assert_eq!(
            meet(&level, "goblin spearman", me, Cell::new(5, 3)),
            Intention::Move(Cell::new(4, 3))
        );
        // Two off, bent: it steps into line rather than next to the player.
        let Intention::Move(to) = meet(&level, "goblin spearman", me, Cell::new(3, 2)) else {
            panic!("it should step");
        };
        assert!(!level.terrain.adjacent(to, me));
        assert!(thrust_middle(&level, to, me).is_some(), "{to:?}");
        // A goblin (reach 1) in the same place steps next to the player.
        let Intention::Move(to) = meet(&level, "goblin", me, Cell::new(3, 2)) else {
            panic!("it should step");
        };
        assert!(level.terrain.adjacent(to, me));
    }

    #[test]
    fn a_cornered_slinger_strikes_and_one_with_room_steps_back_to_shoot() {
        let mut level = room();
        let me = Cell::new(2, 3);
        let back = meet(&level, "goblin slinger", me, Cell::new(3, 3));
        let Intention::Move(to) = back else {
            panic!("it should step back: {back:?}");
        };
        assert!(!level.terrain.adjacent(to, me));
        // Walls all round it but for the player's side: no step back, so it strikes.
        let around: Vec<Cell> = level.terrain.neighbours(Cell::new(3, 3)).collect();
        for h in around {
            if h != me && !level.terrain.adjacent(h, me) {
                level.terrain.set(h, Terrain::Wall);
            }
        }
        assert_eq!(
            meet(&level, "goblin slinger", me, Cell::new(3, 3)),
            Intention::Attack(me)
        );
    }

    #[test]
    fn a_feint_keeps_off_a_tile_another_monster_chose_while_it_has_another() {
        let level = room();
        let content = Content::bundled().unwrap();
        let (me, kobold) = (Cell::new(3, 3), Cell::new(4, 2));
        let creatures = [
            Creature::player(&content, me),
            Creature::monster(1, content.monster("kobold").unwrap(), kobold),
            Creature::monster(2, content.monster("rat").unwrap(), Cell::new(5, 3)),
        ];
        let mut senses = Senses::new(&level, content.monsters(), &creatures, 1, None);
        // The rat heads for (4, 3), one of the kobold's two tiles: every draw takes the other.
        senses.note(&creatures[2], Intention::Move(Cell::new(4, 3)));
        for seed in 0..8 {
            let mut rng = stream(seed, Stream::Ai, 0);
            let (intention, _) = choose(&senses, &creatures[1], &mut rng);
            assert_eq!(intention, Intention::Move(Cell::new(3, 2)), "seed {seed}");
        }
    }
}
