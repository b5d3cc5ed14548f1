//! What the shell remembers between key presses: the mode, the message log, automation.

use super::item_prompt::ItemVerb;
use crate::geom::Cell;
use std::path::PathBuf;

/// What keys mean right now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Keys act in the world.
    Normal,
    /// "Abandon this run?" (asked only while the game goes on; once it is over `Q` quits at
    /// once): `y` does it, anything else cancels.
    ConfirmQuit,
    /// The help overlay, scrolled down by `scroll` lines.
    Help {
        /// Lines scrolled past at the top.
        scroll: usize,
    },
    /// The full message history, scrolled up by `scroll` lines from the newest.
    History {
        /// Lines scrolled back from the end.
        scroll: usize,
    },
    /// A cursor that describes what it is over.
    Look {
        /// The tile under the cursor.
        cursor: Cell,
    },
    /// Aiming a thrown item along a line.
    Aim {
        /// The tile aimed at.
        cursor: Cell,
        /// The inventory letter of the item to throw or fire.
        item: char,
    },
    /// "Your dart would land short of the brush. Throw anyway?": `y` throws, any other key
    /// goes back to aiming. The answer is the shell's; only the throw is recorded.
    ConfirmThrow {
        /// The tile aimed at.
        cursor: Cell,
        /// The inventory letter of the item to throw or fire.
        item: char,
        /// The question, shown under the messages while it waits.
        question: String,
    },
    /// "Strike which way?": a direction strikes that neighbouring tile, Esc cancels.
    Strike,
    /// "Tell your allies": a letter tells them, anything else cancels.
    Tell,
    /// The inventory screen; any key closes it.
    Inventory,
    /// "Which item?": a letter chooses, Esc cancels.
    ChooseItem {
        /// What the item is for.
        verb: ItemVerb,
    },
    /// The end screen of a finished game.
    End {
        /// Lines scrolled past at the top.
        scroll: usize,
    },
    /// Picking a tile to travel to; the path is shown first.
    PickTravel {
        /// The destination under the cursor.
        cursor: Cell,
    },
    /// The movement range overlay.
    Range,
}

/// Something the shell does on the player's behalf, one ordinary command per step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Auto {
    /// Walk a path; the first entry is the next tile to enter.
    Travel {
        /// Tiles still to walk.
        path: Vec<Cell>,
        /// Items known on the floor at the last step: seeing another stops travel.
        items_known: usize,
    },
    /// Rest one action at a time until healed or until a monster comes for the player.
    Rest,
    /// Walk to the nearest unexplored place until nothing is left.
    Explore {
        /// Stairs down known when exploring began: finding another stops it.
        stairs_known: usize,
    },
}

/// The messages shown at the bottom of the screen and in the history.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MessageLog {
    lines: Vec<(String, u32)>,
    fresh: usize,
}

impl MessageLog {
    /// Adds a message; a repeat of the last one counts up instead (`"... x3"`).
    pub fn push(&mut self, text: impl Into<String>) {
        let text = text.into();
        match self.lines.last_mut() {
            Some((last, count)) if *last == text => *count += 1,
            _ => self.lines.push((text, 1)),
        }
        self.fresh += 1;
    }

    /// Adds a message unless it was ever said before in this game (a hint given once).
    pub fn push_once(&mut self, text: impl Into<String>) {
        let text = text.into();
        if !self.lines.iter().any(|(line, _)| *line == text) {
            self.push(text);
        }
    }

    /// Marks every message as read (they are drawn dimmer).
    pub fn mark_read(&mut self) {
        self.fresh = 0;
    }

    /// Whether the message `back` lines from the end arrived since the last command.
    pub fn is_fresh(&self, back: usize) -> bool {
        back < self.fresh.min(self.lines.len())
    }

    /// The number of lines.
    pub fn len(&self) -> usize {
        self.lines.len()
    }

    /// Whether there are no messages.
    pub fn is_empty(&self) -> bool {
        self.lines.is_empty()
    }

    /// Every line as shown, oldest first.
    pub fn lines(&self) -> impl DoubleEndedIterator<Item = String> + ExactSizeIterator + '_ {
        self.lines.iter().map(|(text, count)| {
            if *count > 1 {
                format!("{text} (x{count})")
            } else {
                text.clone()
            }
        })
    }
}

/// The shell's state; widgets read it, [`update`](super::update::update) changes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UiState {
    /// What keys mean now.
    pub mode: Mode,
    /// Messages.
    pub log: MessageLog,
    /// Whether the monsters' intentions are drawn.
    pub telegraph: bool,
    /// The projection the map is drawn in.
    pub map: MapScale,
    /// The projection the player chose (`z`): until then a level with thin walls or doors
    /// between tiles is drawn large when the window has room
    /// ([`crate::ui::update::fit_map_scale`]).
    pub map_choice: Option<MapScale>,
    /// Travel or exploration under way.
    pub auto: Option<Auto>,
    /// The monsters in view when the shell last looked (after the last command): one not
    /// among them that stops travel, exploring or rest "comes into view".
    pub in_view: Vec<crate::sim::CreatureId>,
    /// Set when the player has confirmed quitting.
    pub quit: bool,
    /// Where the last click or look pointed, to describe in the sidebar.
    pub pointed: Option<Cell>,
    /// Whether the window is too small to draw the game: keys do not act then.
    pub too_small: bool,
    /// What became of an ended game's files, for the end screen.
    pub end: Option<EndReport>,
    /// The letters that tell same-kind monsters apart ("rat A", "rat B"), kept while they are known.
    pub names: crate::sim::Names,
    /// Who draws this: in the replay viewer the sidebar lists the viewer's keys, not play's.
    pub shell: Shell,
    /// The quiver: the kind of missile last thrown or fired (by name), which `f` aims at once
    /// while it is carried and can be thrown, as DCSS's `f` does.
    pub quiver: Option<String>,
    /// Where the map's viewport was left by the last frame, so that it scrolls with the
    /// player instead of recentring at every step ([`crate::ui::view::remember_camera`]).
    pub scroll: Option<Scroll>,
    /// In a hotseat game, the party as the screen shows it: every hero and whose turn it is.
    pub party: Option<super::hotseat::Roster>,
    /// What the player told their allies, to go with the next command (in a game of one;
    /// a hotseat game gives it to the control at once).
    pub tells: Vec<(crate::sim::CreatureId, crate::sim::ally::Tell)>,
    /// Whose sight the map shows: the viewer's, or every hero's at once (the replay
    /// viewer's `V` in a party's game).
    pub sight: super::view::sight::Sight,
}

/// The viewport the last frame drew the map in, and what it was drawn for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Scroll {
    /// The depth drawn: another level starts centred on the player.
    pub depth: u32,
    /// The map area: a resized window starts centred too.
    pub area: ratatui::layout::Rect,
    /// The viewport, following the player (before a look or aim cursor moved it).
    pub camera: super::view::Camera,
}

/// Which projection the map is drawn in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum MapScale {
    /// One character a tile (the cabinet projection on hexes).
    #[default]
    Compact,
    /// The large projection: every tile with its sides and corners (hex and square grids).
    Large,
}

/// The shell that draws the world.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Shell {
    /// A game being played.
    #[default]
    Play,
    /// The replay viewer.
    Watch,
}

/// What became of an ended game's files: the end screen shows it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EndReport {
    /// The hall of fame after this run, when it could be read.
    pub hall: Option<crate::persist::HallOfFame>,
    /// The places in the hall of fame (from 1) of this game's runs that made it: its one
    /// run's, or each hero's of a party.
    pub places: Vec<usize>,
    /// Why this run is not in the hall of fame, when it could not be recorded.
    pub not_recorded: Option<String>,
    /// Where the replay was written.
    pub replay: Option<PathBuf>,
    /// Where the character dump was written.
    pub morgue: Option<PathBuf>,
    /// What could not be written.
    pub problems: Vec<String>,
}

impl EndReport {
    /// What to tell when this run is not in the hall of fame because it could not be recorded.
    pub fn not_recorded_line(&self) -> Option<String> {
        self.not_recorded
            .as_ref()
            .map(|why| format!("This run was not recorded in the hall of fame: {why}"))
    }
}

impl Default for UiState {
    fn default() -> UiState {
        UiState {
            mode: Mode::Normal,
            log: MessageLog::default(),
            telegraph: true,
            map: MapScale::Compact,
            map_choice: None,
            auto: None,
            in_view: Vec::new(),
            quit: false,
            pointed: None,
            too_small: false,
            end: None,
            names: crate::sim::Names::default(),
            shell: Shell::Play,
            quiver: None,
            scroll: None,
            party: None,
            tells: Vec::new(),
            sight: super::view::sight::Sight::Viewer,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repeats_are_counted() {
        let mut log = MessageLog::default();
        log.push("a");
        log.push("a");
        log.push("b");
        let lines: Vec<String> = log.lines().collect();
        assert_eq!(lines, ["a (x2)", "b"]);
        assert!(log.is_fresh(0) && log.is_fresh(1));
        log.mark_read();
        assert!(!log.is_fresh(0));
        log.push_once("a");
        assert_eq!(log.len(), 2);
        log.push_once("c");
        log.push_once("c");
        assert_eq!(log.len(), 3);
    }
}
