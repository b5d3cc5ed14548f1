//! Attacks and damage: R7 (attackers stay), R8 (a blow meets whoever stands on the target
//! after movement) and R9 (all damage and healing land at once; the dying still strike).
//! Armour takes its part off each hit, but at least 1 always gets through. Hit points never
//! fall below zero.

use super::{Act, NONE, Strike, Unit};

/// The strikes of a segment, every unit's hit points afterwards, and who was killed.
/// `before` and `after` hold, per tile, the unit there at the start and after movement.
pub(super) fn consolidate(
    before: &[u32],
    after: &[u32],
    units: &[Unit],
    acts: &[Act],
    lines: &[Vec<usize>],
) -> (Vec<Strike>, Vec<i32>, Vec<usize>) {
    let mut taken = vec![0i32; units.len()];
    let mut strikes = Vec::new();
    let mut land = |strike: Strike| {
        let mut strike = strike;
        if let Some(v) = strike.victim {
            strike.damage = absorbed(strike.damage, units[v].armour);
            taken[v] = taken[v].saturating_add(strike.damage);
        }
        strikes.push(strike);
    };
    for (i, act) in acts.iter().enumerate() {
        act_strikes(i, act, (before, after), units, lines, &mut land);
    }
    let hp: Vec<i32> = units
        .iter()
        .zip(acts)
        .zip(&taken)
        .map(|((u, act), &lost)| {
            let heal = if let Act::Heal(h) = *act { h.max(0) } else { 0 };
            let cap = u.max_hp.max(u.hp);
            u.hp.saturating_sub(lost).saturating_add(heal).clamp(0, cap)
        })
        .collect();
    let killed = units
        .iter()
        .zip(&hp)
        .enumerate()
        .filter(|(_, (u, h))| u.hp > 0 && **h <= 0)
        .map(|(i, _)| i)
        .collect();
    (strikes, hp, killed)
}

/// The strikes of unit `i`'s act, before armour, each given to `land` in order: a blow at its
/// target tile, a missile at the first unit on its line (or the line's end), an area's blow on
/// each of its tiles. `tiles` holds, per tile, the unit there at the start and after movement.
fn act_strikes(
    i: usize,
    act: &Act,
    tiles: (&[u32], &[u32]),
    units: &[Unit],
    lines: &[Vec<usize>],
    land: &mut impl FnMut(Strike),
) {
    let (before, after) = tiles;
    let found = |v: u32| (v != NONE).then_some(v as usize);
    match *act {
        Act::Attack(tile) => {
            let victim = found(after[tile]);
            let strike = Strike {
                attacker: i,
                tile,
                victim,
                dodger: victim.map_or_else(|| found(before[tile]), |_| None),
                damage: units[i].damage,
                thrown: false,
                area: false,
            };
            land(strike);
        }
        Act::Throw { line, damage } => {
            let line = lines.get(line).map_or(&[][..], Vec::as_slice);
            let hit = line.iter().find(|&&t| after[t] != NONE);
            let strike = Strike {
                attacker: i,
                tile: hit.or(line.last()).copied().unwrap_or(units[i].tile),
                victim: hit.and_then(|&t| found(after[t])),
                dodger: None,
                damage,
                thrown: true,
                area: false,
            };
            land(strike);
        }
        Act::Area { area, damage } => {
            let area = lines.get(area).map_or(&[][..], Vec::as_slice);
            for &tile in area {
                let victim = found(after[tile]).filter(|&v| v != i);
                let strike = Strike {
                    attacker: i,
                    tile,
                    victim,
                    dodger: victim.map_or_else(|| found(before[tile]), |_| None),
                    damage,
                    thrown: false,
                    area: true,
                };
                land(strike);
            }
        }
        Act::Stay | Act::Move(_) | Act::Heal(_) => {}
    }
}

/// The damage a hit does through `armour`: at least 1 of any blow gets through.
pub(crate) fn absorbed(damage: i32, armour: i32) -> i32 {
    if damage <= 0 {
        0
    } else {
        damage.saturating_sub(armour.max(0)).max(1)
    }
}
