//! Deadlines in a hotseat game: the person whose turn the screen shows spends their time bank
//! while the segment waits on them; when it runs out their hero follows the next controller
//! (in the end the AI) for that segment and the turn passes on (ARCHITECTURE.md,
//! "Simultaneous turns"). Their next directive takes the hero back.

use super::timer::{ClockSetting, Timer};
use super::{Hotseat, Presence};
use crate::sim::World;
use crate::ui::app::Session;
use crate::ui::clock::Clock;
use crate::ui::state::Mode;
use std::sync::Arc;
use std::time::Duration;

impl Hotseat {
    /// The people (indices) the coming segment still waits for: those with an acting hero
    /// none of whose people has answered for, whose time has not run out.
    pub(super) fn still_waiting(&mut self, world: &World) -> Vec<usize> {
        let waiting = self.control.waiting_for(world);
        (0..self.people.len())
            .filter(|&n| waiting.contains(&self.people[n].player) && !self.is_late(n))
            .collect()
    }

    /// The person whose time runs now: the one the screen shows, while the segment waits on
    /// them.
    fn running_person(&mut self, world: &World) -> Option<usize> {
        let turn = self.turn;
        let playing = self.people.get(turn)?.presence == Presence::Playing;
        (playing && !world.is_over() && self.still_waiting(world).contains(&turn)).then_some(turn)
    }
}

impl Session {
    /// Gives the people of a hotseat game the clock `setting`, read from `clock`: each starts
    /// with a full bank, and the time of the person whose turn it is runs from now. A game of
    /// one, or `off`, has no clock.
    pub fn time_people(&mut self, setting: ClockSetting, clock: Arc<dyn Clock>) {
        let Some(hotseat) = self.hotseat.as_mut() else {
            return;
        };
        hotseat.timer = match setting {
            ClockSetting::Off => None,
            ClockSetting::Chess { start, increment } => {
                Some(Timer::new(start, increment, hotseat.people.len(), clock))
            }
        };
        self.tick_clock();
        self.refresh_roster();
    }

    /// The time left to the person whose time runs, if anyone's does: the game loop wakes
    /// no later than that to notice the deadline.
    pub fn time_left(&self) -> Option<Duration> {
        let timer = self.hotseat.as_ref()?.timer.as_ref()?;
        timer.running().map(|p| timer.left(p))
    }

    /// Charges the time since the last look at the clock to the person whose time ran, and
    /// runs the time of the person it runs for now.
    pub(crate) fn tick_clock(&mut self) {
        let Some(hotseat) = self.hotseat.as_mut() else {
            return;
        };
        if hotseat.timer.is_none() {
            return;
        }
        let running = hotseat.running_person(&self.world);
        if let Some(timer) = hotseat.timer.as_mut() {
            timer.charge(running);
        }
    }

    /// Looks at the clock: when the running person's time has run out, everyone is told,
    /// their hero follows the AI this segment, and the turn passes on (the segment resolves
    /// when nobody else is waited for).
    pub fn check_clock(&mut self) {
        self.tick_clock();
        let Some(hotseat) = self.hotseat.as_mut() else {
            return;
        };
        let Some(timer) = hotseat.timer.as_mut() else {
            return;
        };
        let Some(late) = timer.ran_out() else {
            return;
        };
        timer.set_late(late);
        let line = format!(
            "{}'s time ran out: their hero follows the AI this segment.",
            hotseat.people[late].name
        );
        // A prompt or cursor left open goes with the turn.
        self.ui.mode = Mode::Normal;
        self.ui.auto = None;
        self.tell_all(&line);
        self.settle();
    }

    /// Puts each person's time left on the sidebar's roster, as it stands now.
    pub(crate) fn show_clocks(&mut self) {
        if let (Some(hotseat), Some(party)) = (self.hotseat.as_ref(), self.ui.party.as_mut()) {
            hotseat.show_clocks(party);
        }
    }
}
