//! The pace of one connection's messages: at most a burst at once, then a steady rate. A
//! message that comes sooner waits (its connection reads nothing meanwhile), so a client
//! sending as fast as it can is slowed, never dropped: no directive is lost, and no peer
//! makes the server work faster than the limits say (ARCHITECTURE.md, "The network").

use std::time::Duration;
use tokio::time::Instant;

/// A generic cell rate: each message is due one interval after the one before; a message
/// may come early by at most the burst's worth of intervals.
#[derive(Clone, Copy, Debug)]
pub(super) struct Pace {
    /// The time between two messages at the steady rate.
    interval: Duration,
    /// How early a message may come: (burst − 1) intervals.
    slack: Duration,
    /// When the next message is due at the steady rate.
    due: Option<Instant>,
}

impl Pace {
    /// At most `per_second` messages a second, `burst` of them at once (each at least 1).
    pub(super) fn new(per_second: u32, burst: u32) -> Pace {
        let interval = Duration::from_secs(1) / per_second.max(1);
        Pace {
            interval,
            slack: interval * (burst.max(1) - 1),
            due: None,
        }
    }

    /// Takes a message that came at `now`: how long it must wait before it is served.
    pub(super) fn admit(&mut self, now: Instant) -> Duration {
        let due = self.due.map_or(now, |due| due.max(now));
        let wait = due
            .saturating_duration_since(now)
            .saturating_sub(self.slack);
        self.due = Some(due + self.interval);
        wait
    }

    /// Waits as long as a message that came now must.
    pub(super) async fn wait(&mut self) {
        let wait = self.admit(Instant::now());
        if !wait.is_zero() {
            tokio::time::sleep(wait).await;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_burst_passes_at_once_and_the_rest_come_at_the_rate() {
        let start = Instant::now();
        let mut pace = Pace::new(10, 3);
        let waits: Vec<Duration> = (0..6).map(|_| pace.admit(start)).collect();
        let ms = |n| Duration::from_millis(n);
        assert_eq!(waits, [ms(0), ms(0), ms(0), ms(100), ms(200), ms(300)]);
    }

    #[test]
    fn a_quiet_connection_earns_its_burst_back_but_no_more() {
        let start = Instant::now();
        let mut pace = Pace::new(10, 2);
        for _ in 0..4 {
            pace.admit(start);
        }
        // Ten seconds of silence: a burst of two again, then the rate.
        let later = start + Duration::from_secs(10);
        let waits: Vec<Duration> = (0..3).map(|_| pace.admit(later)).collect();
        assert_eq!(
            waits,
            [Duration::ZERO, Duration::ZERO, Duration::from_millis(100)]
        );
    }

    #[test]
    fn messages_at_the_rate_never_wait() {
        let start = Instant::now();
        let mut pace = Pace::new(4, 1);
        for n in 0..20 {
            let now = start + Duration::from_millis(250) * n;
            assert_eq!(pace.admit(now), Duration::ZERO, "message {n}");
        }
    }

    #[test]
    fn zero_limits_are_taken_as_one() {
        let start = Instant::now();
        let mut pace = Pace::new(0, 0);
        assert_eq!(pace.admit(start), Duration::ZERO);
        assert_eq!(pace.admit(start), Duration::from_secs(1));
    }
}
