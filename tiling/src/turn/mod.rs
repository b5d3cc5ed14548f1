//! The turn system of simultaneous segments: players and the control of creatures, the
//! gathering of a segment's directives against each person's time bank, and the movement core
//! of the resolver that settles everyone's intentions at once.
//!
//! In each segment every acting creature commits one intention, chosen from the same state;
//! the moves are then accumulated by target tile, adjudicated (contests, chains, swaps,
//! cycles: [`adjudicate`]), and what the game adds on top (blows, missiles, items) is
//! consolidated by the game itself from the movers' [`Fate`]s (ARCHITECTURE.md, "Simultaneous
//! turns", rules R1–R6 here).
//!
//! ```
//! use hexdeep_tiling::turn::{Fate, Mover, NONE, adjudicate};
//!
//! // Three tiles in a row, 0 1 2; two movers of one side follow each other east.
//! let mover = |tile| Mover { tile, side: 1, strength: 1, speed: 1, initiative: 0 };
//! let movers = [mover(0), mover(1)];
//! let mut occupant = vec![NONE; 3];
//! occupant[0] = 0;
//! occupant[1] = 1;
//! let mut claimant = vec![NONE; 3];
//! let fates = adjudicate(&occupant, &mut claimant, &movers, &[Some(1), Some(2)]);
//! assert_eq!(fates, [Fate::Moved { from: 0, to: 1 }, Fate::Moved { from: 1, to: 2 }]);
//! ```

mod clock;
mod control;
mod gather;
mod moves;

#[cfg(test)]
mod tests;

pub use clock::{TimeBank, Timing};
pub use control::{ControlHierarchy, Directive, PlayerId, PlayerKind, Refusal, counting};
pub use gather::Gathering;
pub use moves::{Bounce, Fate, Mover, NONE, adjudicate};
