//! The character dump written when a game ends: a plain-text file in the saves folder's
//! `morgue/` with the seed, the levels, turns, kills, the cause, the items used up and the gear
//! wielded and worn, the inventory, the map around the player as the screen drew it, and the
//! last messages. A party's names every hero, each with a sheet of their own
//! (`ui/morgue_party.rs`).

use super::describe::level_title;
use super::inventory;
use super::palette::Palette;
use super::view::overlay::Overlay;
use super::view::{Camera, MapView};
use super::view::{ItemsTold, tally};
use crate::mapfile::render_sides::UNDERLINE;
use crate::persist::SaveDir;
use crate::sim::World;
use crate::sim::fates::Fates;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Modifier;
use ratatui::widgets::Widget;
use std::fmt::Write as _;
use std::path::PathBuf;

/// The size of the map drawn around the player.
const MAP_SIZE: (u16, u16) = (64, 21);

/// How many of the last messages the dump keeps.
const MESSAGES: usize = 20;

/// The dump's text, every control character but line feeds and tabs escaped.
pub fn text(world: &World, log: &[String]) -> String {
    text_with(world, log, None)
}

/// The dump's text; a party's (`fates` of its heroes) has every hero's sheet where a game of
/// one has its hit points and inventory.
pub fn text_with(world: &World, log: &[String], fates: Option<&Fates>) -> String {
    let mut out = heading(world, fates);
    let story = world.story();
    out.push_str("\nLevels visited:\n");
    for (i, d) in world.depths().iter().enumerate() {
        if d.visited() {
            let _ = writeln!(out, "  {:>2}  {}", i + 1, level_title(d.level()));
        }
    }
    let _ = writeln!(
        out,
        "\nKills:   {} ({})",
        story.kill_count(),
        tally(&story.kills)
    );
    let items = ItemsTold::of(world);
    let _ = writeln!(out, "Used:    {}", tally(&items.used_up));
    let _ = writeln!(out, "Wielded: {}", ItemsTold::list(&items.wielded));
    let _ = writeln!(out, "Wore:    {}", ItemsTold::list(&items.worn));
    match fates {
        Some(fates) => out.push_str(&super::morgue_party::sheets(world, fates)),
        None => inventory_lines(&mut out, world),
    }
    let around = match fates {
        Some(_) => world.player().name.clone(),
        None => "you".to_string(),
    };
    let _ = writeln!(
        out,
        "\nThe map around {around} ({}):",
        level_title(world.level())
    );
    for row in map_rows(world) {
        let _ = writeln!(out, "{}", format!("  {row}").trim_end());
    }
    out.push_str("\nLast messages:\n");
    for line in &log[log.len().saturating_sub(MESSAGES)..] {
        let _ = writeln!(out, "  {line}");
    }
    // A dump is read with `cat` or a pager: a level's name from a map file and the messages
    // of a save keep no control character that a terminal would obey.
    crate::text::escape_output(&out)
}

/// The dump's first lines: the heading, the ending, seed, tiling, depth and turns, and the
/// player's hit points (a party's heroes, by name, each with a sheet of their own below).
fn heading(world: &World, fates: Option<&Fates>) -> String {
    let story = world.story();
    let mut out = format!("{}\n\n", crate::persist::stale::MORGUE_HEADING);
    let ending = world
        .ending()
        .map_or("still playing".to_string(), crate::sim::Ending::describe);
    let _ = writeln!(out, "Ending:  {ending}");
    let _ = writeln!(out, "Seed:    {}", world.seed());
    // Hex games' dumps stay as they were; other tilings are named.
    let tiling = world.level().terrain.tiling();
    if tiling != crate::geom::Tiling::Hex {
        let _ = writeln!(out, "Tiling:  {tiling}");
    }
    let _ = writeln!(
        out,
        "Depth:   {} now, {} deepest",
        world.depth(),
        story.deepest
    );
    let _ = writeln!(out, "Turns:   {}", world.turns_played());
    if let Some(fates) = fates {
        let names: Vec<&str> = fates.heroes.iter().map(|f| f.name.as_str()).collect();
        let _ = writeln!(out, "Party:   {}", names.join(", "));
    } else {
        let me = world.player();
        let _ = writeln!(out, "HP:      {}/{}", me.hp.max(0), me.max_hp);
    }
    out
}

/// A game of one's inventory.
fn inventory_lines(out: &mut String, world: &World) {
    out.push_str("\nInventory:\n");
    let items = inventory::lines(world);
    if items.is_empty() {
        out.push_str("  nothing\n");
    }
    for line in items {
        let _ = writeln!(out, "  {line}");
    }
}

/// The map around the player as the screen draws it, one string a row, blank rows at the top
/// and bottom left out. What the screen underlines (the thin walls and doors on the sides below
/// a tile) is followed by U+0332 COMBINING LOW LINE, the underline of plain text, as
/// `map render` writes it.
pub fn map_rows(world: &World) -> Vec<String> {
    let area = Rect::new(0, 0, MAP_SIZE.0, MAP_SIZE.1);
    let mut buf = Buffer::empty(area);
    let overlay = Overlay::default();
    MapView {
        world,
        overlay: &overlay,
        palette: Palette { color: false },
        camera: Camera::follow(world, world.player().pos, area),
        sight: super::view::sight::Sight::Viewer,
    }
    .render(area, &mut buf);
    let rows: Vec<String> = (0..area.height)
        .map(|y| {
            let mut row = String::new();
            for x in 0..area.width {
                let cell = &buf[(x, y)];
                row.push_str(cell.symbol());
                if cell.modifier.contains(Modifier::UNDERLINED) {
                    row.push(UNDERLINE);
                }
            }
            row.trim_end().to_string()
        })
        .collect();
    let first = rows.iter().position(|r| !r.is_empty()).unwrap_or(0);
    let last = rows
        .iter()
        .rposition(|r| !r.is_empty())
        .map_or(0, |i| i + 1);
    rows[first..last.max(first)].to_vec()
}

/// Writes the dump into the saves folder's `morgue/` as `NAME.txt` (or `NAME-2.txt`… when
/// taken), a party's (`fates` of its heroes) as `Ann-and-Bob-NAME.txt`, atomically; returns
/// its path.
pub fn write(
    dir: &SaveDir,
    name: &str,
    world: &World,
    log: &[String],
    fates: Option<&Fates>,
) -> Result<PathBuf, String> {
    let folder = dir.morgue();
    std::fs::create_dir_all(&folder).map_err(|e| format!("{}: {e}", folder.display()))?;
    let name = match fates {
        Some(fates) => {
            let names: Vec<&str> = fates.heroes.iter().map(|f| f.name.as_str()).collect();
            super::morgue_party::file_name(&names, name)
        }
        None => name.to_string(),
    };
    let path = crate::persist::game::unused_name(&folder, &name, "txt");
    let text = text_with(world, log, fates);
    crate::files::write_atomic(&path, text.as_bytes()).map_err(|e| e.to_string())?;
    Ok(path)
}
