//! Format 2 to format 3: every creature remembers no letters yet; the rest is carried over
//! as it is.

use super::{v2, v3};

fn creature(c: v2::Creature) -> v3::Creature {
    v3::Creature {
        id: c.id,
        name: c.name,
        glyph: c.glyph,
        at: c.at,
        depth: c.depth,
        hp: c.hp,
        max_hp: c.max_hp,
        damage: c.damage,
        strength: c.strength,
        speed: c.speed,
        sight: c.sight,
        faction: c.faction,
        alive: c.alive,
        initiative: c.initiative,
        behaviour: c.behaviour,
        memory: c.memory,
        inventory: c.inventory,
        armour: c.armour,
        attack: c.attack,
        wielded: c.wielded,
        worn: c.worn,
        busy: c.busy,
        home: c.home,
        charge: c.charge,
        letters: Vec::new(),
    }
}

/// A format 2 world in format 3.
pub fn world(w: v2::World) -> v3::World {
    v3::World {
        seed: w.seed,
        depths: w.depths,
        depth_count: w.depth_count,
        pending_maps: w.pending_maps,
        creatures: w.creatures.into_iter().map(creature).collect(),
        turn: w.turn,
        segment: w.segment,
        rng: w.rng,
        ai_rng: w.ai_rng,
        plans: w.plans,
        story: w.story,
        terrain_digest: w.terrain_digest,
        regen_progress: w.regen_progress,
        regen_busy: w.regen_busy,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_format_2_creature_remembers_no_letters() {
        let c = v2::Creature {
            id: 0,
            name: "you".into(),
            glyph: '@',
            at: v2::Tile { x: 1, y: 2 },
            depth: 1,
            hp: 5,
            max_hp: 20,
            damage: 4,
            strength: 10,
            speed: 2,
            sight: 8,
            faction: 0,
            alive: true,
            initiative: 3,
            behaviour: None,
            memory: None,
            inventory: vec![v2::Stack {
                item: "dart".into(),
                count: 2,
                letter: 'c',
            }],
            armour: 0,
            attack: 0,
            wielded: None,
            worn: None,
            busy: 1,
            home: None,
            charge: Some(2),
        };
        let new = creature(c.clone());
        assert!(new.letters.is_empty());
        assert_eq!(
            (new.inventory, new.at, new.charge),
            (c.inventory, c.at, c.charge)
        );
    }
}
