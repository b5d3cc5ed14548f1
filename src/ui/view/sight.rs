//! Whose eyes the map is drawn through: the world's viewer (the hero whose turn or view it
//! is), or every hero of the party at once, as the replay viewer's `V` shows a party's game.

use crate::geom::Cell;
use crate::sim::World;

/// Whose sight the map shows as in view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Sight {
    /// The viewer's ([`World::is_visible`]).
    #[default]
    Viewer,
    /// What any hero sees now: the union of every hero's field of view.
    AllHeroes,
}

impl Sight {
    /// Whether `cell` of the player's level is in view by this sight.
    pub fn sees(self, world: &World, cell: Cell) -> bool {
        match self {
            Sight::Viewer => world.is_visible(cell),
            Sight::AllHeroes => here(world).any(|h| world.hero_sees(h, cell)),
        }
    }

    /// Whether `cell` of the player's level is remembered by this sight: the viewer's memory
    /// ([`World::is_seen`]), or any hero's, as each hero remembers only what they saw.
    pub fn remembers(self, world: &World, cell: Cell) -> bool {
        match self {
            Sight::Viewer => world.is_seen(cell),
            Sight::AllHeroes => here(world).any(|h| world.is_seen_by(h, cell)),
        }
    }
}

/// The heroes on the level the map shows (the viewer's): another level's sight and memory
/// are of other tiles.
fn here(world: &World) -> impl Iterator<Item = crate::sim::CreatureId> + '_ {
    world
        .heroes()
        .iter()
        .copied()
        .filter(|&h| world.creatures()[h].depth == world.depth())
}
