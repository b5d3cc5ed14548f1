//! The optional TOML front matter between two `+++` lines.

use super::text::position_in;
use crate::geom::Tiling;
use crate::map::Terrain;
use crate::mapfile::Problem;
use crate::mapfile::names::{is_item, is_monster, items, monsters};
use crate::sim::scenario::plain_types;
use serde::Deserialize;
use std::collections::{BTreeMap, BTreeSet};
use toml::Spanned;

/// What a legend glyph stands for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LegendEntry {
    /// The terrain under it (floor unless the entry says).
    pub terrain: Terrain,
    /// A monster standing on it.
    pub monster: Option<String>,
    /// An item lying on it.
    pub item: Option<String>,
    /// Whether the player starts here.
    pub start: bool,
}

/// The front matter, read.
#[derive(Clone, Debug, Default)]
pub struct FrontMatter {
    /// The level's name, if given.
    pub name: Option<String>,
    /// The level's depth, if given.
    pub depth: Option<u32>,
    /// The tiling of the map (`grid = "…"`; hex when absent).
    pub tiling: Tiling,
    /// Legend glyphs.
    pub legend: BTreeMap<char, LegendEntry>,
    /// The index of the first line of the map.
    pub body_start: usize,
    /// Legend glyphs whose entry was reported as bad: the map does not report them again.
    pub bad_glyphs: BTreeSet<char>,
    /// Whether the body is drawn in the large projection (`projection = "large"`).
    pub large: bool,
    /// Whether `grid` named no tiling, or `projection` was refused: the map body is then
    /// not read.
    pub tiling_lost: bool,
    /// Whether the front matter could not be read at all, so any glyph may have been meant
    /// for its legend: unknown glyphs are then not reported.
    pub legend_lost: bool,
}

#[derive(Deserialize)]
#[serde(
    deny_unknown_fields,
    expecting = "front matter: `name`, `depth`, `grid`, `projection` and a `[legend]` table"
)]
struct Raw {
    name: Option<String>,
    depth: Option<u32>,
    grid: Option<Spanned<String>>,
    projection: Option<Spanned<String>>,
    #[serde(default)]
    legend: BTreeMap<Spanned<String>, RawEntry>,
}

#[derive(Deserialize)]
#[serde(
    deny_unknown_fields,
    expecting = r#"a legend entry: a table such as { terrain = "floor", monster = "goblin" } with any of terrain, monster, item and start"#
)]
struct RawEntry {
    terrain: Option<Spanned<String>>,
    monster: Option<Spanned<String>>,
    item: Option<Spanned<String>>,
    #[serde(default)]
    start: bool,
}

const FENCE: &str = "+++";

/// Reads the front matter at the top of `lines`, if any.
pub fn parse(
    file: &str,
    lines: &[&str],
    too_long: &[bool],
    problems: &mut Vec<Problem>,
) -> FrontMatter {
    let mut front = FrontMatter::default();
    if lines.first().is_none_or(|l| l.trim_end() != FENCE) {
        return front;
    }
    let Some(close) = lines
        .iter()
        .skip(1)
        .position(|l| l.trim_end() == FENCE)
        .map(|i| i + 1)
    else {
        problems.push(Problem::error(
            file,
            Some((1, 1)),
            "the front matter opened here is never closed: expected a line `+++`",
        ));
        front.body_start = lines.len();
        return front;
    };
    front.body_start = close + 1;
    if too_long[1..close].iter().any(|&t| t) {
        return front;
    }
    let text = lines[1..close].join("\n");
    let Some(raw) = read_raw(file, &text, problems) else {
        front.legend_lost = true;
        return front;
    };
    front.name = raw.name;
    front.depth = raw.depth;
    let at = |span: std::ops::Range<usize>| Some(position_in(&text, span.start, 2));
    let (grid, projection) = (raw.grid.as_ref(), raw.projection.as_ref());
    read_layout(file, grid, projection, &at, &mut front, problems);
    read_legend(file, raw.legend, &at, &mut front, problems);
    front
}

/// The front matter's TOML `text` (from the file's line 2) as its fields, or `None` with an
/// error in `problems` when it is not valid.
fn read_raw(file: &str, text: &str, problems: &mut Vec<Problem>) -> Option<Raw> {
    match toml::from_str(text) {
        Ok(raw) => Some(raw),
        Err(err) => {
            let at = err.span().map_or((2, 1), |s| position_in(text, s.start, 2));
            problems.push(Problem::error(
                file,
                Some(at),
                format!(
                    "bad front matter: {}",
                    plain_types(err.message().trim_end())
                ),
            ));
            None
        }
    }
}

/// Reads `grid` and `projection` into `front`, marking its tiling lost when either is refused.
fn read_layout(
    file: &str,
    grid: Option<&Spanned<String>>,
    proj: Option<&Spanned<String>>,
    at: At<'_>,
    front: &mut FrontMatter,
    problems: &mut Vec<Problem>,
) {
    if let Some(grid) = grid {
        match grid.get_ref().parse::<Tiling>() {
            Ok(tiling) => front.tiling = tiling,
            Err(err) => {
                problems.push(Problem::error(file, at(grid.span()), err.to_string()));
                // The body cannot be read without its tiling: every glyph would be misplaced.
                front.tiling_lost = true;
            }
        }
    }
    if let Some(p) = proj
        && let Err(msg) = projection(p.get_ref(), front)
    {
        problems.push(Problem::error(file, at(p.span()), msg));
        // Read in the wrong projection every glyph would be misplaced.
        front.tiling_lost = true;
    }
}

/// Reads the `[legend]` table into `front`: each good entry under its glyph, the glyph of each
/// bad one into its bad glyphs.
fn read_legend(
    file: &str,
    legend: BTreeMap<Spanned<String>, RawEntry>,
    at: At<'_>,
    front: &mut FrontMatter,
    problems: &mut Vec<Problem>,
) {
    for (key, entry) in legend {
        let mut chars = key.get_ref().chars();
        let glyph = match (chars.next(), chars.next()) {
            (Some(c), None) if c != ' ' => c,
            _ => {
                problems.push(Problem::error(
                    file,
                    at(key.span()),
                    format!(
                        "legend key {:?}: expected a single character other than a space",
                        key.get_ref()
                    ),
                ));
                continue;
            }
        };
        match legend_entry(file, &entry, at, problems) {
            Some(e) => {
                front.legend.insert(glyph, e);
            }
            None => {
                front.bad_glyphs.insert(glyph);
            }
        }
    }
}

/// Reads `projection = "compact" | "large"` into `front` (its tiling already read): the
/// large form needs a tiling with sides.
fn projection(name: &str, front: &mut FrontMatter) -> Result<(), String> {
    match name {
        "compact" => front.large = false,
        "large" if front.tiling.has_sides() => front.large = true,
        "large" => {
            return Err(format!(
                "projection = \"large\" draws the sides between tiles, and a {} map has none: \
                 expected a hex or square grid, or no projection",
                front.tiling
            ));
        }
        other => {
            return Err(format!(
                "unknown projection {other:?}: expected \"compact\" or \"large\""
            ));
        }
    }
    Ok(())
}

type At<'a> = &'a dyn Fn(std::ops::Range<usize>) -> Option<(usize, usize)>;

fn legend_entry(
    file: &str,
    raw: &RawEntry,
    at: At<'_>,
    problems: &mut Vec<Problem>,
) -> Option<LegendEntry> {
    let before = problems.len();
    let terrain = match &raw.terrain {
        None => Terrain::Floor,
        Some(name) => Terrain::from_name(name.get_ref()).unwrap_or_else(|| {
            let known: Vec<&str> = Terrain::ALL.iter().map(|t| t.name()).collect();
            problems.push(Problem::error(
                file,
                at(name.span()),
                format!(
                    "unknown terrain {:?}: expected one of {}",
                    name.get_ref(),
                    known.join(", ")
                ),
            ));
            Terrain::Floor
        }),
    };
    let mut check =
        |value: &Option<Spanned<String>>, what: &str, ok: fn(&str) -> bool, list: &[&str]| {
            let v = value.as_ref()?;
            if !ok(v.get_ref()) {
                problems.push(Problem::error(
                    file,
                    at(v.span()),
                    format!(
                        "unknown {what} {:?}: expected one of {}",
                        v.get_ref(),
                        list.join(", ")
                    ),
                ));
            }
            Some(v.get_ref().clone())
        };
    let monster = check(&raw.monster, "monster", is_monster, &monsters());
    let item = check(&raw.item, "item", is_item, &items());
    (problems.len() == before).then_some(LegendEntry {
        terrain,
        monster,
        item,
        start: raw.start,
    })
}
