//! A fight between the player and a monster as the rules stand now: what each blow deals
//! through the other's armour, and how many of them kill, for what looking at a monster tells.

use super::World;
use crate::content::Behaviour;
use crate::sim::CreatureId;
use crate::sim::resolve::absorbed;

/// What the player and a monster deal each other now ([`World::matchup`]), each blow through
/// the other's armour (at least 1 gets through), and how many such blows kill from the hit
/// points each has now. The rules deal fixed damage, so the counts are exact until the gear,
/// the hit points or the data change.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Matchup {
    /// What one of the player's blows (their weapon and armour now) deals the monster.
    pub your_blow: i32,
    /// How many of those kill it.
    pub your_blows: i32,
    /// What one of its blows deals the player.
    pub its_blow: i32,
    /// How many of those kill the player.
    pub its_blows: i32,
    /// A charger's blow at the end of a charge (double damage), and how many kill the player.
    pub its_charge: Option<(i32, i32)>,
    /// A shooter's shot, and how many kill the player.
    pub its_shot: Option<(i32, i32)>,
}

/// How many blows of `damage` take `hp` hit points (at least one).
fn blows(hp: i32, damage: i32) -> i32 {
    if damage <= 0 {
        return i32::MAX;
    }
    (hp.max(1) + damage - 1) / damage
}

impl World {
    /// The fight between the player and the living monster `who` on their level, as the
    /// rules would deal it now; `None` for the player or a creature not there.
    pub fn matchup(&self, who: CreatureId) -> Option<Matchup> {
        let c = self.creatures_here().skip(1).find(|c| c.id == who)?;
        let me = self.player();
        let (mine, armour) = (self.player_gear(), self.armour_of(who));
        let your_blow = absorbed(mine.damage, armour);
        let through = |damage: i32| {
            let dealt = absorbed(damage, mine.armour);
            (dealt, blows(me.hp, dealt))
        };
        let (its_blow, its_blows) = through(self.blow_damage(who));
        let its_charge = matches!(c.behaviour, Some(Behaviour::Charger { .. }))
            .then(|| through(self.blow_damage(who).saturating_mul(2)));
        let its_shot = match c.behaviour {
            Some(Behaviour::Ranged { damage, .. }) => Some(through(damage)),
            _ => None,
        };
        Some(Matchup {
            your_blow,
            your_blows: blows(c.hp, your_blow),
            its_blow,
            its_blows,
            its_charge,
            its_shot,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::blows;

    #[test]
    fn blows_round_up_and_one_always_is_needed() {
        assert_eq!(blows(8, 4), 2);
        assert_eq!(blows(9, 4), 3);
        assert_eq!(blows(1, 4), 1);
        assert_eq!(blows(0, 4), 1);
    }
}
