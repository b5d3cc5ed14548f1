//! Adjudicating moves (R1–R6) by the tiling crate's movement core
//! ([`hexdeep_tiling::turn::adjudicate`]): a unit that attacks, throws or heals holds its tile
//! like one that stays (R7).

use super::{Act, Fate, Unit};
use hexdeep_tiling::turn::{Mover, adjudicate as settle};

/// The fate of every unit's movement. `occupant` holds, per tile, the unit standing there;
/// `claimant` must be all empty for the targets and is left holding each target's winner (the
/// caller resets it).
pub(super) fn adjudicate(
    occupant: &[u32],
    claimant: &mut [u32],
    units: &[Unit],
    acts: &[Act],
) -> Vec<Fate> {
    let movers: Vec<Mover> = units
        .iter()
        .map(|u| Mover {
            tile: u.tile,
            side: u32::from(u.faction.0),
            strength: u.strength,
            speed: u.speed,
            initiative: u.initiative,
        })
        .collect();
    let targets: Vec<Option<usize>> = acts
        .iter()
        .map(|a| match *a {
            Act::Move(t) => Some(t),
            _ => None,
        })
        .collect();
    settle(occupant, claimant, &movers, &targets)
}
