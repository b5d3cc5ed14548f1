//! The terminal shell: input to intent to command, and widgets that draw the world.
//!
//! A key press goes through the [`keymap`] to an [`Intent`](keymap::Intent); the pure
//! [`update`](update::update) turns it into a [`Command`](crate::sim::Command) (or only moves
//! a cursor); the [`Session`](app::Session) applies and records it; [`view`] draws.

pub mod alarm;
pub mod allies;
pub mod app;
pub mod auto;
pub mod card;
pub mod cast;
pub mod clock;
pub mod describe;
pub mod events;
pub mod game_loop;
pub mod heroes;
pub mod hotseat;
pub mod inventory;
pub mod item_prompt;
pub mod keymap;
pub mod morgue;
mod morgue_party;
pub mod palette;
pub mod replay;
pub mod saving;
pub mod start;
pub mod state;
pub mod terminal;
pub mod update;
pub mod view;
pub mod watch;
pub mod words;

use crate::map::Level;
use crate::sim::World;
use keymap::Keymap;
use std::path::{Path, PathBuf};
use thiserror::Error;

/// Options of `hexdeep play`.
#[derive(clap::Args, Debug, Default, Clone)]
pub struct PlayArgs {
    /// The seed of the dungeon; drawn at random when not given.
    #[arg(long)]
    pub seed: Option<u64>,
    /// A map file (`.hexmap`, `.tmx`, `.tmj`) to play as the next depth, or the depth it
    /// gives; give it several times for depths 1, 2, …; generated levels fill the rest.
    #[arg(long)]
    pub map: Vec<PathBuf>,
    /// A keymap file to use instead of `data/keymap.toml`.
    #[arg(long)]
    pub keymap: Option<PathBuf>,
    /// The tiling of the dungeon: hex (the default), square or triangle; with `--map`, the
    /// maps' own tiling unless given.
    #[arg(long)]
    pub grid: Option<crate::geom::Tiling>,
    /// The terrain of the tiles of the Tiled maps given, by id or class: `12=wall`,
    /// `TILESET:12=wall`, `CLASS=wall` (comma-separated).
    #[arg(long, value_name = "ID=TERRAIN,...", value_parser = crate::mapfile::TerrainMap::parse)]
    pub terrain: Vec<crate::mapfile::TerrainMap>,
    /// How many people play at this terminal, each with a hero, taking turns in every
    /// segment (hotseat): 2 to 4; 1 is the game of one.
    #[arg(long, value_name = "N")]
    pub players: Option<u32>,
    /// The players' names, one a player, separated by commas (`Ann,Bob`): their heroes'.
    #[arg(long, value_name = "A,B,...")]
    pub names: Option<String>,
    /// Each person's chess clock in a game of several, in seconds: a starting credit and what
    /// every segment adds (`120+10`), or `off`; 300+15 by default. A game of one has none.
    #[arg(long, value_name = "START+INC", value_parser = hotseat::timer::ClockSetting::parse)]
    pub clock: Option<hotseat::timer::ClockSetting>,
}

/// Why a game could not start.
#[derive(Debug, Error)]
pub enum PlayError {
    /// The map file could not be used (control characters from files shown escaped).
    #[error("{}", crate::text::escape_output(.0))]
    Map(String),
    /// Standard output is not a terminal, so there is nowhere to draw.
    #[error("play needs a terminal to draw in (standard output is redirected)")]
    NotATerminal,
    /// The terminal failed.
    #[error("terminal: {0}")]
    Terminal(#[from] std::io::Error),
}

/// Runs a new game in the terminal until the player quits; saves go to `saves` (or where
/// [`crate::persist::Places`] says).
pub fn run(args: &PlayArgs, saves: Option<PathBuf>) -> Result<(), PlayError> {
    let people =
        hotseat::people::people(args.players, args.names.as_deref()).map_err(PlayError::Map)?;
    let seed = args
        .seed
        .unwrap_or_else(|| rand::random_range(0..1_000_000_000));
    let content = crate::content::Content::bundled().map_err(|e| PlayError::Map(e.to_string()))?;
    let places = crate::persist::Places::from_environment(saves);
    let dir = start::open_saves(&places)?;
    let (levels, warnings, tiling) = load_levels(args, &content, seed)?;
    let source = crate::mapgen::dungeon_on(tiling);
    let heroes = people.len().max(1);
    let mut world = World::new_party(content.into(), source, seed, levels, heroes).ok_or_else(
        || match heroes {
            1 => PlayError::Map("the first map has no tile to stand on".to_string()),
            n => PlayError::Map(format!("the first map has no room for {n} heroes to start")),
        },
    )?;
    world.name_heroes(&people);
    let mut notes = warnings;
    let (clock, note) = hotseat::timer::ClockSetting::for_people(people.len(), args.clock);
    notes.extend(note);
    notes.push(format!(
        "Welcome to hexdeep{}. {}. Press ? for help.",
        match tiling {
            crate::geom::Tiling::Hex => String::new(),
            other => format!(", on {other}s"),
        },
        describe::level_title(world.level())
    ));
    let game = saving::GameFile::new(dir, &world, crate::sim::Origin::Fresh);
    let setup = start::Setup {
        keymap: args.keymap.as_deref(),
        clock,
    };
    start::play_game(world, game, notes, &setup, &places)
}

/// The maps given with `--map`, in order, each at its depth, any warnings about them, and the
/// tiling the game is played on (`--grid`, else the first map's, else hexes).
fn load_levels(
    args: &PlayArgs,
    content: &crate::content::Content,
    seed: u64,
) -> Result<(Vec<Level>, Vec<String>, crate::geom::Tiling), PlayError> {
    let mut maps = Vec::new();
    let mut warnings = Vec::new();
    let terrain = args.terrain.iter().cloned().fold(
        crate::mapfile::TerrainMap::default(),
        crate::mapfile::TerrainMap::merged,
    );
    let tiled = |p: &PathBuf| {
        crate::mapfile::Format::of(p).is_some_and(|f| f != crate::mapfile::Format::Hexmap)
    };
    if !terrain.is_empty() && !args.map.iter().any(tiled) {
        return Err(PlayError::Map(format!(
            "--terrain {terrain}: it names the tiles of Tiled maps, and no --map given is one \
             (.tmx, .tmj)"
        )));
    }
    // A game its save could not hold would be lost: each map, and then all of them, are held
    // to what a save may hold before the next is read and before the world is built.
    let unsaved =
        |what: String, why: String| PlayError::Map(format!("{what} could not be saved: {why}"));
    for path in &args.map {
        let loaded = crate::mapfile::load_map_with(path, &terrain)
            .map_err(|e| PlayError::Map(e.to_string()))?;
        crate::persist::check_new_game(&[&loaded.level])
            .map_err(|why| unsaved(format!("{}: a game of this map", path.display()), why))?;
        warnings.extend(loaded.warnings.iter().map(ToString::to_string));
        maps.push((path.display().to_string(), loaded));
    }
    let tiling = args
        .grid
        .or_else(|| maps.first().map(|(_, m)| m.level.terrain.tiling()))
        .unwrap_or_default();
    let (levels, notes) = levels_at_their_depths(maps, content, seed, tiling)?;
    crate::persist::check_new_game(&levels.iter().collect::<Vec<_>>())
        .map_err(|why| unsaved("a game of the maps given".into(), why))?;
    warnings.extend(notes);
    Ok((levels, warnings, tiling))
}

/// The levels of a game's first depths from map files given in order (each with the name
/// it was given by): a map takes the next depth, or the one its file gives (`depth`), with
/// generated levels of `seed` on `tiling` before it. A map whose depth is already taken, or
/// lies outside the dungeon, is refused, and so is a map of another tiling than the game's.
/// Also returns a note for each map played deeper than its place.
pub fn levels_at_their_depths(
    maps: Vec<(String, crate::mapfile::Loaded)>,
    content: &crate::content::Content,
    seed: u64,
    tiling: crate::geom::Tiling,
) -> Result<(Vec<Level>, Vec<String>), PlayError> {
    let source = crate::mapgen::dungeon_on(tiling);
    let mut levels: Vec<Level> = Vec::new();
    let mut notes = Vec::new();
    if let Some(msg) = tiling_mismatch(&maps, tiling) {
        return Err(PlayError::Map(msg));
    }
    for (file, loaded) in maps {
        let next = levels.len() as u32 + 1;
        let depth = loaded.depth.unwrap_or(next);
        if !(1..=crate::sim::MAX_DEPTH).contains(&depth) {
            return Err(PlayError::Map(format!(
                "{file}: its depth is {depth}, but the dungeon has depths 1 to {}",
                crate::sim::MAX_DEPTH
            )));
        }
        if depth < next {
            return Err(PlayError::Map(format!(
                "{file}: its depth is {depth}, but the maps given before it already make \
                 depths 1 to {}: give the maps in order of depth, or change its `depth`",
                next - 1
            )));
        }
        if depth > next {
            notes.push(format!(
                "{} is depth {depth}, as its map file says: depth{} {} generated.",
                loaded.level.name,
                if depth - next > 1 { "s" } else { "" },
                if depth - next > 1 {
                    format!("{next} to {} are", depth - 1)
                } else {
                    format!("{next} is")
                },
            ));
        }
        for d in next..depth {
            levels.push(source.level(content, seed, d));
        }
        let mut level = loaded.level;
        level.depth = depth;
        levels.push(level);
    }
    Ok((levels, notes))
}

/// Why maps cannot be played on `tiling`, naming the first that is of another: with the
/// `--grid` that plays them when every map is of its tiling, else naming a map of another
/// tiling than that one (no `--grid` plays maps of two tilings).
fn tiling_mismatch(
    maps: &[(String, crate::mapfile::Loaded)],
    tiling: crate::geom::Tiling,
) -> Option<String> {
    let of = |m: &crate::mapfile::Loaded| m.level.terrain.tiling();
    let (file, drawn) = maps
        .iter()
        .map(|(f, m)| (f, of(m)))
        .find(|&(_, t)| t != tiling)?;
    if maps.iter().all(|(_, m)| of(m) == drawn) {
        return Some(format!(
            "{file}: a {drawn} map, but this game is played on a {tiling} grid: play it with \
             --grid {drawn}"
        ));
    }
    let (other_file, other) = maps
        .iter()
        .map(|(f, m)| (f, of(m)))
        .find(|&(_, t)| t != drawn)?;
    Some(format!(
        "{file}: a {drawn} map, but {other_file} is a {other} map: a game is played on one \
         tiling, so give maps of one tiling"
    ))
}

/// The largest keymap file read.
const MAX_KEYMAP_BYTES: u64 = 1 << 20;

/// The keymap to use and, when the player's file was broken, a note saying so: `explicit`,
/// else the player's config file, else `data/keymap.toml` here, else the built-in keys.
pub fn load_keymap(explicit: Option<&Path>, config: Option<&Path>) -> (Keymap, Option<String>) {
    let here = Path::new("data/keymap.toml");
    let path = match explicit {
        Some(p) => p,
        None => match config.filter(|c| c.exists()) {
            Some(c) => c,
            None if here.exists() => here,
            None => return (Keymap::default_keys(), None),
        },
    };
    let text = match crate::files::read_text_limited(path, MAX_KEYMAP_BYTES) {
        Ok(text) => text,
        Err(err) => {
            let note = format!("Cannot read the keymap: {err}; using the default keys.");
            return (Keymap::default_keys(), Some(note));
        }
    };
    match Keymap::parse(&text) {
        Ok(map) => (map, None),
        Err(err) => {
            let note = format!("{}:{err}; using the default keys.", path.display());
            (Keymap::default_keys(), Some(note))
        }
    }
}
