//! The compact map in plain text: `map render` and the character dump draw a level as the
//! game's compact view does, thin walls and doors on sides included (README, "Keys"): a side
//! between two tiles of a row in the column between them (`|` `+` `'`), every other side as
//! an underline, written in plain text as U+0332 COMBINING LOW LINE after the character.
#![allow(clippy::unwrap_used)]

use hexdeep::content::Content;
use hexdeep::geom::{Cell, Tiling};
use hexdeep::map::{Grid, Level, SideFeature, Terrain};
use hexdeep::mapfile::render::{Computed, to_text};
use hexdeep::mapfile::render_sides::UNDERLINE;
use hexdeep::sim::World;
use hexdeep::ui::morgue;

/// An 8 by 5 box of `tiling` walled round, the player at (2, 2), with a feature on many
/// sides: thin walls, closed and open doors, across every kind of side (hex and square grids).
fn keep(tiling: Tiling) -> Level {
    let mut level = bare(tiling);
    if tiling.has_sides() {
        let kinds = [
            SideFeature::Wall,
            SideFeature::DoorClosed,
            SideFeature::DoorOpen,
        ];
        let mut k = 0;
        for i in level.terrain.indices().collect::<Vec<_>>() {
            for side in tiling.tile_sides(level.terrain.cell(i)) {
                k += 1;
                if k % 3 == 0 {
                    level.set_side(side, kinds[k / 3 % kinds.len()]);
                }
            }
        }
    }
    level
}

/// The box of [`keep`] with nothing on its sides.
fn bare(tiling: Tiling) -> Level {
    let cells: Vec<Cell> = (0..5)
        .flat_map(|y| (0..8).map(move |x| Cell::new(x, y)))
        .collect();
    let mut grid = Grid::from_cells(tiling, &cells, Terrain::Floor).unwrap();
    for &c in &cells {
        if c.x == 0 || c.y == 0 || c.x == 7 || c.y == 4 {
            grid.set(c, Terrain::Wall);
        }
    }
    let mut level = Level::new("keep", 1, grid);
    level.start = Some(Cell::new(2, 2));
    level
}

/// Rows with their common indentation and trailing blank rows taken away.
fn flush_left(rows: &[String]) -> Vec<String> {
    let indent = rows
        .iter()
        .filter(|r| !r.trim().is_empty())
        .map(|r| r.len() - r.trim_start().len())
        .min()
        .unwrap_or(0);
    let mut out: Vec<String> = rows
        .iter()
        .map(|r| r.get(indent..).unwrap_or("").trim_end().to_string())
        .collect();
    while out.last().is_some_and(String::is_empty) {
        out.pop();
    }
    out
}

/// The game's compact map of `level` with every tile seen, as the character dump writes it.
fn game_rows(level: &Level) -> Vec<String> {
    let content: std::sync::Arc<Content> = Content::bundled().unwrap().into();
    let world = World::new(content.clone(), level.clone(), 1).unwrap();
    let mut parts = world.to_parts();
    for d in &mut parts.depths {
        d.memory
            .iter_mut()
            .flat_map(|m| m.seen.iter_mut())
            .for_each(|s| *s = true);
    }
    let world = World::from_parts(parts, content).unwrap();
    flush_left(&morgue::map_rows(&world))
}

/// `map render`'s text of `level`, without the overlay lines.
fn render_rows(level: &Level) -> Vec<String> {
    let text = to_text(level, &Computed::default(), false).unwrap();
    flush_left(&text.lines().map(str::to_string).collect::<Vec<_>>())
}

#[test]
fn map_render_draws_the_compact_map_as_the_game_and_the_dump_do() {
    for tiling in Tiling::ALL {
        let level = keep(tiling);
        assert_eq!(render_rows(&level), game_rows(&level), "{tiling}");
    }
}

#[test]
fn every_side_shows_in_plain_text() {
    for tiling in [Tiling::Hex, Tiling::Square] {
        let mut level = bare(tiling);
        // The sides that run under @ (2, 2) and the column between it and (3, 2): on hexes
        // the one to the south-east, on squares those below both.
        let (a, b) = (Cell::new(2, 2), Cell::new(3, 2));
        let (below, under) = match tiling {
            Tiling::Hex => (Cell::new(3, 3), Cell::new(3, 3)),
            _ => (Cell::new(2, 3), Cell::new(3, 3)),
        };
        for (east, south, glyph) in [
            (SideFeature::Wall, SideFeature::Open, '|'),
            (SideFeature::DoorClosed, SideFeature::Wall, '+'),
            (SideFeature::DoorOpen, SideFeature::DoorClosed, '\''),
        ] {
            level.set_side(level.side_of(a, b).unwrap(), east);
            level.set_side(level.side_of(a, below).unwrap(), south);
            level.set_side(level.side_of(b, under).unwrap(), south);
            let rows = render_rows(&level);
            let all = rows.join("\n");
            let row = rows.iter().find(|r| r.contains('@')).unwrap();
            let at = row.find('@').unwrap();
            let after = &row[at + 1..];
            let mark = if south == SideFeature::Open {
                ""
            } else {
                "\u{332}"
            };
            let want = format!("{mark}{glyph}{mark}");
            assert!(
                after.starts_with(&want),
                "{tiling} {east:?} {south:?}: {after:?} in\n{all}"
            );
        }
        assert!(render_rows(&keep(tiling)).join("").contains(UNDERLINE));
    }
    // Without sides nothing is underlined.
    assert!(
        !render_rows(&keep(Tiling::Triangle))
            .join("")
            .contains(UNDERLINE)
    );
}

#[test]
fn the_dump_shows_the_sides_that_are_not_east_west() {
    let level = keep(Tiling::Square);
    let content: std::sync::Arc<Content> = Content::bundled().unwrap().into();
    let world = World::new(content, level, 1).unwrap();
    let dump = morgue::text(&world, &[]);
    assert!(dump.contains(UNDERLINE), "{dump}");
    assert!(dump.contains('|') && dump.contains('\''), "{dump}");
}
