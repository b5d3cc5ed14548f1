//! The pure step from an [`Intent`] to a [`Command`]: modes decide what a key means.

use super::describe::no_way;
use super::item_prompt::{self, ItemVerb};
use super::keymap::Intent;
use super::state::{Auto, MapScale, Mode, UiState};
use crate::geom::{Cell, Compass};
use crate::map::Terrain;
use crate::sim::{Command, World};

/// Applies one intent to the shell state; returns the command for the world, if any. Only
/// `Normal` mode (and firing in aim mode) produces commands; the other modes move cursors.
pub fn update(ui: &mut UiState, world: &World, intent: Intent) -> Option<Command> {
    if intent == Intent::Zoom && shows_map(&ui.mode) {
        toggle_large(ui, world);
        return None;
    }
    match ui.mode.clone() {
        Mode::Normal => normal(ui, world, intent),
        Mode::ConfirmQuit => {
            confirm_quit(ui, false);
            None
        }
        Mode::ConfirmThrow { .. } => answer_short_throw(ui, false),
        Mode::Help { scroll } => {
            ui.mode = help_after(scroll, intent);
            None
        }
        Mode::Strike => strike(ui, intent),
        Mode::Tell => {
            // Only a letter answers (the session reads it); any other key backs out.
            ui.mode = Mode::Normal;
            None
        }
        Mode::Range | Mode::Inventory => {
            ui.mode = Mode::Normal;
            None
        }
        Mode::End { scroll } => {
            ui.quit = intent == Intent::Quit;
            ui.mode = end_after(scroll, intent);
            None
        }
        Mode::ChooseItem { verb } => {
            let answer = match intent {
                Intent::Cancel => item_prompt::Answer::Cancel,
                _ => item_prompt::Answer::Other,
            };
            item_prompt::answer(ui, world, verb, answer)
        }
        Mode::History { scroll } => {
            ui.mode = history_after(scroll, intent);
            None
        }
        Mode::Look { cursor } => {
            look(ui, world, cursor, intent);
            None
        }
        Mode::Aim { cursor, item } => aim(ui, world, (cursor, item), intent),
        Mode::PickTravel { cursor } => {
            pick_travel(ui, world, cursor, intent);
            None
        }
    }
}

/// Whether `mode` shows the map, so that `z` switches its projection.
fn shows_map(mode: &Mode) -> bool {
    matches!(
        mode,
        Mode::Normal
            | Mode::Look { .. }
            | Mode::Aim { .. }
            | Mode::PickTravel { .. }
            | Mode::Range
            | Mode::Strike
            | Mode::Tell
    )
}

/// The mode after `intent` on the help screen scrolled by `scroll`: it scrolls, or any other
/// key closes it.
fn help_after(scroll: usize, intent: Intent) -> Mode {
    match intent {
        Intent::ScrollDown => Mode::Help { scroll: scroll + 1 },
        Intent::ScrollUp => Mode::Help {
            scroll: scroll.saturating_sub(1),
        },
        _ => Mode::Normal,
    }
}

/// The mode after `intent` on the end screen scrolled by `scroll`: it scrolls, opens the
/// history or the help, or shows the map.
fn end_after(scroll: usize, intent: Intent) -> Mode {
    match intent {
        Intent::ScrollDown => Mode::End { scroll: scroll + 1 },
        Intent::ScrollUp => Mode::End {
            scroll: scroll.saturating_sub(1),
        },
        Intent::History => Mode::History { scroll: 0 },
        Intent::Help => Mode::Help { scroll: 0 },
        // Any other key shows the map the run ended on; Enter brings the screen back.
        _ => Mode::Normal,
    }
}

/// The mode after `intent` on the message history scrolled back by `scroll`: up goes further
/// back, down comes forward, any other key closes it.
fn history_after(scroll: usize, intent: Intent) -> Mode {
    match intent {
        Intent::ScrollUp => Mode::History { scroll: scroll + 1 },
        Intent::ScrollDown => Mode::History {
            scroll: scroll.saturating_sub(1),
        },
        _ => Mode::Normal,
    }
}

/// Switches between the compact map and the large one (hex and square grids), saying so.
pub fn toggle_large(ui: &mut UiState, world: &World) {
    if !world.level().terrain.tiling().has_sides() {
        ui.log
            .push("The large map is for hex and square grids; triangles have only this one.");
        return;
    }
    let large = ui.map == MapScale::Compact;
    ui.map = if large {
        MapScale::Large
    } else {
        MapScale::Compact
    };
    ui.map_choice = Some(ui.map);
    ui.log.push(if large {
        "The large map: every tile with its sides (z: the compact map)."
    } else {
        "The compact map (z: the large one, with every side)."
    });
}

/// The smallest map area, in columns and rows, that draws a level with thin walls or doors
/// between tiles large by itself: about fifteen tiles across and twelve down.
pub const LARGE_MAP_AREA: (u16, u16) = (64, 24);

/// Until the player chooses a projection (`z`), a level with thin walls or doors between
/// tiles is drawn large when the map area (`map`, in columns and rows) has room for it, and
/// any other level compact: on the compact map the walls between tiles are only marks beside
/// and under the tiles.
pub fn fit_map_scale(ui: &mut UiState, world: &World, map: (u16, u16)) {
    if let Some(choice) = ui.map_choice {
        ui.map = choice;
        return;
    }
    let roomy = map.0 >= LARGE_MAP_AREA.0 && map.1 >= LARGE_MAP_AREA.1;
    ui.map = if world.level().has_sides() && roomy {
        MapScale::Large
    } else {
        MapScale::Compact
    };
}

/// Once a game, on the first level with thin walls or doors between tiles: how to see them.
pub fn hint_sides(ui: &mut UiState, world: &World) {
    if world.level().has_sides() {
        ui.log.push_once(
            "Thin walls and doors stand between tiles here. The large map shows every side; \
             z switches between it and the compact map (? tells how that one shows them).",
        );
    }
}

/// Answers the quit prompt: `yes` quits, anything else goes back to the game.
pub fn confirm_quit(ui: &mut UiState, yes: bool) {
    ui.mode = Mode::Normal;
    if yes {
        ui.quit = true;
    } else {
        ui.log.push("You carry on.");
    }
}

/// A step key in the normal mode: a move that way, or, when this tile has none, a word on
/// which ways it does step (once a game).
fn step(ui: &mut UiState, world: &World, dir: Compass) -> Option<Command> {
    let grid = &world.level().terrain;
    let me = world.player().pos;
    if grid.step(me, dir).is_some() {
        return Some(Command::Move(dir));
    }
    // Without the keymap (the session names the keys: [`no_step`]), the directions.
    ui.log
        .push_once(no_step(world, dir, |d| d.name().to_string()));
    None
}

/// What a step key says when no step goes its way `dir` from the player's tile (a triangle
/// steps six ways of eight, by where it points): the keys that do step from it, each written
/// by `key` ("No step goes NW from this tile; it steps with h l j k b n.").
pub fn no_step(world: &World, dir: Compass, key: impl Fn(Compass) -> String) -> String {
    let grid = &world.level().terrain;
    let keys: Vec<String> = grid
        .moves_at(world.player().pos)
        .map(|(_, m)| key(m.dir))
        .collect();
    format!(
        "No step goes {} from this tile; it steps with {}.",
        dir.name(),
        keys.join(" ")
    )
}

fn normal(ui: &mut UiState, world: &World, intent: Intent) -> Option<Command> {
    if world.is_over() {
        return over(ui, intent);
    }
    let me = world.player().pos;
    match intent {
        Intent::Step(dir) => return step(ui, world, dir),
        Intent::Wait => return Some(Command::Wait),
        Intent::Rest => start_rest(ui, world),
        Intent::PickUp => return Some(Command::PickUp),
        Intent::Drink => item_prompt::ask(ui, world, ItemVerb::Drink),
        Intent::Read => item_prompt::ask(ui, world, ItemVerb::Read),
        Intent::Wield => item_prompt::ask(ui, world, ItemVerb::Wield),
        Intent::Wear => item_prompt::ask(ui, world, ItemVerb::Wear),
        Intent::Drop => item_prompt::ask(ui, world, ItemVerb::Drop),
        Intent::Throw => item_prompt::throw(ui, world),
        Intent::Strike => ui.mode = Mode::Strike,
        Intent::Inventory => ui.mode = Mode::Inventory,
        Intent::Descend => return stairs(ui, world, true),
        Intent::Ascend => return stairs(ui, world, false),
        Intent::Quit => ui.mode = Mode::ConfirmQuit,
        Intent::Help => ui.mode = Mode::Help { scroll: 0 },
        Intent::History => ui.mode = Mode::History { scroll: 0 },
        Intent::Look => {
            let cursor = world.visible_monsters().first().map_or(me, |c| c.pos);
            ui.mode = Mode::Look { cursor };
            ui.pointed = Some(cursor);
        }
        Intent::Travel => ui.mode = Mode::PickTravel { cursor: me },
        Intent::Explore => {
            if !refuse_with_monster_in_view(ui, world, "explore") {
                ui.auto = Some(Auto::Explore {
                    stairs_known: world.seen_stairs_down().len(),
                });
            }
        }
        Intent::Range => ui.mode = Mode::Range,
        Intent::Tell => ask_what_to_tell(ui, world),
        Intent::Telegraph => {
            ui.telegraph = !ui.telegraph;
            let state = if ui.telegraph { "shown" } else { "hidden" };
            ui.log.push(format!("Monster intentions are {state}."));
        }
        Intent::Confirm
        | Intent::Cancel
        | Intent::NextTarget
        | Intent::Save
        | Intent::ScrollUp
        | Intent::ScrollDown
        | Intent::Zoom => {}
    }
    None
}

/// Keys once the game is over: the end screen, help, history, looking around; nothing acts.
fn over(ui: &mut UiState, intent: Intent) -> Option<Command> {
    ui.mode = match intent {
        Intent::Help => Mode::Help { scroll: 0 },
        Intent::History => Mode::History { scroll: 0 },
        Intent::Quit => {
            ui.quit = true;
            Mode::Normal
        }
        _ => Mode::End { scroll: 0 },
    };
    None
}

/// `>` or `<`: on the matching stairs, take them; elsewhere travel to the nearest known ones.
fn stairs(ui: &mut UiState, world: &World, down: bool) -> Option<Command> {
    let me = world.player().pos;
    let here = world.level().terrain_at(me);
    let (terrain, known, way) = if down {
        (Terrain::StairsDown, world.seen_stairs_down(), "down")
    } else {
        (Terrain::StairsUp, world.seen_stairs_up(), "up")
    };
    if here == Some(terrain) {
        return Some(if down {
            Command::Descend
        } else {
            Command::Ascend
        });
    }
    match known.into_iter().min_by_key(|&h| (world.dist(me, h), h)) {
        Some(h) => start_travel(ui, world, h),
        None => ui.log.push(format!(
            "You have not found any stairs {way} on this level yet."
        )),
    }
    None
}

/// Moves a cursor one step, staying on the map; `None` for a key that ends the mode.
fn nudge(world: &World, cursor: Cell, intent: Intent) -> Option<Cell> {
    let dir = match intent {
        Intent::Step(dir) => dir,
        // Up and Down have no hex direction: the cursor stays (the shell says why).
        Intent::ScrollUp | Intent::ScrollDown => return Some(cursor),
        _ => return None,
    };
    let grid = &world.level().terrain;
    Some(match grid.step(cursor, dir) {
        Some((next, _)) if grid.contains(next) => next,
        _ => cursor,
    })
}

/// The visible monster after the one under `cursor`, wrapping around: its tile, or in aim mode
/// the tile its telegraph marks for the coming segment.
fn next_monster(world: &World, cursor: Cell, aim: bool) -> Option<Cell> {
    let tiles: Vec<(Cell, Cell)> = world
        .visible_monsters()
        .into_iter()
        .map(|c| (c.pos, world.telegraphed_tile(c)))
        .collect();
    let at = tiles
        .iter()
        .position(|&(pos, marked)| cursor == if aim { marked } else { pos });
    let next = at.map_or(0, |i| (i + 1) % tiles.len().max(1));
    tiles
        .get(next)
        .map(|&(pos, marked)| if aim { marked } else { pos })
}

fn look(ui: &mut UiState, world: &World, cursor: Cell, intent: Intent) {
    let moved = match intent {
        Intent::NextTarget => next_monster(world, cursor, false),
        other => nudge(world, cursor, other),
    };
    if let Some(cursor) = moved {
        ui.mode = Mode::Look { cursor };
        ui.pointed = Some(cursor);
    } else {
        ui.mode = Mode::Normal;
        ui.pointed = None;
    }
}

/// What `F` asks.
pub const STRIKE_PROMPT: &str =
    "Strike which way? The key written on a neighbouring tile (or a click on it); Esc cancels.";

/// What `T` asks.
pub const TELL_PROMPT: &str = "Tell your allies: f follow you, s stay here, g guard here, a attack \
     the nearest foe in view, d let the next person direct them too; any other key cancels.";

/// `T`: asks what to tell the allies the person on screen directs (in hotseat, their hero's
/// and those another person let them direct; else the hero's), or says there are none.
fn ask_what_to_tell(ui: &mut UiState, world: &World) {
    let none = super::allies::shown_allies(ui, world).is_empty();
    if none {
        ui.log
            .push("You have no ally to tell (a scroll of taming makes one).");
    } else {
        ui.mode = Mode::Tell;
    }
}

/// What `Q` asks (only while the game goes on: once it is over, `Q` quits at once).
pub const ABANDON_PROMPT: &str = "Abandon this run? It ends here and counts as quit. Press y to \
     abandon, any other key to carry on (S saves and quits instead).";

/// The question `mode` waits on an answer to, shown under the messages while it waits and
/// not kept in the history.
pub fn prompt(mode: &Mode) -> Option<&str> {
    match mode {
        Mode::Strike => Some(STRIKE_PROMPT),
        Mode::Tell => Some(TELL_PROMPT),
        Mode::ConfirmQuit => Some(ABANDON_PROMPT),
        Mode::ConfirmThrow { question, .. } => Some(question),
        _ => None,
    }
}

/// Before a throw whose line stops short of the tile aimed at (brush, a wall, a closed door,
/// a thin wall on a side): the question that asks whether to throw anyway, or `None` when
/// the line is clear.
pub fn short_throw_question(world: &World, item: char, at: Cell) -> Option<String> {
    let me = world.player().pos;
    let stop = world.flight_stop(me, at)?;
    let name = world.player().stack(item)?.item.clone();
    let ammo = world
        .content()
        .item(&name)
        .is_some_and(|k| matches!(k.use_, crate::content::ItemUse::Ammo { .. }));
    let (verb, key) = if ammo {
        ("Fire", "fire")
    } else {
        ("Throw", "throw")
    };
    Some(format!(
        "Your {name} would land short of {}. {verb} anyway? (y: {key}; any other key: keep aiming)",
        stop.words()
    ))
}

/// The answer to "throw anyway?": yes throws (the only thing recorded), anything else goes back
/// to aiming at the same tile.
pub fn answer_short_throw(ui: &mut UiState, yes: bool) -> Option<Command> {
    let Mode::ConfirmThrow { cursor, item, .. } = ui.mode.clone() else {
        return None;
    };
    if yes {
        ui.mode = Mode::Normal;
        return Some(Command::Throw { item, at: cursor });
    }
    ui.mode = Mode::Aim { cursor, item };
    ui.log.push("You keep aiming.");
    None
}

/// The answer to "strike which way?": a direction strikes that tile, whatever stands there
/// now (a monster that steps into it is hit); anything else backs out.
fn strike(ui: &mut UiState, intent: Intent) -> Option<Command> {
    ui.mode = Mode::Normal;
    match intent {
        Intent::Step(dir) => Some(Command::Attack(dir)),
        // Up and Down have no hex direction: keep asking (the shell says why).
        Intent::ScrollUp | Intent::ScrollDown => {
            ui.mode = Mode::Strike;
            None
        }
        _ => {
            ui.log.push("You lower your weapon.");
            None
        }
    }
}

/// What confirming a throw at your own tile says.
pub const AIM_FIRST: &str = "Aim first: move the cursor to a tile with the direction keys (Tab: the next monster); Esc cancels.";

fn aim(ui: &mut UiState, world: &World, at: (Cell, char), intent: Intent) -> Option<Command> {
    let (cursor, item) = at;
    let moved = match intent {
        Intent::NextTarget => next_monster(world, cursor, true),
        // Another missile than the one in the quiver: the prompt of what can be thrown.
        Intent::Inventory => {
            ui.mode = Mode::ChooseItem {
                verb: ItemVerb::Throw,
            };
            return None;
        }
        Intent::Confirm | Intent::Throw => {
            if cursor == world.player().pos {
                // Nothing was aimed at yet (nothing in view puts the cursor on you): say how
                // to aim, and keep aiming.
                ui.log.push(AIM_FIRST);
                return None;
            }
            if let Some(question) = short_throw_question(world, item, cursor) {
                ui.mode = Mode::ConfirmThrow {
                    cursor,
                    item,
                    question,
                };
                return None;
            }
            ui.mode = Mode::Normal;
            return Some(Command::Throw { item, at: cursor });
        }
        other => nudge(world, cursor, other),
    };
    ui.mode = moved.map_or(Mode::Normal, |cursor| Mode::Aim { cursor, item });
    None
}

fn pick_travel(ui: &mut UiState, world: &World, cursor: Cell, intent: Intent) {
    match intent {
        Intent::Confirm | Intent::Travel => {
            ui.mode = Mode::Normal;
            start_travel(ui, world, cursor);
        }
        other => {
            ui.mode = nudge(world, cursor, other)
                .map_or(Mode::Normal, |c| Mode::PickTravel { cursor: c });
        }
    }
}

/// Starts walking to `to` along the known tiles, or says why not.
pub fn start_travel(ui: &mut UiState, world: &World, to: Cell) {
    let me = world.player().pos;
    if to == me {
        ui.log.push("You are already there.");
        return;
    }
    if refuse_with_monster_in_view(ui, world, "travel") {
        return;
    }
    match world.known_path(me, to) {
        Some(path) => {
            ui.auto = Some(Auto::Travel {
                path,
                items_known: world.known_items(),
            });
        }
        None => ui.log.push(no_way(world, to)),
    }
}

/// Starts resting until healed, or says why not.
fn start_rest(ui: &mut UiState, world: &World) {
    let me = world.player();
    if me.hp >= me.max_hp {
        ui.log.push("You are not hurt.");
    } else if !refuse_with_monster_in_view(ui, world, "rest") {
        ui.auto = Some(Auto::Rest);
    }
}

/// Automation is refused while a monster in view threatens the player ([`World::threats`]):
/// says so and returns true.
fn refuse_with_monster_in_view(ui: &mut UiState, world: &World, what: &str) -> bool {
    ui.in_view = world.visible_monsters().iter().map(|c| c.id).collect();
    let Some(monster) = world.threats().first().map(|(c, _)| c.id) else {
        return false;
    };
    let who = ui.names.updated(world).a_name(world, monster);
    ui.log
        .push(format!("You cannot {what} with {who} in view."));
    true
}
