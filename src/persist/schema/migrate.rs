//! Format 1 (hexdeep 0.1.0) to format 2: field by field, with the player's memory moved from
//! the 0.1.0 grid's storage indices to tile coordinates. The 0.1.0 layout is written out here
//! (a one-tile border around the tiles' bounding box, row by row) so that this keeps working
//! whatever the grid becomes.

use super::level::terrain_code;
use super::{SchemaError, envelope, v1, v2};
use crate::map::Terrain;

fn tile(h: v1::Hex) -> v2::Tile {
    v2::Tile { x: h.x, y: h.y }
}

fn terrain(t: v1::Terrain) -> u8 {
    terrain_code(match t {
        v1::Terrain::Floor => Terrain::Floor,
        v1::Terrain::Wall => Terrain::Wall,
        v1::Terrain::DoorClosed => Terrain::DoorClosed,
        v1::Terrain::DoorOpen => Terrain::DoorOpen,
        v1::Terrain::ShallowWater => Terrain::ShallowWater,
        v1::Terrain::DeepWater => Terrain::DeepWater,
        v1::Terrain::Brush => Terrain::Brush,
        v1::Terrain::StairsDown => Terrain::StairsDown,
        v1::Terrain::StairsUp => Terrain::StairsUp,
    })
}

fn direction(d: v1::Direction) -> u8 {
    match d {
        v1::Direction::E => 0,
        v1::Direction::NE => 1,
        v1::Direction::NW => 2,
        v1::Direction::W => 3,
        v1::Direction::SW => 4,
        v1::Direction::SE => 5,
    }
}

/// A 0.1.0 level and its memory (by that grid's storage index) as runs and bits.
fn depth(d: &v1::Depth) -> Result<v2::Depth, SchemaError> {
    let level = &d.level;
    let mut tiles: Vec<(i32, i32, u8)> = level
        .tiles
        .iter()
        .map(|(h, t)| (h.y, h.x, terrain(*t)))
        .collect();
    tiles.sort_unstable_by_key(|&(y, x, _)| (y, x));
    tiles.dedup_by_key(|&mut (y, x, _)| (y, x));
    let memory = OldMemory::of(d, &tiles)?;
    let mut runs: Vec<v2::Run> = Vec::new();
    let mut seen = vec![0u8; tiles.len().div_ceil(8)];
    for (n, &(y, x, code)) in tiles.iter().enumerate() {
        if memory.seen(&d.seen, x, y) {
            seen[n / 8] |= 1 << (n % 8);
        }
        match runs.last_mut() {
            Some(run)
                if run.y == y && i64::from(run.x) + run.terrain.len() as i64 == i64::from(x) =>
            {
                run.terrain.push(code);
            }
            _ => runs.push(v2::Run {
                y,
                x,
                terrain: vec![code],
            }),
        }
    }
    Ok(v2::Depth {
        level: v2::Level {
            name: level.name.clone(),
            depth: level.depth,
            runs,
            start: level.start.map(tile),
            placements: level.placements.iter().map(placement).collect(),
        },
        seen,
        floor: d
            .floor
            .iter()
            .map(|f| v2::FloorItem {
                at: tile(f.at),
                item: f.item.clone(),
            })
            .collect(),
        visited: d.visited,
    })
}

/// Where a 0.1.0 level's memory keeps each tile: its grid had a one-tile border around the
/// tiles' bounding box, in rows of `stride` cells.
struct OldMemory {
    lo_x: i64,
    lo_y: i64,
    stride: i64,
}

impl OldMemory {
    /// The layout of `d`'s memory over its `tiles` (sorted by row, then column), checked
    /// against the memory's length.
    fn of(d: &v1::Depth, tiles: &[(i32, i32, u8)]) -> Result<OldMemory, SchemaError> {
        let (Some(lo_x), Some(hi_x)) = (
            tiles.iter().map(|t| t.1).min(),
            tiles.iter().map(|t| t.1).max(),
        ) else {
            return Err(SchemaError::new(format!(
                "the level {:?} has no tiles",
                d.level.name
            )));
        };
        let (lo_y, hi_y) = (tiles[0].0, tiles[tiles.len() - 1].0);
        let stride = i64::from(hi_x) - i64::from(lo_x) + 3;
        let rows = i64::from(hi_y) - i64::from(lo_y) + 3;
        if stride.saturating_mul(rows) != d.seen.len() as i64 {
            return Err(SchemaError::new(format!(
                "the memory of {:?} holds {} cells for a map of {stride}x{rows}",
                d.level.name,
                d.seen.len()
            )));
        }
        Ok(OldMemory {
            lo_x: i64::from(lo_x),
            lo_y: i64::from(lo_y),
            stride,
        })
    }

    /// Whether the tile at `(x, y)` was seen, in the memory `seen`.
    fn seen(&self, seen: &[bool], x: i32, y: i32) -> bool {
        let index = (i64::from(y) - self.lo_y + 1) * self.stride + i64::from(x) - self.lo_x + 1;
        seen[index as usize]
    }
}

/// A 0.1.0 placement.
fn placement(p: &v1::Placement) -> v2::Placement {
    match &p.kind {
        v1::PlacementKind::Monster(kind) => v2::Placement::Monster {
            at: tile(p.at),
            kind: kind.clone(),
        },
        v1::PlacementKind::Item(kind) => v2::Placement::Item {
            at: tile(p.at),
            kind: kind.clone(),
        },
    }
}

fn behaviour(b: v1::Behaviour) -> v2::Behaviour {
    match b {
        v1::Behaviour::Chaser => v2::Behaviour::Chaser,
        v1::Behaviour::Coward { flee_below } => v2::Behaviour::Coward { flee_below },
        v1::Behaviour::Pack { size, radius } => v2::Behaviour::Pack { size, radius },
        v1::Behaviour::Ranged { range, damage } => v2::Behaviour::Ranged { range, damage },
        v1::Behaviour::Charger { range } => v2::Behaviour::Charger { range },
        v1::Behaviour::Guardian { radius } => v2::Behaviour::Guardian { radius },
    }
}

fn creature(c: &v1::Creature) -> v2::Creature {
    v2::Creature {
        id: c.id as u32,
        name: c.name.clone(),
        glyph: c.glyph,
        at: tile(c.pos),
        depth: c.depth,
        hp: c.hp,
        max_hp: c.max_hp,
        damage: c.damage,
        strength: c.strength,
        speed: c.speed,
        sight: c.sight,
        faction: c.faction,
        alive: c.alive,
        initiative: c.initiative,
        behaviour: c.behaviour.map(behaviour),
        memory: c.memory.map(tile),
        inventory: c
            .inventory
            .iter()
            .map(|s| v2::Stack {
                item: s.item.clone(),
                count: s.count,
                letter: s.letter,
            })
            .collect(),
        armour: c.armour,
        attack: match c.attack {
            v1::Attack::Blow => 0,
            v1::Attack::Sweep => 1,
        },
        wielded: c.wielded.clone(),
        worn: c.worn.clone(),
        busy: c.busy,
        home: c.home.map(tile),
        charge: c.charge.map(direction),
    }
}

fn intention(i: v1::Intention) -> v2::Intention {
    match i {
        v1::Intention::Stay => v2::Intention::Stay,
        v1::Intention::Move(t) => v2::Intention::Move(tile(t)),
        v1::Intention::Attack(t) => v2::Intention::Attack(tile(t)),
        v1::Intention::Throw(t) => v2::Intention::Throw(tile(t)),
    }
}

fn ending(e: &v1::Ending) -> v2::Ending {
    match e {
        v1::Ending::Won => v2::Ending::Won,
        v1::Ending::Died { cause, depth } => v2::Ending::Died {
            cause: cause.clone(),
            depth: *depth,
        },
        v1::Ending::Quit => v2::Ending::Quit,
        v1::Ending::OutOfTime => v2::Ending::OutOfTime,
    }
}

/// A 0.1.0 world in format 2.
pub fn world(w: &v1::World) -> Result<v2::World, SchemaError> {
    Ok(v2::World {
        seed: w.seed,
        depths: w.depths.iter().map(depth).collect::<Result<_, _>>()?,
        // 0.1.0 made every level at the start.
        depth_count: w.depths.len() as u32,
        pending_maps: Vec::new(),
        creatures: w.creatures.iter().map(creature).collect(),
        turn: w.turn,
        segment: w.segment,
        rng: w.rng.state,
        // 0.1.0 drew the monsters' choices from the rules' stream: from here on they have
        // their own, seeded from the game as a new game's is.
        ai_rng: super::world::rng_state(&crate::rng::stream(w.seed, crate::rng::Stream::Ai, 0)),
        // A plan was made where its monster stands (0.1.0 planned after every segment).
        plans: w
            .plans
            .iter()
            .enumerate()
            .map(|(id, p)| {
                let from = w
                    .creatures
                    .get(id)
                    .map_or(v2::Tile { x: 0, y: 0 }, |c| tile(c.pos));
                p.map(|p| v2::Plan {
                    from,
                    intention: intention(p),
                })
            })
            .collect(),
        story: v2::Story {
            ending: w.story.ending.as_ref().map(ending),
            deepest: w.story.deepest,
            kills: w.story.kills.clone().into_iter().collect(),
            items_used: w.story.items_used.clone().into_iter().collect(),
        },
        terrain_digest: w.terrain_digest,
        regen_progress: w.regen.progress,
        regen_busy: w.regen.busy,
    })
}

fn command(c: v1::Command) -> v2::Command {
    match c {
        v1::Command::Move(d) => v2::Command::Move(direction(d)),
        v1::Command::Attack(d) => v2::Command::Attack(direction(d)),
        v1::Command::Wait => v2::Command::Wait,
        v1::Command::Rest => v2::Command::Rest,
        v1::Command::Throw { item, at } => v2::Command::Throw { item, at: tile(at) },
        v1::Command::Drink(l) => v2::Command::Drink(l),
        v1::Command::Read(l) => v2::Command::Read(l),
        v1::Command::Wield(l) => v2::Command::Wield(l),
        v1::Command::Wear(l) => v2::Command::Wear(l),
        v1::Command::Drop(l) => v2::Command::Drop(l),
        v1::Command::PickUp => v2::Command::PickUp,
        v1::Command::Descend => v2::Command::Descend,
        v1::Command::Ascend => v2::Command::Ascend,
    }
}

/// A 0.1.0 game as its file holds it, with what the file's header says of who recorded it
/// (0.1.0's record named no maker).
pub struct Made {
    /// The game.
    pub game: v1::SavedGame,
    /// The version of hexdeep that wrote the file.
    pub version: String,
    /// The turn hash's version.
    pub hash: u32,
}

/// A 0.1.0 saved or finished game in format 2; `game_version` and `hash` are what
/// its header said, and name who recorded its steps (0.1.0 played by rules 1).
pub fn game(
    g: &v1::SavedGame,
    game_version: &str,
    hash: u32,
) -> Result<v2::SavedGame, SchemaError> {
    Ok(v2::SavedGame {
        name: g.name.clone(),
        record: envelope::Record {
            start: world(&g.record.start)?,
            steps: g
                .record
                .steps
                .iter()
                .map(|s| v2::Step {
                    command: command(s.command),
                    hash: s.hash,
                    turn: s.turn,
                    depth: s.depth,
                })
                .collect(),
            origin: match g.record.origin {
                v1::Origin::Fresh => v2::Origin::Fresh,
                v1::Origin::TakenOver { seed, after } => v2::Origin::TakenOver {
                    seed,
                    after: after as u64,
                },
            },
            made_by: v2::Maker {
                version: game_version.to_string(),
                rules: 1,
                hash,
            },
            upgrades: Vec::new(),
        },
        current: world(&g.current)?,
        log: g.log.clone(),
    })
}

/// A 0.1.0 hall of fame in format 2.
pub fn scores(h: &v1::HallOfFame) -> v2::HallOfFame {
    v2::HallOfFame {
        entries: h
            .entries
            .iter()
            .map(|s| v2::Score {
                name: s.name.clone(),
                seed: s.seed,
                ending: ending(&s.ending),
                deepest: s.deepest,
                turns: s.turns,
                kills: s.kills,
                taken_over: s.taken_over,
            })
            .collect(),
    }
}
