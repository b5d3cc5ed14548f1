//! The range overlay's promise: the tiles it marks as reached within 1, 2 and 3 turns are
//! exactly the tiles some sequence of the player's commands reaches in that many turns under
//! the rules (wading into shallow water or brush costs the next action).
#![allow(clippy::unwrap_used)]

use hexdeep::geom::{Compass, Hex};
use hexdeep::map::{Grid, Level, Shape, Terrain};
use hexdeep::path::{arrivals, terrain_cost, turn_of_action};
use hexdeep::sim::{Command, Event, World};
use proptest::prelude::*;
use std::collections::BTreeMap;

const TURNS: u64 = 3;

/// The first turn (from 1) in which the rules put the player on each tile, by trying every
/// sequence of steps (states merged by position and time).
fn reached_by_rules(world: &World) -> BTreeMap<Hex, u64> {
    let first_turn = world.turn();
    let mut best = BTreeMap::from([(world.player().pos, 0)]);
    let mut frontier = vec![world.clone()];
    let mut visited = Vec::new();
    while let Some(w) = frontier.pop() {
        for dir in Compass::HEX {
            let mut next = w.clone();
            let Ok(events) = next.apply(Command::Move(dir)) else {
                continue;
            };
            let mut turn = 0;
            for e in &events {
                match *e {
                    Event::Segment { turn: t, .. } => turn = t,
                    Event::Moved { who: 0, to, .. } => {
                        let n = turn - first_turn + 1;
                        if n <= TURNS {
                            let entry = best.entry(to).or_insert(n);
                            *entry = (*entry).min(n);
                        }
                    }
                    _ => {}
                }
            }
            let key = (next.player().pos, next.turn(), next.segment());
            if next.turn() - first_turn < TURNS && !visited.contains(&key) {
                visited.push(key);
                frontier.push(next);
            }
        }
    }
    best
}

fn level_from(cells: &[u8], width: u32, height: u32) -> Level {
    let mut grid = Grid::new(&Shape::Parallelogram { width, height }, Terrain::Floor).unwrap();
    let hexes: Vec<Hex> = grid.iter().map(|(h, _)| h).collect();
    for (h, &c) in hexes.iter().zip(cells) {
        let t = match c % 8 {
            0..=2 => Terrain::Floor,
            3 => Terrain::ShallowWater,
            4 => Terrain::Brush,
            5 => Terrain::Wall,
            6 => Terrain::DeepWater,
            _ => Terrain::DoorClosed,
        };
        grid.set(*h, t);
    }
    Level::new("reach", 1, grid)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]
    #[test]
    fn the_overlay_marks_exactly_what_the_rules_reach(
        cells in proptest::collection::vec(any::<u8>(), 30),
    ) {
        let level = level_from(&cells, 6, 5);
        let Some(world) = World::new(hexdeep::content::Content::bundled().unwrap().into(), level.clone(), 3) else {
            return Ok(());
        };
        let grid = &level.terrain;
        let start = grid.index(world.player().pos).unwrap();
        let speed = world.player().speed;
        let overlay: BTreeMap<Hex, u64> = arrivals(grid, terrain_cost(&level), start, speed * 3)
            .into_iter()
            .map(|(i, a)| (grid.hex(i), u64::from(turn_of_action(a, speed))))
            .collect();
        prop_assert_eq!(overlay, reached_by_rules(&world));
    }
}
