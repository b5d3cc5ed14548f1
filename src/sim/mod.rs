//! The rules: the world, commands, intentions, the resolver, monsters and combat, events.
//!
//! The only writer of world state is [`World::apply`]: the shell hands it a [`Command`] and
//! gets back the [`Event`]s that explain what happened, or a [`Rejection`] that costs no time.

mod command;
mod creature;
mod event;
pub mod scenario;
mod world;

pub use command::{Command, Rejection};
pub use creature::{Creature, CreatureId, Faction};
pub use event::Event;
pub use world::{Plan, PlanKind, World, describe_events};
