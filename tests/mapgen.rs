//! Level generation: determinism, connectivity, borders, stairs, safe starts, the character of
//! each style, the lair, and population from the data files, checked with plain
//! breadth-first searches over hexes written here independently of the generator.
#![allow(clippy::unwrap_used)]

use hexdeep::content::{Content, ItemKind, MonsterKind};
use hexdeep::geom::Hex;
use hexdeep::map::{Level, PlacementKind, Terrain};
use hexdeep::mapgen::{
    DEFAULT_HEIGHT, DEFAULT_WIDTH, LAIR_DEPTH, MAX_WIDTH, SAFE_RADIUS, Style, level_name, style,
};
use hexdeep::sim::{Behaviour, ItemUse};
use std::sync::OnceLock;

/// The bundled content, parsed once for this test binary.
fn content() -> &'static Content {
    static CONTENT: OnceLock<Content> = OnceLock::new();
    CONTENT.get_or_init(|| Content::bundled().unwrap())
}

fn generate(seed: u64, depth: u32, width: u32, height: u32) -> Level {
    hexdeep::mapgen::generate(content(), seed, depth, width, height)
}

fn item_kind(name: &str) -> Option<&'static ItemKind> {
    content().item(name)
}

fn item_kinds() -> &'static [ItemKind] {
    content().items()
}

fn monster_kind(name: &str) -> Option<&'static MonsterKind> {
    content().monster(name)
}

fn monster_kinds() -> &'static [MonsterKind] {
    content().monsters()
}
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
    let downs = tiles_of(level, Terrain::StairsDown).len();
    if style(level.depth).has_down_stairs() {
        if passable.len() >= 2 && downs == 0 {
            return Err("room for down stairs, but none".into());
        }
    } else if downs > 0 {
        return Err("down stairs on the lair".into());
    }
    let mut seen = BTreeSet::new();
    for p in &level.placements {
        if !reached.contains(&p.at) || !seen.insert(p.at) || p.at == start {
            return Err(format!("placement {p:?} unreachable or sharing a tile"));
        }
        let ground = level.terrain_at(p.at);
        let fits = match &p.kind {
            PlacementKind::Monster(name) => {
                monster_kind(name).is_some()
                    && matches!(
                        ground,
                        Some(Terrain::Floor | Terrain::Brush | Terrain::ShallowWater)
                    )
            }
            PlacementKind::Item(name) => {
                item_kind(name).is_some() && ground == Some(Terrain::Floor)
            }
        };
        if !fits {
            return Err(format!("{p:?} is no known kind or stands on {ground:?}"));
        }
        if matches!(p.kind, PlacementKind::Monster(_)) && p.at.distance(start) <= SAFE_RADIUS {
            return Err(format!(
                "{p:?} is within {SAFE_RADIUS} of the start {start}"
            ));
        }
    }
    Ok(())
}

fn standard(seed: u64, depth: u32) -> Level {
    generate(seed, depth, DEFAULT_WIDTH, DEFAULT_HEIGHT)
}

fn monsters(level: &Level) -> Vec<(&str, Hex)> {
    level
        .placements
        .iter()
        .filter_map(|p| match &p.kind {
            PlacementKind::Monster(name) => Some((name.as_str(), p.at)),
            PlacementKind::Item(_) => None,
        })
        .collect()
}

fn items(level: &Level) -> Vec<(&str, Hex)> {
    level
        .placements
        .iter()
        .filter_map(|p| match &p.kind {
            PlacementKind::Item(name) => Some((name.as_str(), p.at)),
            PlacementKind::Monster(_) => None,
        })
        .collect()
}

/// Share of the passable tiles, per mille, that are of any of these terrains.
fn share(level: &Level, of: &[Terrain]) -> usize {
    let passable = level
        .terrain
        .iter()
        .filter(|(_, t)| !t.blocks_movement())
        .count();
    let some = level.terrain.iter().filter(|(_, t)| of.contains(t)).count();
    some * 1000 / passable.max(1)
}

/// The mean share over ten seeds of levels of a depth.
fn mean_share(depth: u32, of: &[Terrain]) -> usize {
    (0..10)
        .map(|s| share(&standard(s, depth), of))
        .sum::<usize>()
        / 10
}

#[test]
fn same_seed_same_level_at_every_depth() {
    for depth in 1..=LAIR_DEPTH {
        for seed in [0, 42, u64::MAX] {
            let a = standard(seed, depth);
            let b = standard(seed, depth);
            assert_eq!(fingerprint(&a), fingerprint(&b));
            assert_eq!(a, b);
        }
    }
}

#[test]
fn a_level_does_not_depend_on_the_levels_made_before_it() {
    let alone = standard(77, 5);
    let after: Vec<Level> = (1..=5).map(|d| standard(77, d)).collect();
    assert_eq!(after[4], alone);
    let lair_first = standard(77, LAIR_DEPTH);
    assert_eq!(standard(77, 5), alone);
    assert_eq!(standard(77, LAIR_DEPTH), lair_first);
}

#[test]
fn different_seeds_and_depths_differ() {
    let mut prints: Vec<u64> = (0..20).map(|s| fingerprint(&standard(s, 1))).collect();
    prints.extend((2..=LAIR_DEPTH).map(|d| fingerprint(&standard(0, d))));
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
        let depth = 1 + (seed % u64::from(LAIR_DEPTH)) as u32;
        let level = generate(seed, depth, w, h);
        check_laws(&level).unwrap_or_else(|e| panic!("seed {seed} depth {depth}: {e}"));
        if !style(depth).has_down_stairs() {
            continue;
        }
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
fn depths_one_to_nine_go_down_and_the_lair_does_not() {
    for depth in 1..=LAIR_DEPTH {
        for seed in 0..3 {
            let level = standard(seed, depth);
            let downs = tiles_of(&level, Terrain::StairsDown).len();
            assert_eq!(downs, usize::from(depth < LAIR_DEPTH), "depth {depth}");
            assert_eq!(tiles_of(&level, Terrain::StairsUp).len(), 1);
        }
    }
}

#[test]
fn the_depths_follow_the_plan() {
    use Style::{Caves, Flooded, Halls, Lair, Overgrown};
    let plan = [
        Halls, Halls, Caves, Flooded, Halls, Overgrown, Flooded, Halls, Caves, Lair,
    ];
    let styles: Vec<Style> = (1..=LAIR_DEPTH).map(style).collect();
    assert_eq!(styles, plan);
}

#[test]
fn names_say_the_style() {
    for depth in 1..=LAIR_DEPTH {
        let level = standard(3, depth);
        assert_eq!(level.name, level_name(depth));
        assert!(level.name.starts_with(&format!("Depth {depth}: ")));
        assert!(level.name.ends_with(style(depth).title()));
    }
    assert_eq!(standard(3, 4).name, "Depth 4: the flooded halls");
}

#[test]
fn styles_by_depth_hold_their_character() {
    let halls = (1..=LAIR_DEPTH)
        .find(|&d| style(d) == Style::Halls)
        .unwrap();
    let caves = (1..=LAIR_DEPTH)
        .find(|&d| style(d) == Style::Caves)
        .unwrap();
    let flooded = (1..=LAIR_DEPTH)
        .find(|&d| style(d) == Style::Flooded)
        .unwrap();
    let overgrown = (1..=LAIR_DEPTH)
        .find(|&d| style(d) == Style::Overgrown)
        .unwrap();
    let water = [Terrain::ShallowWater, Terrain::DeepWater];
    let (wet_halls, wet_flooded) = (mean_share(halls, &water), mean_share(flooded, &water));
    assert!(
        wet_flooded > 300 && wet_flooded > 5 * wet_halls,
        "flooded {wet_flooded}‰ of passable tiles under water, halls {wet_halls}‰"
    );
    assert!(
        mean_share(flooded, &[Terrain::DeepWater]) > 30,
        "deep pools"
    );
    let brush = [Terrain::Brush];
    assert!(mean_share(overgrown, &brush) > 2 * mean_share(caves, &brush));
    for seed in 0..10 {
        let rooms = standard(seed, halls);
        assert!(
            tiles_of(&rooms, Terrain::DoorClosed).len() >= 3,
            "seed {seed}: halls have doors"
        );
        assert!(tiles_of(&standard(seed, caves), Terrain::DoorClosed).is_empty());
    }
    // Halls are mostly rock; caves are open.
    let rock = |d: u32| -> usize {
        (0..5)
            .map(|s| {
                let level = standard(s, d);
                level
                    .terrain
                    .iter()
                    .filter(|(_, t)| **t == Terrain::Wall)
                    .count()
                    * 1000
                    / level.terrain.len()
            })
            .sum::<usize>()
            / 5
    };
    assert!(
        rock(halls) > rock(caves) + 100,
        "halls {} caves {}",
        rock(halls),
        rock(caves)
    );
}

#[test]
fn the_lair_holds_the_artifact_guarded_far_from_the_stairs() {
    let artifact = item_kinds()
        .iter()
        .find(|k| k.use_ == ItemUse::Artifact)
        .unwrap();
    let guardians: Vec<&str> = monster_kinds()
        .iter()
        .filter(|k| matches!(k.behaviour, Behaviour::Guardian { .. }))
        .map(|k| k.name.as_str())
        .collect();
    assert!(!guardians.is_empty());
    for seed in 0..10 {
        let level = standard(seed, LAIR_DEPTH);
        check_laws(&level).unwrap();
        let found: Vec<Hex> = items(&level)
            .into_iter()
            .filter(|(n, _)| *n == artifact.name)
            .map(|(_, at)| at)
            .collect();
        assert_eq!(found.len(), 1, "seed {seed}: one artifact");
        let heart = found[0];
        let start = level.start.unwrap();
        let steps = steps_from(&level, start);
        let farthest = steps.values().copied().max().unwrap();
        assert!(
            steps[&heart] * 3 >= farthest * 2,
            "seed {seed}: artifact {} steps away of {farthest}",
            steps[&heart]
        );
        let beasts = monsters(&level);
        for g in &guardians {
            assert!(
                beasts.iter().any(|(n, at)| n == g && at.is_adjacent(heart)),
                "seed {seed}: no {g} next to the artifact"
            );
        }
        let ordinary = beasts
            .iter()
            .filter(|(n, _)| !guardians.contains(n))
            .count();
        assert!(ordinary >= 5, "seed {seed}: {ordinary} ordinary monsters");
    }
}

#[test]
fn the_artifact_and_guardians_appear_only_in_the_lair() {
    for depth in 1..LAIR_DEPTH {
        for seed in 0..5 {
            let level = standard(seed, depth);
            for (name, _) in items(&level) {
                assert_ne!(item_kind(name).unwrap().use_, ItemUse::Artifact);
            }
            for (name, _) in monsters(&level) {
                let kind = monster_kind(name).unwrap();
                assert!(!matches!(kind.behaviour, Behaviour::Guardian { .. }));
            }
        }
    }
}

#[test]
fn population_follows_the_data() {
    for depth in 1..=LAIR_DEPTH {
        for seed in 0..4 {
            let level = standard(seed, depth);
            for (name, _) in monsters(&level) {
                let k = monster_kind(name).unwrap();
                let guardian = matches!(k.behaviour, Behaviour::Guardian { .. });
                assert!(
                    guardian || (k.frequency > 0 && (k.min_depth..=k.max_depth).contains(&depth)),
                    "{name} at depth {depth}"
                );
            }
            for (name, _) in items(&level) {
                let k = item_kind(name).unwrap();
                let artifact = k.use_ == ItemUse::Artifact;
                assert!(
                    artifact || (k.frequency > 0 && (k.min_depth..=k.max_depth).contains(&depth)),
                    "{name} at depth {depth}"
                );
            }
        }
    }
}

#[test]
fn standard_levels_hold_a_few_items_and_more_monsters_deeper() {
    for depth in 1..=LAIR_DEPTH {
        for seed in 0..5 {
            let level = standard(seed, depth);
            let n = items(&level)
                .iter()
                .filter(|(name, _)| item_kind(name).unwrap().use_ != ItemUse::Artifact)
                .count();
            assert!((4..=7).contains(&n), "depth {depth} seed {seed}: {n} items");
            let m = monsters(&level).len();
            assert!(m >= 4, "depth {depth} seed {seed}: {m} monsters");
        }
    }
    let count = |depth| -> usize { (0..10).map(|s| monsters(&standard(s, depth)).len()).sum() };
    assert!(count(9) > count(1));
}

#[test]
fn groups_keep_together() {
    let grouped: Vec<&str> = monster_kinds()
        .iter()
        .filter(|k| k.group.0 >= 2)
        .map(|k| k.name.as_str())
        .collect();
    assert!(!grouped.is_empty());
    let mut seen = 0;
    for depth in 1..LAIR_DEPTH {
        for seed in 0..4 {
            let level = standard(seed, depth);
            let beasts = monsters(&level);
            for &(name, at) in beasts.iter().filter(|(n, _)| grouped.contains(n)) {
                seen += 1;
                assert!(
                    beasts
                        .iter()
                        .any(|&(n, o)| n == name && o != at && o.distance(at) <= 3),
                    "depth {depth} seed {seed}: lone {name} at {at}"
                );
            }
        }
    }
    assert!(seen > 0);
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
    let lair = generate(5, LAIR_DEPTH, 300, 150);
    check_laws(&lair).unwrap();
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
