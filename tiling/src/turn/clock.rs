//! Deadlines: each person's time bank, a chess clock with a starting credit and an increment
//! per segment (ARCHITECTURE.md, "Simultaneous turns").
//!
//! The bank never reads a clock: the game measures how long a person took and tells the bank,
//! so a game (and its replay) stays the same whatever the machine's speed.

use serde::{Deserialize, Serialize};
use std::time::Duration;

/// One person's time bank.
///
/// Each segment the person may take up to [`TimeBank::left`] to give their directives. A
/// segment answered in time costs what it took and then earns the increment; a segment that
/// ran past the bank empties it, resolves with the next controller's directives for that
/// person's creatures ([`Gathering::close`](super::Gathering::close)), and still earns the
/// increment, so the person has that much time to take their creatures back next segment.
///
/// ```
/// use hexdeep_tiling::turn::{TimeBank, Timing};
/// use std::time::Duration;
///
/// let s = Duration::from_secs;
/// let mut bank = TimeBank::new(s(10), s(2));
/// assert_eq!(bank.spend(s(4)), Timing::InTime);
/// assert_eq!(bank.left(), s(8)); // 10 − 4 + 2
/// assert_eq!(bank.spend(s(9)), Timing::Late);
/// assert_eq!(bank.left(), s(2)); // emptied, then the increment
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TimeBank {
    left: Duration,
    increment: Duration,
}

/// Whether a person's directives came in time for a segment.
///
/// ```
/// use hexdeep_tiling::turn::{TimeBank, Timing};
/// use std::time::Duration;
/// let mut bank = TimeBank::new(Duration::from_secs(1), Duration::ZERO);
/// assert_eq!(bank.spend(Duration::from_secs(1)), Timing::InTime);
/// assert_eq!(bank.spend(Duration::from_millis(1)), Timing::Late);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Timing {
    /// Within the bank: the person's directives count.
    InTime,
    /// Past the bank: the next controllers decide for the person's creatures this segment.
    Late,
}

impl TimeBank {
    /// A bank of `start` that earns `increment` every segment.
    ///
    /// ```
    /// use hexdeep_tiling::turn::TimeBank;
    /// use std::time::Duration;
    /// let bank = TimeBank::new(Duration::from_secs(30), Duration::from_secs(5));
    /// assert_eq!((bank.left(), bank.increment()), (Duration::from_secs(30), Duration::from_secs(5)));
    /// ```
    pub fn new(start: Duration, increment: Duration) -> TimeBank {
        TimeBank {
            left: start,
            increment,
        }
    }

    /// How long the person may take over the next segment: its deadline.
    ///
    /// ```
    /// use hexdeep_tiling::turn::TimeBank;
    /// use std::time::Duration;
    /// let mut bank = TimeBank::new(Duration::from_secs(10), Duration::from_secs(1));
    /// bank.spend(Duration::from_secs(3));
    /// assert_eq!(bank.left(), Duration::from_secs(8));
    /// ```
    pub fn left(&self) -> Duration {
        self.left
    }

    /// What the bank earns each segment.
    ///
    /// ```
    /// use hexdeep_tiling::turn::TimeBank;
    /// use std::time::Duration;
    /// assert_eq!(TimeBank::new(Duration::ZERO, Duration::from_secs(2)).increment(), Duration::from_secs(2));
    /// ```
    pub fn increment(&self) -> Duration {
        self.increment
    }

    /// Charges one segment for which the person took `took`, then adds the increment; says
    /// whether the person was in time.
    ///
    /// ```
    /// use hexdeep_tiling::turn::{TimeBank, Timing};
    /// use std::time::Duration;
    /// let mut bank = TimeBank::new(Duration::from_secs(5), Duration::from_secs(1));
    /// // Late: the bank is emptied, then earns its increment all the same.
    /// assert_eq!(bank.spend(Duration::from_secs(7)), Timing::Late);
    /// assert_eq!(bank.left(), Duration::from_secs(1));
    /// ```
    pub fn spend(&mut self, took: Duration) -> Timing {
        let timing = if took <= self.left {
            Timing::InTime
        } else {
            Timing::Late
        };
        self.left = self
            .left
            .saturating_sub(took)
            .saturating_add(self.increment);
        timing
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn exactly_the_time_left_is_in_time() {
        let mut bank = TimeBank::new(Duration::from_millis(500), Duration::ZERO);
        assert_eq!(bank.spend(Duration::from_millis(500)), Timing::InTime);
        assert_eq!(bank.left(), Duration::ZERO);
        assert_eq!(bank.spend(Duration::from_millis(1)), Timing::Late);
    }

    proptest! {
        /// Over any run of segments the bank holds the start plus the increments earned, less
        /// what was spent in time; a late segment spends everything that was left.
        #[test]
        fn the_bank_is_a_chess_clock(
            start in 0u64..10_000,
            inc in 0u64..1_000,
            took in proptest::collection::vec(0u64..5_000, 0..40),
        ) {
            let ms = Duration::from_millis;
            let mut bank = TimeBank::new(ms(start), ms(inc));
            let mut left = start;
            for t in took {
                let late = t > left;
                prop_assert_eq!(bank.spend(ms(t)) == Timing::Late, late);
                left = if late { 0 } else { left - t } + inc;
                prop_assert_eq!(bank.left(), ms(left));
            }
        }
    }
}
