//! Naming the heroes of a recorded game on the command line (`replay --hero NAME`): a hero
//! by their name or their number in the party's order, and the words that name them.

use crate::sim::{CreatureId, World};

/// A hero's name as a person reads it: their own, or "the first hero" for the hero of a game
/// of one, whom the rules call "you".
pub fn hero_name(world: &World, hero: CreatureId) -> String {
    let name = &world.creatures()[hero].name;
    if name == "you" {
        "the first hero".to_string()
    } else {
        crate::text::escape_controls(name)
    }
}

/// The hero of `world` that `text` names: by name (as `--names` gave it), else by number from
/// 1 in the party's order. An error names every hero of the game, with their numbers.
pub fn find_hero(world: &World, text: &str) -> Result<CreatureId, String> {
    let heroes = world.heroes();
    let by_name = heroes
        .iter()
        .copied()
        .find(|&h| world.creatures()[h].name == text);
    let by_number = text
        .trim()
        .parse::<usize>()
        .ok()
        .and_then(|n| n.checked_sub(1))
        .and_then(|i| heroes.get(i).copied());
    by_name.or(by_number).ok_or_else(|| {
        let listed: Vec<String> = heroes
            .iter()
            .enumerate()
            .map(|(i, &h)| format!("{} {}", i + 1, hero_name(world, h)))
            .collect();
        format!(
            "--hero {}: no such hero in this game; its heroes are {}",
            crate::text::escape_controls(&format!("{text:?}")),
            listed.join(", ")
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::Content;
    use crate::geom::Cell;
    use crate::map::{Grid, Level, Shape, Terrain};

    fn party(n: usize) -> World {
        let shape = Shape::Parallelogram {
            width: 6,
            height: 3,
        };
        let mut level = Level::new("room", 1, Grid::new(&shape, Terrain::Floor).unwrap());
        level.start = Some(Cell::new(1, 1));
        let content = Content::bundled().unwrap().into();
        let mut world = World::party_on_levels(content, vec![level], 3, n).unwrap();
        if n > 1 {
            world.name_heroes(&["Ann".to_string(), "12".to_string()]);
        }
        world
    }

    #[test]
    fn a_hero_is_found_by_name_then_by_number() {
        let world = party(2);
        assert_eq!(find_hero(&world, "Ann"), Ok(0));
        assert_eq!(find_hero(&world, "2"), Ok(1));
        // A name that is a number is that hero's before it is a number.
        assert_eq!(find_hero(&world, "12"), Ok(1));
        assert_eq!(find_hero(&world, "1"), Ok(0));
        let err = find_hero(&world, "Zed").unwrap_err();
        assert_eq!(
            err,
            "--hero \"Zed\": no such hero in this game; its heroes are 1 Ann, 2 12"
        );
        assert!(find_hero(&world, "3").is_err() && find_hero(&world, "0").is_err());
        let one = party(1);
        assert_eq!(find_hero(&one, "1"), Ok(0));
        assert!(find_hero(&one, "you").is_ok());
        assert!(
            find_hero(&one, "2")
                .unwrap_err()
                .ends_with("1 the first hero")
        );
    }
}
