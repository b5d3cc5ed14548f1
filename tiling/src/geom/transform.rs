//! Rotations and reflections about a centre hex.

use super::Hex;

impl Hex {
    /// This hex turned 60 degrees clockwise (as seen on the terminal) around `center`.
    ///
    /// In cube coordinates, `(q, r, s) → (−r, −s, −q)`.
    pub fn rotate_cw(self, center: Hex) -> Hex {
        let (q, r, s) = (self - center).to_cube();
        Hex::from_cube(-r, -s, -q) + center
    }

    /// This hex turned 60 degrees counter-clockwise around `center`: `(q, r, s) → (−s, −q, −r)`.
    pub fn rotate_ccw(self, center: Hex) -> Hex {
        let (q, r, s) = (self - center).to_cube();
        Hex::from_cube(-s, -q, -r) + center
    }

    /// Reflection across the cube `q` axis through `center`: `(q, r, s) → (q, s, r)`.
    pub fn reflect_q(self, center: Hex) -> Hex {
        let (q, r, s) = (self - center).to_cube();
        Hex::from_cube(q, s, r) + center
    }

    /// Reflection across the cube `r` axis through `center`: `(q, r, s) → (s, r, q)`.
    pub fn reflect_r(self, center: Hex) -> Hex {
        let (q, r, s) = (self - center).to_cube();
        Hex::from_cube(s, r, q) + center
    }

    /// Reflection across the cube `s` axis through `center`: `(q, r, s) → (r, q, s)`.
    pub fn reflect_s(self, center: Hex) -> Hex {
        let (q, r, s) = (self - center).to_cube();
        Hex::from_cube(r, q, s) + center
    }
}
