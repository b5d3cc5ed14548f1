//! The low-hit-points alarm, as DCSS's `hp_warning` rings it: when a hit leaves the player at
//! or below [`HP_WARNING_PERCENT`] of their maximum, the log says so and travel, exploring or a
//! rest under way stops; the sidebar's hit points read as low (in colour and in words) for as
//! long as they are.

use super::state::UiState;
use crate::sim::World;

/// The share of the maximum hit points, in percent, at or below which they are low.
pub const HP_WARNING_PERCENT: i32 = 40;

/// Whether `hp` of `max_hp` is low enough to warn of.
pub fn is_low(hp: i32, max_hp: i32) -> bool {
    i64::from(hp) * 100 <= i64::from(max_hp) * i64::from(HP_WARNING_PERCENT)
}

/// After a command: when the player, still alive, lost hit points (from `before`) and is now
/// low on them, says so and stops the automation under way (told as its stop).
pub fn warn(ui: &mut UiState, world: &World, before: i32) {
    let me = world.player();
    if !me.alive || me.hp >= before || !is_low(me.hp, me.max_hp) {
        return;
    }
    let low = format!("your hit points are low ({} of {})", me.hp, me.max_hp);
    if ui.auto.take().is_some() {
        ui.log.push(format!("You stop: {low}."));
    } else {
        ui.log.push(super::describe::sentence(&low));
    }
}

#[cfg(test)]
mod tests {
    use super::is_low;

    #[test]
    fn low_is_at_or_below_two_fifths() {
        assert!(is_low(8, 20) && is_low(1, 20) && is_low(0, 20));
        assert!(!is_low(9, 20) && !is_low(20, 20));
        assert!(is_low(2, 5) && !is_low(3, 5));
    }
}
