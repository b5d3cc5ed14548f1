//! Telling monsters of one kind apart: each monster in view holds a letter of its kind ("rat
//! A", "rat B") for as long as it stays in view, shown whenever another of its kind holds one
//! too. Only the player's view decides it: the rules never read it.

use super::{CreatureId, World};

/// The letters held by the monsters in view, by creature id.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Names {
    /// `(creature, letter)`, sorted by creature.
    letters: Vec<(CreatureId, char)>,
}

/// The letters a kind gives out, in order.
const LETTERS: std::ops::RangeInclusive<char> = 'A'..='Z';

impl Names {
    /// Gives every monster in view that holds no letter the first letter no other monster of
    /// its kind holds (monsters coming into view together take them nearest first). Letters
    /// already held are kept, so a monster's name never changes while it is in view.
    pub fn see(&mut self, world: &World) {
        for monster in world.visible_monsters() {
            if self.letter(monster.id).is_some() {
                continue;
            }
            let taken: Vec<char> = self
                .letters
                .iter()
                .filter(|(id, _)| kind(world, *id) == Some(monster.name.as_str()))
                .map(|(_, l)| *l)
                .collect();
            if let Some(free) = LETTERS.clone().find(|l| !taken.contains(l)) {
                let at = self.letters.partition_point(|(id, _)| *id < monster.id);
                self.letters.insert(at, (monster.id, free));
            }
        }
    }

    /// Frees the letters of monsters that are no longer in view (or alive, or on this level).
    pub fn forget_unseen(&mut self, world: &World) {
        let seen: Vec<CreatureId> = world.visible_monsters().iter().map(|c| c.id).collect();
        self.letters.retain(|(id, _)| seen.contains(id));
    }

    /// These names with every monster now in view given its letter: what the screen shows.
    pub fn updated(&self, world: &World) -> Names {
        let mut names = self.clone();
        names.forget_unseen(world);
        names.see(world);
        names
    }

    /// The letter a monster holds, if any.
    pub fn letter(&self, id: CreatureId) -> Option<char> {
        self.letters
            .binary_search_by_key(&id, |(i, _)| *i)
            .ok()
            .map(|i| self.letters[i].1)
    }

    /// The letter to show for a monster: its own, when another monster of its kind holds one
    /// too (two rats in view are "rat A" and "rat B"; a lone rat is "rat").
    pub fn shown_letter(&self, world: &World, id: CreatureId) -> Option<char> {
        let letter = self.letter(id)?;
        let name = kind(world, id)?;
        let others = self
            .letters
            .iter()
            .any(|(other, _)| *other != id && kind(world, *other) == Some(name));
        others.then_some(letter)
    }

    /// A monster's name as the messages and the sidebar say it: "rat B" among several rats in
    /// view, else its kind's name ("rat").
    pub fn name(&self, world: &World, id: CreatureId) -> String {
        let name = kind(world, id).unwrap_or("something");
        match self.shown_letter(world, id) {
            Some(letter) => format!("{name} {letter}"),
            None => name.to_string(),
        }
    }

    /// "the rat" for a monster told apart by its kind alone, "rat B" for one with a letter.
    pub fn the_name(&self, world: &World, id: CreatureId) -> String {
        match (self.shown_letter(world, id), kind(world, id)) {
            (Some(letter), Some(name)) => format!("{name} {letter}"),
            (None, Some(name)) => format!("the {name}"),
            (_, None) => "something".to_string(),
        }
    }
}

/// The kind's name of a creature.
fn kind(world: &World, id: CreatureId) -> Option<&str> {
    world.creatures().get(id).map(|c| c.name.as_str())
}
