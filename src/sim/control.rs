//! Players and their control of the heroes (ARCHITECTURE.md, "Simultaneous turns"): who
//! may direct which hero, whose directive counts in a segment, and what happens to a hero
//! whose people were late. The terms and the gathering are the tiling crate's
//! ([`hexdeep_tiling::turn`]); this is the game's use of them over [`World::apply_all`].

use super::ally::Tell;
use super::orders::{End, Headway, Order, clearing, walks};
use super::{Command, CreatureId, Event, Given, Rejection, World};
use hexdeep_tiling::turn::{ControlHierarchy, Directive, Gathering};

pub use hexdeep_tiling::turn::{PlayerId, PlayerKind, Refusal};

/// One player of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    /// The player's number.
    pub id: PlayerId,
    /// The name the game shows.
    pub name: String,
    /// A person, the AI or a script.
    pub kind: PlayerKind,
}

/// Why a directive was not taken.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DirectiveError {
    /// The player does not control the hero, or the hero does not act in this segment.
    #[error("{0}")]
    Control(#[from] Refusal),
    /// The rules refuse the command itself.
    #[error("{0}")]
    Rules(#[from] Rejection),
}

/// A resolved segment: the directives that counted (what the record keeps) and what happened
/// until a hero acts again.
#[derive(Clone, Debug, PartialEq)]
pub struct Resolved {
    /// Each acting hero's counted directive, in the heroes' order; a hero left without one
    /// waited.
    pub given: Vec<Given>,
    /// The segment's events and those of the segments up to the next one a hero acts in.
    pub events: Vec<Event>,
}

/// The players of a game and, for each hero, its control hierarchy; and the directives given
/// for the coming segment, gathered until it resolves.
#[derive(Clone, Debug)]
pub struct Control {
    players: Vec<Player>,
    /// Per hero (by id, sorted): its hierarchy, the AI last.
    hierarchies: Vec<(CreatureId, ControlHierarchy)>,
    /// The coming segment's directives, with the turn and segment they are for: opened at
    /// the first directive or question, closed when the segment resolves.
    gathering: Option<((u64, u32), Gathering<Command>)>,
    /// The standing orders under way.
    orders: Vec<Standing>,
    /// The standing orders that ended since [`Control::ended`] was last asked, with why.
    ended: Vec<(CreatureId, Order, End)>,
    /// The directives for allies given for the coming segment (turn, segment): the ally,
    /// the player, what it is told. They do not hold the segment up.
    leads: Vec<((u64, u32), CreatureId, PlayerId, Tell)>,
    /// The heroes whose standing orders walk them off their tiles in the coming segment:
    /// another hero's order steps after them.
    walking: Vec<CreatureId>,
    /// The commands the standing orders gave in the coming segment's gathering, by hero.
    steps: Vec<(CreatureId, Command)>,
}

/// A standing order under way: the hero, the player who gave it, the order, and how it gets
/// on.
#[derive(Copy, Clone, Debug)]
struct Standing {
    hero: CreatureId,
    giver: PlayerId,
    order: Order,
    headway: Headway,
}

impl Control {
    /// The AI's player number: last in every hierarchy, so every hero acts every segment.
    pub const AI: PlayerId = PlayerId(0);

    /// One person for each hero of `world`, named by `names` in the heroes' order (person
    /// `n` plays hero `n`, then the AI).
    pub fn of_party(world: &World, names: &[String]) -> Control {
        let mut players = vec![Player {
            id: Control::AI,
            name: "the AI".to_string(),
            kind: PlayerKind::Ai,
        }];
        let mut hierarchies = Vec::new();
        for (n, &hero) in world.heroes().iter().enumerate() {
            let id = PlayerId(u16::try_from(n + 1).unwrap_or(u16::MAX));
            let name = names
                .get(n)
                .cloned()
                .unwrap_or_else(|| format!("player {}", n + 1));
            players.push(Player {
                id,
                name,
                kind: PlayerKind::Person,
            });
            hierarchies.push((hero, ControlHierarchy::new(vec![id, Control::AI])));
        }
        hierarchies.sort_by_key(|(h, _)| *h);
        Control {
            players,
            hierarchies,
            gathering: None,
            orders: Vec::new(),
            ended: Vec::new(),
            leads: Vec::new(),
            walking: Vec::new(),
            steps: Vec::new(),
        }
    }

    /// The same control with every person played by a `kind` player instead (a bot plays
    /// each hero as [`PlayerKind::Script`]).
    pub fn played_by(mut self, kind: PlayerKind) -> Control {
        for player in &mut self.players {
            if player.kind == PlayerKind::Person {
                player.kind = kind;
            }
        }
        self
    }

    /// Every player, the AI first.
    pub fn players(&self) -> &[Player] {
        &self.players
    }

    /// Hero `hero`'s control hierarchy.
    pub fn hierarchy(&self, hero: CreatureId) -> Option<&ControlHierarchy> {
        let at = self.hierarchies.binary_search_by_key(&hero, |(h, _)| *h);
        at.ok().map(|at| &self.hierarchies[at].1)
    }

    /// The hierarchy that directs creature `id`: a hero's own, or for an ally one of its
    /// own once delegated, else its hero's.
    pub fn hierarchy_of(&self, world: &World, id: CreatureId) -> Option<&ControlHierarchy> {
        self.hierarchy(id)
            .or_else(|| world.ally(id).and_then(|a| self.hierarchy(a.leader)))
    }

    /// The living allies on the viewer's level that player `player` may direct: through
    /// their heroes, or because their hero's player delegated them. By id.
    pub fn allies_directed_by(&self, world: &World, player: PlayerId) -> Vec<CreatureId> {
        world
            .allies()
            .iter()
            .map(|a| a.id)
            .filter(|&id| {
                let c = &world.creatures()[id];
                c.alive && c.depth == world.depth()
            })
            .filter(|&id| {
                self.hierarchy_of(world, id)
                    .is_some_and(|h| h.controls(player))
            })
            .collect()
    }

    /// Player `by`, who controls ally `ally` (through its hero), lets player `to` direct it
    /// too, just below `by`. `false` as [`Control::delegate`] says.
    pub fn delegate_ally(
        &mut self,
        world: &World,
        ally: CreatureId,
        by: PlayerId,
        to: PlayerId,
    ) -> bool {
        if world.ally(ally).is_none() || world.is_hero(ally) {
            return false;
        }
        if self.hierarchy(ally).is_none() {
            let Some(inherited) = self.hierarchy_of(world, ally).cloned() else {
                return false;
            };
            let at = self.hierarchies.partition_point(|(h, _)| *h < ally);
            self.hierarchies.insert(at, (ally, inherited));
        }
        self.delegate(ally, by, to)
    }

    /// Player `by`, who controls hero `hero`, lets player `to` direct it too, just below
    /// `by`: from the next segment on. `false` when `by` does not control it or `to`
    /// already does.
    pub fn delegate(&mut self, hero: CreatureId, by: PlayerId, to: PlayerId) -> bool {
        let Ok(at) = self.hierarchies.binary_search_by_key(&hero, |(h, _)| *h) else {
            return false;
        };
        let known = self.players.iter().any(|p| p.id == to);
        known && self.hierarchies[at].1.delegate(by, to)
    }

    /// The coming segment's gathering, opened for the heroes acting in it (a gathering for
    /// a segment the world has left is dropped). As it opens, each acting hero's standing
    /// order gives its giver's directive for the segment, or ends.
    fn gathering(&mut self, world: &World) -> &mut Gathering<Command> {
        let now = (world.turn(), world.segment());
        let gathering = self.take_gathering(world);
        &mut self.gathering.insert((now, gathering)).1
    }

    /// The coming segment's gathering, taken out: the one open for it, or a new one.
    fn take_gathering(&mut self, world: &World) -> Gathering<Command> {
        let now = (world.turn(), world.segment());
        match self.gathering.take() {
            Some((at, gathering)) if at == now => gathering,
            _ => self.open(world),
        }
    }

    /// A gathering for the coming segment, with the standing orders carried on in it.
    fn open(&mut self, world: &World) -> Gathering<Command> {
        let acting = world.acting_heroes();
        let hierarchies = &self.hierarchies;
        let mut gathering = Gathering::new(acting.iter().filter_map(|&hero| {
            let at = hierarchies.binary_search_by_key(&hero, |(h, _)| *h).ok()?;
            Some((hero, hierarchies[at].1.clone()))
        }));
        let orders = std::mem::take(&mut self.orders);
        self.walking = orders
            .iter()
            .filter(|o| walks(o.order))
            .map(|o| o.hero)
            .collect();
        // A hero steps after a walking one only when that one's own step leaves its tile.
        self.steps = orders
            .iter()
            .filter(|o| walks(o.order) && acting.contains(&o.hero))
            .filter(|o| !o.headway.spent(world.creatures()[o.hero].pos))
            .filter_map(|o| {
                Some((
                    o.hero,
                    o.order.next_among(world, o.hero, &self.walking).ok()?,
                ))
            })
            .collect();
        self.walking = clearing(world, &self.steps);
        self.steps.clear();
        for mut standing in orders {
            if !acting.contains(&standing.hero) || self.carry(&mut gathering, world, &mut standing)
            {
                self.orders.push(standing);
            }
        }
        gathering
    }

    /// Carries a standing order on in `gathering`: its command for the coming segment as its
    /// giver's directive; `false` when it ends (told in [`Control::ended`]). An order that
    /// walks ends as blocked when its hero has stood on one tile too long.
    fn carry(
        &mut self,
        gathering: &mut Gathering<Command>,
        world: &World,
        standing: &mut Standing,
    ) -> bool {
        let Standing {
            hero, giver, order, ..
        } = *standing;
        let pos = world.creatures().get(hero).map(|c| c.pos);
        let next = match pos {
            Some(at) if walks(order) && !standing.headway.note(at) => Err(End::Blocked),
            _ => order.next_among(world, hero, &self.walking),
        };
        match next {
            Ok(command) => {
                self.steps.push((hero, command));
                let directive = Directive {
                    player: giver,
                    creature: hero,
                    action: command,
                };
                // The giver controlled the hero when the order was given; a hierarchy changed
                // since refuses it, and the order ends with the hero's people.
                gathering.give(directive).is_ok()
            }
            Err(end) => {
                self.ended.push((hero, order, end));
                false
            }
        }
    }

    /// Player `player` gives hero `hero` a standing order, in place of any it had: from the
    /// coming segment on, it directs the hero for the player until it is done or
    /// interrupted ([`Control::ended`]).
    pub fn order(
        &mut self,
        world: &World,
        player: PlayerId,
        hero: CreatureId,
        order: Order,
    ) -> Result<(), DirectiveError> {
        let controls = self.hierarchy(hero).is_some_and(|h| h.controls(player));
        if !controls {
            return Err(Refusal::NotInControl(player, hero).into());
        }
        self.orders.retain(|o| o.hero != hero);
        // The coming segment's gathering, with what others gave in it, takes the order's
        // first step (if the hero acts in it).
        let mut gathering = self.take_gathering(world);
        // The heroes the new order may step after: those whose orders' steps given in this
        // gathering leave their tiles.
        self.steps.retain(|&(h, _)| h != hero);
        self.walking = clearing(world, &self.steps);
        let mut standing = Standing {
            hero,
            giver: player,
            order,
            headway: Headway::default(),
        };
        let kept = !world.acting_heroes().contains(&hero)
            || self.carry(&mut gathering, world, &mut standing);
        if kept {
            self.orders.push(standing);
        }
        self.gathering = Some(((world.turn(), world.segment()), gathering));
        Ok(())
    }

    /// Ends every standing order at once (a person at the keyboard takes over): the coming
    /// segment's gathering opens anew without their directives, so it waits for their people
    /// again. Returns the orders ended. Meant for a segment the orders alone answer: a
    /// person's directive given in it would have to be given again.
    pub fn stop_orders(&mut self) -> Vec<(CreatureId, Order)> {
        self.gathering = None;
        self.steps.clear();
        let orders = std::mem::take(&mut self.orders);
        orders.into_iter().map(|o| (o.hero, o.order)).collect()
    }

    /// Ends hero `hero`'s standing order, if it has one: its person takes over from the
    /// next segment on (a step the order already gave in the coming segment still counts,
    /// unless the person gives another). Whether it had one.
    pub fn halt(&mut self, hero: CreatureId) -> bool {
        let before = self.orders.len();
        self.orders.retain(|o| o.hero != hero);
        self.orders.len() != before
    }

    /// The standing order hero `hero` carries on, if any.
    pub fn standing_order(&self, hero: CreatureId) -> Option<Order> {
        self.orders.iter().find(|o| o.hero == hero).map(|o| o.order)
    }

    /// The standing orders that ended since this was last asked, with why, in order.
    pub fn ended(&mut self) -> Vec<(CreatureId, Order, End)> {
        std::mem::take(&mut self.ended)
    }

    /// Player `player` tells hero `hero` to carry out `command` in the coming segment. A
    /// player who gives several keeps the last.
    pub fn give(
        &mut self,
        world: &World,
        player: PlayerId,
        hero: CreatureId,
        command: Command,
    ) -> Result<(), DirectiveError> {
        if let Command::Lead(tell) = command {
            return self.lead(world, player, hero, tell);
        }
        world.check_command(hero, command)?;
        // A directive of the hero's own people interrupts its standing order.
        self.orders.retain(|o| o.hero != hero);
        self.steps.retain(|&(h, _)| h != hero);
        let directive = Directive {
            player,
            creature: hero,
            action: command,
        };
        self.gathering(world).give(directive)?;
        Ok(())
    }

    /// Player `player` tells ally `ally` what to do from the coming segment on: refused
    /// unless the player controls it (through its hero) and the rules take it. Of several
    /// players' directives for it, the highest controller's counts.
    fn lead(
        &mut self,
        world: &World,
        player: PlayerId,
        ally: CreatureId,
        tell: Tell,
    ) -> Result<(), DirectiveError> {
        let controls = self
            .hierarchy_of(world, ally)
            .is_some_and(|h| h.controls(player));
        if !controls {
            return Err(Refusal::NotInControl(player, ally).into());
        }
        world.task_for(ally, tell)?;
        let now = (world.turn(), world.segment());
        self.leads
            .retain(|&(at, a, p, _)| at == now && !(a == ally && p == player));
        self.leads.push((now, ally, player, tell));
        Ok(())
    }

    /// The directives for allies that count in the coming segment: for each ally, its
    /// highest controller's.
    fn counted_leads(&mut self, world: &World) -> Vec<Given> {
        let now = (world.turn(), world.segment());
        let leads = std::mem::take(&mut self.leads);
        let mut allies: Vec<CreatureId> = leads.iter().map(|l| l.1).collect();
        allies.sort_unstable();
        allies.dedup();
        allies
            .into_iter()
            .filter_map(|ally| {
                let given = |p: PlayerId| {
                    leads
                        .iter()
                        .find(|&&(at, a, q, _)| at == now && a == ally && q == p)
                };
                let player = self
                    .hierarchy_of(world, ally)?
                    .decides(|p| given(p).is_some())?;
                let &(_, _, _, tell) = given(player)?;
                Some(Given {
                    hero: ally,
                    player,
                    command: Command::Lead(tell),
                })
            })
            .collect()
    }

    /// The people the coming segment still waits for: each controls an acting hero none of
    /// whose people has given a directive.
    pub fn waiting_for(&mut self, world: &World) -> Vec<PlayerId> {
        let people: Vec<PlayerId> = self
            .players
            .iter()
            .filter(|p| p.kind == PlayerKind::Person)
            .map(|p| p.id)
            .collect();
        self.gathering(world).waiting_for(|p| people.contains(&p))
    }

    /// Resolves the coming segment: for each acting hero the directive of its highest
    /// controller in time counts (`late` says whose deadline passed). A hero left without
    /// one is the AI's, and waits; its person takes it back by giving a directive in a later
    /// segment.
    pub fn resolve(
        &mut self,
        world: &mut World,
        late: impl Fn(PlayerId) -> bool,
    ) -> Result<Resolved, (CreatureId, Rejection)> {
        let gathering = self.take_gathering(world);
        let mut given: Vec<Given> = gathering
            .close(late)
            .into_iter()
            .filter_map(|(hero, counted)| {
                let counted = counted?;
                Some(Given {
                    hero,
                    player: counted.player,
                    command: counted.action,
                })
            })
            .collect();
        given.extend(self.counted_leads(world));
        let commands: Vec<(CreatureId, Command)> =
            given.iter().map(|g| (g.hero, g.command)).collect();
        let events = world.apply_all(&commands)?;
        Ok(Resolved { given, events })
    }
}
