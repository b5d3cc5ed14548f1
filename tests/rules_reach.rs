//! The overlays' promise, on every tiling, with and without thin walls and doors on sides:
//! the tiles `map render --range` (and the game's range overlay, `m`) marks as reached within
//! a number of actions are exactly the tiles some sequence of the player's commands reaches by
//! then under the rules; `--path` costs what the fastest such sequence spends to stand ready
//! on its goal; `--fov` is what the player standing there sees. Checked on small random
//! levels and on generated ones (the thin-walled maze of depth 3 among them), through the
//! JSON `map render --json` prints.
#![allow(clippy::unwrap_used)]

use hexdeep::content::Content;
use hexdeep::geom::{Cell, Compass, Tiling};
use hexdeep::map::{CornerFeature, Grid, Level, SideFeature, Terrain};
use hexdeep::mapfile::render::{Overlays, compute, to_json};
use hexdeep::path::turn_of_action;
use hexdeep::sim::{Command, Event, SEGMENTS, World, acts_in};
use proptest::prelude::*;
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

/// How many actions the searches look ahead: three turns of the player (speed 2).
const ACTIONS: u64 = 6;

/// The player's action slot at `turn` and `segment`: how many actions come before it.
fn slot(speed: u32, turn: u64, segment: u32) -> u64 {
    let before = (1..segment)
        .filter(|&k| acts_in(speed, k, SEGMENTS))
        .count();
    turn * u64::from(speed) + before as u64
}

/// What the rules let the player do within [`ACTIONS`] actions, by trying every sequence of
/// steps (states merged by position, time, and the doors opened so far). The searches plan
/// with the doors as they stand, so no step here squeezes past a corner that only a door the
/// player opened on the way has cleared.
#[derive(Default, Debug)]
struct Reached {
    /// The first action (from 1) at which the player arrives on each tile.
    arrive: BTreeMap<Cell, u64>,
    /// The fewest actions after which the player stands on each tile ready to act.
    ready: BTreeMap<Cell, u64>,
}

/// A world state for merging: position, the next action's slot, and the doors opened (on
/// tiles and on sides).
type Key = (Cell, u64, Vec<Cell>, Vec<(i32, i32)>);

/// The doors of a level that stand open, on tiles and on sides.
fn open_doors(level: &Level) -> (Vec<Cell>, Vec<(i32, i32)>) {
    let tiles = level
        .terrain
        .iter()
        .filter(|(_, t)| **t == Terrain::DoorOpen);
    let sides = level.side_features().into_iter();
    (
        tiles.map(|(h, _)| h).collect(),
        sides
            .filter(|&(_, f)| f == SideFeature::DoorOpen)
            .map(|(s, _)| (s.c, s.r))
            .collect(),
    )
}

fn reached_by_rules(world: &World) -> Reached {
    let speed = world.player().speed;
    let start = slot(speed, world.turn(), world.segment());
    let mut out = Reached::default();
    out.arrive.insert(world.player().pos, 0);
    out.ready.insert(world.player().pos, 0);
    let mut frontier = vec![world.clone()];
    let mut visited: BTreeSet<Key> = BTreeSet::new();
    let before = world.level();
    while let Some(w) = frontier.pop() {
        for dir in Compass::ALL {
            let from = w.player().pos;
            let planned = w.level().terrain.step(from, dir);
            if planned.is_some_and(|(to, _)| !before.move_allowed(from, to)) {
                continue;
            }
            let mut next = w.clone();
            let Ok(events) = next.apply(Command::Move(dir)) else {
                continue;
            };
            let mut at = 0;
            for e in &events {
                match *e {
                    Event::Segment { turn, segment } => at = slot(speed, turn, segment),
                    Event::Moved { who: 0, to, .. } => {
                        let n = at - start + 1;
                        let best = out.arrive.entry(to).or_insert(n);
                        *best = (*best).min(n);
                    }
                    _ => {}
                }
            }
            let now = slot(speed, next.turn(), next.segment()) - start;
            let pos = next.player().pos;
            let ready = out.ready.entry(pos).or_insert(now);
            *ready = (*ready).min(now);
            let (tiles, sides) = open_doors(next.level());
            if now < ACTIONS && visited.insert((pos, now, tiles, sides)) {
                frontier.push(next);
            }
        }
    }
    out
}

/// `map render --json` of `level` with `overlays`, parsed.
fn render(level: &Level, overlays: &Overlays) -> Value {
    let computed = compute(level, overlays).unwrap();
    serde_json::from_str(&to_json(level, &computed)).unwrap()
}

/// A JSON tile (`[x, y]`, or `[x, y, s]` on triangles) as the storage cell it names.
fn tile(tiling: Tiling, v: &Value) -> Cell {
    let n: Vec<i32> = v
        .as_array()
        .unwrap()
        .iter()
        .map(|n| i32::try_from(n.as_i64().unwrap()).unwrap())
        .collect();
    match (tiling, n.as_slice()) {
        (Tiling::Triangle, &[x, y, s]) => Cell::new(2 * x + y + s, y),
        (_, &[x, y]) => Cell::new(x, y),
        _ => panic!("{v}"),
    }
}

fn tiles(tiling: Tiling, v: &Value) -> Vec<Cell> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|t| tile(tiling, t))
        .collect()
}

/// Checks every overlay of `map render` from the player's tile of `world` against the rules.
fn overlays_follow_the_rules(world: &World) -> Result<(), TestCaseError> {
    let rules = reached_by_rules(world);
    range_follows_the_rules(world, &rules)?;
    known_reach_is_never_sooner_than_the_rules(world, &rules)?;
    paths_follow_the_rules(world, &rules)?;
    fov_is_what_the_player_sees(world)
}

/// `--range` from the player marks, for each number of actions, exactly the tiles the rules
/// arrive on within it.
fn range_follows_the_rules(world: &World, rules: &Reached) -> Result<(), TestCaseError> {
    let level = world.level();
    let tiling = level.terrain.tiling();
    let me = world.player().pos;
    for actions in 0..=ACTIONS as u32 {
        let json = render(
            level,
            &Overlays {
                range: Some((me, actions)),
                ..Overlays::default()
            },
        );
        let mut got = tiles(tiling, &json["range"]);
        got.sort();
        let want: Vec<Cell> = rules
            .arrive
            .iter()
            .filter(|&(_, &a)| a <= u64::from(actions))
            .map(|(&h, _)| h)
            .collect();
        prop_assert_eq!(got, want, "--range with {} actions from {:?}", actions, me);
    }
    Ok(())
}

/// The game's own overlay (`m`) plans through the tiles the player knows only: it never
/// promises a tile sooner than the rules reach it.
fn known_reach_is_never_sooner_than_the_rules(
    world: &World,
    rules: &Reached,
) -> Result<(), TestCaseError> {
    let speed = world.player().speed;
    for (h, arrival) in world.known_reach(speed * 3) {
        let turns = turn_of_action(arrival, speed);
        let soonest = rules
            .arrive
            .get(&h)
            .map(|&a| turn_of_action(a as u32, speed));
        prop_assert!(
            soonest.is_some_and(|s| s <= turns),
            "the range overlay at {:?}",
            h
        );
    }
    Ok(())
}

/// `--path` to every goal near the player costs what the rules take to stand ready there
/// (within the look-ahead), its steps are allowed moves or doors, and the JSON prints it.
fn paths_follow_the_rules(world: &World, rules: &Reached) -> Result<(), TestCaseError> {
    let level = world.level();
    let tiling = level.terrain.tiling();
    let me = world.player().pos;
    // A move changes the tiling's distance by one at most and costs an action at least.
    let near = level.terrain.indices().map(|i| level.terrain.cell(i));
    let mut printed = false;
    for goal in near.filter(|&g| level.terrain.distance(me, g) <= ACTIONS as i32 + 1) {
        let overlays = Overlays {
            path: Some((me, goal)),
            ..Overlays::default()
        };
        let path = compute(level, &overlays).unwrap().path;
        let cost_within = path
            .as_ref()
            .map(|p| u64::from(p.1))
            .filter(|&c| c <= ACTIONS);
        let ready = rules.ready.get(&goal).copied().filter(|&r| r <= ACTIONS);
        prop_assert_eq!(cost_within, ready, "--path from {:?} to {:?}", me, goal);
        let Some((path, cost)) = path.filter(|_| ready.is_some()) else {
            continue;
        };
        for w in path.windows(2) {
            let opens = level.door_between(w[0], w[1]).is_some();
            prop_assert!(level.move_allowed(w[0], w[1]) && level.passable(w[1]) || opens);
        }
        // As printed (once a start: the JSON of a maze is long): the same tiles and cost.
        if !printed {
            printed = true;
            let json = render(level, &overlays);
            prop_assert_eq!(tiles(tiling, &json["path"]), path);
            prop_assert_eq!(json["path_cost"].as_u64(), Some(u64::from(cost)));
        }
    }
    Ok(())
}

/// `--fov` from the player with the player's sight marks exactly the tiles the player sees.
fn fov_is_what_the_player_sees(world: &World) -> Result<(), TestCaseError> {
    let level = world.level();
    let me = world.player().pos;
    let sight = world.player().sight;
    let json = render(
        level,
        &Overlays {
            fov: Some((me, sight)),
            ..Overlays::default()
        },
    );
    let mut got = tiles(level.terrain.tiling(), &json["fov"]);
    got.sort();
    let mut want: Vec<Cell> = level
        .terrain
        .indices()
        .map(|i| level.terrain.cell(i))
        .filter(|&h| world.is_visible(h))
        .collect();
    want.sort();
    prop_assert_eq!(got, want, "--fov from {:?}", me);
    Ok(())
}

fn content() -> Arc<Content> {
    Content::bundled().unwrap().into()
}

/// A 7 by 5 box of cells of `tiling` holding the terrain `cells` says, with a feature on the
/// sides and corners `sides` says (hex and square grids).
fn level_from(tiling: Tiling, cells: &[u8], sides: &[u8]) -> Level {
    let all: Vec<Cell> = (0..5)
        .flat_map(|y| (0..7).map(move |x| Cell::new(x, y)))
        .collect();
    let mut grid = Grid::from_cells(tiling, &all, Terrain::Floor).unwrap();
    for (&c, &k) in all.iter().zip(cells) {
        let t = match k % 10 {
            0..=3 => Terrain::Floor,
            4 => Terrain::ShallowWater,
            5 => Terrain::Brush,
            6 => Terrain::Wall,
            7 => Terrain::DeepWater,
            _ => Terrain::DoorClosed,
        };
        grid.set(c, t);
    }
    let mut level = Level::new("reach", 1, grid);
    if tiling.has_sides() {
        let mut features = Vec::new();
        let mut k = sides.iter().cycle();
        for &c in &all {
            for side in tiling.tile_sides(c) {
                let f = match k.next().unwrap() % 8 {
                    0 => SideFeature::Wall,
                    1 => SideFeature::DoorClosed,
                    2 => SideFeature::DoorOpen,
                    _ => SideFeature::Open,
                };
                features.push((side, f));
            }
            if let Some(&corner) = tiling.tile_corners(c).first()
                && k.next().unwrap().is_multiple_of(16)
            {
                level.set_corner(corner, CornerFeature::Pillar);
            }
        }
        level.set_sides(features);
    }
    level
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    #[test]
    fn map_render_follows_the_rules_on_small_levels(
        t in 0usize..3,
        cells in proptest::collection::vec(any::<u8>(), 35),
        sides in proptest::collection::vec(any::<u8>(), 1..40),
        walled in any::<bool>(),
    ) {
        let tiling = Tiling::ALL[t];
        let level = level_from(tiling, &cells, if walled { &sides } else { &[3] });
        let Some(world) = World::new(content(), level, 3) else {
            return Ok(());
        };
        overlays_follow_the_rules(&world)?;
    }
}

/// The overlays from a few tiles of the generated level at `depth` on `tiling` (monsters and
/// items left out: the rules of walking alone).
fn check_generated(tiling: Tiling, depth: u32, seed: u64) {
    let content = content();
    let source = hexdeep::mapgen::dungeon_on(tiling);
    let mut level = source.level(&content, seed, depth);
    level.placements.clear();
    let open: Vec<Cell> = level
        .terrain
        .iter()
        .filter(|(_, t)| !t.blocks_movement())
        .map(|(h, _)| h)
        .collect();
    assert!(!open.is_empty());
    for k in 0..3 {
        let mut here = level.clone();
        here.start = Some(open[(k * 7919 + seed as usize) % open.len()]);
        let world = World::new(Arc::clone(&content), here, seed).unwrap();
        overlays_follow_the_rules(&world)
            .unwrap_or_else(|e| panic!("{tiling} depth {depth} seed {seed}: {e}"));
    }
}

#[test]
fn map_render_follows_the_rules_in_the_thin_walled_maze() {
    for tiling in [Tiling::Hex, Tiling::Square] {
        let level = hexdeep::mapgen::dungeon_on(tiling).level(&Content::bundled().unwrap(), 11, 3);
        assert!(
            level.has_sides(),
            "depth 3 is the thin-walled maze on {tiling}"
        );
        for seed in [11, 12] {
            check_generated(tiling, 3, seed);
        }
    }
}

#[test]
fn map_render_follows_the_rules_on_generated_levels_of_every_tiling() {
    for tiling in Tiling::ALL {
        for depth in [1, 4, 6] {
            check_generated(tiling, depth, 5);
        }
    }
}
