//! What levels may hold: the monster and item kinds of the data, weighted by `frequency`
//! at a depth, and the special kinds of the lair found by what they are, never by name.

use super::dice;
use crate::content::{Behaviour, Content, ItemKind, ItemUse, MonsterKind};
use crate::rng::GameRng;

/// The kinds a level is populated from.
#[derive(Copy, Clone, Debug)]
pub(super) struct Kinds<'a> {
    /// Monster kinds.
    pub monsters: &'a [MonsterKind],
    /// Item kinds.
    pub items: &'a [ItemKind],
}

impl<'a> Kinds<'a> {
    /// The kinds of `content`.
    pub(super) fn of(content: &'a Content) -> Kinds<'a> {
        Kinds {
            monsters: content.monsters(),
            items: content.items(),
        }
    }

    /// The artifact: the first item kind whose use is [`ItemUse::Artifact`].
    pub(super) fn artifact(&self) -> Option<&'a ItemKind> {
        self.items.iter().find(|k| k.use_ == ItemUse::Artifact)
    }

    /// Every guardian kind, in file order.
    pub(super) fn guardians(&self) -> impl Iterator<Item = &'a MonsterKind> + 'a {
        self.monsters
            .iter()
            .filter(|k| matches!(k.behaviour, Behaviour::Guardian { .. }))
    }
}

/// Kinds with their weights: only those with a weight above zero.
pub(super) type Table<'a, K> = Vec<(&'a K, u32)>;

/// The monster kinds placed by chance at `depth`, weighted by frequency.
pub(super) fn monster_table(kinds: &[MonsterKind], depth: u32) -> Table<'_, MonsterKind> {
    weighted(kinds, |k| {
        in_range(depth, k.min_depth, k.max_depth).then_some(k.frequency)
    })
}

/// The item kinds placed by chance at `depth`, weighted by frequency.
pub(super) fn item_table(kinds: &[ItemKind], depth: u32) -> Table<'_, ItemKind> {
    weighted(kinds, |k| {
        in_range(depth, k.min_depth, k.max_depth).then_some(k.frequency)
    })
}

fn in_range(depth: u32, min: u32, max: u32) -> bool {
    (min..=max).contains(&depth)
}

fn weighted<K>(kinds: &[K], weight: impl Fn(&K) -> Option<u32>) -> Table<'_, K> {
    kinds
        .iter()
        .filter_map(|k| weight(k).filter(|&w| w > 0).map(|w| (k, w)))
        .collect()
}

/// A kind from a table, each with chance proportional to its weight; `None` for an empty
/// table.
pub(super) fn pick<'a, K>(rng: &mut GameRng, table: &[(&'a K, u32)]) -> Option<&'a K> {
    let total: usize = table.iter().map(|&(_, w)| w as usize).sum();
    let mut roll = dice::below(rng, total);
    for &(kind, w) in table {
        let w = w as usize;
        if roll < w {
            return Some(kind);
        }
        roll -= w;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::from_seed;

    #[test]
    fn tables_hold_only_kinds_of_the_depth_with_a_frequency() {
        let data = Content::bundled().unwrap();
        let content = Kinds::of(&data);
        for depth in 1..=10 {
            let table = monster_table(content.monsters, depth);
            assert!(!table.is_empty(), "depth {depth}");
            for (k, w) in &table {
                assert!(k.min_depth <= depth && depth <= k.max_depth);
                assert_eq!(*w, k.frequency);
                assert!(*w > 0);
            }
            let items = item_table(content.items, depth);
            assert!(!items.is_empty(), "depth {depth}");
            assert!(items.iter().all(|(k, _)| k.use_ != ItemUse::Artifact));
        }
        assert!(monster_table(content.monsters, 0).is_empty());
    }

    #[test]
    fn picks_follow_the_weights() {
        let data = Content::bundled().unwrap();
        let content = Kinds::of(&data);
        let table = monster_table(content.monsters, 1);
        let mut rng = from_seed(5);
        let total: u32 = table.iter().map(|e| e.1).sum();
        let rolls = 20_000;
        for (kind, w) in &table {
            let hits = (0..rolls)
                .filter(|_| pick(&mut rng, &table).map(|k| &k.name) == Some(&kind.name))
                .count() as u32;
            let expected = rolls * w / total;
            assert!(
                hits.abs_diff(expected) < expected / 5 + 50,
                "{} picked {hits} times, expected about {expected}",
                kind.name
            );
        }
        assert!(pick::<MonsterKind>(&mut rng, &[]).is_none());
    }

    #[test]
    fn the_lair_kinds_are_found_by_what_they_are() {
        let data = Content::bundled().unwrap();
        let content = Kinds::of(&data);
        let artifact = content.artifact().unwrap();
        assert_eq!(artifact.use_, ItemUse::Artifact);
        assert!(content.guardians().count() >= 1);
    }
}
