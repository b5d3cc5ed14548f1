//! The resolver: settles one segment's intentions at once, as ARCHITECTURE.md "Simultaneous turns"
//! says (rules R1–R9), on plain data which the world's segment runs (the `sim` scenarios too, in a staged world).
//!
//! The four phases of the tiling-module article: accumulate moves by target tile, adjudicate
//! (contests, chains, swaps, cycles: the tiling crate's movement core, through `moves`),
//! consolidate (attacks and simultaneous
//! damage: `attacks`) and distribute (the new positions, in the [`Outcome`]).
//!
//! Tiles are dense indices below a bound given to [`Resolver::new`]; the caller maps its hexes
//! to them (a grid's storage index, or a sorted list of hexes). Units are indices into the
//! slice given to [`Resolver::resolve`]: that order is the "lowest id" tie-break.

mod attacks;
mod moves;

pub(crate) use attacks::absorbed;

#[cfg(test)]
mod tests;

use super::Faction;
use hexdeep_tiling::turn::NONE;

/// One living creature as the resolver sees it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Unit {
    /// The tile it stands on at the start of the segment.
    pub tile: usize,
    /// Its side: different factions are hostile.
    pub faction: Faction,
    /// First key of a contest for a tile.
    pub strength: i32,
    /// Second key of a contest.
    pub speed: u32,
    /// Third key of a contest: this turn's roll.
    pub initiative: i64,
    /// Damage of one blow.
    pub damage: i32,
    /// Hit points at the start of the segment.
    pub hp: i32,
    /// Hit points when unhurt: healing stops there.
    pub max_hp: i32,
    /// Taken off every blow and missile that hits it; at least 1 always gets through.
    pub armour: i32,
}

/// A checked intention (rule R0 already applied) with its target as a tile index.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Act {
    /// Hold the tile.
    Stay,
    /// Step onto an adjacent passable tile.
    Move(usize),
    /// Strike an adjacent tile.
    Attack(usize),
    /// Throw along a line (an index into the `lines` of [`Resolver::resolve_with_lines`]):
    /// the missile meets the first creature on it after movement.
    Throw {
        /// Which line.
        line: usize,
        /// Damage to the creature it meets.
        damage: i32,
    },
    /// Strike every tile of an area (an index into the `lines`): whoever stands on them after
    /// movement is hit, the striker excepted. A wide swing, a burst.
    Area {
        /// Which area.
        area: usize,
        /// Damage to each creature caught.
        damage: i32,
    },
    /// Hold the tile and heal, at the same moment as the segment's damage lands (R9).
    Heal(i32),
}

pub use hexdeep_tiling::turn::{Bounce, Fate};

/// One attack and whom it met (R8).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Strike {
    /// Who attacked.
    pub attacker: usize,
    /// The tile struck.
    pub tile: usize,
    /// Who stood there after movement and took the blow.
    pub victim: Option<usize>,
    /// Who stood there at the start of the segment and moved away (when nobody was hit).
    pub dodger: Option<usize>,
    /// The damage dealt (to the victim, if any).
    pub damage: i32,
    /// Whether this was a throw rather than a blow.
    pub thrown: bool,
    /// Whether this was one tile of an area strike.
    pub area: bool,
}

/// Everything one segment changed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Outcome {
    /// Per unit: its movement.
    pub fates: Vec<Fate>,
    /// Per unit: its tile after the segment.
    pub tiles: Vec<usize>,
    /// Per unit: its hit points after the segment's damage (R9).
    pub hp: Vec<i32>,
    /// Every attack, in unit order.
    pub strikes: Vec<Strike>,
    /// Units whose hit points fell to zero or below this segment, in unit order.
    pub killed: Vec<usize>,
}

/// Errors in the resolver's input (the callers validate, so these mean a bug upstream).
#[derive(Copy, Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ResolveError {
    /// The slices of units and acts differ in length.
    #[error("{units} units but {acts} acts")]
    Mismatch {
        /// Units given.
        units: usize,
        /// Acts given.
        acts: usize,
    },
    /// A tile index is not below the resolver's bound.
    #[error("tile index {0} is out of range")]
    TileOutOfRange(usize),
    /// Two units stand on one tile.
    #[error("two units stand on tile {0}")]
    SharedTile(usize),
    /// Too many units for the dense index.
    #[error("too many units")]
    TooMany,
    /// A throw names a line that was not given.
    #[error("no line {0} for a throw")]
    NoLine(usize),
}

/// Reusable scratch space for resolving segments over tiles `0..tiles`. Only the entries a
/// segment touches are reset afterwards, so a segment costs time linear in its units.
#[derive(Clone, Debug)]
pub struct Resolver {
    /// Per tile: the unit standing there at the start of the segment.
    occupant: Vec<u32>,
    /// Per tile: the unit winning the contest to enter it.
    claimant: Vec<u32>,
    /// Per tile: the unit standing there after movement.
    after: Vec<u32>,
}

impl Resolver {
    /// A resolver for tile indices below `tiles`.
    pub fn new(tiles: usize) -> Resolver {
        Resolver {
            occupant: vec![NONE; tiles],
            claimant: vec![NONE; tiles],
            after: vec![NONE; tiles],
        }
    }

    /// The bound on tile indices.
    pub fn tiles(&self) -> usize {
        self.occupant.len()
    }

    /// Settles one segment: `acts[i]` is unit `i`'s checked intention.
    pub fn resolve(&mut self, units: &[Unit], acts: &[Act]) -> Result<Outcome, ResolveError> {
        self.resolve_with_lines(units, acts, &[])
    }

    /// Settles one segment in which some units throw along `lines` (tile indices in flight
    /// order, ending before the first tile that blocks sight).
    pub fn resolve_with_lines(
        &mut self,
        units: &[Unit],
        acts: &[Act],
        lines: &[Vec<usize>],
    ) -> Result<Outcome, ResolveError> {
        self.check(units, acts, lines)?;
        for (i, u) in units.iter().enumerate() {
            if self.occupant[u.tile] != NONE {
                self.clear(units, acts);
                return Err(ResolveError::SharedTile(u.tile));
            }
            self.occupant[u.tile] = i as u32;
        }
        let fates = moves::adjudicate(&self.occupant, &mut self.claimant, units, acts);
        let tiles: Vec<usize> = fates
            .iter()
            .zip(units)
            .map(|(f, u)| match *f {
                Fate::Moved { to, .. } => to,
                _ => u.tile,
            })
            .collect();
        for (i, &t) in tiles.iter().enumerate() {
            self.after[t] = i as u32;
        }
        let (strikes, hp, killed) =
            attacks::consolidate(&self.occupant, &self.after, units, acts, lines);
        for &t in &tiles {
            self.after[t] = NONE;
        }
        self.clear(units, acts);
        Ok(Outcome {
            fates,
            tiles,
            hp,
            strikes,
            killed,
        })
    }

    fn check(
        &self,
        units: &[Unit],
        acts: &[Act],
        lines: &[Vec<usize>],
    ) -> Result<(), ResolveError> {
        if units.len() != acts.len() {
            return Err(ResolveError::Mismatch {
                units: units.len(),
                acts: acts.len(),
            });
        }
        if units.len() >= NONE as usize {
            return Err(ResolveError::TooMany);
        }
        let n = self.tiles();
        for (u, a) in units.iter().zip(acts) {
            let target = match *a {
                Act::Stay | Act::Heal(_) => u.tile,
                Act::Move(t) | Act::Attack(t) => t,
                Act::Throw { line, .. } | Act::Area { area: line, .. } => {
                    let line = lines.get(line).ok_or(ResolveError::NoLine(line))?;
                    if let Some(&t) = line.iter().find(|&&t| t >= n) {
                        return Err(ResolveError::TileOutOfRange(t));
                    }
                    u.tile
                }
            };
            for t in [u.tile, target] {
                if t >= n {
                    return Err(ResolveError::TileOutOfRange(t));
                }
            }
        }
        Ok(())
    }

    /// Resets every entry this segment may have touched.
    fn clear(&mut self, units: &[Unit], acts: &[Act]) {
        for (u, a) in units.iter().zip(acts) {
            self.occupant[u.tile] = NONE;
            if let Act::Move(t) = *a {
                self.claimant[t] = NONE;
            }
        }
    }
}
