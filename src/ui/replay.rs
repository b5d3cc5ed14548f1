//! Watching a game again: playback of a record from its first turn, drawn by the same widgets
//! as play, with pausing, speed, stepping both ways, jumps to a turn or a level change, and
//! taking over. Seeking backwards is instant: snapshots every [`KEYFRAME_EVERY`] steps, fewer
//! on long or large records ([`KEYFRAME_LIMITS`]).

use super::keymap::Keymap;
use super::palette::Palette;
use super::state::{MessageLog, UiState};
use super::view::sight::Sight;
use super::view::{self, Context};
use crate::persist::cost::level_bytes;
use crate::persist::keyframes::{Limits, TooLarge};
use crate::persist::{Keyframes, SavedGame};
use crate::sim::{GameRecord, Names, Origin, Step, World, messages_named};
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{KeyCode, KeyEvent};
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

/// Steps between snapshots: a backward seek replays at most this many less one, unless the
/// snapshots would pass [`KEYFRAME_LIMITS`].
pub const KEYFRAME_EVERY: usize = 50;

/// The most the snapshots of one replay may hold: 4,096 snapshots and 512 MiB (by
/// [`world_bytes`]); past that they thin out, and a world larger than that is refused.
pub const KEYFRAME_LIMITS: Limits = Limits {
    every: KEYFRAME_EVERY,
    max_snapshots: 4096,
    max_bytes: 512 << 20,
};

/// About how many bytes a world takes in memory: each level by its storage cells, as the
/// file's budget counts them ([`crate::persist::cost`]: terrain and memory, and the sides of a
/// level that has features on them), the maps still to come too; some twenty more a cell of
/// the level the player is on (the view, the monsters' hunting map, the resolver's tables);
/// and its creatures.
pub fn world_bytes(world: &World) -> usize {
    let made = world.depths().iter().map(|d| (d.level(), true));
    let pending = world.pending_maps().iter().map(|l| (l, false));
    let levels: usize = made
        .chain(pending)
        .map(|(l, made)| level_bytes(l.terrain.storage_len(), l.has_sides(), made))
        .sum();
    let here = world.level().terrain.storage_len();
    let creatures = world.creatures().len() * 512;
    levels
        .saturating_add(here.saturating_mul(20))
        .saturating_add(creatures + 4096)
}

/// The help on the status line, longest first: the longest that fits is shown.
const HELP: [&str; 4] = [
    " Space play  +/- speed  . → ← step  g turn  < > level  z map  t take over  q quit",
    " Space  +/-  . → ←  g turn  < >  z map  t take over  q quit",
    " t take over  q quit",
    " q quit",
];

/// The narrowest progress bar worth drawing, in cells.
const MIN_BAR: usize = 10;

/// Steps replayed with their messages after a jump, so the log tells how the moment came.
const LOG_STEPS: usize = 6;

/// Playback speeds, in steps a second.
const SPEEDS: [u32; 7] = [1, 2, 4, 8, 16, 32, 64];

/// What the viewer asks of its caller after a key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReplayExit {
    /// Keep watching.
    Stay,
    /// Leave the viewer.
    Quit,
    /// Start a new game from the shown moment.
    TakeOver,
}

/// A replay being watched.
pub struct Replayer {
    /// The game watched.
    pub game: SavedGame,
    commands: Vec<Step>,
    frames: Keyframes<Moment>,
    /// How many steps can be played: the record's, or fewer where the rules refuse one.
    end: usize,
    /// Steps played so far.
    pub pos: usize,
    /// The world after `pos` steps.
    pub world: World,
    /// Whether it plays by itself.
    pub playing: bool,
    speed: usize,
    /// Digits typed after `g`.
    goto: Option<String>,
    /// The shell state the widgets draw (messages of the steps played).
    pub ui: UiState,
    /// The hero whose eyes the replay is watched through (`v` passes to the next one).
    viewer: crate::sim::CreatureId,
}

/// A moment of the replay: the world and the letters the screen gives its monsters then.
/// The letters are replayed with the world, step by step as [`Replayer::forward`] gives them,
/// so a seek finds them as watching from the start would ("kobold B", not "the kobold").
#[derive(Clone, Debug)]
struct Moment {
    world: World,
    names: Names,
}

impl Moment {
    fn at_start(world: World) -> Moment {
        Moment {
            world,
            names: Names::default(),
        }
    }
}

fn step(moment: &mut Moment, step: &Step) -> Result<(), crate::sim::Rejection> {
    moment.names = moment.names.updated(&moment.world);
    step.apply_to(&mut moment.world)?;
    moment.names.see(&moment.world);
    moment.names.forget_gone(&moment.world);
    Ok(())
}

fn moment_bytes(moment: &Moment) -> usize {
    world_bytes(&moment.world)
}

impl Replayer {
    /// A viewer at the start of `game`; replays it once to take its snapshots within
    /// [`KEYFRAME_LIMITS`]. Refused when one world of it is larger than they allow.
    pub fn new(game: SavedGame) -> Result<Replayer, TooLarge> {
        Replayer::with_limits(game, KEYFRAME_LIMITS)
    }

    /// [`Replayer::new`] with other limits for the snapshots.
    pub fn with_limits(game: SavedGame, limits: Limits) -> Result<Replayer, TooLarge> {
        Replayer::telling(game, limits, &mut |_, _| true)
    }

    /// [`Replayer::with_limits`], telling `progress` the steps replayed and the steps in all
    /// while the snapshots are taken, from the first; when it answers `false` the replay is cut
    /// there.
    pub fn telling(
        game: SavedGame,
        limits: Limits,
        progress: &mut dyn FnMut(usize, usize) -> bool,
    ) -> Result<Replayer, TooLarge> {
        let commands: Vec<Step> = game.record.steps.clone();
        let all = commands.len();
        let frames = Keyframes::build_telling(
            Moment::at_start(game.record.start.clone()),
            &commands,
            limits,
            moment_bytes,
            step,
            &mut |done| progress(done, all),
        )?;
        Ok(Replayer::over(game, commands, frames))
    }

    /// A viewer that only plays forward, from the start, replaying nothing before its first
    /// step (`--cast`): its snapshot is the start alone, and a step the rules refuse ends it.
    pub fn forward_only(game: SavedGame) -> Result<Replayer, TooLarge> {
        let commands: Vec<Step> = game.record.steps.clone();
        let limits = Limits {
            every: usize::MAX,
            max_snapshots: 1,
            ..KEYFRAME_LIMITS
        };
        let frames = Keyframes::start(
            Moment::at_start(game.record.start.clone()),
            commands.len(),
            limits,
            moment_bytes,
        )?;
        Ok(Replayer::over(game, commands, frames))
    }

    fn over(game: SavedGame, commands: Vec<Step>, frames: Keyframes<Moment>) -> Replayer {
        let world = game.record.start.clone();
        let mut ui = UiState {
            shell: super::state::Shell::Watch,
            ..UiState::default()
        };
        ui.log.push(format!(
            "Replay of {} (seed {}{}): {} steps. Space plays.",
            game.name,
            world.seed(),
            crate::persist::on_tiling(world.level().terrain.tiling()),
            frames.len()
        ));
        Replayer {
            game,
            commands,
            end: frames.len(),
            frames,
            pos: 0,
            world,
            playing: false,
            speed: 2,
            goto: None,
            ui,
            viewer: World::PLAYER,
        }
    }

    /// Watches through the next hero's eyes (a party's game; one hero keeps its own), saying
    /// whose.
    pub fn next_viewer(&mut self) {
        self.ui.sight = Sight::Viewer;
        self.ui.party = None;
        let heroes = self.world.heroes();
        let at = heroes.iter().position(|&h| h == self.viewer).unwrap_or(0);
        let next = heroes[(at + 1) % heroes.len()];
        self.watch_through(next);
    }

    /// Watches through hero `hero`'s eyes from now on, saying whose; `false`, changing
    /// nothing, when `hero` is no hero of the game.
    pub fn watch_through(&mut self, hero: crate::sim::CreatureId) -> bool {
        if !self.world.set_viewer(hero) {
            return false;
        }
        self.viewer = hero;
        let whose = super::heroes::hero_name(&self.world, hero);
        self.ui
            .log
            .push(format!("(Watching through {whose}'s eyes.)"));
        true
    }

    /// `V`: watches a party's game through every hero's eyes at once (the map shows what
    /// any of them sees, the sidebar lists them all), or back through the one watched before;
    /// a game of one has only its hero's.
    pub fn toggle_all_views(&mut self) {
        let heroes = self.world.heroes().to_vec();
        if heroes.len() < 2 {
            self.ui
                .log
                .push("(A game of one: there is one hero to watch.)");
            return;
        }
        if self.ui.sight == Sight::AllHeroes {
            self.ui.sight = Sight::Viewer;
            self.ui.party = None;
            self.watch_through(self.viewer);
            return;
        }
        self.ui.sight = Sight::AllHeroes;
        // Every hero's allies on the level, each shown with its hero's name.
        let allies = heroes
            .iter()
            .flat_map(|&hero| self.world.allies_of(hero))
            .collect();
        let heroes = heroes
            .iter()
            .map(|&hero| super::hotseat::Member {
                hero,
                name: self.world.creatures()[hero].name.clone(),
                to_play: false,
                order: None,
                presence: super::hotseat::Presence::Playing,
                clock: None,
                running: false,
                late: false,
            })
            .collect();
        // Every hero's allies on the level, each with its hero's name.
        // No hero's turn: none is marked, and no banner says whose it is.
        self.ui.party = Some(super::hotseat::Roster {
            heroes,
            turn: usize::MAX,
            allies,
        });
        self.ui.log.push("(Watching through every hero's eyes.)");
    }

    /// How many steps the replay has.
    pub fn len(&self) -> usize {
        self.end
    }

    /// Whether the replay has no step.
    pub fn is_empty(&self) -> bool {
        self.end == 0
    }

    /// Steps a second while playing.
    pub fn steps_per_second(&self) -> u32 {
        SPEEDS[self.speed]
    }

    /// Moves to the moment after `n` steps; the log shows what the last few steps did (and
    /// nothing from the moment left).
    pub fn seek(&mut self, n: usize) {
        let n = n.min(self.len());
        if n == self.pos + 1 {
            self.forward();
            return;
        }
        let from = n.saturating_sub(LOG_STEPS);
        let moment = self.frames.seek(from, &self.commands, step);
        self.world = moment.world;
        self.world.set_viewer(self.viewer);
        self.ui.names = moment.names;
        self.pos = from;
        self.ui.log = MessageLog::default();
        self.ui
            .log
            .push(format!("(Replaying from turn {}.)", self.world.turn() + 1));
        while self.pos < n && self.forward() {}
    }

    /// Plays one step; false at the end.
    pub fn forward(&mut self) -> bool {
        let Some(command) = self
            .commands
            .get(self.pos)
            .filter(|_| self.pos < self.len())
        else {
            self.playing = false;
            return false;
        };
        self.ui.log.mark_read();
        self.ui.names = self.ui.names.updated(&self.world);
        let Ok(events) = command.apply_to(&mut self.world) else {
            // Only a viewer playing forward only meets a refused step: the replay ends there.
            self.end = self.pos;
            self.playing = false;
            return false;
        };
        self.ui.names.see(&self.world);
        for line in messages_named(&events, &self.world, &self.ui.names) {
            self.ui.log.push(super::describe::sentence(&line));
        }
        self.ui.names.forget_gone(&self.world);
        self.pos += 1;
        true
    }

    /// The steps after which the player is on another level than before.
    fn level_changes(&self) -> Vec<usize> {
        let depths = std::iter::once(self.game.record.start.depth())
            .chain(self.game.record.steps.iter().map(|s| s.depth));
        let depths: Vec<u32> = depths.collect();
        (1..depths.len().min(self.len() + 1))
            .filter(|&i| depths[i] != depths[i - 1])
            .collect()
    }

    /// The first step after which the sidebar shows turn `turn` or later (the start for
    /// turn 1 or less).
    fn step_of_turn(&self, turn: u64) -> usize {
        let world_turn = turn.saturating_sub(1);
        if self.game.record.start.turn() >= world_turn {
            return 0;
        }
        self.game
            .record
            .steps
            .iter()
            .position(|s| s.turn >= world_turn)
            .map_or(self.len(), |i| i + 1)
            .min(self.len())
    }

    /// The turn shown and the last one, numbered as the sidebar numbers them (the turn under
    /// way, from 1, or the one a finished run ended in).
    pub fn turns(&self) -> (u64, u64) {
        let last = self
            .game
            .record
            .steps
            .last()
            .map_or(self.game.record.start.turn(), |s| s.turn);
        let last = if self.game.current.is_over() {
            self.game.current.turn_shown()
        } else {
            last + 1
        };
        (self.world.turn_shown(), last)
    }

    /// A new game from the shown moment, not a fresh run: the world shown and a record that
    /// starts at it, marked as taken over after [`Replayer::pos`] steps of the watched game.
    /// An error says why when the game is already over at that moment.
    pub fn take_over(&self) -> Result<(World, GameRecord), String> {
        if self.world.is_over() {
            return Err("the game is over at that moment: step back to take it over".to_string());
        }
        let origin = Origin::TakenOver {
            seed: self.world.seed(),
            after: self.pos,
        };
        let world = self.world.clone();
        Ok((world.clone(), GameRecord::new(world, origin)))
    }

    /// Handles a key.
    pub fn key(&mut self, key: KeyEvent) -> ReplayExit {
        if let Some(digits) = &mut self.goto {
            match key.code {
                KeyCode::Char(c) if c.is_ascii_digit() && digits.len() < 9 => digits.push(c),
                KeyCode::Backspace => {
                    digits.pop();
                }
                KeyCode::Enter => {
                    let turn = digits.parse().unwrap_or(0);
                    self.goto = None;
                    let n = self.step_of_turn(turn);
                    self.seek(n);
                }
                _ => self.goto = None,
            }
            return ReplayExit::Stay;
        }
        match key.code {
            KeyCode::Char('q') | KeyCode::Esc => return ReplayExit::Quit,
            KeyCode::Char('t') => return ReplayExit::TakeOver,
            KeyCode::Char(' ') => self.playing = !self.playing,
            KeyCode::Char('+' | '=') => self.speed = (self.speed + 1).min(SPEEDS.len() - 1),
            KeyCode::Char('-') => self.speed = self.speed.saturating_sub(1),
            KeyCode::Char('.') | KeyCode::Right => {
                self.playing = false;
                self.forward();
            }
            KeyCode::Left => {
                self.playing = false;
                self.seek(self.pos.saturating_sub(1));
            }
            KeyCode::Char('g') => self.goto = Some(String::new()),
            KeyCode::Char('z') => super::update::toggle_large(&mut self.ui, &self.world),
            KeyCode::Char('v') => self.next_viewer(),
            KeyCode::Char('V') => self.toggle_all_views(),
            KeyCode::Char('<') => {
                let back = self
                    .level_changes()
                    .into_iter()
                    .rev()
                    .find(|&i| i < self.pos);
                self.seek(back.unwrap_or(0));
            }
            KeyCode::Char('>') => {
                let next = self.level_changes().into_iter().find(|&i| i > self.pos);
                self.seek(next.unwrap_or(self.len()));
            }
            _ => {}
        }
        ReplayExit::Stay
    }

    /// The screen less the progress bar's row: where the world is drawn.
    fn world_area(area: Rect) -> Rect {
        Rect {
            height: area.height.saturating_sub(1),
            ..area
        }
    }

    /// Keeps the map's viewport as a frame of `area` shows it now, so that the next frame
    /// scrolls from it as play does instead of recentring on every step.
    pub fn follow_view(&mut self, area: Rect) {
        if let Some(parts) = view::areas(Replayer::world_area(area)) {
            view::remember_camera(&mut self.ui, &self.world, parts.map);
        }
    }

    /// Draws the world as play does, with the progress bar on the last row.
    pub fn render(&self, keymap: &Keymap, palette: Palette, area: Rect, buf: &mut Buffer) {
        let world_area = Replayer::world_area(area);
        let context = Context { keymap, palette };
        view::render(&self.world, &self.ui, &context, world_area, buf);
        let bar = Rect {
            y: area.bottom().saturating_sub(1),
            height: 1.min(area.height),
            ..area
        };
        Paragraph::new(self.status_line(bar.width)).render(bar, buf);
    }

    fn status_line(&self, width: u16) -> Line<'static> {
        let (turn, last) = self.turns();
        let state = if self.playing { "playing" } else { "paused" };
        let left = match &self.goto {
            Some(d) => format!(" Go to turn: {d}_ "),
            None => format!(
                " {state} x{}  turn {turn}/{last}  step {}/{}{} ",
                self.steps_per_second(),
                self.pos,
                self.len(),
                tiling_note(self.world.level().terrain.tiling())
            ),
        };
        let width = usize::from(width);
        let used = left.chars().count() + 2;
        // The longest help that leaves the bar some room.
        let help = HELP
            .iter()
            .copied()
            .find(|h| used + h.chars().count() + MIN_BAR <= width)
            .unwrap_or("");
        let room = width.saturating_sub(used + help.chars().count());
        let filled = if self.is_empty() {
            room
        } else {
            room * self.pos / self.len()
        };
        let bar = format!("[{}{}]", "=".repeat(filled), " ".repeat(room - filled));
        Line::from(vec![
            Span::styled(left, Style::default().add_modifier(Modifier::BOLD)),
            Span::raw(bar),
            Span::raw(help),
        ])
    }
}

/// The status line's word for a game on squares or triangles (none for hexes, whose status
/// line is as it was).
fn tiling_note(tiling: crate::geom::Tiling) -> String {
    match tiling {
        crate::geom::Tiling::Hex => String::new(),
        other => format!("  {other}"),
    }
}
