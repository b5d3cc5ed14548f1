//! Rotations and reflections about a centre hex.

use super::Hex;

impl Hex {
    /// This hex turned 60 degrees clockwise (as seen on the terminal) around `center`.
    ///
    /// In cube coordinates, `(q, r, s) → (−r, −s, −q)`.
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Direction, Hex};
    /// let east = Hex::ORIGIN.neighbor(Direction::E);
    /// assert_eq!(east.rotate_cw(Hex::ORIGIN), Hex::ORIGIN.neighbor(Direction::SE));
    /// ```
    pub fn rotate_cw(self, center: Hex) -> Hex {
        let (q, r, s) = (self - center).to_cube();
        Hex::from_cube(-r, -s, -q) + center
    }

    /// This hex turned 60 degrees counter-clockwise around `center`: `(q, r, s) → (−s, −q, −r)`.
    ///
    /// ```
    /// use hexdeep_tiling::geom::{Direction, Hex};
    /// let east = Hex::ORIGIN.neighbor(Direction::E);
    /// assert_eq!(east.rotate_ccw(Hex::ORIGIN), Hex::ORIGIN.neighbor(Direction::NE));
    /// assert_eq!(east.rotate_ccw(Hex::ORIGIN).rotate_cw(Hex::ORIGIN), east);
    /// ```
    pub fn rotate_ccw(self, center: Hex) -> Hex {
        let (q, r, s) = (self - center).to_cube();
        Hex::from_cube(-s, -q, -r) + center
    }

    /// Reflection across the cube `q` axis through `center`: `(q, r, s) → (q, s, r)`.
    ///
    /// ```
    /// use hexdeep_tiling::geom::Hex;
    /// assert_eq!(Hex::new(1, 0).reflect_q(Hex::ORIGIN), Hex::new(0, -1));
    /// assert_eq!(Hex::new(4, 1).reflect_q(Hex::new(2, 2)).reflect_q(Hex::new(2, 2)), Hex::new(4, 1));
    /// ```
    pub fn reflect_q(self, center: Hex) -> Hex {
        let (q, r, s) = (self - center).to_cube();
        Hex::from_cube(q, s, r) + center
    }

    /// Reflection across the cube `r` axis through `center`: `(q, r, s) → (s, r, q)`.
    ///
    /// ```
    /// use hexdeep_tiling::geom::Hex;
    /// assert_eq!(Hex::new(1, 0).reflect_r(Hex::ORIGIN), Hex::new(-1, 0));
    /// ```
    pub fn reflect_r(self, center: Hex) -> Hex {
        let (q, r, s) = (self - center).to_cube();
        Hex::from_cube(s, r, q) + center
    }

    /// Reflection across the cube `s` axis through `center`: `(q, r, s) → (r, q, s)`.
    ///
    /// ```
    /// use hexdeep_tiling::geom::Hex;
    /// assert_eq!(Hex::new(1, 0).reflect_s(Hex::ORIGIN), Hex::new(1, 1));
    /// ```
    pub fn reflect_s(self, center: Hex) -> Hex {
        let (q, r, s) = (self - center).to_cube();
        Hex::from_cube(r, q, s) + center
    }
}
