//! The player's commands: checked against the world (a refusal costs no time), turned into
//! the intention the resolver sees, and the item effects that follow once the segment is
//! settled.

use super::World;
use super::change::{Change, Effect};
use super::depths::Stairs;
use super::story::Ending;
use crate::content::{ItemAction, ItemKind, ItemUse};
use crate::geom::{Cell, Compass};
use crate::map::Terrain;
use crate::sim::command::Rejection;
use crate::sim::intention::Intention;
use crate::sim::{Command, Creature, CreatureId, Event};

/// What a player's action does besides its intention.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Deed {
    /// Nothing more: a step, a blow, a wait.
    Plain,
    /// A missile along a line: it meets the first creature and lands where it stops.
    Missile {
        /// The item flown (used up from the pack; it lands).
        item: String,
        /// Damage to whoever it meets.
        damage: i32,
    },
    /// A burst where the lobbed item lands.
    Blast {
        /// The item thrown (used up).
        item: String,
        /// Damage to each creature caught.
        damage: i32,
        /// The burst's radius.
        radius: u32,
    },
    /// A potion, healing at the moment blows land.
    Drink {
        /// The potion.
        item: String,
    },
    /// A scroll, read once the segment is settled.
    Read {
        /// The scroll.
        item: String,
    },
    /// Wield or put away.
    Wield(String),
    /// Wear or take off.
    Wear(String),
    /// Put a stack down.
    Drop(String),
    /// Pick up what lies underfoot.
    PickUp,
    /// Take the stairs.
    Stairs(Stairs),
}

/// A checked player command for one segment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct PlayerAction {
    /// What the resolver sees.
    pub intention: Intention,
    /// What happens besides.
    pub deed: Deed,
}

impl PlayerAction {
    fn plain(intention: Intention) -> PlayerAction {
        PlayerAction {
            intention,
            deed: Deed::Plain,
        }
    }

    fn staying(deed: Deed) -> PlayerAction {
        PlayerAction {
            intention: Intention::Stay,
            deed,
        }
    }
}

impl World {
    /// Whether the rules take hero `who`'s `command` now: the refusal
    /// [`World::apply_all`] would give it, checked without time passing. It is checked on
    /// the viewer's level ([`World::set_viewer`]): in a party whose heroes stand on several
    /// levels, the caller makes `who` the viewer first.
    pub fn check_command(&self, who: CreatureId, command: Command) -> Result<(), Rejection> {
        self.acting_action(who, command).map(|_| ())
    }

    /// Hero `who`'s action for `command` in the coming segment, or why it is refused: the
    /// game is over, `who` is not a hero acting in it, or the rules refuse the command.
    pub(super) fn acting_action(
        &self,
        who: CreatureId,
        command: Command,
    ) -> Result<PlayerAction, Rejection> {
        if self.is_over() {
            return Err(Rejection::Over);
        }
        if !self.acting_heroes().contains(&who) {
            return Err(Rejection::NotActing);
        }
        self.action_of(who, command)
    }

    /// Hero `who`'s action for a command, or why it is refused.
    pub(super) fn action_of(
        &self,
        who: CreatureId,
        command: Command,
    ) -> Result<PlayerAction, Rejection> {
        let me = &self.creatures[who];
        match command {
            Command::Wait | Command::Rest => Ok(PlayerAction::plain(Intention::Stay)),
            Command::Move(dir) => self.step_action(who, dir, false),
            Command::Attack(dir) => self.step_action(who, dir, true),
            Command::Throw { item, at } => self.throw_action(who, item, at),
            Command::Drink(letter) => {
                let kind = self.carried(me, letter, ItemAction::Drink)?;
                Ok(PlayerAction::staying(Deed::Drink {
                    item: kind.name.clone(),
                }))
            }
            Command::Read(letter) => {
                let kind = self.carried(me, letter, ItemAction::Read)?;
                if let ItemUse::Tame { range } = kind.use_ {
                    self.tameable(who, range)
                        .ok_or(Rejection::NothingToTame(range))?;
                }
                Ok(PlayerAction::staying(Deed::Read {
                    item: kind.name.clone(),
                }))
            }
            Command::Wield(letter) => {
                let kind = self.carried(me, letter, ItemAction::Wield)?;
                Ok(PlayerAction::staying(Deed::Wield(kind.name.clone())))
            }
            Command::Wear(letter) => {
                let kind = self.carried(me, letter, ItemAction::Wear)?;
                Ok(PlayerAction::staying(Deed::Wear(kind.name.clone())))
            }
            Command::Drop(letter) => {
                let stack = me.stack(letter).ok_or(Rejection::NoItem(letter))?;
                Ok(PlayerAction::staying(Deed::Drop(stack.item.clone())))
            }
            Command::PickUp => {
                if self.items_at(me.pos).next().is_none() {
                    return Err(Rejection::NothingHere);
                }
                Ok(PlayerAction::staying(Deed::PickUp))
            }
            Command::Descend => self.stairs_action(me, Stairs::Down),
            Command::Ascend => self.stairs_action(me, Stairs::Up),
            // A hero is directed by its own commands; only an ally is led.
            Command::Lead(_) => Err(Rejection::NotAlly),
        }
    }

    /// Hero `who`'s step or blow (`attack`) toward `dir`, or why it is refused: a step into
    /// a closed door on a side opens it, a step into a visible enemy strikes it.
    fn step_action(
        &self,
        who: CreatureId,
        dir: Compass,
        attack: bool,
    ) -> Result<PlayerAction, Rejection> {
        let from = self.creatures[who].pos;
        let (to, _) = self
            .level()
            .terrain
            .step(from, dir)
            .ok_or(Rejection::NoMove(dir))?;
        let terrain = self.level().terrain_at(to).ok_or(Rejection::OffMap)?;
        let level = self.level();
        // A step into a closed door on a side opens it, whatever lies beyond.
        let opens = !attack && level.door_opened_by_step(from, to).is_some();
        if opens {
            return Ok(PlayerAction::plain(Intention::Move(to)));
        }
        if terrain.blocks_movement() {
            return Err(Rejection::Blocked(terrain));
        }
        if let Some(side) = level.side_of(from, to) {
            let feature = level.side_at(side);
            if feature.blocks_movement() || attack && feature.blocks_sight() {
                return Err(Rejection::Side(feature));
            }
        }
        if !level.move_allowed(from, to) {
            return Err(Rejection::Squeeze);
        }
        let me = &self.creatures[who];
        let bump = self
            .creature_at(to)
            .is_some_and(|c| c.faction.hostile_to(me.faction) && self.hero_sees(who, to));
        Ok(PlayerAction::plain(if attack || bump {
            Intention::Attack(to)
        } else {
            Intention::Move(to)
        }))
    }

    /// The kind of the item under `letter`, if it can be used as `how`.
    fn carried(
        &self,
        me: &Creature,
        letter: char,
        how: ItemAction,
    ) -> Result<&ItemKind, Rejection> {
        let stack = me.stack(letter).ok_or(Rejection::NoItem(letter))?;
        let kind = self
            .content
            .item(&stack.item)
            .ok_or(Rejection::NoItem(letter))?;
        let fits = kind.use_.action() == how
            || (how == ItemAction::Throw && kind.use_.action() == ItemAction::Fire);
        if !fits {
            return Err(Rejection::CannotUse {
                how,
                item: kind.name.clone(),
            });
        }
        Ok(kind)
    }

    /// Hero `who`'s throw (or shot) of the item under `letter` at `at`.
    fn throw_action(
        &self,
        who: CreatureId,
        letter: char,
        at: Cell,
    ) -> Result<PlayerAction, Rejection> {
        let me = &self.creatures[who];
        let kind = self.carried(me, letter, ItemAction::Throw)?;
        let item = kind.name.clone();
        let (range, deed) = match &kind.use_ {
            ItemUse::Thrown { damage, range } => (
                *range,
                Deed::Missile {
                    item,
                    damage: *damage,
                },
            ),
            ItemUse::Blast {
                damage,
                radius,
                range,
            } => (
                *range,
                Deed::Blast {
                    item,
                    damage: *damage,
                    radius: *radius,
                },
            ),
            ItemUse::Ammo { damage, launcher } => {
                let range =
                    self.launcher_range(me, launcher)
                        .ok_or_else(|| Rejection::NoLauncher {
                            item: item.clone(),
                            launcher: launcher.clone(),
                        })?;
                (
                    range,
                    Deed::Missile {
                        item,
                        damage: *damage,
                    },
                )
            }
            _ => {
                return Err(Rejection::CannotUse {
                    how: ItemAction::Throw,
                    item,
                });
            }
        };
        self.level().terrain_at(at).ok_or(Rejection::OffMap)?;
        let d = self.level().terrain.distance(me.pos, at);
        if d == 0 || d > range as i32 {
            return Err(Rejection::OutOfRange { range });
        }
        Ok(PlayerAction {
            intention: Intention::Throw(at),
            deed,
        })
    }

    /// The range of the launcher named `launcher` if `me` wields it.
    fn launcher_range(&self, me: &Creature, launcher: &str) -> Option<u32> {
        let wielded = me.wielded.as_deref()?;
        match self.content.item(wielded) {
            Some(ItemKind {
                name,
                use_: ItemUse::Launcher { range },
                ..
            }) if name == launcher => Some(*range),
            _ => None,
        }
    }

    /// The range of the item under `letter` when thrown or fired now, if it can be.
    pub fn throw_range(&self, letter: char) -> Option<u32> {
        self.throw_range_by(World::PLAYER, letter)
    }

    /// The range of the item under `letter` in creature `who`'s pack when it throws or fires
    /// it now, if it can ([`World::throw_range`] for any hero).
    pub fn throw_range_by(&self, who: CreatureId, letter: char) -> Option<u32> {
        let me = self.creatures.get(who)?;
        let kind = self.content.item(&me.stack(letter)?.item)?;
        match &kind.use_ {
            ItemUse::Thrown { range, .. } | ItemUse::Blast { range, .. } => Some(*range),
            ItemUse::Ammo { launcher, .. } => self.launcher_range(me, launcher),
            _ => None,
        }
    }

    fn stairs_action(&self, me: &Creature, way: Stairs) -> Result<PlayerAction, Rejection> {
        let here = self.level().terrain_at(me.pos);
        let (stairs, down) = match way {
            Stairs::Down => (Terrain::StairsDown, true),
            Stairs::Up => (Terrain::StairsUp, false),
        };
        let beyond = match way {
            Stairs::Down => self.depth() < self.depth_count(),
            Stairs::Up => true,
        };
        if here != Some(stairs) || !beyond {
            return Err(Rejection::NoStairs(down));
        }
        if way == Stairs::Up && self.depth() == 1 && !self.bears_artifact(me) {
            let name = self.content.artifact().unwrap_or("artifact");
            return Err(Rejection::NeedArtifact(name.to_string()));
        }
        Ok(PlayerAction::staying(Deed::Stairs(way)))
    }

    /// Whether the player carries the artifact.
    pub fn carries_artifact(&self) -> bool {
        self.bears_artifact(self.player())
    }

    /// Whether creature `who` carries the artifact ([`World::carries_artifact`] for any hero).
    pub fn carries_artifact_by(&self, who: CreatureId) -> bool {
        self.creatures
            .get(who)
            .is_some_and(|c| self.bears_artifact(c))
    }

    /// Whether `me` carries the artifact.
    fn bears_artifact(&self, me: &Creature) -> bool {
        me.inventory
            .iter()
            .any(|s| Some(s.item.as_str()) == self.content.artifact())
    }

    /// The hit points a potion heals at the moment blows land (0 for other deeds).
    pub(super) fn healing(&self, deed: &Deed) -> i32 {
        match deed {
            Deed::Drink { item } => match self.content.item(item).map(|k| &k.use_) {
                Some(ItemUse::Heal { heal }) => *heal,
                _ => 0,
            },
            _ => 0,
        }
    }

    /// Uses up what a deed consumes as the segment begins: missiles leave the hand, potions
    /// are drunk.
    pub(super) fn consume(&mut self, who: CreatureId, deed: &Deed) {
        let (Deed::Missile { item, .. } | Deed::Blast { item, .. } | Deed::Drink { item }) = deed
        else {
            return;
        };
        let item = item.clone();
        self.apply_change(Change::Quiet(Effect::UseUp { who, item }), &mut Vec::new());
    }

    /// What hero `who`'s deed does once the segment is settled, if the hero still lives.
    pub(super) fn finish_deed(&mut self, who: CreatureId, deed: Deed, events: &mut Vec<Event>) {
        if !self.creatures[who].alive {
            return;
        }
        match deed {
            Deed::Stairs(way) => self.climb(who, way, events),
            deed => {
                let changes = self.deed_changes(who, deed);
                self.apply_changes(changes, events);
            }
        }
    }

    /// The changes of hero `who`'s deed once the segment is settled, computed from the
    /// world before they are made (the stairs make their own: the level they lead to may
    /// only be made on the way).
    pub(super) fn deed_changes(&self, who: CreatureId, deed: Deed) -> Vec<Change> {
        let me = &self.creatures[who];
        let event = match deed {
            Deed::Plain | Deed::Missile { .. } | Deed::Blast { .. } | Deed::Stairs(_) => {
                return Vec::new();
            }
            Deed::PickUp => return self.pick_up_changes(who, false),
            Deed::Read { item } => return self.read_changes(who, item),
            Deed::Drink { item } => {
                let gained_max = match self.content.item(&item).map(|k| &k.use_) {
                    Some(ItemUse::GainLife { amount }) => *amount,
                    _ => 0,
                };
                Event::Drank {
                    who,
                    item,
                    gained_max,
                }
            }
            Deed::Wield(item) if me.wielded.as_deref() == Some(item.as_str()) => {
                Event::Unwielded { who, item }
            }
            Deed::Wield(item) => Event::Wielded { who, item },
            Deed::Wear(item) if me.worn.as_deref() == Some(item.as_str()) => {
                Event::TookOff { who, item }
            }
            Deed::Wear(item) => Event::Wore { who, item },
            Deed::Drop(item) => Event::Dropped {
                who,
                count: me.count_of(&item),
                item,
            },
        };
        vec![Change::Apply(event)]
    }

    fn climb(&mut self, who: CreatureId, way: Stairs, events: &mut Vec<Event>) {
        if way == Stairs::Up && self.depth() == 1 {
            self.story.ending = Some(Ending::Won);
            events.push(Event::Escaped);
            return;
        }
        self.take_stairs(who, way);
        events.push(Event::Stairs {
            who,
            depth: self.creatures[who].depth,
            down: way == Stairs::Down,
        });
    }

    /// The damage of a creature's blow: its wielded weapon's, or its own.
    pub(super) fn blow_damage(&self, id: usize) -> i32 {
        let c = &self.creatures[id];
        self.gear(c, c.wielded.as_deref(), c.worn.as_deref()).damage
    }

    /// A creature's armour: its own and what it wears.
    pub(super) fn armour_of(&self, id: usize) -> i32 {
        let c = &self.creatures[id];
        self.gear(c, c.wielded.as_deref(), c.worn.as_deref()).armour
    }

    /// What `c`'s blows deal and its armour takes off, with `wielded` in hand and `worn` on:
    /// a weapon's blow (else its own) with the armour's modifier, at least 1; its own armour,
    /// the worn armour's and the weapon's modifier, at least 0.
    fn gear(&self, c: &Creature, wielded: Option<&str>, worn: Option<&str>) -> Gear {
        let use_of = |name: Option<&str>| name.and_then(|n| self.content.item(n)).map(|k| &k.use_);
        let (damage, guard) = match use_of(wielded) {
            Some(&ItemUse::Weapon { damage, armour }) => (damage, armour),
            _ => (c.damage, 0),
        };
        let (worn, hampered) = match use_of(worn) {
            Some(&ItemUse::Armour { armour, damage }) => (armour, damage),
            _ => (0, 0),
        };
        Gear {
            damage: damage.saturating_add(hampered).max(1),
            armour: c.armour.saturating_add(worn).saturating_add(guard).max(0),
        }
    }

    /// The player's blow and armour as they are now (the viewer's, [`World::viewer`]).
    pub fn player_gear(&self) -> Gear {
        self.gear_now(self.viewer)
    }

    /// Creature `who`'s blow and armour as they are now ([`World::player_gear`] for any
    /// hero).
    pub fn gear_now(&self, who: CreatureId) -> Gear {
        self.gear_of(&self.creatures[who])
    }

    /// `me`'s blow and armour as `me` stands.
    pub(super) fn gear_of(&self, me: &Creature) -> Gear {
        self.gear(me, me.wielded.as_deref(), me.worn.as_deref())
    }

    /// The player's blow and armour if they wielded or wore `item` in place of what they
    /// wield or wear now; `None` for an item that is neither wielded nor worn.
    pub fn player_gear_with(&self, item: &str) -> Option<Gear> {
        self.gear_with(self.viewer, item)
    }

    /// Creature `who`'s blow and armour with `item` in place ([`World::player_gear_with`]).
    pub fn gear_with(&self, who: CreatureId, item: &str) -> Option<Gear> {
        self.gear_of_with(&self.creatures[who], item)
    }

    /// `me`'s blow and armour with `item` in place ([`World::gear_with`]).
    pub(super) fn gear_of_with(&self, me: &Creature, item: &str) -> Option<Gear> {
        let (wielded, worn) = match self.content.item(item)?.use_.action() {
            ItemAction::Wield => (Some(item), me.worn.as_deref()),
            ItemAction::Wear => (me.wielded.as_deref(), Some(item)),
            _ => return None,
        };
        Some(self.gear(me, wielded, worn))
    }
}

/// What a creature's gear makes of it in melee.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Gear {
    /// The damage of one blow.
    pub damage: i32,
    /// What armour takes off each blow or missile that hits.
    pub armour: i32,
}
