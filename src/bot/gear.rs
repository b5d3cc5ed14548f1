//! What the bot carries, as it would read its inventory: the best weapon and armour, its
//! potions, scrolls and missiles. Effects come from the item kinds in the data, never from
//! item names.

use crate::sim::{ItemKind, ItemUse, World};

/// One stack in the pack with its kind.
fn pack(world: &World) -> impl Iterator<Item = (char, &ItemKind)> + '_ {
    world
        .player()
        .inventory
        .iter()
        .filter(|s| s.count > 0)
        .filter_map(|s| world.content().item(&s.item).map(|k| (s.letter, k)))
}

/// The letter of the first stack whose effect passes `wanted`.
fn first(world: &World, wanted: impl Fn(&ItemUse) -> bool) -> Option<char> {
    pack(world).find(|(_, k)| wanted(&k.use_)).map(|(l, _)| l)
}

/// The damage of the player's blow now: the wielded weapon's, or their own.
pub fn blow_damage(world: &World) -> i32 {
    let me = world.player();
    match me
        .wielded
        .as_deref()
        .and_then(|n| world.content().item(n))
        .map(|k| &k.use_)
    {
        Some(ItemUse::Weapon { damage }) => *damage,
        _ => me.damage,
    }
}

/// The armour the player wears now.
fn worn_armour(world: &World) -> i32 {
    match world
        .player()
        .worn
        .as_deref()
        .and_then(|n| world.content().item(n))
        .map(|k| &k.use_)
    {
        Some(ItemUse::Armour { armour }) => *armour,
        _ => 0,
    }
}

/// The best melee weapon carried and its damage.
fn best_weapon(world: &World) -> Option<(char, i32)> {
    pack(world)
        .filter_map(|(l, k)| match k.use_ {
            ItemUse::Weapon { damage } => Some((l, damage)),
            _ => None,
        })
        .max_by_key(|&(l, d)| (d, std::cmp::Reverse(l)))
}

/// A weapon that hits harder than the blow the player strikes now, to wield.
pub fn weapon_upgrade(world: &World) -> Option<char> {
    best_weapon(world)
        .filter(|&(_, damage)| damage > blow_damage(world))
        .map(|(l, _)| l)
}

/// Armour better than what the player wears, to put on.
pub fn armour_upgrade(world: &World) -> Option<char> {
    let now = worn_armour(world);
    pack(world)
        .filter_map(|(l, k)| match k.use_ {
            ItemUse::Armour { armour } if armour > now => Some((l, armour)),
            _ => None,
        })
        .max_by_key(|&(l, a)| (a, std::cmp::Reverse(l)))
        .map(|(l, _)| l)
}

/// A healing potion: the one that heals most.
pub fn healing_potion(world: &World) -> Option<char> {
    pack(world)
        .filter_map(|(l, k)| match k.use_ {
            ItemUse::Heal { heal } => Some((l, heal)),
            _ => None,
        })
        .max_by_key(|&(l, h)| (h, std::cmp::Reverse(l)))
        .map(|(l, _)| l)
}

/// A potion that raises maximum hit points.
pub fn life_potion(world: &World) -> Option<char> {
    first(world, |u| matches!(u, ItemUse::GainLife { .. }))
}

/// A scroll of teleport.
pub fn teleport_scroll(world: &World) -> Option<char> {
    first(world, |u| matches!(u, ItemUse::Teleport))
}

/// A scroll of magic mapping.
pub fn mapping_scroll(world: &World) -> Option<char> {
    first(world, |u| matches!(u, ItemUse::MagicMap))
}

/// Something that flies: thrown by hand, a bomb, or ammunition for the wielded launcher.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Missile {
    /// Its inventory letter.
    pub letter: char,
    /// Damage to whoever it meets (each creature caught, for a burst).
    pub damage: i32,
    /// The farthest target.
    pub range: u32,
    /// The burst's radius, for a bomb.
    pub burst: Option<u32>,
}

/// Every missile the player can throw or fire now, the hardest-hitting first.
pub fn missiles(world: &World) -> Vec<Missile> {
    let mut list: Vec<Missile> = pack(world)
        .filter_map(|(letter, k)| {
            let range = world.throw_range(letter)?;
            let (damage, burst) = match k.use_ {
                ItemUse::Thrown { damage, .. } | ItemUse::Ammo { damage, .. } => (damage, None),
                ItemUse::Blast { damage, radius, .. } => (damage, Some(radius)),
                _ => return None,
            };
            Some(Missile {
                letter,
                damage,
                range,
                burst,
            })
        })
        .collect();
    list.sort_by_key(|m| (std::cmp::Reverse(m.damage), m.letter));
    list
}

/// A launcher carried but not wielded, with ammunition for it in the pack.
pub fn loadable_launcher(world: &World) -> Option<char> {
    let wielded = world.player().wielded.as_deref();
    pack(world)
        .filter(|(_, k)| matches!(k.use_, ItemUse::Launcher { .. }))
        .filter(|(_, k)| Some(k.name.as_str()) != wielded)
        .find(|(_, launcher)| {
            pack(world).any(|(_, k)| {
                matches!(&k.use_, ItemUse::Ammo { launcher: l, .. } if *l == launcher.name)
            })
        })
        .map(|(l, _)| l)
}

/// Whether the player holds a launcher (and so strikes with bare hands).
pub fn holds_launcher(world: &World) -> bool {
    world
        .player()
        .wielded
        .as_deref()
        .and_then(|n| world.content().item(n))
        .is_some_and(|k| matches!(k.use_, ItemUse::Launcher { .. }))
}

/// Whether the pack has room for one more kind of item.
pub fn has_room(world: &World) -> bool {
    world.player().inventory.len() < 26
}
