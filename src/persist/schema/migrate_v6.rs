//! Format 6 to format 7: a party of format 6 moved together and shared one memory of each
//! level; every hero but the first (whose memory the level keeps) is given that shared
//! memory. Steps and the hall of fame did not change.

use super::{v6, v7};

/// A format 6 world in format 7.
pub fn world(party: v6::World) -> v7::World {
    let others = party.heroes.saturating_sub(1) as usize;
    let memories = party
        .base
        .depths
        .iter()
        .map(|d| {
            let shared = v7::Memory {
                seen: d.seen.clone(),
                visited: d.visited,
            };
            vec![shared; others]
        })
        .collect();
    v7::World { party, memories }
}

/// A format 6 game in format 7.
pub fn game(g: v6::SavedGame) -> v7::SavedGame {
    g.map_worlds(world)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::persist::schema::tests::played_game;

    #[test]
    fn every_hero_gets_the_partys_shared_memory() {
        let mut old = crate::persist::schema::migrate_v5::game(played_game());
        old.current.heroes = 3;
        let new = game(old.clone());
        assert_eq!(new.current.party, old.current);
        assert_eq!(new.current.memories.len(), old.current.base.depths.len());
        for (memories, d) in new.current.memories.iter().zip(&old.current.base.depths) {
            assert_eq!(memories.len(), 2, "heroes 2 and 3");
            for m in memories {
                assert_eq!((&m.seen, m.visited), (&d.seen, d.visited));
            }
        }
        assert!(
            new.record.start.memories.iter().all(Vec::is_empty),
            "a party of one"
        );
        assert_eq!(new.record.steps, old.record.steps);
    }
}
