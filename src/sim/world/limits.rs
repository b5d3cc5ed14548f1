//! The numbers a loaded world may hold under the content it is played with: what
//! `data/*.toml` gives each kind and what its items can add, not a generic bound. A
//! creature's own strength, speed, sight, damage and armour never change in play (a weapon or
//! armour changes its blows through [`super::Gear`], not these); the player's maximum hit
//! points grow only by the potions of life the story says were drunk; no item is carried, lies
//! on a floor or was drunk or read (a potion or a scroll is gone once used) more often than the
//! start and the levels made so far put into the game; and the story counts no more kills of a
//! kind than monsters of that kind lie dead.

use super::World;
use crate::content::{Content, ItemAction, ItemUse};
use crate::map::PlacementKind;
use crate::sim::{Creature, InvalidWorld};
use std::collections::BTreeMap;

fn bad(what: String) -> InvalidWorld {
    InvalidWorld::Inconsistent(what)
}

/// A creature's own numbers: (maximum hit points, damage, strength, speed, sight, armour).
type Numbers = (i32, i32, i32, u32, u32, i32);

fn numbers(c: &Creature) -> Numbers {
    (c.max_hp, c.damage, c.strength, c.speed, c.sight, c.armour)
}

impl World {
    /// Checks every creature's numbers and every item's count against the content the world
    /// is played with (see the module docs). Only for a world saved with this very content:
    /// one played with other data kept that data's numbers.
    pub fn check_content_limits(&self) -> Result<(), InvalidWorld> {
        for c in &self.creatures {
            check_numbers(&self.content, c, &self.story.items_used)
                .map_err(|why| bad(format!("{:?} #{}: {why}", c.name, c.id)))?;
        }
        self.check_item_counts()?;
        self.check_kills()
    }

    /// No more kills of a kind than monsters of that kind lie dead: a kill is told when the
    /// player's blow kills, and the dead stay in the world.
    fn check_kills(&self) -> Result<(), InvalidWorld> {
        for (kind, &n) in &self.story.kills {
            let dead = self
                .creatures
                .iter()
                .skip(1)
                .filter(|c| !c.alive && c.name == *kind)
                .count();
            if n as usize > dead {
                return Err(bad(format!(
                    "the story counts {n} kills of {kind:?}, where {dead} lie dead"
                )));
            }
        }
        Ok(())
    }

    /// No item more often than the player's starting kit and the item placements of the
    /// levels made so far hold (the kit of each hero, what each level placed), counting those
    /// drunk or read, which are gone.
    fn check_item_counts(&self) -> Result<(), InvalidWorld> {
        let mut room: BTreeMap<&str, u64> = BTreeMap::new();
        // Every hero starts with the kit.
        let heroes = self.heroes.len() as u64;
        for kind in self.content.items() {
            *room.entry(kind.name.as_str()).or_default() += u64::from(kind.start) * heroes;
        }
        for depth in &self.depths {
            for p in &depth.level.placements {
                if let PlacementKind::Item(name) = &p.kind {
                    *room.entry(name.as_str()).or_default() += 1;
                }
            }
        }
        let mut held: BTreeMap<&str, u64> = BTreeMap::new();
        let carried = self
            .creatures
            .iter()
            .flat_map(|c| c.inventory.iter().map(|s| (s.item.as_str(), s.count)));
        let lying = self
            .depths
            .iter()
            .flat_map(|d| d.floor.iter().map(|f| (f.item.as_str(), 1)));
        let gone = self.story.items_used.iter().filter_map(|(item, &n)| {
            let kind = self.content.item(item)?;
            matches!(kind.use_.action(), ItemAction::Drink | ItemAction::Read)
                .then_some((item.as_str(), n))
        });
        for (item, n) in carried.chain(lying).chain(gone) {
            *held.entry(item).or_default() += u64::from(n);
        }
        for (item, n) in held {
            let most = room.get(item).copied().unwrap_or(0);
            if n > most {
                return Err(bad(format!(
                    "{n} of {item:?} are carried, lie about or were drunk or read, more than \
                     the {most} the start and the levels made so far hold"
                )));
            }
        }
        Ok(())
    }
}

/// A creature's numbers against its kind's: the player's, or its monster kind's.
fn check_numbers(
    content: &Content,
    c: &Creature,
    used: &BTreeMap<String, u32>,
) -> Result<(), String> {
    let (own, most_hp) = if c.behaviour.is_none() {
        let p = content.player();
        let gained: i64 = content
            .items()
            .iter()
            .filter_map(|k| match k.use_ {
                ItemUse::GainLife { amount } => {
                    Some(i64::from(amount) * i64::from(used.get(&k.name).copied().unwrap_or(0)))
                }
                _ => None,
            })
            .sum();
        let most = i64::from(p.hp).saturating_add(gained);
        ((p.hp, p.damage, p.strength, p.speed, p.sight, 0), most)
    } else {
        let Some(k) = content.monster(&c.name) else {
            return Err("no monster of that kind exists".into());
        };
        let own = (k.hp, k.damage, k.strength, k.speed, k.sight, k.armour);
        (own, i64::from(k.hp))
    };
    let mine = numbers(c);
    let (_, rest_mine) = split(mine);
    let (_, rest_own) = split(own);
    if rest_mine != rest_own {
        return Err(format!(
            "damage, strength, speed, sight and armour {rest_mine:?}, where its kind has \
             {rest_own:?}"
        ));
    }
    if c.max_hp < own.0 || i64::from(c.max_hp) > most_hp {
        return Err(format!(
            "{} maximum hit points, where its kind has {} and what it drank adds up to {most_hp}",
            c.max_hp, own.0
        ));
    }
    Ok(())
}

/// The maximum hit points apart from the other numbers.
fn split(n: Numbers) -> (i32, (i32, i32, u32, u32, i32)) {
    (n.0, (n.1, n.2, n.3, n.4, n.5))
}
