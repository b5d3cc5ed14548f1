//! The `hexdeep map` commands: check, render and convert.
//!
//! Exit codes: 0 when all went well, 1 when the map has errors, 2 for bad arguments.

use super::render::{self, Overlays, PLAYER_SIGHT};
use super::{Format, Loaded, MapFileErrors, load_map, write_hexmap};
use crate::geom::Hex;
use crate::map::PlacementKind;
use crate::output::{emit, emit_line};
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
    },
    /// Draw a map as the game does, with optional overlays.
    Render {
        /// The map file.
        file: PathBuf,
        /// Field of view from tile X,Y with radius R (default: the player's sight).
        #[arg(long, value_name = "X,Y[,R]", value_parser = parse_fov, allow_hyphen_values = true)]
        fov: Option<(Hex, u32)>,
        /// The cheapest path between two tiles.
        #[arg(long, value_name = "X1,Y1:X2,Y2", value_parser = parse_path, allow_hyphen_values = true)]
        path: Option<(Hex, Hex)>,
        /// Every tile reachable from X,Y with M movement points.
        #[arg(long, value_name = "X,Y,M", value_parser = parse_range, allow_hyphen_values = true)]
        range: Option<(Hex, u32)>,
        /// Print JSON instead of the map.
        #[arg(long)]
        json: bool,
    },
    /// Convert any supported map to `.hexmap`.
    Convert {
        /// The map to read.
        input: PathBuf,
        /// The `.hexmap` file to write.
        output: PathBuf,
    },
}

fn numbers(text: &str, what: &str) -> Result<Vec<i64>, String> {
    text.split(',')
        .map(|n| {
            n.trim()
                .parse::<i64>()
                .map_err(|_| format!("{n:?} in {what}: expected a whole number"))
        })
        .collect()
}

fn hex_of(x: i64, y: i64) -> Result<Hex, String> {
    let h = Hex::new(
        i32::try_from(x).map_err(|_| format!("{x} is out of range"))?,
        i32::try_from(y).map_err(|_| format!("{y} is out of range"))?,
    );
    if h.in_limits() {
        Ok(h)
    } else {
        Err(format!("{h} is beyond the coordinate limit"))
    }
}

fn points(n: i64) -> Result<u32, String> {
    u32::try_from(n).map_err(|_| format!("{n}: expected 0 or more"))
}

/// Parses `X,Y` or `X,Y,R`.
fn parse_fov(s: &str) -> Result<(Hex, u32), String> {
    match *numbers(s, "X,Y[,R]")?.as_slice() {
        [x, y] => Ok((hex_of(x, y)?, PLAYER_SIGHT)),
        [x, y, r] => Ok((hex_of(x, y)?, points(r)?)),
        _ => Err("expected X,Y or X,Y,R".into()),
    }
}

/// Parses `X1,Y1:X2,Y2`.
fn parse_path(s: &str) -> Result<(Hex, Hex), String> {
    let (a, b) = s.split_once(':').ok_or("expected X1,Y1:X2,Y2")?;
    match (
        numbers(a, "X1,Y1")?.as_slice(),
        numbers(b, "X2,Y2")?.as_slice(),
    ) {
        (&[x1, y1], &[x2, y2]) => Ok((hex_of(x1, y1)?, hex_of(x2, y2)?)),
        _ => Err("expected X1,Y1:X2,Y2".into()),
    }
}

/// Parses `X,Y,M`.
fn parse_range(s: &str) -> Result<(Hex, u32), String> {
    match numbers(s, "X,Y,M")?.as_slice() {
        &[x, y, m] => Ok((hex_of(x, y)?, points(m)?)),
        _ => Err("expected X,Y,M".into()),
    }
}

/// Runs a map command and returns the process exit code.
pub fn run(command: &MapCommand) -> ExitCode {
    match command {
        MapCommand::Check { file } => check(file),
        MapCommand::Render {
            file,
            fov,
            path,
            range,
            json,
        } => {
            let overlays = Overlays {
                fov: *fov,
                path: *path,
                range: *range,
            };
            render_cmd(file, &overlays, *json)
        }
        MapCommand::Convert { input, output } => convert(input, output),
    }
}

fn bad_argument(message: &str) -> ExitCode {
    eprintln!("hexdeep: {message}");
    ExitCode::from(2)
}

fn plural(n: usize, one: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {one}s")
    }
}

/// Loads a map after checking its extension; prints the problems of a map that fails.
fn load(file: &Path) -> Result<Loaded, ExitCode> {
    if Format::of(file).is_none() {
        return Err(bad_argument(&format!(
            "{}: unknown map format: expected a .hexmap, .tmx, .tmj or .json file",
            file.display()
        )));
    }
    load_map(file).map_err(|errors| {
        report_failure(&errors);
        ExitCode::FAILURE
    })
}

fn report_failure(errors: &MapFileErrors) {
    for p in &errors.problems {
        eprintln!("{p}");
    }
    let count = errors.errors().count();
    let warnings = errors.problems.len() - count;
    eprintln!(
        "{}, {}",
        plural(count, "error"),
        plural(warnings, "warning")
    );
}

fn check(file: &Path) -> ExitCode {
    if Format::of(file).is_none() {
        return bad_argument(&format!(
            "{}: unknown map format: expected a .hexmap, .tmx, .tmj or .json file",
            file.display()
        ));
    }
    match load_map(file) {
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

fn render_cmd(file: &Path, overlays: &Overlays, json: bool) -> ExitCode {
    let loaded = match load(file) {
        Ok(l) => l,
        Err(code) => return code,
    };
    if !json && let Err(msg) = render::check_text_area(&loaded.level.terrain) {
        eprintln!("hexdeep: {}: {msg}", file.display());
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
        match render::to_text(&loaded.level, &computed, colour) {
            Ok(text) => emit(&text),
            Err(msg) => {
                eprintln!("hexdeep: {}: {msg}", file.display());
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
fn convert(input: &Path, output: &Path) -> ExitCode {
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
    let loaded = match load(input) {
        Ok(l) => l,
        Err(code) => return code,
    };
    for w in &loaded.warnings {
        eprintln!("{w}");
    }
    let stem = output
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let name = output.display().to_string();
    let text = match write_hexmap(&loaded.level, &stem) {
        Ok(text) => text,
        Err(msg) => {
            eprintln!("{name}: error: {msg}; nothing was written");
            return ExitCode::FAILURE;
        }
    };
    match super::parse_hexmap(&name, text.as_bytes()) {
        Ok(back) if back.level.placements.len() != loaded.level.placements.len() => eprintln!(
            "{name}: warning: a tile holds more than one monster or item; extras were dropped"
        ),
        Ok(_) => {}
        Err(errors) => {
            eprintln!("{name}: error: the converted map would not read back; nothing was written:");
            report_failure(&errors);
            return ExitCode::FAILURE;
        }
    }
    // Past a file-size limit (`ulimit -f`) the write fails with an error instead of the
    // signal killing us, so the temporary file is removed and the message printed.
    #[cfg(unix)]
    let _ = signal_hook::flag::register(
        signal_hook::consts::SIGXFSZ,
        std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false)),
    );
    match crate::files::write_atomic(output, text.as_bytes()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("hexdeep: cannot write: {e}");
            ExitCode::FAILURE
        }
    }
}
