//! Choosing an item by its letter for an action: only the items that fit are offered, a clear
//! message says when none do, and the answer becomes one [`Command`] (or, for a throw, the aim).

use super::state::{Mode, UiState};
use crate::geom::Cell;
use crate::sim::{Command, ItemAction, Stack, World};

/// What an item is chosen for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ItemVerb {
    /// `q`.
    Drink,
    /// `r`.
    Read,
    /// `w`: a weapon or launcher.
    Wield,
    /// `W`: armour.
    Wear,
    /// `d`: anything.
    Drop,
    /// `f`: thrown by hand, or ammunition for the wielded launcher.
    Throw,
}

impl ItemVerb {
    /// The verb in the prompt: "drink", "throw or fire".
    pub fn word(self) -> &'static str {
        match self {
            ItemVerb::Drink => "drink",
            ItemVerb::Read => "read",
            ItemVerb::Wield => "wield",
            ItemVerb::Wear => "wear",
            ItemVerb::Drop => "drop",
            ItemVerb::Throw => "throw or fire",
        }
    }

    /// What the player has none of, for the message when nothing fits.
    fn nothing(self) -> &'static str {
        match self {
            ItemVerb::Drink => "You have nothing to drink.",
            ItemVerb::Read => "You have nothing to read.",
            ItemVerb::Wield => "You have nothing to wield.",
            ItemVerb::Wear => "You have nothing to wear.",
            ItemVerb::Drop => "You carry nothing.",
            ItemVerb::Throw => {
                "You have nothing to throw or fire (ammunition needs its launcher wielded)."
            }
        }
    }

    /// Whether the item under `stack` can be used this way now.
    fn fits(self, world: &World, stack: &Stack) -> bool {
        let action = world.content().item(&stack.item).map(|k| k.use_.action());
        match self {
            ItemVerb::Drink => action == Some(ItemAction::Drink),
            ItemVerb::Read => action == Some(ItemAction::Read),
            ItemVerb::Wield => action == Some(ItemAction::Wield),
            ItemVerb::Wear => action == Some(ItemAction::Wear),
            ItemVerb::Drop => true,
            ItemVerb::Throw => world.throw_range(stack.letter).is_some(),
        }
    }
}

/// The carried items that fit `verb`, in letter order.
pub fn offered(world: &World, verb: ItemVerb) -> Vec<&Stack> {
    world
        .player()
        .inventory
        .iter()
        .filter(|s| verb.fits(world, s))
        .collect()
}

/// Opens the prompt for `verb`, or says that nothing fits.
pub fn ask(ui: &mut UiState, world: &World, verb: ItemVerb) {
    if offered(world, verb).is_empty() {
        ui.log.push(verb.nothing());
        return;
    }
    ui.mode = Mode::ChooseItem { verb };
}

/// `f`: aims the missile in the quiver (the kind last thrown or fired) at once, when it is
/// carried and can be thrown or fired now, as DCSS's `f` does; else asks which item.
pub fn throw(ui: &mut UiState, world: &World) {
    let quivered = ui.quiver.as_deref().and_then(|name| {
        offered(world, ItemVerb::Throw)
            .into_iter()
            .find(|s| s.item == name)
            .map(|s| s.letter)
    });
    match quivered {
        Some(item) => {
            ui.mode = Mode::Aim {
                cursor: aim_start(world),
                item,
            };
        }
        None => ask(ui, world, ItemVerb::Throw),
    }
}

/// The prompt's answer: a letter chose an item, or the prompt was cancelled, or another key.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// A letter key.
    Letter(char),
    /// Esc (or the cancel key).
    Cancel,
    /// Any other key: the prompt stays and says what it wants.
    Other,
}

/// Takes the prompt's answer; returns the command for the world, if any. A throw goes on to
/// the aim, with the cursor on where the nearest monster's mark says it will be.
pub fn answer(ui: &mut UiState, world: &World, verb: ItemVerb, answer: Answer) -> Option<Command> {
    let letters: String = offered(world, verb).iter().map(|s| s.letter).collect();
    match answer {
        Answer::Cancel => {
            ui.mode = Mode::Normal;
            None
        }
        Answer::Letter(c) if letters.contains(c) => {
            ui.mode = Mode::Normal;
            match verb {
                ItemVerb::Drink => Some(Command::Drink(c)),
                ItemVerb::Read => Some(Command::Read(c)),
                ItemVerb::Wield => Some(Command::Wield(c)),
                ItemVerb::Wear => Some(Command::Wear(c)),
                ItemVerb::Drop => Some(Command::Drop(c)),
                ItemVerb::Throw => {
                    ui.mode = Mode::Aim {
                        cursor: aim_start(world),
                        item: c,
                    };
                    None
                }
            }
        }
        Answer::Letter(_) | Answer::Other => {
            let choices: Vec<String> = letters.chars().map(String::from).collect();
            ui.log.push(format!(
                "Choose what to {} by its letter ({}), or Esc to cancel.",
                verb.word(),
                choices.join(", ")
            ));
            None
        }
    }
}

/// Where aiming starts: the tile the nearest monster in view is marked to step onto in the
/// coming segment, else the tile it stands on (the first of these a missile's line reaches),
/// else the player's own tile.
pub fn aim_start(world: &World) -> Cell {
    let me = world.player().pos;
    let Some(monster) = world.visible_monsters().first().copied() else {
        return me;
    };
    let reached = |t: Cell| world.flight_path(me, t).last() == Some(&t);
    [world.telegraphed_tile(monster), monster.pos]
        .into_iter()
        .find(|&t| reached(t))
        .unwrap_or(monster.pos)
}
