//! Questions about the world as the player knows it (what is in view and remembered, never the
//! hidden map), shared by the terminal shell and the bot.

use super::{Plan, SEGMENTS, World};
use crate::geom::Cell;
use crate::map::Terrain;
use crate::path;
use crate::sim::ai::{self, Senses, Stance};
use crate::sim::intention::{Intention, acts_in};
use crate::sim::{Creature, CreatureId};

/// How near a monster in view stops travel, exploring and rest whatever it does, in tiles.
pub const NEAR: i32 = 2;

/// Why a monster in view stops travel, exploring or rest ([`World::threats`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Threat {
    /// It is within [`NEAR`] tiles.
    Near,
    /// It has noticed the player and steps closer.
    Approaches,
    /// It has noticed the player and strikes or shoots at them (or next to them).
    Aims,
}

/// What stops a missile short of the tile it was thrown at ([`World::flight_stop`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum FlightStop {
    /// Brush: nothing thrown flies into it.
    Brush,
    /// A wall tile.
    Wall,
    /// A closed door, on a tile or on a side.
    ClosedDoor,
    /// A thin wall on the side between two tiles.
    ThinWall,
}

impl FlightStop {
    /// In a few words: "the brush", "the thin wall".
    pub fn words(self) -> &'static str {
        match self {
            FlightStop::Brush => "the brush",
            FlightStop::Wall => "the wall",
            FlightStop::ClosedDoor => "the closed door",
            FlightStop::ThinWall => "the thin wall",
        }
    }
}

impl World {
    /// The living creature the player can see at `hex`, if any.
    pub fn visible_creature(&self, hex: Cell) -> Option<&Creature> {
        self.creature_at(hex).filter(|_| self.is_visible(hex))
    }

    /// How far apart two tiles of the player's level are, on its tiling.
    pub fn dist(&self, a: Cell, b: Cell) -> i32 {
        self.level().terrain.distance(a, b)
    }

    /// The living monsters in view, nearest first (then by id): the other heroes of a party
    /// are no monsters.
    pub fn visible_monsters(&self) -> Vec<&Creature> {
        let me = self.player();
        let mut list: Vec<&Creature> = self
            .creatures_here()
            .filter(|c| !self.on_heroes_side(c.id) && self.is_visible(c.pos))
            .collect();
        list.sort_by_key(|c| (self.dist(me.pos, c.pos), c.id));
        list
    }

    /// The monsters in view that stop travel, exploring and rest, nearest first (then by id),
    /// each with why, by what each is about ([`World::stance`], as the sidebar tells it): one
    /// within [`NEAR`] tiles, whatever it does, unless it flees or hides; else one that has
    /// noticed the player (it hunts them, charges or searches for them) and whose
    /// telegraphed action brings it closer or aims at them (or next to them). Monsters that
    /// wander unaware or wait for their pack farther off do not stop anything, nor does one
    /// that flees or hides, however near, unless it is cornered and strikes at the player.
    pub fn threats(&self) -> Vec<(&Creature, Threat)> {
        let me = self.player().pos;
        let plans = self.visible_plans();
        self.visible_monsters()
            .into_iter()
            .filter_map(|c| {
                let d = self.dist(me, c.pos);
                let stance = self.stance(c.id);
                let intention = plans
                    .iter()
                    .find(|p| p.who == c.id)
                    .map_or(Intention::Stay, |p| p.intention);
                let aims = match intention {
                    Intention::Throw(at) | Intention::Attack(at) => {
                        at == me || self.level().terrain.adjacent(me, at)
                    }
                    _ => false,
                };
                let approaches = matches!(intention, Intention::Move(to) if self.dist(me, to) < d);
                let noticed = matches!(
                    stance,
                    Stance::Hunts | Stance::Charges | Stance::Searches | Stance::Flees
                );
                let why = match stance {
                    // Cornered, a coward strikes: only then does it stop anything.
                    Stance::Flees | Stance::Hides if !aims => None,
                    _ if d <= NEAR => Some(Threat::Near),
                    _ if noticed && aims => Some(Threat::Aims),
                    Stance::Flees => None,
                    _ if noticed && approaches => Some(Threat::Approaches),
                    _ => None,
                };
                why.map(|why| (c, why))
            })
            .collect()
    }

    /// What a living monster on the player's level is about now, as its mind sees it: the one
    /// reason behind its plan, which the sidebar tells and [`World::threats`] weighs.
    pub fn stance(&self, who: CreatureId) -> Stance {
        let monster = self.creatures_here().find(|c| c.id == who);
        let Some(monster) = monster.filter(|c| !self.on_heroes_side(c.id)) else {
            return Stance::Unaware;
        };
        let kinds = self.content.monsters();
        let heroes = self.heroes_here();
        let senses = Senses::with_heroes(
            self.level(),
            kinds,
            &self.creatures,
            self.depth(),
            &heroes,
            None,
        );
        senses.aim(monster);
        ai::stance(&senses, monster)
    }

    /// The living heroes on the player's level, in their players' order.
    pub(super) fn heroes_here(&self) -> Vec<&Creature> {
        heroes_on(&self.heroes, &self.creatures, self.depth())
    }

    /// The living hero on the player's level nearest to `hex` (ties to the first in the
    /// players' order), if any: the one a monster there has in mind when it does not see
    /// another.
    pub(super) fn nearest_hero(&self, hex: Cell) -> Option<&Creature> {
        self.heroes_here()
            .into_iter()
            .min_by_key(|h| self.dist(h.pos, hex))
    }

    /// The plans of the monsters in view, in id order: the telegraph the player may see.
    pub fn visible_plans(&self) -> Vec<Plan> {
        self.planned()
            .into_iter()
            .filter(|p| self.is_visible(p.from))
            .collect()
    }

    /// The tile a monster in view is telegraphed to step onto in the coming segment, or the tile
    /// it stands on when it does not step then: where a missile thrown now should meet it.
    pub fn telegraphed_tile(&self, monster: &Creature) -> Cell {
        telegraphed_among(&self.visible_plans(), monster)
    }

    /// The tiles to walk from `from` to `to` through known passable tiles (the start excluded).
    pub fn known_path(&self, from: Cell, to: Cell) -> Option<Vec<Cell>> {
        self.known_path_for(self.viewer, from, to)
    }

    /// [`World::known_path`] on hero `who`'s level through what they know.
    pub fn known_path_for(&self, who: CreatureId, from: Cell, to: Cell) -> Option<Vec<Cell>> {
        let level = self.level_of(who);
        let mut tiles = path::travel_path(level, self.seen_index_of(who), from, to)?;
        if tiles.first() == Some(&from) {
            tiles.remove(0);
        }
        Some(tiles)
    }

    /// [`World::known_path`] around the tiles of `avoid` (the start and the end excepted):
    /// another way past what stands in the usual one.
    pub fn known_path_avoiding(&self, from: Cell, to: Cell, avoid: &[Cell]) -> Option<Vec<Cell>> {
        self.known_path_avoiding_for(self.viewer, from, to, avoid)
    }

    /// [`World::known_path_avoiding`] on hero `who`'s level through what they know.
    pub fn known_path_avoiding_for(
        &self,
        who: CreatureId,
        from: Cell,
        to: Cell,
        avoid: &[Cell],
    ) -> Option<Vec<Cell>> {
        let level = self.level_of(who);
        let grid = &level.terrain;
        let blocked: Vec<usize> = avoid
            .iter()
            .filter(|&&h| h != from && h != to)
            .filter_map(|&h| grid.index(h))
            .collect();
        let seen = self.seen_index_of(who);
        let known = |i: usize| seen(i) && !blocked.contains(&i);
        let mut tiles = path::travel_path(level, known, from, to)?;
        if tiles.first() == Some(&from) {
            tiles.remove(0);
        }
        Some(tiles)
    }

    /// Whether the player has seen the tile at a storage index of their level.
    fn seen_index(&self) -> impl Fn(usize) -> bool + '_ {
        self.seen_index_of(self.viewer)
    }

    /// Whether hero `who` has seen the tile at a storage index of their own level.
    fn seen_index_of(&self, who: CreatureId) -> impl Fn(usize) -> bool + '_ {
        let seen = self.depth_of(who).memory.get(who).map(|m| &m.seen);
        move |i| seen.and_then(|s| s.get(i)).copied().unwrap_or(false)
    }

    /// The seen tiles of one terrain, in reading order: the viewer's.
    fn seen_terrain(&self, terrain: Terrain) -> Vec<Cell> {
        let depth = self.depth_of(self.viewer);
        let grid = &depth.level.terrain;
        let Some(memory) = depth.memory.get(self.viewer) else {
            return Vec::new();
        };
        let seen = &memory.seen;
        grid.cells()
            .iter()
            .zip(seen)
            .enumerate()
            .filter(|&(i, (&t, &s))| s && t == terrain && grid.is_tile(i))
            .map(|(i, _)| grid.cell(i))
            .collect()
    }

    /// The stairs down the player has seen, in reading order.
    pub fn seen_stairs_down(&self) -> Vec<Cell> {
        self.seen_terrain(Terrain::StairsDown)
    }

    /// The stairs up the player has seen, in reading order.
    pub fn seen_stairs_up(&self) -> Vec<Cell> {
        self.seen_terrain(Terrain::StairsUp)
    }

    /// The nearest seen stairs down (nearest first, then in coordinate order).
    pub fn nearest_seen_stairs_down(&self) -> Option<Cell> {
        let me = self.player().pos;
        self.seen_stairs_down()
            .into_iter()
            .min_by_key(|&h| (self.dist(me, h), h))
    }

    /// How many items the player knows to lie on the floor.
    pub fn known_items(&self) -> usize {
        self.floor_items()
            .iter()
            .filter(|f| self.is_seen(f.at))
            .count()
    }

    /// The path to the nearest known item on the floor worth picking up
    /// ([`World::worth_picking_up`]: a weapon or armour no better than one carried is left
    /// where it lies, and not walked to again) that can be reached through known tiles.
    pub fn path_to_known_item(&self) -> Option<Vec<Cell>> {
        self.path_to_known_item_for(self.viewer())
    }

    /// [`World::path_to_known_item`] for hero `who`.
    pub fn path_to_known_item_for(&self, who: CreatureId) -> Option<Vec<Cell>> {
        self.path_to_known_item_around(who, &[])
    }

    /// [`World::path_to_known_item_for`] round the tiles of `avoid`: an item on one is not
    /// gone to, and no way crosses one.
    fn path_to_known_item_around(&self, who: CreatureId, avoid: &[Cell]) -> Option<Vec<Cell>> {
        let me = self.creatures().get(who)?.pos;
        let grid = &self.level_of(who).terrain;
        let mut items: Vec<Cell> = self
            .depth_of(who)
            .floor_items()
            .iter()
            .filter(|f| self.worth_picking_up_by(who, &f.item))
            .map(|f| f.at)
            .filter(|&at| self.is_seen_by(who, at) && at != me && !avoid.contains(&at))
            .collect();
        items.sort_by_key(|&at| (grid.distance(me, at), at));
        items.dedup();
        items
            .into_iter()
            .find_map(|at| self.known_path_avoiding_for(who, me, at, avoid))
    }

    /// The way to the nearest known item, or else to the nearest unexplored place, through
    /// known tiles (the player's tile excluded); `None` when nothing is left to find.
    pub fn explore_path(&self) -> Option<Vec<Cell>> {
        self.explore_path_for(self.viewer())
    }

    /// [`World::explore_path`] for hero `who`, on their level through their own memory:
    /// what the standing order to explore walks.
    pub fn explore_path_for(&self, who: CreatureId) -> Option<Vec<Cell>> {
        self.explore_path_around_for(who, &[])
    }

    /// [`World::explore_path_for`] round the tiles of `avoid` (where someone stands): the
    /// way neither crosses nor ends on one; `None` when nothing is left to find that way.
    pub fn explore_path_around_for(&self, who: CreatureId, avoid: &[Cell]) -> Option<Vec<Cell>> {
        let me = self.creatures().get(who)?.pos;
        let level = self.level_of(who);
        let avoided: Vec<usize> = avoid
            .iter()
            .filter(|&&at| at != me)
            .filter_map(|&at| level.terrain.index(at))
            .collect();
        let route = self.path_to_known_item_around(who, avoid).or_else(|| {
            let seen = self.seen_index_of(who);
            path::explore_step_around(level, seen, |i| avoided.contains(&i), me)
        })?;
        Some(route.into_iter().filter(|&h| h != me).collect())
    }

    /// The known tiles the player arrives on within `actions` actions through known tiles,
    /// with the action of arrival (the player's own tile, at 0, included): the rules' cost of
    /// terrain, as [`path::arrivals_in`] computes it.
    pub fn known_reach(&self, actions: u32) -> Vec<(Cell, u32)> {
        let level = self.level();
        let grid = &level.terrain;
        let Some(start) = grid.index(self.player().pos) else {
            return Vec::new();
        };
        let terrain = path::terrain_cost(level);
        let seen = self.seen_index();
        let cost = |i: usize| terrain(i).filter(|_| seen(i));
        path::arrivals_in(level, cost, start, actions)
            .into_iter()
            .map(|(i, c)| (grid.cell(i), c))
            .collect()
    }

    /// The tiles a missile thrown from `from` toward `to` crosses: the line without its start,
    /// stopping before the first tile that blocks sight, lies off the map or lies beyond a thin
    /// wall or closed door on a side ([`Level::open_line`](crate::map::Level::open_line)), and never past
    /// `to`. It meets the first creature on these tiles after the segment's movement, else lands
    /// on the last. This is the line the rules fly and the aim overlay draws.
    pub fn flight_path(&self, from: Cell, to: Cell) -> Vec<Cell> {
        self.level().open_line(from, to)
    }

    /// What stops a missile thrown from `from` at `to` before it gets there: brush, a wall or a
    /// closed door on the next tile of its line, or a thin wall or closed door on the side
    /// before it. `None` when it flies all the way ([`World::flight_path`]) or only the map's
    /// edge stops it.
    pub fn flight_stop(&self, from: Cell, to: Cell) -> Option<FlightStop> {
        use crate::map::SideFeature;
        let flight = self.flight_path(from, to);
        if from == to || flight.last() == Some(&to) {
            return None;
        }
        let level = self.level();
        // The flight is the line's open start (the other line is flown only to the target).
        let line = level.terrain.line(from, to);
        let (last, next) = (*line.get(flight.len())?, *line.get(flight.len() + 1)?);
        let on_side = level.side_of(last, next).map(|side| level.side_at(side));
        match on_side {
            Some(SideFeature::Wall) => return Some(FlightStop::ThinWall),
            Some(SideFeature::DoorClosed) => return Some(FlightStop::ClosedDoor),
            _ => {}
        }
        match level.terrain_at(next)? {
            Terrain::Brush => Some(FlightStop::Brush),
            Terrain::Wall => Some(FlightStop::Wall),
            Terrain::DoorClosed => Some(FlightStop::ClosedDoor),
            _ => None,
        }
    }

    /// How many actions a creature has in a turn (its speed, as the segments count them): a
    /// monster with more than the player chooses each of its actions between two of theirs
    /// from the state then, so the telegraph shows only the next.
    pub fn actions_in_turn(&self, who: CreatureId) -> u32 {
        let speed = self.creatures.get(who).map_or(0, |c| c.speed);
        let all = (1..=SEGMENTS)
            .filter(|&k| acts_in(speed, k, SEGMENTS))
            .count();
        u32::try_from(all).unwrap_or(0)
    }

    /// Which of its actions this turn the player takes next, and how many it has in a turn:
    /// `(1, 2)` for the first of two.
    pub fn player_action_in_turn(&self) -> (u32, u32) {
        let speed = self.player().speed;
        let upto = (1..=self.segment())
            .filter(|&k| acts_in(speed, k, SEGMENTS))
            .count();
        (
            u32::try_from(upto).unwrap_or(0),
            self.actions_in_turn(self.viewer()),
        )
    }
}

/// The tile `monster` is telegraphed to step onto in the coming segment by one of `plans`,
/// or the tile it stands on when it does not step then.
pub fn telegraphed_among(plans: &[Plan], monster: &Creature) -> Cell {
    match plans.iter().find(|p| p.who == monster.id) {
        Some(Plan {
            intention: Intention::Move(to),
            acts_next: true,
            ..
        }) => *to,
        _ => monster.pos,
    }
}

/// The living heroes of `heroes` among `creatures` on the level at `depth`, in the players'
/// order.
pub(super) fn heroes_on<'a>(
    heroes: &[CreatureId],
    creatures: &'a [Creature],
    depth: u32,
) -> Vec<&'a Creature> {
    heroes
        .iter()
        .map(|&h| &creatures[h])
        .filter(|h| h.alive && h.depth == depth)
        .collect()
}

#[cfg(test)]
mod tests {
    use crate::geom::Cell;
    use crate::map::{Grid, Level, Shape, Terrain};
    use crate::sim::World;

    fn world() -> World {
        let mut grid = Grid::new(
            &Shape::Parallelogram {
                width: 9,
                height: 5,
            },
            Terrain::Floor,
        )
        .unwrap();
        grid.set(Cell::new(6, 2), Terrain::Wall);
        let mut level = Level::new("room", 1, grid);
        level.start = Some(Cell::new(1, 2));
        World::new(crate::content::Content::bundled().unwrap().into(), level, 1).unwrap()
    }

    #[test]
    fn a_flight_stops_before_a_wall_and_never_passes_its_target() {
        let w = world();
        let me = Cell::new(1, 2);
        let to_wall: Vec<Cell> = (2..6).map(|x| Cell::new(x, 2)).collect();
        assert_eq!(w.flight_path(me, Cell::new(8, 2)), to_wall);
        assert_eq!(w.flight_path(me, Cell::new(3, 2)), to_wall[..2]);
        assert!(w.flight_path(me, me).is_empty());
    }

    #[test]
    fn a_path_avoiding_tiles_goes_around_them_or_is_none() {
        let w = world();
        let (me, to) = (Cell::new(1, 2), Cell::new(4, 2));
        let straight = w.known_path(me, to).unwrap();
        assert_eq!(straight, [Cell::new(2, 2), Cell::new(3, 2), to]);
        let around = w.known_path_avoiding(me, to, &[Cell::new(2, 2)]).unwrap();
        assert!(!around.contains(&Cell::new(2, 2)) && around.last() == Some(&to));
        // Its ends are never avoided; a wall of avoided tiles leaves no way.
        assert_eq!(w.known_path_avoiding(me, to, &[me, to]).unwrap(), straight);
        let wall: Vec<Cell> = (0..5).map(|y| Cell::new(2, y)).collect();
        assert_eq!(w.known_path_avoiding(me, to, &wall), None);
    }

    #[test]
    fn the_player_takes_the_first_of_two_actions_after_a_turn_begins() {
        let w = world();
        assert_eq!(w.player_action_in_turn(), (1, 2));
    }
}
