//! What happened, for the message log and screen effects.

use super::CreatureId;
use crate::geom::Cell;
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

impl BounceReason {
    /// The creature that was in the way: the contest's winner, the one that stayed on the
    /// tile, or the one met head on.
    pub fn blocker(self) -> CreatureId {
        match self {
            BounceReason::LostContest { winner } => winner,
            BounceReason::Occupied { by } => by,
            BounceReason::HostileSwap { with } => with,
        }
    }
}

/// One thing that happened during a segment.
#[derive(Clone, Eq, PartialEq, Debug, Serialize, Deserialize)]
pub enum Event {
    /// A creature stepped from one tile to another.
    Moved {
        /// Who moved.
        who: CreatureId,
        /// Where from.
        from: Cell,
        /// Where to.
        to: Cell,
    },
    /// A creature tried to move and stayed where it was.
    Bounced {
        /// Who bounced.
        who: CreatureId,
        /// Where it stands.
        at: Cell,
        /// The tile it wanted.
        toward: Cell,
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
        at: Cell,
        /// Hit points taken.
        damage: i32,
    },
    /// A blow met an empty tile.
    Missed {
        /// Who struck.
        attacker: CreatureId,
        /// The tile struck.
        at: Cell,
        /// Who stood there and stepped away, if anyone.
        dodger: Option<CreatureId>,
    },
    /// A creature died; its body stays on `at` until the next segment.
    Died {
        /// Who died.
        who: CreatureId,
        /// Where.
        at: Cell,
    },
    /// A door swung open.
    DoorOpened {
        /// Who opened it.
        who: CreatureId,
        /// Where the door is.
        at: Cell,
    },
    /// A creature threw or shot a missile.
    Threw {
        /// Who threw.
        who: CreatureId,
        /// From where.
        from: Cell,
        /// The tile aimed at.
        toward: Cell,
        /// The item thrown, if any (a monster's shot is none).
        item: Option<String>,
    },
    /// A thrown item burst where it landed.
    Burst {
        /// Who threw it.
        who: CreatureId,
        /// From where.
        from: Cell,
        /// Where it burst.
        at: Cell,
        /// The item that burst.
        item: String,
    },
    /// A thrown or fired item broke (or was lost) where it landed.
    Broke {
        /// The item.
        item: String,
        /// Where it landed.
        at: Cell,
    },
    /// A creature picked an item up from the floor.
    PickedUp {
        /// Who picked it up.
        who: CreatureId,
        /// The item's name.
        item: String,
        /// Where it lay.
        at: Cell,
    },
    /// A creature drank a potion.
    Drank {
        /// Who drank.
        who: CreatureId,
        /// The potion.
        item: String,
        /// Maximum hit points gained.
        gained_max: i32,
    },
    /// A hero's pack had no room for an item underfoot.
    NoRoom {
        /// Whose pack.
        who: CreatureId,
        /// The item left lying.
        item: String,
    },
    /// A hero dropped items.
    Dropped {
        /// Who dropped them.
        who: CreatureId,
        /// The item.
        item: String,
        /// How many.
        count: u32,
    },
    /// A hero took a weapon or launcher in hand.
    Wielded {
        /// Who.
        who: CreatureId,
        /// The item.
        item: String,
    },
    /// A hero put a weapon away.
    Unwielded {
        /// Who.
        who: CreatureId,
        /// The item.
        item: String,
    },
    /// A hero put armour on.
    Wore {
        /// Who.
        who: CreatureId,
        /// The item.
        item: String,
    },
    /// A hero took armour off.
    TookOff {
        /// Who.
        who: CreatureId,
        /// The item.
        item: String,
    },
    /// A hero read a scroll of taming: the monster that became its ally, or none that
    /// answered.
    Tamed {
        /// The hero.
        who: CreatureId,
        /// The new ally.
        ally: Option<CreatureId>,
    },
    /// A creature was carried elsewhere on the level.
    Teleported {
        /// Who.
        who: CreatureId,
        /// From where.
        from: Cell,
        /// To where.
        to: Cell,
    },
    /// The player learnt the level's layout.
    Mapped,
    /// A hero took the stairs.
    Stairs {
        /// Who.
        who: CreatureId,
        /// The depth arrived at.
        depth: u32,
        /// Whether they went down.
        down: bool,
    },
    /// The player left the dungeon with the artifact: the game is won.
    Escaped,
    /// The rules met an impossible state; the segment changed nothing. A bug, told rather
    /// than hidden.
    RulesError {
        /// What went wrong.
        message: String,
    },
    /// A creature let an action pass.
    Waited {
        /// Who waited.
        who: CreatureId,
    },
    /// What follows in this segment happened on level `depth`: told only when the segment
    /// runs more than one level (heroes on different depths), before each level's events.
    Level {
        /// The depth.
        depth: u32,
    },
    /// A new segment began (so the log can group what happened at once).
    Segment {
        /// The turn.
        turn: u64,
        /// The segment within the turn, from 1.
        segment: u32,
    },
}
