//! Instant seeking in a replay: snapshots of the state every `every` steps, taken while the
//! record is replayed once, so any step is at most `every − 1` steps from a snapshot.

/// Snapshots of a replayed state.
#[derive(Clone, Debug)]
pub struct Keyframes<S> {
    every: usize,
    /// The state after `k · every` steps, for each `k`.
    snapshots: Vec<S>,
    /// How many steps there are.
    steps: usize,
}

impl<S: Clone> Keyframes<S> {
    /// Replays `commands` from `start` with `step`, keeping a snapshot every `every` steps
    /// (at least 1). A step that fails ends the replay there.
    pub fn build<C, E>(
        start: S,
        commands: &[C],
        every: usize,
        mut step: impl FnMut(&mut S, &C) -> Result<(), E>,
    ) -> Keyframes<S> {
        let every = every.max(1);
        let mut snapshots = vec![start.clone()];
        let mut state = start;
        let mut steps = 0;
        for (i, c) in commands.iter().enumerate() {
            if step(&mut state, c).is_err() {
                break;
            }
            steps = i + 1;
            if steps % every == 0 {
                snapshots.push(state.clone());
            }
        }
        Keyframes {
            every,
            snapshots,
            steps,
        }
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
        let mut state = self.snapshots[k].clone();
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

    proptest! {
        #[test]
        fn seeking_equals_stepping_from_the_start(
            commands in proptest::collection::vec(0u32..50, 0..200),
            every in 1usize..40,
            n in 0usize..220,
        ) {
            let frames = Keyframes::build(Vec::new(), &commands, every, add);
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
        let frames = Keyframes::build(Vec::new(), &commands, 2, add);
        assert_eq!(frames.len(), 2);
        assert_eq!(frames.seek(4, &commands, add), vec![1, 2]);
    }
}
