//! Hotseat: several people at one terminal, each with a hero, taking their turns in every
//! segment (ARCHITECTURE.md, "Simultaneous turns"). The screen shows the hero of the person
//! whose directive the segment waits for, through that hero's eyes ([`World::set_viewer`]);
//! when every acting hero has a directive the segment resolves and each person is told it
//! from their hero's point of view. Travel, exploring and rest are standing orders, so one
//! person's long walk asks the others nothing.

pub mod people;
mod turns;

use super::state::UiState;
use crate::sim::control::{Control, PlayerId};
use crate::sim::orders::Order;
use crate::sim::{CreatureId, World};

/// One person at the terminal.
#[derive(Clone, Debug)]
pub struct Person {
    /// Their hero.
    pub hero: CreatureId,
    /// Their player number in the game's [`Control`].
    pub player: PlayerId,
    /// Their name.
    pub name: String,
    /// Their shell state (messages, letters, the map's scroll, the quiver) while another
    /// person's turn is on the screen; `None` while theirs is.
    ui: Option<UiState>,
}

/// A hotseat game's people and whose turn the screen shows.
#[derive(Clone, Debug)]
pub struct Hotseat {
    /// The players and their heroes' control.
    pub control: Control,
    /// The people, in their heroes' order.
    pub people: Vec<Person>,
    /// The person whose turn the screen shows (an index into `people`).
    pub turn: usize,
}

impl Hotseat {
    /// One person for each hero of `world`, named by the heroes' names; the first person's
    /// turn on the screen, whose state is `ui` (the others start with a copy of it).
    pub fn of(world: &World, ui: &UiState) -> Hotseat {
        let names: Vec<String> = world
            .heroes()
            .iter()
            .map(|&h| world.creatures()[h].name.clone())
            .collect();
        let control = Control::of_party(world, &names);
        let people = world
            .heroes()
            .iter()
            .zip(names)
            .enumerate()
            .map(|(n, (&hero, name))| Person {
                hero,
                player: PlayerId(u16::try_from(n + 1).unwrap_or(u16::MAX)),
                name,
                ui: (n > 0).then(|| ui.clone()),
            })
            .collect();
        Hotseat {
            control,
            people,
            turn: 0,
        }
    }

    /// The person whose turn the screen shows.
    pub fn person(&self) -> &Person {
        &self.people[self.turn]
    }

    /// What the sidebar shows of the party: every hero, whose turn it is and who has still
    /// to give a directive.
    pub fn roster(&mut self, world: &World) -> Roster {
        let waiting = self.control.waiting_for(world);
        let heroes = self
            .people
            .iter()
            .map(|p| Member {
                hero: p.hero,
                name: p.name.clone(),
                to_play: waiting.contains(&p.player),
                order: self.control.standing_order(p.hero),
            })
            .collect();
        Roster {
            heroes,
            turn: self.turn,
        }
    }
}

/// The party as the screen shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Roster {
    /// Every hero, in order.
    pub heroes: Vec<Member>,
    /// Whose turn the screen shows (an index into `heroes`).
    pub turn: usize,
}

/// One hero of a [`Roster`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Member {
    /// The hero.
    pub hero: CreatureId,
    /// Their person's name (the hero's).
    pub name: String,
    /// Whether the coming segment still waits for their directive.
    pub to_play: bool,
    /// The standing order they carry on, if any.
    pub order: Option<Order>,
}

impl Roster {
    /// The line that says whose turn it is: "Ann's turn — hero Ann, depth 1".
    pub fn banner(&self, world: &World) -> Option<String> {
        let me = self.heroes.get(self.turn)?;
        let hero = world.creatures().get(me.hero)?;
        Some(format!(
            "{}'s turn — hero {}, depth {}",
            me.name, hero.name, hero.depth
        ))
    }
}
