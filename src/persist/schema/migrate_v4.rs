//! Format 4 to format 5: no level had sides or corners before format 5, so every level gets
//! empty lists of them; the rest is carried over as it is. The hall of fame did not change.

use super::{v4, v5};

fn level(l: v4::Level) -> v5::Level {
    v5::Level {
        name: l.name,
        depth: l.depth,
        tiling: l.tiling,
        runs: l.runs,
        start: l.start,
        placements: l.placements,
        sides: Vec::new(),
        corners: Vec::new(),
    }
}

/// A format 4 world in format 5: its creatures are format 4's.
pub fn world(w: v4::World) -> v5::World {
    w.map(level, |c| c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_format_4_level_has_no_sides_and_is_otherwise_unchanged() {
        let old = v4::Level {
            name: "cave".into(),
            depth: 2,
            tiling: 1,
            runs: vec![v4::Run {
                y: 1,
                x: 3,
                terrain: vec![0, 1],
            }],
            start: Some(v4::Tile { x: 3, y: 1 }),
            placements: Vec::new(),
        };
        let new = level(old.clone());
        assert!(new.sides.is_empty() && new.corners.is_empty());
        assert_eq!(
            (&new.name, new.depth, new.tiling, &new.runs, new.start),
            (&old.name, old.depth, old.tiling, &old.runs, old.start)
        );
    }
}
