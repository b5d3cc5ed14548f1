//! The keymap: which key means which [`Intent`]. It is data (`data/keymap.toml`), so a player
//! can change it; commands are recorded rather than keys, so a changed keymap never breaks a
//! replay.

use crate::geom::Compass;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use serde::Deserialize;
use std::collections::BTreeMap;
use thiserror::Error;

/// The keymap shipped with the game, also used when the player's file is broken.
pub const DEFAULT_KEYMAP: &str = include_str!("../../data/keymap.toml");

/// What the player means by a key, before any mode gives it a meaning.
#[derive(Copy, Clone, Eq, PartialEq, Debug)]
pub enum Intent {
    /// A direction on screen: a step, or a cursor move in look and aim modes. Each tiling
    /// steps only some ways (hexes never north or south; a triangle six ways by where it
    /// points).
    Step(Compass),
    /// Let one action pass.
    Wait,
    /// Rest until healed or until a monster comes for the player.
    Rest,
    /// Accept: fire, travel, close a prompt.
    Confirm,
    /// Back out of a mode or prompt.
    Cancel,
    /// Ask to quit (a confirmation follows).
    Quit,
    /// The help overlay.
    Help,
    /// The full message history.
    History,
    /// Look around with a cursor.
    Look,
    /// Throw or fire an item: choose it, then aim (in aim mode: throw).
    Throw,
    /// Strike a neighbouring tile, whatever stands there now: a direction follows.
    Strike,
    /// Drink something.
    Drink,
    /// Read something.
    Read,
    /// Wield a weapon or launcher.
    Wield,
    /// Put on armour.
    Wear,
    /// Drop an item.
    Drop,
    /// Pick up what lies underfoot.
    PickUp,
    /// The inventory screen.
    Inventory,
    /// Travel to a tile picked with the cursor.
    Travel,
    /// Go down the stairs underfoot, or travel to the known stairs down.
    Descend,
    /// Go up the stairs underfoot, or travel to the known stairs up.
    Ascend,
    /// Explore automatically.
    Explore,
    /// Show how far the player can move.
    Range,
    /// Show or hide the monsters' telegraphed intentions.
    Telegraph,
    /// Tell your allies what to do (a letter follows).
    Tell,
    /// Switch the map between the compact and the large projection.
    Zoom,
    /// Jump the cursor to the next visible monster.
    NextTarget,
    /// Save the game and quit.
    Save,
    /// Scroll a list up.
    ScrollUp,
    /// Scroll a list down.
    ScrollDown,
}

impl Intent {
    /// The intent named `name` in keymap files.
    pub fn from_name(name: &str) -> Option<Intent> {
        let dir = |d| Some(Intent::Step(d));
        match name {
            "step_nw" => dir(Compass::NW),
            "step_ne" => dir(Compass::NE),
            "step_w" => dir(Compass::W),
            "step_e" => dir(Compass::E),
            "step_sw" => dir(Compass::SW),
            "step_se" => dir(Compass::SE),
            "step_n" => dir(Compass::N),
            "step_s" => dir(Compass::S),
            "wait" => Some(Intent::Wait),
            "rest" => Some(Intent::Rest),
            "confirm" => Some(Intent::Confirm),
            "cancel" => Some(Intent::Cancel),
            "quit" => Some(Intent::Quit),
            "help" => Some(Intent::Help),
            "history" => Some(Intent::History),
            "look" => Some(Intent::Look),
            // "aim" is the older name of "throw".
            "throw" | "aim" => Some(Intent::Throw),
            "strike" => Some(Intent::Strike),
            "drink" => Some(Intent::Drink),
            "read" => Some(Intent::Read),
            "wield" => Some(Intent::Wield),
            "wear" => Some(Intent::Wear),
            "drop" => Some(Intent::Drop),
            "pick_up" => Some(Intent::PickUp),
            "inventory" => Some(Intent::Inventory),
            "travel" => Some(Intent::Travel),
            // "travel_down" is the older name of "descend".
            "descend" | "travel_down" => Some(Intent::Descend),
            "ascend" => Some(Intent::Ascend),
            "explore" => Some(Intent::Explore),
            "range" => Some(Intent::Range),
            "telegraph" => Some(Intent::Telegraph),
            "tell" => Some(Intent::Tell),
            "zoom" => Some(Intent::Zoom),
            "next_target" => Some(Intent::NextTarget),
            "save" => Some(Intent::Save),
            "scroll_up" => Some(Intent::ScrollUp),
            "scroll_down" => Some(Intent::ScrollDown),
            _ => None,
        }
    }
}

/// A problem in a keymap file, with its 1-based line and column.
#[derive(Debug, Error, PartialEq, Eq)]
#[error("{line}:{column}: {message}")]
pub struct KeymapError {
    /// The line of the problem.
    pub line: usize,
    /// The column of the problem.
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

/// A key as the keymap names it: a character, or a named key.
#[derive(Copy, Clone, Eq, PartialEq, Ord, PartialOrd, Debug)]
pub enum Key {
    /// A printable character (case matters).
    Char(char),
    /// A named key such as Enter.
    Named(&'static str),
}

const NAMED: [&str; 13] = [
    "Enter", "Esc", "Tab", "BackTab", "Space", "Up", "Down", "Left", "Right", "PageUp", "PageDown",
    "Home", "End",
];

impl Key {
    /// The key a keymap entry names, if it is one.
    pub fn parse(name: &str) -> Option<Key> {
        let mut chars = name.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) if !c.is_control() => Some(Key::Char(c)),
            _ => NAMED.iter().find(|n| **n == name).map(|n| Key::Named(n)),
        }
    }

    /// The key of a terminal key event, if the keymap can name it.
    pub fn from_event(event: &KeyEvent) -> Option<Key> {
        let named = |n: &'static str| Some(Key::Named(n));
        match event.code {
            KeyCode::Char(' ') => named("Space"),
            KeyCode::Char(c) if !event.modifiers.contains(KeyModifiers::CONTROL) => {
                Some(Key::Char(c))
            }
            KeyCode::Enter => named("Enter"),
            KeyCode::Esc => named("Esc"),
            KeyCode::Tab => named("Tab"),
            KeyCode::BackTab => named("BackTab"),
            KeyCode::Up => named("Up"),
            KeyCode::Down => named("Down"),
            KeyCode::Left => named("Left"),
            KeyCode::Right => named("Right"),
            KeyCode::PageUp => named("PageUp"),
            KeyCode::PageDown => named("PageDown"),
            KeyCode::Home => named("Home"),
            KeyCode::End => named("End"),
            _ => None,
        }
    }

    /// How the key is written in the help screen.
    pub fn label(self) -> String {
        match self {
            Key::Char(c) => c.to_string(),
            Key::Named(n) => n.to_string(),
        }
    }
}

/// A key-to-intent table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Keymap {
    bindings: BTreeMap<Key, Intent>,
}

#[derive(Deserialize)]
struct KeymapFile {
    keys: BTreeMap<String, toml::Spanned<String>>,
}

impl Keymap {
    /// The built-in keymap.
    pub fn default_keys() -> Keymap {
        // The shipped file is checked by a test, so this cannot fail in a released game.
        Keymap::parse(DEFAULT_KEYMAP).unwrap_or(Keymap {
            bindings: BTreeMap::new(),
        })
    }

    /// Reads a keymap from TOML text: a `[keys]` table of `key = "action"`.
    pub fn parse(text: &str) -> Result<Keymap, KeymapError> {
        let file: KeymapFile = toml::from_str(text).map_err(|e| {
            let offset = e.span().map_or(0, |s| s.start);
            at(text, offset, e.message().to_string())
        })?;
        let mut bindings = BTreeMap::new();
        for (name, action) in file.keys {
            let offset = action.span().start;
            let key = Key::parse(&name)
                .ok_or_else(|| at(text, offset, format!("unknown key {name:?}")))?;
            let intent = Intent::from_name(action.get_ref()).ok_or_else(|| {
                at(
                    text,
                    offset,
                    format!("unknown action {:?}", action.get_ref()),
                )
            })?;
            bindings.insert(key, intent);
        }
        Ok(Keymap { bindings })
    }

    /// The intent of a key event, if it is bound.
    pub fn intent(&self, event: &KeyEvent) -> Option<Intent> {
        self.bindings.get(&Key::from_event(event)?).copied()
    }

    /// Every key bound to `intent`, for the help screen.
    pub fn keys_for(&self, intent: Intent) -> Vec<Key> {
        self.bindings
            .iter()
            .filter(|(_, i)| **i == intent)
            .map(|(k, _)| *k)
            .collect()
    }
}

/// A [`KeymapError`] at a byte offset of `text`.
fn at(text: &str, offset: usize, message: String) -> KeymapError {
    let before = &text[..offset.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    KeymapError {
        line,
        column,
        message,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(c: char) -> KeyEvent {
        KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE)
    }

    #[test]
    fn the_shipped_keymap_parses_and_has_the_design_keys() {
        let map = Keymap::parse(DEFAULT_KEYMAP).unwrap();
        let cases = [
            ('y', Compass::NW),
            ('u', Compass::NE),
            ('h', Compass::W),
            ('l', Compass::E),
            ('b', Compass::SW),
            ('n', Compass::SE),
            ('7', Compass::NW),
            ('9', Compass::NE),
            ('4', Compass::W),
            ('6', Compass::E),
            ('1', Compass::SW),
            ('3', Compass::SE),
        ];
        for (c, dir) in cases {
            assert_eq!(map.intent(&key(c)), Some(Intent::Step(dir)), "{c}");
        }
        for c in ['.', '5', 's'] {
            assert_eq!(map.intent(&key(c)), Some(Intent::Wait));
        }
        for c in ['R', 'Z'] {
            assert_eq!(map.intent(&key(c)), Some(Intent::Rest));
        }
        assert_eq!(map.intent(&key('Q')), Some(Intent::Quit));
        assert_eq!(map.intent(&key('z')), Some(Intent::Zoom));
        assert_eq!(map.intent(&key('?')), Some(Intent::Help));
        assert_eq!(map.intent(&key('P')), Some(Intent::History));
        let items = [
            ('i', Intent::Inventory),
            ('g', Intent::PickUp),
            (',', Intent::PickUp),
            ('d', Intent::Drop),
            ('w', Intent::Wield),
            ('W', Intent::Wear),
            ('r', Intent::Read),
            ('q', Intent::Drink),
            ('f', Intent::Throw),
            ('F', Intent::Strike),
            ('>', Intent::Descend),
            ('<', Intent::Ascend),
        ];
        for (c, intent) in items {
            assert_eq!(map.intent(&key(c)), Some(intent), "{c}");
        }
        let up = KeyEvent::new(KeyCode::Up, KeyModifiers::NONE);
        assert_eq!(
            map.intent(&up),
            Some(Intent::ScrollUp),
            "up has no hex direction"
        );
    }

    #[test]
    fn broken_files_name_line_and_column() {
        let err = Keymap::parse("[keys]\nq = \"fly\"\n").unwrap_err();
        assert_eq!((err.line, err.column), (2, 5));
        assert!(err.message.contains("fly"));
        let err = Keymap::parse("[keys]\nq = \n").unwrap_err();
        assert_eq!(err.line, 2);
        let err = Keymap::parse("[keys]\nCtrlX = \"wait\"\n").unwrap_err();
        assert!(err.message.contains("CtrlX"));
    }

    #[test]
    fn control_keys_are_not_letters() {
        let map = Keymap::default_keys();
        let ctrl_l = KeyEvent::new(KeyCode::Char('l'), KeyModifiers::CONTROL);
        assert_eq!(map.intent(&ctrl_l), None);
    }
}
