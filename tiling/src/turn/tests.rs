//! DATC-style cases of the movement core: each names the rule it shows.

use super::*;

/// Movers on tiles `0..16` of a line (or any graph: the adjudicator only sees indices).
fn settle(movers: &[Mover], targets: &[Option<usize>]) -> Vec<Fate> {
    let mut occupant = vec![NONE; 16];
    for (i, m) in movers.iter().enumerate() {
        occupant[m.tile] = i as u32;
    }
    let mut claimant = vec![NONE; 16];
    let fates = adjudicate(&occupant, &mut claimant, movers, targets);
    // Every entry it left is a target's winner.
    for (t, &c) in claimant.iter().enumerate() {
        if c != NONE {
            assert_eq!(targets[c as usize], Some(t));
        }
    }
    fates
}

fn at(tile: usize, side: u32) -> Mover {
    Mover {
        tile,
        side,
        strength: 1,
        speed: 1,
        initiative: 0,
    }
}

fn ends(movers: &[Mover], fates: &[Fate]) -> Vec<usize> {
    fates
        .iter()
        .zip(movers)
        .map(|(f, m)| match *f {
            Fate::Moved { to, .. } => to,
            _ => m.tile,
        })
        .collect()
}

#[test]
fn r2_the_stronger_then_faster_then_luckier_then_lower_index_wins_a_tile() {
    let mut strong = at(2, 1);
    strong.strength = 3;
    let movers = [at(0, 1), strong];
    let fates = settle(&movers, &[Some(1), Some(1)]);
    assert_eq!(ends(&movers, &fates), [0, 1]);
    assert_eq!(
        fates[0],
        Fate::Bounced {
            toward: 1,
            reason: Bounce::LostContest { winner: 1 }
        }
    );
    let mut fast = at(2, 1);
    fast.speed = 2;
    assert_eq!(
        ends(
            &[at(0, 1), fast],
            &settle(&[at(0, 1), fast], &[Some(1), Some(1)])
        ),
        [0, 1]
    );
    let mut lucky = at(2, 1);
    lucky.initiative = 9;
    assert_eq!(
        ends(
            &[at(0, 1), lucky],
            &settle(&[at(0, 1), lucky], &[Some(1), Some(1)])
        ),
        [0, 1]
    );
    let even = [at(0, 1), at(2, 1)];
    assert_eq!(
        ends(&even, &settle(&even, &[Some(1), Some(1)])),
        [1, 2],
        "lower index"
    );
}

#[test]
fn r3_nobody_is_pushed_off_a_tile() {
    let movers = [at(0, 1), at(1, 2)];
    let fates = settle(&movers, &[Some(1), None]);
    assert_eq!(
        fates[0],
        Fate::Bounced {
            toward: 1,
            reason: Bounce::Occupied { by: 1 }
        }
    );
}

#[test]
fn r4_a_chain_follows_its_head_and_falls_with_it() {
    let movers = [at(0, 1), at(1, 1), at(2, 1)];
    let free = settle(&movers, &[Some(1), Some(2), Some(3)]);
    assert_eq!(ends(&movers, &free), [1, 2, 3]);
    let blocked = [at(0, 1), at(1, 1), at(2, 1), at(3, 2)];
    let fates = settle(&blocked, &[Some(1), Some(2), Some(3), None]);
    assert_eq!(
        ends(&blocked, &fates),
        [0, 1, 2, 3],
        "the blocked head bounces them all"
    );
}

#[test]
fn r4_a_chain_into_a_lost_contest_falls_too() {
    // Mover 1 loses tile 2 to the stronger mover 2, so mover 0 cannot enter tile 1.
    let mut strong = at(3, 2);
    strong.strength = 5;
    let movers = [at(0, 1), at(1, 1), strong];
    let fates = settle(&movers, &[Some(1), Some(2), Some(2)]);
    assert_eq!(ends(&movers, &fates), [0, 1, 2]);
    assert_eq!(
        fates[0],
        Fate::Bounced {
            toward: 1,
            reason: Bounce::Occupied { by: 1 }
        }
    );
}

#[test]
fn r5_hostile_movers_never_swap_and_friends_may() {
    let foes = [at(0, 1), at(1, 2)];
    let fates = settle(&foes, &[Some(1), Some(0)]);
    assert_eq!(ends(&foes, &fates), [0, 1]);
    assert_eq!(
        fates[0],
        Fate::Bounced {
            toward: 1,
            reason: Bounce::HostileSwap { with: 1 }
        }
    );
    let friends = [at(0, 1), at(1, 1)];
    assert_eq!(
        ends(&friends, &settle(&friends, &[Some(1), Some(0)])),
        [1, 0]
    );
}

#[test]
fn r6_a_closed_cycle_turns_unless_a_member_loses_its_contest() {
    let ring = [at(0, 1), at(1, 2), at(2, 3)];
    let fates = settle(&ring, &[Some(1), Some(2), Some(0)]);
    assert_eq!(ends(&ring, &fates), [1, 2, 0]);
    // A stronger outsider takes tile 1: the cycle is broken and nobody in it moves.
    let mut outsider = at(5, 4);
    outsider.strength = 9;
    let broken = [at(0, 1), at(1, 2), at(2, 3), outsider];
    let fates = settle(&broken, &[Some(1), Some(2), Some(0), Some(1)]);
    assert_eq!(ends(&broken, &fates), [0, 1, 2, 5]);
}

#[test]
fn the_highest_controller_with_a_directive_decides_and_others_are_refused() {
    let (hero, friend, ai, stranger) = (PlayerId(1), PlayerId(2), PlayerId(0), PlayerId(7));
    let ally = ControlHierarchy::new(vec![hero, friend, ai]);
    let say = |player, action: &'static str| Directive {
        player,
        creature: 4,
        action,
    };
    let given = [say(ai, "guard"), say(friend, "follow"), say(friend, "stay")];
    assert_eq!(
        counting(&ally, &given).unwrap().map(|d| d.action),
        Some("stay")
    );
    let with_hero = [say(ai, "guard"), say(hero, "attack")];
    assert_eq!(
        counting(&ally, &with_hero).unwrap().map(|d| d.action),
        Some("attack")
    );
    assert_eq!(counting::<&str>(&ally, &[]).unwrap(), None);
    assert_eq!(
        counting(&ally, &[say(stranger, "go")]),
        Err(Refusal::NotInControl(stranger, 4))
    );
    let mut last = ControlHierarchy::new(vec![ai]);
    assert!(!last.withdraw(ai), "a creature always keeps a controller");
}
