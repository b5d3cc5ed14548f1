//! A game's record: the world before the first command, every accepted command with the
//! world's hash after it, and where the game came from. From it any game can be replayed from
//! its first turn, checked turn by turn, and taken over at any moment. Pure data: the
//! `persist` module writes it to files.

use super::{Command, CreatureId, RULES_VERSION, TURN_HASH_VERSION, World};
use hexdeep_tiling::turn::PlayerId;
use serde::{Deserialize, Serialize};

/// Which release recorded a stretch of a record, and under which rules and turn hash: only
/// stretches made under this build's rules and hash can be checked by replaying them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Maker {
    /// The release, such as `0.1.0`.
    pub version: String,
    /// Its [`RULES_VERSION`].
    pub rules: u32,
    /// Its [`TURN_HASH_VERSION`].
    pub hash: u32,
}

impl Maker {
    /// This build.
    pub fn this() -> Maker {
        Maker {
            version: env!("CARGO_PKG_VERSION").to_string(),
            rules: RULES_VERSION,
            hash: TURN_HASH_VERSION,
        }
    }

    /// Whether this build plays by the same rules and hash, so it can check what was recorded.
    pub fn same_rules(&self) -> bool {
        self.rules == RULES_VERSION && self.hash == TURN_HASH_VERSION
    }

    /// `hexdeep 0.1.0 (rules 1)`.
    pub fn describe(&self) -> String {
        format!("hexdeep {} (rules {})", self.version, self.rules)
    }
}

/// A release with other rules took the game over: the steps from `at_step` on were played by
/// it from `state`, the world as it loaded it (a keyframe at the upgrade).
#[derive(Clone, Debug)]
pub struct Upgrade {
    /// The index of the first step it played.
    pub at_step: usize,
    /// Who took over.
    pub by: Maker,
    /// The world it loaded.
    pub state: World,
}

/// Where a game came from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Origin {
    /// A new game.
    Fresh,
    /// Taken over from a replay at the moment after `after` commands of the game with
    /// `seed`: not a fresh run.
    TakenOver {
        /// The replayed game's seed.
        seed: u64,
        /// How many of its commands had been played.
        after: usize,
    },
}

/// One directive that counted in a segment: the hero it directed, the player who gave it, and
/// the command.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Given {
    /// The hero directed.
    pub hero: CreatureId,
    /// Its player.
    pub player: PlayerId,
    /// What the hero was told to do.
    pub command: Command,
}

impl Given {
    /// The player's command for the first hero: a one-hero game's only kind of directive.
    pub fn by_the_player(command: Command) -> Given {
        Given {
            hero: World::PLAYER,
            player: PlayerId(1),
            command,
        }
    }
}

/// One step of a record: the directives of one segment (each hero's that had one; none when
/// every hero waited) and the world's hash once they were carried out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The directives that counted, in the order given.
    pub given: Vec<Given>,
    /// [`World::turn_hash`] after it.
    pub hash: u64,
    /// The turn the world was in after it.
    pub turn: u64,
    /// The depth the player was on after it.
    pub depth: u32,
}

impl Step {
    /// The command of a step with a single directive.
    pub fn command(&self) -> Option<Command> {
        match self.given.as_slice() {
            [only] => Some(only.command),
            _ => None,
        }
    }

    /// Carries the step's directives out in `world`, all in one segment, and returns what
    /// happened until a hero acts again.
    pub fn apply_to(&self, world: &mut World) -> Result<Vec<super::Event>, super::Rejection> {
        let commands: Vec<(CreatureId, Command)> =
            self.given.iter().map(|g| (g.hero, g.command)).collect();
        world.apply_all(&commands).map_err(|(_, why)| why)
    }

    /// The step's directives in words, for a divergence: `Move(E)`, or `hero 1 Wait, …`.
    fn describe(&self) -> String {
        match self.command() {
            Some(command) if self.given[0].hero == World::PLAYER => format!("{command:?}"),
            _ if self.given.is_empty() => "no directive".to_string(),
            _ => self
                .given
                .iter()
                .map(|g| format!("hero {} {:?}", g.hero + 1, g.command))
                .collect::<Vec<_>>()
                .join(", "),
        }
    }
}

/// Everything needed to replay and verify a game.
#[derive(Clone, Debug)]
pub struct GameRecord {
    /// The world before the first command: the seed and every starting level.
    pub start: World,
    /// Every resolved segment's directives, in order, with the hash after them.
    pub steps: Vec<Step>,
    /// Where the game came from.
    pub origin: Origin,
    /// Who recorded the steps from the start (up to the first upgrade).
    pub made_by: Maker,
    /// Releases with other rules that continued the game, in order.
    pub upgrades: Vec<Upgrade>,
}

/// Where a replay first differs from its record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Divergence {
    /// The step (from 1) whose hash differs, or that the rules refused.
    pub step: usize,
    /// The game turn of that step in the record.
    pub turn: u64,
    /// What differs, as far as can be told.
    pub what: String,
}

impl GameRecord {
    /// A record starting from `start`.
    pub fn new(start: World, origin: Origin) -> GameRecord {
        GameRecord {
            start,
            steps: Vec::new(),
            origin,
            made_by: Maker::this(),
            upgrades: Vec::new(),
        }
    }

    /// Marks that this build takes the game over at its current step when the record's last
    /// stretch was made under other rules; `now` is the world as this build loaded it.
    pub fn continue_here(&mut self, now: &World) {
        if !self.last_maker().same_rules() {
            self.upgrades.push(Upgrade {
                at_step: self.steps.len(),
                by: Maker::this(),
                state: now.clone(),
            });
        }
    }

    /// Who recorded the last stretch.
    pub fn last_maker(&self) -> &Maker {
        self.upgrades.last().map_or(&self.made_by, |u| &u.by)
    }

    /// Where the last stretch starts: its first step and its world.
    fn last_stretch_start(&self) -> (usize, &World) {
        self.upgrades
            .last()
            .map_or((0, &self.start), |u| (u.at_step, &u.state))
    }

    /// The last stretch as a record of its own: from the world the last release with other
    /// rules loaded (or the start), with the steps played from there. What a viewer can show
    /// under these rules.
    pub fn last_stretch(&self) -> GameRecord {
        let (first, start) = self.last_stretch_start();
        GameRecord {
            start: start.clone(),
            steps: self.steps[first..].to_vec(),
            origin: self.origin.clone(),
            made_by: self.last_maker().clone(),
            upgrades: Vec::new(),
        }
    }

    /// Why this build cannot check the record at all (its last stretch was made under other
    /// rules), or `None` when it can.
    pub fn unverifiable(&self) -> Option<String> {
        let maker = self.last_maker();
        (!maker.same_rules()).then(|| {
            format!(
                "recorded by {} with turn hash {}; this is {} with turn hash {}, which cannot check its turns",
                maker.describe(),
                maker.hash,
                Maker::this().describe(),
                TURN_HASH_VERSION
            )
        })
    }

    /// The steps recorded under other rules before the last stretch, which replaying cannot
    /// check: how many, and who made the stretch just before (`None` when every step can be
    /// checked).
    pub fn unchecked_prefix(&self) -> Option<(usize, &Maker)> {
        let (first, _) = self.last_stretch_start();
        let before = match self.upgrades.len() {
            0 => return None,
            1 => &self.made_by,
            n => &self.upgrades[n - 2].by,
        };
        Some((first, before))
    }

    /// Appends the player's command accepted by `world` (which has already carried it out).
    pub fn push(&mut self, command: Command, world: &World) {
        self.push_segment(&[Given::by_the_player(command)], world);
    }

    /// Appends the directives of a segment `world` has resolved.
    pub fn push_segment(&mut self, given: &[Given], world: &World) {
        self.steps.push(Step {
            given: given.to_vec(),
            hash: world.turn_hash(),
            turn: world.turn(),
            depth: world.lead_depth(),
        });
    }

    /// The world after the first `n` commands, replayed from the start (or from the last
    /// upgrade at or before step `n`).
    pub fn world_after(&self, n: usize) -> World {
        let (first, from) = self
            .upgrades
            .iter()
            .rev()
            .find(|u| u.at_step <= n)
            .map_or((0, &self.start), |u| (u.at_step, &u.state));
        let mut world = from.clone();
        for step in self.steps.iter().take(n).skip(first) {
            let _ = step.apply_to(&mut world);
        }
        world
    }

    /// The deepest depth the player reached over the record, found by replaying its commands
    /// from the start (from each upgrade's world on, where a release with other rules took the
    /// game over), never read from what the steps say of themselves.
    pub fn deepest_replayed(&self) -> u32 {
        let mut world = self.start.clone();
        let deepest_hero = |w: &World| w.heroes().iter().map(|&h| w.creatures()[h].depth).max();
        let mut deepest = deepest_hero(&world).unwrap_or(1);
        for (i, step) in self.steps.iter().enumerate() {
            if let Some(u) = self.upgrades.iter().find(|u| u.at_step == i) {
                world = u.state.clone();
                deepest = deepest.max(deepest_hero(&world).unwrap_or(1));
            }
            if step.apply_to(&mut world).is_err() {
                continue;
            }
            deepest = deepest.max(deepest_hero(&world).unwrap_or(1));
        }
        deepest
    }

    /// Replays every command of the last stretch (all of them when no release with other
    /// rules took the game over, see [`GameRecord::unchecked_prefix`]) and compares after each
    /// the world's hash, turn and depth with what the record says, stopping at the first step
    /// that differs (or that the rules refuse): the work is bounded by the steps up to the
    /// first lie, not by the length of the file. With all of them in agreement, the replay's
    /// final world is compared in full with `recorded_end`, the state the save kept. A record
    /// whose last stretch was made under other rules is refused as step 0, saying who made it.
    pub fn verify(&self, recorded_end: Option<&World>) -> Result<World, Divergence> {
        if let Some(why) = self.unverifiable() {
            return Err(Divergence {
                step: 0,
                turn: 0,
                what: why,
            });
        }
        let (skip, from) = self.last_stretch_start();
        let mut world = from.clone();
        for (i, step) in self.steps.iter().enumerate().skip(skip) {
            let differs = |what: String| Divergence {
                step: i + 1,
                turn: step.turn,
                what,
            };
            if let Err(why) = step.apply_to(&mut world) {
                return Err(differs(format!(
                    "the rules refused {}: {why}",
                    step.describe()
                )));
            }
            if let Some(what) = step_differences(step, &world) {
                return Err(differs(what));
            }
        }
        match recorded_end.map(|end| end.differences(&world)) {
            Some(d) if !d.is_empty() => Err(Divergence {
                step: self.steps.len(),
                turn: world.turn(),
                what: format!(
                    "the final state differs (saved against replayed): {}",
                    few(&d)
                ),
            }),
            _ => Ok(world),
        }
    }
}

/// How the world replayed to `step` differs from what the record says of it: its hash, its
/// turn and the player's depth; `None` when they agree.
fn step_differences(step: &Step, world: &World) -> Option<String> {
    let mut told = Vec::new();
    let hash = world.turn_hash();
    if hash != step.hash {
        told.push(format!(
            "the world's hash is {hash:016x}, the record says {:016x}",
            step.hash
        ));
    }
    if world.turn() != step.turn {
        told.push(format!(
            "the replay is in turn {}, the record says turn {}",
            world.turn() + 1,
            step.turn.saturating_add(1)
        ));
    }
    if world.lead_depth() != step.depth {
        told.push(format!(
            "the player is on depth {}, the record says depth {}",
            world.lead_depth(),
            step.depth
        ));
    }
    (!told.is_empty()).then(|| format!("after {} {}", step.describe(), told.join("; ")))
}

/// The first few differences, and how many more there are.
fn few(differences: &[String]) -> String {
    const SHOWN: usize = 3;
    let text = differences[..differences.len().min(SHOWN)].join("; ");
    match differences.len().checked_sub(SHOWN) {
        Some(more) if more > 0 => format!("{text}; and {more} more"),
        _ => text,
    }
}
