//! The bounds every number and name of a loaded world must keep: what the data files allow
//! (`data/*.toml`: speed 1 to 4, sight at most 30) and what the rules can reach (26 stacks
//! under distinct letters, what is wielded is carried), with stated limits where the rules
//! set none, far beyond any game but short of overflowing the arithmetic that uses them.

use super::{MAX_DEPTH, SEGMENTS, World};
use crate::content::{Content, ItemUse};
use crate::sim::creature::LETTERS;
use crate::sim::{Behaviour, Creature, InvalidWorld, Story};

/// The most turns a game may have lasted.
pub const MAX_TURN: u64 = 1_000_000_000;

/// The farthest any creature sees (the data files' limit).
pub const MAX_SIGHT: u32 = 30;

/// The most hit points, damage, strength or armour a creature may have.
pub const MAX_STAT: i32 = 1_000_000;

/// The most items in one stack.
pub const MAX_STACK: u32 = 10_000;

/// The most actions a creature may still owe to a slow step.
pub const MAX_BUSY: u32 = 2 * SEGMENTS;

/// The farthest reach of a monster's behaviour (a shot, a charge, a pack's or a guard's
/// radius), in tiles.
pub const MAX_REACH: u32 = 64;

/// The most kills of one kind or uses of one item a story may count.
pub const MAX_TALLY: u32 = 1_000_000_000;

/// The most a natural healing under way may have gathered.
pub const MAX_REGEN: u64 = 1_000_000;

fn bad(what: String) -> InvalidWorld {
    InvalidWorld::Inconsistent(what)
}

impl World {
    /// Checks the clock, the healing under way, the plans and the story against their bounds.
    pub(super) fn check_bounds(&self) -> Result<(), InvalidWorld> {
        if self.turn > MAX_TURN {
            return Err(bad(format!(
                "turn {} is past the limit of {MAX_TURN}",
                self.turn
            )));
        }
        if self.depths.len() > MAX_DEPTH as usize {
            return Err(bad(format!(
                "{} levels, more than {MAX_DEPTH}",
                self.depths.len()
            )));
        }
        let (progress, _) = self.regen.parts();
        if progress > MAX_REGEN {
            return Err(bad(format!(
                "healing progress {progress} is past {MAX_REGEN}"
            )));
        }
        if self.plans.len() > self.creatures.len() {
            return Err(bad(format!(
                "{} plans for {} creatures",
                self.plans.len(),
                self.creatures.len()
            )));
        }
        for (d, depth) in self.depths.iter().enumerate() {
            if let Some(f) = depth
                .floor
                .iter()
                .find(|f| self.content.item(&f.item).is_none())
            {
                return Err(bad(format!(
                    "an unknown item {:?} lies on depth {}",
                    f.item,
                    d + 1
                )));
            }
        }
        check_story(
            &self.content,
            &self.story,
            self.depths.len() as u32,
            self.depth(),
        )?;
        self.check_creatures_bounds()
    }

    /// Each creature keeps the bounds of the data, and remembers and guards tiles of its level.
    fn check_creatures_bounds(&self) -> Result<(), InvalidWorld> {
        for c in &self.creatures {
            check_creature(&self.content, c, self.is_hero(c.id))
                .map_err(|why| bad(format!("{:?} #{}: {why}", c.name, c.id)))?;
            for (what, at) in [("remembers", c.memory), ("keeps its post at", c.home)] {
                let level = (c.depth as usize)
                    .checked_sub(1)
                    .and_then(|d| self.depths.get(d))
                    .map(|d| &d.level);
                if let Some(at) = at.filter(|&h| !level.is_some_and(|l| l.terrain.contains(h))) {
                    return Err(InvalidWorld::Outside(format!(
                        "{:?} #{} {what} {at}, off its level",
                        c.name, c.id
                    )));
                }
            }
        }
        Ok(())
    }
}

/// Whether `value` lies in `range`, or why not.
fn within<T: PartialOrd + std::fmt::Display + Copy>(
    what: &str,
    value: T,
    range: std::ops::RangeInclusive<T>,
) -> Result<(), String> {
    if range.contains(&value) {
        Ok(())
    } else {
        Err(format!(
            "{what} {value} is not {} to {}",
            range.start(),
            range.end()
        ))
    }
}

/// A creature's numbers, kind, pack and gear; a `hero` has no behaviour, every other one has.
fn check_creature(content: &Content, c: &Creature, hero: bool) -> Result<(), String> {
    within("speed", c.speed, 1..=SEGMENTS)?;
    within("sight", c.sight, 0..=MAX_SIGHT)?;
    within("maximum hit points", c.max_hp, 1..=MAX_STAT)?;
    within("hit points", c.hp, -MAX_STAT..=MAX_STAT)?;
    within("damage", c.damage, 0..=MAX_STAT)?;
    within("strength", c.strength, -MAX_STAT..=MAX_STAT)?;
    within("armour", c.armour, 0..=MAX_STAT)?;
    within("actions owed", c.busy, 0..=MAX_BUSY)?;
    if c.glyph.is_control() {
        return Err(format!("its glyph {:?} is a control character", c.glyph));
    }
    match c.behaviour {
        None if !hero => return Err("a monster with no behaviour".into()),
        Some(_) if content.monster(&c.name).is_none() => {
            return Err("no monster of that kind exists".into());
        }
        Some(b) => check_behaviour(b)?,
        None => {}
    }
    check_pack(content, c)
}

fn check_behaviour(b: Behaviour) -> Result<(), String> {
    match b {
        Behaviour::Chaser => Ok(()),
        Behaviour::Coward { flee_below } => within("flee_below", flee_below, 0..=100),
        Behaviour::Pack { size, radius } => {
            within("pack size", size, 0..=MAX_REACH)?;
            within("pack radius", radius, 0..=MAX_REACH)
        }
        Behaviour::Ranged { range, damage } => {
            within("range", range, 0..=MAX_REACH)?;
            within("shot damage", damage, 0..=MAX_STAT)
        }
        Behaviour::Charger { range } => within("charge range", range, 0..=MAX_REACH),
        Behaviour::Guardian { radius } => within("guard radius", radius, 0..=MAX_REACH),
    }
}

/// At most 26 stacks of known items, each item and letter once (with the letters remembered
/// for kinds run out of), each stack of 1 to [`MAX_STACK`]; what is wielded and worn is
/// carried and fits its use.
fn check_pack(content: &Content, c: &Creature) -> Result<(), String> {
    let mut letters: Vec<char> = Vec::with_capacity(c.inventory.len());
    let mut items: Vec<&str> = Vec::with_capacity(c.inventory.len());
    for s in &c.inventory {
        if !LETTERS.contains(&s.letter) || letters.contains(&s.letter) {
            return Err(format!("the letter {:?} is not a free a to z", s.letter));
        }
        if content.item(&s.item).is_none() || items.contains(&s.item.as_str()) {
            return Err(format!("{:?} is no item or is carried twice", s.item));
        }
        within("a stack", s.count, 1..=MAX_STACK)?;
        letters.push(s.letter);
        items.push(&s.item);
    }
    for (item, letter) in &c.letters {
        if !LETTERS.contains(letter) || letters.contains(letter) {
            return Err(format!(
                "the remembered letter {letter:?} is not a free a to z"
            ));
        }
        if content.item(item).is_none() || items.contains(&item.as_str()) {
            return Err(format!("{item:?} is no item, carried, or remembered twice"));
        }
        letters.push(*letter);
        items.push(item);
    }
    let carried = &items[..c.inventory.len()];
    let fits = |name: &str, ok: fn(&ItemUse) -> bool| {
        carried.contains(&name) && content.item(name).is_some_and(|k| ok(&k.use_))
    };
    if let Some(w) = c.wielded.as_deref()
        && !fits(w, |u| {
            matches!(u, ItemUse::Weapon { .. } | ItemUse::Launcher { .. })
        })
    {
        return Err(format!("it wields {w:?}, no weapon it carries"));
    }
    if let Some(w) = c.worn.as_deref()
        && !fits(w, |u| matches!(u, ItemUse::Armour { .. }))
    {
        return Err(format!("it wears {w:?}, no armour it carries"));
    }
    Ok(())
}

/// The deepest depth reached, the ending's depth and the tallies.
fn check_story(
    content: &Content,
    story: &Story,
    depths: u32,
    here: u32,
) -> Result<(), InvalidWorld> {
    within("the deepest depth", story.deepest, here.max(1)..=depths).map_err(bad)?;
    if let Some(super::Ending::Died { depth, .. }) = &story.ending {
        within("the depth of death", *depth, 1..=depths).map_err(bad)?;
    }
    for (name, n) in &story.kills {
        if content.monster(name).is_none() {
            return Err(bad(format!(
                "the story counts kills of {name:?}, no monster"
            )));
        }
        within("a count of kills", *n, 0..=MAX_TALLY).map_err(bad)?;
    }
    for (name, n) in &story.items_used {
        if content.item(name).is_none() {
            return Err(bad(format!("the story counts uses of {name:?}, no item")));
        }
        within("a count of uses", *n, 0..=MAX_TALLY).map_err(bad)?;
    }
    Ok(())
}
