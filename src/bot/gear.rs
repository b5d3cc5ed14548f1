//! What the bot carries, as it would read its inventory: the best weapon and armour, its
//! potions, scrolls and missiles. Effects come from the item kinds in the data, never from
//! item names.

use crate::sim::{Gear, ItemKind, ItemUse, World};

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
    world.player_gear().damage
}

/// How much the bot values a blow and an armour: a point of armour is worth a point of
/// damage.
fn worth(gear: Gear) -> i32 {
    gear.damage + gear.armour
}

/// The carried item passing `wanted` (a weapon, or armour) that would leave the player best off,
/// when it is better than what they have now.
fn upgrade(world: &World, wanted: impl Fn(&ItemUse) -> bool) -> Option<char> {
    let now = worth(world.player_gear());
    pack(world)
        .filter(|(_, k)| wanted(&k.use_))
        .filter_map(|(l, k)| Some((l, worth(world.player_gear_with(&k.name)?))))
        .filter(|&(_, w)| w > now)
        .max_by_key(|&(l, w)| (w, std::cmp::Reverse(l)))
        .map(|(l, _)| l)
}

/// A weapon that leaves the player better off than what they wield now, to wield.
pub fn weapon_upgrade(world: &World) -> Option<char> {
    upgrade(world, |u| matches!(u, ItemUse::Weapon { .. }))
}

/// Armour that leaves the player better off than what they wear now, to put on.
pub fn armour_upgrade(world: &World) -> Option<char> {
    upgrade(world, |u| matches!(u, ItemUse::Armour { .. }))
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
