//! Format 3 to format 4: every game before format 4 was played on hexes, so the world, each of
//! its levels and each run of the hall of fame get the hex tiling's code; the rest is carried
//! over as it is.

use super::{v3, v4};

/// The code of hexes, the only tiling before format 4.
pub const HEX: v4::TilingCode = 0;

fn level(l: v3::Level) -> v4::Level {
    v4::Level {
        name: l.name,
        depth: l.depth,
        tiling: HEX,
        runs: l.runs,
        start: l.start,
        placements: l.placements,
    }
}

/// A format 3 world in format 4.
pub fn world(w: v3::World) -> v4::World {
    v4::World {
        seed: w.seed,
        tiling: HEX,
        depths: w
            .depths
            .into_iter()
            .map(|d| v4::Depth {
                level: level(d.level),
                seen: d.seen,
                floor: d.floor,
                visited: d.visited,
            })
            .collect(),
        depth_count: w.depth_count,
        pending_maps: w.pending_maps.into_iter().map(level).collect(),
        creatures: w.creatures,
        turn: w.turn,
        segment: w.segment,
        rng: w.rng,
        ai_rng: w.ai_rng,
        plans: w.plans,
        story: w.story,
        terrain_digest: w.terrain_digest,
        regen_progress: w.regen_progress,
        regen_busy: w.regen_busy,
    }
}

/// A format 2 or 3 hall of fame in format 4: every run was played on hexes.
pub fn scores(h: v3::HallOfFame) -> v4::HallOfFame {
    v4::HallOfFame {
        entries: h
            .entries
            .into_iter()
            .map(|s: v3::Score| v4::Score {
                name: s.name,
                seed: s.seed,
                tiling: HEX,
                ending: s.ending,
                deepest: s.deepest,
                turns: s.turns,
                kills: s.kills,
                taken_over: s.taken_over,
            })
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_format_3_level_and_score_are_on_hexes_and_otherwise_unchanged() {
        let old = v3::Level {
            name: "cave".into(),
            depth: 2,
            runs: vec![v3::Run {
                y: 1,
                x: 3,
                terrain: vec![0, 1],
            }],
            start: Some(v3::Tile { x: 3, y: 1 }),
            placements: Vec::new(),
        };
        let new = level(old.clone());
        assert_eq!(new.tiling, HEX);
        assert_eq!(
            (&new.name, new.depth, &new.runs, new.start),
            (&old.name, old.depth, &old.runs, old.start)
        );
        let hall = v3::HallOfFame {
            entries: vec![v3::Score {
                name: "g".into(),
                seed: 11,
                ending: v3::Ending::Quit,
                deepest: 1,
                turns: 1,
                kills: 0,
                taken_over: false,
            }],
        };
        let new = scores(hall);
        assert_eq!(new.entries[0].tiling, HEX);
        assert_eq!(
            (new.entries[0].seed, &new.entries[0].ending),
            (11, &v3::Ending::Quit)
        );
    }
}
