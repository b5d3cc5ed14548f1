//! Widgets that draw the world and the shell state; they only read.

mod card;
mod end;
mod help;
mod items;
mod large;
mod layout;
mod log;
mod map;
pub mod overlay;
mod party;
pub mod sidebar;
mod sides;
pub mod sight;

pub use end::{EndView, ItemsTold, story_lines, tally};
pub use layout::{Camera, MapLayout};
pub use map::MapView;
pub use sides::feature_glyph;

use super::keymap::Keymap;
use super::palette::Palette;
use super::state::{MapScale, Mode, UiState};
use crate::sim::World;
use help::HelpView;
use items::ItemsView;
use log::{HistoryView, LogView};
use overlay::Overlay;
use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::widgets::{Paragraph, Widget, Wrap};
pub use sidebar::Sidebar;

/// The smallest terminal the game draws in.
pub const MIN_SIZE: (u16, u16) = (60, 20);

/// Width of the sidebar.
const SIDEBAR_WIDTH: u16 = 28;

/// Rows of messages under the map (plus one border row).
const LOG_ROWS: u16 = 5;

/// The parts of the screen.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Areas {
    /// The map viewport.
    pub map: Rect,
    /// The sidebar.
    pub sidebar: Rect,
    /// The message log.
    pub log: Rect,
}

/// Splits the screen, or `None` when it is smaller than [`MIN_SIZE`].
pub fn areas(screen: Rect) -> Option<Areas> {
    if screen.width < MIN_SIZE.0 || screen.height < MIN_SIZE.1 {
        return None;
    }
    let [main, sidebar] =
        Layout::horizontal([Constraint::Min(1), Constraint::Length(SIDEBAR_WIDTH)]).areas(screen);
    let [map, log] =
        Layout::vertical([Constraint::Min(1), Constraint::Length(LOG_ROWS + 1)]).areas(main);
    Some(Areas { map, sidebar, log })
}

/// Everything a frame needs besides the world and the shell state.
pub struct Context<'a> {
    /// The keymap, for the help screen.
    pub keymap: &'a Keymap,
    /// Colours.
    pub palette: Palette,
}

/// Draws one frame.
pub fn draw(frame: &mut Frame, world: &World, ui: &UiState, context: &Context) {
    let area = frame.area();
    render(world, ui, context, area, frame.buffer_mut());
}

/// Draws the whole screen into a buffer (the same as [`draw`], usable without a terminal).
pub fn render(world: &World, ui: &UiState, context: &Context, area: Rect, buf: &mut Buffer) {
    let Some(parts) = areas(area) else {
        too_small(area, buf);
        return;
    };
    let overlay = Overlay::build(world, ui, context.palette).with_labels(world, ui, context.keymap);
    let map = MapView {
        world,
        overlay: &overlay,
        palette: context.palette,
        camera: camera(world, ui, parts.map),
        sight: ui.sight,
    };
    map.render(parts.map, buf);
    if let Some(roster) = &ui.party {
        party::banner(world, roster, parts.map, buf);
    }
    look_card(world, ui, &map.camera, parts.map, buf);
    Sidebar {
        world,
        ui,
        palette: context.palette,
        overlay: Some(&overlay),
    }
    .render(parts.sidebar, buf);
    LogView {
        log: &ui.log,
        prompt: crate::ui::update::prompt(&ui.mode),
        palette: context.palette,
    }
    .render(parts.log, buf);
    window(world, ui, context, area, parts.map, buf);
}

/// In look mode, the card of the monster under the cursor, drawn over the map area `map`
/// (seen through `camera`) away from the cursor's row.
fn look_card(world: &World, ui: &UiState, camera: &Camera, map: Rect, buf: &mut Buffer) {
    if let Mode::Look { cursor } = ui.mode
        && let Some(monster) = world
            .visible_creature(cursor)
            .filter(|c| c.id != world.player().id)
        && let Some((title, lines)) =
            crate::ui::card::monster_card(world, &ui.names.updated(world), monster.id)
    {
        let row = camera.layout.to_screen(cursor).1 - camera.top;
        card::CardView {
            title: &title,
            lines: &lines,
            cursor_row: u16::try_from(row).unwrap_or(0),
        }
        .render(map, buf);
    }
}

/// The window the mode opens over the screen `area` (help, history, end) or over the map
/// area `map` (the item lists), if any.
fn window(world: &World, ui: &UiState, context: &Context, area: Rect, map: Rect, buf: &mut Buffer) {
    match ui.mode {
        Mode::Help { scroll } => HelpView {
            keymap: context.keymap,
            scroll,
            tiling: world.level().terrain.tiling(),
        }
        .render(inset(area), buf),
        Mode::History { scroll } => HistoryView {
            log: &ui.log,
            scroll,
        }
        .render(inset(area), buf),
        Mode::Inventory => ItemsView {
            world,
            verb: None,
            keymap: context.keymap,
        }
        .render(map, buf),
        Mode::ChooseItem { verb } => ItemsView {
            world,
            verb: Some(verb),
            keymap: context.keymap,
        }
        .render(map, buf),
        Mode::End { scroll } => EndView {
            world,
            report: ui.end.as_ref(),
            scroll,
        }
        .render(inset(area), buf),
        _ => {}
    }
}

/// The viewport of the map area: it follows the player; in look, aim and travel modes it moves
/// only when the cursor would leave it, and then no further than needed, so the player stays in
/// view while the cursor is near. Drawing and mouse clicks both use it, so a click lands on the
/// tile drawn under it.
pub fn camera(world: &World, ui: &UiState, map: Rect) -> Camera {
    let around_player = player_camera(world, ui, map);
    match ui.mode {
        Mode::Look { cursor }
        | Mode::Aim { cursor, .. }
        | Mode::ConfirmThrow { cursor, .. }
        | Mode::PickTravel { cursor } => around_player.keep_in_view(world, cursor, map),
        _ => around_player,
    }
}

/// The viewport that follows the player over the map area `map`: the one the last frame left
/// ([`UiState::scroll`]) scrolled as little as it takes to keep the player a margin away from
/// its edges, or, on another level, scale or window, one centred on the player.
pub fn player_camera(world: &World, ui: &UiState, map: Rect) -> Camera {
    let me = world.player().pos;
    let large = ui.map == MapScale::Large;
    let layout = MapLayout::of(&world.level().terrain, large);
    match ui.scroll {
        Some(s) if s.depth == world.depth() && s.area == map && s.camera.layout == layout => {
            s.camera.scroll_to(world, me, map)
        }
        _ => Camera::follow_on(world, me, map, large),
    }
}

/// Keeps the viewport a frame drew the map area `map` in, so that the next one scrolls from
/// it ([`player_camera`]).
pub fn remember_camera(ui: &mut UiState, world: &World, map: Rect) {
    ui.scroll = Some(super::state::Scroll {
        depth: world.depth(),
        area: map,
        camera: player_camera(world, ui, map),
    });
}

/// The area of an overlay window: the screen less a margin.
fn inset(area: Rect) -> Rect {
    Rect {
        x: area.x + 2,
        y: area.y + 1,
        width: area.width.saturating_sub(4),
        height: area.height.saturating_sub(2),
    }
}

/// The message shown instead of the game in a terminal that is too small.
fn too_small(area: Rect, buf: &mut Buffer) {
    let text = format!(
        "Make the window larger: at least {}x{} (now {}x{}). Until then keys are ignored; Q saves the game and quits at once.",
        MIN_SIZE.0, MIN_SIZE.1, area.width, area.height
    );
    Paragraph::new(text)
        .wrap(Wrap { trim: true })
        .render(area, buf);
}
