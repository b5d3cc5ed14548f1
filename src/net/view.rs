//! What one player of a network game is sent after each segment: never the server's world, but
//! a *redacted* copy of it holding only what that player's hero sees now and remembers
//! (ARCHITECTURE.md, "The network"), which the client draws as the hotseat draws one person's
//! turn. A tile the hero never saw is an unknown wall; a creature it does not see now is not
//! there (the party's heroes and the hero's own allies excepted), nor its plan, nor the items
//! lying out of its sight; the maps to come, the seed and the generators' states are gone.

use super::message::GameId;
use crate::map::{Level, Terrain};
use crate::sim::ally::Task;
use crate::sim::{Creature, CreatureId, Memory, World, WorldParts};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// The most lines of a player's messages a view repeats: a client that missed views (a slow
/// reader is sent only the newest) still gets the lines it missed, up to these.
pub const VIEW_LINES: usize = 50;

/// One player's view of a game, as the server sends it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct View {
    /// The game.
    pub game: GameId,
    /// The turn under way (`World::turn`).
    pub turn: u64,
    /// The segment about to run.
    pub segment: u32,
    /// The player's hero, by its id in `world` (the heroes keep their ids).
    pub hero: u32,
    /// Per creature of `world`, by its id there: its id on the server, the one a directive
    /// names.
    pub ids: Vec<u32>,
    /// The redacted world, in the saves' encoding of one world ([`crate::persist::encode_world`]).
    pub world: Vec<u8>,
    /// The storage indices of the tiles the hero sees now, as the server's world has it: the
    /// redacted world, whose never-seen tiles are walls, would see less through them.
    pub visible: Vec<u32>,
    /// The number of the first line of `log` among all the lines told to this player.
    pub log_start: u64,
    /// The player's latest messages, oldest first: at most [`VIEW_LINES`].
    pub log: Vec<String>,
    /// Every seat of the game, in the heroes' order.
    pub seats: Vec<SeatView>,
}

/// One seat of a game as every player sees it: the sidebar's roster.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatView {
    /// The name of the player who took it, if anyone has.
    pub name: Option<String>,
    /// Whether that player is connected now (otherwise the AI has the hero).
    pub present: bool,
    /// Whether the coming segment still waits for their directive.
    pub waiting: bool,
    /// What their hero's standing order has it do, if it carries one on (travel, exploring,
    /// rest; not where it travels).
    pub standing: Option<crate::sim::orders::Doing>,
    /// Their time left, in milliseconds, in a game with a clock.
    pub clock_ms: Option<u64>,
}

impl View {
    /// The world this view holds, checked as a save's world is, played with `content`.
    pub fn world(&self, content: &Arc<crate::content::Content>) -> Result<World, String> {
        let mut world = crate::persist::decode_world(&self.world, content)
            .map_err(|e| e.to_string())?
            .without_levels();
        let hero = self.hero as usize;
        let visible = self.visible.iter().map(|&i| i as usize).collect();
        if self.ids.len() != world.creatures().len()
            || !world.set_viewer(hero)
            || !world.adopt_view(hero, visible)
        {
            return Err(format!(
                "the view of game {} does not fit its world",
                self.game
            ));
        }
        Ok(world)
    }

    /// The server's id of creature `id` of this view's world.
    pub fn server_id(&self, id: CreatureId) -> Option<u32> {
        self.ids.get(id).copied()
    }
}

/// What hero `hero` knows of `world`: the redacted world and, per creature of it, the
/// creature's id in `world`. `None` when `hero` is no hero of `world`.
pub fn redact(world: &World, hero: CreatureId) -> Option<(World, Vec<CreatureId>)> {
    redact_as(world, hero, Sight::Hero)
}

/// What a spectator who is none of the game's players is shown of `world` while it runs,
/// following hero `hero`: the party's heroes (the roster, where and how they are) and no
/// field of view: no tile seen or remembered, no other creature, no item on the floor.
pub fn roster_only(world: &World, hero: CreatureId) -> Option<(World, Vec<CreatureId>)> {
    redact_as(world, hero, Sight::Blind)
}

/// Whose sight a redacted world keeps.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Sight {
    /// The hero's: what it sees now and remembers.
    Hero,
    /// Nobody's: the roster only.
    Blind,
}

/// `world` redacted for `hero` with `sight`.
fn redact_as(world: &World, hero: CreatureId, sight: Sight) -> Option<(World, Vec<CreatureId>)> {
    if !world.is_hero(hero) {
        return None;
    }
    let kept = kept_creatures(world, hero, sight);
    let parts = world.to_parts();
    let new_id = |old: CreatureId| kept.iter().position(|&k| k == old);
    let creatures: Vec<Creature> = kept
        .iter()
        .enumerate()
        .map(|(id, &old)| anonymous(world, &parts.creatures[old], id))
        .collect();
    let allies = parts
        .allies
        .iter()
        .filter_map(|a| {
            let mut ally = *a;
            ally.id = new_id(a.id)?;
            ally.leader = new_id(a.leader)?;
            if let Task::Attack(foe) = a.task {
                ally.task = new_id(foe).map_or(Task::Follow, Task::Attack);
            }
            Some(ally)
        })
        .collect();
    let plans = kept.iter().map(|&old| parts.plans[old]).collect();
    let depths = parts
        .depths
        .iter()
        .enumerate()
        .map(|(d, depth)| {
            let here = world.creatures()[hero].depth as usize == d + 1;
            let standing: Vec<_> = creatures
                .iter()
                .filter(|c| c.alive && c.depth as usize == d + 1)
                .map(|c| c.pos)
                .collect();
            redact_depth(
                world,
                hero,
                depth,
                here && sight == Sight::Hero,
                &standing,
                sight,
            )
        })
        .collect();
    let redacted = WorldParts {
        seed: 0,
        depths,
        pending_maps: Vec::new(),
        creatures,
        allies,
        plans,
        rng: crate::rng::from_seed(0),
        ai_rng: crate::rng::from_seed(0),
        ..parts
    };
    let mut view = World::from_parts(redacted, world.content_handle()).ok()?;
    view.set_viewer(hero);
    Some((view, kept))
}

/// The creatures a hero's player knows of, by id: every hero (the party's roster), the
/// living creatures the hero sees now, and the hero's own allies; with [`Sight::Blind`],
/// the heroes only.
fn kept_creatures(world: &World, hero: CreatureId, sight: Sight) -> Vec<CreatureId> {
    let depth = world.creatures()[hero].depth;
    let sees = sight == Sight::Hero;
    world
        .creatures()
        .iter()
        .filter(|c| {
            world.is_hero(c.id)
                || (sees && c.alive && c.depth == depth && world.hero_sees(hero, c.pos))
                || (sees && world.ally(c.id).is_some_and(|a| a.leader == hero))
        })
        .map(|c| c.id)
        .collect()
}

/// Creature `c` under its id `id` of a view, without what the monsters keep to themselves
/// (where they last saw a hero, their home).
fn anonymous(world: &World, c: &Creature, id: CreatureId) -> Creature {
    let mut out = c.clone();
    out.id = id;
    if !world.is_hero(c.id) {
        out.memory = None;
        out.home = None;
    }
    out
}

/// One level as hero `hero` knows it: the tiles it never saw made walls (those under the
/// creatures kept, `standing`, floor), the others' memories blank, no placements or start,
/// and only on its own level (`here`) the items it sees now; with [`Sight::Blind`] nothing
/// seen.
fn redact_depth(
    world: &World,
    hero: CreatureId,
    depth: &crate::sim::DepthParts,
    here: bool,
    standing: &[crate::geom::Cell],
    sight: Sight,
) -> crate::sim::DepthParts {
    let blank = Memory {
        seen: vec![false; depth.memory[hero].seen.len()],
        visited: false,
    };
    let mine = match sight {
        Sight::Hero => depth.memory[hero].clone(),
        Sight::Blind => blank.clone(),
    };
    let level = redact_level(&depth.level, &mine.seen, standing);
    let memory = (0..depth.memory.len())
        .map(|h| {
            if h == hero {
                mine.clone()
            } else {
                blank.clone()
            }
        })
        .collect();
    let floor = if here {
        depth
            .floor
            .iter()
            .filter(|f| world.hero_sees(hero, f.at))
            .cloned()
            .collect()
    } else {
        Vec::new()
    };
    crate::sim::DepthParts {
        level,
        memory,
        floor,
    }
}

/// `level` with every tile not `seen` a wall (floor under `standing`), the features on sides
/// and corners no seen tile touches removed, and no placements or start.
fn redact_level(level: &Level, seen: &[bool], standing: &[crate::geom::Cell]) -> Level {
    let mut out = level.clone();
    let tiling = level.terrain.tiling();
    let grid = level.terrain.grid();
    let keep = seen;
    let under: Vec<usize> = standing.iter().filter_map(|&c| grid.index(c)).collect();
    out.terrain.edit(|g| {
        for (i, t) in g.cells_mut().iter_mut().enumerate() {
            if !keep.get(i).copied().unwrap_or(false) {
                *t = if under.contains(&i) {
                    Terrain::Floor
                } else {
                    Terrain::Wall
                };
            }
        }
    });
    let known = |c: crate::geom::Cell| grid.index(c).is_some_and(|i| keep[i]);
    for (side, _) in level.side_features() {
        let touched = tiling
            .side_tiles(side)
            .is_some_and(|(a, b)| known(a) || known(b));
        if !touched {
            out.set_side(side, crate::map::SideFeature::Open);
        }
    }
    for (corner, _) in level.corner_features() {
        if !tiling.corner_tiles(corner).into_iter().any(known) {
            out.set_corner(corner, crate::map::CornerFeature::Open);
        }
    }
    out.placements.clear();
    out.start = None;
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::Content;
    use crate::geom::Cell;
    use crate::map::{Grid, Placement, PlacementKind, Shape, SideFeature};

    /// A party of two in an open room of 12 by 5 with a rat at (4, 1); hero 1's tile (1, 2)
    /// is shut in by thin walls, so hero 1 sees nothing of the room and hero 2, at (0, 1),
    /// sees it all.
    fn walled_party() -> World {
        let shape = Shape::Parallelogram {
            width: 12,
            height: 5,
        };
        let grid = Grid::new(&shape, Terrain::Floor).unwrap();
        let mut level = Level::new("room", 1, grid);
        level.start = Some(Cell::new(1, 2));
        level.placements.push(Placement {
            at: Cell::new(4, 1),
            kind: PlacementKind::Monster("rat".to_string()),
        });
        let me = Cell::new(1, 2);
        let around: Vec<Cell> = level.terrain.neighbours(me).collect();
        for n in around {
            let side = level.side_of(me, n).unwrap();
            assert!(level.set_side(side, SideFeature::Wall));
        }
        let content: Arc<Content> = Content::bundled().unwrap().into();
        World::party_on_levels(content, vec![level], 5, 2).unwrap()
    }

    fn rats(world: &World) -> usize {
        world.creatures().iter().filter(|c| c.name == "rat").count()
    }

    #[test]
    fn a_monster_behind_a_wall_is_absent_from_the_view_of_the_hero_who_cannot_see_it() {
        let world = walled_party();
        assert_eq!(rats(&world), 1, "the server's world holds the rat");
        let (walled, ids) = redact(&world, 0).unwrap();
        assert_eq!(rats(&walled), 0, "hero 1 does not see it: it is not there");
        assert_eq!(ids, vec![0, 1], "the party's heroes only");
        let (open, ids) = redact(&world, 1).unwrap();
        assert_eq!(rats(&open), 1, "hero 2 sees it");
        assert_eq!(world.creatures()[ids[2]].name, "rat");
    }

    #[test]
    fn tiles_never_seen_are_walls_and_the_seed_and_generators_are_gone() {
        let world = walled_party();
        let (walled, _) = redact(&world, 0).unwrap();
        let far = Cell::new(3, 1);
        assert!(!world.is_seen_by(0, far) && world.is_seen_by(1, far));
        assert_eq!(world.level().terrain_at(far), Some(Terrain::Floor));
        assert_eq!(walled.level().terrain_at(far), Some(Terrain::Wall));
        assert_eq!(walled.seed(), 0);
        assert!(walled.level().placements.is_empty());
        let (open, _) = redact(&world, 1).unwrap();
        assert_eq!(open.level().terrain_at(far), Some(Terrain::Floor));
    }

    #[test]
    fn a_spectators_view_holds_the_heroes_and_nothing_any_of_them_sees() {
        let world = walled_party();
        let (blind, ids) = roster_only(&world, 1).unwrap();
        assert_eq!(ids, vec![0, 1], "the party's heroes only");
        assert_eq!(
            rats(&blind),
            0,
            "hero 2 sees the rat: the spectator does not"
        );
        let far = Cell::new(3, 1);
        assert!(world.is_seen_by(1, far));
        assert_eq!(blind.level().terrain_at(far), Some(Terrain::Wall));
        assert!(!blind.is_seen_by(1, far), "no tile seen or remembered");
        let hero = &world.creatures()[1];
        assert_eq!(blind.creatures()[1].pos, hero.pos, "where the hero stands");
        assert_eq!(blind.viewer(), 1);
    }

    #[test]
    fn a_view_travels_in_the_saves_encoding_and_comes_back_the_same_world() {
        let world = walled_party();
        let (open, ids) = redact(&world, 1).unwrap();
        let view = View {
            game: GameId(1),
            turn: open.turn(),
            segment: open.segment(),
            hero: 1,
            ids: ids.iter().map(|&i| i as u32).collect(),
            world: crate::persist::encode_world(&open).unwrap(),
            visible: world.hero_view(1).iter().map(|&i| i as u32).collect(),
            log_start: 0,
            log: Vec::new(),
            seats: Vec::new(),
        };
        let back = view.world(&world.content_handle()).unwrap();
        assert!(back.differences(&open).is_empty());
        assert!(!back.makes_levels(), "no seed to show, no level to make");
        assert_eq!(back.viewer(), 1);
        let mut short = view.clone();
        short.ids.pop();
        assert!(short.world(&world.content_handle()).is_err());
        let mut broken = view;
        broken.world.truncate(10);
        assert!(broken.world(&world.content_handle()).is_err());
    }
}
