//! Adjudicating moves: contests (R2), chains and failure propagation (R3, R4), swaps (R5)
//! and cycles (R6).

use super::{Act, Bounce, Fate, NONE, Unit};
use std::cmp::Ordering;

/// Whether claimant `a` beats claimant `b` (R2): strength, then speed, then initiative, then
/// the lower index.
fn beats(units: &[Unit], a: usize, b: usize) -> bool {
    let (x, y) = (&units[a], &units[b]);
    match (x.strength, x.speed, x.initiative).cmp(&(y.strength, y.speed, y.initiative)) {
        Ordering::Greater => true,
        Ordering::Less => false,
        Ordering::Equal => a < b,
    }
}

/// The fate of every unit's movement. `occupant` holds, per tile, the unit standing there;
/// `claimant` must be all [`NONE`] for the targets and is left holding each target's winner
/// (the caller resets it).
pub(super) fn adjudicate(
    occupant: &[u32],
    claimant: &mut [u32],
    units: &[Unit],
    acts: &[Act],
) -> Vec<Fate> {
    let mut fates = vec![Fate::Stayed; units.len()];
    // R1, R2: one claimant per target tile; losers stay.
    let mut lost = Vec::new();
    for (i, act) in acts.iter().enumerate() {
        let Act::Move(t) = *act else { continue };
        let c = claimant[t];
        if c == NONE {
            claimant[t] = i as u32;
        } else if beats(units, i, c as usize) {
            claimant[t] = i as u32;
            lost.push(c as usize);
        } else {
            lost.push(i);
        }
    }
    for &i in &lost {
        if let Act::Move(t) = acts[i] {
            let winner = claimant[t] as usize;
            fates[i] = Fate::Bounced {
                toward: t,
                reason: Bounce::LostContest { winner },
            };
        }
    }
    // Winners tentatively succeed; `failed` is the worklist of winners that bounce.
    let is_winner = |i: usize| matches!(acts[i], Act::Move(t) if claimant[t] == i as u32);
    let mut failed = Vec::new();
    for (i, act) in acts.iter().enumerate() {
        let Act::Move(t) = *act else { continue };
        if !is_winner(i) {
            continue;
        }
        fates[i] = Fate::Moved {
            from: units[i].tile,
            to: t,
        };
        let o = occupant[t];
        if o == NONE {
            continue;
        }
        let o = o as usize;
        let reason = if !is_winner(o) {
            // R3: the occupant stays, attacks, or lost its own contest.
            Bounce::Occupied { by: o }
        } else if acts[o] == Act::Move(units[i].tile)
            && units[i].faction.hostile_to(units[o].faction)
        {
            // R5: hostile swap.
            Bounce::HostileSwap { with: o }
        } else {
            continue;
        };
        failed.push(i);
        fates[i] = Fate::Bounced { toward: t, reason };
    }
    // R4: a failure bounces whoever wanted the failed unit's tile, until nothing changes.
    // What survives is every chain ending on an empty tile and every closed cycle (R6).
    while let Some(f) = failed.pop() {
        let p = claimant[units[f].tile];
        if p == NONE {
            continue;
        }
        let p = p as usize;
        if let Fate::Moved { to, .. } = fates[p] {
            fates[p] = Fate::Bounced {
                toward: to,
                reason: Bounce::Occupied { by: f },
            };
            failed.push(p);
        }
    }
    fates
}
