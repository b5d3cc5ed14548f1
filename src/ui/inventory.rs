//! Words for what the player carries: one line an item with its letter and what it does, and
//! a short summary for the sidebar. Names and numbers come from `data/items.toml`.

use crate::content::Content;
use crate::sim::{ItemUse, Stack, World, compared};

/// An item's name with its count: "6 darts", or "sword" for one.
pub fn counted(stack: &Stack) -> String {
    if stack.count > 1 {
        format!("{} {}", stack.count, super::words::plural(&stack.item))
    } else {
        stack.item.clone()
    }
}

/// What an item does, with its numbers: damage, range, effect.
pub fn effect(content: &Content, item: &str) -> String {
    let Some(kind) = content.item(item) else {
        return "unknown".to_string();
    };
    let mut text = kind.use_.summary();
    if let ItemUse::Ammo { launcher, .. } = &kind.use_
        && let Some(ItemUse::Launcher { range }) = content.item(launcher).map(|k| &k.use_)
    {
        text = format!("{text}, range {range}");
    }
    text
}

/// "wielded" or "worn" when the player has the item in hand or on.
pub fn in_use(world: &World, item: &str) -> Option<&'static str> {
    let me = world.player();
    if me.wielded.as_deref() == Some(item) {
        Some("wielded")
    } else if me.worn.as_deref() == Some(item) {
        Some("worn")
    } else {
        None
    }
}

/// One inventory line: "a - 6 darts: throw: 2 damage, range 6", "b - mace (wielded): wield:
/// 5 damage a blow"; an item that could be wielded or worn in place of what is says how it
/// compares: "c - sword: wield: 7 damage a blow; +2 damage vs your mace".
pub fn line(world: &World, stack: &Stack) -> String {
    let mark = in_use(world, &stack.item).map_or(String::new(), |m| format!(" ({m})"));
    let vs = compared(world, &stack.item).map_or(String::new(), |c| format!("; {c}"));
    format!(
        "{} - {}{mark}: {}{vs}",
        stack.letter,
        counted(stack),
        effect(world.content(), &stack.item)
    )
}

/// Every inventory line, in letter order.
pub fn lines(world: &World) -> Vec<String> {
    world
        .player()
        .inventory
        .iter()
        .map(|s| line(world, s))
        .collect()
}

/// A short line an item for the sidebar: "a: 6 darts" (the colon keeps the letter apart from
/// the count).
pub fn summary(world: &World) -> Vec<String> {
    world
        .player()
        .inventory
        .iter()
        .map(|s| {
            let mark = match in_use(world, &s.item) {
                Some(_) => "*",
                None => "",
            };
            format!("{}: {}{mark}", s.letter, counted(s))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_item_has_no_count_and_many_do() {
        let one = Stack {
            item: "dart".into(),
            count: 1,
            letter: 'a',
        };
        assert_eq!(counted(&one), "dart");
        let many = Stack { count: 3, ..one };
        assert_eq!(counted(&many), "3 darts");
        assert_eq!(
            effect(&Content::bundled().unwrap(), "no such item"),
            "unknown"
        );
    }

    #[test]
    fn the_sidebar_keeps_each_letter_apart_from_its_count() {
        use crate::geom::Cell;
        use crate::map::{Grid, Level, Shape, Terrain};
        let grid = Grid::new(
            &Shape::Parallelogram {
                width: 3,
                height: 1,
            },
            Terrain::Floor,
        )
        .unwrap();
        let mut level = Level::new("room", 1, grid);
        level.start = Some(Cell::new(0, 0));
        let world = World::new(Content::bundled().unwrap().into(), level, 1).unwrap();
        let darts = world.player().count_of("dart");
        assert!(darts > 1, "the player starts with darts");
        assert_eq!(summary(&world)[0], format!("a: {darts} darts"));
    }
}
