//! Attacks and damage: R7 (attackers stay), R8 (a blow meets whoever stands on the target
//! after movement) and R9 (all damage lands at once; the dying still strike). Hit points
//! never fall below zero.

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
    let mut hp: Vec<i32> = units.iter().map(|u| u.hp).collect();
    let mut strikes = Vec::new();
    let found = |v: u32| (v != NONE).then_some(v as usize);
    for (i, act) in acts.iter().enumerate() {
        let strike = match *act {
            Act::Attack(tile) => {
                let victim = found(after[tile]);
                Strike {
                    attacker: i,
                    tile,
                    victim,
                    dodger: victim.map_or_else(|| found(before[tile]), |_| None),
                    damage: units[i].damage,
                    thrown: false,
                }
            }
            Act::Throw { line, damage } => {
                let line = lines.get(line).map_or(&[][..], Vec::as_slice);
                let hit = line.iter().find(|&&t| after[t] != NONE);
                Strike {
                    attacker: i,
                    tile: hit.or(line.last()).copied().unwrap_or(units[i].tile),
                    victim: hit.and_then(|&t| found(after[t])),
                    dodger: None,
                    damage,
                    thrown: true,
                }
            }
            Act::Stay | Act::Move(_) => continue,
        };
        if let Some(v) = strike.victim {
            hp[v] = hp[v].saturating_sub(strike.damage).max(0);
        }
        strikes.push(strike);
    }
    let killed = units
        .iter()
        .zip(&hp)
        .enumerate()
        .filter(|(_, (u, h))| u.hp > 0 && **h <= 0)
        .map(|(i, _)| i)
        .collect();
    (strikes, hp, killed)
}
