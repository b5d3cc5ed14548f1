//! A hotseat game's turns: a person's directive, the standing orders that travel, explore and
//! rest become, the segment resolved once every acting hero has a directive, each person told
//! it as their hero saw it, and the screen handed to the next person the segment waits for.

use crate::geom::Cell;
use crate::sim::orders::{End, Order};
use crate::sim::{Command, CreatureId, Event};
use crate::ui::app::Session;
use crate::ui::describe::sentence;
use crate::ui::state::Auto;

impl Session {
    /// Seats one person for each hero of the world, each named as their hero, and gives the
    /// screen to the first the coming segment waits for.
    pub(crate) fn seat_people(&mut self) {
        self.hotseat = Some(super::Hotseat::of(&self.world, &self.ui));
        self.pass_turn();
    }

    /// Whether several people play at this terminal.
    pub fn is_hotseat(&self) -> bool {
        self.hotseat.is_some()
    }

    /// Whether the coming segment waits for nobody: every acting hero has a directive. Once
    /// a person's directive completes it, it resolves at once; when standing orders alone
    /// answer it, the game loop resolves it after a pause ([`Session::run_orders`]) and a key
    /// stops them all ([`Session::stop_orders`]).
    /// A person whose hero has just fallen holds them until they choose to watch or leave.
    pub fn orders_running(&mut self) -> bool {
        let choosing = self.hotseat.as_ref().is_some_and(|h| {
            h.people
                .iter()
                .any(|p| p.presence == super::Presence::Fallen)
        });
        !choosing && self.answered()
    }

    /// Whether the coming segment waits for nobody: every acting hero has a directive, or
    /// its people's time ran out.
    fn answered(&mut self) -> bool {
        let over = self.world.is_over();
        self.hotseat
            .as_mut()
            .is_some_and(|h| !over && h.still_waiting(&self.world).is_empty())
    }

    /// The directive of the person whose turn it is, for their hero; a refused one is told
    /// and changes nothing.
    pub(crate) fn direct(&mut self, command: Command) {
        let Some(hotseat) = self.hotseat.as_mut() else {
            return;
        };
        let (player, hero) = (hotseat.person().player, hotseat.person().hero);
        self.ui.log.mark_read();
        self.ui.names = self.ui.names.updated(&self.world);
        let thrown = match command {
            Command::Throw { item, .. } => self.world.player().stack(item).map(|s| s.item.clone()),
            _ => None,
        };
        match hotseat.control.give(&self.world, player, hero, command) {
            Ok(()) => {
                if thrown.is_some() {
                    self.ui.quiver = thrown;
                }
                self.settle();
            }
            Err(why) => {
                self.ui.auto = None;
                self.ui.log.push(sentence(&why.to_string()));
            }
        }
    }

    /// Travel, exploring or a rest the keys just started, given as the person's standing
    /// order instead of being walked by the shell.
    pub(crate) fn orders_from_auto(&mut self) {
        let Some(auto) = self.ui.auto.take() else {
            return;
        };
        let Some(hotseat) = self.hotseat.as_mut() else {
            return;
        };
        let order = match auto {
            Auto::Travel { path, .. } => path.last().map(|&to| Order::Travel(to)),
            Auto::Explore { .. } => Some(Order::Explore),
            Auto::Rest => Some(Order::Rest),
        };
        let Some(order) = order else {
            return;
        };
        let (player, hero) = (hotseat.person().player, hotseat.person().hero);
        self.ui.log.mark_read();
        match hotseat.control.order(&self.world, player, hero, order) {
            Ok(()) => self.settle(),
            Err(why) => self.ui.log.push(sentence(&why.to_string())),
        }
    }

    /// Resolves the coming segment, which every acting hero's standing order answers, and
    /// hands the screen on.
    pub fn run_orders(&mut self) {
        if self.orders_running() {
            self.settle();
        }
    }

    /// A key pressed while the standing orders run the game: every order ends, told to its
    /// person, and the segment waits for them again.
    pub fn stop_orders(&mut self) {
        let Some(hotseat) = self.hotseat.as_mut() else {
            return;
        };
        let stopped = hotseat.control.stop_orders();
        for (hero, _) in stopped {
            self.tell_person(hero, "You stop: you pressed a key.");
        }
        self.pass_turn();
    }

    /// After a directive or an order: resolves the segment when no person is waited for any
    /// longer, then gives the screen to the first person the coming segment waits for.
    pub(super) fn settle(&mut self) {
        if self.answered() {
            self.resolve_segment();
        }
        self.pass_turn();
    }

    /// Resolves the coming segment (the heroes of the people whose time ran out following
    /// the AI), charges the time banks, and tells each person what their hero saw of it.
    fn resolve_segment(&mut self) {
        self.tick_clock();
        let Some(hotseat) = self.hotseat.as_mut() else {
            return;
        };
        let late: Vec<_> = (0..hotseat.people.len())
            .filter(|&n| hotseat.is_late(n))
            .map(|n| hotseat.people[n].player)
            .collect();
        let before: Vec<(i32, Cell)> = hotseat
            .people
            .iter()
            .map(|p| {
                let c = &self.world.creatures()[p.hero];
                (c.hp, c.pos)
            })
            .collect();
        match hotseat
            .control
            .resolve(&mut self.world, |p| late.contains(&p))
        {
            Ok(resolved) => {
                if let Some(timer) = hotseat.timer.as_mut() {
                    timer.segment_resolved();
                }
                if let Some(game) = &mut self.game {
                    game.note_segment(&resolved.given, &self.world);
                }
                self.forget_tells();
                self.tell_everyone(&resolved.events, &before);
                self.note_fallen();
                self.end_or_autosave();
            }
            Err((hero, why)) => self.tell_person(hero, &sentence(&why.to_string())),
        }
    }

    /// Forgets what each person told their allies: the segment that took it has resolved,
    /// and the sidebar shows the allies' tasks.
    fn forget_tells(&mut self) {
        self.ui.tells.clear();
        if let Some(hotseat) = self.hotseat.as_mut() {
            for person in &mut hotseat.people {
                if let Some(ui) = person.ui.as_mut() {
                    ui.tells.clear();
                }
            }
        }
    }

    /// Tells each person the segment's `events` as their hero saw them, with what their hero
    /// now stands on and a warning of low hit points (from their hit points and tile
    /// `before`, in the people's order).
    fn tell_everyone(&mut self, events: &[Event], before: &[(i32, Cell)]) {
        for (n, &(hp_before, pos_before)) in before.iter().enumerate() {
            self.as_person(n, |s| {
                s.tell(events);
                if s.world.player().pos != pos_before {
                    s.tell_left_here();
                }
                crate::ui::alarm::warn(&mut s.ui, &s.world, hp_before);
                crate::ui::update::hint_sides(&mut s.ui, &s.world);
            });
        }
    }

    /// Gives the screen to a person whose hero has just fallen, else to the first person the
    /// coming segment waits for (whose time then runs), telling each person whose standing
    /// order ended why.
    pub(super) fn pass_turn(&mut self) {
        let Some(hotseat) = self.hotseat.as_mut() else {
            return;
        };
        let waiting = hotseat.still_waiting(&self.world);
        let ended = hotseat.control.ended();
        let fallen = hotseat
            .people
            .iter()
            .position(|p| p.presence == super::Presence::Fallen);
        let next = fallen.or(waiting.first().copied());
        for (hero, order, end) in ended {
            self.tell_ended(hero, order, end);
        }
        if let Some(next) = next {
            self.show_person(next);
        }
        self.tick_clock();
        self.refresh_roster();
    }

    /// Adds `line` to every person's messages.
    pub(super) fn tell_all(&mut self, line: &str) {
        let count = self.hotseat.as_ref().map_or(0, |h| h.people.len());
        for n in 0..count {
            self.as_person(n, |s| s.ui.log.push(line));
        }
    }

    /// Refreshes what the screen shows of the party.
    pub(super) fn refresh_roster(&mut self) {
        if let Some(hotseat) = self.hotseat.as_mut() {
            self.ui.party = Some(hotseat.roster(&self.world));
        }
    }

    /// Tells hero `hero`'s person that their standing order ended, and why: the monster that
    /// came into view named as their sidebar names it ("You stop: jackal B comes into view.").
    fn tell_ended(&mut self, hero: CreatureId, order: Order, end: End) {
        let Some(n) = self.person_of(hero) else {
            return;
        };
        self.as_person(n, |s| {
            let seen = s.world.visible_monsters().first().map(|c| c.id);
            let line = match (end, seen) {
                (End::MonsterInView, Some(id)) => {
                    let who = s.ui.names.updated(&s.world).a_name(&s.world, id);
                    Some(format!("You stop: {who} comes into view."))
                }
                _ => ended_line(order, end).map(String::from),
            };
            if let Some(line) = line {
                s.ui.log.push(line);
            }
        });
    }

    /// The person (an index) who plays hero `hero`.
    fn person_of(&self, hero: CreatureId) -> Option<usize> {
        let hotseat = self.hotseat.as_ref()?;
        hotseat.people.iter().position(|p| p.hero == hero)
    }

    /// Adds `line` to the messages of hero `hero`'s person.
    fn tell_person(&mut self, hero: CreatureId, line: &str) {
        if let Some(n) = self.person_of(hero) {
            self.as_person(n, |s| s.ui.log.push(line));
        }
    }

    /// Runs `f` with person `n`'s state on the screen and their hero as the viewer, then
    /// puts back the person whose turn it is.
    pub(super) fn as_person(&mut self, n: usize, f: impl FnOnce(&mut Session)) {
        let Some(turn) = self.hotseat.as_ref().map(|h| h.turn) else {
            return;
        };
        self.show_person(n);
        f(self);
        self.show_person(turn);
    }

    /// Puts person `n`'s state on the screen and looks through their hero's eyes.
    fn show_person(&mut self, n: usize) {
        let Some(hotseat) = self.hotseat.as_mut() else {
            return;
        };
        if n == hotseat.turn || n >= hotseat.people.len() {
            return;
        }
        let Some(mut next) = hotseat.people[n].ui.take() else {
            return;
        };
        // The window and a quit belong to the terminal, not to a person.
        next.too_small = self.ui.too_small;
        next.quit = self.ui.quit;
        std::mem::swap(&mut self.ui, &mut next);
        hotseat.people[hotseat.turn].ui = Some(next);
        hotseat.turn = n;
        self.world.set_viewer(hotseat.people[n].hero);
    }
}

/// What a person is told when their hero's standing order ends, as the game of one tells
/// the end of its travel, exploring or rest; `None` for a hero who fell (told as such).
pub(crate) fn ended_line(order: Order, end: End) -> Option<&'static str> {
    Some(match (order, end) {
        (_, End::Died) => return None,
        (Order::Explore, End::Done) => "Explored: there is nothing more to find here.",
        (Order::Rest, End::Done) => "You are rested.",
        (_, End::Done) => "You arrive.",
        (_, End::MonsterInView) => "You stop: a monster comes into view.",
        (_, End::NoWay) => "You stop: no known way leads on.",
        (_, End::Blocked) => "You stop: someone stands where you were going.",
    })
}
