//! Level styles: which kind of level each depth gets, its name, and the numbers that make it.

use crate::geom::Tiling;

/// The deepest depth: the final lair, with the artifact and no way further down.
pub const LAIR_DEPTH: u32 = 10;

/// The kind of level a depth gets.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Style {
    /// Halls of rooms carved out of solid rock, joined by corridors through doors.
    Halls,
    /// Open noise caverns with a little water and brush.
    Caves,
    /// Caverns grown over with brush that hides what lies in it.
    Overgrown,
    /// Caverns and a few rooms under shallow water, with deep pools.
    Flooded,
    /// A labyrinth of thin walls on the sides between tiles, looping here and there, with
    /// chambers walled off by thin walls and entered by doors on their sides. Only on
    /// tilings with sides ([`Tiling::has_sides`]); [`style_on`] gives triangles caves instead.
    Maze,
    /// The final lair: one great cavern around a hall where the artifact lies, guarded; no
    /// down stairs.
    Lair,
}

/// The style of the level at `depth` on hexes and squares: halls at 1–2, 5 and 8; the
/// thin-walled maze at 3; caves at 9 (and below the lair); overgrown caves at 6; flooded
/// halls at 4 and 7; the lair at [`LAIR_DEPTH`]. Depth 0 is treated as depth 1.
pub fn style(depth: u32) -> Style {
    match depth {
        0..=2 | 5 | 8 => Style::Halls,
        MAZE_DEPTH => Style::Maze,
        4 | 7 => Style::Flooded,
        6 => Style::Overgrown,
        LAIR_DEPTH => Style::Lair,
        _ => Style::Caves,
    }
}

/// The depth of the thin-walled maze ([`Style::Maze`]) on tilings with sides.
pub const MAZE_DEPTH: u32 = 3;

/// The style of the level at `depth` on `tiling`: [`style`], except that a tiling without
/// sides (triangles) keeps open caves where the others get the maze, as it did before
/// mazes were made.
pub fn style_on(tiling: Tiling, depth: u32) -> Style {
    match style(depth) {
        Style::Maze if !tiling.has_sides() => Style::Caves,
        s => s,
    }
}

impl Style {
    /// Every style, shallowest first.
    pub const ALL: [Style; 6] = [
        Style::Halls,
        Style::Caves,
        Style::Overgrown,
        Style::Flooded,
        Style::Maze,
        Style::Lair,
    ];

    /// A few words for the level's name: "the flooded halls".
    pub fn title(self) -> &'static str {
        match self {
            Style::Halls => "the halls",
            Style::Caves => "the open caves",
            Style::Overgrown => "the overgrown caves",
            Style::Flooded => "the flooded halls",
            Style::Maze => "the thin-walled maze",
            Style::Lair => "the lair",
        }
    }

    /// Whether levels of this style have down stairs (all but the lair).
    pub fn has_down_stairs(self) -> bool {
        self != Style::Lair
    }

    /// The numbers that make a level of this style.
    pub(super) fn recipe(self) -> Recipe {
        let wet = |deep, any, brush| Wetness { deep, any, brush };
        match self {
            Style::Halls => Recipe {
                rock: None,
                area_per_room: Some(130),
                wetness: wet(4, 20, 30),
            },
            Style::Caves => Recipe {
                rock: Some(470),
                area_per_room: None,
                wetness: wet(25, 70, 90),
            },
            Style::Overgrown => Recipe {
                rock: Some(450),
                area_per_room: None,
                wetness: wet(15, 45, 320),
            },
            Style::Flooded => Recipe {
                rock: Some(400),
                area_per_room: Some(450),
                wetness: wet(110, 540, 30),
            },
            // No rock, no rooms: [`super::maze`] carves it; no deep water, which would cut
            // its one-tile passages.
            Style::Maze => Recipe {
                rock: None,
                area_per_room: None,
                wetness: wet(0, 25, 60),
            },
            Style::Lair => Recipe {
                rock: Some(470),
                area_per_room: None,
                wetness: wet(35, 90, 60),
            },
        }
    }
}

/// The name of the level at `depth` on hexes and squares: "Depth 4: the flooded halls".
pub fn level_name(depth: u32) -> String {
    level_name_on(Tiling::Hex, depth)
}

/// The name of the level at `depth` on `tiling`, from [`style_on`].
pub fn level_name_on(tiling: Tiling, depth: u32) -> String {
    format!("Depth {depth}: {}", style_on(tiling, depth).title())
}

/// How a style's terrain is made.
#[derive(Copy, Clone, Debug)]
pub(super) struct Recipe {
    /// Per mille of the interior that starts as rock before the caverns are smoothed; `None`
    /// for no caverns (solid rock until rooms are carved).
    pub rock: Option<usize>,
    /// Interior tiles per room wanted; `None` for no rooms.
    pub area_per_room: Option<usize>,
    /// Water and brush.
    pub wetness: Wetness,
}

/// Shares of the interior, per mille of its tiles by noise rank, that become deep water,
/// water of either depth, and brush, where they fall on open floor.
#[derive(Copy, Clone, Debug)]
pub(super) struct Wetness {
    /// Deep water.
    pub deep: usize,
    /// Water, deep or shallow.
    pub any: usize,
    /// Brush.
    pub brush: usize,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_style_occurs_in_the_ten_depths_and_the_lair_is_last() {
        let styles: Vec<Style> = (1..=LAIR_DEPTH).map(style).collect();
        for s in Style::ALL {
            assert!(styles.contains(&s), "{s:?} never occurs");
        }
        assert_eq!(styles.iter().filter(|&&s| s == Style::Lair).count(), 1);
        assert_eq!(style(LAIR_DEPTH), Style::Lair);
        assert_eq!(style(0), style(1));
        assert!(style(LAIR_DEPTH + 1).has_down_stairs());
    }

    #[test]
    fn triangles_keep_caves_where_the_others_get_the_maze() {
        assert_eq!(style(MAZE_DEPTH), Style::Maze);
        assert_eq!(style_on(Tiling::Square, MAZE_DEPTH), Style::Maze);
        assert_eq!(style_on(Tiling::Triangle, MAZE_DEPTH), Style::Caves);
        for depth in (0..=LAIR_DEPTH + 2).filter(|&d| d != MAZE_DEPTH) {
            for t in Tiling::ALL {
                assert_eq!(style_on(t, depth), style(depth), "{t} {depth}");
            }
        }
        assert_eq!(
            level_name_on(Tiling::Triangle, MAZE_DEPTH),
            "Depth 3: the open caves"
        );
        assert_eq!(level_name(MAZE_DEPTH), "Depth 3: the thin-walled maze");
    }

    #[test]
    fn names_say_the_depth_and_the_style() {
        assert_eq!(level_name(4), "Depth 4: the flooded halls");
        assert_eq!(level_name(LAIR_DEPTH), "Depth 10: the lair");
    }

    #[test]
    fn flooded_recipes_hold_the_most_water() {
        let most = Style::ALL
            .into_iter()
            .max_by_key(|s| s.recipe().wetness.any)
            .unwrap();
        assert_eq!(most, Style::Flooded);
    }
}
