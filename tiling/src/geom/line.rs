//! Rounding and line drawing.

use super::Hex;

/// The nudge added to both ends of a line, in axial `(x, y)`: cube `(1, 2, −3)·1e−6`, so that
/// no interpolated point lands exactly on a tie between hexes.
const NUDGE: (f64, f64) = (3e-6, 2e-6);

impl Hex {
    /// The hex containing fractional axial coordinates `(x, y)`, rounded in cube space.
    ///
    /// ```
    /// use hexdeep_tiling::geom::Hex;
    /// assert_eq!(Hex::round(0.4, 0.1), Hex::new(0, 0));
    /// assert_eq!(Hex::round(1.1, 0.9), Hex::new(1, 1));
    /// ```
    pub fn round(x: f64, y: f64) -> Hex {
        let (q, r, s) = (x - y, y, -x);
        let (rq, mut rr, mut rs) = (q.round(), r.round(), s.round());
        let (dq, dr, ds) = ((rq - q).abs(), (rr - r).abs(), (rs - s).abs());
        // Fix the component that rounded worst; when that is q, r and s already stand.
        if dq > dr && dq > ds {
        } else if dr > ds {
            rr = -rq - rs;
        } else {
            rs = -rq - rr;
        }
        Hex::new(-rs as i32, rr as i32)
    }

    /// The hexes on the straight line from `self` to `other`, both ends included: `distance + 1`
    /// hexes, each adjacent to the next; `b.line_to(a)` is `a.line_to(b)` reversed.
    ///
    /// ```
    /// use hexdeep_tiling::geom::Hex;
    /// let line = Hex::new(0, 0).line_to(Hex::new(3, 0));
    /// assert_eq!(line, [Hex::new(0, 0), Hex::new(1, 0), Hex::new(2, 0), Hex::new(3, 0)]);
    /// let long = Hex::new(0, 0).line_to(Hex::new(5, -2));
    /// assert!(long.windows(2).all(|w| w[0].is_adjacent(w[1])));
    /// ```
    pub fn line_to(self, other: Hex) -> Vec<Hex> {
        let n = self.distance(other);
        let mut out = Vec::with_capacity(n as usize + 1);
        self.line_points(other, |h| out.push(h));
        out
    }

    /// Calls `visit` with each hex of [`Hex::line_to`] in order, without allocating.
    ///
    /// ```
    /// use hexdeep_tiling::geom::Hex;
    /// let mut seen = Vec::new();
    /// Hex::new(1, 1).line_points(Hex::new(-2, 3), |h| seen.push(h));
    /// assert_eq!(seen, Hex::new(1, 1).line_to(Hex::new(-2, 3)));
    /// ```
    pub fn line_points(self, other: Hex, mut visit: impl FnMut(Hex)) {
        let n = self.distance(other);
        if n == 0 {
            visit(self);
            return;
        }
        let (ax, ay) = (f64::from(self.x) + NUDGE.0, f64::from(self.y) + NUDGE.1);
        let (bx, by) = (f64::from(other.x) + NUDGE.0, f64::from(other.y) + NUDGE.1);
        let step = 1.0 / f64::from(n);
        for i in 0..=n {
            let t = f64::from(i) * step;
            visit(Hex::round(ax + (bx - ax) * t, ay + (by - ay) * t));
        }
    }
}
