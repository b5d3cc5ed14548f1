use super::*;
use proptest::prelude::*;

fn unit(tile: usize, faction: u16) -> Unit {
    Unit {
        tile,
        faction: Faction(faction),
        strength: 1,
        speed: 1,
        initiative: 0,
        damage: 3,
        hp: 10,
        max_hp: 10,
        armour: 0,
    }
}

/// A line of tiles 0..n where neighbours differ by one (enough for chains and contests).
fn run(units: &[Unit], acts: &[Act]) -> Outcome {
    Resolver::new(16).resolve(units, acts).unwrap()
}

#[test]
fn chain_follows_the_leader() {
    let units = [unit(0, 1), unit(1, 1), unit(2, 1)];
    let out = run(&units, &[Act::Move(1), Act::Move(2), Act::Move(3)]);
    assert_eq!(out.tiles, vec![1, 2, 3]);
}

#[test]
fn blocked_head_bounces_the_whole_chain() {
    let units = [unit(0, 1), unit(1, 1), unit(2, 2)];
    let out = run(&units, &[Act::Move(1), Act::Move(2), Act::Stay]);
    assert_eq!(out.tiles, vec![0, 1, 2]);
    assert_eq!(
        out.fates[0],
        Fate::Bounced {
            toward: 1,
            reason: Bounce::Occupied { by: 1 }
        }
    );
}

#[test]
fn stronger_claimant_wins_and_the_loser_stays() {
    let mut strong = unit(2, 1);
    strong.strength = 5;
    let units = [unit(0, 1), strong];
    let out = run(&units, &[Act::Move(1), Act::Move(1)]);
    assert_eq!(out.tiles, vec![0, 1]);
    assert_eq!(
        out.fates[0],
        Fate::Bounced {
            toward: 1,
            reason: Bounce::LostContest { winner: 1 }
        }
    );
}

#[test]
fn hostile_swap_fails_and_friendly_swap_succeeds() {
    let out = run(&[unit(0, 1), unit(1, 2)], &[Act::Move(1), Act::Move(0)]);
    assert_eq!(out.tiles, vec![0, 1]);
    let out = run(&[unit(0, 1), unit(1, 1)], &[Act::Move(1), Act::Move(0)]);
    assert_eq!(out.tiles, vec![1, 0]);
}

#[test]
fn damage_is_simultaneous() {
    let mut a = unit(0, 1);
    let mut b = unit(1, 2);
    a.hp = 3;
    b.hp = 3;
    let out = run(&[a, b], &[Act::Attack(1), Act::Attack(0)]);
    assert_eq!(out.hp, vec![0, 0]);
    assert_eq!(out.killed, vec![0, 1]);
}

#[test]
fn a_throw_meets_the_first_creature_after_movement() {
    // A throws along 1, 2, 3 while B steps from 2 onto 1 and C holds 3: B is hit.
    let units = [unit(0, 1), unit(2, 2), unit(3, 2)];
    let acts = [Act::Throw { line: 0, damage: 4 }, Act::Move(1), Act::Stay];
    let out = Resolver::new(8)
        .resolve_with_lines(&units, &acts, &[vec![1, 2, 3]])
        .unwrap();
    assert_eq!(out.strikes[0].victim, Some(1));
    assert_eq!(out.hp, vec![10, 6, 10]);
    let out = Resolver::new(8)
        .resolve_with_lines(&units, &[acts[0], Act::Stay, Act::Stay], &[vec![1]])
        .unwrap();
    assert_eq!(
        (out.strikes[0].victim, out.strikes[0].tile),
        (None, 1),
        "it fell short"
    );
    assert!(
        Resolver::new(8).resolve(&units, &acts).is_err(),
        "no such line"
    );
}

#[test]
fn bad_input_is_an_error_not_a_panic() {
    let mut r = Resolver::new(4);
    assert!(r.resolve(&[unit(9, 1)], &[Act::Stay]).is_err());
    assert!(r.resolve(&[unit(1, 1)], &[]).is_err());
    assert!(
        r.resolve(&[unit(1, 1), unit(1, 2)], &[Act::Stay, Act::Stay])
            .is_err()
    );
    // The scratch space is clean again after an error.
    let out = r.resolve(&[unit(1, 1)], &[Act::Move(2)]).unwrap();
    assert_eq!(out.tiles, vec![2]);
}

/// Random units on a ring of 12 tiles (neighbours differ by one modulo 12), each staying,
/// moving or attacking to a neighbour.
fn scenario() -> impl Strategy<Value = (Vec<Unit>, Vec<Act>)> {
    proptest::collection::vec((0usize..12, 0u16..3, 0i32..3, 0u8..5), 0..12).prop_map(|raw| {
        let mut taken = [false; 12];
        let mut units = Vec::new();
        let mut acts = Vec::new();
        for (tile, faction, strength, act) in raw {
            if std::mem::replace(&mut taken[tile], true) {
                continue;
            }
            let mut u = unit(tile, faction);
            u.strength = strength;
            units.push(u);
            let next = (tile + 1) % 12;
            let prev = (tile + 11) % 12;
            acts.push(match act {
                0 => Act::Stay,
                1 => Act::Move(next),
                2 => Act::Move(prev),
                3 => Act::Attack(next),
                _ => Act::Attack(prev),
            });
        }
        (units, acts)
    })
}

proptest! {
    #[test]
    fn resolution_laws((units, acts) in scenario()) {
        let out = Resolver::new(12).resolve(&units, &acts).unwrap();
        // Nobody shares a tile afterwards (R3: movement never displaces).
        let mut seen = [false; 12];
        for &t in &out.tiles {
            prop_assert!(!std::mem::replace(&mut seen[t], true));
        }
        for (i, f) in out.fates.iter().enumerate() {
            match *f {
                Fate::Moved { to, .. } => {
                    prop_assert_eq!(acts[i], Act::Move(to));
                    // R4: a successful move entered an empty tile or one its occupant left.
                    if let Some(o) = units.iter().position(|u| u.tile == to) {
                        let left = matches!(out.fates[o], Fate::Moved { .. });
                        prop_assert!(left);
                        // R5: never a hostile swap.
                        let swapped = out.tiles[o] == units[i].tile;
                        prop_assert!(!(swapped && units[i].faction != units[o].faction));
                    }
                }
                Fate::Bounced { .. } | Fate::Stayed => prop_assert_eq!(out.tiles[i], units[i].tile),
            }
        }
        // R9: every unit loses exactly the damage of the blows that met it.
        for (v, u) in units.iter().enumerate() {
            let taken: i32 = out.strikes.iter().filter(|s| s.victim == Some(v)).map(|s| s.damage).sum();
            prop_assert_eq!(out.hp[v], (u.hp - taken).max(0));
            let struck = out.strikes.iter().filter(|s| s.victim == Some(v)).all(|s| s.tile == out.tiles[v]);
            prop_assert!(struck);
        }
    }

    #[test]
    fn failures_reach_a_fixed_point((units, acts) in scenario()) {
        // Every bounced winner is justified: its target's occupant did not leave, or a swap
        // was hostile, or it lost its contest.
        let out = Resolver::new(12).resolve(&units, &acts).unwrap();
        for f in &out.fates {
            if let Fate::Bounced { toward, reason: Bounce::Occupied { by } } = *f {
                prop_assert_eq!(units[by].tile, toward);
                let left = matches!(out.fates[by], Fate::Moved { .. });
                prop_assert!(!left);
            }
        }
    }
}

#[test]
fn armour_takes_its_part_but_one_always_gets_through() {
    let mut units = vec![unit(0, 0), unit(1, 1), unit(3, 0), unit(4, 1)];
    units[1].armour = 2;
    units[3].armour = 9;
    let acts = [Act::Attack(1), Act::Stay, Act::Attack(4), Act::Stay];
    let out = Resolver::new(8).resolve(&units, &acts).unwrap();
    assert_eq!(out.hp[1], 10 - 1, "3 damage through 2 armour");
    assert_eq!(out.hp[3], 10 - 1, "at least 1 gets through");
}

#[test]
fn healing_lands_with_the_blows_and_can_save_a_life() {
    let mut units = vec![unit(0, 0), unit(1, 1)];
    units[1].hp = 3;
    units[1].max_hp = 10;
    let acts = [Act::Attack(1), Act::Heal(5)];
    let out = Resolver::new(4).resolve(&units, &acts).unwrap();
    assert_eq!(out.hp[1], 5, "3 - 3 + 5: the dying drinker lives");
    assert!(out.killed.is_empty());
    let acts = [Act::Stay, Act::Heal(50)];
    let out = Resolver::new(4).resolve(&units, &acts).unwrap();
    assert_eq!(out.hp[1], 10, "never above the maximum");
}

#[test]
fn an_area_hits_whoever_stands_in_it_after_movement() {
    // 0 swings over tiles 1, 2, 3; unit 1 steps from 1 to 5 and dodges; unit 2 steps into 3.
    let units = vec![unit(0, 0), unit(1, 1), unit(4, 1)];
    let acts = [Act::Area { area: 0, damage: 4 }, Act::Move(5), Act::Move(3)];
    let out = Resolver::new(8)
        .resolve_with_lines(&units, &acts, &[vec![1, 2, 3]])
        .unwrap();
    assert_eq!(out.hp, vec![10, 10, 6]);
    assert!(out.strikes.iter().all(|s| s.area));
}
