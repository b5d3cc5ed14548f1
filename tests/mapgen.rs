//! Level generation on every tiling: determinism, connectivity, borders, stairs, safe starts,
//! the character of each style, the lair, and population from the data files, checked with
//! plain searches over the rules' moves ([`Level::move_allowed`]) written here independently
//! of the generator. Each test runs once per tiling.
#![allow(clippy::unwrap_used)]

#[path = "support/mapgen.rs"]
mod levels;

use hexdeep::geom::{Cell, Tiling};
use hexdeep::map::{Level, Terrain};
use hexdeep::mapgen::{
    DEFAULT_HEIGHT, DEFAULT_WIDTH, LAIR_DEPTH, MAX_WIDTH, MAZE_DEPTH, Style, level_name_on, style,
    style_on,
};
use hexdeep::sim::{Behaviour, ItemUse};
use levels::*;
use proptest::prelude::*;
use std::collections::BTreeSet;

#[test]
fn same_seed_same_level_at_every_depth() {
    for t in Tiling::ALL {
        for depth in 1..=LAIR_DEPTH {
            for seed in [0, 42, u64::MAX] {
                let a = standard(t, seed, depth);
                let b = standard(t, seed, depth);
                assert_eq!(fingerprint(&a), fingerprint(&b), "{t}");
                assert_eq!(a, b, "{t}");
                assert_eq!(a.terrain.tiling(), t);
            }
        }
    }
}

#[test]
fn a_level_does_not_depend_on_the_levels_made_before_it() {
    for t in Tiling::ALL {
        let alone = standard(t, 77, 5);
        let after: Vec<Level> = (1..=5).map(|d| standard(t, 77, d)).collect();
        assert_eq!(after[4], alone, "{t}");
        let lair_first = standard(t, 77, LAIR_DEPTH);
        assert_eq!(standard(t, 77, 5), alone, "{t}");
        assert_eq!(standard(t, 77, LAIR_DEPTH), lair_first, "{t}");
    }
}

#[test]
fn different_seeds_depths_and_tilings_differ() {
    let mut prints = Vec::new();
    for t in Tiling::ALL {
        prints.extend((0..20).map(|s| fingerprint(&standard(t, s, 1))));
        prints.extend((2..=LAIR_DEPTH).map(|d| fingerprint(&standard(t, 0, d))));
    }
    let unique: BTreeSet<u64> = prints.iter().copied().collect();
    assert_eq!(unique.len(), prints.len());
}

/// The laws, and the down stairs as far from the start as any floor, for `count` seeds on a
/// tiling (every depth in turn; every tenth level at the full size, the rest smaller).
fn seeds_keep_the_laws(t: Tiling, count: u64) {
    for seed in 0..count {
        // Most seeds at a smaller size to keep the debug build quick; every tenth full size.
        let (w, h) = if seed % 10 == 0 {
            (DEFAULT_WIDTH, DEFAULT_HEIGHT)
        } else {
            (40, 24)
        };
        let depth = 1 + (seed % u64::from(LAIR_DEPTH)) as u32;
        let level = generate(t, seed, depth, w, h);
        check_laws(&level).unwrap_or_else(|e| panic!("{t} seed {seed} depth {depth}: {e}"));
        if !style(depth).has_down_stairs() {
            continue;
        }
        let start = level.start.unwrap();
        let steps = steps_from(&level, start);
        let down = tiles_of(&level, Terrain::StairsDown)[0];
        let to_down = steps.get(&down).copied();
        assert!(
            to_down.is_some(),
            "{t} seed {seed}: down stairs unreachable"
        );
        // Far apart: no floor tile is more steps from the start than the down stairs.
        for floor in tiles_of(&level, Terrain::Floor) {
            assert!(
                steps.get(&floor).copied() <= to_down,
                "{t} seed {seed}: {floor} is farther"
            );
        }
    }
}

#[test]
fn two_hundred_seeds_keep_the_laws() {
    seeds_keep_the_laws(Tiling::Hex, 200);
}

#[test]
fn a_hundred_seeds_keep_the_laws_on_squares() {
    seeds_keep_the_laws(Tiling::Square, 100);
}

#[test]
fn a_hundred_seeds_keep_the_laws_on_triangles() {
    seeds_keep_the_laws(Tiling::Triangle, 100);
}

#[test]
fn depths_one_to_nine_go_down_and_the_lair_does_not() {
    for t in Tiling::ALL {
        for depth in 1..=LAIR_DEPTH {
            for seed in 0..3 {
                let level = standard(t, seed, depth);
                let downs = tiles_of(&level, Terrain::StairsDown).len();
                assert_eq!(downs, usize::from(depth < LAIR_DEPTH), "{t} depth {depth}");
                assert_eq!(tiles_of(&level, Terrain::StairsUp).len(), 1);
            }
        }
    }
}

#[test]
fn the_depths_follow_the_plan() {
    use Style::{Caves, Flooded, Halls, Lair, Maze, Overgrown};
    let plan = [
        Halls, Halls, Maze, Flooded, Halls, Overgrown, Flooded, Halls, Caves, Lair,
    ];
    for t in [Tiling::Hex, Tiling::Square] {
        let styles: Vec<Style> = (1..=LAIR_DEPTH).map(|d| style_on(t, d)).collect();
        assert_eq!(styles, plan, "{t}");
    }
    let mut triangles = plan;
    triangles[MAZE_DEPTH as usize - 1] = Caves;
    let styles: Vec<Style> = (1..=LAIR_DEPTH)
        .map(|d| style_on(Tiling::Triangle, d))
        .collect();
    assert_eq!(styles, triangles);
}

#[test]
fn names_say_the_style() {
    for t in Tiling::ALL {
        for depth in 1..=LAIR_DEPTH {
            let level = standard(t, 3, depth);
            assert_eq!(level.name, level_name_on(t, depth));
            assert!(level.name.starts_with(&format!("Depth {depth}: ")));
            assert!(level.name.ends_with(style_on(t, depth).title()));
        }
        assert_eq!(standard(t, 3, 4).name, "Depth 4: the flooded halls");
    }
}

/// The first depth of a style.
fn depth_of(s: Style) -> u32 {
    (1..=LAIR_DEPTH).find(|&d| style(d) == s).unwrap()
}

#[test]
fn styles_by_depth_hold_their_character() {
    let halls = depth_of(Style::Halls);
    let caves = depth_of(Style::Caves);
    let flooded = depth_of(Style::Flooded);
    let overgrown = depth_of(Style::Overgrown);
    let water = [Terrain::ShallowWater, Terrain::DeepWater];
    for t in Tiling::ALL {
        let (wet_halls, wet_flooded) =
            (mean_share(t, halls, &water), mean_share(t, flooded, &water));
        assert!(
            wet_flooded > 300 && wet_flooded > 5 * wet_halls,
            "{t}: flooded {wet_flooded}‰ of passable tiles under water, halls {wet_halls}‰"
        );
        assert!(
            mean_share(t, flooded, &[Terrain::DeepWater]) > 30,
            "{t}: deep pools"
        );
        let brush = [Terrain::Brush];
        assert!(mean_share(t, overgrown, &brush) > 2 * mean_share(t, caves, &brush));
        for seed in 0..10 {
            let rooms = standard(t, seed, halls);
            assert!(
                tiles_of(&rooms, Terrain::DoorClosed).len() >= 3,
                "{t} seed {seed}: halls have doors"
            );
            assert!(tiles_of(&standard(t, seed, caves), Terrain::DoorClosed).is_empty());
        }
        // Halls are mostly rock; caves are open.
        let rock = |d: u32| -> usize {
            (0..5)
                .map(|s| {
                    let level = standard(t, s, d);
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
            "{t}: halls {} caves {}",
            rock(halls),
            rock(caves)
        );
    }
}

#[test]
fn caves_are_about_as_open_on_every_tiling() {
    let caves = depth_of(Style::Caves);
    let open = |t: Tiling| -> usize {
        (0..5)
            .map(|s| share_of_map(&standard(t, s, caves)))
            .sum::<usize>()
            / 5
    };
    let hex = open(Tiling::Hex);
    for t in [Tiling::Square, Tiling::Triangle] {
        let other = open(t);
        assert!(
            other.abs_diff(hex) <= 120,
            "{t}: {other}‰ of the map passable, hexes {hex}‰"
        );
    }
}

/// Share of a level's tiles, per mille, that are passable.
fn share_of_map(level: &Level) -> usize {
    let passable = level
        .terrain
        .iter()
        .filter(|(_, t)| !t.blocks_movement())
        .count();
    passable * 1000 / level.terrain.len()
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
    for t in Tiling::ALL {
        for seed in 0..10 {
            let level = standard(t, seed, LAIR_DEPTH);
            check_laws(&level).unwrap();
            let found: Vec<Cell> = items(&level)
                .into_iter()
                .filter(|(n, _)| *n == artifact.name)
                .map(|(_, at)| at)
                .collect();
            assert_eq!(found.len(), 1, "{t} seed {seed}: one artifact");
            let heart = found[0];
            let start = level.start.unwrap();
            let steps = steps_from(&level, start);
            let farthest = steps.values().copied().max().unwrap();
            // Two thirds of the way on hexes; off hexes, where caves may wind further past
            // the hall, three fifths.
            let (num, den) = if t == Tiling::Hex { (2, 3) } else { (3, 5) };
            assert!(
                steps[&heart] * den >= farthest * num,
                "{t} seed {seed}: artifact {} steps away of {farthest}",
                steps[&heart]
            );
            // The start is the floor farthest from the heart.
            let from_heart = steps_from(&level, heart);
            let most = tiles_of(&level, Terrain::Floor)
                .iter()
                .filter_map(|f| from_heart.get(f).copied())
                .max()
                .unwrap_or(0);
            assert!(
                from_heart[&start] >= most,
                "{t} seed {seed}: start too near"
            );
            let beasts = monsters(&level);
            for g in &guardians {
                assert!(
                    beasts
                        .iter()
                        .any(|(n, at)| n == g && level.terrain.adjacent(*at, heart)),
                    "{t} seed {seed}: no {g} next to the artifact"
                );
            }
            let ordinary = beasts
                .iter()
                .filter(|(n, _)| !guardians.contains(n))
                .count();
            assert!(
                ordinary >= 5,
                "{t} seed {seed}: {ordinary} ordinary monsters"
            );
        }
    }
}

#[test]
fn the_artifact_and_guardians_appear_only_in_the_lair() {
    for t in Tiling::ALL {
        for depth in 1..LAIR_DEPTH {
            for seed in 0..5 {
                let level = standard(t, seed, depth);
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
}

#[test]
fn population_follows_the_data() {
    for t in Tiling::ALL {
        for depth in 1..=LAIR_DEPTH {
            for seed in 0..4 {
                let level = standard(t, seed, depth);
                for (name, _) in monsters(&level) {
                    let k = monster_kind(name).unwrap();
                    let guardian = matches!(k.behaviour, Behaviour::Guardian { .. });
                    let fits = k.frequency > 0 && (k.min_depth..=k.max_depth).contains(&depth);
                    assert!(guardian || fits, "{t}: {name} at depth {depth}");
                }
                for (name, _) in items(&level) {
                    let k = item_kind(name).unwrap();
                    let artifact = k.use_ == ItemUse::Artifact;
                    let fits = k.frequency > 0 && (k.min_depth..=k.max_depth).contains(&depth);
                    assert!(artifact || fits, "{t}: {name} at depth {depth}");
                }
            }
        }
    }
}

#[test]
fn standard_levels_hold_a_few_items_and_more_monsters_deeper() {
    for t in Tiling::ALL {
        for depth in 1..=LAIR_DEPTH {
            for seed in 0..5 {
                let level = standard(t, seed, depth);
                let n = items(&level)
                    .iter()
                    .filter(|(name, _)| item_kind(name).unwrap().use_ != ItemUse::Artifact)
                    .count();
                assert!(
                    (4..=7).contains(&n),
                    "{t} depth {depth} seed {seed}: {n} items"
                );
                let m = monsters(&level).len();
                assert!(m >= 4, "{t} depth {depth} seed {seed}: {m} monsters");
            }
        }
        let count = |depth| -> usize {
            (0..10)
                .map(|s| monsters(&standard(t, s, depth)).len())
                .sum()
        };
        assert!(count(9) > count(1), "{t}");
    }
}

#[test]
fn groups_keep_together() {
    let grouped: Vec<&str> = monster_kinds()
        .iter()
        .filter(|k| k.group.0 >= 2)
        .map(|k| k.name.as_str())
        .collect();
    assert!(!grouped.is_empty());
    for t in Tiling::ALL {
        let mut seen = 0;
        for depth in 1..LAIR_DEPTH {
            for seed in 0..4 {
                let level = standard(t, seed, depth);
                let beasts = monsters(&level);
                for &(name, at) in beasts.iter().filter(|(n, _)| grouped.contains(n)) {
                    seen += 1;
                    let near = |o: Cell| o != at && level.terrain.distance(o, at) <= 3;
                    assert!(
                        beasts.iter().any(|&(n, o)| n == name && near(o)),
                        "{t} depth {depth} seed {seed}: lone {name} at {at}"
                    );
                }
            }
        }
        assert!(seen > 0, "{t}");
    }
}

#[test]
fn large_and_absurd_sizes_do_not_panic() {
    for t in Tiling::ALL {
        let big = generate(t, 5, 2, 400, 200);
        check_laws(&big).unwrap();
        assert_eq!(big.terrain.len(), tiles_for(t, 400, 200));
        let wide = generate(t, 5, 2, u32::MAX, 3);
        assert_eq!(wide.terrain.len(), tiles_for(t, MAX_WIDTH, 3));
        check_laws(&wide).unwrap();
        let none = generate(t, 5, 0, 0, 0);
        assert_eq!(none.terrain.len(), tiles_for(t, 1, 1));
        assert_eq!(none.start, None);
        let lair = generate(t, 5, LAIR_DEPTH, 300, 150);
        check_laws(&lair).unwrap();
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn small_sizes_keep_the_laws(
        seed in any::<u64>(),
        depth in 0u32..40,
        w in 1u32..16,
        h in 1u32..16,
        t in 0usize..3,
    ) {
        let tiling = Tiling::ALL[t];
        let level = generate(tiling, seed, depth, w, h);
        prop_assert_eq!(level.terrain.len(), tiles_for(tiling, w, h));
        if let Err(e) = check_laws(&level) {
            return Err(TestCaseError::fail(format!("{tiling}: {e}")));
        }
        // A map with an interior tile always has somewhere to start.
        prop_assert_eq!(level.start.is_some(), w >= 3 && h >= 3);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn every_style_keeps_the_laws_on_every_tiling(seed in any::<u64>(), depth in 1..=LAIR_DEPTH) {
        for tiling in Tiling::ALL {
            let level = generate(tiling, seed, depth, 48, 24);
            if let Err(e) = check_laws(&level) {
                return Err(TestCaseError::fail(format!("{tiling} depth {depth}: {e}")));
            }
            prop_assert_eq!(&level, &generate(tiling, seed, depth, 48, 24));
        }
    }
}
