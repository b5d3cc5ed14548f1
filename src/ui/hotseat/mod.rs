//! Hotseat: several people at one terminal, each with a hero, taking their turns in every
//! segment (ARCHITECTURE.md, "Simultaneous turns"). The screen shows the hero of the person
//! whose directive the segment waits for, through that hero's eyes ([`World::set_viewer`]);
//! when every acting hero has a directive the segment resolves and each person is told it
//! from their hero's point of view. Travel, exploring and rest are standing orders, so one
//! person's long walk asks the others nothing.

mod deadline;
mod fallen;
pub mod people;
pub mod timer;
mod turns;
pub(crate) use turns::ended_line;

use super::state::UiState;
use crate::sim::control::{Control, PlayerId};
use crate::sim::orders::{Doing, Order};
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
    /// Whether they play, or their hero has fallen and they watch or have left.
    pub presence: Presence,
}

/// Whether a person still plays (ARCHITECTURE.md, "Simultaneous turns", hotseat).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Presence {
    /// Their hero lives (or the game is over).
    Playing,
    /// Their hero has fallen while another lives: the screen is theirs until they choose to
    /// watch or leave.
    Fallen,
    /// Their hero has fallen and they watch the others play.
    Watching,
    /// Their hero has fallen and they left the table.
    Gone,
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
    /// The chess clock, in a game with deadlines.
    pub timer: Option<timer::Timer>,
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
                // A hero fallen before the game was seated (a game continued): their person
                // watches, as they chose nothing here.
                presence: if world.creatures()[hero].alive {
                    Presence::Playing
                } else {
                    Presence::Watching
                },
            })
            .collect();
        Hotseat {
            control,
            people,
            turn: 0,
            timer: None,
        }
    }

    /// The person whose turn the screen shows.
    pub fn person(&self) -> &Person {
        &self.people[self.turn]
    }

    /// The next person after the one on screen, in turn order, who still plays.
    pub fn next_playing_person(&self) -> Option<usize> {
        let count = self.people.len();
        (1..count)
            .map(|step| (self.turn + step) % count)
            .find(|&n| self.people[n].presence == Presence::Playing)
    }

    /// Whether person `n`'s time ran out in the coming segment (their hero follows the AI).
    pub fn is_late(&self, n: usize) -> bool {
        self.timer.as_ref().is_some_and(|t| t.is_late(n))
    }

    /// What the sidebar shows of the party: every hero, whose turn it is, who has still to
    /// give a directive, and each person's clock.
    pub fn roster(&mut self, world: &World) -> Roster {
        let waiting = self.control.waiting_for(world);
        let heroes = self
            .people
            .iter()
            .enumerate()
            .map(|(n, p)| Member {
                hero: p.hero,
                name: p.name.clone(),
                to_play: waiting.contains(&p.player) && !self.is_late(n),
                order: self.control.standing_order(p.hero).map(Order::doing),
                presence: p.presence,
                clock: None,
                running: false,
                late: self.is_late(n),
            })
            .collect();
        let allies = self.control.allies_directed_by(world, self.person().player);
        let mut roster = Roster {
            heroes,
            turn: self.turn,
            allies,
        };
        self.show_clocks(&mut roster);
        roster
    }

    /// Puts each person's time left, and whose runs, on `roster`.
    pub fn show_clocks(&self, roster: &mut Roster) {
        let Some(timer) = &self.timer else {
            return;
        };
        for (n, member) in roster.heroes.iter_mut().enumerate() {
            member.clock = Some(timer.left(n));
            member.running = timer.running() == Some(n);
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
    /// The allies the person on screen directs: their hero's, and those another person let
    /// them direct too (`T` `d`).
    pub allies: Vec<CreatureId>,
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
    /// What the standing order they carry on has them do, if they carry one on.
    pub order: Option<Doing>,
    /// Whether their person plays, watches or has left.
    pub presence: Presence,
    /// Their person's time left, in a game with a clock.
    pub clock: Option<std::time::Duration>,
    /// Whether their person's time is running.
    pub running: bool,
    /// Whether their person's time ran out in the coming segment.
    pub late: bool,
}

impl Roster {
    /// The line that says whose turn it is: "Ann's turn — hero Ann, depth 1"; for a person
    /// whose hero has just fallen, what they may do.
    pub fn banner(&self, world: &World) -> Option<String> {
        let me = self.heroes.get(self.turn)?;
        let hero = world.creatures().get(me.hero)?;
        match me.presence {
            Presence::Fallen => {
                return Some(format!(
                    "{}'s hero has fallen — w: watch the others, x: leave",
                    me.name
                ));
            }
            Presence::Watching => return Some(format!("{} watches", me.name)),
            Presence::Gone => return Some(format!("{} has left", me.name)),
            Presence::Playing => {}
        }
        Some(format!(
            "{}'s turn — hero {}, depth {}",
            me.name, hero.name, hero.depth
        ))
    }
}
