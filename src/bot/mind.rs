//! The bot's decisions: one [`Command`] at a time, from what the player could know (what is in
//! view and remembered, through the world's player-knowledge queries), never the hidden map
//! or unseen monsters.

use super::eye::Eye;
use super::felt::Felt;
use super::fight::Fight;
use super::gear;
use super::together::{self, Chosen};
use crate::geom::Cell;
use crate::map::Terrain;
use crate::sim::{Command, CreatureId, Event, World};

/// Below this percentage of maximum hit points the bot drinks in a fight.
const DRINK_BELOW: i32 = 40;
/// Below this percentage it reads a teleport with a monster next to it and no potion left.
const FLEE_BELOW: i32 = 30;
/// Below this percentage, with nothing in view, it rests until healed.
const REST_BELOW: i32 = 70;
/// Turns on one level after which the bot takes the stairs down as soon as it knows them.
const LEVEL_BUDGET: u64 = 700;
/// Steps an exploring route is walked before its end is checked again.
const REPLAN_AFTER: u32 = 4;
/// Dodges in one encounter after which the bot stands its ground.
const STUBBORN: u32 = 4;
/// Actions the bot stands ready after the last monster in view went out of it.
const ALERT: u32 = 3;
/// Actions the bot waits for a monster that does not come before it goes on its way.
const PATIENCE: u32 = 6;
/// Actions without progress (no new tile seen, no monster hurt or killed, no depth gained)
/// after which the bot is stuck and tries something else: it stops dodging and waiting, heads
/// for the stairs down by another way if it can, or reads a teleport. Longer than a rest from
/// low health, which makes no progress either.
const NO_PROGRESS: u32 = 500;

/// Where the bot is heading when nothing is in the way.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Goal {
    /// To the nearest known item or unexplored place.
    Explore,
    /// To the stairs down.
    Down,
    /// To the stairs up, with the artifact.
    Out,
}

/// What the bot's route was planned from: it is planned again when any of this changes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct Planned {
    goal: Goal,
    depth: u32,
    items: usize,
    stairs: usize,
}

/// What the bot counts as getting somewhere, besides hurting a monster.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
struct Progress {
    depth: u32,
    /// Tiles of the level seen.
    seen: usize,
    kills: u32,
}

impl Progress {
    fn of(world: &World) -> Progress {
        Progress {
            depth: world.depth(),
            seen: world.seen_count(),
            kills: world.story().kill_count(),
        }
    }
}

/// A scripted player of one hero. It keeps only what a player would keep in mind: the way it
/// is walking, whether it is resting, how long it has been on this level, how long it has
/// waited for a monster and how long it has gone without progress. A party has one for each
/// hero.
#[derive(Clone, Debug, Default)]
pub struct Bot {
    /// The hero it plays.
    hero: CreatureId,
    /// The tiles still to walk, the next first.
    route: Vec<Cell>,
    planned: Option<Planned>,
    /// Steps walked since the route was planned.
    walked: u32,
    resting: bool,
    waited: u32,
    /// Dodges in this encounter: after [`STUBBORN`] of them the bot stands and fights.
    dodged: u32,
    /// Actions still to stand ready after monsters went out of view.
    alert: u32,
    /// The depth the bot is on and the turn it arrived.
    arrived: (u32, u64),
    /// Whether this level has nothing more to explore, as far as the bot knows.
    explored: bool,
    /// How many items it knew to lie on the floor at its last look.
    items_known: usize,
    /// Depths where it has read a scroll of magic mapping.
    mapped: Vec<u32>,
    /// Where it had got at its last action.
    progress: Progress,
    /// The hit points of the foes in view at its last action, by id.
    foe_hp: Vec<(usize, i32)>,
    /// Actions since it last made progress: at [`NO_PROGRESS`] it is stuck.
    idle: u32,
    /// Actions it has stood on the stairs down waiting for its companions.
    at_stairs: u32,
    /// A creature out of view that its step bounced off, until a blow there meets nobody.
    felt: Option<Felt>,
    /// Actions in a row it has waited, leading the party, for a straggling companion.
    waited_for_party: u32,
}

impl Bot {
    /// A bot for the first hero (the player's) at the start of a game.
    pub fn new() -> Bot {
        Bot::default()
    }

    /// A bot for hero `hero` at the start of a game.
    pub fn for_hero(hero: CreatureId) -> Bot {
        Bot {
            hero,
            ..Bot::default()
        }
    }

    /// The hero this bot plays.
    pub fn hero(&self) -> CreatureId {
        self.hero
    }

    /// Takes note of what the hero's player is told of the segment that resolved the bot's
    /// last command (`events`, from [`World::apply`] or [`World::apply_all`], with `world` as
    /// it left it): a bump into something unseen.
    pub fn observe(&mut self, world: &World, events: &[Event]) {
        self.felt = Felt::after(self.felt, Eye::new(world, self.hero), events);
    }

    /// The bot's next command for its hero in `world` (a game not yet over, the hero alive
    /// and acting in the coming segment).
    pub fn choose(&mut self, world: &World) -> Command {
        self.choose_after(world, &[])
    }

    /// [`Bot::choose`] told what the companions whose bots chose before it `chosen` for the
    /// same segment: it keeps off the tiles they mean to stand on or strike, and strikes no
    /// tile they stand on (a party's bots choose in turn).
    pub fn choose_after(&mut self, world: &World, chosen: &[Chosen]) -> Command {
        let eye = Eye::after(world, self.hero, chosen);
        let command = self.decide(eye);
        // Stuck, it steps onto a companion's tile anyway: two heroes wanting each other's
        // tiles in a corridor, one of them seeing a foe that did not come, both waited until
        // the game ran out of time (they swap places when both step).
        let yields = !self.stuck() && together::into_companions_place(&eye, command);
        if yields || together::endangers(&eye, command) {
            self.route.clear();
            return Command::Wait;
        }
        command
    }

    /// The command [`Bot::choose`] gives, before it keeps the hero off a companion's tile
    /// and out of a companion's way.
    fn decide(&mut self, eye: Eye) -> Command {
        let world = eye.world;
        if self.arrived.0 != world.depth() {
            self.arrived = (world.depth(), world.turn());
            self.route.clear();
            self.explored = false;
        }
        let items = world.known_items();
        if items > self.items_known {
            self.explored = false;
        }
        self.items_known = items;
        let fight = Fight::new(eye);
        self.watch_progress(world, &fight);
        if fight.any() {
            self.route.clear();
            self.resting = false;
            if fight.coming() {
                self.alert = ALERT;
            }
            if let Some(command) = self.in_fight(eye, &fight) {
                return command;
            }
        } else {
            self.waited = 0;
            if self.alert == 0 {
                self.dodged = 0;
            }
        }
        // Something unseen in the way: strike it rather than push against it again (once the
        // bot has moved on, or the tile is in view, it is forgotten).
        match self.felt.and_then(|f| f.strike(eye)) {
            Some(command) => return command,
            None => self.felt = None,
        }
        if let Some(command) = self.tend(eye, &fight) {
            return command;
        }
        self.travel(eye)
    }

    /// Counts the actions without progress: a new tile seen, a foe in view hurt, a kill, a
    /// new depth.
    fn watch_progress(&mut self, world: &World, fight: &Fight) {
        let now = Progress::of(world);
        let foes: Vec<(usize, i32)> = fight.foes.iter().map(|c| (c.id, c.hp)).collect();
        let hurt = foes.iter().any(|&(id, hp)| {
            self.foe_hp
                .iter()
                .any(|&(was, before)| was == id && hp < before)
        });
        let before = self.progress;
        let went_on =
            now.depth != before.depth || now.seen > before.seen || now.kills > before.kills;
        self.idle = if went_on || hurt {
            0
        } else {
            self.idle.saturating_add(1)
        };
        self.progress = now;
        self.foe_hp = foes;
    }

    /// Whether the bot has gone [`NO_PROGRESS`] actions without progress.
    fn stuck(&self) -> bool {
        self.idle >= NO_PROGRESS
    }

    /// What to do about the monsters in view, or `None` to go on with the journey.
    fn in_fight(&mut self, eye: Eye, fight: &Fight) -> Option<Command> {
        let me = eye.me();
        let percent = me.hp * 100 / me.max_hp.max(1);
        let pressed = fight.adjacent() || fight.threatened();
        if percent < DRINK_BELOW && pressed {
            if let Some(potion) = gear::healing_potion(&eye) {
                return Some(Command::Drink(potion));
            }
            if let Some(stairs) = escape_stairs(eye) {
                return Some(stairs);
            }
            if percent < FLEE_BELOW
                && let Some(scroll) = gear::teleport_scroll(&eye)
            {
                return Some(Command::Read(scroll));
            }
        }
        let dodge = if self.dodged < STUBBORN && !self.stuck() {
            fight.dodge()
        } else {
            None
        };
        // A dodge that closes in on a shooter gets somewhere: only the others count.
        self.dodged += u32::from(dodge.is_some_and(|d| !fight.closes_on_shooter(d)));
        let action = fight
            .step_inside()
            .or(dodge)
            .or_else(|| fight.strike())
            .or_else(|| ready_weapon(eye, fight))
            .or_else(|| fight.shoot())
            .or_else(|| ready_launcher(eye, fight))
            .or_else(|| fight.follow().filter(|_| !self.stuck()))
            .or_else(|| close_in(eye, fight).filter(|_| !self.stuck()));
        if action.is_some() {
            self.waited = 0;
            return action;
        }
        if fight.coming() && self.waited < PATIENCE && !self.stuck() {
            self.waited += 1;
            return Some(Command::Wait);
        }
        None
    }

    /// Looking after itself when nothing presses: picking up, gear, potions of life, maps,
    /// rest.
    fn tend(&mut self, eye: Eye, fight: &Fight) -> Option<Command> {
        if fight.any() {
            return None;
        }
        let world = eye.world;
        let me = eye.me();
        if self.alert > 0 {
            self.alert -= 1;
            return Some(if me.hp < me.max_hp {
                Command::Rest
            } else {
                Command::Wait
            });
        }
        if world.items_at(me.pos).next().is_some() && gear::has_room(&eye) {
            return Some(Command::PickUp);
        }
        let gear_up = gear::weapon_upgrade(&eye)
            .map(Command::Wield)
            .or_else(|| gear::armour_upgrade(&eye).map(Command::Wear))
            .or_else(|| gear::life_potion(&eye).map(Command::Drink));
        if gear_up.is_some() {
            return gear_up;
        }
        if let Some(scroll) = gear::mapping_scroll(&eye) {
            let depth = world.depth();
            if !self.mapped.contains(&depth) && world.seen_stairs_down().is_empty() {
                self.mapped.push(depth);
                self.route.clear();
                return Some(Command::Read(scroll));
            }
        }
        self.resting = together::party_rests(&eye, self.resting, REST_BELOW);
        self.resting.then_some(Command::Rest)
    }

    /// The next step of the journey: explore, go down, or carry the artifact out.
    fn travel(&mut self, eye: Eye) -> Command {
        let world = eye.world;
        let here = world.level().terrain_at(eye.me().pos);
        let goal = self.goal(eye);
        match (goal, here) {
            (Goal::Down, Some(Terrain::StairsDown)) => {
                // A hero takes the stairs alone: it waits for its companions to come near.
                if together::all_within(&eye, together::NEAR_STAIRS)
                    || self.at_stairs >= together::STAIRS_WAIT
                {
                    self.at_stairs = 0;
                    return Command::Descend;
                }
                self.at_stairs += 1;
                return Command::Wait;
            }
            (Goal::Out, Some(Terrain::StairsUp)) => return Command::Ascend,
            _ => {}
        }
        if self.stuck()
            && world.seen_stairs_down().is_empty()
            && let Some(scroll) = gear::teleport_scroll(&eye)
        {
            self.route.clear();
            return Command::Read(scroll);
        }
        if goal == Goal::Explore
            && let Some(command) = self.keep_together(eye)
        {
            return command;
        }
        if let Some(step) = self.follow(eye, goal) {
            return step;
        }
        if goal != Goal::Explore
            && let Some(step) = self.follow(eye, Goal::Explore)
        {
            return step;
        }
        Command::Rest
    }

    /// Exploring, the party keeps together: a following hero more than
    /// [`together::FOLLOW_WITHIN`] from its leader goes back toward it, and the leader waits
    /// a while for a straggler.
    fn keep_together(&mut self, eye: Eye) -> Option<Command> {
        if let Some(leader) = together::leader(&eye) {
            // Near the leader, it explores as it would alone: a step takes it at most one
            // beyond, and the next brings it back.
            if !together::far_from(&eye, leader) {
                return None;
            }
            // Far from it with no way to it that it or the leader knows (just come down the
            // stairs, or the leader's known tiles not yet reaching it), it waits for the
            // leader's exploring to open one rather than explore apart; until it is stuck.
            let step = together::toward_leader(&eye, leader)
                .or_else(|| (!self.stuck()).then_some(Command::Wait));
            if step.is_some() {
                self.route.clear();
            }
            return step;
        }
        if together::all_within(&eye, together::STRAGGLER) {
            self.waited_for_party = 0;
            return None;
        }
        if self.waited_for_party >= together::WAIT_FOR_STRAGGLER {
            return None;
        }
        self.waited_for_party += 1;
        Some(Command::Wait)
    }

    /// Where to head: out with the artifact; down once the level is explored (or the bot has
    /// spent long enough on it); else explore. When another hero carries the artifact, up
    /// with them (the party takes the stairs together: a hero going down took the bearer
    /// back down, and two bots passed the stairs to and fro until their time ran out), and
    /// on the first level, where only the bearer leaves, nowhere.
    fn goal(&self, eye: Eye) -> Goal {
        let world = eye.world;
        if eye.carries_artifact() {
            return Goal::Out;
        }
        if eye.party_carries_artifact() {
            return if world.depth() > 1 {
                Goal::Out
            } else {
                Goal::Explore
            };
        }
        if world.depth() >= world.depth_count() {
            return Goal::Explore;
        }
        let stairs_known = !world.seen_stairs_down().is_empty();
        let long = world.turn() >= self.arrived.1 + LEVEL_BUDGET;
        let called = together::called_down(&eye);
        if stairs_known && (long || self.explored || self.stuck() || called) {
            Goal::Down
        } else {
            Goal::Explore
        }
    }

    /// One step along the route to `goal`, planning it again when it is stale.
    fn follow(&mut self, eye: Eye, goal: Goal) -> Option<Command> {
        let world = eye.world;
        let now = Planned {
            goal,
            depth: world.depth(),
            items: world.known_items(),
            stairs: world.seen_stairs_down().len() + world.seen_stairs_up().len(),
        };
        let me = eye.me().pos;
        // An exploring route whose end has come into view is still walked a few steps, so
        // that it is not planned anew at every step.
        let fresh = self.planned == Some(now)
            && self.route.first().is_some_and(|&h| {
                world.level().move_allowed(me, h)
                    && world.level().passable(h)
                    && eye.visible_creature(h).is_none()
            })
            && (self.walked < REPLAN_AFTER
                || self
                    .route
                    .last()
                    .is_some_and(|&end| worth_reaching(world, goal, end)));
        if !fresh {
            self.route.clear();
            let Some(route) = route(eye, goal, self.stuck()) else {
                self.explored |= goal == Goal::Explore;
                return None;
            };
            self.route = route;
            self.planned = Some(now);
            self.walked = 0;
        }
        self.walked += 1;
        if self.route.is_empty() {
            return None;
        }
        let next = self.route.remove(0);
        world.level().terrain.direction(me, next).map(Command::Move)
    }
}

/// The way to `goal` through known tiles, the hero's tile excluded; when `stuck`, around
/// the creatures in view if there is such a way.
fn route(eye: Eye, goal: Goal, stuck: bool) -> Option<Vec<Cell>> {
    let world = eye.world;
    let me = eye.me().pos;
    let monsters: Vec<Cell> = if stuck {
        eye.visible_monsters().iter().map(|c| c.pos).collect()
    } else {
        Vec::new()
    };
    let path = |to: Cell| {
        world
            .known_path_avoiding(me, to, &monsters)
            .or_else(|| world.known_path(me, to))
    };
    match goal {
        Goal::Explore => eye.explore_path(),
        Goal::Down => path(eye.nearest_seen_stairs_down()?),
        Goal::Out => world
            .seen_stairs_up()
            .into_iter()
            .filter_map(path)
            .min_by_key(Vec::len),
    }
}

/// Whether the end of an exploring route is still worth reaching: an item lies there or it
/// borders the unknown. Other routes end on stairs, which stay.
fn worth_reaching(world: &World, goal: Goal, end: Cell) -> bool {
    if goal != Goal::Explore {
        return true;
    }
    let grid = &world.level().terrain;
    world.items_at(end).next().is_some()
        || grid
            .neighbours(end)
            .any(|n| grid.contains(n) && !world.is_seen(n))
}

/// Taking the stairs underfoot to get away (never out of the dungeon).
fn escape_stairs(eye: Eye) -> Option<Command> {
    let world = eye.world;
    match world.level().terrain_at(eye.me().pos)? {
        Terrain::StairsDown if world.depth() < world.depth_count() => Some(Command::Descend),
        Terrain::StairsUp if world.depth() > 1 => Some(Command::Ascend),
        _ => None,
    }
}

/// A launcher in hand when monsters are still far and there is ammunition for it; never
/// one launcher for another (with two, the bot swapped them at every action while its shots
/// could not reach: issue 17).
fn ready_launcher(eye: Eye, fight: &Fight) -> Option<Command> {
    let far = fight.nearest().is_some_and(|d| d >= 4);
    if far && !gear::holds_launcher(&eye) {
        return gear::loadable_launcher(&eye).map(Command::Wield);
    }
    None
}

/// A step toward a monster that shoots from afar, through known tiles.
fn close_in(eye: Eye, fight: &Fight) -> Option<Command> {
    let world = eye.world;
    let shooter = fight.shooter()?;
    let me = eye.me().pos;
    let path = world.known_path(me, shooter.pos)?;
    let next = *path.first()?;
    if !fight.free(next) {
        return None;
    }
    world.level().terrain.direction(me, next).map(Command::Move)
}

/// A melee weapon back in hand when a monster comes near while a launcher is held.
fn ready_weapon(eye: Eye, fight: &Fight) -> Option<Command> {
    let near = fight.nearest().is_some_and(|d| d <= 2);
    if near && gear::holds_launcher(&eye) {
        return gear::weapon_upgrade(&eye).map(Command::Wield);
    }
    None
}

#[cfg(test)]
#[path = "mind_tests.rs"]
mod tests;
