//! What the bot felt but could not see: a creature out of view that its step bounced off ("You
//! bounce off something"). The player knows something stands there, so the bot strikes it
//! rather than push against it at every action: in issue 28 a bot stood against a kobold
//! hidden around a triangle's corner from turn 1448 until its time ran out at 20000.

use super::eye::Eye;
use crate::geom::Cell;
use crate::sim::{Command, Event};

/// A creature out of view that the bot's step bounced off: where the bot stood and the tile.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) struct Felt {
    /// Where the bot stood.
    from: Cell,
    /// The tile its step bounced off.
    at: Cell,
}

impl Felt {
    /// What the bot knows of a creature in its way after its last action, from the events
    /// of that action (in `world` as it left it) and what it knew before (`known`): the tile
    /// its step bounced off when it cannot see who stands there; nothing once its blow at the
    /// known tile met nobody (whatever stood there has gone, or died of an earlier blow
    /// unseen); else what it knew. Only what the hero's player is told: the hero's own bump
    /// and blow.
    pub(super) fn after(known: Option<Felt>, eye: Eye, events: &[Event]) -> Option<Felt> {
        for event in events {
            match *event {
                Event::Bounced {
                    who, at, toward, ..
                } if who == eye.hero && !eye.sees(toward) => {
                    return Some(Felt {
                        from: at,
                        at: toward,
                    });
                }
                Event::Missed { attacker, at, .. }
                    if attacker == eye.hero && known.is_some_and(|f| f.at == at) =>
                {
                    return None;
                }
                _ => {}
            }
        }
        known
    }

    /// A blow at the felt tile, while the bot still stands where it felt the creature, cannot
    /// see the tile and a blow can reach it; `None` otherwise (a creature there in view is
    /// the fight's business).
    pub(super) fn strike(self, eye: Eye) -> Option<Command> {
        let level = eye.world.level();
        let here = eye.me().pos == self.from;
        if !here || eye.sees(self.at) || !level.blow_allowed(self.from, self.at) {
            return None;
        }
        level
            .terrain
            .direction(self.from, self.at)
            .map(Command::Attack)
    }
}
