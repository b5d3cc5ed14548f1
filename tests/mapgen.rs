//! Level generation: determinism, connectivity, borders, stairs and safe starts, checked with
//! plain breadth-first searches over hexes written here independently of the generator.
#![allow(clippy::unwrap_used)]

use hexdeep::geom::Hex;
use hexdeep::map::{Level, PlacementKind, Terrain};
use hexdeep::mapgen::{DEFAULT_HEIGHT, DEFAULT_WIDTH, MAX_WIDTH, SAFE_RADIUS, generate};
use proptest::prelude::*;
use std::collections::{BTreeMap, BTreeSet, VecDeque};

/// FNV-1a over the terrain glyphs in reading order, the start and the placements.
fn fingerprint(level: &Level) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut eat = |bytes: &[u8]| {
        for &b in bytes {
            h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    };
    for (hex, t) in level.terrain.iter() {
        eat(&hex.x.to_le_bytes());
        eat(&hex.y.to_le_bytes());
        eat(&[t.glyph() as u8]);
    }
    eat(format!("{:?}", level.start).as_bytes());
    for p in &level.placements {
        eat(format!("{p:?}").as_bytes());
    }
    h
}

/// Every hex reachable from `from` over passable tiles.
fn reachable(level: &Level, from: Hex) -> BTreeSet<Hex> {
    let mut seen = BTreeSet::from([from]);
    let mut queue = VecDeque::from([from]);
    while let Some(h) = queue.pop_front() {
        for n in h.neighbors() {
            if level.passable(n) && seen.insert(n) {
                queue.push_back(n);
            }
        }
    }
    seen
}

/// Steps over passable tiles from `from` to every hex it reaches.
fn steps_from(level: &Level, from: Hex) -> BTreeMap<Hex, u32> {
    let mut steps = BTreeMap::from([(from, 0)]);
    let mut queue = VecDeque::from([from]);
    while let Some(h) = queue.pop_front() {
        let next = steps[&h] + 1;
        for n in h.neighbors() {
            if level.passable(n) && !steps.contains_key(&n) {
                steps.insert(n, next);
                queue.push_back(n);
            }
        }
    }
    steps
}

fn tiles_of(level: &Level, terrain: Terrain) -> Vec<Hex> {
    level
        .terrain
        .iter()
        .filter(|(_, t)| **t == terrain)
        .map(|(h, _)| h)
        .collect()
}

/// The laws every generated level keeps, whatever its size.
fn check_laws(level: &Level) -> Result<(), String> {
    for (hex, t) in level.terrain.iter() {
        let on_edge = hex.neighbors().iter().any(|&n| !level.terrain.contains(n));
        if on_edge && *t != Terrain::Wall {
            return Err(format!("border tile {hex} is {t:?}"));
        }
    }
    let passable: Vec<Hex> = level
        .terrain
        .iter()
        .filter(|(_, t)| !t.blocks_movement())
        .map(|(h, _)| h)
        .collect();
    let Some(start) = level.start else {
        return if passable.is_empty() {
            Ok(())
        } else {
            Err("passable tiles but no start".into())
        };
    };
    if level.terrain_at(start) != Some(Terrain::StairsUp) {
        return Err(format!("start {start} is not on the up stairs"));
    }
    let reached = reachable(level, start);
    if let Some(lost) = passable.iter().find(|h| !reached.contains(h)) {
        return Err(format!("{lost} cannot be reached from {start}"));
    }
    if tiles_of(level, Terrain::StairsUp).len() != 1
        || tiles_of(level, Terrain::StairsDown).len() > 1
    {
        return Err("more than one staircase of a kind".into());
    }
    if passable.len() >= 2 && tiles_of(level, Terrain::StairsDown).is_empty() {
        return Err("room for down stairs, but none".into());
    }
    let mut seen = BTreeSet::new();
    for p in &level.placements {
        if !reached.contains(&p.at) || !seen.insert(p.at) {
            return Err(format!("placement {p:?} unreachable or sharing a tile"));
        }
        if matches!(p.kind, PlacementKind::Monster(_)) && p.at.distance(start) <= SAFE_RADIUS {
            return Err(format!(
                "{p:?} is within {SAFE_RADIUS} of the start {start}"
            ));
        }
    }
    Ok(())
}

#[test]
fn same_seed_same_level() {
    for seed in [0, 1, 42, u64::MAX] {
        let a = generate(seed, 3, DEFAULT_WIDTH, DEFAULT_HEIGHT);
        let b = generate(seed, 3, DEFAULT_WIDTH, DEFAULT_HEIGHT);
        assert_eq!(fingerprint(&a), fingerprint(&b));
        assert_eq!(a, b);
    }
}

#[test]
fn different_seeds_and_depths_differ() {
    let mut prints: Vec<u64> = (0..20)
        .map(|s| fingerprint(&generate(s, 1, DEFAULT_WIDTH, DEFAULT_HEIGHT)))
        .collect();
    prints.extend((2..6).map(|d| fingerprint(&generate(0, d, DEFAULT_WIDTH, DEFAULT_HEIGHT))));
    let unique: BTreeSet<u64> = prints.iter().copied().collect();
    assert_eq!(unique.len(), prints.len());
}

#[test]
fn two_hundred_seeds_keep_the_laws() {
    for seed in 0..200u64 {
        // Most seeds at a smaller size to keep the debug build quick; every tenth full size.
        let (w, h) = if seed % 10 == 0 {
            (DEFAULT_WIDTH, DEFAULT_HEIGHT)
        } else {
            (40, 24)
        };
        let level = generate(seed, 1 + (seed % 7) as u32, w, h);
        check_laws(&level).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        let start = level.start.unwrap();
        let steps = steps_from(&level, start);
        let down = tiles_of(&level, Terrain::StairsDown)[0];
        let to_down = steps.get(&down).copied();
        assert!(to_down.is_some(), "seed {seed}: down stairs unreachable");
        // Far apart: no floor tile is more steps from the start than the down stairs.
        for floor in tiles_of(&level, Terrain::Floor) {
            assert!(
                steps.get(&floor).copied() <= to_down,
                "seed {seed}: {floor} is farther"
            );
        }
    }
}

#[test]
fn standard_levels_have_every_feature() {
    for seed in 0..10 {
        let level = generate(seed, 4, DEFAULT_WIDTH, DEFAULT_HEIGHT);
        for t in [
            Terrain::Floor,
            Terrain::Wall,
            Terrain::DoorClosed,
            Terrain::ShallowWater,
            Terrain::DeepWater,
            Terrain::Brush,
        ] {
            assert!(!tiles_of(&level, t).is_empty(), "seed {seed}: no {t:?}");
        }
        let monsters = level
            .placements
            .iter()
            .filter(|p| matches!(p.kind, PlacementKind::Monster(_)))
            .count();
        assert!(monsters >= 4, "seed {seed}: {monsters} monsters");
        assert_eq!(level.name, "Depth 4");
    }
}

#[test]
fn deeper_levels_hold_more_monsters() {
    let count = |depth| -> usize {
        (0..10)
            .map(|s| {
                generate(s, depth, DEFAULT_WIDTH, DEFAULT_HEIGHT)
                    .placements
                    .iter()
                    .filter(|p| matches!(p.kind, PlacementKind::Monster(_)))
                    .count()
            })
            .sum()
    };
    assert!(count(8) > count(1));
}

#[test]
fn jackals_come_in_packs() {
    for seed in 0..10 {
        let level = generate(seed, 2, DEFAULT_WIDTH, DEFAULT_HEIGHT);
        let jackals: Vec<Hex> = level
            .placements
            .iter()
            .filter(|p| p.kind == PlacementKind::Monster("jackal".into()))
            .map(|p| p.at)
            .collect();
        // Every jackal has a packmate within three steps.
        for &j in &jackals {
            assert!(
                jackals.iter().any(|&k| k != j && k.distance(j) <= 3),
                "seed {seed}: lone jackal at {j}"
            );
        }
    }
}

#[test]
fn large_and_absurd_sizes_do_not_panic() {
    let big = generate(5, 2, 400, 200);
    check_laws(&big).unwrap();
    assert_eq!(big.terrain.len(), 400 * 200);
    let wide = generate(5, 2, u32::MAX, 3);
    assert_eq!(wide.terrain.len(), MAX_WIDTH as usize * 3);
    check_laws(&wide).unwrap();
    let none = generate(5, 0, 0, 0);
    assert_eq!(none.terrain.len(), 1);
    assert_eq!(none.start, None);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn small_sizes_keep_the_laws(seed in any::<u64>(), depth in 0u32..40, w in 1u32..16, h in 1u32..16) {
        let level = generate(seed, depth, w, h);
        prop_assert_eq!(level.terrain.len(), (w * h) as usize);
        if let Err(e) = check_laws(&level) {
            return Err(TestCaseError::fail(e));
        }
        // A map with an interior tile always has somewhere to start.
        prop_assert_eq!(level.start.is_some(), w >= 3 && h >= 3);
    }
}
