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
            Sight::AllHeroes => world.heroes().iter().any(|&h| world.hero_sees(h, cell)),
        }
    }
}
