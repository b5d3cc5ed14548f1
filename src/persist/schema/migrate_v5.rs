//! Format 5 to format 6: a game of format 5 had one hero, the player, who gave every command,
//! and no allies; each world gets a party of one and each step becomes that one directive,
//! by the first person (player 1). The hall of fame did not change.

use super::{v5, v6};

/// A format 5 game in format 6.
pub fn game(g: v5::SavedGame) -> v6::SavedGame {
    g.map_worlds(|base| v6::World {
        base,
        heroes: 1,
        allies: Vec::new(),
    })
    .map_steps(|s| v6::Step {
        given: vec![v6::Given {
            hero: 0,
            player: 1,
            directive: v6::Directive::Act(s.command),
        }],
        hash: s.hash,
        turn: s.turn,
        depth: s.depth,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::persist::schema::tests::played_game;

    #[test]
    fn every_world_gets_a_party_of_one_and_every_step_its_one_directive() {
        let old = played_game();
        let new = game(old.clone());
        assert_eq!(
            new.current,
            v6::World {
                base: old.current,
                heroes: 1,
                allies: Vec::new(),
            }
        );
        assert_eq!(new.record.start.heroes, 1);
        assert_eq!(new.record.steps.len(), old.record.steps.len());
        for (n, o) in new.record.steps.iter().zip(&old.record.steps) {
            assert_eq!(
                n.given,
                vec![v6::Given {
                    hero: 0,
                    player: 1,
                    directive: v6::Directive::Act(o.command),
                }]
            );
            assert_eq!((n.hash, n.turn, n.depth), (o.hash, o.turn, o.depth));
        }
    }
}
