//! What a segment's senses cost does not grow with the level's area (issue 29).

use super::*;
use crate::content::Content;
use crate::map::{Grid, Shape};

#[test]
fn the_senses_hold_the_creatures_not_a_table_over_the_level() {
    let content = Content::bundled().unwrap();
    let shape = Shape::Parallelogram {
        width: 400,
        height: 400,
    };
    let level = Level::new("wide", 1, Grid::new(&shape, Terrain::Floor).unwrap());
    let player = Creature::player(&content, Cell::new(1, 1));
    let rat = Creature::monster(1, content.monster("rat").unwrap(), Cell::new(5, 5));
    let creatures = [player, rat];
    let senses = Senses::new(&level, content.monsters(), &creatures, 1, None);
    assert_eq!(senses.occupied.len(), 2, "one entry a creature");
    assert!(!senses.free(Cell::new(5, 5)) && senses.free(Cell::new(6, 5)));
    assert!(
        senses.to_player.get().is_none(),
        "no map until a monster hunts"
    );
}
