//! Instant seeking in a replay: snapshots of the state every `every` steps, taken while the
//! record is replayed once, so any step is at most `every − 1` steps from a snapshot.
//!
//! Their memory is bounded ([`Limits`]): when the snapshots would pass the most bytes or the
//! most snapshots allowed, every other one is dropped and the spacing doubles, so seeking
//! gets slower on long or large records but memory never runs out; a state too large to keep
//! even once is refused.

/// How much the snapshots of one replay may hold.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Steps between snapshots at first (at least 1).
    pub every: usize,
    /// The most snapshots kept.
    pub max_snapshots: usize,
    /// The most bytes the snapshots may take together, by the caller's measure.
    pub max_bytes: usize,
}

/// A state too large for the snapshots' memory.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "one snapshot of this game takes about {} MB, more than the {} MB a replay may keep",
    need >> 20,
    limit >> 20
)]
pub struct TooLarge {
    /// The bytes one snapshot takes.
    pub need: usize,
    /// The most allowed.
    pub limit: usize,
}

/// A state kept, with its measured size.
#[derive(Clone, Debug)]
struct Snapshot<S> {
    state: S,
    bytes: usize,
}

/// Snapshots of a replayed state.
#[derive(Clone, Debug)]
pub struct Keyframes<S> {
    every: usize,
    /// The state after `k · every` steps, for each `k`.
    snapshots: Vec<Snapshot<S>>,
    /// How many steps there are.
    steps: usize,
}

impl<S: Clone> Keyframes<S> {
    /// Replays `commands` from `start` with `step`, keeping a snapshot every `limits.every`
    /// steps while they fit `limits` (`size` measures one). A step that fails ends the replay
    /// there. Refused when the start alone does not fit.
    pub fn build<C, E>(
        start: S,
        commands: &[C],
        limits: Limits,
        size: impl Fn(&S) -> usize,
        step: impl FnMut(&mut S, &C) -> Result<(), E>,
    ) -> Result<Keyframes<S>, TooLarge> {
        Keyframes::build_telling(start, commands, limits, size, step, &mut |_| true)
    }

    /// [`Keyframes::build`], telling `progress` the steps replayed so far before the first
    /// and after each; when it answers `false` the replay stops there, and the steps reached
    /// so far are all there is.
    pub fn build_telling<C, E>(
        start: S,
        commands: &[C],
        limits: Limits,
        size: impl Fn(&S) -> usize,
        mut step: impl FnMut(&mut S, &C) -> Result<(), E>,
        progress: &mut dyn FnMut(usize) -> bool,
    ) -> Result<Keyframes<S>, TooLarge> {
        let mut frames = Keyframes::start(start.clone(), 0, limits, &size)?;
        let mut state = start;
        for (i, c) in commands.iter().enumerate() {
            if !progress(i) || step(&mut state, c).is_err() {
                break;
            }
            frames.steps = i + 1;
            if frames.steps % frames.every == 0 {
                let bytes = size(&state);
                frames.snapshots.push(Snapshot {
                    state: state.clone(),
                    bytes,
                });
                frames.fit(limits);
            }
        }
        Ok(frames)
    }

    /// The snapshot of `start` alone, for `steps` steps not replayed yet: what playing forward
    /// only needs (seeking back replays from the start). Refused when the start does not fit.
    pub fn start(
        start: S,
        steps: usize,
        limits: Limits,
        size: impl Fn(&S) -> usize,
    ) -> Result<Keyframes<S>, TooLarge> {
        let need = size(&start);
        if need > limits.max_bytes {
            return Err(TooLarge {
                need,
                limit: limits.max_bytes,
            });
        }
        Ok(Keyframes {
            every: limits.every.max(1),
            snapshots: vec![Snapshot {
                state: start,
                bytes: need,
            }],
            steps,
        })
    }

    /// Drops every other snapshot, doubling the spacing, until they fit `limits` (the first
    /// always stays: it was measured to fit).
    fn fit(&mut self, limits: Limits) {
        let max_snapshots = limits.max_snapshots.max(1);
        while self.snapshots.len() > 1
            && (self.snapshots.len() > max_snapshots || self.bytes() > limits.max_bytes)
        {
            let kept = std::mem::take(&mut self.snapshots);
            self.snapshots = kept.into_iter().step_by(2).collect();
            self.every = self.every.saturating_mul(2);
        }
    }

    /// The bytes the snapshots take together.
    pub fn bytes(&self) -> usize {
        self.snapshots.iter().map(|s| s.bytes).sum()
    }

    /// How many snapshots are kept.
    pub fn snapshot_count(&self) -> usize {
        self.snapshots.len()
    }

    /// Steps between snapshots now.
    pub fn every(&self) -> usize {
        self.every
    }

    /// How many steps can be reached.
    pub fn len(&self) -> usize {
        self.steps
    }

    /// Whether there are no steps.
    pub fn is_empty(&self) -> bool {
        self.steps == 0
    }

    /// The state after `n` steps (at most [`Keyframes::len`]): the nearest snapshot at or
    /// before it, replayed forward.
    pub fn seek<C, E>(
        &self,
        n: usize,
        commands: &[C],
        mut step: impl FnMut(&mut S, &C) -> Result<(), E>,
    ) -> S {
        let n = n.min(self.steps);
        let k = (n / self.every).min(self.snapshots.len() - 1);
        let mut state = self.snapshots[k].state.clone();
        for c in &commands[k * self.every..n] {
            if step(&mut state, c).is_err() {
                break;
            }
        }
        state
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[allow(clippy::trivially_copy_pass_by_ref)] // the step function's shape
    fn add(s: &mut Vec<u32>, c: &u32) -> Result<(), ()> {
        if *c == 999 {
            return Err(());
        }
        s.push(*c);
        Ok(())
    }

    fn roomy(every: usize) -> Limits {
        Limits {
            every,
            max_snapshots: usize::MAX,
            max_bytes: usize::MAX,
        }
    }

    #[allow(clippy::ptr_arg)] // the size function's shape
    fn bytes_of(s: &Vec<u32>) -> usize {
        8 + 4 * s.len()
    }

    proptest! {
        #[test]
        fn seeking_equals_stepping_from_the_start(
            commands in proptest::collection::vec(0u32..50, 0..200),
            every in 1usize..40,
            max_snapshots in 1usize..10,
            max_bytes in 8usize..2000,
            n in 0usize..220,
        ) {
            let limits = Limits { every, max_snapshots, max_bytes };
            let frames = Keyframes::build(Vec::new(), &commands, limits, bytes_of, add).unwrap();
            prop_assert!(frames.snapshot_count() <= max_snapshots);
            prop_assert!(frames.bytes() <= max_bytes);
            let n = n.min(commands.len());
            let mut plain = Vec::new();
            for c in &commands[..n] {
                add(&mut plain, c).unwrap();
            }
            prop_assert_eq!(frames.seek(n, &commands, add), plain);
        }
    }

    #[test]
    fn a_failing_step_ends_the_replay() {
        let commands = [1, 2, 999, 4];
        let frames = Keyframes::build(Vec::new(), &commands, roomy(2), bytes_of, add).unwrap();
        assert_eq!(frames.len(), 2);
        assert_eq!(frames.seek(4, &commands, add), vec![1, 2]);
    }

    #[test]
    fn a_million_steps_keep_a_bounded_number_of_snapshots() {
        let commands = vec![(); 1_000_000];
        let limits = Limits {
            every: 50,
            max_snapshots: 4096,
            max_bytes: 64 << 20,
        };
        // A state of a megabyte that never changes.
        let frames = Keyframes::build(
            0u8,
            &commands,
            limits,
            |_| 1 << 20,
            |_, ()| Ok::<(), ()>(()),
        )
        .unwrap();
        assert_eq!(frames.len(), 1_000_000);
        assert!(frames.snapshot_count() <= 64, "{}", frames.snapshot_count());
        assert!(frames.bytes() <= 64 << 20);
        assert!(frames.every() >= 1_000_000 / 64, "{}", frames.every());
        let tiny = Limits {
            max_bytes: usize::MAX,
            ..limits
        };
        let frames =
            Keyframes::build(0u8, &commands, tiny, |_| 1, |_, ()| Ok::<(), ()>(())).unwrap();
        assert!(frames.snapshot_count() <= 4096);
    }

    #[test]
    fn a_state_too_large_to_keep_once_is_refused() {
        let limits = Limits {
            every: 50,
            max_snapshots: 10,
            max_bytes: 100 << 20,
        };
        let err = Keyframes::build(
            0u8,
            &[(); 3],
            limits,
            |_| 300 << 20,
            |_, ()| Ok::<(), ()>(()),
        )
        .unwrap_err();
        assert_eq!(
            err.to_string(),
            "one snapshot of this game takes about 300 MB, more than the 100 MB a replay may keep"
        );
    }
}
