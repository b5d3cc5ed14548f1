//! A triangle room where a tile one move from the player is out of their sight: the player
//! stands on a down-pointing triangle whose bottom corner leads to the tile below it, and the
//! four other tiles around that corner are brush, so both lines of sight through the corner
//! meet brush (issue 28's bot games, where the bot pushed against a creature there until its
//! time ran out).
#![allow(dead_code)]

use hexdeep::content::Content;
use hexdeep::geom::{Cell, Compass, Tiling};
use hexdeep::map::{Grid, Level, Placement, PlacementKind, Terrain};
use hexdeep::sim::{Behaviour, World};

/// Where the player starts (a down-pointing triangle: column plus row is even).
pub const ME: Cell = Cell::new(8, 4);
/// The tile through the player's bottom corner: one move away, out of sight.
pub const HIDDEN: Cell = Cell::new(8, 5);
/// The way from `ME` to `HIDDEN`.
pub const DOWN: Compass = Compass::S;
/// The brush around the corner between `ME` and `HIDDEN`.
pub const BRUSH: [Cell; 4] = [
    Cell::new(7, 4),
    Cell::new(9, 4),
    Cell::new(7, 5),
    Cell::new(9, 5),
];

/// A monster to place: its kind, its tile, its hit points (its kind's when `None`), and
/// whether it keeps to its tile as a guardian does its post, until the player comes within a
/// tile of it by the tiling's distance (a move through a corner is two): a blocker that
/// does not give way by itself.
#[derive(Copy, Clone, Debug)]
pub struct Monster<'a> {
    pub kind: &'a str,
    pub at: Cell,
    pub hp: Option<i32>,
    pub post: bool,
}

impl<'a> Monster<'a> {
    /// A monster of `kind` at `at`, unhurt, with its kind's mind.
    pub fn new(kind: &'a str, at: Cell) -> Monster<'a> {
        Monster {
            kind,
            at,
            hp: None,
            post: false,
        }
    }
}

/// The room: cells of floor walled around, brush around the corner, walls on `walls`, and
/// `monsters` (ids 1, 2, … in order).
pub fn level(walls: &[Cell], monsters: &[Monster]) -> Level {
    let (w, h) = (17, 10);
    let cells: Vec<Cell> = (0..h)
        .flat_map(|y| (0..w).map(move |x| Cell::new(x, y)))
        .collect();
    let mut grid = Grid::from_cells(Tiling::Triangle, &cells, Terrain::Floor).unwrap();
    for i in grid.indices().collect::<Vec<_>>() {
        let c = grid.cell(i);
        if c.x == 0 || c.y == 0 || c.x == w - 1 || c.y == h - 1 {
            grid[i] = Terrain::Wall;
        }
    }
    for c in BRUSH {
        grid.set(c, Terrain::Brush);
    }
    for &c in walls {
        grid.set(c, Terrain::Wall);
    }
    let mut level = Level::new("corner", 1, grid);
    level.start = Some(ME);
    for m in monsters {
        level.placements.push(Placement {
            at: m.at,
            kind: PlacementKind::Monster(m.kind.to_string()),
        });
    }
    level
}

/// The room's world, every tile of it known to the player (as after a scroll of magic
/// mapping). Each monster waits out its first action (its plan is cleared, so that it
/// chooses again with the hit points given).
pub fn world(walls: &[Cell], monsters: &[Monster]) -> World {
    world_of(vec![level(walls, monsters)], monsters)
}

/// [`world`] over `levels` (the room first, with `monsters` placed on it).
pub fn world_of(levels: Vec<Level>, monsters: &[Monster]) -> World {
    let content: std::sync::Arc<Content> = Content::bundled().unwrap().into();
    let world = World::from_levels(content.clone(), levels, 7).unwrap();
    let mut parts = world.to_parts();
    parts.depths[0].memory[0].seen.fill(true);
    for (i, m) in monsters.iter().enumerate() {
        let monster = &mut parts.creatures[i + 1];
        monster.hp = m.hp.unwrap_or(monster.max_hp);
        if m.post {
            monster.behaviour = Some(Behaviour::Guardian { radius: 0 });
            monster.home = Some(monster.pos);
        }
        parts.plans[i + 1] = None;
    }
    World::from_parts(parts, content).unwrap()
}
