//! The maze style of level generation: a labyrinth of thin walls with doors on sides, and no
//! other level changed by its coming (the levels of before, by their fingerprints).
#![allow(clippy::unwrap_used)]

#[path = "support/mapgen.rs"]
mod levels;

use hexdeep::content::Content;
use hexdeep::geom::{Cell, Tiling};
use hexdeep::map::{Level, SideFeature, Terrain};
use hexdeep::mapgen::{DEFAULT_HEIGHT, DEFAULT_WIDTH, LAIR_DEPTH, MAZE_DEPTH, Style, style_on};
use levels::*;

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
fn steps_with_and_without_walls(level: &Level, from: Cell, to: Cell) -> (u32, u32) {
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
        let (a, b) = (a, b);
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
