//! What happened, for the message log and screen effects.

use super::CreatureId;
use crate::geom::Hex;
use serde::{Deserialize, Serialize};

/// Why a move failed, in world terms.
#[derive(Copy, Clone, Eq, PartialEq, Debug, Serialize, Deserialize)]
pub enum BounceReason {
    /// Another creature won the contest for the tile.
    LostContest {
        /// Who won it.
        winner: CreatureId,
    },
    /// The creature on the tile did not leave (it stayed, attacked, or bounced itself).
    Occupied {
        /// Who was in the way.
        by: CreatureId,
    },
    /// Two hostile creatures tried to pass through each other.
    HostileSwap {
        /// The other creature.
        with: CreatureId,
    },
}

/// One thing that happened during a segment.
#[derive(Clone, Eq, PartialEq, Debug, Serialize, Deserialize)]
pub enum Event {
    /// A creature stepped from one tile to another.
    Moved {
        /// Who moved.
        who: CreatureId,
        /// Where from.
        from: Hex,
        /// Where to.
        to: Hex,
    },
    /// A creature tried to move and stayed where it was.
    Bounced {
        /// Who bounced.
        who: CreatureId,
        /// Where it stands.
        at: Hex,
        /// The tile it wanted.
        toward: Hex,
        /// Why it failed.
        reason: BounceReason,
    },
    /// A blow landed.
    Hit {
        /// Who struck.
        attacker: CreatureId,
        /// Who was hit.
        victim: CreatureId,
        /// The tile struck.
        at: Hex,
        /// Hit points taken.
        damage: i32,
    },
    /// A blow met an empty tile.
    Missed {
        /// Who struck.
        attacker: CreatureId,
        /// The tile struck.
        at: Hex,
        /// Who stood there and stepped away, if anyone.
        dodger: Option<CreatureId>,
    },
    /// A creature died; its body stays on `at` until the next segment.
    Died {
        /// Who died.
        who: CreatureId,
        /// Where.
        at: Hex,
    },
    /// A door swung open.
    DoorOpened {
        /// Who opened it.
        who: CreatureId,
        /// Where the door is.
        at: Hex,
    },
    /// A creature threw a missile.
    Threw {
        /// Who threw.
        who: CreatureId,
        /// From where.
        from: Hex,
        /// The tile aimed at.
        toward: Hex,
    },
    /// A creature picked an item up from the floor.
    PickedUp {
        /// Who picked it up.
        who: CreatureId,
        /// The item's name.
        item: String,
        /// Where it lay.
        at: Hex,
    },
    /// A creature drank a potion.
    Drank {
        /// Who drank.
        who: CreatureId,
        /// Hit points restored.
        healed: i32,
    },
    /// A creature let an action pass.
    Waited {
        /// Who waited.
        who: CreatureId,
    },
    /// A new segment began (so the log can group what happened at once).
    Segment {
        /// The turn.
        turn: u64,
        /// The segment within the turn, from 1.
        segment: u32,
    },
}
