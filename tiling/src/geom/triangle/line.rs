//! The triangle line: the tiles whose inside the segment between two centres crosses, in
//! order, both ends moved by `(+2e-6, +1e-6)` in lattice terms (ARCHITECTURE.md).
//!
//! Computed exactly in integers: lattice coordinates times 3,000,000 make every centre and the
//! offset whole numbers. The tiles' sides lie on three families of lattice lines, `x = k`,
//! `y = k` and `x + y = k`; the walk crosses them in the order the segment meets them, and
//! the floors of the three coordinates name the tile: `(⌊x⌋, ⌊y⌋, ⌊x + y⌋ − ⌊x⌋ − ⌊y⌋)`.

use super::Tri;

/// One lattice unit in the integer coordinates of the walk.
const UNIT: i64 = 3_000_000;
/// A third of a unit: centres sit at `1/3` and `2/3`.
const THIRD: i64 = UNIT / 3;
/// The offset `(2e-6, 1e-6)` of both ends, in the walk's units.
const OFFSET: (i64, i64) = (6, 3);

/// The end of a line for tile `t`: its centre plus the offset, in the walk's units.
fn end_point(t: Tri) -> (i64, i64) {
    let c = THIRD * (1 + i64::from(t.s));
    (
        UNIT * i64::from(t.x) + c + OFFSET.0,
        UNIT * i64::from(t.y) + c + OFFSET.1,
    )
}

/// The crossings of the segment with one family of lattice lines.
struct Family {
    /// The coordinate of the family (`x`, `y` or `x + y`) at the start.
    start: i64,
    /// How much it changes from start to end; its sign is the way the walk goes.
    change: i64,
    /// The index `k` of the band `[k, k + 1)` (in lattice units) the walk is in.
    band: i64,
    /// Lines still to cross.
    left: i64,
}

impl Family {
    fn new(start: i64, end: i64) -> Family {
        let band = start.div_euclid(UNIT);
        Family {
            start,
            change: end - start,
            band,
            left: (end.div_euclid(UNIT) - band).abs(),
        }
    }

    /// The fraction `(numerator, denominator)` of the segment at which the next line is
    /// crossed; the denominator is positive.
    fn next(&self) -> (i128, i128) {
        let line = if self.change > 0 {
            UNIT * (self.band + 1)
        } else {
            UNIT * self.band
        };
        let num = i128::from(line - self.start) * i128::from(self.change.signum());
        (num, i128::from(self.change.abs()))
    }

    fn cross(&mut self) {
        self.band += self.change.signum();
        self.left -= 1;
    }
}

impl Tri {
    /// The tiles on the line from `self` to `other`, both ends included, in order.
    ///
    /// Consecutive tiles share a side, and there are [`Tri::side_distance`]` + 1` of them,
    /// except where the segment runs exactly through a lattice corner (the offset rules that
    /// out for all but very long lines): there the line goes straight to the opposite tile.
    /// `b.line_to(a)` is `a.line_to(b)` reversed, and a line moved by whole rhombi is the
    /// moved line.
    ///
    /// ```
    /// use hexdeep_tiling::geom::Tri;
    /// let line = Tri::ORIGIN.line_to(Tri::new(2, 0, 0));
    /// assert_eq!(line.len(), 5); // the side distance plus one
    /// assert!(line.windows(2).all(|w| w[0].side_distance(w[1]) == 1));
    /// assert_eq!(Tri::new(2, 0, 0).line_to(Tri::ORIGIN), line.into_iter().rev().collect::<Vec<_>>());
    /// ```
    pub fn line_to(self, other: Tri) -> Vec<Tri> {
        let mut out = Vec::with_capacity(self.side_distance(other) as usize + 1);
        self.line_points(other, |t| out.push(t));
        out
    }

    /// Calls `visit` with each tile of [`Tri::line_to`] in order, without allocating.
    ///
    /// ```
    /// use hexdeep_tiling::geom::Tri;
    /// let mut seen = Vec::new();
    /// Tri::new(1, 1, 1).line_points(Tri::new(-2, 3, 0), |t| seen.push(t));
    /// assert_eq!(seen, Tri::new(1, 1, 1).line_to(Tri::new(-2, 3, 0)));
    /// ```
    pub fn line_points(self, other: Tri, mut visit: impl FnMut(Tri)) {
        let (a, b) = (end_point(self), end_point(other));
        let mut families = [
            Family::new(a.0, b.0),
            Family::new(a.1, b.1),
            Family::new(a.0 + a.1, b.0 + b.1),
        ];
        visit(self);
        loop {
            // The earliest next crossing; families crossing at the same point go together.
            let mut first: Option<(i128, i128)> = None;
            for f in families.iter().filter(|f| f.left > 0) {
                let (n, d) = f.next();
                if first.is_none_or(|(fn_, fd)| n * fd < fn_ * d) {
                    first = Some((n, d));
                }
            }
            let Some((n, d)) = first else { break };
            for f in families.iter_mut().filter(|f| f.left > 0) {
                let (fn_, fd) = f.next();
                if fn_ * d == n * fd {
                    f.cross();
                }
            }
            let [fx, fy, fw] = families.each_ref().map(|f| f.band);
            let s = fw - fx - fy;
            debug_assert!(s == 0 || s == 1, "the walk left the tiling");
            visit(Tri::new(fx as i32, fy as i32, s as u8));
        }
    }
}
