//! What happened, for the message log and screen effects.

use super::CreatureId;
use crate::geom::Hex;
use serde::{Deserialize, Serialize};

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
    /// A door swung open.
    DoorOpened {
        /// Who opened it.
        who: CreatureId,
        /// Where the door is.
        at: Hex,
    },
    /// A creature let an action pass.
    Waited {
        /// Who waited.
        who: CreatureId,
    },
}
