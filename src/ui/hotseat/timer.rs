//! A hotseat game's chess clock (ARCHITECTURE.md, "Simultaneous turns", deadlines): `--clock
//! START+INC`, and each person's time bank, spent while the segment waits on them and earning
//! the increment every segment. The banks are the tiling crate's [`TimeBank`]s; the time is
//! read from a [`Clock`] the shell is given, never in the rules.

use crate::ui::clock::Clock;
use hexdeep_tiling::turn::TimeBank;
use std::sync::Arc;
use std::time::Duration;

/// The longest starting credit `--clock` takes, in seconds: a day.
pub const MAX_START_SECS: u64 = 86_400;

/// The largest increment `--clock` takes, in seconds: an hour a segment.
pub const MAX_INCREMENT_SECS: u64 = 3_600;

/// The clock of a hotseat game: none, or each person's starting credit and increment per
/// segment.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ClockSetting {
    /// No deadlines: the game waits for everyone as long as they take.
    Off,
    /// A chess clock.
    Chess {
        /// Each person's time at the start.
        start: Duration,
        /// What each person's bank earns every segment.
        increment: Duration,
    },
}

impl ClockSetting {
    /// The clock of a game of several people when `--clock` is not given: 300+15.
    pub const DEFAULT: ClockSetting = ClockSetting::Chess {
        start: Duration::from_secs(300),
        increment: Duration::from_secs(15),
    };

    /// Reads `--clock`: `off`, or `START+INC` in whole seconds (`300+15`), the start from 1
    /// to [`MAX_START_SECS`] and the increment from 0 to [`MAX_INCREMENT_SECS`].
    ///
    /// ```
    /// use hexdeep::ui::hotseat::timer::ClockSetting;
    /// use std::time::Duration;
    /// let s = Duration::from_secs;
    /// assert_eq!(ClockSetting::parse("120+10"), Ok(ClockSetting::Chess { start: s(120), increment: s(10) }));
    /// assert_eq!(ClockSetting::parse("off"), Ok(ClockSetting::Off));
    /// assert!(ClockSetting::parse("120").is_err());
    /// ```
    pub fn parse(text: &str) -> Result<ClockSetting, String> {
        let text = text.trim();
        if text.eq_ignore_ascii_case("off") {
            return Ok(ClockSetting::Off);
        }
        let shape = "give START+INC in whole seconds (a starting credit and what every segment \
                     adds, e.g. 300+15), or off";
        let Some((start, increment)) = text.split_once('+') else {
            return Err(shape.to_string());
        };
        let number = |what: &str, digits: &str, range: std::ops::RangeInclusive<u64>| {
            let digits = digits.trim();
            let ok = !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit());
            match digits.parse::<u64>() {
                Ok(n) if ok && range.contains(&n) => Ok(Duration::from_secs(n)),
                _ if ok => Err(format!(
                    "the {what} must be {} to {} seconds",
                    range.start(),
                    range.end()
                )),
                _ => Err(shape.to_string()),
            }
        };
        Ok(ClockSetting::Chess {
            start: number("starting credit", start, 1..=MAX_START_SECS)?,
            increment: number("increment", increment, 0..=MAX_INCREMENT_SECS)?,
        })
    }
}

impl ClockSetting {
    /// The clock a game of `people` plays with when `--clock` gave `given`: the default for
    /// several people when not given; none for the game of one, with a note saying so when
    /// one was asked for.
    ///
    /// ```
    /// use hexdeep::ui::hotseat::timer::ClockSetting;
    /// assert_eq!(ClockSetting::for_people(2, None), (ClockSetting::DEFAULT, None));
    /// assert_eq!(ClockSetting::for_people(1, None), (ClockSetting::Off, None));
    /// ```
    pub fn for_people(
        people: usize,
        given: Option<ClockSetting>,
    ) -> (ClockSetting, Option<String>) {
        match (people, given) {
            (0 | 1, Some(setting @ ClockSetting::Chess { .. })) => (
                ClockSetting::Off,
                Some(format!(
                    "A game of one has no clock: --clock {setting} is ignored."
                )),
            ),
            (0 | 1, _) => (ClockSetting::Off, None),
            (_, given) => (given.unwrap_or(ClockSetting::DEFAULT), None),
        }
    }
}

impl std::fmt::Display for ClockSetting {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ClockSetting::Off => write!(f, "off"),
            ClockSetting::Chess { start, increment } => {
                write!(f, "{}+{}", start.as_secs(), increment.as_secs())
            }
        }
    }
}

/// A time as a chess clock shows it, `m:ss`, rounded up to the second (so `0:00` is only
/// shown once the time is out).
///
/// ```
/// use hexdeep::ui::hotseat::timer::minutes;
/// use std::time::Duration;
/// assert_eq!(minutes(Duration::from_secs(315)), "5:15");
/// assert_eq!(minutes(Duration::from_millis(400)), "0:01");
/// assert_eq!(minutes(Duration::ZERO), "0:00");
/// ```
pub fn minutes(time: Duration) -> String {
    let secs = time.as_secs() + u64::from(time.subsec_nanos() > 0);
    format!("{}:{:02}", secs / 60, secs % 60)
}

/// Every person's time bank in a game with a clock, and whose time is running.
#[derive(Clone, Debug)]
pub struct Timer {
    clock: Arc<dyn Clock>,
    /// Each person's bank, as it stood when the coming segment opened.
    banks: Vec<TimeBank>,
    /// What each person has taken of the coming segment so far.
    took: Vec<Duration>,
    /// The people whose time ran out in the coming segment.
    late: Vec<bool>,
    /// The person whose time runs, and since when (by the clock).
    since: Option<(usize, Duration)>,
}

impl Timer {
    /// The banks of `people` people, each of `start` earning `increment` a segment, timed by
    /// `clock`; nobody's time runs yet.
    pub fn new(
        start: Duration,
        increment: Duration,
        people: usize,
        clock: Arc<dyn Clock>,
    ) -> Timer {
        Timer {
            clock,
            banks: vec![TimeBank::new(start, increment); people],
            took: vec![Duration::ZERO; people],
            late: vec![false; people],
            since: None,
        }
    }

    /// Charges the time since the last call to the person whose time ran, and runs
    /// `running`'s time from now (nobody's when `None`).
    pub fn charge(&mut self, running: Option<usize>) {
        let now = self.clock.now();
        if let Some((p, since)) = self.since
            && let Some(took) = self.took.get_mut(p)
        {
            *took = took.saturating_add(now.saturating_sub(since));
        }
        self.since = running.filter(|&p| p < self.banks.len()).map(|p| (p, now));
    }

    /// The person whose time runs, if anyone's.
    pub fn running(&self) -> Option<usize> {
        self.since.map(|(p, _)| p)
    }

    /// What person `p` has left of the coming segment, counting the time running now.
    pub fn left(&self, p: usize) -> Duration {
        let running = match self.since {
            Some((q, since)) if q == p => self.clock.now().saturating_sub(since),
            _ => Duration::ZERO,
        };
        let took = self.took.get(p).copied().unwrap_or_default();
        let bank = self.banks.get(p).map_or(Duration::ZERO, TimeBank::left);
        bank.saturating_sub(took.saturating_add(running))
    }

    /// The person whose running time has run out, if any: their deadline passed.
    pub fn ran_out(&self) -> Option<usize> {
        self.running().filter(|&p| self.left(p).is_zero())
    }

    /// Whether person `p`'s time ran out in the coming segment.
    pub fn is_late(&self, p: usize) -> bool {
        self.late.get(p).copied().unwrap_or(false)
    }

    /// Marks person `p` as late in the coming segment and stops their time.
    pub fn set_late(&mut self, p: usize) {
        if let Some(late) = self.late.get_mut(p) {
            *late = true;
        }
        if self.running() == Some(p) {
            self.charge(None);
        }
    }

    /// The segment resolved: each bank is charged what its person took and earns the
    /// increment; the next segment starts with nobody late.
    pub fn segment_resolved(&mut self) {
        self.charge(None);
        for (bank, took) in self.banks.iter_mut().zip(&mut self.took) {
            bank.spend(std::mem::take(took));
        }
        self.late.fill(false);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::clock::FakeClock;
    use proptest::prelude::*;

    fn s(n: u64) -> Duration {
        Duration::from_secs(n)
    }

    #[test]
    fn bad_clocks_are_refused_saying_why() {
        for text in [
            "", "300", "+15", "300+", "a+b", "-1+2", "3.5+1", "300+15+1", "1e3+1",
        ] {
            let why = ClockSetting::parse(text).unwrap_err();
            assert!(why.contains("START+INC"), "{text}: {why}");
        }
        let why = ClockSetting::parse("0+10").unwrap_err();
        assert!(why.contains("starting credit must be 1 to 86400"), "{why}");
        let why = ClockSetting::parse("10+3601").unwrap_err();
        assert!(why.contains("increment must be 0 to 3600"), "{why}");
        let why = ClockSetting::parse("99999999999999999999999+1").unwrap_err();
        assert!(why.contains("starting credit must be"), "{why}");
        assert_eq!(ClockSetting::parse(" OFF "), Ok(ClockSetting::Off));
    }

    proptest! {
        /// Any `a+b` of in-range whole seconds parses to those seconds and prints back as it
        /// was written.
        #[test]
        fn any_clock_in_range_parses_back(a in 1..=MAX_START_SECS, b in 0..=MAX_INCREMENT_SECS) {
            let text = format!("{a}+{b}");
            let setting = ClockSetting::parse(&text).unwrap();
            prop_assert_eq!(setting, ClockSetting::Chess { start: s(a), increment: s(b) });
            prop_assert_eq!(setting.to_string(), text);
        }
    }

    #[test]
    fn a_game_of_one_has_no_clock_and_says_so_when_one_is_asked_for() {
        let chess = ClockSetting::parse("60+5").unwrap();
        let (setting, note) = ClockSetting::for_people(1, Some(chess));
        assert_eq!(setting, ClockSetting::Off);
        assert_eq!(
            note.as_deref(),
            Some("A game of one has no clock: --clock 60+5 is ignored.")
        );
        assert_eq!(ClockSetting::for_people(1, Some(ClockSetting::Off)).1, None);
        assert_eq!(ClockSetting::for_people(3, Some(chess)), (chess, None));
        assert_eq!(
            ClockSetting::for_people(2, Some(ClockSetting::Off)),
            (ClockSetting::Off, None)
        );
    }

    #[test]
    fn the_running_person_spends_and_every_bank_earns_each_segment() {
        let clock = FakeClock::default();
        let mut timer = Timer::new(s(10), s(2), 2, Arc::new(clock.clone()));
        timer.charge(Some(0));
        clock.advance(s(4));
        assert_eq!((timer.left(0), timer.left(1)), (s(6), s(10)));
        timer.charge(Some(1));
        clock.advance(s(1));
        timer.segment_resolved();
        assert_eq!((timer.left(0), timer.left(1)), (s(8), s(11)));
        assert_eq!(timer.running(), None);
    }

    #[test]
    fn a_deadline_passes_when_the_time_left_is_spent() {
        let clock = FakeClock::default();
        let mut timer = Timer::new(s(5), s(1), 2, Arc::new(clock.clone()));
        timer.charge(Some(1));
        clock.advance(Duration::from_millis(4999));
        assert_eq!(timer.ran_out(), None);
        clock.advance(Duration::from_millis(1));
        assert_eq!(timer.ran_out(), Some(1));
        timer.set_late(1);
        assert!(timer.is_late(1) && timer.running().is_none());
        timer.segment_resolved();
        assert!(!timer.is_late(1));
        assert_eq!(timer.left(1), s(1), "emptied, then the increment");
    }
}
