//! What the bot carries, as it would read its inventory: the best weapon and armour, its
//! potions, scrolls and missiles. Effects come from the item kinds in the data, never from
//! item names.

use super::eye::Eye;
use crate::sim::{Gear, ItemKind, ItemUse};

/// One stack in the hero's pack with its kind.
fn pack<'a>(eye: &Eye<'a>) -> impl Iterator<Item = (char, &'a ItemKind)> + 'a {
    let content = eye.world.content();
    eye.me()
        .inventory
        .iter()
        .filter(|s| s.count > 0)
        .filter_map(move |s| content.item(&s.item).map(|k| (s.letter, k)))
}

/// The letter of the first stack whose effect passes `wanted`.
fn first(eye: &Eye, wanted: impl Fn(&ItemUse) -> bool) -> Option<char> {
    pack(eye).find(|(_, k)| wanted(&k.use_)).map(|(l, _)| l)
}

/// How much the bot values a blow and an armour: a point of armour is worth a point of
/// damage.
fn worth(gear: Gear) -> i32 {
    gear.damage + gear.armour
}

/// The carried item passing `wanted` (a weapon, or armour) that would leave the hero best off,
/// when it is better than what they have now.
fn upgrade(eye: &Eye, wanted: impl Fn(&ItemUse) -> bool) -> Option<char> {
    let now = worth(eye.gear());
    pack(eye)
        .filter(|(_, k)| wanted(&k.use_))
        .filter_map(|(l, k)| Some((l, worth(eye.gear_with(&k.name)?))))
        .filter(|&(_, w)| w > now)
        .max_by_key(|&(l, w)| (w, std::cmp::Reverse(l)))
        .map(|(l, _)| l)
}

/// A weapon that leaves the player better off than what they wield now, to wield.
pub(super) fn weapon_upgrade(eye: &Eye) -> Option<char> {
    upgrade(eye, |u| matches!(u, ItemUse::Weapon { .. }))
}

/// Armour that leaves the player better off than what they wear now, to put on.
pub(super) fn armour_upgrade(eye: &Eye) -> Option<char> {
    upgrade(eye, |u| matches!(u, ItemUse::Armour { .. }))
}

/// A healing potion: the one that heals most.
pub(super) fn healing_potion(eye: &Eye) -> Option<char> {
    pack(eye)
        .filter_map(|(l, k)| match k.use_ {
            ItemUse::Heal { heal } => Some((l, heal)),
            _ => None,
        })
        .max_by_key(|&(l, h)| (h, std::cmp::Reverse(l)))
        .map(|(l, _)| l)
}

/// A potion that raises maximum hit points.
pub(super) fn life_potion(eye: &Eye) -> Option<char> {
    first(eye, |u| matches!(u, ItemUse::GainLife { .. }))
}

/// A scroll of teleport.
pub(super) fn teleport_scroll(eye: &Eye) -> Option<char> {
    first(eye, |u| matches!(u, ItemUse::Teleport))
}

/// A scroll of magic mapping.
pub(super) fn mapping_scroll(eye: &Eye) -> Option<char> {
    first(eye, |u| matches!(u, ItemUse::MagicMap))
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

/// Every missile the hero can throw or fire now, the hardest-hitting first.
pub(super) fn missiles(eye: &Eye) -> Vec<Missile> {
    let mut list: Vec<Missile> = pack(eye)
        .filter_map(|(letter, k)| {
            let range = eye.throw_range(letter)?;
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
pub(super) fn loadable_launcher(eye: &Eye) -> Option<char> {
    let wielded = eye.me().wielded.as_deref();
    pack(eye)
        .filter(|(_, k)| matches!(k.use_, ItemUse::Launcher { .. }))
        .filter(|(_, k)| Some(k.name.as_str()) != wielded)
        .find(|(_, launcher)| {
            pack(eye).any(|(_, k)| {
                matches!(&k.use_, ItemUse::Ammo { launcher: l, .. } if *l == launcher.name)
            })
        })
        .map(|(l, _)| l)
}

/// Whether the hero holds a launcher (and so strikes with bare hands).
pub(super) fn holds_launcher(eye: &Eye) -> bool {
    eye.me()
        .wielded
        .as_deref()
        .and_then(|n| eye.world.content().item(n))
        .is_some_and(|k| matches!(k.use_, ItemUse::Launcher { .. }))
}

/// Whether the hero's pack has room for one more kind of item.
pub(super) fn has_room(eye: &Eye) -> bool {
    eye.me().inventory.len() < 26
}
