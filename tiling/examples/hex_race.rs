//! A small game of simultaneous moves on hexes: two runners race to a beacon through a field
//! of rocks, each directed by a scripted player; every segment both directives count at once,
//! and the movement core settles who gets a contested tile.
//!
//! `cargo run -p hexdeep-tiling --example hex_race`

use hexdeep_tiling::geom::{Cabinet, Hex};
use hexdeep_tiling::grid::{Grid, Shape, Sides};
use hexdeep_tiling::path::{Passage, PathScratch};
use hexdeep_tiling::turn::{
    ControlHierarchy, Directive, Fate, Mover, NONE, PlayerId, adjudicate, counting,
};

/// What a tile holds.
#[derive(Copy, Clone, PartialEq)]
enum Ground {
    Open,
    Rock,
}

fn main() {
    let field = rocky_field();
    let sides = Sides::default();
    let way = Passage::new(&field, &sides, |&g| g == Ground::Rock);
    let beacon = field.index(Hex::new(0, 4).into()).expect("on the field");

    // Two players, each controlling one runner (with nobody under them).
    let players = [PlayerId(1), PlayerId(2)];
    let control: Vec<ControlHierarchy> = players
        .iter()
        .map(|&p| ControlHierarchy::new(vec![p]))
        .collect();
    let mut runners = [
        field.index(Hex::new(-3, -5).into()).expect("a start"),
        field.index(Hex::new(3, -2).into()).expect("a start"),
    ];
    let mut scratch = PathScratch::new();
    for segment in 1..=20 {
        let directives = scripted_directives(&players, &runners, &way, beacon, &mut scratch);
        let targets = counted_targets(&control, &directives, runners.len());
        settle(field.storage_len(), &mut runners, &targets, segment);
        if let Some(winner) = runners.iter().position(|&t| t == beacon) {
            draw(&field, &runners, beacon);
            println!("Runner {winner} reaches the beacon in segment {segment}.");
            return;
        }
    }
    draw(&field, &runners, beacon);
    println!("Nobody reached the beacon.");
}

/// A hexagon of radius 5, open but for seven rocks.
fn rocky_field() -> Grid<Ground> {
    let mut field = Grid::new(&Shape::Hexagon { radius: 5 }, Ground::Open).expect("a hexagon");
    for rock in [(0, 0), (1, 0), (-1, -1), (2, 3), (-2, 1), (0, -3), (3, 1)] {
        field.set(Hex::new(rock.0, rock.1).into(), Ground::Rock);
    }
    field
}

/// What each player's script says this segment: its runner (player `n` runs runner `n − 1`)
/// one step along its cheapest way over `way` to the beacon, if it has one.
fn scripted_directives(
    players: &[PlayerId],
    runners: &[usize],
    way: &Passage<'_, Ground>,
    beacon: usize,
    scratch: &mut PathScratch,
) -> Vec<Directive<usize>> {
    let field = way.grid();
    let cost = |i: usize| (field.cells().get(i) == Some(&Ground::Open)).then_some(1);
    players
        .iter()
        .zip(runners)
        .filter_map(|(&player, &at)| {
            scratch.astar_on(way, cost, at, beacon)?;
            let next = *scratch.index_path(beacon).get(1)?;
            Some(Directive {
                player,
                creature: usize::from(player.0) - 1,
                action: next,
            })
        })
        .collect()
}

/// The tile each of `count` runners is directed to: the directive that counts under its
/// control hierarchy, if any.
fn counted_targets(
    control: &[ControlHierarchy],
    directives: &[Directive<usize>],
    count: usize,
) -> Vec<Option<usize>> {
    (0..count)
        .map(|r| {
            let given: Vec<Directive<usize>> = directives
                .iter()
                .filter(|d| d.creature == r)
                .cloned()
                .collect();
            counting(&control[r], &given)
                .ok()
                .flatten()
                .map(|d| d.action)
        })
        .collect()
}

/// Settles one segment at once on a field of `storage_len` cells: every runner steps toward
/// its target, the movement core decides who gets a contested tile, and bounces are told.
fn settle(storage_len: usize, runners: &mut [usize], targets: &[Option<usize>], segment: u32) {
    let movers: Vec<Mover> = runners
        .iter()
        .enumerate()
        .map(|(r, &tile)| Mover {
            tile,
            side: r as u32,
            strength: 1,
            speed: 1,
            initiative: r as i64,
        })
        .collect();
    let mut occupant = vec![NONE; storage_len];
    for (r, &tile) in runners.iter().enumerate() {
        occupant[tile] = r as u32;
    }
    let mut claimant = vec![NONE; storage_len];
    let fates = adjudicate(&occupant, &mut claimant, &movers, targets);
    for (r, fate) in fates.iter().enumerate() {
        match *fate {
            Fate::Moved { to, .. } => runners[r] = to,
            Fate::Bounced { reason, .. } => {
                println!("segment {segment}: runner {r} bounces ({reason:?})");
            }
            Fate::Stayed => {}
        }
    }
}

/// The field in the cabinet projection: `#` rocks, `*` the beacon, the runners by number.
fn draw(field: &Grid<Ground>, runners: &[usize], beacon: usize) {
    // Columns 2x − y + 15 and rows y + 5 hold a hexagon of radius 5 from (0, 0).
    let projection = Cabinet::new(15);
    let mut rows = vec![vec![' '; 31]; 11];
    for i in field.indices() {
        let (col, row) = projection.to_screen(Hex::from(field.cell(i)));
        let (col, row) = (col, row + 5);
        let glyph = match runners.iter().position(|&r| r == i) {
            Some(r) => char::from(b'0' + r as u8),
            None if i == beacon => '*',
            None if field[i] == Ground::Rock => '#',
            None => '.',
        };
        rows[row as usize][col as usize] = glyph;
    }
    for row in rows {
        println!("{}", row.iter().collect::<String>().trim_end());
    }
}
