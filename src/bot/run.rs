//! Many games at once: game `i` of a run plays a seed mixed from the run's seed and `i`, on
//! as many threads as asked; results are gathered by index, so a run's outcomes are the same
//! for any number of threads.

use super::game::{Outcome, Played};
use super::party::play_party_on;
use crate::content::Content;
use crate::geom::Tiling;
use crate::rng::splitmix64;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

/// What to run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunConfig {
    /// How many games.
    pub games: usize,
    /// The run's seed.
    pub seed: u64,
    /// The turn limit of each game.
    pub turns: u64,
    /// How many heroes each game's party has, each played by a bot.
    pub players: usize,
    /// How many threads.
    pub jobs: usize,
    /// Whether to keep each game's record (for replays and checks).
    pub records: bool,
    /// The monsters, items and player numbers the games are played with.
    pub content: Arc<Content>,
    /// The tiling every game is played on.
    pub tiling: Tiling,
}

/// The seed of game `index` of a run with seed `seed`: a fixed mix of both.
pub fn game_seed(seed: u64, index: usize) -> u64 {
    splitmix64(seed ^ splitmix64(index as u64 ^ 0x626f_7473_6565_6473))
}

/// Plays every game of the run; `done` is called as each game ends (from the thread that
/// played it, with the game's index), then the game is let go. The outcomes come back in
/// index order; a seed with no level to start on is skipped.
pub fn run(config: &RunConfig, done: &(dyn Fn(usize, &Played) + Sync)) -> Vec<Outcome> {
    let next = AtomicUsize::new(0);
    let jobs = config.jobs.clamp(1, config.games.max(1));
    let mut results: Vec<(usize, Outcome)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..jobs)
            .map(|_| scope.spawn(|| worker(config, &next, done)))
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .collect()
    });
    results.sort_by_key(|(i, _)| *i);
    results.into_iter().map(|(_, o)| o).collect()
}

/// Takes games from the shared counter until none are left.
fn worker(
    config: &RunConfig,
    next: &AtomicUsize,
    done: &(dyn Fn(usize, &Played) + Sync),
) -> Vec<(usize, Outcome)> {
    let mut out = Vec::new();
    loop {
        let i = next.fetch_add(1, Ordering::Relaxed);
        if i >= config.games {
            return out;
        }
        let seed = game_seed(config.seed, i);
        let played = play_party_on(
            &config.content,
            config.tiling,
            seed,
            config.players,
            (config.turns, config.records),
        );
        if let Some(played) = played {
            done(i, &played);
            out.push((i, played.outcome()));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn game_seeds_are_fixed_and_differ() {
        assert_eq!(game_seed(1, 0), game_seed(1, 0));
        assert_ne!(game_seed(1, 0), game_seed(1, 1));
        assert_ne!(game_seed(1, 0), game_seed(2, 0));
    }
}
