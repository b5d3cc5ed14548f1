//! Players, control and directives: who may tell a creature what to do, and whose word counts
//! in a segment (ARCHITECTURE.md, "Simultaneous turns").
//!
//! A player is a person, the AI or a script. A creature may be under several players' control
//! at once; its control hierarchy is the ordered list of them, and each segment the directive
//! of the highest one that gave a directive in time is the one that counts.

use serde::{Deserialize, Serialize};

/// A player's number in a game.
///
/// ```
/// use hexdeep_tiling::turn::{ControlHierarchy, PlayerId};
/// let hierarchy = ControlHierarchy::new(vec![PlayerId(3), PlayerId(0)]);
/// assert!(hierarchy.controls(PlayerId(3)));
/// assert!(!hierarchy.controls(PlayerId(4)));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct PlayerId(pub u16);

/// What kind of player gives the directives.
///
/// ```
/// use hexdeep_tiling::turn::{ControlHierarchy, Gathering, PlayerId, PlayerKind};
/// let players = [(PlayerId(0), PlayerKind::Ai), (PlayerId(1), PlayerKind::Person)];
/// let is_person = |p| players.iter().any(|&(q, k)| q == p && k == PlayerKind::Person);
/// let segment: Gathering<()> = Gathering::new([(7, ControlHierarchy::new(vec![PlayerId(1), PlayerId(0)]))]);
/// // A segment waits for people, never for the AI.
/// assert_eq!(segment.waiting_for(is_person), [PlayerId(1)]);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PlayerKind {
    /// A person at a keyboard.
    Person,
    /// The game's own minds.
    Ai,
    /// A program playing as a person would (a bot, a test).
    Script,
}

/// The players who control one creature, highest first.
///
/// ```
/// use hexdeep_tiling::turn::{ControlHierarchy, PlayerId};
///
/// let (hero, friend, ai) = (PlayerId(1), PlayerId(2), PlayerId(0));
/// let mut ally = ControlHierarchy::new(vec![hero, ai]);
/// ally.delegate(hero, friend);
/// assert_eq!(ally.ranks(), [hero, friend, ai]);
/// // The hero said nothing in time: the friend's word counts.
/// assert_eq!(ally.decides(|p| p != hero), Some(friend));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ControlHierarchy {
    ranks: Vec<PlayerId>,
}

impl ControlHierarchy {
    /// A hierarchy of `ranks`, highest first (a player named twice counts at its first place).
    ///
    /// ```
    /// use hexdeep_tiling::turn::{ControlHierarchy, PlayerId};
    /// let h = ControlHierarchy::new(vec![PlayerId(2), PlayerId(0), PlayerId(2)]);
    /// assert_eq!(h.ranks(), [PlayerId(2), PlayerId(0)]);
    /// ```
    pub fn new(ranks: Vec<PlayerId>) -> ControlHierarchy {
        let mut unique: Vec<PlayerId> = Vec::with_capacity(ranks.len());
        for p in ranks {
            if !unique.contains(&p) {
                unique.push(p);
            }
        }
        ControlHierarchy { ranks: unique }
    }

    /// The players, highest first.
    ///
    /// ```
    /// use hexdeep_tiling::turn::{ControlHierarchy, PlayerId};
    /// assert_eq!(ControlHierarchy::new(vec![PlayerId(1)]).ranks(), [PlayerId(1)]);
    /// ```
    pub fn ranks(&self) -> &[PlayerId] {
        &self.ranks
    }

    /// Whether `player` controls the creature at all (a directive from anyone else is
    /// refused).
    ///
    /// ```
    /// use hexdeep_tiling::turn::{ControlHierarchy, PlayerId};
    /// let h = ControlHierarchy::new(vec![PlayerId(1), PlayerId(0)]);
    /// assert!(h.controls(PlayerId(0)) && !h.controls(PlayerId(2)));
    /// ```
    pub fn controls(&self, player: PlayerId) -> bool {
        self.ranks.contains(&player)
    }

    /// The highest player for whom `gave(player)` says a directive came in time: the one whose
    /// directive counts this segment. `None` when nobody gave one.
    ///
    /// ```
    /// use hexdeep_tiling::turn::{ControlHierarchy, PlayerId};
    /// let h = ControlHierarchy::new(vec![PlayerId(1), PlayerId(2), PlayerId(0)]);
    /// assert_eq!(h.decides(|_| true), Some(PlayerId(1)));
    /// assert_eq!(h.decides(|p| p == PlayerId(0)), Some(PlayerId(0)));
    /// assert_eq!(h.decides(|_| false), None);
    /// ```
    pub fn decides(&self, gave: impl Fn(PlayerId) -> bool) -> Option<PlayerId> {
        self.ranks.iter().copied().find(|&p| gave(p))
    }

    /// Puts `to` right below `by` (who must control the creature): `by` hands the creature
    /// on while keeping the higher word. Returns whether anything changed.
    ///
    /// ```
    /// use hexdeep_tiling::turn::{ControlHierarchy, PlayerId};
    /// let mut h = ControlHierarchy::new(vec![PlayerId(1), PlayerId(0)]);
    /// assert!(h.delegate(PlayerId(1), PlayerId(5)));
    /// assert_eq!(h.ranks(), [PlayerId(1), PlayerId(5), PlayerId(0)]);
    /// // Only a controller hands on, and only to someone not already in control.
    /// assert!(!h.delegate(PlayerId(9), PlayerId(6)));
    /// assert!(!h.delegate(PlayerId(1), PlayerId(0)));
    /// ```
    pub fn delegate(&mut self, by: PlayerId, to: PlayerId) -> bool {
        let Some(at) = self.ranks.iter().position(|&p| p == by) else {
            return false;
        };
        if self.ranks.contains(&to) {
            return false;
        }
        self.ranks.insert(at + 1, to);
        true
    }

    /// Takes `player` out of the hierarchy (the last one stays: a creature is never left
    /// without a controller). Returns whether anything changed.
    ///
    /// ```
    /// use hexdeep_tiling::turn::{ControlHierarchy, PlayerId};
    /// let mut h = ControlHierarchy::new(vec![PlayerId(1), PlayerId(0)]);
    /// assert!(h.withdraw(PlayerId(1)));
    /// // The last controller stays.
    /// assert!(!h.withdraw(PlayerId(0)));
    /// assert_eq!(h.ranks(), [PlayerId(0)]);
    /// ```
    pub fn withdraw(&mut self, player: PlayerId) -> bool {
        if self.ranks.len() <= 1 {
            return false;
        }
        let before = self.ranks.len();
        self.ranks.retain(|&p| p != player);
        self.ranks.len() != before
    }
}

/// What a player tells a creature: `A` is the game's own kind of action or order.
///
/// ```
/// use hexdeep_tiling::turn::{ControlHierarchy, Directive, Gathering, PlayerId};
/// #[derive(Clone, Debug, PartialEq)]
/// enum Order { Wait, Step(i32, i32) }
/// let mut segment = Gathering::new([(4, ControlHierarchy::new(vec![PlayerId(1)]))]);
/// segment.give(Directive { player: PlayerId(1), creature: 4, action: Order::Step(1, 0) }).unwrap();
/// let counted = segment.close(|_| false);
/// assert_eq!(counted[0].1.as_ref().map(|d| d.action.clone()), Some(Order::Step(1, 0)));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Directive<A> {
    /// Who gave it.
    pub player: PlayerId,
    /// The creature it is for (the game's own number for it).
    pub creature: usize,
    /// What to do.
    pub action: A,
}

/// Why a directive was refused.
///
/// ```
/// use hexdeep_tiling::turn::{ControlHierarchy, Directive, Gathering, PlayerId, Refusal};
/// let mut segment = Gathering::new([(4, ControlHierarchy::new(vec![PlayerId(1)]))]);
/// let stranger = Directive { player: PlayerId(2), creature: 4, action: () };
/// assert_eq!(segment.give(stranger), Err(Refusal::NotInControl(PlayerId(2), 4)));
/// let idle = Directive { player: PlayerId(1), creature: 9, action: () };
/// assert_eq!(segment.give(idle), Err(Refusal::NotActing(9)));
/// assert_eq!(Refusal::NotActing(9).to_string(), "creature 9 does not act in this segment");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// The player does not control the creature.
    #[error("player {player} does not control creature {creature}", player = .0.0, creature = .1)]
    NotInControl(PlayerId, usize),
    /// The creature does not act in this segment (or is no creature of the game).
    #[error("creature {0} does not act in this segment")]
    NotActing(usize),
}

/// Of the directives given for one creature this segment, the one that counts under its
/// `hierarchy` (the highest player's; the last given by that player, if it gave several), or
/// the first refusal when a directive comes from a player not in control.
///
/// ```
/// use hexdeep_tiling::turn::{ControlHierarchy, Directive, PlayerId, counting};
/// let (hero, ai) = (PlayerId(1), PlayerId(0));
/// let h = ControlHierarchy::new(vec![hero, ai]);
/// let d = |player, action| Directive { player, creature: 1, action };
/// let given = [d(ai, "wait"), d(hero, "east"), d(hero, "west")];
/// // The hero outranks the AI, and the hero's last word counts.
/// assert_eq!(counting(&h, &given).unwrap().map(|d| d.action), Some("west"));
/// assert!(counting(&h, &[d(PlayerId(7), "east")]).is_err());
/// ```
pub fn counting<'d, A>(
    hierarchy: &ControlHierarchy,
    given: &'d [Directive<A>],
) -> Result<Option<&'d Directive<A>>, Refusal> {
    if let Some(d) = given.iter().find(|d| !hierarchy.controls(d.player)) {
        return Err(Refusal::NotInControl(d.player, d.creature));
    }
    let Some(player) = hierarchy.decides(|p| given.iter().any(|d| d.player == p)) else {
        return Ok(None);
    };
    Ok(given.iter().rev().find(|d| d.player == player))
}
