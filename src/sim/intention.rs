//! Intentions: what a creature commits to in one segment, and rule R0 that turns an
//! impossible one into `stay`.

use crate::geom::Cell;
use serde::{Deserialize, Serialize};

/// A monster's plan for its next action and the tile it planned it from: R0 turns the plan
/// into staying when the monster is no longer there when it acts.
#[derive(Copy, Clone, Eq, PartialEq, Debug, Serialize, Deserialize)]
pub struct Planned {
    /// Where the monster stood when it chose.
    pub from: Cell,
    /// What it chose.
    pub intention: Intention,
}

/// One creature's commitment for one segment.
#[derive(Copy, Clone, Eq, PartialEq, Debug, Serialize, Deserialize)]
pub enum Intention {
    /// Hold the tile.
    Stay,
    /// Step onto an adjacent tile.
    Move(Cell),
    /// Strike an adjacent tile (or, for a spear, the end of a thrust two tiles away: see
    /// [`Intention::checked`]), whoever stands there after this segment's movement.
    Attack(Cell),
    /// Throw a missile toward a tile (resolved with attacks): it meets the first creature on
    /// the line after this segment's movement.
    Throw(Cell),
}

impl Intention {
    /// The tile moved to or attacked, if any.
    pub fn target(self) -> Option<Cell> {
        match self {
            Intention::Stay => None,
            Intention::Move(t) | Intention::Attack(t) | Intention::Throw(t) => Some(t),
        }
    }

    /// Rule R0: the intention as it will be carried out by a creature standing on `pos` that
    /// planned it from `from`. It becomes [`Intention::Stay`] when the target is not one move
    /// away, is not passable, is the creature's own tile, or when `pos != from` (a stale
    /// plan): `step_ok(pos, t)` answers the first two on the level's tiling (on squares and
    /// triangles a move through a corner past a wall is no move; for an attack of a creature
    /// whose reach is 2, the end of a thrust two tiles away is within reach too). A throw only
    /// needs a target other than its own tile.
    pub fn checked(self, pos: Cell, from: Cell, step_ok: impl Fn(Cell, Cell) -> bool) -> Intention {
        match self {
            Intention::Throw(t) if pos == from && t != pos => self,
            Intention::Move(t) | Intention::Attack(t)
                if pos == from && t != pos && step_ok(pos, t) =>
            {
                self
            }
            _ => Intention::Stay,
        }
    }
}

/// Whether a creature of `speed` acts in segment `k` (1-based) of a turn of `segments`:
/// when `floor(k·s/N) > floor((k−1)·s/N)`.
pub fn acts_in(speed: u32, k: u32, segments: u32) -> bool {
    if segments == 0 || k == 0 || k > segments {
        return false;
    }
    let (s, k, n) = (u64::from(speed), u64::from(k), u64::from(segments));
    k * s / n > (k - 1) * s / n
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::Tiling;
    use proptest::prelude::*;

    #[test]
    fn r0_makes_impossible_intentions_stay() {
        let p = Cell::new(0, 0);
        let open = |a: Cell, b: Cell| Tiling::Hex.distance(a, b) == 1;
        assert_eq!(
            Intention::Move(Cell::new(1, 0)).checked(p, p, open),
            Intention::Move(Cell::new(1, 0))
        );
        assert_eq!(
            Intention::Move(Cell::new(2, 0)).checked(p, p, open),
            Intention::Stay
        );
        assert_eq!(Intention::Attack(p).checked(p, p, open), Intention::Stay);
        assert_eq!(
            Intention::Move(Cell::new(1, 0)).checked(p, p, |_, _| false),
            Intention::Stay
        );
        let stale = Intention::Move(Cell::new(1, 1)).checked(p, Cell::new(1, 0), open);
        assert_eq!(stale, Intention::Stay, "planned from elsewhere");
    }

    #[test]
    fn schedule_examples() {
        let acting: Vec<u32> = (1..=4).filter(|&k| acts_in(3, k, 4)).collect();
        assert_eq!(acting, vec![2, 3, 4]);
        let acting: Vec<u32> = (1..=2).filter(|&k| acts_in(1, k, 2)).collect();
        assert_eq!(acting, vec![2]);
        assert!(!acts_in(0, 1, 1));
        assert!(!acts_in(1, 1, 0));
    }

    proptest! {
        #[test]
        fn speed_s_acts_exactly_s_times(n in 1u32..200, s in 0u32..200) {
            let s = s % (n + 1);
            let count = (1..=n).filter(|&k| acts_in(s, k, n)).count();
            prop_assert_eq!(count, s as usize);
        }
    }
}
