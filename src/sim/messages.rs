//! Plain-English lines for the message log, from the player's point of view: what happened at
//! once in a segment, told together ("the goblin steps aside; your blow misses").

use super::event::BounceReason;
use super::names::Names;
use super::words::{a_name, how_many, the_name};
use super::{CreatureId, Event, World};
use crate::geom::Cell;

/// How an item the player could wield or wear compares with what they wield or wear now:
/// "+2 damage, -1 armour vs your mace", "same as your mace"; `None` for any other item and
/// for the one in use. The player is the viewer ([`World::viewer`]).
pub fn compared(world: &World, item: &str) -> Option<String> {
    compared_for(world, world.viewer(), item)
}

/// [`compared`] for hero `who`'s gear.
fn compared_for(world: &World, who: CreatureId, item: &str) -> Option<String> {
    use crate::content::ItemAction;
    let me = world.creatures().get(who)?;
    if me.wielded.as_deref() == Some(item) || me.worn.as_deref() == Some(item) {
        return None;
    }
    let with = world.gear_with(who, item)?;
    let now = world.gear_now(who);
    let current = match world.content().item(item)?.use_.action() {
        ItemAction::Wear => me
            .worn
            .as_deref()
            .map_or("no armour".to_string(), |w| format!("your {w}")),
        _ => me
            .wielded
            .as_deref()
            .map_or("bare hands".to_string(), |w| format!("your {w}")),
    };
    let mut parts = Vec::new();
    if with.damage != now.damage {
        parts.push(format!("{:+} damage", with.damage - now.damage));
    }
    if with.armour != now.armour {
        parts.push(format!("{:+} armour", with.armour - now.armour));
    }
    Some(if parts.is_empty() {
        format!("same as {current}")
    } else {
        format!("{} vs {current}", parts.join(", "))
    })
}

/// The lines describing `events` (as returned by [`World::apply`]), told after the fact from
/// `world`. Only what the player can see is described.
/// Monsters of one kind are told apart by the letters they hold now in `world`.
pub fn messages(events: &[Event], world: &World) -> Vec<String> {
    messages_named(events, world, &Names::default().updated(world))
}

/// The lines describing `events`, naming monsters by `names` ("rat B" when several rats are in
/// view), which should also hold the letters of the monsters seen before the events. Told to
/// the viewer ([`World::viewer`]).
pub fn messages_named(events: &[Event], world: &World, names: &Names) -> Vec<String> {
    messages_seen_by(events, world, names, world.viewer())
}

/// The lines describing `events` as hero `hero` saw them: "you" for `hero`, the other heroes
/// by name ("Bob hits the rat"), and only what `hero` sees told. Each person of a game for
/// several is told a segment so.
pub fn messages_seen_by(
    events: &[Event],
    world: &World,
    names: &Names,
    hero: CreatureId,
) -> Vec<String> {
    let mut lines = Vec::new();
    for segment in events.split(|e| matches!(e, Event::Segment { .. })) {
        Teller {
            world,
            segment,
            names,
            me: hero,
        }
        .tell(&mut lines);
    }
    lines
}

struct Teller<'a> {
    world: &'a World,
    segment: &'a [Event],
    names: &'a Names,
    /// The hero told: "you".
    me: CreatureId,
}

impl Teller<'_> {
    /// "you" for the hero told, another hero by their own name ("hero 2"), "the rat" or
    /// "rat B" for a monster.
    fn name(&self, id: CreatureId) -> String {
        if id == self.me {
            "you".to_string()
        } else if self.world.is_hero(id) {
            self.world.creatures()[id].name.clone()
        } else {
            self.names.the_name(self.world, id)
        }
    }

    /// [`Teller::name`] for a creature the player sees now, "something" for one out of view
    /// (the other side of a bump may stand where the player cannot see).
    fn name_if_seen(&self, id: CreatureId) -> String {
        let seen = id == self.me
            || self
                .world
                .creatures()
                .get(id)
                .is_some_and(|c| self.sees(c.pos));
        if seen {
            self.name(id)
        } else {
            "something".to_string()
        }
    }

    /// Whether the hero told sees `at` now.
    fn sees(&self, at: Cell) -> bool {
        self.world.hero_sees(self.me, at)
    }

    fn possessive(&self, id: CreatureId) -> String {
        if id == self.me {
            "your".to_string()
        } else {
            format!("{}'s", self.name(id))
        }
    }

    /// "you hit" / "the goblin hits".
    fn says(&self, id: CreatureId, plural: &str, singular: &str) -> String {
        let verb = if id == self.me { plural } else { singular };
        format!("{} {verb}", self.name(id))
    }

    fn shown(&self, id: CreatureId, at: Cell) -> bool {
        id == self.me || self.sees(at)
    }

    /// What `who` threw, fired or shot in this segment ("dart", "shot", "bomb"), if anything:
    /// its hits are that missile's, not blows.
    fn missile(&self, who: CreatureId) -> Option<String> {
        self.segment.iter().find_map(|e| match e {
            Event::Threw { who: w, item, .. } if *w == who => {
                Some(item.clone().unwrap_or_else(|| "shot".to_string()))
            }
            Event::Burst { who: w, item, .. } if *w == who => Some(item.clone()),
            _ => None,
        })
    }

    /// Whether a hit on `victim` in this segment is told (its attacker or its tile is shown).
    fn hit_told(&self, victim: CreatureId) -> bool {
        self.segment.iter().any(|e| {
            matches!(*e, Event::Hit { attacker, victim: v, at, .. }
                if v == victim && (self.shown(attacker, at) || self.shown(v, at)))
        })
    }

    fn hit_back(&self, attacker: CreatureId, victim: CreatureId) -> bool {
        self.segment.iter().any(|e| {
            matches!(*e, Event::Hit { attacker: a, victim: v, .. } if a == victim && v == attacker)
        })
    }

    /// Whether `event` is the first of the segment's events like it (the same kind of event
    /// about the same item): several darts picked up at once are told in one line.
    fn first_of_its_kind(&self, event: &Event) -> bool {
        self.segment
            .iter()
            .find(|e| same_kind(e, event))
            .is_some_and(|first| std::ptr::eq(first, event))
    }

    /// How many of the segment's events are like `event`.
    fn count_of_its_kind(&self, event: &Event) -> u32 {
        let n = self.segment.iter().filter(|e| same_kind(e, event)).count();
        u32::try_from(n).unwrap_or(u32::MAX)
    }

    /// Tells the segment's events; of a segment that ran several levels, only those of the
    /// hero's own level, and the stairs taken elsewhere to it.
    fn tell(&self, lines: &mut Vec<String>) {
        let mine = self.world.creatures().get(self.me).map(|c| c.depth);
        let parts = self.segment.split(|e| matches!(e, Event::Level { .. }));
        for (n, events) in parts.enumerate() {
            let depth = self.level_of_part(n);
            let elsewhere = depth.is_some() && depth != mine;
            for event in events {
                let to_mine = matches!(*event, Event::Stairs { depth, .. } if Some(depth) == mine);
                if elsewhere && !to_mine {
                    continue;
                }
                if let Some(line) = self.line(event) {
                    lines.push(line);
                }
            }
        }
    }

    /// The depth of the `n`th part of the segment split at its level marks: `None` for the
    /// part before the first mark (all of a segment that ran one level).
    fn level_of_part(&self, n: usize) -> Option<u32> {
        let marks = self.segment.iter().filter_map(|e| match *e {
            Event::Level { depth } => Some(depth),
            _ => None,
        });
        n.checked_sub(1).and_then(|i| marks.clone().nth(i))
    }

    fn line(&self, event: &Event) -> Option<String> {
        match *event {
            Event::Hit {
                attacker,
                victim,
                at,
                ..
            } => self.hit(attacker, victim, at),
            Event::Missed {
                attacker,
                at,
                dodger,
            } => self.missed(attacker, at, dodger),
            Event::Bounced {
                who, at, reason, ..
            } => self.bounced(who, at, reason),
            // A death out of view is told when the blow or missile that dealt it was: "your
            // bomb hits kobold C" is followed by "kobold C dies".
            Event::Died { who, at } => (self.shown(who, at) || self.hit_told(who)).then(|| {
                if who == self.me {
                    "you die".to_string()
                } else {
                    format!("{} dies", self.name(who))
                }
            }),
            Event::DoorOpened { who, at } => self
                .shown(who, at)
                .then(|| format!("{} a door", self.says(who, "open", "opens"))),
            _ => self.item_line(event),
        }
    }

    /// The line about a blow or missile that hit: a shot or throw as such, a blow traded
    /// told once, or a plain blow; `None` when neither side is shown.
    fn hit(&self, attacker: CreatureId, victim: CreatureId, at: Cell) -> Option<String> {
        if !self.shown(attacker, at) && !self.shown(victim, at) {
            return None;
        }
        if let Some(missile) = self.missile(attacker) {
            // A shot or a throw is told as such, never as a blow traded.
            let target = self.name(victim);
            return Some(format!(
                "{} {missile} hits {target}",
                self.possessive(attacker)
            ));
        }
        if self.hit_back(attacker, victim) && self.missile(victim).is_none() {
            // Told once, by the lower id.
            return (attacker < victim).then(|| {
                format!(
                    "{} and {} strike each other",
                    self.name(attacker),
                    self.name(victim)
                )
            });
        }
        let target = if victim == self.me {
            "you".into()
        } else {
            self.name(victim)
        };
        Some(format!("{} {target}", self.says(attacker, "hit", "hits")))
    }

    /// The line about a creature that bounced, by the reason; `None` when it is not shown,
    /// and for the second of two that blocked each other.
    fn bounced(&self, who: CreatureId, at: Cell, reason: BounceReason) -> Option<String> {
        if !self.shown(who, at) {
            return None;
        }
        Some(match reason {
            BounceReason::LostContest { winner } => format!(
                "{} the tile to {}",
                self.says(who, "lose", "loses"),
                self.name_if_seen(winner)
            ),
            BounceReason::Occupied { by } => {
                format!(
                    "{} off {}",
                    self.says(who, "bounce", "bounces"),
                    self.name_if_seen(by)
                )
            }
            BounceReason::HostileSwap { with } => {
                if with < who {
                    return None;
                }
                format!(
                    "{} and {} block each other",
                    self.name(who),
                    self.name_if_seen(with)
                )
            }
        })
    }

    /// The line about a blow or missile that met nobody on its tile: who stepped aside, or
    /// what stopped a missile short (brush, a wall), or that it met nothing.
    fn missed(&self, attacker: CreatureId, at: Cell, dodger: Option<CreatureId>) -> Option<String> {
        if !self.shown(attacker, at) {
            return None;
        }
        let thrown = self.segment.iter().find_map(|e| match e {
            Event::Threw {
                who,
                item,
                from,
                toward,
            } if *who == attacker => Some((
                item.clone().unwrap_or_else(|| "shot".to_string()),
                *from,
                *toward,
            )),
            _ => None,
        });
        let threw = thrown.is_some();
        let what = thrown.as_ref().map_or("blow", |(m, ..)| m.as_str());
        let blow = format!("{} {what} misses", self.possessive(attacker));
        let short = thrown
            .as_ref()
            .and_then(|&(_, from, toward)| self.cut_short(from, toward));
        Some(match (dodger, short) {
            (Some(d), _) => format!("{} aside; {blow}", self.says(d, "step", "steps")),
            (None, Some(stop)) => {
                format!("{} {what} lands short of {stop}", self.possessive(attacker))
            }
            (None, None) if threw => {
                format!("{} {what} hits nothing", self.possessive(attacker))
            }
            (None, None) if attacker == self.me => "you strike empty air".to_string(),
            (None, None) => blow,
        })
    }

    /// What stopped a missile thrown from `from` at `toward` before it got there ("the
    /// brush"): a missile flies no farther than sight does ([`World::flight_stop`]). `None`
    /// when nothing did.
    fn cut_short(&self, from: Cell, toward: Cell) -> Option<&'static str> {
        match self.world.flight_stop(from, toward)? {
            crate::sim::FlightStop::Brush => Some("the brush: nothing thrown flies into brush"),
            stop => Some(stop.words()),
        }
    }

    /// Whether `item` is ammunition, fired from a launcher rather than thrown.
    fn is_ammo(&self, item: &str) -> bool {
        self.world
            .content()
            .item(item)
            .is_some_and(|k| matches!(k.use_, crate::content::ItemUse::Ammo { .. }))
    }

    /// Lines about items thrown, fired, burst, drunk and broken; the rest go to
    /// [`Self::gear_line`].
    fn item_line(&self, event: &Event) -> Option<String> {
        match *event {
            Event::Threw {
                who,
                from,
                ref item,
                ..
            } => self.shown(who, from).then(|| match item {
                // Ammunition is fired from its launcher, anything else thrown by hand.
                Some(item) if self.is_ammo(item) => {
                    format!("{} {}", self.says(who, "fire", "fires"), a_name(item))
                }
                Some(item) => format!("{} {}", self.says(who, "throw", "throws"), a_name(item)),
                None => format!("{} at you", self.says(who, "shoot", "shoots")),
            }),
            Event::Burst {
                who, at, ref item, ..
            } => (self.shown(who, at)).then(|| format!("the {item} bursts")),
            Event::Drank {
                who,
                ref item,
                gained_max,
            } => (who == self.me).then(|| {
                if gained_max > 0 {
                    format!(
                        "you drink {} and feel stronger (+{gained_max} maximum hp)",
                        a_name(item)
                    )
                } else {
                    format!("you drink {} and feel better", a_name(item))
                }
            }),
            Event::Broke { ref item, at } => self.sees(at).then(|| format!("the {item} breaks")),
            _ => self.gear_line(event),
        }
    }

    /// Lines about the heroes' gear: picking up, dropping, wielding and wearing (the hero
    /// told's own, and another hero's in view); the rest go to [`Self::journey_line`].
    fn gear_line(&self, event: &Event) -> Option<String> {
        match *event {
            Event::PickedUp { who, ref item, .. } => {
                (who == self.me && self.first_of_its_kind(event)).then(|| {
                    let what = how_many(self.count_of_its_kind(event), item);
                    match compared_for(self.world, who, item) {
                        Some(c) => format!("you pick up {what} ({c})"),
                        None => format!("you pick up {what}"),
                    }
                })
            }
            Event::NoRoom { who, ref item } => (who == self.me && self.first_of_its_kind(event))
                .then(|| {
                    let what = how_many(self.count_of_its_kind(event), item);
                    format!("you have no room for {what}")
                }),
            Event::Dropped {
                who,
                ref item,
                count,
            } => self.in_view(who).then(|| {
                let carried = self
                    .world
                    .creatures()
                    .get(who)
                    .map_or(0, |c| c.count_of(item));
                let what = if count > 1 {
                    how_many(count, item)
                } else if carried > 0 {
                    // One of several: "a dart"; the last or only one: "the chain mail".
                    a_name(item)
                } else {
                    the_name(item)
                };
                format!("{} {what}", self.says(who, "drop", "drops"))
            }),
            Event::Wielded { who, ref item } => self.deed(who, ("wield", "wields"), item),
            Event::Unwielded { who, ref item } => self.deed(who, ("put away", "puts away"), item),
            Event::Wore { who, ref item } => self.deed(who, ("put on", "puts on"), item),
            Event::TookOff { who, ref item } => self.deed(who, ("take off", "takes off"), item),
            Event::Tamed { who, ally } => Some(self.tamed_line(who, ally)),
            _ => self.journey_line(event),
        }
    }

    /// "the jackal follows you now", or "nothing answers Ann's call".
    fn tamed_line(&self, who: CreatureId, ally: Option<CreatureId>) -> String {
        let hero = self.name(who);
        match ally {
            Some(ally) => format!("{} follows {hero} now", self.name(ally)),
            None if who == self.me => "nothing answers your call".to_string(),
            None => format!("nothing answers {hero}'s call"),
        }
    }

    /// Whether the hero told sees hero `who`: themselves always, another where they stand.
    fn in_view(&self, who: CreatureId) -> bool {
        who == self.me
            || self
                .world
                .creatures()
                .get(who)
                .is_some_and(|c| self.sees(c.pos))
    }

    /// "you wield the mace", "Bob wields the mace" (when in view).
    fn deed(
        &self,
        who: CreatureId,
        (plural, singular): (&str, &str),
        item: &str,
    ) -> Option<String> {
        self.in_view(who)
            .then(|| format!("{} {}", self.says(who, plural, singular), the_name(item)))
    }

    /// Lines about the journey (teleports, maps, stairs, the escape) and a bug in the rules.
    fn journey_line(&self, event: &Event) -> Option<String> {
        match *event {
            Event::Teleported { who, .. } => {
                (who == self.me).then(|| "the world blurs and you are elsewhere".to_string())
            }
            Event::Mapped => Some("the layout of this level comes to your mind".to_string()),
            // A companion's stairs are told wherever they are: the party knows its own.
            Event::Stairs { who, depth, down } => {
                let (plural, singular) = if down {
                    ("go down", "goes down")
                } else {
                    ("climb up", "climbs up")
                };
                Some(format!(
                    "{} to depth {depth}",
                    self.says(who, plural, singular)
                ))
            }
            Event::Escaped => Some("you climb out of the dungeon with the artifact!".to_string()),
            Event::RulesError { ref message } => Some(format!("(a bug in the rules: {message})")),
            _ => None,
        }
    }
}

/// Whether two events are told together: one hero picking up, or finding no room for, the
/// same item.
fn same_kind(a: &Event, b: &Event) -> bool {
    match (a, b) {
        (
            Event::PickedUp {
                who: w1, item: i1, ..
            },
            Event::PickedUp {
                who: w2, item: i2, ..
            },
        )
        | (
            Event::NoRoom {
                who: w1, item: i1, ..
            },
            Event::NoRoom {
                who: w2, item: i2, ..
            },
        ) => w1 == w2 && i1 == i2,
        _ => false,
    }
}
