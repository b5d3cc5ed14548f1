//! The world: every level of the game, the creatures on them, the clock, the player's view
//! and memory, the monsters' plans and the story of the run.

mod actions;
mod acts;
mod allies;
pub mod bounds;
mod change;
mod compare;
mod depths;
mod digest;
mod distribute;
mod fallen;
mod floor;
mod limits;
mod matchup;
mod occupied;
mod parts;
mod query;
mod reading;
mod regen;
mod replan;
mod segment;
mod source;
mod stage;
mod story;
mod telegraph;
mod validate;
mod view;

pub use actions::Gear;
pub use depths::{Depth, MAX_DEPTH, Memory};
pub use digest::TURN_HASH_VERSION;
pub use floor::FloorItem;
pub use matchup::Matchup;
pub use parts::{DepthParts, WorldParts};
pub use query::{FlightStop, NEAR, Threat, telegraphed_among};
pub use source::LevelSource;
pub use stage::{Initiative, Stage};
pub use story::{Ending, Story};
pub use validate::InvalidWorld;

use super::intention::{Intention, Planned, acts_in};
use super::resolve::Resolver;
use super::{Command, Creature, CreatureId, Event, Rejection};
use crate::content::Content;
use crate::geom::Cell;
use crate::map::{Level, PlacementKind};
use crate::rng::{self, GameRng, Stream};
use actions::PlayerAction;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

pub use crate::content::SEGMENTS;

/// A monster's intention for the next segment in which it acts: the intent telegraph.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Plan {
    /// Which monster.
    pub who: CreatureId,
    /// Where it stands (and planned from).
    pub from: Cell,
    /// What it will do: [`Intention::target`] is the tile to mark.
    pub intention: Intention,
    /// Whether it acts in the coming segment (the player's); otherwise the plan is what it
    /// would do now, and it will choose again from the state when its segment comes.
    pub acts_next: bool,
}

/// What a world keeps between segments to compute the next one faster: never part of the
/// state, never saved, and empty in a world just made or loaded.
#[derive(Clone, Debug, Default)]
struct Caches {
    /// Scratch tables for the resolver.
    resolver: Option<Resolver>,
    /// Per level with heroes on it: the heroes' Dijkstra map for the monsters' hunt, with
    /// what it was computed for (depth, heroes' tiles, terrain digest).
    hunt_maps: Vec<HuntKeyed>,
    /// What the views were last computed for (each hero's depth, tile and sight, terrain
    /// digest).
    view_key: Option<ViewKey>,
    /// Per hero, in the heroes' order: the storage indices of the tiles of their own level
    /// they see now, sorted ([`World::update_view`]).
    hero_views: Vec<Vec<usize>>,
}

/// Everything the rules know about one game in progress.
#[derive(Clone, Debug, Serialize)]
pub struct World {
    /// The monsters, items and player numbers the game is played with: shared, never saved.
    #[serde(skip)]
    content: Arc<Content>,
    /// Where the generated levels come from (none for a world whose levels were all given).
    #[serde(skip)]
    levels: Option<Arc<dyn LevelSource>>,
    seed: u64,
    /// The levels made so far, by depth − 1: a level is made when the player first goes down
    /// to it, so these are always depths 1 to some depth.
    depths: Vec<Depth>,
    /// How many depths the game has.
    depth_count: u32,
    /// The map files given for the depths not made yet, shallowest first.
    #[serde(serialize_with = "crate::sim::level_serde::list::serialize")]
    pending_maps: Vec<Level>,
    /// Every creature of every level, by id: ids never change in a game. The heroes come
    /// first.
    creatures: Vec<Creature>,
    /// The heroes' ids, in their players' order: `[0]` in a game of one player
    /// (ARCHITECTURE.md, "Simultaneous turns").
    heroes: Vec<CreatureId>,
    /// The tamed creatures, by id, each with its hero and task (ARCHITECTURE.md, "Allies").
    allies: Vec<super::ally::Ally>,
    turn: u64,
    /// The segment about to run, `1..=SEGMENTS`.
    segment: u32,
    rng: GameRng,
    /// The monsters' choices: a stream of their own.
    ai_rng: GameRng,
    /// Per creature: its planned intention for its next action, and where it planned it.
    plans: Vec<Option<Planned>>,
    /// What happened in this run, for the end screen and the hall of fame.
    story: Story,
    /// A running digest of every change of terrain (doors opened), for the turn hash.
    terrain_digest: u64,
    /// What is kept between segments to compute the next one faster ([`Caches`]).
    #[serde(skip)]
    caches: Caches,
    /// The hero whose eyes the player's queries look through ([`World::player`],
    /// [`World::is_visible`], …): the player's hero unless a shell of several people shows
    /// another's turn ([`World::set_viewer`]). Never part of the state: no rule reads it.
    #[serde(skip)]
    viewer: CreatureId,
    /// The level the rules work on now: the one a segment is running, or the level of the
    /// hero whose command is checked; `None` between them, when the queries follow the
    /// viewer ([`World::depth`]). Never part of the state.
    #[serde(skip)]
    focus: Option<u32>,
    /// The levels the segment under way runs, shallowest first (empty between segments):
    /// ARCHITECTURE.md, "Heroes on different depths".
    #[serde(skip)]
    running: Vec<u32>,
    /// The player's natural healing under way.
    regen: regen::Regen,
    /// The rules it runs by: the game's, or a `sim` scenario's. Never saved.
    #[serde(skip)]
    stage: Stage,
}

impl World {
    /// A world of one level with the player at its start and a monster on every monster
    /// placement of a known kind; `None` if the level has no passable tile to start on.
    pub fn new(content: Arc<Content>, level: Level, seed: u64) -> Option<World> {
        World::from_levels(content, vec![level], seed)
    }

    /// A whole game of [`MAX_DEPTH`] depths: the given maps become depths 1, 2, … and
    /// `levels` makes the rest from `seed`. Only the first level is made now; each other one
    /// when the player first goes down to it. `None` if the first level has no passable tile
    /// to start on.
    pub fn new_game(
        content: Arc<Content>,
        levels: Arc<dyn LevelSource>,
        seed: u64,
        maps: Vec<Level>,
    ) -> Option<World> {
        World::new_party(content, levels, seed, maps, 1)
    }

    /// A whole game as [`World::new_game`] makes it, for a party of `heroes` heroes (one to
    /// [`MAX_HEROES`]) who start on the first level's start and the free tiles nearest it.
    /// `None` for another number, or if the level has no room for them all.
    pub fn new_party(
        content: Arc<Content>,
        levels: Arc<dyn LevelSource>,
        seed: u64,
        mut maps: Vec<Level>,
        heroes: usize,
    ) -> Option<World> {
        let first = if maps.is_empty() {
            levels.level(&content, seed, 1)
        } else {
            maps.remove(0)
        };
        let mut world = World::build(content, vec![first], maps, MAX_DEPTH, seed, heroes)?;
        world.levels = Some(levels);
        Some(world)
    }

    /// A world of the given levels ([`World::from_levels`]) for a party of `heroes` heroes.
    pub fn party_on_levels(
        content: Arc<Content>,
        levels: Vec<Level>,
        seed: u64,
        heroes: usize,
    ) -> Option<World> {
        let count = levels.len() as u32;
        World::build(content, levels, Vec::new(), count, seed, heroes)
    }

    /// Whether the game generates levels (from its seed) as the player goes down.
    pub fn makes_levels(&self) -> bool {
        self.levels.is_some()
    }

    /// The same world, asking `levels` for its deeper levels (a loaded game is given its
    /// source again this way).
    pub fn with_levels(mut self, levels: Arc<dyn LevelSource>) -> World {
        self.levels = Some(levels);
        self
    }

    /// A world over `levels` (depth 1 first), all made now; the player starts on the first.
    /// Segments before the player's first action run at once.
    pub fn from_levels(content: Arc<Content>, levels: Vec<Level>, seed: u64) -> Option<World> {
        let count = levels.len() as u32;
        World::build(content, levels, Vec::new(), count, seed, 1)
    }

    fn build(
        content: Arc<Content>,
        mut levels: Vec<Level>,
        pending_maps: Vec<Level>,
        depth_count: u32,
        seed: u64,
        heroes: usize,
    ) -> Option<World> {
        if !(1..=MAX_HEROES).contains(&heroes) {
            return None;
        }
        let depths = levels.iter_mut().enumerate();
        depths.for_each(|(d, level)| level.depth = d as u32 + 1);
        let first = levels.first()?;
        let start = first.start_or_default()?;
        let mut creatures = vec![Creature::player(&content, start)];
        for (n, at) in party_places(first, start, heroes)?
            .into_iter()
            .enumerate()
            .skip(1)
        {
            let mut hero = Creature::player(&content, at);
            hero.id = n;
            hero.name = format!("hero {}", n + 1);
            creatures.push(hero);
        }
        let hero_ids: Vec<CreatureId> = (0..creatures.len()).collect();
        for (d, level) in levels.iter().enumerate() {
            spawn_monsters(&content, level, d as u32 + 1, &mut creatures);
        }
        let mut world = World {
            content,
            levels: None,
            seed,
            depths: levels
                .into_iter()
                .map(|l| Depth::new(l, hero_ids.len()))
                .collect(),
            depth_count,
            pending_maps,
            creatures,
            heroes: hero_ids,
            allies: Vec::new(),
            turn: 0,
            segment: 1,
            rng: rng::stream(seed, Stream::Rules, 0),
            ai_rng: rng::stream(seed, Stream::Ai, 0),
            plans: Vec::new(),
            story: Story::default(),
            terrain_digest: 0,
            caches: Caches::default(),
            viewer: World::PLAYER,
            focus: None,
            running: Vec::new(),
            regen: regen::Regen::default(),
            stage: Stage::default(),
        };
        let content = Arc::clone(&world.content);
        for depth in &mut world.depths {
            depth.place_items(&content);
        }
        world.enter_level(&world.heroes.clone());
        let mut prelude = Vec::new();
        world.run_until_a_hero_acts(&mut prelude);
        Some(world)
    }

    /// The monsters, items and player numbers this game is played with.
    pub fn content(&self) -> &Content {
        &self.content
    }

    /// The shared handle of [`World::content`].
    pub fn content_handle(&self) -> Arc<Content> {
        Arc::clone(&self.content)
    }

    /// The seed this game was started with.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The depth the player is on, from 1: the viewer's ([`World::set_viewer`]), or while
    /// the rules work on a level, that level's.
    pub fn depth(&self) -> u32 {
        self.focus
            .unwrap_or_else(|| self.creatures[self.viewer].depth)
    }

    /// How many levels the game has (made or not).
    pub fn depth_count(&self) -> u32 {
        self.depth_count
    }

    /// The player's current level.
    pub fn level(&self) -> &Level {
        &self.here().level
    }

    /// Every level made so far, depth 1 first (a level is made when first reached).
    pub fn depths(&self) -> &[Depth] {
        &self.depths
    }

    fn here(&self) -> &Depth {
        &self.depths[self.depth_index()]
    }

    fn here_mut(&mut self) -> &mut Depth {
        let d = self.depth_index();
        &mut self.depths[d]
    }

    /// The index of the level the world runs: its lead hero's ([`World::depth`]), so a party
    /// whose first hero fell runs the level the living went on to.
    fn depth_index(&self) -> usize {
        (self.depth() as usize)
            .saturating_sub(1)
            .min(self.depths.len() - 1)
    }

    /// The map files given for the depths not made yet, shallowest first.
    pub fn pending_maps(&self) -> &[Level] {
        &self.pending_maps
    }

    /// Every creature of every level, the dead included, by id.
    pub fn creatures(&self) -> &[Creature] {
        &self.creatures
    }

    /// The living creatures on the player's level, the player first.
    pub fn creatures_here(&self) -> impl Iterator<Item = &Creature> + '_ {
        let depth = self.depth();
        self.creatures
            .iter()
            .filter(move |c| c.alive && c.depth == depth)
    }

    /// The player's creature: the hero whose view the shell shows, the first hero unless
    /// another is the viewer ([`World::set_viewer`]).
    pub fn player(&self) -> &Creature {
        &self.creatures[self.viewer]
    }

    /// The heroes' ids in their players' order (the player's hero first).
    pub fn heroes(&self) -> &[CreatureId] {
        &self.heroes
    }

    /// Whether creature `id` is a hero.
    pub fn is_hero(&self, id: CreatureId) -> bool {
        self.heroes.contains(&id)
    }

    /// The living heroes that act in the coming segment, on whatever level: the ones a
    /// segment waits for ([`World::apply_all`]).
    pub fn acting_heroes(&self) -> Vec<CreatureId> {
        self.heroes
            .iter()
            .copied()
            .filter(|&h| {
                let c = &self.creatures[h];
                c.alive && c.busy == 0 && acts_in(c.speed, self.segment, self.segments())
            })
            .collect()
    }

    /// The player's id.
    pub const PLAYER: CreatureId = 0;

    /// Gives the heroes the names in `names`, in the heroes' order (a hero past the end keeps
    /// its own): before the game's record starts, since names are part of the world.
    pub fn name_heroes(&mut self, names: &[String]) {
        for (&hero, name) in self.heroes.iter().zip(names) {
            self.creatures[hero].name.clone_from(name);
        }
    }

    /// Whole turns completed.
    pub fn turn(&self) -> u64 {
        self.turn
    }

    /// Turns begun: the completed ones and the one under way, if any of its segments ran.
    /// A run that ended in turn 12 played 12 turns, whether it ended in that turn's first
    /// segment or its last (after which [`World::turn`] already counts it): the number the
    /// sidebar showed as the turn the run ended in (issue 17).
    pub fn turns_played(&self) -> u64 {
        self.turn + u64::from(self.segment > 1)
    }

    /// The turn as the sidebar, the replay viewer and `replay --verify` number it: the one
    /// under way (from 1), or once the run is over the one it ended in.
    pub fn turn_shown(&self) -> u64 {
        if self.is_over() {
            self.turns_played()
        } else {
            self.turn + 1
        }
    }

    /// The segment of the current turn about to run (`1..=SEGMENTS`): the player's next.
    pub fn segment(&self) -> u32 {
        self.segment
    }

    /// What happened in this run so far.
    pub fn story(&self) -> &Story {
        &self.story
    }

    /// How the game ended, if it has.
    pub fn ending(&self) -> Option<&Ending> {
        self.story.ending.as_ref()
    }

    /// Whether the game has ended: the player died or won, or the game was abandoned.
    pub fn is_over(&self) -> bool {
        self.story.ending.is_some()
    }

    /// Ends the game from outside the rules: the player quit, or a bot ran out of time.
    pub fn abandon(&mut self, ending: Ending) {
        if self.story.ending.is_none() {
            self.story.ending = Some(ending);
        }
    }

    /// The living creature standing on `hex` of the player's level, if any.
    pub fn creature_at(&self, hex: Cell) -> Option<&Creature> {
        self.creatures_here().find(|c| c.pos == hex)
    }

    /// Every living monster's plan on the player's level for its next action, in id order:
    /// the telegraph data. The shell should draw only those on tiles the player can see. A
    /// feinting monster about to step next to the player has a plan for each tile it may take
    /// (in coordinate order, whichever it chose): it takes one of them
    /// ([`World::feint_marks`]).
    pub fn planned(&self) -> Vec<Plan> {
        self.creatures_here()
            .filter(|c| !self.on_heroes_side(c.id))
            .filter_map(|c| Some((c, (*self.plans.get(c.id)?)?.intention)))
            .flat_map(|(c, intention)| {
                let acts_next = acts_in(c.speed, self.segment, self.segments()) && c.busy == 0;
                let plan = |intention| Plan {
                    who: c.id,
                    from: c.pos,
                    intention,
                    acts_next,
                };
                match self.feint_marks(c, intention) {
                    Some(tiles) => tiles
                        .into_iter()
                        .map(|t| plan(Intention::Move(t)))
                        .collect(),
                    None => vec![plan(intention)],
                }
            })
            .collect()
    }

    /// Carries out one player command, then runs segments until the player acts again and
    /// returns every event in order. A refused command changes nothing and takes no time.
    /// In a party's game it is the first hero's command; the others wait.
    pub fn apply(&mut self, command: Command) -> Result<Vec<Event>, Rejection> {
        self.apply_all(&[(World::PLAYER, command)])
            .map_err(|(_, why)| why)
    }

    /// Carries out the commands of the heroes that act in the coming segment, all in that
    /// one segment (a hero with none waits), then runs segments until a hero acts again, and
    /// returns every event in order. A command for a creature that is not an acting hero,
    /// a second one for the same hero, or one the rules refuse ([`Rejection`]) refuses them
    /// all: nothing changes and no time passes. A [`Command::Lead`] among them is the
    /// directive for an ally ([`World::allies`]), taken before the segment runs.
    pub fn apply_all(
        &mut self,
        commands: &[(CreatureId, Command)],
    ) -> Result<Vec<Event>, (CreatureId, Rejection)> {
        let (tells, commands): (Vec<_>, Vec<_>) = commands
            .iter()
            .copied()
            .partition(|(_, c)| matches!(c, Command::Lead(_)));
        let tasks = self.ally_tasks(&tells)?;
        let actions = self.hero_actions(&commands)?;
        self.set_tasks(&tasks);
        let mut events = Vec::new();
        self.note_party_for_regen(&commands);
        self.run_segment(&actions, &mut events);
        self.run_until_a_hero_acts(&mut events);
        Ok(events)
    }

    /// Each commanded hero's checked action, or the first refusal; each is checked on its
    /// hero's own level.
    fn hero_actions(
        &mut self,
        commands: &[(CreatureId, Command)],
    ) -> Result<Vec<(CreatureId, PlayerAction)>, (CreatureId, Rejection)> {
        let mut actions: Vec<(CreatureId, PlayerAction)> = Vec::with_capacity(commands.len());
        for &(who, command) in commands {
            if actions.iter().any(|(h, _)| *h == who) {
                return Err((who, Rejection::NotActing));
            }
            self.focus = self.creatures.get(who).map(|c| c.depth);
            let action = self.acting_action(who, command);
            self.focus = None;
            actions.push((who, action.map_err(|why| (who, why))?));
        }
        Ok(actions)
    }

    /// Runs segments until the coming segment is one where a hero acts (a hero still wading
    /// acts in none until the wading is done).
    fn run_until_a_hero_acts(&mut self, events: &mut Vec<Event>) {
        for _ in 0..4 * SEGMENTS {
            if self.is_over() || !self.acting_heroes().is_empty() {
                return;
            }
            self.run_segment(&[], events);
        }
    }
}

/// The most heroes a game has: a party of one to four.
pub const MAX_HEROES: usize = 4;

/// What the views were computed for: each hero's depth, tile and sight, the terrain digest.
type ViewKey = (Vec<(u32, Cell, u32)>, u64);

/// A cached Dijkstra map of the heroes with its key: (depth, the living heroes' tiles there,
/// terrain digest).
type HuntKeyed = ((u32, Vec<Cell>, u64), Vec<u32>);

/// Where a party of `count` heroes starts: `start`, then the passable tiles nearest it in
/// steps (ties in coordinate order); `None` if fewer are reachable.
fn party_places(level: &Level, start: Cell, count: usize) -> Option<Vec<Cell>> {
    let mut places = vec![start];
    let mut frontier = vec![start];
    while places.len() < count && !frontier.is_empty() {
        let mut next: Vec<Cell> = frontier
            .iter()
            .flat_map(|&h| level.terrain.neighbours(h).collect::<Vec<_>>())
            .filter(|&n| level.passable(n) && !places.contains(&n))
            .collect();
        next.sort_unstable();
        next.dedup();
        places.extend(next.iter().copied());
        frontier = next;
    }
    (places.len() >= count).then(|| places[..count].to_vec())
}

/// Adds a monster for every monster placement of a known kind on a free passable tile.
pub(super) fn spawn_monsters(
    content: &Content,
    level: &Level,
    depth: u32,
    creatures: &mut Vec<Creature>,
) {
    let first = creatures.len();
    for p in &level.placements {
        let PlacementKind::Monster(name) = &p.kind else {
            continue;
        };
        let Some(kind) = content.monster(name) else {
            continue;
        };
        let on_level = &creatures[first..];
        let taken = on_level.iter().any(|c| c.pos == p.at)
            || (depth == 1 && creatures[..first].iter().any(|h| h.pos == p.at));
        if level.passable(p.at) && !taken {
            let mut monster = Creature::monster(creatures.len(), kind, p.at);
            monster.depth = depth;
            creatures.push(monster);
        }
    }
}
