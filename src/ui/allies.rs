//! Telling allies what to do (`T`, ARCHITECTURE.md "Allies"): the answer to the prompt
//! becomes a directive for each ally of the hero on screen. In a game of one it goes with
//! the hero's next command, in the same segment; in a hotseat game it is given to the
//! control at once, as the person's directive for the ally, and `T` `d` lets the next
//! person direct the hero's allies too.

use super::app::Session;
use super::describe::sentence;
use crate::sim::ally::Tell;
use crate::sim::control::PlayerId;
use crate::sim::{Command, CreatureId, Given, World};

impl Session {
    /// The answer to `T`'s prompt: `f` follow, `s` stay, `g` guard, `a` attack the nearest
    /// foe in view; another key tells nothing.
    pub(crate) fn tell_allies(&mut self, key: char) {
        let tell = match key {
            'f' => Tell::Follow,
            's' => Tell::Stay,
            'g' => Tell::Guard,
            'a' => {
                let Some(foe) = self.world.visible_monsters().first().map(|c| c.pos) else {
                    self.ui.log.push("No foe in view to attack.");
                    return;
                };
                Tell::Attack(foe)
            }
            'd' => return self.delegate_allies(),
            _ => return,
        };
        let allies = self.directed_allies();
        if allies.is_empty() {
            self.ui.log.push("You have no ally to tell.");
            return;
        }
        for &ally in &allies {
            if let Err(why) = self.world.task_for(ally, tell) {
                self.ui.log.push(sentence(&why.to_string()));
                return;
            }
        }
        if let Some(hotseat) = self.hotseat.as_mut() {
            let player = hotseat.person().player;
            for &ally in &allies {
                if let Err(why) =
                    hotseat
                        .control
                        .give(&self.world, player, ally, Command::Lead(tell))
                {
                    self.ui.log.push(sentence(&why.to_string()));
                    return;
                }
            }
        }
        // In a game of one the tellings go with the next command (`with_tells`); in hotseat
        // they are given already, and kept here only for the sidebar until the segment
        // resolves.
        self.ui.tells.retain(|(a, _)| !allies.contains(a));
        self.ui.tells.extend(allies.iter().map(|&a| (a, tell)));
        let names = self.ui.names.updated(&self.world);
        let who: Vec<String> = allies
            .iter()
            .map(|&a| names.the_name(&self.world, a))
            .collect();
        self.ui.log.push(sentence(&format!(
            "you tell {} to {}",
            who.join(" and "),
            words(tell)
        )));
    }

    /// The allies the person on screen directs: their hero's, and in hotseat those another
    /// person let them direct too.
    pub(crate) fn directed_allies(&self) -> Vec<CreatureId> {
        match &self.hotseat {
            Some(hotseat) => hotseat
                .control
                .allies_directed_by(&self.world, hotseat.person().player),
            None => self.world.allies_of(self.world.viewer()),
        }
    }

    /// `T` `d` in hotseat: lets the next person who plays direct the allies of the hero on
    /// screen too, below their own person (ARCHITECTURE.md, "Allies").
    fn delegate_allies(&mut self) {
        let hero = self.world.viewer();
        let Some(hotseat) = self.hotseat.as_mut() else {
            self.ui
                .log
                .push("Nobody else plays: your allies answer to you alone.");
            return;
        };
        let allies = self.world.allies_of(hero);
        let Some(to) = hotseat.next_playing_person() else {
            self.ui
                .log
                .push("Nobody else plays to give your allies to.");
            return;
        };
        let (by, to_player) = (hotseat.person().player, hotseat.people[to].player);
        let name = hotseat.people[to].name.clone();
        let given = allies
            .iter()
            .filter(|&&ally| {
                hotseat
                    .control
                    .delegate_ally(&self.world, ally, by, to_player)
            })
            .count();
        let line = if allies.is_empty() {
            "You have no ally to give.".to_string()
        } else if given == 0 {
            format!("{name} directs your allies already.")
        } else {
            format!("{name} may direct your allies too now; you still come first.")
        };
        self.ui.log.push(line);
    }
}

impl Session {
    /// The player's `command` and what they told their allies since their last one, as the
    /// directives of one segment (a telling the world would refuse now, its foe gone, is
    /// dropped). The tellings are taken.
    pub(crate) fn with_tells(&mut self, command: Command) -> Vec<Given> {
        let mut given = vec![Given::by_the_player(command)];
        let tells = std::mem::take(&mut self.ui.tells);
        given.extend(
            tells
                .into_iter()
                .filter(|&(ally, tell)| self.world.task_for(ally, tell).is_ok())
                .map(|(ally, tell)| Given {
                    hero: ally,
                    player: PlayerId(1),
                    command: Command::Lead(tell),
                }),
        );
        given
    }
}

/// What an ally is told, as the message says it: "stay".
fn words(tell: Tell) -> &'static str {
    match tell {
        Tell::Follow => "follow you",
        Tell::Stay => "stay",
        Tell::Guard => "guard this place",
        Tell::Attack(_) => "attack",
    }
}

/// The allies the screen shows as the person's own, as the shell last learnt them: in
/// hotseat the roster's (their hero's and those delegated to them), else the hero's.
pub fn shown_allies(ui: &super::state::UiState, world: &World) -> Vec<CreatureId> {
    match &ui.party {
        Some(roster) => roster.allies.clone(),
        None => world.allies_of(world.viewer()),
    }
}

/// The sidebar's lines about `allies` (those the person on screen directs): each by name —
/// with its hero's name when it follows another hero —, its hit points and what it does
/// (and what it was just told, until the next action or segment).
pub fn sidebar_lines(
    world: &World,
    allies: &[CreatureId],
    tells: &[(CreatureId, Tell)],
    names: &crate::sim::Names,
) -> Vec<String> {
    allies
        .iter()
        .map(|&id| {
            let c = &world.creatures()[id];
            let ally = world.ally(id);
            let doing = ally.map_or("follows", |a| a.task.words());
            let whose = ally
                .filter(|a| a.leader != world.viewer())
                .map(|a| format!(" ({}'s)", world.creatures()[a.leader].name));
            let told = tells
                .iter()
                .find(|(a, _)| *a == id)
                .map(|&(_, t)| format!(", told to {}", words(t)));
            format!(
                "Ally: {}{} {}/{} hp, {doing}{}",
                names.the_name(world, id),
                whose.unwrap_or_default(),
                c.hp,
                c.max_hp,
                told.unwrap_or_default()
            )
        })
        .collect()
}
