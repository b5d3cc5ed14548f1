//! The final lair: a great hall carved into the caverns, the artifact at its heart and its
//! guardians round it.

use super::dice;
use super::populate::{Placer, farthest, pack_spots};
use super::table::Kinds;
use crate::geom::{Cell, Direction, Hex, Tiling};
use crate::map::{Grid, PlacementKind, Terrain};
use crate::rng::GameRng;

/// The largest hall radius.
const MAX_RADIUS: i32 = 7;
/// The smallest hall worth carving.
const MIN_RADIUS: i32 = 2;

/// Carves the hall: a hexagon of dry floor with six pillars (on squares a disc with eight, on
/// triangles a hexagon of triangles with six), centred on the middle row a quarter of the
/// way in from one end (an eighth off hexes; which end is random). Returns its centre, or `None` when the map is
/// too small for a hall.
pub(super) fn carve_hall(
    grid: &mut Grid<Terrain>,
    interior: &[bool],
    rng: &mut GameRng,
) -> Option<usize> {
    let inner: Vec<usize> = grid.indices().filter(|&i| interior[i]).collect();
    let top = inner.iter().map(|&i| grid.cell(i).y).min()?;
    let bottom = inner.iter().map(|&i| grid.cell(i).y).max()?;
    let middle = i32::midpoint(top, bottom);
    let row: Vec<usize> = inner
        .iter()
        .copied()
        .filter(|&i| grid.cell(i).y == middle)
        .collect();
    let across = super::columns_per_tile(grid.tiling()) as i32;
    let radius = ((bottom - top) / 2 - 1)
        .min(row.len() as i32 / (8 * across))
        .min(MAX_RADIUS);
    if radius < MIN_RADIUS {
        return None;
    }
    // Off hexes, where paths run straighter, the hall sits nearer its end (an eighth of the
    // way in, clear of the border) to stay as far from the stairs.
    let inset = if grid.tiling() == Tiling::Hex {
        row.len() / 4
    } else {
        (row.len() / 8).max(((radius + 1) * across) as usize)
    };
    let at = if dice::chance(rng, 1, 2) {
        inset
    } else {
        row.len() - 1 - inset
    };
    let centre = grid.cell(row[at]);
    if grid.tiling() != Tiling::Hex {
        carve_round_hall(grid, interior, centre, radius);
        return Some(row[at]);
    }
    let centre = Hex::from(centre);
    for h in centre.range(radius as u32) {
        if let Some(i) = grid.index(h.into()).filter(|&i| interior[i]) {
            grid[i] = Terrain::Floor;
        }
    }
    if radius >= 4 {
        for dir in Direction::ALL {
            grid.set((centre + dir.offset() * (radius / 2)).into(), Terrain::Wall);
        }
    }
    Some(row[at])
}

/// The hall off hexes: the tiles within sight radius `radius` of `centre` (a disc of squares,
/// a hexagon of triangles) made dry floor, and from radius 4 on, pillars half way out: eight
/// round a square hall, six round a triangle one (two columns out per row up or down, as on
/// hexes).
fn carve_round_hall(grid: &mut Grid<Terrain>, interior: &[bool], centre: Cell, radius: i32) {
    let tiling = grid.tiling();
    let c = centre;
    for o in tiling.sight_range(c, radius as u32) {
        if let Some(i) = grid.index(o).filter(|&i| interior[i]) {
            grid[i] = Terrain::Floor;
        }
    }
    if radius < 4 {
        return;
    }
    let k = radius / 2;
    let pillars: &[(i32, i32)] = match tiling {
        Tiling::Triangle => &[(2, 0), (1, -1), (-1, -1), (-2, 0), (-1, 1), (1, 1)],
        Tiling::Hex | Tiling::Square => &[
            (1, 0),
            (1, -1),
            (0, -1),
            (-1, -1),
            (-1, 0),
            (-1, 1),
            (0, 1),
            (1, 1),
        ],
    };
    for &(dx, dy) in pillars {
        grid.set(c.offset(dx * k, dy * k), Terrain::Wall);
    }
}

/// Lays the artifact at the hall's centre (or, without a hall, on the floor farthest from
/// the start) and every guardian kind next to it, as many of each as its group says (at
/// least one). Guardians keep out of the start's safe radius like every monster, so a tiny
/// level may have none.
pub(super) fn guard_the_artifact(
    placer: &mut Placer<'_>,
    hall: Option<usize>,
    content: &Kinds<'_>,
    rng: &mut GameRng,
) {
    let Some(artifact) = content.artifact() else {
        return;
    };
    let grid = placer.grid();
    let spot = hall
        .filter(|&i| placer.item_may_lie(i))
        .or_else(|| farthest(grid, placer.steps(), None).filter(|&i| placer.item_may_lie(i)));
    let Some(spot) = spot else {
        return;
    };
    placer.put(spot, PlacementKind::Item(artifact.name.clone()));
    for kind in content.guardians() {
        let (least, most) = kind.group;
        let size = dice::between(rng, least.max(1) as usize, most.max(1) as usize);
        // The artifact's own tile is taken, so the group gathers on the tiles around it.
        let ok = |j| placer.monster_may_stand(j);
        let tiles = pack_spots(grid, placer.sides(), spot, size, ok);
        for i in tiles {
            placer.put(i, PlacementKind::Monster(kind.name.clone()));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mapgen::connect::interior_mask;
    use crate::mapgen::{rock, rock_on};
    use crate::rng::from_seed;

    #[test]
    fn the_hall_is_a_pillared_hexagon_of_floor() {
        let mut g = rock(80, 40);
        let interior = interior_mask(&g);
        let centre = carve_hall(&mut g, &interior, &mut from_seed(2)).unwrap();
        let c = g.cell(centre);
        let floor = g.iter().filter(|(_, t)| **t == Terrain::Floor).count();
        let r = MAX_RADIUS;
        assert_eq!(floor as i32, 3 * r * (r + 1) + 1 - 6);
        assert_eq!(g[centre], Terrain::Floor);
        assert!(g.neighbours(c).all(|n| g.get(n) == Some(&Terrain::Floor)));
    }

    #[test]
    fn off_hexes_the_hall_is_open_round_its_centre_with_pillars() {
        for (t, pillars) in [(Tiling::Square, 8), (Tiling::Triangle, 6)] {
            let mut g = rock_on(t, 80, 40);
            let interior = interior_mask(&g);
            let centre = carve_hall(&mut g, &interior, &mut from_seed(2)).unwrap();
            let c = g.cell(centre);
            let hall = t.sight_range(c, MAX_RADIUS as u32);
            let floor = g.iter().filter(|(_, t)| **t == Terrain::Floor).count();
            assert_eq!(floor, hall.len() - pillars, "{t}");
            assert!(
                g.neighbours(g.cell(centre))
                    .all(|n| g.get(n) == Some(&Terrain::Floor))
            );
            // Near its end of the map, clear of the border.
            let (col, _) = t.screen(c, 0);
            assert!(
                (16..=30).contains(&col) || (130..=144).contains(&col),
                "{t} {col}"
            );
        }
    }

    #[test]
    fn guardians_gather_round_the_artifact() {
        let g = rock(60, 30).map(|_| Terrain::Floor);
        let mut rng = from_seed(3);
        let centre = g.index(crate::geom::Cell::new(45, 15)).unwrap();
        let start = g.index(crate::geom::Cell::new(3, 3)).unwrap();
        let data = crate::content::Content::bundled().unwrap();
        let content = Kinds::of(&data);
        let no_sides = crate::map::Sides::default();
        let mut placer = Placer::new(&g, &no_sides, start, &mut rng);
        guard_the_artifact(&mut placer, Some(centre), &content, &mut rng);
        let placed = placer.finish();
        let artifact = content.artifact().unwrap();
        assert_eq!(
            placed[0].kind,
            PlacementKind::Item(artifact.name.clone()),
            "the artifact first"
        );
        assert_eq!(placed[0].at, g.cell(centre));
        for kind in content.guardians() {
            let mine: Vec<_> = placed
                .iter()
                .filter(|p| p.kind == PlacementKind::Monster(kind.name.clone()))
                .collect();
            let (least, most) = kind.group;
            assert!((least.max(1) as usize..=most.max(1) as usize).contains(&mine.len()));
            assert!(mine.iter().any(|p| g.adjacent(p.at, g.cell(centre))));
        }
    }

    #[test]
    fn small_maps_get_no_hall() {
        let mut g = rock(12, 6);
        let interior = interior_mask(&g);
        assert_eq!(carve_hall(&mut g, &interior, &mut from_seed(2)), None);
        assert!(g.iter().all(|(_, t)| *t == Terrain::Wall));
    }
}
