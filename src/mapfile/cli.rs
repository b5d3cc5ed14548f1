//! The `hexdeep map` commands: check, render and convert.
//!
//! Exit codes: 0 when all went well, 1 when the map has errors, 2 for bad arguments.

use super::coords::{arity, from_numbers};
use super::render::{self, Overlays, PLAYER_SIGHT};
use super::render_large;
use super::{
    Format, Loaded, MapFileErrors, TerrainMap, load_map_as_drawn, load_map_with, write_hexmap_at,
};
use crate::geom::Tiling;
use crate::map::PlacementKind;
use crate::output::{emit, emit_line, warn_line};
use std::fmt::Write as _;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// A `hexdeep map` subcommand.
#[derive(clap::Subcommand, Debug)]
pub enum MapCommand {
    /// Check a map file and report every problem.
    Check {
        /// The map file (`.hexmap`, `.tmx`, `.tmj`, `.json`).
        file: PathBuf,
        /// The terrain of a Tiled map's tiles by id or class: `12=wall,13=deep_water`,
        /// `TILESET:12=wall`, `CLASS=wall`.
        #[arg(long, value_name = "ID=TERRAIN,...", value_parser = TerrainMap::parse)]
        terrain: Vec<TerrainMap>,
    },
    /// Draw a map as the game does, with optional overlays. A tile is X,Y on hex and square
    /// maps, X,Y,S on triangle maps.
    Render {
        /// The map file.
        file: PathBuf,
        /// Field of view from a tile with radius R (default: the player's sight).
        #[arg(long, value_name = "X,Y[,S][,R]", value_parser = parse_fov, allow_hyphen_values = true)]
        fov: Option<Numbers>,
        /// The cheapest path between two tiles.
        #[arg(long, value_name = "X1,Y1[,S1]:X2,Y2[,S2]", value_parser = parse_path, allow_hyphen_values = true)]
        path: Option<(Numbers, Numbers)>,
        /// Every tile reachable from a tile with M movement points.
        #[arg(long, value_name = "X,Y[,S],M", value_parser = parse_range, allow_hyphen_values = true)]
        range: Option<Numbers>,
        /// Print JSON instead of the map (with the sides and corners holding features).
        #[arg(long)]
        json: bool,
        /// Draw the large projection, where each side between tiles and each corner has its
        /// own cell (hex and square maps).
        #[arg(long)]
        large: bool,
        /// The terrain of a Tiled map's tiles by id or class (as for `check`).
        #[arg(long, value_name = "ID=TERRAIN,...", value_parser = TerrainMap::parse)]
        terrain: Vec<TerrainMap>,
    },
    /// Convert any supported map to `.hexmap`.
    Convert {
        /// The map to read.
        input: PathBuf,
        /// The `.hexmap` file to write.
        output: PathBuf,
        /// The terrain of a Tiled map's tiles by id or class (as for `check`).
        #[arg(long, value_name = "ID=TERRAIN,...", value_parser = TerrainMap::parse)]
        terrain: Vec<TerrainMap>,
    },
}

/// Whole numbers given to an option, read before the map (and so its tiling) is known.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Numbers(pub Vec<i64>);

fn numbers(text: &str, what: &str) -> Result<Vec<i64>, String> {
    text.split(',')
        .map(|n| {
            n.trim()
                .parse::<i64>()
                .map_err(|_| format!("{n:?} in {what}: expected a whole number"))
        })
        .collect()
}

fn points(n: i64, what: &str) -> Result<u32, String> {
    u32::try_from(n).map_err(|_| format!("{what}: {n}: expected 0 or more"))
}

/// Parses `X,Y[,R]` (or `X,Y,S[,R]` on triangle maps): 2 to 4 whole numbers.
fn parse_fov(s: &str) -> Result<Numbers, String> {
    let n = numbers(s, "X,Y[,R]")?;
    if (2..=4).contains(&n.len()) {
        Ok(Numbers(n))
    } else {
        Err("expected X,Y or X,Y,R (X,Y,S or X,Y,S,R on triangle maps)".into())
    }
}

/// Parses `X,Y,M` (or `X,Y,S,M` on triangle maps): 3 or 4 whole numbers.
fn parse_range(s: &str) -> Result<Numbers, String> {
    let n = numbers(s, "X,Y,M")?;
    if (3..=4).contains(&n.len()) {
        Ok(Numbers(n))
    } else {
        Err("expected X,Y,M (X,Y,S,M on triangle maps)".into())
    }
}

/// Parses `X1,Y1:X2,Y2` (or with an S after each on triangle maps).
fn parse_path(s: &str) -> Result<(Numbers, Numbers), String> {
    const FORM: &str = "expected X1,Y1:X2,Y2 (X1,Y1,S1:X2,Y2,S2 on triangle maps)";
    let (a, b) = s.split_once(':').ok_or(FORM)?;
    let (a, b) = (
        numbers(a, "the first tile")?,
        numbers(b, "the second tile")?,
    );
    if (2..=3).contains(&a.len()) && (2..=3).contains(&b.len()) {
        Ok((Numbers(a), Numbers(b)))
    } else {
        Err(FORM.into())
    }
}

/// The overlays asked for, read for the map's tiling: a tile is `X,Y`, or `X,Y,S` on
/// triangles, and `--fov` may add a radius, `--range` must add the points.
fn overlays(
    tiling: Tiling,
    fov: Option<&Numbers>,
    path: Option<&(Numbers, Numbers)>,
    range: Option<&Numbers>,
) -> Result<Overlays, String> {
    let k = arity(tiling);
    let form = if k == 3 { "X,Y,S" } else { "X,Y" };
    let fov = fov
        .map(|Numbers(n)| {
            if n.len() > k + 1 {
                return Err(format!(
                    "--fov: expected {form} or {form},R on a {tiling} map"
                ));
            }
            let radius = match n.get(k) {
                Some(&r) => points(r, "--fov")?,
                None => PLAYER_SIGHT,
            };
            Ok((from_numbers(tiling, &n[..n.len().min(k)], "--fov")?, radius))
        })
        .transpose()?;
    let path = path
        .map(|(Numbers(a), Numbers(b))| {
            Ok::<_, String>((
                from_numbers(tiling, a, "--path")?,
                from_numbers(tiling, b, "--path")?,
            ))
        })
        .transpose()?;
    let range = range
        .map(|Numbers(n)| {
            if n.len() != k + 1 {
                return Err(format!("--range: expected {form},M on a {tiling} map"));
            }
            Ok((
                from_numbers(tiling, &n[..k], "--range")?,
                points(n[k], "--range")?,
            ))
        })
        .transpose()?;
    Ok(Overlays { fov, path, range })
}

/// Runs a map command and returns the process exit code.
pub fn run(command: &MapCommand) -> ExitCode {
    match command {
        MapCommand::Check { file, terrain } => check(file, terrain),
        MapCommand::Render {
            file,
            fov,
            path,
            range,
            json,
            large,
            terrain,
        } => render_cmd(
            file,
            (fov.as_ref(), path.as_ref(), range.as_ref()),
            Style {
                json: *json,
                large: *large,
            },
            terrain,
        ),
        MapCommand::Convert {
            input,
            output,
            terrain,
        } => convert(input, output, terrain),
    }
}

fn bad_argument(message: &str) -> ExitCode {
    warn_line(&format!("hexdeep: {message}"));
    ExitCode::from(2)
}

fn plural(n: usize, one: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {one}s")
    }
}

/// Loads a map as the game plays it (or, `as_drawn`, as it is drawn) after checking its
/// extension and the `--terrain` given; prints the problems of a map that fails.
fn load(file: &Path, terrain: &[TerrainMap], as_drawn: bool) -> Result<Loaded, ExitCode> {
    let terrain = terrain_for(file, terrain)?;
    let read = if as_drawn {
        load_map_as_drawn(file, &terrain)
    } else {
        load_map_with(file, &terrain)
    };
    read.map_err(|errors| {
        report_failure(&errors);
        ExitCode::FAILURE
    })
}

/// The `--terrain` entries given for `file`, merged; refused (exit 2) for a file of no known
/// format, or a `.hexmap`, whose glyphs say its terrain.
fn terrain_for(file: &Path, given: &[TerrainMap]) -> Result<TerrainMap, ExitCode> {
    let format = Format::of(file).ok_or_else(|| {
        bad_argument(&format!(
            "{}: unknown map format: expected a .hexmap, .tmx, .tmj or .json file",
            file.display()
        ))
    })?;
    let terrain = given
        .iter()
        .cloned()
        .fold(TerrainMap::default(), TerrainMap::merged);
    if format == Format::Hexmap && !terrain.is_empty() {
        return Err(bad_argument(&format!(
            "--terrain {terrain}: {} is a .hexmap, whose glyphs say its terrain: expected a \
             Tiled map (.tmx, .tmj)",
            file.display()
        )));
    }
    Ok(terrain)
}

fn report_failure(errors: &MapFileErrors) {
    for p in &errors.problems {
        warn_line(&p.to_string());
    }
    let count = errors.errors().count();
    let warnings = errors.problems.len() - count;
    warn_line(&format!(
        "{}, {}",
        plural(count, "error"),
        plural(warnings, "warning")
    ));
}

fn check(file: &Path, terrain: &[TerrainMap]) -> ExitCode {
    let terrain = match terrain_for(file, terrain) {
        Ok(t) => t,
        Err(code) => return code,
    };
    match load_map_with(file, &terrain) {
        Err(errors) => {
            for p in &errors.problems {
                emit_line(&p.to_string());
            }
            let count = errors.errors().count();
            let warnings = errors.problems.len() - count;
            emit_line(&format!(
                "{}, {}",
                plural(count, "error"),
                plural(warnings, "warning")
            ));
            ExitCode::FAILURE
        }
        Ok(loaded) => {
            for p in &loaded.warnings {
                emit_line(&p.to_string());
            }
            emit_line(&summary(&loaded));
            ExitCode::SUCCESS
        }
    }
}

/// `ok: 412 tiles, 1 start, 3 monsters`, then items and warnings when there are any.
pub fn summary(loaded: &Loaded) -> String {
    let level = &loaded.level;
    let monsters = level
        .placements
        .iter()
        .filter(|p| matches!(p.kind, PlacementKind::Monster(_)))
        .count();
    let items = level.placements.len() - monsters;
    let mut line = format!(
        "ok: {}, {}, {}",
        plural(level.terrain.len(), "tile"),
        plural(usize::from(level.start.is_some()), "start"),
        plural(monsters, "monster")
    );
    if items > 0 {
        let _ = write!(line, ", {}", plural(items, "item"));
    }
    if !loaded.warnings.is_empty() {
        let _ = write!(line, ", {}", plural(loaded.warnings.len(), "warning"));
    }
    line
}

/// The overlay options of `map render` as given: `--fov`, `--path`, `--range`.
type Asked<'a> = (
    Option<&'a Numbers>,
    Option<&'a (Numbers, Numbers)>,
    Option<&'a Numbers>,
);

/// How `map render` prints: JSON, or the map in the compact or the large projection.
#[derive(Copy, Clone)]
struct Style {
    json: bool,
    large: bool,
}

fn render_cmd(
    file: &Path,
    (fov, path, range): Asked<'_>,
    style: Style,
    terrain: &[TerrainMap],
) -> ExitCode {
    let Style { json, large } = style;
    let loaded = match load(file, terrain, false) {
        Ok(l) => l,
        Err(code) => return code,
    };
    let overlays = match overlays(loaded.level.terrain.tiling(), fov, path, range) {
        Ok(o) => o,
        Err(msg) => return bad_argument(&msg),
    };
    let overlays = &overlays;
    let tiling = loaded.level.terrain.tiling();
    if large && !tiling.has_sides() {
        return bad_argument(&format!(
            "{}: --large: a {tiling} map has no sides between its tiles to draw: expected a hex \
             or square map",
            file.display()
        ));
    }
    let area = if large {
        render_large::check_large_area(&loaded.level)
    } else {
        render::check_text_area(&loaded.level.terrain)
    };
    if !json && let Err(msg) = area {
        warn_line(&format!("hexdeep: {}: {msg}", file.display()));
        return ExitCode::FAILURE;
    }
    let computed = match render::compute(&loaded.level, overlays) {
        Ok(c) => c,
        Err(msg) => return bad_argument(&msg),
    };
    if json {
        emit_line(&render::to_json(&loaded.level, &computed));
    } else {
        let colour = std::io::stdout().is_terminal();
        let text = if large {
            render_large::to_text_large(&loaded.level, &computed, colour)
        } else {
            render::to_text(&loaded.level, &computed, colour)
        };
        match text {
            Ok(text) => emit(&text),
            Err(msg) => {
                warn_line(&format!("hexdeep: {}: {msg}", file.display()));
                return ExitCode::FAILURE;
            }
        }
    }
    ExitCode::SUCCESS
}

/// Whether two paths name the same file: the same canonical path, or (on Unix) the same
/// device and inode, as a hard link is.
fn same_file(a: &Path, b: &Path) -> bool {
    if let (Ok(ca), Ok(cb)) = (a.canonicalize(), b.canonicalize())
        && ca == cb
    {
        return true;
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        if let (Ok(ma), Ok(mb)) = (std::fs::metadata(a), std::fs::metadata(b)) {
            return ma.dev() == mb.dev() && ma.ino() == mb.ino();
        }
    }
    false
}

/// `map convert`: the output is checked before anything is read, the text is read back with
/// the reader before it is written, and it is written atomically (a failed write keeps the old
/// file).
fn convert(input: &Path, output: &Path, terrain: &[TerrainMap]) -> ExitCode {
    if Format::of(output) != Some(Format::Hexmap) {
        return bad_argument(&format!(
            "{}: the output must be a .hexmap file",
            output.display()
        ));
    }
    if same_file(input, output) {
        return bad_argument(&format!(
            "{}: the output is the input file: expected another file to write",
            output.display()
        ));
    }
    if let Err(e) = crate::files::check_writable_target(output) {
        return bad_argument(&format!("cannot write: {e}"));
    }
    // As drawn: converting changes the format, never what the map holds.
    let loaded = match load(input, terrain, true) {
        Ok(l) => l,
        Err(code) => return code,
    };
    for w in &loaded.warnings {
        warn_line(&w.to_string());
    }
    let stem = output
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let name = output.display().to_string();
    let text = match write_hexmap_at(&loaded.level, loaded.depth, &stem) {
        Ok(text) => text,
        Err(msg) => {
            warn_line(&format!("{name}: error: {msg}; nothing was written"));
            return ExitCode::FAILURE;
        }
    };
    match super::parse_hexmap(&name, text.as_bytes()) {
        Ok(back) if back.level.placements.len() != loaded.level.placements.len() => {
            warn_line(&format!(
                "{name}: warning: a tile holds more than one monster or item; extras were dropped"
            ));
        }
        Ok(_) => {}
        Err(errors) => {
            warn_line(&format!(
                "{name}: error: the converted map would not read back; nothing was written:"
            ));
            report_failure(&errors);
            return ExitCode::FAILURE;
        }
    }
    match crate::files::write_atomic(output, text.as_bytes()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            warn_line(&format!("hexdeep: cannot write: {e}"));
            ExitCode::FAILURE
        }
    }
}
