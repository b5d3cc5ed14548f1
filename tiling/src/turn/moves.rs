//! Adjudicating moves: contests (R2), chains and failure propagation (R3, R4), swaps (R5) and
//! cycles (R6), on dense tile indices (ARCHITECTURE.md, "Simultaneous turns").

use serde::{Deserialize, Serialize};
use std::cmp::Ordering;

/// Marks an empty slot in the dense tile indices.
///
/// ```
/// use hexdeep_tiling::turn::NONE;
/// // Tiles 0 to 3, a mover (number 0) on tile 2 only.
/// let mut occupant = vec![NONE; 4];
/// occupant[2] = 0;
/// assert_eq!(occupant.iter().filter(|&&o| o != NONE).count(), 1);
/// ```
pub const NONE: u32 = u32::MAX;

/// One mover as the adjudicator sees it: where it stands, whose side it is on, and the keys
/// of a contest for a tile.
///
/// ```
/// use hexdeep_tiling::turn::{Fate, Mover, NONE, adjudicate};
/// // Two movers want tile 1 between them: the stronger takes it.
/// let ogre = Mover { tile: 0, side: 1, strength: 3, speed: 1, initiative: 0 };
/// let rat = Mover { tile: 2, side: 2, strength: 1, speed: 2, initiative: 9 };
/// let occupant = vec![0, NONE, 1];
/// let mut claimant = vec![NONE; 3];
/// let fates = adjudicate(&occupant, &mut claimant, &[ogre, rat], &[Some(1), Some(1)]);
/// assert_eq!(fates[0], Fate::Moved { from: 0, to: 1 });
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Mover {
    /// The tile it stands on at the start of the segment.
    pub tile: usize,
    /// Its side: two movers of different sides are hostile (R5).
    pub side: u32,
    /// First key of a contest for a tile.
    pub strength: i32,
    /// Second key of a contest.
    pub speed: u32,
    /// Third key of a contest: a roll made once per turn.
    pub initiative: i64,
}

/// Why a move failed.
///
/// ```
/// use hexdeep_tiling::turn::{Bounce, Fate, Mover, NONE, adjudicate};
/// let mover = |tile, side| Mover { tile, side, strength: 1, speed: 1, initiative: 0 };
/// // Hostile movers on tiles 0 and 1 try to swap: both fail (R5).
/// let (mut claimant, occupant) = (vec![NONE; 2], vec![0, 1]);
/// let fates = adjudicate(&occupant, &mut claimant, &[mover(0, 1), mover(1, 2)], &[Some(1), Some(0)]);
/// assert_eq!(fates[0], Fate::Bounced { toward: 1, reason: Bounce::HostileSwap { with: 1 } });
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Bounce {
    /// Another claimant won the tile (R2); `winner` is its index.
    LostContest {
        /// Who won the tile.
        winner: usize,
    },
    /// The occupant did not leave (R3/R4): it stayed, or its own move failed.
    Occupied {
        /// Who stayed in the way.
        by: usize,
    },
    /// Two hostile movers tried to swap tiles (R5).
    HostileSwap {
        /// The other mover.
        with: usize,
    },
}

/// What became of one mover's movement.
///
/// ```
/// use hexdeep_tiling::turn::{Bounce, Fate, Mover, NONE, adjudicate};
/// let mover = |tile, side| Mover { tile, side, strength: 1, speed: 1, initiative: 0 };
/// // A mover walks into one that holds its tile: it stays (R3); the other never moved.
/// let (mut claimant, occupant) = (vec![NONE; 2], vec![0, 1]);
/// let fates = adjudicate(&occupant, &mut claimant, &[mover(0, 1), mover(1, 2)], &[Some(1), None]);
/// assert_eq!(fates, [Fate::Bounced { toward: 1, reason: Bounce::Occupied { by: 1 } }, Fate::Stayed]);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Fate {
    /// It did not try to move.
    Stayed,
    /// It moved from `from` to `to`.
    Moved {
        /// Tile left.
        from: usize,
        /// Tile entered.
        to: usize,
    },
    /// It tried to move to `toward` and stayed.
    Bounced {
        /// The tile it wanted.
        toward: usize,
        /// Why it failed.
        reason: Bounce,
    },
}

/// Whether claimant `a` beats claimant `b` (R2): strength, then speed, then initiative, then
/// the lower index.
fn beats(movers: &[Mover], a: usize, b: usize) -> bool {
    let (x, y) = (&movers[a], &movers[b]);
    match (x.strength, x.speed, x.initiative).cmp(&(y.strength, y.speed, y.initiative)) {
        Ordering::Greater => true,
        Ordering::Less => false,
        Ordering::Equal => a < b,
    }
}

/// The fate of every mover's movement, where `targets[i]` is the tile mover `i` steps to
/// (`None`: it holds its tile; R0 already applied, so every target is a neighbour it may
/// enter). `occupant` holds, per tile, the mover standing there ([`NONE`] elsewhere);
/// `claimant` must be all [`NONE`] for the targets and is left holding each target's winner
/// (the caller resets it, so a segment costs time linear in its movers).
///
/// ```
/// use hexdeep_tiling::turn::{Bounce, Fate, Mover, NONE, adjudicate};
/// let mover = |tile, side| Mover { tile, side, strength: 1, speed: 1, initiative: 0 };
/// // Three allies on tiles 0, 1 and 2 turn round a cycle 0 → 1 → 2 → 0: all move (R6).
/// let (mut claimant, occupant) = (vec![NONE; 3], vec![0, 1, 2]);
/// let movers = [mover(0, 1), mover(1, 1), mover(2, 1)];
/// let fates = adjudicate(&occupant, &mut claimant, &movers, &[Some(1), Some(2), Some(0)]);
/// assert!(fates.iter().all(|f| matches!(f, Fate::Moved { .. })));
/// ```
pub fn adjudicate(
    occupant: &[u32],
    claimant: &mut [u32],
    movers: &[Mover],
    targets: &[Option<usize>],
) -> Vec<Fate> {
    let mut fates = vec![Fate::Stayed; movers.len()];
    settle_contests(claimant, movers, targets, &mut fates);
    let failed = move_winners(occupant, claimant, movers, targets, &mut fates);
    propagate_failures(claimant, movers, failed, &mut fates);
    fates
}

/// R1, R2: leaves one claimant per target tile in `claimant` and bounces the losers, who
/// stay.
fn settle_contests(
    claimant: &mut [u32],
    movers: &[Mover],
    targets: &[Option<usize>],
    fates: &mut [Fate],
) {
    let mut lost = Vec::new();
    for (i, target) in targets.iter().enumerate() {
        let Some(t) = *target else { continue };
        let c = claimant[t];
        if c == NONE {
            claimant[t] = i as u32;
        } else if beats(movers, i, c as usize) {
            claimant[t] = i as u32;
            lost.push(c as usize);
        } else {
            lost.push(i);
        }
    }
    for &i in &lost {
        if let Some(t) = targets[i] {
            let winner = claimant[t] as usize;
            fates[i] = Fate::Bounced {
                toward: t,
                reason: Bounce::LostContest { winner },
            };
        }
    }
}

/// Winners tentatively succeed, except into a tile whose occupant stays (R3) or in a hostile
/// swap (R5); returns the winners that bounce, the worklist of [`propagate_failures`].
fn move_winners(
    occupant: &[u32],
    claimant: &[u32],
    movers: &[Mover],
    targets: &[Option<usize>],
    fates: &mut [Fate],
) -> Vec<usize> {
    let is_winner = |i: usize| matches!(targets[i], Some(t) if claimant[t] == i as u32);
    let mut failed = Vec::new();
    for (i, target) in targets.iter().enumerate() {
        let Some(t) = *target else { continue };
        if !is_winner(i) {
            continue;
        }
        fates[i] = Fate::Moved {
            from: movers[i].tile,
            to: t,
        };
        let o = occupant[t];
        if o == NONE {
            continue;
        }
        let o = o as usize;
        let reason = if !is_winner(o) {
            // R3: the occupant stays, or lost its own contest.
            Bounce::Occupied { by: o }
        } else if targets[o] == Some(movers[i].tile) && movers[i].side != movers[o].side {
            // R5: hostile swap.
            Bounce::HostileSwap { with: o }
        } else {
            continue;
        };
        failed.push(i);
        fates[i] = Fate::Bounced { toward: t, reason };
    }
    failed
}

/// R4: a failure bounces whoever wanted the failed mover's tile, until nothing changes.
/// What survives is every chain ending on an empty tile and every closed cycle (R6).
fn propagate_failures(
    claimant: &[u32],
    movers: &[Mover],
    mut failed: Vec<usize>,
    fates: &mut [Fate],
) {
    while let Some(f) = failed.pop() {
        let p = claimant[movers[f].tile];
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
}
