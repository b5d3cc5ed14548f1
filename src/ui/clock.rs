//! Where the shell reads the time: a small trait, the machine's monotonic clock in play and a
//! clock a test advances by hand, so no test sleeps or holds a wall-clock limit. The rules
//! never read it (ARCHITECTURE.md, "Shape of the code": the core has no clock).

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// A source of time: how long since some fixed moment of its own.
pub trait Clock: std::fmt::Debug {
    /// The time since the clock's own start; never goes back.
    fn now(&self) -> Duration;
}

/// The machine's monotonic clock ([`Instant`]), counted from when it was made.
#[derive(Debug, Clone, Copy)]
pub struct SystemClock {
    start: Instant,
}

impl SystemClock {
    /// A clock counting from now.
    pub fn new() -> SystemClock {
        SystemClock {
            start: Instant::now(),
        }
    }
}

impl Default for SystemClock {
    fn default() -> SystemClock {
        SystemClock::new()
    }
}

impl Clock for SystemClock {
    fn now(&self) -> Duration {
        self.start.elapsed()
    }
}

/// A clock that stands still until it is advanced: tests hold one copy and give the shell
/// another (copies share one time).
///
/// ```
/// use hexdeep::ui::clock::{Clock, FakeClock};
/// use std::time::Duration;
/// let clock = FakeClock::default();
/// let shell = clock.clone();
/// clock.advance(Duration::from_millis(1500));
/// assert_eq!(shell.now(), Duration::from_millis(1500));
/// ```
#[derive(Debug, Clone, Default)]
pub struct FakeClock {
    nanos: Arc<AtomicU64>,
}

impl FakeClock {
    /// Moves the time on by `by` for every copy of this clock.
    pub fn advance(&self, by: Duration) {
        let by = u64::try_from(by.as_nanos()).unwrap_or(u64::MAX);
        let now = self.nanos.load(Ordering::Relaxed).saturating_add(by);
        self.nanos.store(now, Ordering::Relaxed);
    }
}

impl Clock for FakeClock {
    fn now(&self) -> Duration {
        Duration::from_nanos(self.nanos.load(Ordering::Relaxed))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_system_clock_never_goes_back() {
        let clock = SystemClock::new();
        let a = clock.now();
        assert!(clock.now() >= a);
    }
}
