//! The game screen of `hexdeep join`: the `play` screen (a [`Session`]) drawn on the newest
//! view the server sent, whose keys become the hero's directives. A key acts once: after a
//! directive the screen takes no other until the server has resolved that segment (or
//! refused the directive), so lag never lets a key act twice. The clocks of the players the
//! segment waits for run down on the sidebar between views, from the times the view gave.

use crate::content::Content;
use crate::net::message::ClientMessage;
use crate::net::view::View;
use crate::sim::orders::Order;
use crate::ui::app::Session;
use crate::ui::clock::Clock;
use crate::ui::hotseat::{Member, Presence, Roster};
use crate::ui::keymap::{Intent, Keymap};
use crate::ui::palette::Palette;
use crate::ui::state::Auto;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use std::sync::Arc;
use std::time::Duration;

/// The game screen.
pub struct GameScreen {
    /// The `play` screen, on the newest view's world.
    pub session: Session,
    content: Arc<Content>,
    view: View,
    /// The segment a directive was sent for, until the server resolves it.
    pending: Option<(u64, u32)>,
    /// The number of the next of the server's lines to show.
    next_line: u64,
    /// Whether the player left (`Q`, `S`, Ctrl-C).
    pub left: bool,
    /// Where the screen reads the time.
    clock: Arc<dyn Clock>,
    /// When the newest view came, by `clock`.
    received: Duration,
}

impl GameScreen {
    /// The screen on the first view of a game.
    pub fn new(
        view: View,
        keymap: Keymap,
        palette: Palette,
        content: Arc<Content>,
        clock: Arc<dyn Clock>,
    ) -> Result<GameScreen, String> {
        let world = view.world(&content)?;
        let mut session = Session::new(world, keymap, palette);
        session.remote = Some(Vec::new());
        let mut screen = GameScreen {
            session,
            content,
            view: view.clone(),
            pending: None,
            next_line: 0,
            left: false,
            received: clock.now(),
            clock,
        };
        screen.update(view)?;
        Ok(screen)
    }

    /// Takes a newer view: its world, the lines not shown yet, the roster; a view of
    /// another segment than the one a directive waits on frees the keys again.
    pub fn update(&mut self, view: View) -> Result<(), String> {
        let world = view.world(&self.content)?;
        self.session.world = world;
        // The letters of the monsters go by the view's creature ids, which each view
        // numbers anew.
        self.session.ui.names = crate::sim::Names::default().updated(&self.session.world);
        let first = self.next_line.max(view.log_start);
        let skip = usize::try_from(first - view.log_start).unwrap_or(usize::MAX);
        for line in view.log.iter().skip(skip) {
            self.session.ui.log.push(crate::text::escape_controls(line));
        }
        self.next_line = view.log_start + view.log.len() as u64;
        self.session.ui.party = Some(roster(&view));
        self.received = self.clock.now();
        if self
            .pending
            .is_some_and(|at| at != (view.turn, view.segment))
        {
            self.pending = None;
        }
        self.view = view;
        Ok(())
    }

    /// Runs down the sidebar's clocks of the players the segment waits for by the time since
    /// the newest view came (the server's clock decides; this only shows it).
    pub fn tick(&mut self) {
        let since = self.clock.now().saturating_sub(self.received);
        let Some(party) = self.session.ui.party.as_mut() else {
            return;
        };
        for (member, seat) in party.heroes.iter_mut().zip(&self.view.seats) {
            if member.running {
                let given = seat.clock_ms.map(Duration::from_millis);
                member.clock = given.map(|left| left.saturating_sub(since));
            }
        }
    }

    /// The server refused a request or directive: told, and the keys act again.
    pub fn denied(&mut self, why: &str) {
        let line = crate::ui::describe::sentence(&crate::text::escape_controls(why));
        self.session.ui.log.push(line);
        self.pending = None;
    }

    /// Whether a key may give a directive now: none waits on the server.
    pub fn ready(&self) -> bool {
        self.pending.is_none()
    }

    /// The newest view.
    pub fn view(&self) -> &View {
        &self.view
    }

    /// One key press: what to send the server. `Q`, `S` and Ctrl-C leave the game (the
    /// hero passes to the AI until the player joins again).
    pub fn key(&mut self, key: KeyEvent) -> Vec<ClientMessage> {
        let ctrl_c =
            key.modifiers.contains(KeyModifiers::CONTROL) && key.code == KeyCode::Char('c');
        let intent = self.session.keymap.intent(&key);
        let normal = self.session.ui.mode == crate::ui::state::Mode::Normal;
        if ctrl_c || (normal && matches!(intent, Some(Intent::Quit | Intent::Save))) {
            self.left = true;
            return vec![ClientMessage::Leave];
        }
        if !self.ready() {
            self.session
                .ui
                .log
                .push_once("Waiting for the segment to resolve.");
            return Vec::new();
        }
        let Some(creature) = self.view.server_id(self.view.hero as usize) else {
            return Vec::new();
        };
        if self.standing() {
            // The keys that explore or rest go on with it (a held `o` explores on); any
            // other stops travel, exploring or a rest and does nothing else, as in `play`.
            if matches!(intent, Some(Intent::Explore | Intent::Rest)) {
                return Vec::new();
            }
            self.session.ui.log.push("You stop: you pressed a key.");
            return vec![ClientMessage::Halt { creature }];
        }
        self.session.key(key);
        let (turn, segment) = (self.view.turn, self.view.segment);
        if let Some(order) = self.session.ui.auto.take().and_then(order_of) {
            self.pending = Some((turn, segment));
            return vec![ClientMessage::Order {
                turn,
                segment,
                creature,
                order,
            }];
        }
        let commands = self.session.remote.replace(Vec::new()).unwrap_or_default();
        let Some(&command) = commands.first() else {
            return Vec::new();
        };
        self.pending = Some((turn, segment));
        vec![ClientMessage::Direct {
            turn,
            segment,
            creature,
            command,
        }]
    }

    /// Whether the player's hero carries on a standing order, as the newest view says.
    pub fn standing(&self) -> bool {
        self.view
            .seats
            .get(self.view.hero as usize)
            .is_some_and(|s| s.standing.is_some())
    }
}

/// The standing order the server carries on for travel, exploring or a rest the keys
/// started; `None` for travel with nowhere to go.
fn order_of(auto: Auto) -> Option<Order> {
    match auto {
        Auto::Travel { path, .. } => path.last().map(|&to| Order::Travel(to)),
        Auto::Explore { .. } => Some(Order::Explore),
        Auto::Rest => Some(Order::Rest),
    }
}

/// The sidebar's roster of a view: every seat's player, who is still to give a directive,
/// and each clock; the seat of the view's hero is the one on screen.
fn roster(view: &View) -> Roster {
    let heroes = view
        .seats
        .iter()
        .enumerate()
        .map(|(n, seat)| Member {
            hero: n,
            name: seat
                .name
                .as_deref()
                .map_or_else(|| "(free)".to_string(), crate::text::escape_controls),
            to_play: seat.waiting,
            order: seat.standing,
            presence: if seat.present {
                Presence::Playing
            } else {
                Presence::Gone
            },
            clock: seat.clock_ms.map(Duration::from_millis),
            running: seat.waiting && seat.clock_ms.is_some(),
            late: false,
        })
        .collect();
    Roster {
        heroes,
        turn: view.hero as usize,
        allies: Vec::new(),
    }
}
