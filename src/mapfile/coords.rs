//! Tiles as messages, JSON and the command line write them: `(x, y)` on hexes and squares,
//! `(x, y, s)` on triangles (ARCHITECTURE.md, "Tilings"). Inside, a tile is its storage cell, kept
//! in a [`Cell`] whatever the tiling; these convert at the boundary.

use crate::geom::{Cell, Tiling, Tri};

/// How many numbers name a tile of `tiling`: 3 on triangles, 2 otherwise.
pub const fn arity(tiling: Tiling) -> usize {
    match tiling {
        Tiling::Triangle => 3,
        Tiling::Hex | Tiling::Square => 2,
    }
}

/// The numbers that name the tile at storage cell `at`: `[x, y]`, or `[x, y, s]` on
/// triangles.
pub fn numbers(tiling: Tiling, at: Cell) -> Vec<i32> {
    match tiling {
        Tiling::Triangle => {
            let t = Tri::from(at);
            vec![t.x, t.y, i32::from(t.s)]
        }
        Tiling::Hex | Tiling::Square => vec![at.x, at.y],
    }
}

/// The tile at storage cell `at` for messages: `(x, y)` or `(x, y, s)`.
pub fn show(tiling: Tiling, at: Cell) -> String {
    let parts: Vec<String> = numbers(tiling, at).iter().map(i32::to_string).collect();
    format!("({})", parts.join(", "))
}

/// The storage cell of the tile named by `n` (`X,Y` or `X,Y,S` on triangles), in the limits
/// of the coordinates; `what` names the argument in messages.
pub fn from_numbers(tiling: Tiling, n: &[i64], what: &str) -> Result<Cell, String> {
    let want = arity(tiling);
    if n.len() != want {
        let form = if want == 3 { "X,Y,S" } else { "X,Y" };
        return Err(format!(
            "{what}: {} numbers name a tile, but on a {tiling} map a tile is {form}",
            n.len()
        ));
    }
    let int = |v: i64| i32::try_from(v).map_err(|_| format!("{what}: {v} is out of range"));
    let (x, y) = (int(n[0])?, int(n[1])?);
    let cell = match tiling {
        Tiling::Triangle => {
            let s = match n[2] {
                0 => 0,
                1 => 1,
                other => return Err(format!("{what}: s = {other}: expected 0 or 1")),
            };
            let t = Tri::new(x, y, s);
            // Column 2x + y + s, computed wide so a far tile is refused, never wrapped.
            let col = 2 * i64::from(x) + i64::from(y) + i64::from(s);
            let col = i32::try_from(col).map_err(|_| format!("{what}: {t} is out of range"))?;
            Cell::new(col, y)
        }
        Tiling::Hex | Tiling::Square => Cell::new(x, y),
    };
    if cell.in_limits() {
        Ok(cell)
    } else {
        Err(format!(
            "{what}: {} is beyond the coordinate limit",
            show(tiling, cell)
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn triangle_tiles_read_back_as_they_are_written() {
        for col in -5..5 {
            for row in -3..3 {
                let cell = Cell::new(col, row);
                let n: Vec<i64> = numbers(Tiling::Triangle, cell)
                    .into_iter()
                    .map(i64::from)
                    .collect();
                assert_eq!(from_numbers(Tiling::Triangle, &n, "t"), Ok(cell));
            }
        }
        // The map file's column 5, row 1 is s = 0, x = 2.
        assert_eq!(show(Tiling::Triangle, Cell::new(5, 1)), "(2, 1, 0)");
        assert_eq!(show(Tiling::Square, Cell::new(5, 1)), "(5, 1)");
    }

    #[test]
    fn the_wrong_count_or_side_is_refused() {
        let err = from_numbers(Tiling::Triangle, &[1, 2], "--fov").unwrap_err();
        assert!(err.contains("on a triangle map a tile is X,Y,S"), "{err}");
        let err = from_numbers(Tiling::Hex, &[1, 2, 0], "--path").unwrap_err();
        assert!(err.contains("on a hex map a tile is X,Y"), "{err}");
        let err = from_numbers(Tiling::Triangle, &[1, 2, 2], "--path").unwrap_err();
        assert!(err.contains("expected 0 or 1"), "{err}");
        assert!(from_numbers(Tiling::Square, &[1 << 40, 0], "x").is_err());
    }
}
