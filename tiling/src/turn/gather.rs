//! One segment's directives, gathered from every player before the segment resolves: steps
//! (1) and (2) of turn resolution (ARCHITECTURE.md, "Simultaneous turns"): each directive is
//! checked against its player's control, and when the segment closes each acting creature's
//! hierarchy says whose directive counts.

use super::{ControlHierarchy, Directive, PlayerId, Refusal};

/// The directives given for one segment's acting creatures.
///
/// A segment waits until every acting creature that a person controls has a directive from
/// one of the people who control it ([`Gathering::waiting_for`]), or until the game's
/// deadline passes; then [`Gathering::close`] gives, for each creature, the directive of the
/// highest controller who was in time. A creature left without one is the AI's to direct
/// (the AI is last in every hierarchy).
///
/// ```
/// use hexdeep_tiling::turn::{ControlHierarchy, Directive, Gathering, PlayerId};
///
/// let (ai, ann, bob) = (PlayerId(0), PlayerId(1), PlayerId(2));
/// let person = |p: PlayerId| p != ai;
/// // Ann's hero is creature 1, Bob's is 2.
/// let mut segment = Gathering::new([
///     (1, ControlHierarchy::new(vec![ann, ai])),
///     (2, ControlHierarchy::new(vec![bob, ai])),
/// ]);
/// segment.give(Directive { player: ann, creature: 1, action: "east" }).unwrap();
/// assert_eq!(segment.waiting_for(person), [bob]);
/// // Bob may not direct Ann's hero.
/// assert!(segment.give(Directive { player: bob, creature: 1, action: "west" }).is_err());
/// // Bob's time runs out: his hero is the AI's this segment.
/// let counted = segment.close(|p| p == bob);
/// assert_eq!(counted[0].1.as_ref().map(|d| d.action), Some("east"));
/// assert!(counted[1].1.is_none());
/// ```
#[derive(Clone, Debug)]
pub struct Gathering<A> {
    /// The acting creatures and their hierarchies, by creature number.
    acting: Vec<(usize, ControlHierarchy)>,
    /// Every directive accepted, in the order given.
    given: Vec<Directive<A>>,
}

impl<A> Gathering<A> {
    /// A segment in which `acting` creatures act, each under its hierarchy (a creature named
    /// twice keeps its first hierarchy).
    ///
    /// ```
    /// use hexdeep_tiling::turn::{ControlHierarchy, Gathering, PlayerId};
    /// let segment: Gathering<()> = Gathering::new([
    ///     (1, ControlHierarchy::new(vec![PlayerId(1)])),
    ///     (1, ControlHierarchy::new(vec![PlayerId(2)])),
    /// ]);
    /// assert_eq!(segment.hierarchy(1).unwrap().ranks(), [PlayerId(1)]);
    /// ```
    pub fn new(acting: impl IntoIterator<Item = (usize, ControlHierarchy)>) -> Gathering<A> {
        let mut list: Vec<(usize, ControlHierarchy)> = Vec::new();
        for (creature, hierarchy) in acting {
            if !list.iter().any(|(c, _)| *c == creature) {
                list.push((creature, hierarchy));
            }
        }
        list.sort_by_key(|(c, _)| *c);
        Gathering {
            acting: list,
            given: Vec::new(),
        }
    }

    /// Accepts a directive, or refuses it: its creature does not act this segment, or its
    /// player does not control that creature. A player may give again; its last word counts.
    ///
    /// ```
    /// use hexdeep_tiling::turn::{ControlHierarchy, Directive, Gathering, PlayerId};
    /// let mut segment = Gathering::new([(1, ControlHierarchy::new(vec![PlayerId(1)]))]);
    /// segment.give(Directive { player: PlayerId(1), creature: 1, action: 'a' }).unwrap();
    /// segment.give(Directive { player: PlayerId(1), creature: 1, action: 'b' }).unwrap();
    /// assert_eq!(segment.close(|_| false)[0].1.as_ref().map(|d| d.action), Some('b'));
    /// ```
    pub fn give(&mut self, directive: Directive<A>) -> Result<(), Refusal> {
        let hierarchy = self
            .hierarchy(directive.creature)
            .ok_or(Refusal::NotActing(directive.creature))?;
        if !hierarchy.controls(directive.player) {
            return Err(Refusal::NotInControl(directive.player, directive.creature));
        }
        self.given.push(directive);
        Ok(())
    }

    /// The hierarchy of an acting creature.
    ///
    /// ```
    /// use hexdeep_tiling::turn::{ControlHierarchy, Gathering, PlayerId};
    /// let segment: Gathering<()> = Gathering::new([(3, ControlHierarchy::new(vec![PlayerId(1)]))]);
    /// assert!(segment.hierarchy(3).is_some());
    /// assert!(segment.hierarchy(4).is_none());
    /// ```
    pub fn hierarchy(&self, creature: usize) -> Option<&ControlHierarchy> {
        self.acting
            .binary_search_by_key(&creature, |(c, _)| *c)
            .ok()
            .map(|at| &self.acting[at].1)
    }

    /// The people (`is_person`) the segment still waits for, in order of their numbers: those
    /// who control an acting creature for which none of the people who control it has given
    /// a directive yet.
    ///
    /// ```
    /// use hexdeep_tiling::turn::{ControlHierarchy, Directive, Gathering, PlayerId};
    /// let (ann, bob) = (PlayerId(1), PlayerId(2));
    /// // Ann delegated her ally 3 to Bob: a word from either answers for it.
    /// let mut segment = Gathering::new([(3, ControlHierarchy::new(vec![ann, bob]))]);
    /// assert_eq!(segment.waiting_for(|_| true), [ann, bob]);
    /// segment.give(Directive { player: bob, creature: 3, action: () }).unwrap();
    /// assert!(segment.waiting_for(|_| true).is_empty());
    /// ```
    pub fn waiting_for(&self, is_person: impl Fn(PlayerId) -> bool) -> Vec<PlayerId> {
        let mut waiting: Vec<PlayerId> = self
            .acting
            .iter()
            .filter(|(creature, hierarchy)| {
                !hierarchy
                    .ranks()
                    .iter()
                    .any(|&p| is_person(p) && self.gave(p, *creature))
            })
            .flat_map(|(_, hierarchy)| hierarchy.ranks().iter().copied())
            .filter(|&p| is_person(p))
            .collect();
        waiting.sort_unstable();
        waiting.dedup();
        waiting
    }

    /// Whether every person has answered for every acting creature they control.
    ///
    /// ```
    /// use hexdeep_tiling::turn::{ControlHierarchy, Directive, Gathering, PlayerId};
    /// let mut segment = Gathering::new([(1, ControlHierarchy::new(vec![PlayerId(1), PlayerId(0)]))]);
    /// let person = |p: PlayerId| p != PlayerId(0);
    /// assert!(!segment.is_complete(person));
    /// segment.give(Directive { player: PlayerId(1), creature: 1, action: () }).unwrap();
    /// assert!(segment.is_complete(person));
    /// ```
    pub fn is_complete(&self, is_person: impl Fn(PlayerId) -> bool) -> bool {
        self.waiting_for(is_person).is_empty()
    }

    /// Closes the segment: for each acting creature (by number), the directive that counts,
    /// the last one given by its highest controller who was not `late`; `None` when no
    /// controller in time gave one (the AI directs it).
    ///
    /// ```
    /// use hexdeep_tiling::turn::{ControlHierarchy, Directive, Gathering, PlayerId};
    /// let (ann, bob) = (PlayerId(1), PlayerId(2));
    /// let mut segment = Gathering::new([(3, ControlHierarchy::new(vec![ann, bob]))]);
    /// segment.give(Directive { player: ann, creature: 3, action: "hold" }).unwrap();
    /// segment.give(Directive { player: bob, creature: 3, action: "charge" }).unwrap();
    /// // Ann outranks Bob, but she was late: Bob's word counts.
    /// let counted = segment.close(|p| p == ann);
    /// assert_eq!(counted[0].1.as_ref().map(|d| d.action), Some("charge"));
    /// ```
    pub fn close(self, late: impl Fn(PlayerId) -> bool) -> Vec<(usize, Option<Directive<A>>)> {
        let Gathering { acting, mut given } = self;
        acting
            .into_iter()
            .map(|(creature, hierarchy)| {
                let in_time = |p: PlayerId| {
                    !late(p)
                        && given
                            .iter()
                            .any(|d| d.player == p && d.creature == creature)
                };
                let chosen = hierarchy.decides(in_time).and_then(|player| {
                    let at = given
                        .iter()
                        .rposition(|d| d.player == player && d.creature == creature)?;
                    Some(given.remove(at))
                });
                (creature, chosen)
            })
            .collect()
    }

    /// Whether `player` has given a directive for `creature`.
    fn gave(&self, player: PlayerId, creature: usize) -> bool {
        self.given
            .iter()
            .any(|d| d.player == player && d.creature == creature)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const AI: PlayerId = PlayerId(0);
    const ANN: PlayerId = PlayerId(1);
    const BOB: PlayerId = PlayerId(2);

    fn person(p: PlayerId) -> bool {
        p != AI
    }

    fn order(player: PlayerId, creature: usize, action: &'static str) -> Directive<&'static str> {
        Directive {
            player,
            creature,
            action,
        }
    }

    /// What counts for each creature, as (creature, player, action).
    fn counted(
        segment: Gathering<&'static str>,
        late: impl Fn(PlayerId) -> bool,
    ) -> Vec<(usize, Option<(PlayerId, &'static str)>)> {
        segment
            .close(late)
            .into_iter()
            .map(|(c, d)| (c, d.map(|d| (d.player, d.action))))
            .collect()
    }

    /// Ann's hero 1, Bob's hero 2, and Ann's ally 3 that she delegated to Bob.
    fn party() -> Gathering<&'static str> {
        let mut ally = ControlHierarchy::new(vec![ANN, AI]);
        ally.delegate(ANN, BOB);
        Gathering::new([
            (1, ControlHierarchy::new(vec![ANN, AI])),
            (2, ControlHierarchy::new(vec![BOB, AI])),
            (3, ally),
        ])
    }

    #[test]
    fn a_directive_for_a_creature_not_controlled_or_not_acting_is_refused() {
        let mut segment = party();
        assert_eq!(
            segment.give(order(BOB, 1, "strike")),
            Err(Refusal::NotInControl(BOB, 1))
        );
        assert_eq!(
            segment.give(order(ANN, 9, "wait")),
            Err(Refusal::NotActing(9))
        );
        assert_eq!(counted(segment, |_| false)[0], (1, None));
    }

    #[test]
    fn the_segment_waits_for_every_person_with_a_creature_unanswered() {
        let mut segment = party();
        assert_eq!(segment.waiting_for(person), [ANN, BOB]);
        segment.give(order(ANN, 1, "east")).unwrap();
        // Bob's hero and the ally (which either of them may answer for) are unanswered.
        assert_eq!(segment.waiting_for(person), [ANN, BOB]);
        segment.give(order(BOB, 3, "follow")).unwrap();
        assert_eq!(segment.waiting_for(person), [BOB]);
        segment.give(order(BOB, 2, "west")).unwrap();
        assert!(segment.is_complete(person));
    }

    #[test]
    fn the_highest_controller_in_time_counts_and_its_last_word() {
        let mut segment = party();
        segment.give(order(BOB, 3, "follow me")).unwrap();
        segment.give(order(ANN, 3, "guard")).unwrap();
        segment.give(order(ANN, 3, "hold")).unwrap();
        segment.give(order(ANN, 1, "east")).unwrap();
        let all_in_time = counted(segment.clone(), |_| false);
        assert_eq!(all_in_time[2], (3, Some((ANN, "hold"))));
        // Ann ran out of time: Bob's word counts for the ally, and Ann's hero is the AI's.
        let ann_late = counted(segment, |p| p == ANN);
        assert_eq!(
            ann_late,
            [(1, None), (2, None), (3, Some((BOB, "follow me")))]
        );
    }

    #[test]
    fn a_person_late_one_segment_takes_over_again_by_answering_in_time() {
        let mut first = party();
        first.give(order(BOB, 2, "west")).unwrap();
        assert_eq!(counted(first, |p| p == BOB)[1], (2, None));
        let mut second = party();
        second.give(order(BOB, 2, "west")).unwrap();
        assert_eq!(counted(second, |_| false)[1], (2, Some((BOB, "west"))));
    }
}
