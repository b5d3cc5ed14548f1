//! A game being played: one key or click at a time, turned into a command, applied and
//! recorded. The loop that feeds it is in [`game_loop`](super::game_loop).

use super::auto;
use super::describe::{describe_named, sentence};
use super::item_prompt::{self, Answer};
use super::keymap::Keymap;
use super::palette::Palette;
use super::saving::GameFile;
use super::state::{EndReport, Mode, UiState};
use super::update::{confirm_quit, start_travel, update};
use super::view::{self, Context};
use crate::geom::Compass;
use crate::sim::{Command, Event as WorldEvent, World};
use ratatui::Frame;
use ratatui::crossterm::event::{
    KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use ratatui::layout::Rect;

/// A game being played: the world, the shell state and the record of accepted commands.
pub struct Session {
    /// The world.
    pub world: World,
    /// The shell state.
    pub ui: UiState,
    /// Keys.
    pub keymap: Keymap,
    /// Colours.
    pub palette: Palette,
    /// Every accepted command, in order: the game's record.
    pub record: Vec<Command>,
    /// The game's file, when it is kept on disk (tests play without one).
    pub game: Option<GameFile>,
    /// The people taking turns at this terminal, in a game of several ([`super::hotseat`]).
    pub hotseat: Option<super::hotseat::Hotseat>,
    /// In a game played on a server (`hexdeep join`): the commands the keys chose, to be
    /// sent as the hero's directives instead of applied here (the world is the server's
    /// view, which only the server changes).
    pub remote: Option<Vec<Command>>,
}

impl Session {
    /// A new session on a world, kept on no file (tests, bots and throwaway games).
    pub fn new(world: World, keymap: Keymap, palette: Palette) -> Self {
        Session {
            world,
            ui: UiState::default(),
            keymap,
            palette,
            record: Vec::new(),
            game: None,
            hotseat: None,
            remote: None,
        }
    }

    /// A session of several people on a world of as many heroes, one a person, kept on no
    /// file: the first person's turn on the screen.
    pub fn hotseat(world: World, keymap: Keymap, palette: Palette) -> Self {
        let mut session = Session::new(world, keymap, palette);
        session.seat_people();
        session
    }

    /// Applies a command to the world; the only place commands are recorded. In a hotseat
    /// game it is the directive of the person whose turn it is, given through its `Control`;
    /// in a game on a server it is kept in [`Session::remote`] to be sent.
    pub fn perform(&mut self, command: Command) {
        if let Some(out) = self.remote.as_mut() {
            self.ui.log.mark_read();
            out.push(command);
            return;
        }
        if self.hotseat.is_some() {
            self.direct(command);
            return;
        }
        self.ui.log.mark_read();
        // The letters as the screen showed them when the command was chosen.
        self.ui.names = self.ui.names.updated(&self.world);
        let hp_before = self.world.player().hp;
        let pos_before = self.world.player().pos;
        let thrown = match command {
            Command::Throw { item, .. } => self.world.player().stack(item).map(|s| s.item.clone()),
            _ => None,
        };
        let given = self.with_tells(command);
        let commands: Vec<(crate::sim::CreatureId, Command)> =
            given.iter().map(|g| (g.hero, g.command)).collect();
        match self.world.apply_all(&commands).map_err(|(_, why)| why) {
            Ok(events) => {
                self.record.push(command);
                if thrown.is_some() {
                    self.ui.quiver = thrown;
                }
                if let Some(game) = &mut self.game {
                    game.note_segment(&given, &self.world);
                }
                self.tell(&events);
                if self.world.player().pos != pos_before {
                    self.tell_left_here();
                }
                super::alarm::warn(&mut self.ui, &self.world, hp_before);
                super::update::hint_sides(&mut self.ui, &self.world);
                self.end_or_autosave();
            }
            Err(rejection) => {
                self.ui.auto = None;
                self.ui.log.push(sentence(&rejection.to_string()));
            }
        }
    }

    /// After a resolved segment: the end screen when the game is over, else an autosave when
    /// one is due.
    pub(crate) fn end_or_autosave(&mut self) {
        if self.world.is_over() {
            self.ui.auto = None;
            self.put_away();
            self.ui.mode = Mode::End { scroll: 0 };
        } else {
            self.autosave();
        }
    }

    /// After a step: what lies where the player now stands and was not picked up (a weapon or
    /// armour no better than one carried is left), and that `g` takes it.
    pub(crate) fn tell_left_here(&mut self) {
        let me = self.world.player().pos;
        let items = super::describe::items_words(&self.world, me);
        if !items.is_empty() && self.world.player().alive {
            let keys: Vec<String> = self
                .keymap
                .keys_for(super::keymap::Intent::PickUp)
                .into_iter()
                .map(super::keymap::Key::label)
                .collect();
            let g = keys
                .iter()
                .find(|k| k.starts_with(char::is_alphabetic))
                .or(keys.first())
                .map_or("the pick-up key", String::as_str);
            self.ui.log.push(format!(
                "You see here {}; {g} picks it up.",
                items.join(", ")
            ));
        }
    }

    /// The messages so far, oldest first, for a save.
    fn log_lines(&self) -> Vec<String> {
        self.ui.log.lines().collect()
    }

    /// Saves when an autosave is due; only a failure is told.
    pub(crate) fn autosave(&mut self) {
        let lines = self.log_lines();
        let Some(game) = self.game.as_mut().filter(|g| g.autosave_due(&self.world)) else {
            return;
        };
        if let Err(e) = game.save(&self.world, &lines) {
            self.ui.log.push(format!("Could not save the game: {e}"));
        }
    }

    /// Saves the game in progress (on quitting with `S`, Ctrl-C, a closed terminal or a
    /// signal); true when it is safe on disk or nothing needed saving.
    pub fn save_now(&mut self) -> bool {
        let lines = self.log_lines();
        let Some(game) = self.game.as_mut() else {
            return true;
        };
        if self.world.is_over() {
            return true;
        }
        match game.save(&self.world, &lines) {
            Ok(path) => {
                self.ui.log.push(format!("Saved to {}.", path.display()));
                true
            }
            Err(e) => {
                self.ui.log.push(format!("Could not save the game: {e}"));
                false
            }
        }
    }

    /// Saves the game in progress unless its file already holds it as it is (so that `S`
    /// followed by the loop's last save says "Saved" once); true when it is safe on disk.
    pub fn save_unless_saved(&mut self) -> bool {
        if self.game.as_ref().is_some_and(GameFile::is_saved) {
            return true;
        }
        self.save_now()
    }

    /// `S`: saves and quits; a failed save is told and the game goes on.
    pub fn save_and_quit(&mut self) {
        if self.save_now() {
            self.ui.quit = true;
        }
    }

    /// An ended game's replay, character dump and score are written once; what became of
    /// them is kept for the end screen.
    pub(crate) fn put_away(&mut self) {
        let lines = self.log_lines();
        let mut report = EndReport::default();
        if let Some(game) = self.game.as_mut() {
            if let Some(done) = game.finish(&self.world, &lines) {
                report.places = done.places;
                report.not_recorded = done.not_recorded;
                report.replay = done.replay;
                report.morgue = done.morgue;
                report.problems = done.problems;
            }
            match crate::persist::load_scores(&game.dir) {
                Ok(hall) => report.hall = Some(hall),
                Err(e) => report.problems.push(e.to_string()),
            }
        }
        for p in &report.problems {
            self.ui.log.push(format!("Could not write: {p}"));
        }
        self.ui.end = Some(report);
    }

    /// `Q` then `y`: the game is abandoned, recorded as quit and kept as a finished replay,
    /// and the end screen tells its story as it does after a death (`Q` there quits).
    pub fn abandon(&mut self) {
        self.world.abandon(crate::sim::Ending::Quit);
        self.put_away();
        self.ui.log.push("You abandon the run.");
        let written = self
            .ui
            .end
            .as_ref()
            .map(|e| (e.replay.clone(), e.morgue.clone()));
        if let Some((replay, morgue)) = written {
            for (what, path) in [("The replay", replay), ("The character dump", morgue)] {
                if let Some(path) = path {
                    self.ui
                        .log
                        .push(format!("{what} is in {}.", path.display()));
                }
            }
        }
        if let Some(line) = self.ui.end.as_ref().and_then(EndReport::not_recorded_line) {
            self.ui.log.push(line);
        }
        self.ui.auto = None;
        self.ui.mode = Mode::End { scroll: 0 };
    }

    /// Logs what happened: first the player's own segment, then, when travel, exploring or a
    /// rest must stop because a monster came into view, the stop, then what followed.
    pub(crate) fn tell(&mut self, events: &[WorldEvent]) {
        let later = events
            .iter()
            .enumerate()
            .filter(|(_, e)| matches!(e, WorldEvent::Segment { .. }))
            .nth(1)
            .map_or(events.len(), |(i, _)| i);
        let (own, rest) = events.split_at(later);
        // Monsters that came into view take their letters now; those that left (or died) keep
        // theirs until the lines about them are told.
        self.ui.names.see(&self.world);
        for line in crate::sim::messages_named(own, &self.world, &self.ui.names) {
            self.ui.log.push(sentence(&line));
        }
        auto::stop_for_bump(&mut self.ui, &self.world, own);
        auto::stop_for_monster(&mut self.ui, &self.world);
        for line in crate::sim::messages_named(rest, &self.world, &self.ui.names) {
            self.ui.log.push(sentence(&line));
        }
        self.ui.names.forget_gone(&self.world);
    }

    /// Draws one frame and notes the screen size: while the window is too small, keys do not
    /// act. Returns the parts of the screen, for mouse clicks.
    pub fn draw(&mut self, frame: &mut Frame) -> Option<view::Areas> {
        let parts = view::areas(frame.area());
        self.ui.too_small = parts.is_none();
        if let Some(p) = parts {
            super::update::fit_map_scale(&mut self.ui, &self.world, (p.map.width, p.map.height));
        }
        self.show_clocks();
        let context = Context {
            keymap: &self.keymap,
            palette: self.palette,
        };
        view::draw(frame, &self.world, &self.ui, &context);
        if let Some(p) = parts {
            view::remember_camera(&mut self.ui, &self.world, p.map);
        }
        parts
    }

    /// Handles one key press; in a hotseat game, travel, exploring or a rest it starts is
    /// given as a standing order.
    pub fn key(&mut self, key: KeyEvent) {
        if self.fallen_key(key) {
            return;
        }
        self.key_press(key);
        if self.hotseat.is_some() {
            self.orders_from_auto();
        }
    }

    /// Handles one key press as the game of one does.
    fn key_press(&mut self, key: KeyEvent) {
        if key.modifiers.contains(KeyModifiers::CONTROL) && key.code == KeyCode::Char('c') {
            // Ctrl-C saves and quits like `S`; if the save fails the game still ends here,
            // the failure told on the way out.
            self.save_now();
            self.ui.quit = true;
            return;
        }
        if self.ui.too_small {
            // Nothing can be seen: only quitting works, at once (the prompt would not show).
            self.ui.quit = self.keymap.intent(&key) == Some(super::keymap::Intent::Quit);
            return;
        }
        if self.answer_prompt(key) {
            return;
        }
        let cursor_or_normal = matches!(
            self.ui.mode,
            Mode::Normal
                | Mode::Look { .. }
                | Mode::Aim { .. }
                | Mode::PickTravel { .. }
                | Mode::Strike
        );
        let hexes = self.world.level().terrain.tiling() == crate::geom::Tiling::Hex;
        let vertical = cursor_or_normal && matches!(key.code, KeyCode::Up | KeyCode::Down);
        if vertical && hexes {
            self.no_vertical_direction();
        }
        // Off hexes Up and Down step north and south, as `k` and `j` do.
        let arrow = match key.code {
            KeyCode::Up => super::keymap::Intent::Step(Compass::N),
            _ => super::keymap::Intent::Step(Compass::S),
        };
        let intent = if vertical && !hexes {
            Some(arrow)
        } else {
            self.keymap.intent(&key)
        };
        let Some(intent) = intent else {
            self.unbound_key(key);
            return;
        };
        if let super::keymap::Intent::Step(dir) = intent
            && self.ui.mode == Mode::Normal
            && !self.world.is_over()
            && self.no_step(dir)
        {
            return;
        }
        if intent == super::keymap::Intent::Save && self.ui.mode == Mode::Normal {
            self.save_and_quit();
            return;
        }
        if let Some(command) = update(&mut self.ui, &self.world, intent) {
            self.perform(command);
        }
    }

    /// A key while a prompt waits on its answer (abandon the run? throw anyway? which
    /// item?): answers it; true if one was waiting.
    fn answer_prompt(&mut self, key: KeyEvent) -> bool {
        if self.ui.mode == Mode::Tell {
            self.ui.mode = Mode::Normal;
            if let KeyCode::Char(c) = key.code {
                self.tell_allies(c);
            }
            return true;
        }
        if self.ui.mode == Mode::ConfirmQuit {
            let yes = matches!(key.code, KeyCode::Char('y' | 'Y'));
            if yes && !self.world.is_over() {
                self.abandon();
            } else {
                confirm_quit(&mut self.ui, yes);
            }
            return true;
        }
        if matches!(self.ui.mode, Mode::ConfirmThrow { .. }) {
            let yes = matches!(key.code, KeyCode::Char('y' | 'Y'));
            if let Some(command) = super::update::answer_short_throw(&mut self.ui, yes) {
                self.perform(command);
            }
            return true;
        }
        if let Mode::ChooseItem { verb } = self.ui.mode {
            let answer = match key.code {
                KeyCode::Char(c) if c.is_ascii_alphabetic() => Answer::Letter(c),
                KeyCode::Esc => Answer::Cancel,
                _ if self.keymap.intent(&key) == Some(super::keymap::Intent::Cancel) => {
                    Answer::Cancel
                }
                _ => Answer::Other,
            };
            if let Some(command) = item_prompt::answer(&mut self.ui, &self.world, verb, answer) {
                self.perform(command);
            }
            return true;
        }
        false
    }

    /// A key the keymap does not bind: while aiming, another missile's letter aims that one;
    /// it backs out of striking (saying so) and out of any other mode.
    fn unbound_key(&mut self, key: KeyEvent) {
        if let (Mode::Aim { cursor, .. }, KeyCode::Char(c)) = (self.ui.mode.clone(), key.code)
            && item_prompt::offered(&self.world, item_prompt::ItemVerb::Throw)
                .iter()
                .any(|s| s.letter == c)
        {
            // The letter of another missile (no key's own) aims that one instead: `f`
            // then a letter still chooses, with something in the quiver.
            self.ui.mode = Mode::Aim { cursor, item: c };
            return;
        }
        if self.ui.mode == Mode::Strike {
            // An unbound key backs out of the prompt, saying so.
            update(&mut self.ui, &self.world, super::keymap::Intent::Cancel);
            return;
        }
        if self.ui.mode != Mode::Normal {
            self.ui.mode = Mode::Normal;
        }
    }

    /// Handles a mouse click on the sidebar: a click on a monster's line in the list selects
    /// it, as looking at it does (the look cursor goes onto it on the map, its line is
    /// highlighted and described); Esc leaves.
    pub fn click_sidebar(&mut self, mouse: MouseEvent, sidebar: Rect) {
        let pressed = mouse.kind == MouseEventKind::Down(MouseButton::Left);
        let inside = mouse.column >= sidebar.left()
            && mouse.column < sidebar.right()
            && mouse.row >= sidebar.top()
            && mouse.row < sidebar.bottom();
        let choosing = matches!(self.ui.mode, Mode::Normal | Mode::Look { .. });
        if !pressed || !inside || !choosing || self.world.is_over() {
            return;
        }
        let side = view::Sidebar {
            world: &self.world,
            ui: &self.ui,
            palette: self.palette,
            overlay: None,
        };
        if let Some(pos) = side.monster_on_row(sidebar, mouse.row).map(|m| m.pos) {
            self.ui.mode = Mode::Look { cursor: pos };
            self.ui.pointed = Some(pos);
        }
    }

    /// Strikes the tile clicked on when it is a neighbour; otherwise says so (and keeps asking
    /// when `F` asked).
    fn strike_at(&mut self, hex: crate::geom::Cell) {
        let me = self.world.player().pos;
        match self.world.level().terrain.direction(me, hex) {
            Some(dir) => {
                self.ui.mode = Mode::Normal;
                self.perform(Command::Attack(dir));
            }
            None => self.ui.log.push("You can only strike a neighbouring tile."),
        }
    }

    /// When no step goes `dir` from the player's tile, says so once a game, naming the keys
    /// that step from it (as the keymap binds them); true if it did.
    fn no_step(&mut self, dir: Compass) -> bool {
        let me = self.world.player().pos;
        if self.world.level().terrain.step(me, dir).is_some() {
            return false;
        }
        let keymap = &self.keymap;
        let label = |d: Compass| {
            view::overlay::key_label(keymap, d).map_or_else(|| d.name().to_string(), String::from)
        };
        let text = super::update::no_step(&self.world, dir, label);
        self.ui.log.push_once(text);
        true
    }

    /// Says, once a game, that Up and Down have no hex direction, naming the keys that step.
    fn no_vertical_direction(&mut self) {
        let dirs = [
            Compass::NW,
            Compass::NE,
            Compass::W,
            Compass::E,
            Compass::SW,
            Compass::SE,
        ];
        let per_dir: Vec<Vec<String>> = dirs
            .iter()
            .map(|&d| {
                let mut keys: Vec<String> = self
                    .keymap
                    .keys_for(super::keymap::Intent::Step(d))
                    .into_iter()
                    .filter(|k| matches!(k, super::keymap::Key::Char(_)))
                    .map(super::keymap::Key::label)
                    .collect();
                keys.sort_by_key(|k| !k.starts_with(char::is_alphabetic));
                keys
            })
            .collect();
        let sets: Vec<String> = (0..2)
            .filter_map(|i| {
                let set: Option<Vec<&str>> = per_dir
                    .iter()
                    .map(|k| k.get(i).map(String::as_str))
                    .collect();
                set.map(|s| s.join(" "))
            })
            .collect();
        let text = match sets.as_slice() {
            [] => "Up and Down have no hex direction; press ? to see the keys that step.".into(),
            [one] => {
                format!("Up and Down have no hex direction; step with {one} (NW NE W E SW SE).")
            }
            [one, two, ..] => format!(
                "Up and Down have no hex direction; step with {one} or {two} (NW NE W E SW SE)."
            ),
        };
        self.ui.log.push_once(text);
    }

    /// Handles a mouse click on the map: describe the tile, or travel there when picking; a
    /// click on a neighbouring tile while `F` asks, or a Ctrl-click on one, strikes it.
    pub fn click(&mut self, mouse: MouseEvent, map_area: ratatui::layout::Rect) {
        self.click_map(mouse, map_area);
        if self.hotseat.is_some() {
            self.orders_from_auto();
        }
    }

    /// Handles a mouse click on the map as the game of one does.
    fn click_map(&mut self, mouse: MouseEvent, map_area: ratatui::layout::Rect) {
        if mouse.kind != MouseEventKind::Down(MouseButton::Left) {
            return;
        }
        let inside = mouse.column >= map_area.left()
            && mouse.column < map_area.right()
            && mouse.row >= map_area.top()
            && mouse.row < map_area.bottom();
        if !inside {
            return;
        }
        let camera = view::camera(&self.world, &self.ui, map_area);
        let Some(hex) = camera.hex_clicked(map_area, mouse.column, mouse.row) else {
            return;
        };
        if matches!(self.ui.mode, Mode::PickTravel { .. }) {
            self.ui.mode = Mode::Normal;
            start_travel(&mut self.ui, &self.world, hex);
            return;
        }
        let striking = self.ui.mode == Mode::Strike
            || (self.ui.mode == Mode::Normal && mouse.modifiers.contains(KeyModifiers::CONTROL));
        if striking && !self.world.is_over() {
            self.strike_at(hex);
            return;
        }
        self.ui.pointed = Some(hex);
        let names = self.ui.names.updated(&self.world);
        self.ui.log.push(describe_named(&self.world, &names, hex));
    }
}
