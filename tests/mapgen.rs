//! Level generation on every tiling: determinism, connectivity, borders, stairs, safe starts,
//! the character of each style, the lair, and population from the data files, checked with
//! plain searches over the rules' moves ([`Level::move_allowed`]) written here independently
//! of the generator. Each test runs once per tiling.
#![allow(clippy::unwrap_used)]

use hexdeep::content::{Content, ItemKind, MonsterKind};
use hexdeep::geom::{Cell, Hex, Tiling};
use hexdeep::map::{Level, PlacementKind, SideFeature, Terrain};
use hexdeep::mapgen::{
    DEFAULT_HEIGHT, DEFAULT_WIDTH, LAIR_DEPTH, MAX_WIDTH, MAZE_DEPTH, SAFE_RADIUS, Style,
    level_name_on, style, style_on,
};
use hexdeep::path::{Flow, PathScratch, passage, terrain_cost};
use hexdeep::sim::{Behaviour, ItemUse};
use std::sync::OnceLock;

/// The bundled content, parsed once for this test binary.
fn content() -> &'static Content {
    static CONTENT: OnceLock<Content> = OnceLock::new();
    CONTENT.get_or_init(|| Content::bundled().unwrap())
}

fn generate(tiling: Tiling, seed: u64, depth: u32, width: u32, height: u32) -> Level {
    hexdeep::mapgen::generate_on(content(), tiling, seed, depth, width, height)
}

/// Tiles a level `width` by `height` has on `tiling` (twice as many a row on triangles).
fn tiles_for(tiling: Tiling, width: u32, height: u32) -> usize {
    let per = if tiling == Tiling::Triangle { 2 } else { 1 };
    (width * height * per) as usize
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
use std::cmp::Reverse;
use std::collections::{BTreeMap, BTreeSet, BinaryHeap, VecDeque};

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

/// The rules' moves from `h` on `level`: the tile entered and what the move costs on open
/// floor (1, and 2 for a triangle's move through a corner), when the move is allowed and the
/// tile may be entered.
fn moves(level: &Level, h: Hex) -> Vec<(Hex, u32)> {
    level
        .terrain
        .moves_at(h)
        .filter(|&(n, _)| level.passable(n) && level.move_allowed(h, n))
        .map(|(n, m)| (n, 1 + m.extra_cost))
        .collect()
}

/// Every tile reachable from `from` by the rules' moves.
fn reachable(level: &Level, from: Hex) -> BTreeSet<Hex> {
    let mut seen = BTreeSet::from([from]);
    let mut queue = VecDeque::from([from]);
    while let Some(h) = queue.pop_front() {
        for (n, _) in moves(level, h) {
            if seen.insert(n) {
                queue.push_back(n);
            }
        }
    }
    seen
}

/// Steps by the rules' moves from `from` to every tile it reaches (a triangle's move
/// through a corner counts two, as on open floor).
fn steps_from(level: &Level, from: Hex) -> BTreeMap<Hex, u32> {
    let mut steps = BTreeMap::from([(from, 0)]);
    let mut queue = BinaryHeap::from([Reverse((0, from))]);
    while let Some(Reverse((d, h))) = queue.pop() {
        if steps[&h] < d {
            continue;
        }
        for (n, c) in moves(level, h) {
            if steps.get(&n).is_none_or(|&old| old > d + c) {
                steps.insert(n, d + c);
                queue.push(Reverse((d + c, n)));
            }
        }
    }
    steps
}

/// Whether a tile has a tile sharing a side or a corner with it outside the map.
fn on_edge(level: &Level, hex: Hex) -> bool {
    let tiling = level.terrain.tiling();
    tiling
        .touching(tiling.class(Cell::from(hex)))
        .iter()
        .any(|&(dx, dy)| !level.terrain.contains(hex + Hex::new(dx, dy)))
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
        if on_edge(level, hex) && *t != Terrain::Wall {
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
    // The game's own search agrees: every passable tile has a path.
    let grid = &level.terrain;
    let mut lattice = BTreeSet::new();
    let from = grid.index(start).ok_or("start off the map")?;
    PathScratch::new().dijkstra_on(
        &passage(level),
        terrain_cost(level),
        &[from],
        u32::MAX - 1,
        |i, _| {
            lattice.insert(grid.hex(i));
            Flow::Continue
        },
    );
    if let Some(lost) = passable.iter().find(|h| !lattice.contains(h)) {
        return Err(format!("{lost} has no path from {start}"));
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
        let near = level.terrain.distance(p.at, start) <= SAFE_RADIUS;
        if matches!(p.kind, PlacementKind::Monster(_)) && near {
            return Err(format!(
                "{p:?} is within {SAFE_RADIUS} of the start {start}"
            ));
        }
    }
    Ok(())
}

fn standard(tiling: Tiling, seed: u64, depth: u32) -> Level {
    generate(tiling, seed, depth, DEFAULT_WIDTH, DEFAULT_HEIGHT)
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
fn mean_share(tiling: Tiling, depth: u32, of: &[Terrain]) -> usize {
    (0..10)
        .map(|s| share(&standard(tiling, s, depth), of))
        .sum::<usize>()
        / 10
}

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
            let found: Vec<Hex> = items(&level)
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
                    let near = |o: Hex| o != at && level.terrain.distance(o, at) <= 3;
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

/// [`fingerprint`]s of depths 1 to 10 of three seeds on each tiling, as the generator made
/// them before the maze took depth 3 (commit 4f01778).
const BEFORE_THE_MAZE: [(Tiling, u64, [u64; 10]); 9] = [
    (
        Tiling::Hex,
        0,
        [
            0x6e6c_29fd_3ae3_a401,
            0x4075_90db_392f_67a0,
            0x3854_a1af_c736_5a16,
            0xc7b2_4b19_2ab9_a15e,
            0xc6f7_0c48_d2db_ccfc,
            0x81bc_2c2e_50af_4e21,
            0xef7c_c865_f2ea_8469,
            0xe9b4_236c_76d3_19e6,
            0xf7fb_9a4c_abb9_2d1f,
            0xe809_8731_bce3_0ec0,
        ],
    ),
    (
        Tiling::Hex,
        7,
        [
            0x521e_18fe_ccdb_54e4,
            0x3450_6110_5200_0a65,
            0xa042_6b55_417e_5d1e,
            0x65cd_ab4d_657b_afc1,
            0xc0c4_9a11_6092_55c9,
            0xaf9c_1157_1d8f_8b51,
            0x0937_e546_a117_5309,
            0x9ddf_7396_6e22_40a2,
            0xbfdf_c633_1af9_cfda,
            0xf5a7_2f5b_7766_6383,
        ],
    ),
    (
        Tiling::Hex,
        123,
        [
            0x2134_9556_bb34_0d49,
            0x0b1e_f473_883a_267e,
            0xafaa_1f08_c0bb_eb4d,
            0xc81a_1b90_93bc_6ddb,
            0x95d7_3cee_18ed_8a00,
            0x32c6_28aa_634e_3b36,
            0xdff5_4807_471d_af7a,
            0x0301_187f_bf45_53c5,
            0x3f0d_ccbf_6f74_e422,
            0x9d6a_4a5c_7473_1578,
        ],
    ),
    (
        Tiling::Square,
        0,
        [
            0x9dea_d5ce_4ebf_f6aa,
            0xf61f_5112_3481_32d0,
            0xf2a8_bf2c_2366_8020,
            0x57db_f57b_3bd3_2f12,
            0x1fc2_b347_2bf8_3b70,
            0xddf1_b0b6_0cd3_525e,
            0xf047_d4f3_5535_c38b,
            0xb0b2_dfa7_4406_8020,
            0xc76b_c0d3_8c9b_da0d,
            0x5c64_26a6_480e_0dd9,
        ],
    ),
    (
        Tiling::Square,
        7,
        [
            0x03d4_4fea_d1e6_d224,
            0xb8c5_c0c9_09e6_8456,
            0x5515_9859_d6e0_3d82,
            0x617f_c5ee_b7ff_5309,
            0xd1ee_5a90_d3c1_b0eb,
            0xc18c_f6cf_95c8_863d,
            0x7a1a_a19b_685e_64a4,
            0x5c9f_63d4_a05b_4120,
            0xf868_0b49_2a5a_4118,
            0x5fd7_7444_3455_62dc,
        ],
    ),
    (
        Tiling::Square,
        123,
        [
            0x3a4a_6de6_e277_11cd,
            0xe629_ecf0_b80a_df1b,
            0xdb8a_eda1_f2af_1d49,
            0x7ded_e033_6716_44fb,
            0x2c90_19d9_107a_0d48,
            0x319e_f822_2a35_5f9e,
            0x58b3_1a90_d24d_f56d,
            0xda20_eaa5_f1c3_eb79,
            0x9d03_5899_2667_edff,
            0xf9f3_a10f_9116_1fbc,
        ],
    ),
    (
        Tiling::Triangle,
        0,
        [
            0x3291_ea03_7bcc_2dfc,
            0x2a16_4829_2e6b_5fa9,
            0xd61c_c765_09fa_2e37,
            0x24a5_4a27_0ff2_9df0,
            0x2e5d_9e20_b290_d3a3,
            0x1fb8_c8ce_0aca_f9e5,
            0x3e6d_8861_d77d_38f3,
            0xcfbc_21d9_8529_4a8a,
            0x782a_ee6b_3bc8_f912,
            0xe0ca_1da5_3eb7_3495,
        ],
    ),
    (
        Tiling::Triangle,
        7,
        [
            0xa656_01c1_8e1c_89b3,
            0x9e87_7904_4d48_8f4d,
            0x5076_373a_2a7f_9e72,
            0x61e5_c7f7_5891_deb5,
            0xc0e2_3465_3774_539c,
            0xc861_8be2_f015_ff2a,
            0xdc7c_9276_686e_a6fa,
            0x222f_298c_0581_7104,
            0xb40c_6fce_dc71_07e7,
            0x8e8a_07c0_8b64_35cd,
        ],
    ),
    (
        Tiling::Triangle,
        123,
        [
            0x47b9_0ac1_0a37_b14e,
            0xc565_f629_ee2e_badb,
            0xfe7b_9537_9e7d_0f17,
            0x61a2_61f3_b7ed_1b56,
            0x217a_d6d8_8c8d_90fe,
            0xa692_ef53_a419_bbf6,
            0x3528_3f88_1433_b867,
            0xaed8_885e_3bba_07dd,
            0x4a82_ef05_511f_7bc5,
            0x0b20_f7c2_1cbf_50be,
        ],
    ),
];

/// The content as [`BEFORE_THE_MAZE`] was made with it: the monster data of then (issue 33
/// added kinds, and the placements with them), the items and the player of now.
fn content_before_issue_33() -> Content {
    Content::from_texts(
        include_str!("data/monsters_before_issue_33.toml"),
        include_str!("../data/items.toml"),
        include_str!("../data/player.toml"),
    )
    .unwrap()
}

#[test]
fn the_maze_changed_no_other_level() {
    let content = content_before_issue_33();
    for (t, seed, prints) in BEFORE_THE_MAZE {
        for depth in 1..=LAIR_DEPTH {
            let (w, h) = (DEFAULT_WIDTH, DEFAULT_HEIGHT);
            let level = hexdeep::mapgen::generate_on(&content, t, seed, depth, w, h);
            if style_on(t, depth) == Style::Maze {
                assert_ne!(fingerprint(&level), prints[depth as usize - 1]);
                continue;
            }
            assert_eq!(
                fingerprint(&level),
                prints[depth as usize - 1],
                "{t} seed {seed} depth {depth}"
            );
            assert!(!level.has_sides(), "{t} depth {depth}: no thin walls");
        }
    }
}

/// How many sides of a level hold `feature`.
fn sides_holding(level: &Level, feature: SideFeature) -> usize {
    level
        .side_features()
        .iter()
        .filter(|&&(_, f)| f == feature)
        .count()
}

/// Steps from `from` to `to` on a level, first past its thin walls and then as if they
/// were gone.
fn steps_with_and_without_walls(level: &Level, from: Hex, to: Hex) -> (u32, u32) {
    let mut open = Level::new("open", level.depth, level.terrain.clone());
    open.start = level.start;
    (steps_from(level, from)[&to], steps_from(&open, from)[&to])
}

#[test]
fn the_maze_is_a_labyrinth_of_thin_walls_with_doors_on_sides() {
    for t in [Tiling::Hex, Tiling::Square] {
        for seed in 0..20 {
            let level = standard(t, seed, MAZE_DEPTH);
            assert!(level.has_sides(), "{t} seed {seed}");
            assert!(
                sides_holding(&level, SideFeature::Wall) > level.terrain.len() / 2,
                "{t} seed {seed}: walls"
            );
            assert!(
                sides_holding(&level, SideFeature::DoorClosed) >= 6,
                "{t} seed {seed}: chambers' doors"
            );
            check_laws(&level).unwrap_or_else(|e| panic!("{t} seed {seed}: {e}"));
            let start = level.start.unwrap();
            let down = tiles_of(&level, Terrain::StairsDown)[0];
            let (walled, open) = steps_with_and_without_walls(&level, start, down);
            assert!(
                walled > open,
                "{t} seed {seed}: {walled} steps, {open} without walls"
            );
        }
    }
}

#[test]
fn every_tile_of_the_maze_is_reached_through_its_sides() {
    // Step by step through `move_allowed`, which refuses thin walls.
    for t in [Tiling::Hex, Tiling::Square] {
        for seed in 100..160 {
            let level = generate(t, seed, MAZE_DEPTH, 40, 24);
            assert!(level.has_sides(), "{t} seed {seed}");
            let start = level.start.unwrap();
            let reached = reachable(&level, start);
            for (h, ground) in level.terrain.iter() {
                assert!(
                    ground.blocks_movement() || reached.contains(&h),
                    "{t} seed {seed}: {h} cut off by thin walls"
                );
            }
        }
    }
}

#[test]
fn the_mazes_walls_stop_steps_and_its_doors_open() {
    let level = standard(Tiling::Hex, 5, MAZE_DEPTH);
    let mut walls = 0;
    let mut doors = 0;
    for (side, feature) in level.side_features() {
        let (a, b) = Tiling::Hex.side_tiles(side).unwrap();
        let (a, b) = (Hex::from(a), Hex::from(b));
        assert!(level.passable(a) || level.passable(b));
        match feature {
            SideFeature::Wall => {
                walls += 1;
                assert!(!level.move_allowed(a, b) && !level.move_allowed(b, a));
                assert!(!level.sight_crosses(a, b));
            }
            SideFeature::DoorClosed => {
                doors += 1;
                assert!(level.move_allowed(a, b) && level.door_between(a, b).is_some());
            }
            other => panic!("{other:?} on a generated side"),
        }
    }
    assert!(walls > 0 && doors > 0);
}

#[test]
fn triangles_keep_their_caves_where_the_maze_would_be() {
    for seed in 0..5 {
        let level = standard(Tiling::Triangle, seed, MAZE_DEPTH);
        assert!(!level.has_sides());
        assert_eq!(level.name, "Depth 3: the open caves");
        assert_eq!(
            standard(Tiling::Square, seed, MAZE_DEPTH).name,
            "Depth 3: the thin-walled maze"
        );
    }
}
