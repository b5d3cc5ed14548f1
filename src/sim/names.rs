//! Telling monsters of one kind apart: each monster the player has seen holds a letter of its
//! kind ("rat A", "rat B"), shown whenever another of its kind holds one too. A monster keeps
//! its letter for as long as the player can be told about it (alive on the player's level,
//! in view or not), and a kind hands its letters out in order: a new rat never takes the letter
//! of one that died in the same fight. The letters start again at A only once no monster of
//! the kind is known any more. Only the player's view decides it: the rules never read it.

use super::{CreatureId, World};

/// The letters held by the monsters seen, by creature id.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Names {
    /// `(creature, letter)`, sorted by creature. Monsters that died (or were left on another
    /// level) keep their entries while another of their kind is known, so that their letters
    /// are neither reused nor dropped from their kin's names.
    letters: Vec<(CreatureId, char)>,
}

/// The letters a kind gives out, in order.
const LETTERS: std::ops::RangeInclusive<char> = 'A'..='Z';

impl Names {
    /// Gives every monster in view that holds no letter the letter after the last one its kind
    /// handed out (monsters coming into view together take them nearest first). Letters
    /// already held are kept, so a monster's name never changes while it is known.
    pub fn see(&mut self, world: &World) {
        for monster in world.visible_monsters() {
            if self.letter(monster.id).is_some() {
                continue;
            }
            let held: Vec<char> = self
                .letters
                .iter()
                .filter(|(id, _)| kind(world, *id) == Some(monster.name.as_str()))
                .map(|(_, l)| *l)
                .collect();
            let last = held.iter().max().copied();
            // After Z (26 rats at once), the first letter no one holds; else none.
            let next = LETTERS
                .clone()
                .find(|l| last.is_none_or(|last| *l > last))
                .or_else(|| LETTERS.clone().find(|l| !held.contains(l)));
            if let Some(letter) = next {
                let at = self.letters.partition_point(|(id, _)| *id < monster.id);
                self.letters.insert(at, (monster.id, letter));
            }
        }
    }

    /// Frees the letters of every kind none of whose lettered monsters is known any more
    /// (alive on the player's level): the next of that kind is "A" again. A kind with one
    /// monster still known keeps all its letters, the dead ones' included.
    pub fn forget_gone(&mut self, world: &World) {
        let known = |id: CreatureId| {
            world
                .creatures()
                .get(id)
                .is_some_and(|c| c.alive && c.depth == world.depth())
        };
        let kinds: Vec<&str> = self
            .letters
            .iter()
            .filter(|(id, _)| known(*id))
            .filter_map(|(id, _)| kind(world, *id))
            .collect();
        self.letters
            .retain(|(id, _)| kind(world, *id).is_some_and(|k| kinds.contains(&k)));
    }

    /// These names with the gone kinds forgotten and every monster now in view given its
    /// letter: what the screen shows.
    pub fn updated(&self, world: &World) -> Names {
        let mut names = self.clone();
        names.forget_gone(world);
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
    /// too (two rats seen are "rat A" and "rat B"; a lone rat is "rat").
    pub fn shown_letter(&self, world: &World, id: CreatureId) -> Option<char> {
        let letter = self.letter(id)?;
        let name = kind(world, id)?;
        let others = self
            .letters
            .iter()
            .any(|(other, _)| *other != id && kind(world, *other) == Some(name));
        others.then_some(letter)
    }

    /// A monster's name as the messages and the sidebar say it: "rat B" among several rats
    /// seen, else its kind's name ("rat").
    pub fn name(&self, world: &World, id: CreatureId) -> String {
        let name = kind(world, id).unwrap_or("something");
        match self.shown_letter(world, id) {
            Some(letter) => format!("{name} {letter}"),
            None => name.to_string(),
        }
    }

    /// "a rat" for a monster told apart by its kind alone, "rat B" for one with a letter.
    pub fn a_name(&self, world: &World, id: CreatureId) -> String {
        match (self.shown_letter(world, id), kind(world, id)) {
            (Some(letter), Some(name)) => format!("{name} {letter}"),
            (None, Some(name)) => super::a_name(name),
            (_, None) => "something".to_string(),
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
