//! What looking at a monster tells, as DCSS's monster description does: its hit points,
//! armour and speed, what it does (hunts, flees, waits for its pack, shoots, charges, its
//! wide swing, a spear's thrust, a feint, a step back to shoot), what it is about now, and
//! the fight: what each of its blows and shots deals you and how many kill you, what yours
//! deal it and how many kill it, with the weapon and armour you have now
//! ([`World::matchup`]).

use crate::content::{Attack, Behaviour};
use crate::sim::{CreatureId, Names, Stance, World};

/// The card of a living monster the player can see: a title ("kobold B") and its lines.
pub fn monster_card(
    world: &World,
    names: &Names,
    who: CreatureId,
) -> Option<(String, Vec<String>)> {
    let c = world
        .creatures()
        .get(who)
        .filter(|c| c.alive && !world.on_heroes_side(who) && world.is_visible(c.pos))?;
    let fight = world.matchup(who)?;
    let pace = super::describe::pace(world, who).unwrap_or_else(|| {
        let n = world.actions_in_turn(who);
        format!("as fast as you: {n} actions a turn")
    });
    let mut lines = vec![format!(
        "{}/{} hp, armour {}; {pace}.",
        c.hp, c.max_hp, c.armour
    )];
    lines.extend(c.behaviour.map(behaviour_words));
    lines.extend(fighting_words(world, who));
    lines.push(format!(
        "Its blow deals you {}: {}.",
        fight.its_blow,
        kill(fight.its_blows, "blow", "you")
    ));
    if let Some((dealt, n)) = fight.its_charge {
        lines.push(format!(
            "A blow ending its charge deals you {dealt}: {}.",
            kill(n, "such blow", "you")
        ));
    }
    if let Some((dealt, n)) = fight.its_shot {
        lines.push(format!(
            "Its shot deals you {dealt}: {}.",
            kill(n, "shot", "you")
        ));
    }
    let weapon = world.player().wielded.as_deref().unwrap_or("bare hands");
    lines.push(format!(
        "Your blow ({weapon}) deals it {}: {}.",
        fight.your_blow,
        kill(fight.your_blows, "blow", "it")
    ));
    lines.push(format!("Now it {}.", stance_words(world.stance(who))));
    Some((names.name(world, who), lines))
}

/// "1 blow kills it", "3 blows kill you".
fn kill(n: i32, what: &str, whom: &str) -> String {
    if n == 1 {
        format!("1 {what} kills {whom}")
    } else {
        format!("{n} {what}s kill {whom}")
    }
}

/// How a monster fights besides its mind, a sentence each: its wide swing and its tactics
/// (a spear's thrust, a feint, a step back to shoot, the kind that comes with it).
fn fighting_words(world: &World, who: CreatureId) -> Vec<String> {
    let Some(c) = world.creatures().get(who) else {
        return Vec::new();
    };
    let tactics = world.tactics_of(who);
    let mut lines = Vec::new();
    if c.attack == Attack::Sweep {
        lines.push(
            "Its wide swing strikes the tile it aims at and the two beside it that are next \
             to it: step back, not aside."
                .to_string(),
        );
    }
    if tactics.reach >= 2 {
        lines.push(
            "Its spear thrusts two tiles along a straight line, over the tile between: step \
             into that tile, or off the line."
                .to_string(),
        );
    }
    if tactics.feints {
        lines.push(
            "It feints as it comes: every tile next to you it may step onto is marked, and it \
             takes one of them."
                .to_string(),
        );
    }
    if tactics.retreats {
        lines.push(
            "Next to you it steps back out of your reach to shoot, which costs it its next \
             action; cornered, it strikes."
                .to_string(),
        );
    }
    let escort = world
        .content()
        .monster(&c.name)
        .and_then(|k| k.escort.as_deref());
    lines.extend(escort.map(|e| format!("It comes with a {e} at its side.")));
    lines
}

/// What a monster's kind of mind does, in a sentence.
fn behaviour_words(behaviour: Behaviour) -> String {
    match behaviour {
        Behaviour::Chaser => "It hunts you once it sees you.".to_string(),
        Behaviour::Coward { flee_below } => format!(
            "It hunts you, and flees once its hit points fall to {flee_below}% of its most; \
             out of your sight it hides, and cornered it fights."
        ),
        Behaviour::Pack { size, radius } => format!(
            "It waits until {size} of its kind are within {radius} tiles of you, then they come \
             together (at once when hurt; alone when too few are left)."
        ),
        Behaviour::Ranged { range, .. } => format!(
            "It shoots along a clear line up to {range} tiles (never into brush), and strikes \
             when next to you."
        ),
        Behaviour::Charger { range } => format!(
            "Seeing you along a straight line within {range} tiles, it charges down it one tile \
             an action whatever you do: get off the line."
        ),
        Behaviour::Guardian { radius } => {
            format!("It guards its place, keeping within {radius} tiles of it.")
        }
    }
}

/// What a monster is about now, after "Now it".
fn stance_words(stance: Stance) -> &'static str {
    match stance {
        Stance::Unaware => "has not noticed you",
        Stance::Guards => "keeps to its post",
        Stance::Hunts => "comes for you",
        Stance::Charges => "charges",
        Stance::WaitsForPack => "waits for its pack",
        Stance::Flees => "flees",
        Stance::Hides => "hides",
        Stance::Searches => "searches for you",
    }
}

#[cfg(test)]
mod tests {
    use super::kill;

    #[test]
    fn one_blow_kills_and_two_kill() {
        assert_eq!(kill(1, "blow", "it"), "1 blow kills it");
        assert_eq!(kill(3, "shot", "you"), "3 shots kill you");
    }
}
