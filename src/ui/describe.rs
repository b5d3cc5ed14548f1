//! Words for what is on a tile, for look mode, clicks and the sidebar.

use crate::content::Content;
use crate::geom::Cell;
use crate::sim::{Names, World};
use crate::sim::{a_name, compared};

/// A sentence about a tile as the player knows it.
pub fn describe(world: &World, hex: Cell) -> String {
    describe_named(world, &Names::default().updated(world), hex)
}

/// A sentence about a tile, naming a monster by `names` ("rat B" among several rats).
pub fn describe_named(world: &World, names: &Names, hex: Cell) -> String {
    let Some(terrain) = world.level().terrain_at(hex) else {
        return "There is nothing there.".to_string();
    };
    if !world.is_seen(hex) {
        return "You have not seen that place.".to_string();
    }
    let place = if world.is_visible(hex) {
        format!("You see {}", terrain.describe())
    } else {
        format!("You remember {}", terrain.describe())
    };
    let items = items_words(world, hex);
    let place = if items.is_empty() {
        place
    } else {
        format!("{place} and {}", items.join(", "))
    };
    let told = match world.visible_creature(hex) {
        Some(c) if c.id == world.player().id => format!("{place}, where you stand."),
        Some(c) => {
            let who = match names.shown_letter(world, c.id) {
                Some(letter) => format!("{} {letter}", c.name),
                None => a_name(&c.name),
            };
            let pace = pace(world, c.id).map_or(String::new(), |p| format!(", {p}"));
            format!("{place} and {who} ({}/{} hp){pace}.", c.hp, c.max_hp)
        }
        None => format!("{place}."),
    };
    match sides_words(world, hex) {
        Some(sides) => format!("{told} {sides}"),
        None => told,
    }
}

/// The items lying on `hex`, each kind once with its count and what it does, a weapon or
/// armour compared with what is in hand or worn: "5 darts (throw: 2 damage)", "a suit of
/// scale mail (…; same as your scale mail)".
pub fn items_words(world: &World, hex: Cell) -> Vec<String> {
    let mut kinds: Vec<(&str, usize)> = Vec::new();
    for f in world.items_at(hex) {
        match kinds.iter_mut().find(|(name, _)| *name == f.item) {
            Some((_, n)) => *n += 1,
            None => kinds.push((&f.item, 1)),
        }
    }
    kinds
        .into_iter()
        .map(
            |(item, n)| match (compared_or_held(world, item), world.content().item(item)) {
                (Some(c), Some(k)) if n == 1 => {
                    format!("{} ({}; {c})", a_name(item), k.use_.summary())
                }
                (Some(c), Some(k)) => {
                    format!(
                        "{n} {} ({}; {c})",
                        super::words::plural(item),
                        k.use_.summary()
                    )
                }
                _ if n > 1 => item_words_counted(world.content(), item, n),
                _ => item_words(world.content(), item),
            },
        )
        .collect()
}

/// A weapon's or armour's comparison with what is in hand or worn, or, for one of the kind in
/// hand or worn, that the player has one ("you wear one"), so a second one reads as such.
fn compared_or_held(world: &World, item: &str) -> Option<String> {
    let me = world.player();
    if me.worn.as_deref() == Some(item) {
        return Some("you wear one".to_string());
    }
    if me.wielded.as_deref() == Some(item) {
        return Some("you wield one".to_string());
    }
    compared(world, item)
}

/// The walls and doors on a seen tile's sides, as a sentence: "A thin wall to the
/// north-east, a closed door to the west." `None` when every side is open.
pub fn sides_words(world: &World, hex: Cell) -> Option<String> {
    let level = world.level();
    if !level.has_sides() {
        return None;
    }
    let told: Vec<String> = level
        .terrain
        .moves_at(hex)
        .filter_map(|(to, m)| {
            let feature = level.side_at(level.side_of(hex, to)?);
            (feature != crate::map::SideFeature::Open)
                .then(|| format!("{} to the {}", feature.describe(), compass_words(m.dir)))
        })
        .collect();
    (!told.is_empty()).then(|| sentence(&told.join(", ")))
}

/// A screen direction in words: "north-east".
pub fn compass_words(dir: crate::geom::Compass) -> &'static str {
    use crate::geom::Compass;
    match dir {
        Compass::E => "east",
        Compass::NE => "north-east",
        Compass::N => "north",
        Compass::NW => "north-west",
        Compass::W => "west",
        Compass::SW => "south-west",
        Compass::S => "south",
        Compass::SE => "south-east",
    }
}

/// How often a monster acts beside the player, when not as often: "fast: 4 actions a turn to
/// your 2". A fast monster chooses each action from the state when it comes, so the telegraph
/// shows only its next one; this says more follow before the player's next action.
pub fn pace(world: &World, who: crate::sim::CreatureId) -> Option<String> {
    let (word, its, yours) = pace_of(world, who)?;
    let actions = if its == 1 { "action" } else { "actions" };
    Some(format!("{word}: {its} {actions} a turn to your {yours}"))
}

/// [`pace`] in a few words, for the sidebar's list: "fast: 4 a turn".
pub fn pace_brief(world: &World, who: crate::sim::CreatureId) -> Option<String> {
    let (word, its, _) = pace_of(world, who)?;
    Some(format!("{word}: {its} a turn"))
}

/// "fast" or "slow" with the monster's and the player's actions in a turn, or `None` when
/// they act as often.
fn pace_of(world: &World, who: crate::sim::CreatureId) -> Option<(&'static str, u32, u32)> {
    let (its, yours) = (
        world.actions_in_turn(who),
        world.actions_in_turn(world.player().id),
    );
    let word = match its.cmp(&yours) {
        std::cmp::Ordering::Greater => "fast",
        std::cmp::Ordering::Less => "slow",
        std::cmp::Ordering::Equal => return None,
    };
    Some((word, its, yours))
}

/// An item with what it does: its name and the summary of its kind from the data.
pub fn item_words(content: &Content, item: &str) -> String {
    let what = content
        .item(item)
        .map_or(String::new(), |k| format!(" ({})", k.use_.summary()));
    format!("{}{what}", a_name(item))
}

/// `n` items of a kind with what they do: "5 darts (throw: 2 damage)".
pub fn item_words_counted(content: &Content, item: &str, n: usize) -> String {
    let what = content
        .item(item)
        .map_or(String::new(), |k| format!(" ({})", k.use_.summary()));
    format!("{n} {}{what}", super::words::plural(item))
}

/// A level's title, "Depth 3: the flooded caves", without saying the depth twice when the
/// level's name already does.
pub fn level_title(level: &crate::map::Level) -> String {
    let depth = format!("Depth {}", level.depth);
    if level.name.starts_with(&depth) {
        level.name.clone()
    } else {
        format!("{depth}: {}", level.name)
    }
}

/// Why travel to `to` cannot start when no known way leads there.
pub fn no_way(world: &World, to: Cell) -> String {
    match world.level().terrain_at(to) {
        None => "There is nothing there.".to_string(),
        Some(_) if !world.is_seen(to) => {
            "You know no way there: you have not seen that place.".to_string()
        }
        Some(t) if t.blocks_movement() => format!("You cannot stand on {}.", t.describe()),
        Some(_) => "You know no way there.".to_string(),
    }
}

/// A message as a sentence: a capital first letter and a full stop (unless it already ends
/// in punctuation).
pub fn sentence(text: &str) -> String {
    let mut chars = text.trim().chars();
    let Some(first) = chars.next() else {
        return String::new();
    };
    let mut out: String = first.to_uppercase().chain(chars).collect();
    if !out.ends_with(['.', '!', '?']) {
        out.push('.');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sentences_start_big_and_end_with_a_stop() {
        assert_eq!(
            sentence("you and the kobold strike each other"),
            "You and the kobold strike each other."
        );
        assert_eq!(sentence("Done!"), "Done!");
        assert_eq!(sentence("  "), "");
        assert_eq!(a_name("ogre"), "an ogre");
        assert_eq!(a_name("goblin"), "a goblin");
        let grid = crate::map::Grid::new(
            &crate::map::Shape::Parallelogram {
                width: 2,
                height: 2,
            },
            crate::map::Terrain::Floor,
        )
        .unwrap();
        let level = crate::map::Level::new("Depth 3: the caves", 3, grid.clone());
        assert_eq!(level_title(&level), "Depth 3: the caves");
        let level = crate::map::Level::new("Fortress", 1, grid);
        assert_eq!(level_title(&level), "Depth 1: Fortress");
    }

    #[test]
    fn items_of_one_kind_are_told_once_with_their_count() {
        let grid = crate::map::Grid::new(
            &crate::map::Shape::Hexagon { radius: 3 },
            crate::map::Terrain::Floor,
        )
        .unwrap();
        let mut level = crate::map::Level::new("room", 1, grid);
        level.start = Some(Cell::new(0, 0));
        let at = Cell::new(1, 0);
        for item in ["dart", "dart", "dart", "dart", "dart", "bomb"] {
            level.placements.push(crate::map::Placement {
                at,
                kind: crate::map::PlacementKind::Item(item.into()),
            });
        }
        let world =
            World::new(crate::content::Content::bundled().unwrap().into(), level, 1).unwrap();
        let said = describe(&world, at);
        assert_eq!(said.matches("dart").count(), 1, "{said}");
        assert!(
            said.contains("5 darts (") && said.contains("a bomb ("),
            "{said}"
        );
        assert!(!said.contains(" x"), "counts read as words: {said}");
    }
}
